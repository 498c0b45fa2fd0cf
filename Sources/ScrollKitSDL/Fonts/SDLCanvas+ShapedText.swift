// SDLCanvas's one-line texts that need shaping (drawText and measureText for Arabic, Hebrew, Indic, Thai, marks,
// characters from fallback fonts): a TextLayout made once per string, style and colour, drawn from the atlas.

import ScrollKit

/// A one-line shaped text's cache key.
struct ShapedLineKey: Hashable {
    var text: String
    var size: Double
    var weight: TextStyle.Weight
    var color: RGBAColor
}

extension SDLCanvas {
    /// The most bytes the shaped one-line texts kept hold together (text, glyphs, lines): 8 MiB, least recently
    /// used out first.
    static let shapedLineBudget = 8 << 20

    /// Whether `drawText` draws `text` through ``TextLayout`` (HarfBuzz, fallback fonts, bidi): when the glyph
    /// path cannot (a scalar that needs shaping, or that the bundled face lacks) and the string is not one the
    /// emoji font draws whole.
    func drawsShaped(_ text: String) -> Bool {
        glyphCachingEnabled && !(fonts.emojiFontAtStrike() != nil && FontLibrary.isEmojiOnly(text))
    }

    /// `text` laid out on one line in `style` with this canvas's measurer, cached.
    func shapedLine(_ text: String, style: TextStyle) -> TextLayout {
        let key = ShapedLineKey(text: text, size: style.size, weight: style.weight, color: style.color)
        if let layout = shapedLines.value(for: key) { return layout }
        let layout = TextLayout(text, style: style, width: .infinity, maxLines: 1, measurer: textMeasurer)
        let bytes = 128 + 2 * text.utf8.count + layout.glyphs.count * MemoryLayout<TextLayout.Glyph>.stride
            + layout.lines.count * MemoryLayout<TextLayout.Line>.stride
        shapedLines.insert(layout, bytes: bytes, for: key)
        return layout
    }

    /// Draws `text` shaped, on one line, vertically centred in `rect` and aligned in it as `drawText` aligns
    /// (`.leading` and `.left` at the left edge: this path does not reorder the rectangle, only the glyphs), cut
    /// at the rect (a text wider than it starts at its left edge, as `drawText`'s other paths do).
    func drawShapedText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) {
        let layout = shapedLine(text, style: style)
        let width = layout.size.width
        var x = rect.minX
        if width <= rect.width {
            switch alignment {
            case .leading, .left: break
            case .center: x += (rect.width - width) / 2
            case .trailing, .right: x += rect.width - width
            }
        }
        pushClip(rect)
        drawTextLayout(layout, at: Point(x: x, y: rect.midY - layout.size.height / 2))
        popClip()
    }
}
