// Text fields drawn with the real fonts (HarfBuzz shaping, FriBidi): the caret, the selection's tint, the
// composition's underline, the handles and the placeholder land where the layout's hit testing says, left to
// right and right to left. SCROLLKIT_TEXT_FIELD_PNG=path writes the picture to look at.
import CSDL2
import Foundation
@testable import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    @Suite("Text fields")
    @MainActor
    struct TextFields {
        func render(scale: Double = 2) throws -> (RGBAImage, [FormPanel], OffscreenRenderer) {
            let panels = makeTextFieldForm(measurer: FontTextMeasurer.shared)
            let height = Int((panels.last?.root.frame.maxY ?? 100) + 8)
            let target = try OffscreenRenderer(width: 360, height: height, scale: scale)
            let canvas = target.canvas
            canvas.beginFrame()
            canvas.clear(RGBAColor(hex: 0xF2F2F7))
            for panel in panels {
                let f = panel.root.frame
                canvas.drawText(panel.caption, in: Rect(x: 20, y: f.minY, width: 320, height: 18),
                                style: TextStyle(size: 12, weight: .bold, color: RGBAColor(hex: 0x6C6C70)), alignment: .leading)
                panel.root.draw(in: canvas)
            }
            if let path = ProcessInfo.processInfo.environment["SCROLLKIT_TEXT_FIELD_PNG"] { try target.target.writePNG(to: path) }
            return (try target.image(), panels, target)
        }

        func pixel(_ image: RGBAImage, _ p: Point, scale: Double = 2) -> (r: Int, g: Int, b: Int) {
            let x = min(max(Int(p.x * scale), 0), image.width - 1), y = min(max(Int(p.y * scale), 0), image.height - 1)
            let i = (y * image.width + x) * 4
            return (Int(image.rgba[i]), Int(image.rgba[i + 1]), Int(image.rgba[i + 2]))
        }

        /// The caret is drawn in the tint where caretRectInRoot says, for the focused field of each panel
        /// that shows a caret; nothing is drawn there a few points to the side of a caret in empty space.
        @Test func caretsAreDrawnWhereTheClientSaysLeftToRightAndRightToLeft() throws {
            let (image, panels, _) = try render()
            for index in [1, 5] {   // "Caret after typing", Hebrew caret mid-text
                let root = panels[index].root
                let client = try #require(root.focusedTextInput)
                let rect = try #require(client.caretRectInRoot)
                let c = pixel(image, Point(x: rect.minX, y: rect.midY))
                #expect(c.b > 200 && c.r < 80, "panel \(index): caret pixel \(c) at \(rect)")
            }
        }

        /// The selection's tint covers the selected word's glyphs; Arabic's selected word is at the left
        /// (its logical end), the unselected first word right of it is not tinted.
        @Test func selectionTintFollowsTheGlyphsInBothDirections() throws {
            let (image, panels, _) = try render()
            let arabic = try #require(panels[4].root.focusedTextInput as? TextFieldView)
            #expect(arabic.selectedRange == 6..<13)   // "بالعالم"
            // Left part of the text (the second word, visually first from the left) is tinted; blue dominant.
            let layout = try #require(arabic.layout)
            let origin = arabic.layoutOriginInRoot()
            let leftGlyph = try #require(layout.glyphs.min { $0.x < $1.x })
            let top = origin.y + layout.lines[0].top + 1.5
            let tinted = pixel(image, Point(x: origin.x + leftGlyph.x + 1, y: top))
            let rightGlyph = try #require(layout.glyphs.max { $0.x < $1.x })
            let plain = pixel(image, Point(x: origin.x + rightGlyph.x + 1, y: top))
            #expect(tinted.b > tinted.r + 20, "tinted \(tinted)")
            #expect(plain.r > 240 && plain.g > 240 && plain.b > 240, "plain \(plain)")
        }

        /// The composition is shown inline and underlined; the text itself is unchanged until a commit.
        @Test func compositionIsUnderlinedAndNotCommitted() throws {
            let (image, panels, _) = try render()
            let field = try #require(panels[3].root.focusedTextInput as? TextFieldView)
            #expect(field.text == "Say " && field.compositionText == "你好")
            let layout = try #require(field.layout)
            let origin = field.layoutOriginInRoot()
            let line = layout.lines[0]
            let composed = layout.glyphs.filter { $0.cluster >= 4 }
            let x = try #require(composed.first).x + 3
            let underline = pixel(image, Point(x: origin.x + x, y: origin.y + line.top + line.height - 2.2))
            #expect(underline.r < 90 && underline.g < 90, "underline \(underline)")
        }

        /// A focused field's blinking caret (frames stepped and drawn) allocates nothing once its text is laid
        /// out (counted when the malloc interposer is preloaded; see `MallocCounter`).
        @Test func blinkingFramesAllocateNothing() throws {
            let target = try OffscreenRenderer(width: 360, height: 120, scale: 1)
            let canvas = target.canvas
            let root = ViewNode(frame: Rect(x: 0, y: 0, width: 360, height: 120))
            let field = TextFieldView(text: "Blinking مرحبا", frame: Rect(x: 16, y: 16, width: 328, height: TextFieldView.height))
            field.textMeasurer = FontTextMeasurer.shared
            // The clear button's two anti-aliased strokes cost SDL's software renderer 2 mallocs a frame when
            // drawn between the text's glyphs and the caret (the strokes alone, and the field alone, cost none).
            field.showsClearButton = false
            root.addSubview(field)
            field.becomeFocused()
            var t = 0.0
            func frame() {
                root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60))
                canvas.beginFrame()
                root.draw(in: canvas)
                SDL_RenderFlush(target.renderer)   // as a present does: SDL's queued commands are recycled
                t += 1.0 / 60
            }
            for _ in 0..<3 { frame() }
            let mallocs = MallocCounter.count { for _ in 0..<90 { frame() } }
            #expect(root.isAnimating)
            if let mallocs {
                // The counter's own: it reports 4 to 5 around an empty loop.
                #expect(mallocs <= 6, "a blinking caret made \(mallocs) mallocs in 90 frames")
            }
        }
    }
}
