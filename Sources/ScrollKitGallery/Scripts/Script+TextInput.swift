// Script events for typing: `key` with its names and the Ctrl and Shift rules, `text` (typed text) and
// `compose` (an input method's composition).

import ScrollKit

extension Script {
    /// The names a `key` event accepts, in the order the documentation and errors list them: the scroll keys
    /// by their `Key` names, Return (`.enter`), Tab (`.tab`; `.backtab` with `"shift": true`), the zoom keys,
    /// then the editing keys and the letters of the Ctrl shortcuts.
    static let keyNames: [(name: String, key: Key)] =
        Key.scrollKeys.map { ($0.rawValue, $0) } + [("Return", .enter), ("Tab", .tab)]
            + [Key.zoomIn, .zoomOut, .zoomReset, .backspace, .delete, .escape, .back, .a, .c, .v, .x, .y, .z].map { ($0.rawValue, $0) }

    /// The key a script's `"key"` name stands for, or nil.
    static func key(named name: String) -> Key? {
        keyNames.first { $0.name == name }?.key
    }

    /// The letter keys: a host reports them only with Ctrl held (a letter without it is typed text).
    static let letterKeys: [Key] = [.a, .c, .v, .x, .y, .z]
    /// The keys `"ctrl": true` is allowed with: the letters, then Backspace, Delete, Left, Right, Home, End
    /// (Ctrl+Backspace deletes a word; Ctrl+arrows move by word).
    static let controlKeys: [Key] = letterKeys + [.backspace, .delete, .left, .right, .home, .end]
    /// The keys `"shift": true` is allowed with (besides Ctrl+Z, redo): Tab (Shift-Tab), and the keys that
    /// extend a selection.
    static let shiftKeys: [Key] = [.tab, .left, .right, .up, .down, .home, .end]

    /// The most Unicode scalars a `text` or `compose` event may hold.
    static let maxTextScalars = 1_024
}

extension EventReader {
    /// A `key` event: `"key"` with optional `"ctrl"` and `"shift"`, by the rules of ``Script/controlKeys``
    /// and ``Script/shiftKeys``. Shift-Tab is `.backtab` without modifiers, as hosts report it.
    func keyAction() throws(ScriptError) -> ScriptAction {
        let name = try string("key")
        guard let key = Script.key(named: name) else {
            throw fail("\"key\" must be one of \(Script.keyNames.map(\.name).joined(separator: ", ")) (got \"\(excerpt(name))\")")
        }
        let ctrl = try flag("ctrl"), shift = try flag("shift")
        if ctrl {
            guard Script.controlKeys.contains(key) else {
                throw fail("\"ctrl\" is only allowed with \"key\": \(Self.list(Script.controlKeys)) (got \"\(name)\")")
            }
        } else if Script.letterKeys.contains(key) {
            throw fail("\"key\": \"\(name)\" needs \"ctrl\": true (a letter typed without Ctrl is a \"text\" event)")
        }
        if shift {
            let allowed = Script.shiftKeys.contains(key) && !(ctrl && key == .tab) || (ctrl && key == .z)
            guard allowed else {
                throw fail("\"shift\" is only allowed with \"key\": \(Self.list(Script.shiftKeys)), and with \"ctrl\" and Z (got \(ctrl ? "Ctrl+" : "")\"\(name)\")")
            }
        }
        if shift && key == .tab { return .key(.backtab, []) }
        var modifiers: KeyModifiers = []
        if ctrl { modifiers.insert(.control) }
        if shift { modifiers.insert(.shift) }
        return .key(key, modifiers)
    }

    /// A `text` event: `"text"`, one to ``Script/maxTextScalars`` Unicode scalars, typed as it is.
    func textAction() throws(ScriptError) -> ScriptAction {
        let text = try string("text")
        guard !text.isEmpty else { throw fail("\"text\" must not be empty (typed text has at least one character)") }
        try checkLength(text)
        return .text(text)
    }

    /// A `compose` event: `"text"` (at most ``Script/maxTextScalars`` scalars; "" ends the composition) and
    /// `"cursor"`, a scalar offset from 0 to the text's scalar count (default: its end).
    func composeAction() throws(ScriptError) -> ScriptAction {
        let text = try string("text")
        try checkLength(text)
        let count = text.unicodeScalars.count
        guard members["cursor"] != nil else { return .compose(text, cursor: count) }
        guard case .number(let x, let raw)? = members["cursor"] else { throw fail("\"cursor\" must be a number") }
        guard x.isFinite, x == x.rounded(), x >= 0, x <= Double(count) else {
            throw fail("\"cursor\" must be a whole number from 0 to \(count), the text's length in Unicode scalars (got \(excerpt(raw)))")
        }
        return .compose(text, cursor: Int(x))
    }

    private func checkLength(_ text: String) throws(ScriptError) {
        let count = text.unicodeScalars.count
        guard count <= Script.maxTextScalars else {
            throw fail("\"text\" must be at most \(Script.maxTextScalars) Unicode scalars (got \(count))")
        }
    }

    private static func list(_ keys: [Key]) -> String {
        keys.map { $0 == .enter ? "Return" : $0.rawValue }.joined(separator: ", ")
    }
}
