// InputRouter's text input: typed text, input-method composition, middle-click paste and keys go to the focused
// TextInputClient first; and ViewNode.focusedTextInput, what hosts and traces read.

import Motion

extension InputRouter {
    /// The focused view when it takes typed text (and is still in the tree, shown: a field on a screen covered by
    /// a pushed one, whose screen is hidden, takes none).
    var focusedTextClient: (any TextInputClient)? {
        guard let view = focus?.view, focus?.item == nil, view.isDescendant(of: root) else { return nil }
        var v: ViewNode? = view
        while let current = v {
            if current.isHidden { return nil }
            v = current.superview
        }
        return view as? any TextInputClient
    }

    /// Gives a key to the focused text client first; returns whether it used it.
    func textKey(_ key: Key, modifiers: KeyModifiers, time: Double) -> Bool {
        guard let client = focusedTextClient else { return false }
        return client.editingKey(key, modifiers: modifiers, time: time)
    }

    /// Typed text: to the focused client (nothing else takes it).
    func typedText(_ text: String, time: Double) {
        focusedTextClient?.insertText(text, time: time)
    }

    /// A middle-click: the innermost view on its path that takes it (a text view) pastes the primary selection there.
    func pastePrimary(at p: Point) {
        guard p.x.isFinite, p.y.isFinite, !gestureActive, let hit = path(at: p).hit else { return }
        lastPointer = p
        var v: ViewNode? = hit
        while let view = v {
            if view.takePrimaryPaste(atRoot: p) { return }
            v = view.superview
        }
    }

    /// An input method's composition: to the focused client.
    func composition(_ text: String, cursor: Int, time: Double) {
        focusedTextClient?.setComposition(text, cursor: cursor, time: time)
    }
}

extension ViewNode {
    /// The tree's focused view when it takes typed text (a ``TextFieldView`` or ``TextAreaView``), else nil. Ask the
    /// root. Hosts start the platform's text input while it is non-nil (and place the input method's
    /// candidate window at its ``TextInputClient/caretRectInRoot``); traces read its text and selection.
    public var focusedTextInput: (any TextInputClient)? { rootView.router?.focusedTextClient }
}

extension InputRouter {
    /// Tells text views that they gained or lost focus (the caret's blink, the composition, the handles).
    func focusMoved(from old: ViewNode?, to new: ViewNode?) {
        old?.focusDidChange(false, byKey: false)
        new?.focusDidChange(true, byKey: focusMovesByKey)
    }

    /// A text view takes the pointer gesture in progress (a touch long press became a selection): the scroll
    /// views on the path let go, the press is dropped, and the view follows the pointer itself.
    /// Whether a gesture in progress is a press on `view` that no drag took yet.
    func isPressing(_ view: ViewNode) -> Bool {
        sessions.contains { $0.gestureActive && $0.press === view && !$0.decided }
    }

    /// Gives the gesture pressing `view` (a text view's long press) to it: it follows the pointer from now.
    func giveGesture(to view: ViewNode, time: Double) {
        guard let session = sessions.first(where: { $0.gestureActive && $0.press === view }) else { return }
        with(session) { takeGesture(for: view, time: time) }
    }

    private func takeGesture(for view: ViewNode, time: Double) {
        guard gestureActive, !decided else { return }
        for s in chain { s.routedCancel(time) }
        cancelPress()
        finishGesture()
        claimBuiltIn()
        trackingOwner = view
    }
}
