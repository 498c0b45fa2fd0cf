// InputRouter's text input: typed text, input-method composition, middle-click paste and keys go to the focused
// TextInputClient first; and ViewNode.focusedTextInput, what hosts and traces read.

import Motion

extension InputRouter {
    /// The focused view when it takes typed text (and is still in the tree).
    var focusedTextClient: (any TextInputClient)? {
        guard let view = focus?.view, focus?.item == nil, !view.isHidden, view.isDescendant(of: root) else { return nil }
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

    /// An input method's composition: to the focused client.
    func composition(_ text: String, cursor: Int, time: Double) {
        focusedTextClient?.setComposition(text, cursor: cursor, time: time)
    }
}

extension ViewNode {
    /// The tree's focused view when it takes typed text (a ``TextField`` or ``TextArea``), else nil. Ask the
    /// root. Hosts start the platform's text input while it is non-nil (and place the input method's
    /// candidate window at its ``TextInputClient/caretRectInRoot``); traces read its text and selection.
    public var focusedTextInput: (any TextInputClient)? { rootView.router?.focusedTextClient }
}
