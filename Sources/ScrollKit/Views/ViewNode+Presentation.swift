// What a tree shows above its content: the kind of the frontmost presentation (a sheet today; alerts, menus,
// popovers and toasts as they come), and the accessible name of the focused view, as traces and tests read them.

/// The kinds of presentations a window shows above its content (the trace's `presentation` column).
public enum PresentationKind: String, Sendable, Hashable, CaseIterable {
    case none, alert, sheet, menu, popover, toast
}

extension ViewNode {
    /// The frontmost presentation in this tree: the topmost shown view (in drawing order) whose
    /// ``presentationKind`` is not `nil`; ``PresentationKind/none`` with none.
    public var frontmostPresentation: PresentationKind {
        Self.frontmost(in: self) ?? .none
    }

    private static func frontmost(in view: ViewNode) -> PresentationKind? {
        guard !view.isHidden else { return nil }
        var i = view.storedSubviews.count - 1
        while i >= 0 {
            if let kind = frontmost(in: view.storedSubviews[i]) { return kind }
            i -= 1
        }
        return view.presentationKind
    }

    /// The accessible name of the tree's focused view (a list's focused item: its row's name), `""` when nothing
    /// has focus: what a screen reader says on a focus move. Ask the root.
    public var focusedAccessibilityLabel: String {
        guard let view = focusedView else { return "" }
        if let list = view as? ListView, let item = list.focusedItem {
            return AccessibleElement.item(list, item).node().label
        }
        return view.accessibilityLabel ?? ""
    }
}
