import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    /// `drawText` (buttons, tabs, headers: one line in a rect) shapes what the glyph-by-glyph path cannot draw:
    /// the same pixels as the shaped ``TextLayout`` drawn at the aligned place, the same width as it measures.
    @Suite("Shaped one-line text")
    @MainActor
    struct ShapedText {
        /// Strings the glyph path cannot draw (they need shaping, or fonts other than the bundled face).
        nonisolated static let texts = ["مرحبا بالعالم", "שלום 123", "नमस्ते दुनिया", "สวัสดีครับ", "中文按钮"]

        @Test(arguments: texts)
        func drawTextDrawsTheShapedLayout(_ text: String) throws {
            let style = TextStyle(size: 17, weight: .bold, color: RGBAColor(hex: 0x0A7AFF))
            let rect = Rect(x: 20, y: 10, width: 360, height: 40)
            for alignment in [TextAlign.leading, .center, .trailing] {
                let a = try OffscreenRenderer(width: 400, height: 60), b = try OffscreenRenderer(width: 400, height: 60)
                for t in [a, b] { t.canvas.clear(.white) }
                a.canvas.drawText(text, in: rect, style: style, alignment: alignment)
                let layout = TextLayout(text, style: style, width: .infinity, maxLines: 1, measurer: b.canvas.textMeasurer)
                let x: Double = switch alignment {
                case .center: rect.minX + (rect.width - layout.size.width) / 2
                case .trailing, .right: rect.maxX - layout.size.width
                default: rect.minX
                }
                b.canvas.pushClip(rect)   // cut at the rect, as drawText cuts
                b.canvas.drawTextLayout(layout, at: Point(x: x, y: rect.midY - layout.size.height / 2))
                b.canvas.popClip()
                let shot = try a.image(), expected = try b.image()
                #expect(shot.difference(from: expected, tolerance: 0).differingPixels == 0, "\(text) \(alignment)")
                #expect(abs(a.canvas.measureText(text, style: style).width - layout.size.width) < 1e-9)
                // Something was drawn.
                #expect((0..<400).contains { x in (10..<50).contains { shot[x, $0].r < 200 } })
            }
        }

        /// Text the bundled face draws glyph by glyph stays on that path (its pixels are SDL2_ttf's).
        @Test func latinTextStaysOnTheGlyphPath() throws {
            let target = try OffscreenRenderer(width: 400, height: 60)
            target.canvas.drawText("Zoë's café", in: Rect(x: 0, y: 0, width: 400, height: 60), style: TextStyle(size: 17),
                                   alignment: .leading)
            #expect(target.canvas.shapedLines.isEmpty)
        }
    }
}
