// AccessibleElement's editable text, as AT-SPI's EditableText interface changes it: set, insert, delete, cut,
// copy and paste, each through the text field's editing model as a person's edit (undo, onChange, maxLength,
// the input filter), refused by a disabled field.

extension AccessibleElement {
    /// Whether ``accessibleText`` can be changed through ``replaceText(in:with:)`` and the rest: an enabled
    /// text field.
    public var isTextEditable: Bool { textView?.isEnabled == true }

    /// Replaces characters `range` of ``accessibleText`` with `string` as a person pasting over a selection
    /// does: through the field's ``TextEditingModel``, so the change is one undo step,
    /// ``TextEditingView/onChange`` is called, ``TextEditingView/maxLength`` and
    /// ``TextEditingView/inputFilter`` cut and filter `string` (a one-line field drops newlines), and the
    /// caret ends after the new text. Offsets are clamped to the text and moved back to grapheme-cluster
    /// boundaries. Returns whether the text changed; a disabled field (or an element that is not a text
    /// field) changes nothing.
    @discardableResult
    public func replaceText(in range: Range<Int>, with string: String) -> Bool {
        guard let v = textView, v.isEnabled else { return false }
        let lower = v.textOffset(fromExposed: range.lowerBound), upper = v.textOffset(fromExposed: range.upperBound)
        let before = (anchor: v.model.anchor, caret: v.model.caret), version = v.model.textVersion
        v.edit { m in
            m.select(anchor: lower, caret: upper)
            return m.insert(string, typing: false)
        }
        guard v.model.textVersion == version else { return true }
        // Too long for the field: refused as a paste is, and said through the same call.
        if let bytes = v.model.lastRefusedInsertBytes { v.onPasteRefused?(bytes) }
        v.move { $0.select(anchor: before.anchor, caret: before.caret) }   // refused: the selection stays
        return false
    }

    /// Replaces the whole text (AT-SPI's `SetTextContents`), as ``replaceText(in:with:)`` does.
    @discardableResult
    public func setTextContents(_ string: String) -> Bool {
        guard let v = textView else { return false }
        return replaceText(in: 0..<v.exposedCount, with: string)
    }

    /// Inserts `string` before character `offset` (AT-SPI's `InsertText`), as ``replaceText(in:with:)``
    /// does. Returns the offset after the inserted text (the caret), or `nil` when nothing was inserted.
    @discardableResult
    public func insertText(_ string: String, at offset: Int) -> Int? {
        guard replaceText(in: offset..<offset, with: string) else { return nil }
        return textCaret
    }

    /// Deletes characters `range` (AT-SPI's `DeleteText`), as ``replaceText(in:with:)`` does.
    @discardableResult
    public func deleteText(in range: Range<Int>) -> Bool {
        replaceText(in: range, with: "")
    }

    /// Copies characters `range` to the clipboard (AT-SPI's `CopyText`); a secure field copies nothing.
    @discardableResult
    public func copyText(in range: Range<Int>) -> Bool {
        guard let v = textView, !v.showsBullets else { return false }
        let lower = v.textOffset(fromExposed: range.lowerBound), upper = v.textOffset(fromExposed: range.upperBound)
        guard lower < upper else { return false }
        ViewNode.clipboard.setText(v.model.string(lower..<upper), in: .clipboard)
        return true
    }

    /// Copies characters `range` to the clipboard and deletes them (AT-SPI's `CutText`); a secure or disabled
    /// field does neither.
    @discardableResult
    public func cutText(in range: Range<Int>) -> Bool {
        guard isTextEditable, copyText(in: range) else { return false }
        return deleteText(in: range)
    }

    /// Inserts the clipboard's text before character `offset` (AT-SPI's `PasteText`), as
    /// ``insertText(_:at:)`` does.
    @discardableResult
    public func pasteText(at offset: Int) -> Bool {
        guard isTextEditable, let pasted = ViewNode.clipboard.text(in: .clipboard) else { return false }
        return insertText(pasted, at: offset) != nil
    }
}
