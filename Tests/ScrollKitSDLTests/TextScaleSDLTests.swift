// Larger text with real fonts: the setting's parsing (environment, `gsettings get` output), label widths at a
// scale against HarfBuzz's hb-shape at the larger size, a standard-cell table at 2.0 against its golden, and
// drawing at 2.0 without allocating once the glyphs are cached.

import Foundation
@testable import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

/// Runs `body` at text scale `scale`, restoring the previous scale after (the scale is process-wide).
@MainActor
private func atScale<T>(_ scale: Double, _ body: () throws -> T) rethrows -> T {
    let old = ViewNode.textScale
    ViewNode.textScale = scale
    defer { ViewNode.textScale = old }
    return try body()
}

extension CanvasTests {
    @Suite("Text scale")
    @MainActor
    struct TextScaleSDL {
        @Test("SCROLLKIT_TEXT_SCALE and command-line values: numbers clamped to 1...2, anything else rejected")
        func parsing() {
            #expect(DesktopTextScale.parse("1.5") == 1.5)
            #expect(DesktopTextScale.parse(" 1.25\n") == 1.25)
            #expect(DesktopTextScale.parse("2") == 2)
            #expect(DesktopTextScale.parse("3") == 2)
            #expect(DesktopTextScale.parse("0.8") == 1)
            #expect(DesktopTextScale.parse("-4") == 1)
            for garbage in ["", " ", "big", "nan", "NaN", "inf", "-inf", "1.5x", "1,5", "1e999", "0x2", "١٫٥"] {
                #expect(DesktopTextScale.parse(garbage) == nil, "\(garbage)")
            }
            #expect(DesktopTextScale.fromEnvironment([:]).scale == nil)
            #expect(DesktopTextScale.fromEnvironment(["SCROLLKIT_TEXT_SCALE": ""]).scale == nil)
            let good = DesktopTextScale.fromEnvironment(["SCROLLKIT_TEXT_SCALE": "1.75"])
            #expect(good.scale == 1.75 && good.warning == nil)
            let bad = DesktopTextScale.fromEnvironment(["SCROLLKIT_TEXT_SCALE": "huge"])
            #expect(bad.scale == 1)
            let warning = bad.warning
            #expect(warning?.hasPrefix("warning: SCROLLKIT_TEXT_SCALE=huge") == true)
            #expect(warning?.contains("\n") == false, "one line")
        }

        @Test("gsettings output: GVariant doubles as `gsettings get` prints them")
        func gsettingsValues() {
            #expect(DesktopTextScale.parseGSettings("1.25\n") == 1.25)
            #expect(DesktopTextScale.parseGSettings("1.0\n") == 1)
            #expect(DesktopTextScale.parseGSettings("@d 1.5\n") == 1.5)
            #expect(DesktopTextScale.parseGSettings("3.0") == 2)
            #expect(DesktopTextScale.parseGSettings("0.5") == 1)
            #expect(DesktopTextScale.parseGSettings("No such schema “org.gnome.desktop.interface”\n") == nil)
            #expect(DesktopTextScale.parseGSettings("") == nil)
        }

        /// The real tool, when installed: its answer parses (the oracle is gsettings' own output format), and a
        /// value written to a private memory backend comes back.
        @Test("the real gsettings answers in a form the parser reads")
        func realGSettings() throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gsettings") else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gsettings")
            process.arguments = ["get", "org.gnome.desktop.interface", "text-scaling-factor"]
            process.environment = ["GSETTINGS_BACKEND": "memory", "PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return }   // no GNOME schema here
            let text = String(decoding: data, as: UTF8.self)
            #expect(DesktopTextScale.parseGSettings(text) == 1, "the schema's default is 1.0: \(text)")
            let started = Date()
            let scale = DesktopTextScale.desktopScale(timeout: 2)
            #expect(scale.map { TextScale.range.contains($0) } ?? true)
            #expect(Date().timeIntervalSince(started) < 2.5)
        }

        @Test("a command that does not answer in time is killed and gives nil")
        func timeout() {
            let started = Date()
            #expect(DesktopSettings.run(["sleep", "5"], timeout: 0.2) == nil)
            #expect(Date().timeIntervalSince(started) < 2)
            #expect(DesktopSettings.run(["printf", "1.5"], timeout: 2) == "1.5")
            #expect(DesktopSettings.run(["no-such-command-scrollkit"], timeout: 1) == nil)
        }

        /// The advance widths hb-shape gives for `text` in the bundled DejaVu Sans at `size` (pixels).
        static func hbWidth(_ text: String, size: Double) throws -> Double {
            let font = try #require(FontLibrary.bundledFontFiles.first { $0.hasSuffix("DejaVuSans.ttf") })
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
            process.arguments = ["--output-format=json", "--no-glyph-names", "--font-size=\(size)", font, text]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let glyphs = try JSONDecoder().decode([Shaping.HBGlyph].self, from: data)
            return glyphs.reduce(0) { $0 + $1.ax }
        }

        /// A label's width at scale s: what hb-shape gives at the size it is drawn at (within 2 px; fonts are
        /// rasterised at whole pixel sizes, as at 1.0, so 17 pt at 1.5 is drawn at 26 px), and no further from
        /// the width at 1.0 times s than HarfBuzz's own widths are from theirs (within 2 px more): glyph advances
        /// are whole pixels at every size, so a long label does not grow exactly s times, in hb-shape either.
        @Test("a label at scale s is s times as wide, as HarfBuzz shapes it at the larger size",
              arguments: [1.25, 1.5, 1.75, 2.0])
        func labelWidths(scale: Double) throws {
            let measurer = FontTextMeasurer(pixelScale: 1)
            for text in ["Settings", "Notifications and sounds", "The quick brown fox jumps over the lazy dog"] {
                let base = TextLayout(text, style: TextStyle(size: 17), width: .infinity, measurer: measurer).size.width
                let scaled = atScale(scale) {
                    TextLayout(text, style: TextStyle(size: 17), width: .infinity, measurer: measurer).size.width
                }
                let drawnSize = (17 * scale).rounded()
                let oracle = try Self.hbWidth(text, size: drawnSize)
                #expect(abs(scaled - oracle) <= 2, "\(text) at \(scale): \(scaled) vs hb-shape \(oracle) at \(drawnSize) px")
                let oracleBase = try Self.hbWidth(text, size: 17)
                let oracleExact = try Self.hbWidth(text, size: 17 * scale)
                let harfBuzzDrift = abs(oracle - oracleBase * scale)
                #expect(abs(scaled - base * scale) <= harfBuzzDrift + 2,
                        "\(text) at \(scale): \(scaled) vs \(base) × \(scale) = \(base * scale); hb-shape \(oracle) vs \(oracleBase * scale)")
                if ProcessInfo.processInfo.environment["SCROLLKIT_PRINT_TEXT_SCALE"] != nil {
                    print("text-scale \(scale) \"\(text)\": ours \(scaled) (1.0: \(base), ×s \(base * scale)); "
                          + "hb-shape \(oracle) at \(drawnSize) px, \(oracleExact) at \(17 * scale) px, \(oracleBase) at 17 px")
                }
            }
        }

        /// The settings-like table of standard cells laid out and drawn at 2.0 (rows measured from their text).
        @Test func tableAtTwiceTheTextMatchesGolden() throws {
            try atScale(2) {
                let target = try OffscreenRenderer(width: 360, height: 900, scale: 1)
                let canvas = target.canvas
                let table = makeStandardCellTable(measurer: FontTextMeasurer.shared)
                table.frame = Rect(x: 0, y: 0, width: 360, height: 900)
                for cell in table.subviews.compactMap({ $0 as? StandardCell }) {
                    if case .image = cell.leading { cell.leading = .swatch(RGBAColor(hex: 0x8E8E93), symbol: "I") }
                }
                for _ in 0..<2 {
                    canvas.beginFrame()
                    canvas.clear(RGBAColor(hex: 0xF2F2F7))
                    table.draw(in: canvas)
                }
                let bottom = table.subviews.map(\.frame.maxY).max() ?? 0
                #expect(bottom > 600, "rows grew: the table is \(bottom) pt tall at 2.0")
                GoldenImages.expectMatch(try target.image(), named: "standard-cells-text-scale-2",
                                         in: GoldenImages.directory(besides: #filePath))
            }
        }

        /// At 2.0, drawing laid-out cells still allocates nothing once their glyphs are cached (counted when the
        /// malloc interposer is preloaded; see `MallocCounter`).
        @Test func drawingAtTwiceTheTextAllocatesNothing() throws {
            try atScale(2) {
                let target = try OffscreenRenderer(width: 360, height: 900, scale: 2, direct: true)
                let canvas = target.canvas
                let table = makeStandardCellTable(measurer: canvas.textMeasurer)
                table.frame = Rect(x: 0, y: 0, width: 360, height: 900)
                if let mallocs = standardCellDrawingMallocs(table: table, canvas: canvas) {
                    #expect(mallocs == 0, "drawing standard cells at text scale 2 made \(mallocs) mallocs in 5 frames")
                }
            }
        }
    }
}
