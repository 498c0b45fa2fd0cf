// Font fallback keeps the style's weight (issue 41): with an Arabic face registered as the regular and the bold
// face, Latin text (which the Arabic face lacks) comes from a bold fallback face in a bold style and a regular one
// in a regular style: the chosen file's weight as fontconfig's own fc-scan reads it, and the ink it draws.

import Foundation
import Testing
import ScrollKitTestSupport
@testable import ScrollKit
@testable import ScrollKitSDL

extension CanvasTests {
    @Suite("Fallback keeps the weight")
    @MainActor
    struct FallbackWeight {
        static let arabicRegular = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
        static let arabicBold = "/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf"

        /// A library whose regular and bold faces are Noto Sans Arabic's (no Latin letters).
        static func arabicLibrary() throws -> FontLibrary {
            try #require(FileManager.default.fileExists(atPath: arabicRegular) && FileManager.default.fileExists(atPath: arabicBold))
            let fonts = FontLibrary()
            try fonts.register(fontFile: arabicRegular, as: FontLibrary.regularFace)
            try fonts.register(fontFile: arabicBold, as: FontLibrary.boldFace)
            return fonts
        }

        /// fontconfig's weight of a font file (fc-scan): 80 regular ("Book"), 200 bold.
        static func fcWeight(_ path: String) throws -> Int {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-scan")
            process.arguments = ["--format", "%{weight}\n", path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            return try #require(Int(first.trimmingCharacters(in: .whitespaces)), "fc-scan said \"\(first)\" for \(path)")
        }

        /// The files the letters of `text` are drawn from, in `weight`.
        static func files(_ text: String, weight: TextStyle.Weight, measurer: FontTextMeasurer) -> Set<String> {
            let style = TextStyle(size: 20, weight: weight)
            let layout = TextLayout(text, style: style, width: 1000, measurer: measurer)
            var paths = Set<String>()
            for glyph in layout.glyphs where !glyph.scalar.properties.isWhitespace {
                if glyph.font == 0 {
                    paths.insert(measurer.fonts.path(forFace: FontLibrary.face(for: weight)) ?? "?")
                } else {
                    paths.insert(measurer.fonts.shaping.font(glyph.font)?.path ?? "?")
                }
            }
            return paths
        }

        @Test("Latin letters in a bold style come from a bold face, in a regular style from a regular one")
        func theFallbackFaceHasTheStylesWeight() throws {
            let fonts = try Self.arabicLibrary()
            let measurer = FontTextMeasurer(fonts: fonts, pixelScale: 1)
            // Bold first: a cache by scalar alone would then hand the bold face to regular text.
            for weight in [TextStyle.Weight.bold, .regular, .bold] {
                let latin = Self.files("Hamburg Airport", weight: weight, measurer: measurer)
                try #require(!latin.isEmpty)
                for path in latin {
                    #expect(path != Self.arabicRegular && path != Self.arabicBold, "Latin from the Arabic face: \(path)")
                    let w = try Self.fcWeight(path)
                    if weight == .bold {
                        #expect(w >= 180, "bold Latin from \(path), weight \(w)")
                    } else {
                        #expect(w < 180, "regular Latin from \(path), weight \(w)")
                    }
                }
                // The Arabic letters still come from the registered face of that weight.
                #expect(Self.files("مطار", weight: weight, measurer: measurer)
                        == [weight == .bold ? Self.arabicBold : Self.arabicRegular])
            }
        }

        /// The ink of a line of text drawn black on white: the sum of darkness over its pixels.
        static func ink(_ text: String, weight: TextStyle.Weight, fonts: FontLibrary) throws -> Double {
            let target = try OffscreenRenderer(width: 400, height: 60, scale: 1, fonts: fonts, direct: true)
            let canvas = target.canvas
            let layout = TextLayout(text, style: TextStyle(size: 24, weight: weight, color: .black), width: 380,
                                    measurer: canvas.textMeasurer)
            canvas.beginFrame()
            canvas.clear(.white)
            canvas.drawTextLayout(layout, at: Point(x: 10, y: 10))
            let image = try target.image()
            var sum = 0.0
            for i in stride(from: 0, to: image.rgba.count, by: 4) { sum += Double(255 - Int(image.rgba[i])) / 255 }
            return sum
        }

        @Test("bold Latin's strokes are thicker than regular's, by about as much as the bundled faces' are")
        func boldLatinDrawsBolder() throws {
            let fonts = try Self.arabicLibrary()
            let text = "Hamburg Airport"
            let ratio = try Self.ink(text, weight: .bold, fonts: fonts) / Self.ink(text, weight: .regular, fonts: fonts)
            let reference = try Self.ink(text, weight: .bold, fonts: FontLibrary()) / Self.ink(text, weight: .regular, fonts: FontLibrary())
            #expect(reference > 1.15)
            #expect(ratio > 1.15, "bold / regular ink \(ratio) (the bundled faces: \(reference))")
        }
    }
}
