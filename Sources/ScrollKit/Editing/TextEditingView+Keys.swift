// TextEditingView's keys: caret moves (by cluster, word, line and to the ends, Shift extending), deletions,
// the clipboard (Ctrl+A, C, X, V), undo and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y), Return and Escape.

import Motion

extension TextEditingView {
    /// Handles an editing key; returns whether it was used (the rest go on to the tree: Tab moves focus).
    public func editingKey(_ key: Key, modifiers: KeyModifiers, time: Double) -> Bool {
        guard isEnabled else { return false }
        let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
        // A composition in progress owns the keys until it ends (the input method sends its own).
        if !model.composition.isEmpty {
            if key == .escape { setComposition("", cursor: 0, time: time) }
            return key != .tab && key != .backtab
        }
        switch key {
        case .left, .right:
            // Left and right follow the paragraph's direction: in a right-to-left paragraph Left goes forward.
            let rtl = (layout?.lines.first(where: { $0.scalars.contains(layoutOffset(model.caret)) })?.direction
                       ?? layout?.direction ?? emptyDirection) == .rightToLeft
            let forward = (key == .right) != rtl
            move { $0.move(forward: forward, by: control ? .word : .cluster, extending: shift) }
            return true
        case .home, .end:
            let forward = key == .end
            if control || !isMultiline {
                move { $0.move(forward: forward, by: .all, extending: shift) }
            } else {
                let target = lineEdge(forward: forward)
                move { $0.move(to: target, extending: shift) }
            }
            return true
        case .up, .down:
            if isMultiline {
                let target = verticalTarget(down: key == .down)
                let keep = goalX
                move { $0.move(to: target.offset, extending: shift) }
                goalX = keep ?? target.x
                return true
            }
            guard shift else { return false }   // a one-line field: Up and Down move focus
            move { $0.move(forward: key == .down, by: .all, extending: true) }
            return true
        case .backspace:
            edit { $0.deleteBackward(by: control ? .word : .cluster) }
            return true
        case .delete:
            edit { $0.deleteForward(by: control ? .word : .cluster) }
            return true
        case .enter:
            if isMultiline {
                insertText("\n", time: time)
            } else {
                submit()
            }
            return true
        case .space:
            return true   // the typed " " arrives as text; the key itself must not page a list
        case .escape:
            guard clearsOnEscape, !model.text.isEmpty else { return false }
            clearText()
            return true
        case .a where control:
            move { $0.selectAll() }
            return true
        case .c where control:
            copy()
            return true
        case .x where control:
            guard !showsBullets, !model.selection.isEmpty else { return true }
            copy()
            edit { $0.deleteBackward() }
            return true
        case .v where control:
            if let pasted = ViewNode.clipboard.text(in: .clipboard) { paste(pasted) }
            return true
        case .z where control:
            edit { shift ? $0.redo() : $0.undo() }
            return true
        case .y where control:
            edit { $0.redo() }
            return true
        case .pageUp, .pageDown:
            return isMultiline
        default:
            return false
        }
    }

    /// Runs a selection change on the model.
    func move(_ change: (inout TextEditingModel) -> Void) {
        change(&model)
        showsHandles = false
        selectionDidChange()
    }

    /// Runs an edit on the model; tells the owner when the text changed.
    func edit(_ change: (inout TextEditingModel) -> Bool) {
        let before = model.textVersion
        let changed = change(&model)
        showsHandles = false
        if changed || model.textVersion != before { textDidChange(byUser: model.textVersion != before) } else { selectionDidChange() }
    }

    /// Pastes `text` at the caret; a paste longer than ``maxTextBytes`` allows inserts nothing and calls
    /// ``onPasteRefused``.
    func paste(_ text: String) {
        edit { $0.insert(text, typing: false) }
        if let bytes = model.lastRefusedInsertBytes { onPasteRefused?(bytes) }
    }

    /// Copies the selection to the clipboard (not from a secure field).
    func copy() {
        guard !showsBullets, !model.selection.isEmpty else { return }
        ViewNode.clipboard.setText(model.selectedText, in: .clipboard)
    }

    /// Empties the text as a person does (undoable; calls ``onChange``).
    public func clearText() {
        guard !model.text.isEmpty else { return }
        edit { m in m.selectAll(); return m.deleteBackward() }
    }

    /// The start or end of the visual line holding the caret, in text offsets.
    func lineEdge(forward: Bool) -> Int {
        guard let layout, let index = layout.line(containing: layoutOffset(model.caret)) else {
            return forward ? model.scalarCount : 0
        }
        let line = layout.lines[index]
        if forward {
            // Before a line's hanging space or newline when another line follows.
            var end = line.scalars.upperBound
            let next = index + 1 < layout.lines.count ? layout.lines[index + 1].scalars.lowerBound : Int.max
            if next != Int.max { end = min(end, next) }
            let scalars = Array(layout.text.unicodeScalars)
            while end > line.scalars.lowerBound, end <= scalars.count, next != Int.max,
                  Character(scalars[end - 1]).isNewline || scalars[end - 1].properties.isWhitespace { end -= 1 }
            return textOffset(fromLayout: end)
        }
        return textOffset(fromLayout: line.scalars.lowerBound)
    }

    /// The offset a line up or down from the caret, at the goal x; and that x.
    func verticalTarget(down: Bool) -> (offset: Int, x: Double) {
        let box = caretBox(layoutOffset: layoutOffset(model.caret))
        let x = goalX ?? box.minX
        guard let layout, let index = layout.line(containing: layoutOffset(model.caret)) else {
            return (down ? model.scalarCount : 0, x)
        }
        let target = index + (down ? 1 : -1)
        // An area's window that the text goes on past: a line up from its first line is the end of the line before.
        if target < 0 { return (isMultiline && layoutWindow.lowerBound > 0 ? max(0, textOffset(fromLayout: 0) - 1) : 0, x) }
        if target >= layout.lines.count {
            let more = isMultiline && layoutWindow.upperBound < displayCount
            return (more ? min(model.scalarCount, textOffset(fromLayout: layoutWindow.count)) : model.scalarCount, x)
        }
        return (textOffset(fromLayout: layout.offset(atX: x, line: target)), x)
    }
}
