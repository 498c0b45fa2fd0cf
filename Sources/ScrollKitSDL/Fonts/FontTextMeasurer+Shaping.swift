// FontTextMeasurer+Shaping: the measurer's shaping (HarfBuzz with fallback fonts, through RunShaper) and its font
// names.

import ScrollKit

extension FontTextMeasurer {
    /// Shapes a run with HarfBuzz: ligatures, kerning, Arabic joining, Indic conjuncts, marks; each
    /// cluster from the style's face when it has it, else from the font library's fallback files, else
    /// from the system's fonts (fontconfig), colour emoji from a colour font. Advances are whole pixels at
    /// `points × pixelScale`, converted back to points. Runs are cached (see ``RunShaper``).
    public func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, style: TextStyle, direction: ReadingDirection,
                      into glyphs: inout [ShapedGlyph]) {
        guard let size = pixelSize(style.size), range.lowerBound >= 0, range.upperBound <= scalars.count else { return }
        shaper.shape(scalars, range: range, weight: style.weight, pixelSize: size, pixelScale: pixelScale,
                     rightToLeft: direction == .rightToLeft, fonts: fonts,
                     nominalAdvance: { [unowned self] in self.advance(of: $0, style: style) }, into: &glyphs)
    }

    /// The base name of the font file behind a glyph's font id (0: the style's face).
    public func fontName(of font: Int, style: TextStyle) -> String {
        if font == 0 {
            let path = fonts.path(forFace: FontLibrary.face(for: style.weight)) ?? "?"
            return path.split(separator: "/").last.map(String.init) ?? path
        }
        return fonts.shaping.font(font)?.fileName ?? "?"
    }
}
