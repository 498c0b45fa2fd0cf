// AccessibleElement's text, as AT-SPI's Text interface reads it: the content, the caret and the selection in
// characters (Unicode scalars, as AT-SPI counts them), ranges by character, word, sentence, line and paragraph,
// and where each character is (from the text field's own layout and hit testing).

/// How far a text range reaches, as AT-SPI's Text interface asks for one (`GetStringAtOffset`'s granularities,
/// `GetTextAtOffset`'s boundaries). Words and sentences are UAX #29's (ICU's break iterators, the ones editing
/// moves by); lines are the laid-out lines of a text field (a wrapped line ends where the next starts), else the
/// text's paragraphs.
public enum AccessibleTextUnit: Sendable, Hashable, CaseIterable {
    /// One character (a Unicode scalar).
    case character
    /// From a word's start to the next word's start (the spaces and punctuation after it included).
    case wordStart
    /// From a word's end to the next word's end (the spaces and punctuation before it included).
    case wordEnd
    /// From a sentence's start to the next one's start.
    case sentenceStart
    /// From a sentence's end (before its trailing spaces) to the next one's end.
    case sentenceEnd
    /// From a line's start to the next line's start (its newline included).
    case lineStart
    /// From a line's end (before its newline) to the next line's end.
    case lineEnd
    /// From a paragraph's start to the next paragraph's start (its newline included).
    case paragraph
}

extension AccessibleElement {
    /// The text view this element is, if it is one.
    var textView: TextEditingView? {
        if case .view(let v as TextEditingView) = self { return v }
        return nil
    }

    /// The element's text as AT-SPI's Text interface gives it: a text field's text (for a secure field a bullet
    /// per character, never the secret), a label's or heading's name; `nil` for an element without text. Its
    /// offsets count Unicode scalars (code points), as AT-SPI does.
    public var accessibleText: String? {
        let n = node()
        switch n.role {
        case .text, .label, .heading: return n.text ?? n.label
        default: return nil
        }
    }

    /// The caret, in characters of ``accessibleText`` (the end of the selection that moves); `nil` for text
    /// without a caret (a label).
    public var textCaret: Int? {
        textView.map { $0.exposedOffset($0.model.caret) }
    }

    /// The selected characters of ``accessibleText``; `nil` when nothing is selected (a caret).
    public var textSelection: Range<Int>? {
        guard let v = textView, !v.model.selection.isEmpty else { return nil }
        return v.exposedOffset(v.model.selection.lowerBound)..<v.exposedOffset(v.model.selection.upperBound)
    }

    /// Selects `range` of ``accessibleText`` (its start the anchor, its end the caret; an empty range puts the
    /// caret there), moved back to grapheme-cluster boundaries, as a person's selection is. Returns whether
    /// the element has a caret to move (an enabled text field).
    @discardableResult
    public func selectText(_ range: Range<Int>) -> Bool {
        guard let v = textView, v.isEnabled else { return false }
        let anchor = v.textOffset(fromExposed: range.lowerBound), caret = v.textOffset(fromExposed: range.upperBound)
        v.move { $0.select(anchor: anchor, caret: caret) }
        return true
    }

    /// How far around an offset ``textRange(_:at:)`` looks for words, sentences and paragraphs (characters
    /// each side): a longer one is cut there. Keeps each request bounded on a huge text.
    public static let textRangeWindow = 4096

    /// The range of `unit` holding character `offset` of ``accessibleText`` (at the end of the text: the last
    /// one; a character past the end: an empty range at the end); `nil` without text or for an offset
    /// outside it. Words, sentences and paragraphs are found within ``textRangeWindow`` characters of
    /// `offset`; a text field's lines from its layout.
    public func textRange(_ unit: AccessibleTextUnit, at offset: Int) -> Range<Int>? {
        guard let text = accessibleText else { return nil }
        let scalars = Array(text.unicodeScalars), count = scalars.count
        guard offset >= 0, offset <= count else { return nil }
        if unit == .character { return offset < count ? offset..<offset + 1 : count..<count }
        let o = max(0, min(offset, count - 1))
        let usesLayout = (unit == .lineStart || unit == .lineEnd) && textView?.layout != nil
        let window = Self.textRangeWindow
        let lo = usesLayout ? 0 : max(0, o - window), hi = usesLayout ? count : min(count, o + window + 1)
        let part = lo == 0 && hi == count ? scalars : Array(scalars[lo..<hi])
        var lower = lo, upper = hi
        for b in textBoundaries(unit, part).map({ $0 + lo }) {
            if b <= o { lower = b } else { upper = b; break }
        }
        return lower..<upper
    }

    /// The boundaries of `unit` in `scalars`, ascending, 0 and the count included.
    func textBoundaries(_ unit: AccessibleTextUnit, _ scalars: [Unicode.Scalar]) -> [Int] {
        let count = scalars.count
        var inner: [Int] = []
        let oneWord = textView?.showsBullets == true
        func isNewline(_ i: Int) -> Bool {
            Character(scalars[i]).isNewline && !(scalars[i] == "\r" && i + 1 < count && scalars[i + 1] == "\n")
        }
        switch unit {
        case .character:
            inner = Array(0...count)
        case .wordStart, .wordEnd:
            guard !oneWord else { break }
            let words = TextBoundaries.words(scalars)
            for k in words.indices.dropFirst() where words[k].endsWord {
                inner.append(unit == .wordStart ? words[k - 1].offset : words[k].offset)
            }
        case .sentenceStart:
            inner = TextBoundaries.sentences(scalars)
        case .sentenceEnd:
            for b in TextBoundaries.sentences(scalars) where b > 0 {
                var e = b
                while e > 0, scalars[e - 1].properties.isWhitespace { e -= 1 }
                inner.append(e)
            }
        case .lineStart, .lineEnd:
            var starts: [Int] = []
            if let v = textView, !v.isMultiline, v.layoutIsPartial {
                starts = [0]   // a one-line field's window: its one line starts at the text's start
            } else if let v = textView, v.layoutIsPartial, let layout = v.layout {
                // An area's window: its laid-out lines, and outside it each paragraph as one line.
                let first = v.exposedOffset(v.textOffset(fromLayout: 0))
                let last = v.exposedOffset(v.textOffset(fromLayout: v.layoutWindow.count))
                starts = scalars.indices.filter(isNewline).map { $0 + 1 }.filter { $0 < first || $0 > last }
                starts += layout.lines.map { v.exposedOffset(v.textOffset(fromLayout: $0.scalars.lowerBound)) }
            } else if let v = textView, let layout = v.layout {
                starts = layout.lines.map { v.exposedOffset(v.textOffset(fromLayout: $0.scalars.lowerBound)) }
            } else {
                starts = scalars.indices.filter(isNewline).map { $0 + 1 }
            }
            if unit == .lineStart { inner = starts } else {
                inner = starts.filter { $0 > 0 && $0 <= count }.map { s in s - (isNewline(s - 1) ? 1 : 0) }
            }
        case .paragraph:
            inner = scalars.indices.filter(isNewline).map { $0 + 1 }
        }
        var result = [0]
        for b in inner.sorted() where b > result[result.count - 1] && b < count { result.append(b) }
        if count > 0 { result.append(count) }
        return result
    }

    /// Where character `offset` of ``accessibleText`` shows, in the root's coordinates (points): its
    /// cluster's box in the text field's layout, as tall as its line (at the end, or on a newline, a zero-width
    /// box at the caret's place). `nil` for text whose layout the element does not keep (a label), or an
    /// offset outside the text.
    public func characterFrame(at offset: Int) -> Rect? {
        guard let v = textView, offset >= 0, offset <= v.exposedCount else { return nil }
        let o = v.layoutOffset(v.textOffset(fromExposed: offset))
        var box = v.layout?.characterBox(at: o)
        if box == nil {
            let caret = v.caretBox(layoutOffset: o)
            box = Rect(x: caret.minX, y: caret.minY, width: 0, height: caret.height)
        }
        guard let box else { return nil }
        let origin = v.layoutOriginInRoot(), shift = v.hostShift
        return box.offsetBy(dx: origin.x + shift.x, dy: origin.y + shift.y)
    }

    /// The box around characters `range` of ``accessibleText``, in the root's coordinates (points): each line it
    /// covers whole, and on a line it covers in part the boxes of its first and last character there (a line
    /// mixing directions: those two characters' span). `nil` without a layout or for a range with no character.
    /// Bounded whatever the range: O(lines + the glyphs of the two lines it ends on), never a box per character.
    public func textRangeFrame(_ range: Range<Int>) -> Rect? {
        guard let v = textView, let layout = v.layout else { return nil }
        let lower = max(range.lowerBound, 0), upper = min(range.upperBound, v.exposedCount)
        guard lower < upper else { return nil }
        let a = v.layoutOffset(v.textOffset(fromExposed: lower)), b = v.layoutOffset(v.textOffset(fromExposed: upper))
        var union: Rect?
        func add(_ r: Rect?) {
            guard let r, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
            guard let u = union else { union = r; return }
            let x = min(u.minX, r.minX), y = min(u.minY, r.minY)
            union = Rect(x: x, y: y, width: max(u.maxX, r.maxX) - x, height: max(u.maxY, r.maxY) - y)
        }
        for line in layout.lines where line.scalars.upperBound > a && line.scalars.lowerBound < b {
            if line.scalars.lowerBound >= a && line.scalars.upperBound <= b {
                add(Rect(x: line.x, y: line.top, width: line.width, height: line.height))
            } else {
                add(layout.characterBox(at: max(a, line.scalars.lowerBound)))
                add(layout.characterBox(at: min(b, line.scalars.upperBound) - 1))
            }
        }
        guard let box = union else { return nil }
        let origin = v.layoutOriginInRoot(), shift = v.hostShift
        return box.offsetBy(dx: origin.x + shift.x, dy: origin.y + shift.y)
    }

    /// The character of ``accessibleText`` under `point` (the root's coordinates, points): the first character
    /// of the cluster there; `nil` when the point is on no character of the text field's visible text.
    public func characterOffset(at point: Point) -> Int? {
        guard let v = textView, let layout = v.layout, v.accessibleFrame(v.bounds).contains(point) else { return nil }
        let origin = v.layoutOriginInRoot(), shift = v.hostShift
        let p = Point(x: point.x - shift.x - origin.x, y: point.y - shift.y - origin.y)
        guard let o = layout.characterOffset(at: p) else { return nil }
        let exposed = v.exposedOffset(v.textOffset(fromLayout: o))
        return exposed < v.exposedCount ? exposed : nil
    }
}

extension TextEditingView {
    /// The number of characters the accessibility tree shows (bullets of a secure field: one per cluster).
    var exposedCount: Int { showsBullets ? model.clusterCount : model.scalarCount }

    /// An offset into ``text`` as an offset into the text the accessibility tree shows.
    func exposedOffset(_ offset: Int) -> Int {
        let o = min(max(offset, 0), model.scalarCount)
        return showsBullets ? model.boundaries.index(atOrBefore: o) : o
    }

    /// An offset into the text the accessibility tree shows as an offset into ``text`` (clamped).
    func textOffset(fromExposed offset: Int) -> Int {
        let o = min(max(offset, 0), exposedCount)
        return showsBullets ? model.boundaries.clusters[o] : o
    }

    /// How far the accessibility tree's coordinates are from the root's (a tree hosted inside another's view).
    var hostShift: Point {
        let a = accessibleFrame(bounds), b = frameInRoot
        return Point(x: a.minX - b.minX, y: a.minY - b.minY)
    }
}
