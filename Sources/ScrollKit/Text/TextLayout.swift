// TextLayout: text laid out in lines for one width (UAX #14 breaks from libunibreak), with its runs (TextRun) and
// truncation (TextTruncation).

import CUnibreak
import Motion

/// A stretch of text in one style: one piece of an attributed paragraph for ``TextLayout``.
public struct TextRun: Sendable, Hashable {
    public var text: String
    public var style: TextStyle
    public init(_ text: String, style: TextStyle) {
        self.text = text; self.style = style
    }
}

/// Where a ``TextLayout`` cut to its maximum line count puts its ellipsis (U+2026 "…").
public enum TextTruncation: Sendable, Hashable {
    /// "The quick brown…": the start of the last line is kept.
    case tail
    /// "The quick…lazy dog": the start and the end of the rest of the text.
    case middle
    /// "…over the lazy dog": the end of the text.
    case head
}

/// Text laid out in lines for one width: made once (no canvas, no frame needed), measured through
/// ``size``, then drawn any number of times with ``DrawingCanvas/drawTextLayout(_:at:)``.
///
/// Lines break at Unicode line-break opportunities (UAX #14, from libunibreak): after spaces and
/// hyphens, between CJK ideographs, and so on. A stretch with no opportunity that is wider than the
/// line (a long URL, a long German compound) breaks between characters (grapheme clusters). Spaces at
/// the end of a line hang past it and are not drawn. Newlines (LF, CR, CR LF, U+2028, U+2029…) end a
/// line; an empty line between two newlines is one line of the style's height; a newline at the very
/// end adds no line.
///
/// Runs (``TextRun``) give one paragraph several styles: bold, colour and size. A line is as tall as
/// its tallest run (the greatest ascent plus the greatest descent), and the runs share its baseline.
///
/// ```swift
/// let measurer = FontTextMeasurer.shared            // ScrollKitSDL; ApproximateTextMeasurer without fonts
/// let layout = TextLayout(
///     "A long subtitle that wraps onto a second line and is cut at the third",
///     style: TextStyle(size: 15), width: 200, maxLines: 2, measurer: measurer)
/// let rowHeight = layout.size.height + 16              // e.g. in sizeOfItem(at:)
/// canvas.drawTextLayout(layout, at: Point(x: 16, y: 8))
/// ```
///
/// Positions are in points from the layout's top-left corner. Glyphs are placed one by one at the
/// measurer's advances, without shaping: scripts that need shaping (Arabic, Indic) or bidirectional
/// reordering are drawn in logical order, unjoined.
///
/// Complexity: O(length of the text): one libunibreak pass, one measurer call per Unicode scalar,
/// and a greedy fill that looks at each grapheme cluster at most twice. Drawing does not lay out again.
///
/// ## Bad input
/// - Invalid UTF-8 (``init(utf8:style:width:maxLines:truncation:alignment:lineSpacing:measurer:)``):
///   each bad sequence becomes U+FFFD "�".
/// - Width NaN or +infinity: unlimited; lines break only at newlines. Width 0 or below (also
///   −infinity): every line holds exactly one grapheme cluster (the least that still makes progress).
/// - A run whose size is NaN, infinite, zero or negative takes no room and draws nothing (its lines, if
///   it is alone on them, are 0 tall).
/// - The empty string (or no runs): no lines, ``size`` `.zero`.
/// - `maxLines` of 0 or below: no limit. `lineSpacing` NaN, infinite or negative: 0.
/// - A measurer answering NaN, infinity or a negative number: 0.
/// Nothing traps.
public struct TextLayout: Sendable, Hashable {
    /// One drawn Unicode scalar.
    public struct Glyph: Sendable, Hashable {
        public var scalar: Unicode.Scalar
        /// The pen position, from the layout's left edge (alignment applied), in points.
        public var x: Double
        /// Its style: an index into ``TextLayout/styles``.
        public var styleIndex: Int
        public init(scalar: Unicode.Scalar, x: Double, styleIndex: Int) {
            self.scalar = scalar; self.x = x; self.styleIndex = styleIndex
        }
    }

    /// One laid-out line.
    public struct Line: Sendable, Hashable {
        /// Its glyphs: a range of ``TextLayout/glyphs`` (without the trailing spaces and newline).
        public var glyphs: Range<Int>
        /// The UTF-8 offsets in ``TextLayout/text`` of the text the line shows (from its first to its last
        /// shown grapheme cluster; a truncated line hides part of it behind the ellipsis).
        public var source: Range<Int>
        /// The left edge of its first glyph, from the layout's left edge (alignment applied).
        public var x: Double
        /// The width of its glyphs (hanging spaces not counted; the ellipsis counted).
        public var width: Double
        /// Its top edge from the layout's top, its height, and its baseline from the layout's top.
        public var top: Double
        public var height: Double
        public var baseline: Double
    }

    /// The whole text: the runs joined.
    public let text: String
    /// The runs' styles (sizes sanitised: NaN, infinite and non-positive sizes are 0).
    public let styles: [TextStyle]
    /// Every drawn glyph, line after line.
    public let glyphs: [Glyph]
    public let lines: [Line]
    /// The width the text was laid out for, as sanitised: `.infinity` when unlimited, 0 when it was 0
    /// or below. Alignment is within it (within the widest line when unlimited).
    public let width: Double
    /// The size the text takes: the widest line's width, and the lines' heights plus the spacing
    /// between them. What a row sized from its text uses.
    public let size: Size
    /// Whether some of the text is not shown (more lines than `maxLines`).
    public let isTruncated: Bool

    /// Lays out `text` in one style.
    /// - Parameters:
    ///   - width: the line width in points (see "Bad input" in the type's notes).
    ///   - maxLines: the most lines shown; 0 (the default) for no limit.
    ///   - truncation: where the ellipsis goes when lines are cut.
    ///   - lineSpacing: extra points between lines.
    @MainActor
    public init(_ text: String, style: TextStyle, width: Double, maxLines: Int = 0,
                truncation: TextTruncation = .tail, alignment: TextAlign = .leading, lineSpacing: Double = 0,
                measurer: some TextMeasurer) {
        self.init(runs: [TextRun(text, style: style)], width: width, maxLines: maxLines, truncation: truncation,
                  alignment: alignment, lineSpacing: lineSpacing, measurer: measurer)
    }

    /// Lays out UTF-8 bytes in one style; invalid sequences become U+FFFD.
    @MainActor
    public init<Bytes: Collection<UInt8>>(utf8 bytes: Bytes, style: TextStyle, width: Double, maxLines: Int = 0,
                                         truncation: TextTruncation = .tail, alignment: TextAlign = .leading,
                                         lineSpacing: Double = 0, measurer: some TextMeasurer) {
        self.init(String(decoding: bytes, as: UTF8.self), style: style, width: width, maxLines: maxLines,
                  truncation: truncation, alignment: alignment, lineSpacing: lineSpacing, measurer: measurer)
    }

    /// Lays out an attributed paragraph (or several, separated by newlines): runs of text, each in
    /// its own style. Parameters as in ``init(_:style:width:maxLines:truncation:alignment:lineSpacing:measurer:)``.
    @MainActor
    public init(runs: [TextRun], width: Double, maxLines: Int = 0, truncation: TextTruncation = .tail,
                alignment: TextAlign = .leading, lineSpacing: Double = 0, measurer: some TextMeasurer) {
        var builder = TextLayoutBuilder(runs: runs, measurer: measurer)
        let limit: Double = width.isNaN || width == .infinity ? .infinity : max(width, 0)
        let spacing = lineSpacing.isFinite ? max(lineSpacing, 0) : 0
        builder.layOut(limit: limit, maxLines: maxLines, truncation: truncation, alignment: alignment, spacing: spacing)
        text = builder.text
        styles = builder.styles
        glyphs = builder.glyphs
        lines = builder.lines
        self.width = limit
        size = builder.size
        isTruncated = builder.truncated
    }

    /// The text line `index` shows, as drawn (with its ellipsis, without hanging spaces); empty for an
    /// index out of range.
    public func string(ofLine index: Int) -> String {
        guard lines.indices.contains(index) else { return "" }
        var s = String.UnicodeScalarView()
        for glyph in glyphs[lines[index].glyphs] { s.append(glyph.scalar) }
        return String(s)
    }

    /// Every line's text as drawn (see ``string(ofLine:)``).
    public var lineStrings: [String] { lines.indices.map { string(ofLine: $0) } }
}

// MARK: - Layout

/// Line-break rules are initialised once per process (libunibreak 1.x needs it; later versions ignore it).
private let unibreakInitialised: Bool = {
    init_linebreak()
    return true
}()

/// The layout's working state: grapheme clusters with their advances and break opportunities, filled
/// greedily into lines.
@MainActor
private struct TextLayoutBuilder<Measurer: TextMeasurer> {
    enum Kind: UInt8 { case ink, space, newline }
    struct Cluster {
        var utf8Start: Int
        var utf8End: Int
        var firstScalar: Int
        var scalarCount: Int
        var advance: Double
        var style: Int
        var kind: Kind
        /// A line may end after this cluster (UAX #14 allowed or mandatory break).
        var breakAfter: Bool
    }
    /// A line's content: up to two ranges of clusters with an ellipsis between or around them.
    struct Content {
        var first: Range<Int>
        var second: Range<Int> = 0..<0
        var ellipsis: Ellipsis = .none
        /// The style of the empty line's newline, for its height.
        var emptyStyle: Int = 0
        enum Ellipsis { case none, before, between, after }
    }

    let measurer: Measurer
    var text = ""
    var styles: [TextStyle] = []
    var metrics: [FontMetrics] = []
    var scalars: [Unicode.Scalar] = []
    var advances: [Double] = []
    var clusters: [Cluster] = []
    /// x[k]: the summed advances of clusters 0..<k.
    var xs: [Double] = []
    var glyphs: [TextLayout.Glyph] = []
    var lines: [TextLayout.Line] = []
    var size = Size.zero
    var truncated = false

    init(runs: [TextRun], measurer: Measurer) {
        self.measurer = measurer
        for run in runs { text += run.text }
        var utf8Count = 0
        for run in runs { utf8Count += run.text.utf8.count }
        scalars.reserveCapacity(utf8Count)
        advances.reserveCapacity(utf8Count)
        clusters.reserveCapacity(utf8Count)
        let breaks = Self.breakOpportunities(text)
        var offset = 0
        for run in runs {
            var style = run.style
            if !style.size.isFinite || style.size <= 0 { style.size = 0 }
            let styleIndex = styles.count
            styles.append(style)
            metrics.append(style.size > 0 ? Self.sanitised(measurer.fontMetrics(for: style)) : FontMetrics(ascent: 0, lineHeight: 0))
            for character in run.text {
                let start = offset
                offset += character.utf8.count
                let first = scalars.count
                var advance = 0.0
                for scalar in character.unicodeScalars {
                    let a = style.size > 0 ? Self.sanitised(measurer.advance(of: scalar, style: style)) : 0
                    scalars.append(scalar)
                    advances.append(a)
                    advance += a
                }
                let kind: Kind = character.isNewline ? .newline : character.isWhitespace ? .space : .ink
                let rule = offset - 1 < breaks.count ? breaks[offset - 1] : Int8(LINEBREAK_MUSTBREAK)
                clusters.append(Cluster(utf8Start: start, utf8End: offset, firstScalar: first,
                                        scalarCount: scalars.count - first, advance: kind == .newline ? 0 : advance,
                                        style: styleIndex, kind: kind,
                                        breakAfter: rule == Int8(LINEBREAK_MUSTBREAK) || rule == Int8(LINEBREAK_ALLOWBREAK)))
            }
        }
        xs.reserveCapacity(clusters.count + 1)
        var x = 0.0
        xs.append(0)
        for cluster in clusters { x += cluster.advance; xs.append(x) }
    }

    static func sanitised(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
    static func sanitised(_ m: FontMetrics) -> FontMetrics {
        let height = sanitised(m.lineHeight)
        return FontMetrics(ascent: min(sanitised(m.ascent), height), lineHeight: height)
    }

    /// libunibreak's opinion of every UTF-8 byte: LINEBREAK_MUSTBREAK, _ALLOWBREAK, _NOBREAK or
    /// _INSIDEACHAR after it.
    static func breakOpportunities(_ text: String) -> [Int8] {
        _ = unibreakInitialised
        var text = text
        let count = text.utf8.count
        guard count > 0 else { return [] }
        return text.withUTF8 { bytes in
            [Int8](unsafeUninitializedCapacity: count) { out, initialised in
                out.initialize(repeating: Int8(LINEBREAK_NOBREAK))
                set_linebreaks_utf8(bytes.baseAddress, count, nil, out.baseAddress)
                initialised = count
            }
        }
    }

    // MARK: Line filling

    mutating func layOut(limit: Double, maxLines: Int, truncation: TextTruncation, alignment: TextAlign, spacing: Double) {
        let n = clusters.count
        guard n > 0 else { return }
        // Greedy fill: each entry is a line's clusters, trailing newline excluded.
        var ranges: [Range<Int>] = []
        var lineStart = 0
        var lastBreak = -1
        var i = 0
        let slack = limit.isFinite ? limit + Precision.slack : .infinity
        while i < n {
            let c = clusters[i]
            if c.kind == .newline {
                ranges.append(lineStart..<i)
                lineStart = i + 1; lastBreak = -1; i += 1
                continue
            }
            if c.kind == .ink, i > lineStart, xs[i + 1] - xs[lineStart] > slack {
                let end = lastBreak > lineStart ? lastBreak : i
                ranges.append(lineStart..<end)
                lineStart = end; lastBreak = -1
                i = max(i, end)
                continue   // cluster i again, on the new line
            }
            i += 1
            if c.breakAfter { lastBreak = i }
        }
        if lineStart < n { ranges.append(lineStart..<n) }

        var contents: [Content] = []
        contents.reserveCapacity(ranges.count)
        let limitLines = maxLines > 0 && ranges.count > maxLines
        for (index, range) in ranges.enumerated() {
            if limitLines && index == maxLines - 1 { break }
            contents.append(Content(first: trimmed(range), emptyStyle: emptyStyle(range)))
        }
        if limitLines {
            truncated = true
            contents.append(truncatedLine(from: ranges[maxLines - 1].lowerBound, limit: limit, mode: truncation))
        }
        emit(contents, limit: limit, alignment: alignment, spacing: spacing)
    }

    /// `range` without its trailing spaces.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, clusters[end - 1].kind != .ink { end -= 1 }
        return range.lowerBound..<end
    }

    /// The style an empty line takes its height from: its newline's, or the first cluster's.
    func emptyStyle(_ range: Range<Int>) -> Int {
        if range.lowerBound < clusters.count { return clusters[range.lowerBound].style }
        return clusters.last?.style ?? 0
    }

    /// A cluster's width on a truncated line, where newlines count as a space.
    func truncationAdvance(_ k: Int) -> Double {
        let c = clusters[k]
        guard c.kind == .newline else { return c.advance }
        let style = styles[c.style]
        return style.size > 0 ? Self.sanitised(measurer.advance(of: " ", style: style)) : 0
    }

    func ellipsisWidth(style: Int) -> Double {
        let s = styles[style]
        return s.size > 0 ? Self.sanitised(measurer.advance(of: "\u{2026}", style: s)) : 0
    }

    /// The last line of a truncated layout: the text from cluster `start` on, shortened with an ellipsis.
    func truncatedLine(from start: Int, limit: Double, mode: TextTruncation) -> Content {
        let n = clusters.count
        switch mode {
        case .tail:
            // Up to the end of this paragraph, as much as fits beside the ellipsis.
            var end = start
            while end < n, clusters[end].kind != .newline { end += 1 }
            let style = clusters[min(start, n - 1)].style
            let available = limit - ellipsisWidth(style: style)
            var t = start
            var width = 0.0
            while t < end, width + clusters[t].advance <= available + Precision.slack {
                width += clusters[t].advance; t += 1
            }
            return Content(first: trimmed(start..<t), ellipsis: .after, emptyStyle: style)
        case .head, .middle:
            var end = n
            while end > start, clusters[end - 1].kind != .ink { end -= 1 }
            var total = 0.0
            for k in start..<end { total += truncationAdvance(k) }
            if total <= limit + Precision.slack {   // everything fits once newlines are spaces: nothing hidden
                return Content(first: start..<end, emptyStyle: clusters[min(start, n - 1)].style)
            }
            let style = mode == .head ? clusters[max(end - 1, start)].style : clusters[start].style
            let available = limit - ellipsisWidth(style: style)
            var prefixEnd = start
            var used = 0.0
            if mode == .middle {
                let half = available / 2
                while prefixEnd < end, used + truncationAdvance(prefixEnd) <= half + Precision.slack {
                    used += truncationAdvance(prefixEnd); prefixEnd += 1
                }
            }
            let prefix = trimmed(start..<prefixEnd)
            used = 0
            for k in prefix { used += truncationAdvance(k) }
            var suffixStart = end
            while suffixStart > prefixEnd, used + truncationAdvance(suffixStart - 1) <= available + Precision.slack {
                used += truncationAdvance(suffixStart - 1); suffixStart -= 1
            }
            while suffixStart < end, clusters[suffixStart].kind != .ink { suffixStart += 1 }
            return Content(first: mode == .middle ? prefix : start..<start, second: suffixStart..<end,
                           ellipsis: mode == .middle ? .between : .before, emptyStyle: style)
        }
    }

    // MARK: Glyphs

    mutating func emit(_ contents: [Content], limit: Double, alignment: TextAlign, spacing: Double) {
        // Widths first (alignment needs the widest line when the width is unlimited).
        var widths: [Double] = []
        widths.reserveCapacity(contents.count)
        for content in contents {
            var w = 0.0
            for k in content.first { w += truncationAdvance(k) }
            for k in content.second { w += truncationAdvance(k) }
            if content.ellipsis != .none { w += ellipsisWidth(style: ellipsisStyle(content)) }
            widths.append(w)
        }
        let widest = widths.max() ?? 0
        let box = limit.isFinite ? limit : widest
        glyphs.reserveCapacity(scalars.count + contents.count)
        lines.reserveCapacity(contents.count)
        var top = 0.0
        for (index, content) in contents.enumerated() {
            let width = widths[index]
            var x: Double
            switch alignment {
            case .leading: x = 0
            case .center: x = max(0, (box - width) / 2)
            case .trailing: x = max(0, box - width)
            }
            // Vertical metrics: the tallest ascent and descent among the line's styles.
            var ascent = 0.0, descent = 0.0, any = false
            func include(_ style: Int) {
                let m = metrics[style]
                ascent = max(ascent, m.ascent); descent = max(descent, m.lineHeight - m.ascent); any = true
            }
            for k in content.first { include(clusters[k].style) }
            for k in content.second { include(clusters[k].style) }
            if content.ellipsis != .none { include(ellipsisStyle(content)) }
            if !any { include(content.emptyStyle) }
            let firstGlyph = glyphs.count
            let lineX = x
            if content.ellipsis == .before { appendEllipsis(style: ellipsisStyle(content), x: &x) }
            appendClusters(content.first, x: &x)
            if content.ellipsis == .between { appendEllipsis(style: ellipsisStyle(content), x: &x) }
            appendClusters(content.second, x: &x)
            if content.ellipsis == .after { appendEllipsis(style: ellipsisStyle(content), x: &x) }
            // The source: from the first shown cluster to the last; an empty line sits where it starts.
            let firstShown = content.first.isEmpty ? content.second : content.first
            let lastShown = content.second.isEmpty ? content.first : content.second
            let lineStart = content.first.lowerBound < clusters.count ? clusters[content.first.lowerBound].utf8Start : text.utf8.count
            let sourceStart = firstShown.isEmpty ? lineStart : clusters[firstShown.lowerBound].utf8Start
            let sourceEnd = lastShown.isEmpty ? sourceStart : clusters[lastShown.upperBound - 1].utf8End
            lines.append(TextLayout.Line(glyphs: firstGlyph..<glyphs.count, source: sourceStart..<sourceEnd, x: lineX,
                                         width: width, top: top, height: ascent + descent, baseline: top + ascent))
            top += ascent + descent
            if index < contents.count - 1 { top += spacing }
        }
        size = Size(width: widest, height: top)
    }

    func ellipsisStyle(_ content: Content) -> Int {
        switch content.ellipsis {
        case .after, .between: content.first.last.map { clusters[$0].style } ?? content.emptyStyle
        case .before: content.second.first.map { clusters[$0].style } ?? content.emptyStyle
        case .none: content.emptyStyle
        }
    }

    mutating func appendEllipsis(style: Int, x: inout Double) {
        glyphs.append(TextLayout.Glyph(scalar: "\u{2026}", x: x, styleIndex: style))
        x += ellipsisWidth(style: style)
    }

    mutating func appendClusters(_ range: Range<Int>, x: inout Double) {
        for k in range {
            let c = clusters[k]
            if c.kind == .newline {   // a newline inside a truncated line: a space
                glyphs.append(TextLayout.Glyph(scalar: " ", x: x, styleIndex: c.style))
                x += truncationAdvance(k)
                continue
            }
            for s in c.firstScalar..<(c.firstScalar + c.scalarCount) {
                glyphs.append(TextLayout.Glyph(scalar: scalars[s], x: x, styleIndex: c.style))
                x += advances[s]
            }
        }
    }
}
