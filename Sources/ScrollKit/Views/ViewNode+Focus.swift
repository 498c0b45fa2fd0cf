// ViewNode's focus: whether a view has the tree's focus, taking and dropping it, and moving it as keys do. The
// tree's focus is its router's (Focus/InputRouter+Focus.swift).

extension ViewNode {
    /// Whether this view has the tree's focus (a list's cell: whether its item has it).
    public var isFocused: Bool { rootView.router?.focusMark.matches(self) ?? false }

    /// Gives this view the tree's focus (if ``isFocusable``) and scrolls every scroll view around it,
    /// each with its timed scroll, so that it is fully visible. Returns whether it took focus.
    @discardableResult
    public func becomeFocused() -> Bool {
        guard isFocusable, !isHidden else { return false }
        rootView.ensureRouter().setFocus(FocusTarget(view: self, item: nil), scroll: true)
        return true
    }

    /// Drops the tree's focus if this view (or one of its items) holds it. A focus move still under way
    /// (into a cell that is scrolling into view) goes on.
    public func resignFocus() {
        guard let router = rootView.router, router.focus?.view === self else { return }
        router.focus = nil
    }

    /// The tree's focused view (for a list's item: the list; its ``ListView/focusedItem`` says which).
    /// Ask the root; `nil` when nothing has focus.
    public var focusedView: ViewNode? { rootView.router?.focus?.view }

    /// Moves the tree's focus as a D-pad, a rotary encoder or Tab would; see ``FocusMove``. With nothing
    /// focused, focus goes to the first focusable view (the top-left-most visible one for arrows;
    /// top-right-most right to left).
    /// Returns whether focus moved. Call it on any view of the tree.
    @discardableResult
    public func moveFocus(_ move: FocusMove) -> Bool {
        rootView.ensureRouter().moveFocus(move)
    }
}
