// The one Back: Escape, the keyboard's Back key (AC Back) and a gamepad's B are one command, offered to the
// tree's topmost taker (a presented sheet is dismissed, a navigation stack pops), else to the app.

extension ViewNode {
    /// Runs the Back command on this tree, as Escape and ``Key/back`` do when no focused view takes them
    /// (Android's back dispatcher: the topmost handler takes it). The views are asked in reverse drawing order
    /// (the topmost subtree first, a view's subviews before the view itself), so an inner navigation stack pops
    /// before an outer one and a sheet over a stack is dismissed before the stack pops; each hidden view's
    /// subtree is skipped. A view takes it in ``handleBack()``. When none does, the root's ``onBack`` is asked.
    /// - Returns: whether something took it. A window host quits on an unhandled Back only when the app asked
    ///   (ScrollKitSDL's `run(rootView:quitOnBack:)`).
    @discardableResult
    public func performBack() -> Bool {
        if Self.offerBack(to: self) { return true }
        return onBack?() ?? false
    }

    /// The subtree of `view`, topmost first, until one takes Back.
    private static func offerBack(to view: ViewNode) -> Bool {
        guard !view.isHidden else { return false }
        var i = view.storedSubviews.count - 1
        while i >= 0 {
            if i < view.storedSubviews.count, offerBack(to: view.storedSubviews[i]) { return true }
            i -= 1
        }
        return view.handleBack()
    }

    /// Whether the last Escape or Back key the tree was handed found no taker (no focused view used it, no view
    /// took ``performBack()``, the root's ``onBack`` said no): what a host reads to decide whether Back leaves
    /// the app. False after any other key.
    public var lastBackWentUnhandled: Bool { router?.backWentUnhandled ?? false }
}
