// TextEditingView's layout window: a field or an area with a long text lays out only the stretch of its display text
// around the caret (a few thousand scalars each side; in an area, around what its viewport shows while the reader
// scrolls away from the caret), so a text of a million characters lays out, measures, hit-tests and draws about as
// much as one of a page. An area places the window at the estimated height of the text before it.

extension TextEditingView {
    /// Scalars of the display text laid out on each side of the caret in a one-line field (at 17 points,
    /// thousands of points either way: far past any field's edges).
    static let windowReach = 4096
    /// How near the window's edge the caret may come before the window moves (unless that edge is the text's).
    static let windowMargin = 1024

    /// Scalars laid out on each side of the anchor here: ``windowReach`` in a one-line field; in an area enough for
    /// one and a half viewports of text each side at an average advance of 0.45 em (at least 1,024, at most 8,192),
    /// so a keystroke in a long text lays out a few screens, not a book.
    var reach: Int {
        guard isMultiline else { return Self.windowReach }
        let style = textStyle.atCurrentTextScale
        let em = max(1, style.size.isFinite ? style.size : 17)
        let width = layoutWidth.isFinite ? max(0, layoutWidth) : 0
        let lines = max(1, (visibleTextHeight.isFinite ? max(0, visibleTextHeight) : 0) / max(lineHeight, 1)) + 2
        return Int.clamped(1.5 * lines * width / (0.45 * em), to: 1024...8192, nan: 1024)
    }
    /// The longest display text laid out whole: twice the reach, and in an area at least 4,096 scalars (a few
    /// pages, exact to the point; a longer one lays out a window and estimates the rest).
    static func wholeTextLimit(multiline: Bool, reach: Int) -> Int { max(2 * reach, multiline ? 4096 : 0) }

    /// How near the window's edge its anchor may come before the window moves: a quarter of ``reach``.
    var margin: Int { isMultiline ? reach / 4 : Self.windowMargin }

    /// Whether the view lays out a window of its text rather than all of it when the text is long (fields and
    /// areas do; a text within ``wholeTextLimit(multiline:reach:)`` is always laid out whole).
    var laysOutWindow: Bool { true }

    /// The display text's length in scalars: the text (a bullet per cluster when secure) with the composition,
    /// and the zero-width space after trailing whitespace (see ``displayString``).
    var displayCount: Int {
        let base = showsBullets ? model.clusterCount : model.scalarCount
        return base + model.composition.unicodeScalars.count + (endsWithWhitespace ? 1 : 0)
    }

    /// Whether the shown text ends with a whitespace character (the caret then needs a zero-width space after it).
    var endsWithWhitespace: Bool {
        let caretAtEnd = model.caret == model.scalarCount
        if !model.composition.isEmpty, caretAtEnd { return model.composition.last?.isWhitespace ?? false }
        if showsBullets || model.scalarCount == 0 { return false }
        let clusters = model.boundaries.clusters
        let lastStart = clusters.count >= 2 ? clusters[clusters.count - 2] : 0
        return Character(model.scalars[lastStart]).isWhitespace
    }

    /// The display text's scalars in `range` (display offsets; clamped), as a string.
    func displayScalars(_ range: Range<Int>) -> String {
        let composition = Array(model.composition.unicodeScalars)
        let caret = showsBullets ? model.boundaries.index(atOrBefore: model.caret) : model.caret
        let baseCount = showsBullets ? model.clusterCount : model.scalarCount
        var view = String.UnicodeScalarView()
        func base(_ r: Range<Int>) {
            guard !r.isEmpty else { return }
            if showsBullets {
                view.append(contentsOf: repeatElement("\u{2022}" as Unicode.Scalar, count: r.count))
            } else {
                view.append(contentsOf: model.scalars[r])
            }
        }
        let lower = max(0, range.lowerBound), upper = min(range.upperBound, displayCount)
        guard lower < upper else { return "" }
        // The display text: base[..<caret], the composition, base[caret...], and maybe the zero-width space.
        if lower < caret { base(lower..<min(upper, caret)) }
        let c0 = caret, c1 = caret + composition.count
        if upper > c0, lower < c1 { view.append(contentsOf: composition[(max(lower, c0) - c0)..<(min(upper, c1) - c0)]) }
        let b0 = max(lower, c1) - composition.count, b1 = min(upper, baseCount + composition.count) - composition.count
        if b1 > b0 { base(b0..<b1) }
        if upper > baseCount + composition.count { view.append("\u{200B}") }
        return String(view)
    }

    /// A display offset moved back to a cluster boundary of the text (outside the composition); inside a
    /// cluster longer than ``windowMargin`` (a letter under thousands of marks) it stays where it is, so that the
    /// window never holds a giant cluster whole.
    func alignedDisplayOffset(_ offset: Int) -> Int {
        let aligned = clusterAlignedDisplayOffset(offset)
        return offset - aligned > Self.windowMargin ? max(0, min(offset, displayCount)) : aligned
    }

    private func clusterAlignedDisplayOffset(_ offset: Int) -> Int {
        let caret = showsBullets ? model.boundaries.index(atOrBefore: model.caret) : model.caret
        let n = model.composition.unicodeScalars.count
        let o = max(0, min(offset, displayCount))
        if showsBullets || o <= caret { return showsBullets ? o : model.boundaries.boundary(atOrBefore: o) }
        if o < caret + n { return caret }
        let base = o - n
        return base >= model.scalarCount ? o : model.boundaries.boundary(atOrBefore: base) + n
    }

    /// The window to lay out next: the last one while its anchor (the caret, or in an area the place the reader
    /// scrolled to, ``windowAnchor``) stays well inside it, else one around the anchor. An area's window starts
    /// and ends at a paragraph's start where one is near (else after a space), so its lines are the whole text's.
    func nextWindow() -> Range<Int> {
        let total = displayCount
        let reach = self.reach, margin = self.margin
        guard laysOutWindow, total > Self.wholeTextLimit(multiline: isMultiline, reach: reach) else { return 0..<total }
        let d = windowAnchor.map { max(0, min($0, total)) }
            ?? (showsBullets ? model.boundaries.index(atOrBefore: model.caret) : model.caret)
                + (model.composition.isEmpty ? 0 : model.compositionCursor)
        var start = layoutWindow.lowerBound
        let span = 2 * reach
        let startOK = start == 0 ? d >= 0 : d - margin >= start
        let endOK = start + span >= total || d + margin <= start + span
        if !(startOK && endOK && start <= total) { start = windowEdge(near: max(0, d - reach), forward: false) }
        var end = start + span >= total ? total : windowEdge(near: start + span, forward: true)
        if end <= d { end = total }
        return start..<end
    }

    /// A window's edge near display offset `o`: in a one-line field a cluster boundary; in an area the start of
    /// a paragraph within ``reach`` scalars (before `o` for a start, after it for an end), else the
    /// place after a space within 256, else a cluster boundary.
    func windowEdge(near o: Int, forward: Bool) -> Int {
        let total = displayCount
        guard isMultiline, o > 0, o < total else { return alignedDisplayOffset(o) }
        func search(_ reach: Int, _ matches: (Unicode.Scalar) -> Bool) -> Int? {
            if forward {
                var i = o
                while i < min(total, o + reach) {
                    if let s = displayBaseScalar(i), matches(s) { return i + 1 }
                    i += 1
                }
            } else {
                var i = o - 1
                while i >= max(0, o - reach) {
                    if let s = displayBaseScalar(i), matches(s) { return i + 1 }
                    i -= 1
                }
            }
            return nil
        }
        if let p = search(reach, { $0 == "\n" || $0 == "\u{2029}" }) { return min(p, total) }
        if let p = search(256, { $0 == " " }) { return min(p, total) }
        return alignedDisplayOffset(o)
    }

    /// The text's scalar at display offset `i` (nil inside the composition or past the text).
    func displayBaseScalar(_ i: Int) -> Unicode.Scalar? {
        let n = model.composition.unicodeScalars.count, caret = model.caret
        if i < caret { return i >= 0 && i < model.scalarCount ? model.scalars[i] : nil }
        if i < caret + n { return nil }
        let b = i - n
        return b < model.scalarCount ? model.scalars[b] : nil
    }

    /// The estimated height of the display text in `range` laid out at ``layoutWidth``: each paragraph's grapheme
    /// clusters at `advance` points each, wrapped into lines of `lineHeight`, at least one line a paragraph. What an area
    /// shows outside its window is placed by it (the scroll range, the scroll indicator); O(range), one pass.
    func estimatedHeight(of range: Range<Int>, advance: Double, lineHeight: Double) -> Double {
        guard !range.isEmpty, lineHeight > 0 else { return 0 }
        let width = layoutWidth.isFinite && layoutWidth > 0 ? layoutWidth : 1
        let perLine = Int.clamped((width / max(advance, 0.01)).rounded(.down), to: 1...1_000_000, nan: 1)
        let n = model.composition.unicodeScalars.count, caret = model.caret
        // Paragraph lengths in one pass over the scalars' values, in grapheme clusters (the model's boundaries walked
        // along with the scalars, so a letter under thousands of marks is one character wide): a million scalars take
        // a few milliseconds. The display range is base[..<caret], the composition, base[caret...].
        let boundaries = model.boundaries
        var lines = 0, run = 0
        model.scalars.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt32.self) { values in
                func tally(_ lower: Int, _ upper: Int) {
                    var i = max(0, lower), start = i
                    let end = min(upper, values.count)
                    guard i < end else { return }
                    boundaries.clusters.withUnsafeBufferPointer { clusters in
                        // k: the index of the last cluster boundary at or before the scan's place.
                        var k = boundaries.index(atOrBefore: i)
                        var startIndex = k
                        func index(at o: Int) -> Int {
                            while k + 1 < clusters.count, clusters[k + 1] <= o { k += 1 }
                            return k
                        }
                        while i < end {
                            let v = values[i]
                            if v == 0x0A || v == 0x2029 {
                                run += max(1, index(at: i) - startIndex)
                                lines += max(1, (run + perLine - 1) / perLine); run = 0
                                start = i + 1
                                startIndex = index(at: start)
                            }
                            i += 1
                        }
                        if end > start { run += max(1, index(at: end) - startIndex) }
                    }
                }
                if range.lowerBound < caret { tally(range.lowerBound, min(range.upperBound, caret)) }
                let c0 = max(range.lowerBound, caret), c1 = min(range.upperBound, caret + n)
                if c1 > c0 { run += c1 - c0 }
                if range.upperBound > caret + n { tally(max(range.lowerBound, caret + n) - n, range.upperBound - n) }
            }
        }
        if run > 0 { lines += max(1, (run + perLine - 1) / perLine) }
        return Double(lines) * lineHeight
    }

    /// The direction of the whole text's first paragraph (its first strong character's, among the first
    /// ``windowReach`` scalars), for a window that starts after it.
    func firstParagraphDirection() -> ReadingDirection? {
        guard paragraphDirection == nil else { return paragraphDirection }
        let prefix = Array(displayScalars(0..<min(displayCount, Self.windowReach)).unicodeScalars)
        return BidiParagraph(prefix, direction: nil).direction
    }

    /// Whether the layout shows only part of the display text.
    var layoutIsPartial: Bool { _ = layout; return layoutWindow.lowerBound > 0 || layoutWindow.upperBound < displayCount }
}
