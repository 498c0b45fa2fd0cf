// TextEditingView's layout window: a one-line field lays out only the stretch of its display text around the caret
// (a few thousand scalars each side), so a field holding a million characters lays out, measures, hit-tests and
// draws about as much as one holding a sentence.

extension TextEditingView {
    /// Scalars of the display text laid out on each side of the caret in a one-line field (at 17 points,
    /// thousands of points either way: far past any field's edges).
    static let windowReach = 4096
    /// How near the window's edge the caret may come before the window moves (unless that edge is the text's).
    static let windowMargin = 1024

    /// Whether the view lays out a window of its text rather than all of it (a one-line field does).
    var laysOutWindow: Bool { !isMultiline }

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
        base(lower..<min(upper, caret))
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

    /// The window to lay out next: the last one while the caret stays well inside it, else one around the caret.
    func nextWindow() -> Range<Int> {
        let total = displayCount
        guard laysOutWindow, total > 2 * Self.windowReach else { return 0..<total }
        let d = (showsBullets ? model.boundaries.index(atOrBefore: model.caret) : model.caret)
            + (model.composition.isEmpty ? 0 : model.compositionCursor)
        var start = layoutWindow.lowerBound
        let reach = 2 * Self.windowReach
        let startOK = start == 0 ? d >= 0 : d - Self.windowMargin >= start
        let endOK = start + reach >= total || d + Self.windowMargin <= start + reach
        if !(startOK && endOK && start <= total) { start = alignedDisplayOffset(max(0, d - Self.windowReach)) }
        var end = start + reach >= total ? total : alignedDisplayOffset(start + reach)
        if end <= d { end = total }
        return start..<end
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
