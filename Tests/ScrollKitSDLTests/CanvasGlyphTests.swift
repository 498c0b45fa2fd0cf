import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    /// Text drawn glyph by glyph from the glyph atlas: the same pixels as SDL2_ttf's whole-string
    /// rendering, nothing new rasterised for strings of cached glyphs, fallbacks, a full atlas.
    @Suite("Glyphs")
    @MainActor
    struct Glyphs {
        struct Case: Sendable, CustomStringConvertible {
            var text: String
            var size: Double
            var weight: TextStyle.Weight
            var description: String { "\(text) \(size) \(weight)" }
        }

        static let cases: [Case] = [
            Case(text: "Row 123", size: 17, weight: .bold),
            Case(text: "configured in frame 122", size: 12, weight: .regular),
            Case(text: "Scroll to end", size: 15, weight: .bold),
            Case(text: "Your Mood!", size: 34, weight: .bold),
            Case(text: "How are you feeling today?", size: 15, weight: .regular),
            Case(text: "AVAWAY To Ty, office (fjord) [x] {y} 0.25 s", size: 13, weight: .regular),
            Case(text: "Rows 60–68 of 120 · t² (3 − 2t)", size: 13, weight: .regular),
            Case(text: "Éçà ÅÑ jgq|", size: 21, weight: .regular),
            Case(text: "Penner · cubic, in-out", size: 11, weight: .regular),
        ]

        /// Draws `text` on a fresh target, glyph by glyph or as a whole string, and returns the pixels.
        func render(_ text: String, style: TextStyle, rect: Rect, alignment: TextAlign, scale: Double,
                    direct: Bool, glyphs: Bool, clip: Rect? = nil, translation: Point = .zero) throws -> RGBAImage {
            let target = try OffscreenRenderer(width: 400, height: 60, scale: scale, direct: direct)
            let canvas = target.canvas
            canvas.glyphCachingEnabled = glyphs
            canvas.clear(RGBAColor(r: 250, g: 245, b: 235))
            canvas.pushTranslation(dx: translation.x, dy: translation.y)
            if let clip { canvas.pushClip(clip) }
            canvas.drawText(text, in: rect, style: style, alignment: alignment)
            #expect(canvas.lastError == nil)
            #expect(canvas.drawsWithGlyphs(text, style: style) == glyphs, "\(text)")
            return try target.image()
        }

        /// Glyph layout equals SDL2_ttf's: the same measured width, the same placement, and (glyph
        /// overlaps aside) the same pixels, at 1× and 2×, composited directly or through SDL.
        @Test(arguments: [1.0, 2.0], [false, true])
        func matchesWholeStringRendering(scale: Double, direct: Bool) throws {
            let measure = try OffscreenRenderer(width: 10, height: 10, scale: scale)
            for c in Self.cases {
                let style = TextStyle(size: c.size, weight: c.weight, color: RGBAColor(r: 20, g: 30, b: 120))
                measure.canvas.glyphCachingEnabled = true
                let glyphSize = measure.canvas.measureText(c.text, style: style)
                measure.canvas.glyphCachingEnabled = false
                let stringSize = measure.canvas.measureText(c.text, style: style)
                #expect(glyphSize == stringSize, "\(c)")
                for alignment in [TextAlign.leading, .center, .trailing] {
                    let rect = Rect(x: 7.5, y: 3, width: 385, height: 53)
                    let a = try render(c.text, style: style, rect: rect, alignment: alignment, scale: scale, direct: direct, glyphs: true)
                    let b = try render(c.text, style: style, rect: rect, alignment: alignment, scale: scale, direct: direct, glyphs: false)
                    let diff = a.difference(from: b, tolerance: 8)
                    #expect(!diff.sizeMismatch)
                    // Only where glyph boxes overlap (SDL2_ttf merges the coverage of neighbours) may
                    // pixels differ: a handful per string.
                    #expect(diff.differingPixels <= Int(12 * scale * scale), "\(c) \(alignment): \(diff)")
                }
            }
        }

        /// Cut at the rect's right edge, clipped, translated: still the whole-string rendering's pixels.
        @Test(arguments: [false, true])
        func cutClipAndTranslationMatch(direct: Bool) throws {
            let style = TextStyle(size: 16, weight: .regular, color: .black)
            let text = "A rather long line of text, cut"
            for scale in [1.0, 2.0] {
                let narrow = Rect(x: 10, y: 0, width: 93.5, height: 40)
                let configurations: [(Rect, Rect?, Point)] = [
                    (narrow, nil, .zero),
                    (Rect(x: 0, y: 0, width: 390, height: 40), Rect(x: 31, y: 12, width: 57, height: 9), .zero),
                    (narrow, Rect(x: 50, y: 0, width: 300, height: 60), Point(x: 21.25, y: 7)),
                    (Rect(x: 10, y: 0, width: 380, height: 40), nil, Point(x: -35, y: -9)),   // off the left edge
                ]
                for (rect, clip, translation) in configurations {
                    let a = try render(text, style: style, rect: rect, alignment: .leading, scale: scale, direct: direct,
                                       glyphs: true, clip: clip, translation: translation)
                    let b = try render(text, style: style, rect: rect, alignment: .leading, scale: scale, direct: direct,
                                       glyphs: false, clip: clip, translation: translation)
                    let diff = a.difference(from: b, tolerance: 8)
                    #expect(diff.differingPixels <= Int(8 * scale * scale), "\(rect) \(String(describing: clip)): \(diff)")
                    // Nothing right of the cut (rect's right edge, translated) nor outside the clip.
                    let cutX = Int(((rect.maxX + translation.x) * scale).rounded())
                    var inkRight = 0, inkOutsideClip = 0
                    for y in 0..<a.height {
                        for x in 0..<a.width where a[x, y].r < 200 {
                            inkRight = max(inkRight, x)
                            if let clip, !(Double(x) >= clip.minX * scale && Double(x) < clip.maxX * scale
                                           && Double(y) >= clip.minY * scale && Double(y) < clip.maxY * scale) {
                                inkOutsideClip += 1
                            }
                        }
                    }
                    #expect(inkRight < cutX)
                    #expect(inkOutsideClip == 0)
                }
            }
        }

        /// A new string made of cached glyphs rasterises nothing and creates no texture; measuring it
        /// neither. A new glyph is rasterised once.
        @Test(arguments: [false, true])
        func cachedGlyphsAddNothing(direct: Bool) throws {
            let target = try OffscreenRenderer(width: 300, height: 40, direct: direct)
            let canvas = target.canvas
            canvas.glyphWarmUp = ""                           // exact counts below
            let style = TextStyle(size: 16, weight: .bold)
            let row = Rect(x: 0, y: 0, width: 300, height: 40)
            #expect(canvas.measureText("Row 1234", style: style).width > 40)
            #expect(canvas.textTexturesCreated == 0)          // measuring makes no texture
            canvas.drawText("Row 1234", in: row, style: style, alignment: .leading)
            let glyphs = canvas.glyphCount, rasterized = canvas.glyphsRasterized, textures = canvas.textTexturesCreated
            #expect(glyphs == 8 && rasterized == 8)          // R o w space 1 2 3 4
            #expect(textures == (direct ? 0 : 1))             // the atlas texture, once, only when drawn through SDL
            for text in ["Row 4321", "Row 31", "wow 1", "4321 woR"] {
                canvas.drawText(text, in: row, style: style, alignment: .center)
                _ = canvas.measureText(text, style: style)
            }
            var red = style
            red.color = RGBAColor(r: 255, g: 0, b: 0)
            canvas.drawText("Row 2143", in: row, style: red, alignment: .trailing)
            #expect(canvas.glyphCount == glyphs && canvas.glyphsRasterized == rasterized)
            #expect(canvas.textTexturesCreated == textures && canvas.textCacheCount == 0)
            canvas.drawText("Row 5", in: row, style: style, alignment: .leading)
            #expect(canvas.glyphsRasterized == rasterized + 1 && canvas.glyphCount == glyphs + 1)
            // Another size or weight is another set of glyphs.
            canvas.drawText("Row", in: row, style: TextStyle(size: 16, weight: .regular), alignment: .leading)
            #expect(canvas.glyphCount == glyphs + 4)
            #expect(canvas.glyphAtlasResets == 0)
        }

        /// A face's first use rasterises the warm-up glyphs (digits and number punctuation by
        /// default), so numbers drawn later add no glyph; an empty warm-up rasterises only what is drawn.
        @Test func warmUpGlyphsComeWithTheFace() throws {
            let target = try OffscreenRenderer(width: 300, height: 40, direct: true)
            let canvas = target.canvas
            let style = TextStyle(size: 13)
            let row = Rect(x: 0, y: 0, width: 300, height: 40)
            canvas.drawText("Row 5", in: row, style: style, alignment: .leading)
            let warmed = canvas.glyphCount
            #expect(warmed == Set(("Row 5" + canvas.glyphWarmUp).unicodeScalars).count)
            for text in ["Row 98,765", "Rows 1–12 of 10,000,000", "12:45 (3%)"] {
                canvas.drawText(text, in: row, style: style, alignment: .leading)
            }
            #expect(canvas.glyphCount == warmed + ["s", "f"].count)     // only the new letters
            // Above 64 px, and with the warm-up off, only what is drawn is rasterised.
            canvas.drawText("7", in: row, style: TextStyle(size: 80), alignment: .leading)
            #expect(canvas.glyphCount == warmed + 3)
            let cold = try OffscreenRenderer(width: 300, height: 40, direct: true)
            cold.canvas.glyphWarmUp = ""
            cold.canvas.drawText("Row 5", in: row, style: style, alignment: .leading)
            #expect(cold.canvas.glyphCount == 5)
        }

        /// A scalar the font lacks, a combining mark or a right-to-left script leaves the glyph path for the
        /// shaped one (a TextLayout per string: HarfBuzz, fallback fonts, bidi); plain text next to it does not.
        @Test func unprovidedOrComplexScalarsFallBack() throws {
            let target = try OffscreenRenderer(width: 300, height: 40)
            let canvas = target.canvas
            let style = TextStyle(size: 16)
            let row = Rect(x: 0, y: 0, width: 300, height: 40)
            for text in ["漢字 Kanji", "e\u{301}te\u{301}", "שלום", "tab\there"] {
                #expect(!canvas.drawsWithGlyphs(text, style: style), "\(text)")
            }
            #expect(canvas.drawsWithGlyphs("été – 20 °C ✓", style: style))
            canvas.drawText("漢字 Kanji", in: row, style: style, alignment: .leading)
            #expect(canvas.shapedLines.count == 1 && canvas.textCacheCount == 0)
            canvas.drawText("Kanji", in: row, style: style, alignment: .leading)
            #expect(canvas.shapedLines.count == 1 && !canvas.isTextCached("Kanji", style: style))
            #expect(canvas.measureText("漢字 Kanji", style: style).width > canvas.measureText("Kanji", style: style).width)
        }

        /// The bundled faces are not kerned by SDL2_ttf, so they are drawn from glyphs at every size; a
        /// face HarfBuzz kerns (DejaVu Serif) is drawn shaped, with its kerning.
        @Test func kernedFacesKeepTheWholeStringPath() throws {
            let target = try OffscreenRenderer(width: 300, height: 40)
            for size in stride(from: 6.0, through: 64, by: 2) {
                for weight in [TextStyle.Weight.regular, .bold] {
                    #expect(target.canvas.drawsWithGlyphs("AVAWAY To Ty", style: TextStyle(size: size, weight: weight)))
                }
            }
            let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
            guard FileManager.default.fileExists(atPath: serif) else { return }
            let fonts = FontLibrary()
            try fonts.register(fontFile: serif, as: FontLibrary.regularFace)
            let kerned = try OffscreenRenderer(width: 300, height: 40, fonts: fonts)
            let style = TextStyle(size: 16)
            #expect(!kerned.canvas.drawsWithGlyphs("AVAWAY To Ty", style: style))
            #expect(kerned.canvas.drawsWithGlyphs("AVAWAY To Ty", style: TextStyle(size: 16, weight: .bold)))
            kerned.canvas.drawText("AVAWAY To Ty", in: Rect(x: 0, y: 0, width: 300, height: 40), style: style, alignment: .leading)
            #expect(kerned.canvas.shapedLines.keys.contains { $0.text == "AVAWAY To Ty" })
        }

        /// A tiny atlas: when a glyph does not fit, the atlas starts over; a string whose glyphs cannot
        /// all fit at once is drawn whole instead, and still looks the same.
        @Test(arguments: [false, true])
        func fullAtlasStartsOverOrFallsBack(direct: Bool) throws {
            let target = try OffscreenRenderer(width: 400, height: 40, direct: direct)
            let canvas = target.canvas
            canvas.glyphWarmUp = ""                           // the tiny atlas holds only what is drawn
            canvas.glyphAtlasSize = 0
            #expect(canvas.glyphAtlasSize == 16)
            canvas.glyphAtlasSize = 1_000_000
            #expect(canvas.glyphAtlasSize == 4096)
            canvas.glyphAtlasSize = 48
            #expect(canvas.glyphAtlasSize == 48 && canvas.glyphCount == 0)
            let style = TextStyle(size: 16, color: .black)
            let row = Rect(x: 0, y: 0, width: 400, height: 40)
            canvas.clear(.white)
            canvas.drawText("abc", in: row, style: style, alignment: .leading)
            #expect(canvas.glyphCount == 3 && canvas.textCacheCount == 0)
            canvas.drawText("defghijk", in: row, style: style, alignment: .leading)
            #expect(canvas.glyphAtlasResets >= 1)
            let wide = "The quick brown fox jumps over"
            canvas.clear(.white)
            canvas.drawText(wide, in: row, style: style, alignment: .leading)
            #expect(canvas.isTextCached(wide, style: style))     // too many glyphs for 48×48: whole string
            let fallback = try target.image()
            canvas.glyphAtlasSize = 1024
            let resets = canvas.glyphAtlasResets
            canvas.clear(.white)
            canvas.drawText(wide, in: row, style: style, alignment: .leading)
            #expect(canvas.glyphAtlasResets == resets && canvas.glyphCount > 15)
            let glyphs = try target.image()
            #expect(glyphs.difference(from: fallback, tolerance: 8).differingPixels <= 12)
        }
    }
}
