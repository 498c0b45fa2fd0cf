// Shaping for TextLayout: ShapedGlyph (what a measurer's shaper returns) and the default shaping from per-scalar
// advances that every TextMeasurer gets.

/// One glyph of a shaped run, as a ``TextMeasurer``'s ``TextMeasurer/shape(_:range:style:direction:into:)``
/// returns it (HarfBuzz's `hb_glyph_info_t` and `hb_glyph_position_t` together, in points).
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph's id in its font (for the default shaping: the Unicode scalar's value).
    public var id: UInt32
    /// The offset, in Unicode scalars of the whole text, of the first scalar of the cluster it draws.
    public var cluster: Int
    /// How far the pen moves after it, in points.
    public var advance: Double
    /// Where it is drawn from the pen: right, and up from the baseline, in points (marks sit on their base).
    public var xOffset: Double
    public var yOffset: Double
    /// Which font draws it, as the measurer numbers its fonts (0: the style's own font, drawn by scalar).
    public var font: Int
    public init(id: UInt32, cluster: Int, advance: Double, xOffset: Double = 0, yOffset: Double = 0, font: Int = 0) {
        self.id = id; self.cluster = cluster; self.advance = advance
        self.xOffset = xOffset; self.yOffset = yOffset; self.font = font
    }
}

extension TextMeasurer {
    /// The default shaping: one glyph per Unicode scalar at ``advance(of:style:)`` (no ligatures, no
    /// kerning, no joining), glyph ids being the scalars' values, from font 0; right to left, the glyphs
    /// come in reverse. What ``ApproximateTextMeasurer`` and measurers written before shaping use.
    public func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, style: TextStyle, direction: ReadingDirection,
                      into glyphs: inout [ShapedGlyph]) {
        let lower = max(0, min(range.lowerBound, scalars.count)), upper = max(lower, min(range.upperBound, scalars.count))
        let start = glyphs.count
        for i in lower..<upper {
            let scalar = scalars[i]
            let category = scalar.properties.generalCategory
            let a = category == .control || category == .format ? 0 : advance(of: scalar, style: style)
            glyphs.append(ShapedGlyph(id: scalar.value, cluster: i, advance: a))
        }
        if direction == .rightToLeft { glyphs[start...].reverse() }
    }

    /// The default font name: "approximate" (no font files behind it).
    public func fontName(of font: Int, style: TextStyle) -> String { "approximate" }
}
