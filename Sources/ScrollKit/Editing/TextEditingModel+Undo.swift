// TextEditingModel's edits and their undo history: every change is one replacement (TextEdit), kept so undo
// and redo can play it back; typing and runs of deletions grow the last step (coalescing) instead of adding one.

/// One replacement of a text model's text, as undo keeps it.
struct TextEdit: Sendable {
    enum Kind: Sendable { case typing, deleteBackward, deleteForward, other }
    var kind: Kind
    /// Where the replaced text started (scalar offset), what was there, and what replaced it.
    var at: Int
    var removed: [Unicode.Scalar]
    var inserted: [Unicode.Scalar]
    /// The selection (anchor, caret) before and after.
    var before: (anchor: Int, caret: Int)
    var after: (anchor: Int, caret: Int)
}

extension TextEditingModel {
    /// The most steps undo keeps.
    public static let undoLimit = 200

    /// Whether there is a step to undo, or to redo.
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Undoes the last step (typing is undone a word at a time): the text and selection return to what
    /// they were before it. Returns whether anything was undone.
    @discardableResult
    public mutating func undo() -> Bool {
        composition = ""
        guard let edit = undoStack.popLast() else { return false }
        apply(at: edit.at, count: edit.inserted.count, with: edit.removed)
        select(anchor: edit.before.anchor, caret: edit.before.caret)
        redoStack.append(edit)
        return true
    }

    /// Does again the last undone step. Returns whether anything was redone.
    @discardableResult
    public mutating func redo() -> Bool {
        composition = ""
        guard let edit = redoStack.popLast() else { return false }
        apply(at: edit.at, count: edit.removed.count, with: edit.inserted)
        select(anchor: edit.after.anchor, caret: edit.after.caret)
        undoStack.append(edit)
        return true
    }

    /// Replaces `range` with `new`, puts the caret after it, and records the step (growing the last one
    /// when it continues it).
    mutating func replace(_ range: Range<Int>, with new: [Unicode.Scalar], kind: TextEdit.Kind) {
        let lower = clamp(range.lowerBound), upper = clamp(range.upperBound)
        let removed = Array(scalars[lower..<upper])
        let before = (anchor: anchor, caret: caret)
        apply(at: lower, count: upper - lower, with: new)
        let end = boundaries.boundary(atOrBefore: lower + new.count)
        anchor = end
        caret = end
        redoStack.removeAll()
        if kind == .typing, !new.isEmpty {
            recordTyping(at: lower, removed: removed, inserted: new, before: before, end: end)
            return
        }
        if stepOpen, var last = undoStack.last, last.kind == kind {
            switch kind {
            case .deleteBackward where new.isEmpty && upper == last.at:
                last.at = lower
                last.removed = removed + last.removed
                last.after = (end, end)
                undoStack[undoStack.count - 1] = last
                return
            case .deleteForward where new.isEmpty && lower == last.at:
                last.removed += removed
                last.after = (end, end)
                undoStack[undoStack.count - 1] = last
                return
            default:
                break
            }
        }
        push(TextEdit(kind: kind, at: lower, removed: removed, inserted: new, before: before, after: (end, end)))
    }

    /// Records typed text (`inserted` at `at`, in place of `removed`) by the rule of typing, applied at every
    /// character however many came at once (a key, an input method's commit, a script's `text` event): a step
    /// grows until a word starts after a space, where the next step begins. So "maria" then " x" is the step
    /// "maria " and the step "x", as typing the letters one by one makes (GTK's rule for typed characters).
    private mutating func recordTyping(at: Int, removed: [Unicode.Scalar], inserted: [Unicode.Scalar],
                                       before: (anchor: Int, caret: Int), end: Int) {
        var start = 0
        // The first piece continues the open step when it is typing that ends where this begins.
        if removed.isEmpty, stepOpen, var last = undoStack.last, last.kind == .typing, last.at + last.inserted.count == at {
            let cut = Self.nextWordStart(in: inserted, from: 0, after: last.inserted.last, at: at, boundaries: boundaries)
            if cut > 0 {
                last.inserted += inserted[0..<cut]
                let pieceEnd = cut == inserted.count ? end : at + cut
                last.after = (pieceEnd, pieceEnd)
                undoStack[undoStack.count - 1] = last
                start = cut
            }
        }
        while start < inserted.count {
            let cut = Self.nextWordStart(in: inserted, from: start + 1, after: inserted[start], at: at, boundaries: boundaries)
            let pieceStart = at + start, pieceEnd = cut == inserted.count ? end : at + cut
            push(TextEdit(kind: .typing, at: pieceStart, removed: start == 0 ? removed : [],
                          inserted: Array(inserted[start..<cut]),
                          before: start == 0 ? before : (pieceStart, pieceStart), after: (pieceEnd, pieceEnd)))
            start = cut
        }
    }

    /// The first offset from `from` in `inserted` where a word starts after a space (a non-space after a space,
    /// on a cluster boundary of the text, `at` being where `inserted` begins in it), or `inserted.count`.
    /// `previous` is the scalar before `inserted[from]`.
    private static func nextWordStart(in inserted: [Unicode.Scalar], from: Int, after previous: Unicode.Scalar?,
                                      at: Int, boundaries: TextBoundaries) -> Int {
        var i = from, previous = previous
        while i < inserted.count {
            if let p = previous, isSpace(p), !isSpace(inserted[i]), boundaries.boundary(atOrBefore: at + i) == at + i {
                return i
            }
            previous = inserted[i]
            i += 1
        }
        return inserted.count
    }

    /// Adds a step, drops the oldest past ``undoLimit``, and leaves it open to grow unless it is `.other`.
    private mutating func push(_ edit: TextEdit) {
        undoStack.append(edit)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        stepOpen = edit.kind != .other
    }

    /// Puts `new` in place of `count` scalars at `at`, and brings the text and its boundaries up to date.
    mutating func apply(at: Int, count: Int, with new: [Unicode.Scalar]) {
        let lower = clamp(at), upper = clamp(at + count)
        textVersion &+= 1
        scalars.replaceSubrange(lower..<upper, with: new)
        text = String(scalarsOf: scalars)
        boundaries.update(replacing: lower..<upper, insertedCount: new.count, in: scalars)
        anchor = clamp(anchor)
        caret = clamp(caret)
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }
}
