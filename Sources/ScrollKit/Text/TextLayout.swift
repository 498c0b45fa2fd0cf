// TextLayout: text laid out in lines for one width (shaped by the measurer, reordered by UAX #9, broken by UAX #14
// and dictionaries), with its runs (TextRun) and truncation (TextTruncation). The work is in TextLayoutBuilder.

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
/// hyphens, between CJK ideographs, and between the words of Thai, Lao, Khmer and Burmese (ICU's
/// dictionaries). A stretch with no opportunity that is wider than the
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
/// Positions are in points from the layout's top-left corner.
///
/// **Larger text.** Each run is laid out at its style's size × ``ViewNode/textScale`` when the layout is made
/// (``TextStyle/scaled(by:)``; ``styles`` hold the scaled styles), so a row measured from its text grows
/// with the setting. A layout made before a change keeps its sizes: key caches by ``ViewNode/textScaleGeneration``.
///
/// **Shaping and direction.** The text is cut into runs of one style and one bidi level (UAX #9, through
/// FriBidi: ``BidiParagraph``), and the measurer shapes each run
/// (``TextMeasurer/shape(_:range:style:direction:into:)``: ScrollKitSDL's `FontTextMeasurer` with
/// HarfBuzz and fallback fonts; the default places one glyph per scalar). Lines are broken in logical
/// order, then each line is reordered visually (rules L1, L2), so Arabic and Hebrew run right to left
/// with their numbers left to right inside. A paragraph's direction is `direction`, or its first strong
/// character's when nil; ``TextAlign/leading`` is its start (the right edge of a right-to-left paragraph).
/// Hit testing and carets (``caret(at:)``, ``offset(at:)``) map between points and offsets in Unicode
/// scalars, both ways.
///
/// Complexity: O(length of the text): one libunibreak pass (plus ICU over Thai, Lao, Khmer or Burmese),
/// one FriBidi pass when the text has right-to-left characters, one shaping call per run, and a greedy
/// fill that looks at each grapheme cluster at most twice. Drawing does not lay out again.
///
/// ## Bad input
/// - Invalid UTF-8 (``init(utf8:style:width:maxLines:truncation:alignment:lineSpacing:direction:measurer:)``):
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
    /// One drawn glyph.
    public struct Glyph: Sendable, Hashable {
        /// The Unicode scalar at its cluster's start (the ellipsis for an ellipsis; a space for a newline
        /// shown inside a truncated line). Without shaping, the scalar the glyph draws.
        public var scalar: Unicode.Scalar
        /// Where it is drawn, from the layout's left edge (alignment and the shaper's offset applied), in points.
        public var x: Double
        /// Its style: an index into ``TextLayout/styles``.
        public var styleIndex: Int
        /// Its glyph id in ``font`` (the scalar's value without shaping).
        public var glyphID: UInt32 = 0
        /// The font that draws it, as the measurer numbers them (``ShapedGlyph/font``; 0: the style's own
        /// font, by ``scalar``).
        public var font: Int = 0
        /// The offset in Unicode scalars of ``TextLayout/text`` of its cluster's first scalar (-1 for an
        /// ellipsis, which stands for hidden text).
        public var cluster: Int = 0
        /// How far the pen moves after it, in points.
        public var advance: Double = 0
        /// The shaper's offset from the pen, already in ``x`` (so the pen is `x - xOffset`), and how far
        /// above the baseline it is drawn (a mark's offset), in points.
        public var xOffset: Double = 0
        public var yOffset: Double = 0
        /// Whether it belongs to a right-to-left run (an odd bidi level).
        public var isRightToLeft: Bool = false
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
        /// The offsets in Unicode scalars of ``TextLayout/text`` of the text it shows (as ``source``).
        public var scalars: Range<Int> = 0..<0
        /// Its paragraph's direction (leading is right when right to left).
        public var direction: ReadingDirection = .leftToRight
        /// What it shows, in scalar offsets: one or two stretches of text and where the ellipsis is (0 none,
        /// 1 before, 2 between, 3 after), for ``TextLayout/string(ofLine:)``.
        var shown: Range<Int> = 0..<0
        var shownAfter: Range<Int> = 0..<0
        var ellipsis: Int8 = 0
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
    /// The first paragraph's direction: as asked, or from its first strong character.
    public let direction: ReadingDirection

    /// Lays out `text` in one style.
    /// - Parameters:
    ///   - width: the line width in points (see "Bad input" in the type's notes).
    ///   - maxLines: the most lines shown; 0 (the default) for no limit.
    ///   - truncation: where the ellipsis goes when lines are cut.
    ///   - lineSpacing: extra points between lines.
    ///   - direction: the paragraphs' direction; nil (the default) takes each one's from its first strong
    ///     character (left to right when it has none).
    @MainActor
    public init(_ text: String, style: TextStyle, width: Double, maxLines: Int = 0,
                truncation: TextTruncation = .tail, alignment: TextAlign = .leading, lineSpacing: Double = 0,
                direction: ReadingDirection? = nil, measurer: some TextMeasurer) {
        self.init(runs: [TextRun(text, style: style)], width: width, maxLines: maxLines, truncation: truncation,
                  alignment: alignment, lineSpacing: lineSpacing, direction: direction, measurer: measurer)
    }

    /// Lays out UTF-8 bytes in one style; invalid sequences become U+FFFD.
    @MainActor
    public init<Bytes: Collection<UInt8>>(utf8 bytes: Bytes, style: TextStyle, width: Double, maxLines: Int = 0,
                                         truncation: TextTruncation = .tail, alignment: TextAlign = .leading,
                                         lineSpacing: Double = 0, direction: ReadingDirection? = nil,
                                         measurer: some TextMeasurer) {
        self.init(String(decoding: bytes, as: UTF8.self), style: style, width: width, maxLines: maxLines,
                  truncation: truncation, alignment: alignment, lineSpacing: lineSpacing, direction: direction,
                  measurer: measurer)
    }

    /// Lays out an attributed paragraph (or several, separated by newlines): runs of text, each in
    /// its own style. Parameters as in ``init(_:style:width:maxLines:truncation:alignment:lineSpacing:direction:measurer:)``.
    @MainActor
    public init(runs: [TextRun], width: Double, maxLines: Int = 0, truncation: TextTruncation = .tail,
                alignment: TextAlign = .leading, lineSpacing: Double = 0, direction: ReadingDirection? = nil,
                measurer: some TextMeasurer) {
        var runs = runs
        let scale = ViewNode.textScale
        if scale != 1 {   // the user's Larger text setting (TextScale): each style at its scaled size
            for i in runs.indices { runs[i].style = runs[i].style.scaled(by: scale) }
        }
        var builder = TextLayoutBuilder(runs: runs, direction: direction, measurer: measurer)
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
        self.direction = builder.firstDirection
    }

    /// The text line `index` shows in logical order (with its ellipsis, without hanging spaces, a
    /// newline inside a truncated line as a space); empty for an index out of range.
    /// Complexity: O(length of the text).
    public func string(ofLine index: Int) -> String {
        guard lines.indices.contains(index) else { return "" }
        return string(of: lines[index], scalars: Array(text.unicodeScalars))
    }

    /// Every line's text (see ``string(ofLine:)``). Complexity: O(length of the text).
    public var lineStrings: [String] {
        let all = Array(text.unicodeScalars)
        return lines.map { string(of: $0, scalars: all) }
    }

    private func string(of line: Line, scalars: [Unicode.Scalar]) -> String {
        var s = String.UnicodeScalarView()
        func append(_ range: Range<Int>) {
            var i = max(0, range.lowerBound)
            while i < min(range.upperBound, scalars.count) {
                let c = scalars[i]
                if c == "\r", i + 1 < range.upperBound, scalars[i + 1] == "\n" { i += 1; continue }
                s.append(Character(c).isNewline ? " " : c)
                i += 1
            }
        }
        if line.ellipsis == 1 { s.append("\u{2026}") }
        append(line.shown)
        if line.ellipsis == 2 { s.append("\u{2026}") }
        append(line.shownAfter)
        if line.ellipsis == 3 { s.append("\u{2026}") }
        return String(s)
    }
}

