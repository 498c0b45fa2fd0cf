// NavigationStackView's keyboard focus: it follows the screens and the sheet (into a pushed screen or a presented
// sheet, back to where it was when that goes), so the ring never stays on a screen that is covered.

extension NavigationStackView {
    /// Called as `cover` (a pushed screen, the sheet) comes on top: when the tree's focus is in the stack
    /// under it, the focus is saved (returned, for ``restoreFocus(_:)``) and moves to `cover`'s first focusable
    /// view, else nowhere. Focus elsewhere (or none: a pointer user) is left alone.
    func focusMovesIn(to cover: ViewNode) -> FocusTarget? {
        guard let router = rootView.router, let focus = router.focus, let view = focus.view,
              view.isDescendant(of: self), !view.isDescendant(of: cover) else { return nil }
        let reference = cover.frameInRoot
        if let target = router.entry(in: cover, move: .next, reference: Rect(x: reference.minX, y: reference.minY, width: 0, height: 0)) {
            router.setFocus(target, scroll: true)
        } else {
            router.setFocus(nil, scroll: false)
        }
        return focus
    }

    /// Gives the focus back to `saved` (what had it before a screen was pushed or the sheet came up) when nothing
    /// holds it now or what does is gone with the screen, and `saved` is still in the stack.
    func restoreFocus(_ saved: FocusTarget?) {
        guard let saved, let view = saved.view, view.isDescendant(of: self), !view.isHidden,
              let router = rootView.router else { return }
        if let current = router.focus?.view, current.isDescendant(of: rootView), !current.isHidden { return }
        router.setFocus(saved, scroll: true)
    }
}
