// FocusMove (the D-pad directions, next and previous), and FocusTarget and FocusMark: what holds focus, as the
// router and drawing see it.

/// A focus move: the four D-pad directions (spatial), and next or previous in order (Tab, Shift-Tab, a
/// rotary encoder's clicks).
public enum FocusMove: String, Sendable, Hashable, CaseIterable {
    case up, down, left, right, next, previous

    /// The move in a mirrored (right-to-left) layout: left and right swap, the others stay.
    public var mirroredHorizontally: FocusMove {
        switch self {
        case .left: return .right
        case .right: return .left
        default: return self
        }
    }
}

/// What has focus: a view, or item `item` of a list (`view` is then the list).
struct FocusTarget {
    weak var view: ViewNode?
    var item: Int?
}

/// The focus as drawing sees it: which view (or list item) draws the ring. Plain values, no allocation.
struct FocusMark {
    var view: ObjectIdentifier?
    var item: Int
    static let none = FocusMark(view: nil, item: -1)

    @MainActor
    func matches(_ node: ViewNode) -> Bool {
        guard let view else { return false }
        if item < 0 { return ObjectIdentifier(node) == view }
        guard let cell = node as? ListCell, let list = cell.listView else { return false }
        return ObjectIdentifier(list) == view && cell.index == item
    }
}
