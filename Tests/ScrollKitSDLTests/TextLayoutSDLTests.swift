import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

/// The text-layout card: wrapped, truncated and attributed text in a 400 × 300 point picture, each
/// layout's measured size outlined.
@MainActor
func drawTextLayoutCard(on canvas: SDLCanvas) {
    let ink = RGBAColor(hex: 0x1C1C1E), secondary = RGBAColor(hex: 0x6E6E73), guide = RGBAColor(hex: 0xB3D4F5)
    let measurer = canvas.textMeasurer
    canvas.beginFrame()
    canvas.clear(RGBAColor(hex: 0xF2F2F7))
    func place(_ layout: TextLayout, at point: Point) -> Double {
        canvas.strokeRect(Rect(origin: point, size: Size(width: layout.width.isFinite ? layout.width : layout.size.width,
                                                           height: layout.size.height)), color: guide, width: 1)
        canvas.drawTextLayout(layout, at: point)
        return point.y + layout.size.height
    }

    // Wrapped: leading and centred paragraphs, 180 pt wide.
    canvas.fillRoundedRect(Rect(x: 8, y: 8, width: 196, height: 196), radius: 10, color: .white)
    var y = place(TextLayout("Wrapping", style: TextStyle(size: 15, weight: .bold, color: ink), width: 180,
                             measurer: measurer), at: Point(x: 16, y: 14))
    y = place(TextLayout("Lines break at spaces, after the hyphens of Hals-Nasen-Ohren-Arzt, and between characters of https://example.com/a/very/long/path.",
                         style: TextStyle(size: 13, color: ink), width: 180, lineSpacing: 1, measurer: measurer),
              at: Point(x: 16, y: y + 6))
    _ = place(TextLayout("Centred text wraps\ntoo: each line is centred on its own.",
                         style: TextStyle(size: 12, color: secondary), width: 180, alignment: .center, measurer: measurer),
              at: Point(x: 16, y: y + 8))

    // Truncated: one line cut at the tail, the middle and the head; two lines cut at the tail, trailing.
    canvas.fillRoundedRect(Rect(x: 212, y: 8, width: 180, height: 196), radius: 10, color: .white)
    let fox = "The quick brown fox jumps over the lazy dog"
    y = place(TextLayout("Truncation", style: TextStyle(size: 15, weight: .bold, color: ink), width: 164,
                         measurer: measurer), at: Point(x: 220, y: 14))
    for mode in [TextTruncation.tail, .middle, .head] {
        y = place(TextLayout(fox, style: TextStyle(size: 13, color: ink), width: 164, maxLines: 1, truncation: mode,
                             measurer: measurer), at: Point(x: 220, y: y + 8))
    }
    _ = place(TextLayout(fox + ", then runs on and on until two lines cannot hold it.", style: TextStyle(size: 13, color: secondary),
                         width: 164, maxLines: 2, alignment: .trailing, measurer: measurer), at: Point(x: 220, y: y + 10))

    // Attributed: bold, colour and size in one paragraph, on shared baselines.
    canvas.fillRoundedRect(Rect(x: 8, y: 212, width: 384, height: 80), radius: 10, color: .white)
    let body = TextStyle(size: 13, color: ink)
    _ = place(TextLayout(runs: [
        TextRun("Attributed runs: ", style: body),
        TextRun("bold", style: TextStyle(size: 13, weight: .bold, color: ink)),
        TextRun(", ", style: body),
        TextRun("red", style: TextStyle(size: 13, color: RGBAColor(hex: 0xE53935))),
        TextRun(" and ", style: body),
        TextRun("bigger blue", style: TextStyle(size: 22, weight: .bold, color: RGBAColor(hex: 0x1E88E5))),
        TextRun(" text share each line's baseline, and the paragraph wraps as one text.", style: body),
    ], width: 368, lineSpacing: 2, measurer: measurer), at: Point(x: 16, y: 220))
}

extension CanvasTests {
    @Suite("Text layout")
    @MainActor
    struct TextLayouts {
        /// Wrapped, truncated and attributed text at 1x and 2x against committed goldens.
        @Test(arguments: [(1.0, "text-layout"), (2.0, "text-layout@2x")])
        func cardMatchesGolden(scale: Double, name: String) throws {
            let target = try OffscreenRenderer(width: 400, height: 300, scale: scale)
            drawTextLayoutCard(on: target.canvas)
            #expect(target.canvas.lastError == nil)
            GoldenImages.expectMatch(try target.image(), named: name, in: GoldenImages.directory(besides: #filePath))
        }

        /// The software target's direct compositing draws the same pixels as SDL's renderer.
        @Test func directCompositingMatchesRenderer() throws {
            let rendered = try OffscreenRenderer(width: 400, height: 300)
            let direct = try OffscreenRenderer(width: 400, height: 300, direct: true)
            drawTextLayoutCard(on: rendered.canvas)
            drawTextLayoutCard(on: direct.canvas)
            let difference = try direct.image().difference(from: try rendered.image(), tolerance: 8)
            #expect(difference.differingFraction < 0.002, "\(difference)")
        }

        /// The measured height is the drawn height: the ink of a paragraph whose last line has
        /// descenders ends inside the measured box, below the last baseline.
        @Test(arguments: [1.0, 2.0])
        func measuredHeightIsDrawnHeight(scale: Double) throws {
            let target = try OffscreenRenderer(width: 200, height: 200, scale: scale)
            let canvas = target.canvas
            let layout = TextLayout("Measured before it is drawn, this paragraph ends with jumpy, gappy glyphs",
                                    style: TextStyle(size: 14, color: .black), width: 150, lineSpacing: 3,
                                    measurer: canvas.textMeasurer)
            #expect(layout.lines.count == 4)
            canvas.beginFrame()
            canvas.clear(.white)
            canvas.drawTextLayout(layout, at: Point(x: 10, y: 10))
            let image = try target.image()
            var top = Int.max, bottom = Int.min
            for row in 0..<image.height {
                for column in 0..<image.width where image.rgba[(row * image.width + column) * 4] < 250 {
                    top = min(top, row); bottom = max(bottom, row + 1)
                }
            }
            let last = try #require(layout.lines.last)
            #expect(Double(top) >= 10 * scale)
            #expect(Double(bottom) <= (10 + layout.size.height) * scale)
            #expect(Double(bottom) > (10 + last.baseline) * scale + 1)   // the descenders
            #expect(layout.size.height == layout.lines.reduce(0) { $0 + $1.height } + 3 * 3)
        }

        /// Drawing a laid-out text again rasterises nothing and makes no texture (the glyphs are in the
        /// atlas): the per-frame path is lookups and blits.
        @Test func redrawingRasterisesNothing() throws {
            let target = try OffscreenRenderer(width: 300, height: 200)
            let canvas = target.canvas
            drawTextLayoutCard(on: canvas)
            let rasterized = canvas.glyphsRasterized, textures = canvas.textTexturesCreated
            for _ in 0..<3 { drawTextLayoutCard(on: canvas) }
            #expect(canvas.glyphsRasterized == rasterized)
            #expect(canvas.textTexturesCreated == textures)
        }

        /// The measurer on SDL2_ttf: whole pixels at its scale, the font's line metrics, nothing for bad sizes.
        @Test func fontMeasurer() {
            let one = FontTextMeasurer(pixelScale: 1), two = FontTextMeasurer(pixelScale: 2)
            let style = TextStyle(size: 15)
            let a1 = one.advance(of: "a", style: style), a2 = two.advance(of: "a", style: style)
            #expect(a1 > 5 && a1 < 12 && a1 == a1.rounded())
            #expect(a2 * 2 == (a2 * 2).rounded() && abs(a2 - a1) <= 1)
            let metrics = one.fontMetrics(for: style)
            #expect(metrics.lineHeight >= 15 && metrics.ascent > 10 && metrics.ascent < metrics.lineHeight)
            for size in [Double.nan, .infinity, 0, -1, 0.2] {
                #expect(one.advance(of: "a", style: TextStyle(size: size)) == 0)
                #expect(one.fontMetrics(for: TextStyle(size: size)) == FontMetrics(ascent: 0, lineHeight: 0))
            }
            #expect(one.advance(of: "\t", style: style) == 0)
            #expect(FontTextMeasurer(pixelScale: .nan).pixelScale == 1)
        }

        /// Bad input draws nothing and traps on nothing: NaN and far origins, empty layouts, bad sizes,
        /// scalars the font lacks.
        @Test func badInputDrawsNothing() throws {
            let target = try OffscreenRenderer(width: 100, height: 60)
            let canvas = target.canvas
            canvas.beginFrame()
            canvas.clear(.white)
            let blank = try target.image()
            let layout = TextLayout("Hello", style: TextStyle(size: 14, color: .black), width: 90, measurer: canvas.textMeasurer)
            for origin in [Point(x: .nan, y: 0), Point(x: 0, y: .infinity), Point(x: 1e12, y: 0), Point(x: 0, y: 500)] {
                canvas.drawTextLayout(layout, at: origin)
            }
            canvas.drawTextLayout(TextLayout("", style: TextStyle(size: 14), width: 90, measurer: canvas.textMeasurer), at: .zero)
            canvas.drawTextLayout(TextLayout("Bad", style: TextStyle(size: .nan), width: 90, measurer: canvas.textMeasurer), at: .zero)
            #expect(try target.image() == blank)
            // Scalars DejaVu lacks (and an emoji) keep their place and draw nothing themselves.
            let missing = TextLayout("a\u{E000}😀b", style: TextStyle(size: 14, color: .black), width: 90,
                                     measurer: canvas.textMeasurer)
            canvas.drawTextLayout(missing, at: Point(x: 2, y: 2))
            #expect(missing.lineStrings == ["a\u{E000}😀b"])
            #expect(canvas.lastError == nil)
        }

        /// The text-layout example of Sources/ScrollKit/ScrollKit.docc/TextLayout.md, verbatim.
        @Test func readmeExample() throws {
            let target = try OffscreenRenderer(width: 240, height: 80)
            let canvas = target.canvas
            // TextLayout.md: begin
            let measurer = FontTextMeasurer.shared            // no canvas needed, e.g. in sizeOfItem(at:)
            let subtitle = TextLayout(
                "A long subtitle that wraps onto a second line and is cut with an ellipsis on the third",
                style: TextStyle(size: 15, color: RGBAColor(hex: 0x6E6E73)), width: 200,
                maxLines: 2, truncation: .tail, measurer: measurer)
            let rowHeight = subtitle.size.height + 16          // the row's size, from its text
            canvas.drawTextLayout(subtitle, at: Point(x: 16, y: 8))   // in draw(in:), any number of times
            // TextLayout.md: end
            #expect(subtitle.lines.count == 2 && subtitle.isTruncated)
            #expect(subtitle.string(ofLine: 1).hasSuffix("…"))
            #expect(rowHeight > 16 + 30)
        }
    }
}

extension CanvasTests.TextLayouts {
    /// Drawing laid-out text allocates nothing once its glyphs are cached, on the software target's
    /// direct path (counted when the malloc interposer is preloaded; see `MallocCounter`). Through SDL's
    /// renderer the glyph quads go to `SDL_RenderGeometry`, whose software implementation allocates
    /// inside SDL (as for `drawText`); what ScrollKit does before that call allocates nothing.
    @Test func drawingAllocatesNothing() throws {
        let target = try OffscreenRenderer(width: 400, height: 300, scale: 2, direct: true)
        let canvas = target.canvas
        let body = TextStyle(size: 13, color: .black)
        let layouts = [
            TextLayout(String(repeating: "Wrapped text, drawn again and again without allocating. ", count: 8),
                       style: body, width: 380, lineSpacing: 2, measurer: canvas.textMeasurer),
            TextLayout("The quick brown fox jumps over the lazy dog", style: body, width: 150, maxLines: 1,
                       truncation: .middle, alignment: .center, measurer: canvas.textMeasurer),
            TextLayout(runs: [TextRun("Bold ", style: TextStyle(size: 13, weight: .bold)),
                              TextRun("big blue", style: TextStyle(size: 22, color: RGBAColor(hex: 0x1E88E5)))],
                       width: 380, measurer: canvas.textMeasurer),
        ]
        func draw() {
            for index in 0..<layouts.count {
                canvas.drawTextLayout(layouts[index], at: Point(x: 10, y: 10 + Double(index) * 120))
            }
        }
        canvas.beginFrame()
        canvas.clear(.white)
        canvas.pushClip(Rect(x: 0, y: 0, width: 400, height: 280))   // the third layout's lines are culled
        draw()   // caches the glyphs
        let glyphs = canvas.glyphsRasterized
        let mallocs = MallocCounter.count { for _ in 0..<5 { draw() } }
        canvas.popClip()
        if let mallocs {
            #expect(mallocs == 0, "drawing laid-out text made \(mallocs) mallocs in 5 frames")
        }
        #expect(canvas.glyphsRasterized == glyphs)
    }

    /// What a long paragraph costs to lay out with SDL2_ttf's metrics (printed; timing is not asserted).
    @Test func longParagraphCost() {
        let measurer = FontTextMeasurer(pixelScale: 2)
        let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt. "
        let text = String(repeating: sentence, count: 110)   // about 10,000 characters
        let style = TextStyle(size: 15)
        _ = TextLayout(sentence, style: style, width: 320, measurer: measurer)   // warms the advance cache
        let clock = ContinuousClock()
        var layout: TextLayout? = nil
        let elapsed = clock.measure { layout = TextLayout(text, style: style, width: 320, measurer: measurer) }
        #expect((layout?.lines.count ?? 0) > 100)
        print("TextLayout: \(text.count) characters, \(layout?.lines.count ?? 0) lines in \(elapsed)")
    }
}
