// FontTextMeasurer's shaping against HarfBuzz's own hb-shape (same font file, text and size: glyph ids, clusters,
// advances, offsets), fallback fonts, and shaped text drawn from the atlas without allocating.

import Foundation
import Testing
import ScrollKitTestSupport
@testable import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting

extension CanvasTests {
    @Suite("Shaping")
    @MainActor
    struct Shaping {
        struct Case: Sendable, CustomStringConvertible {
            var name: String
            var text: String
            var size: Double
            var rightToLeft: Bool
            /// A piece of the font file name the run must come from (the fallback chosen).
            var font: String
            var description: String { name }
        }

        nonisolated static let cases = [
            Case(name: "Arabic joins", text: "مرحبا بالعالم", size: 20, rightToLeft: true, font: "DejaVuSans"),
            Case(name: "Hebrew with points", text: "שָׁלוֹם עוֹלָם", size: 20, rightToLeft: true, font: "DejaVuSans"),
            Case(name: "Devanagari conjuncts", text: "स्वतंत्रताक्षत्रिय", size: 20, rightToLeft: false, font: "Devanagari"),
            Case(name: "Thai marks", text: "ภาษาไทยน้ำใจ", size: 20, rightToLeft: false, font: "Thai"),
            Case(name: "Latin kerning and ligatures", text: "office AVATAR Wave To", size: 17, rightToLeft: false, font: "DejaVuSans"),
            Case(name: "emoji ZWJ, skin tone, flag", text: "👩‍👩‍👧👍🏽🇯🇵", size: 24, rightToLeft: false, font: "ColorEmoji"),
        ]

        /// hb-shape's glyphs: `--output-format=json --no-glyph-names --font-size=SIZE` (positions in pixels).
        struct HBGlyph: Decodable { var g: UInt32; var cl: Int; var dx: Double; var dy: Double; var ax: Double }

        static func hbShape(font path: String, index: Int32, text: String, size: Double, rightToLeft: Bool) throws -> [HBGlyph] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
            process.arguments = ["--output-format=json", "--no-glyph-names", "--font-size=\(Int(size))", "--face-index=\(index)",
                                 "--direction=\(rightToLeft ? "rtl" : "ltr")", path, text]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return try JSONDecoder().decode([HBGlyph].self, from: data)
        }

        @Test("glyph ids, clusters and advances are hb-shape's", arguments: Shaping.cases)
        func matchesHBShape(_ c: Case) throws {
            let measurer = FontTextMeasurer(pixelScale: 1)
            let style = TextStyle(size: c.size)
            let scalars = Array(c.text.unicodeScalars)
            var glyphs: [ShapedGlyph] = []
            measurer.shape(scalars, range: 0..<scalars.count, style: style, direction: c.rightToLeft ? .rightToLeft : .leftToRight,
                           into: &glyphs)
            let names = Set(glyphs.map { measurer.fontName(of: $0.font, style: style) })
            #expect(names.count == 1, "one font for the whole run: \(names)")
            let name = try #require(names.first)
            #expect(name.contains(c.font), "\(name)")
            // The file behind the run: the style's face (font 0 or its shaping id), or the fallback's.
            let id = glyphs.first { $0.font != 0 }?.font ?? measurer.fonts.shapingFontID(for: .regular) ?? 0
            let font = try #require(measurer.fonts.shaping.font(id))
            let expected = try Self.hbShape(font: font.path, index: font.index, text: c.text, size: c.size, rightToLeft: c.rightToLeft)
            #expect(glyphs.map(\.id) == expected.map(\.g))
            #expect(glyphs.map(\.cluster) == expected.map(\.cl))
            guard glyphs.count == expected.count else { return }
            for (ours, theirs) in zip(glyphs, expected) {
                // The face's own unshaped glyphs (font 0) keep FreeType's hinted advance, as SDL2_ttf draws
                // them, plus HarfBuzz's kerning: within a pixel of hb-shape's unhinted one. The rest is exact.
                let tolerance = ours.font == 0 ? 1.0 : 0.0
                #expect(abs(ours.advance - theirs.ax) <= tolerance, "advance of glyph \(ours.id): \(ours.advance) vs \(theirs.ax)")
                #expect(abs(ours.xOffset - theirs.dx) <= 0.5 && abs(ours.yOffset - theirs.dy) <= 0.5,
                        "offset of glyph \(ours.id): (\(ours.xOffset), \(ours.yOffset)) vs (\(theirs.dx), \(theirs.dy))")
            }
        }

        @Test("a frame asks fontconfig nothing: shaping the same run again comes from the cache")
        func runsAreCached() {
            let measurer = FontTextMeasurer(pixelScale: 1)
            let text = "नमस्ते ภาษาไทย 中文"
            _ = TextLayout(text, style: TextStyle(size: 16), width: 300, measurer: measurer)
            let shaped = measurer.shaper.shapedRuns
            _ = TextLayout(text, style: TextStyle(size: 16), width: 120, measurer: measurer)
            #expect(measurer.shaper.shapedRuns == shaped)
            #expect(measurer.shaper.cachedRuns > 0)
        }

        @Test("an app's own fallback file comes before the system's")
        func appFallbackFirst() throws {
            let fonts = FontLibrary()
            let thai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
            try #require(FileManager.default.fileExists(atPath: thai))
            fonts.fallbackFontFiles = [thai]
            fonts.usesSystemFallback = false
            let measurer = FontTextMeasurer(fonts: fonts, pixelScale: 1)
            let style = TextStyle(size: 16)
            let layout = TextLayout("ไทย 中", style: style, width: 300, measurer: measurer)
            let names = layout.glyphs.map { measurer.fontName(of: $0.font, style: style) }
            #expect(names.first == "NotoSansThai-Regular.ttf")
            #expect(names.last == "DejaVuSans.ttf")   // no system fallback: the face's missing glyph
        }

        @Test("shaped text draws ink in every script, colour for emoji, and redraws without rasterising or allocating")
        func shapedTextDraws() throws {
            let target = try OffscreenRenderer(width: 400, height: 260, scale: 1, direct: true)
            let canvas = target.canvas
            let style = TextStyle(size: 20, color: .black)
            let layouts = ["مرحبا 2024", "स्वतंत्रता", "ภาษาไทย", "中文 日本語 한국어", "👩‍👩‍👧🇯🇵"].map {
                TextLayout($0, style: style, width: 380, measurer: canvas.textMeasurer)
            }
            func draw() {
                for index in 0..<layouts.count {
                    canvas.drawTextLayout(layouts[index], at: Point(x: 10, y: 10 + Double(index) * 48))
                }
            }
            canvas.beginFrame()
            canvas.clear(.white)
            draw()
            let image = try target.image()
            func ink(_ band: Int, colour: Bool = false) -> Int {
                var count = 0
                for row in (10 + band * 48)..<(10 + band * 48 + 40) {
                    for column in 0..<image.width {
                        let i = (row * image.width + column) * 4
                        let r = Int(image.rgba[i]), g = Int(image.rgba[i + 1]), b = Int(image.rgba[i + 2])
                        if colour ? max(r, g, b) - min(r, g, b) > 60 : r < 128 { count += 1 }
                    }
                }
                return count
            }
            for band in 0..<4 { #expect(ink(band) > 100, "script \(band) drew no ink") }
            #expect(ink(4, colour: true) > 40, "the emoji are not in colour")   // the flag's red disc, the family's skin
            let rasterized = canvas.glyphsRasterized, textures = canvas.textTexturesCreated
            let mallocs = MallocCounter.count { for _ in 0..<3 { draw() } }
            if let mallocs { #expect(mallocs == 0, "drawing shaped text made \(mallocs) mallocs") }
            #expect(canvas.glyphsRasterized == rasterized && canvas.textTexturesCreated == textures)
            #expect(canvas.lastError == nil)
        }
    }
}
