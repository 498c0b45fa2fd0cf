import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTestSupport
import Testing

/// Every primitive of the canvas, laid out from `origin` (points).
@MainActor
private func drawPrimitives(on canvas: SDLCanvas, at origin: Point) {
    func p(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: origin.x + x, y: origin.y + y, width: w, height: h) }
    canvas.fill(r(0, 0, 120, 90), color: RGBAColor(hex: 0xF2F2F7))
    canvas.fill(r(4, 4, 30, 12), color: RGBAColor(hex: 0x1E88E5))
    canvas.fillRoundedRect(r(40, 4, 40, 24), radius: 8, color: RGBAColor(hex: 0x34C759, alpha: 200))
    canvas.strokeRect(r(84, 4, 30, 24), color: RGBAColor(hex: 0xFF3B30), width: 2)
    canvas.drawLine(from: p(4, 34), to: p(60, 50), color: RGBAColor(hex: 0x5856D6), width: 1.5)
    canvas.drawLine(from: p(4, 56), to: p(60, 56), color: RGBAColor(hex: 0x1C1C1E), width: 1)
    canvas.drawPolyline([p(64, 34), p(80, 52), p(96, 36), p(114, 54)], color: RGBAColor(hex: 0xFF9500), width: 2)
    canvas.fillCircle(center: p(20, 74), radius: 11, color: RGBAColor(hex: 0xFF2D55, alpha: 180))
    canvas.drawText("Moved", in: r(36, 60, 80, 26), style: TextStyle(size: 15, weight: .bold, color: RGBAColor(hex: 0x1C1C1E)),
                    alignment: .center)
    canvas.drawImage(ImageRef("gradient.png"), in: r(100, 64, 16, 16), opacity: 1)
}

extension CanvasTests {
    @Suite("Translations")
    @MainActor
    struct Translations {
        let white = RGBAColor.white
        let red = RGBAColor(r: 255, g: 0, b: 0)

        /// Drawing at (0, 0) under a translation gives exactly the pixels of drawing at the moved
        /// coordinates without one: every primitive, at 1x, 1.5x and 2x, through SDL's blits and
        /// through the direct software path. Fractional offsets included.
        @Test(arguments: [(1.0, false), (2.0, false), (1.5, false), (1.0, true), (2.0, true)])
        func translatedDrawingMatchesMovedDrawing(scale: Double, direct: Bool) throws {
            let images = ImageLibrary(searchDirectories: [try makeTestImageDirectory()], decoding: .synchronous)
            for offset in [Point(x: 30, y: 20), Point(x: 7.5, y: 41.25), Point(x: -10, y: -6)] {
                let moved = try OffscreenRenderer(width: 160, height: 130, scale: scale, images: images, direct: direct)
                moved.canvas.beginFrame()
                moved.canvas.clear(white)
                drawPrimitives(on: moved.canvas, at: offset)

                let translated = try OffscreenRenderer(width: 160, height: 130, scale: scale, images: images, direct: direct)
                translated.canvas.beginFrame()
                translated.canvas.clear(white)
                // Two nested translations that add up to `offset`.
                translated.canvas.pushTranslation(dx: offset.x - 3, dy: offset.y + 5)
                translated.canvas.pushTranslation(dx: 3, dy: -5)
                #expect(translated.canvas.currentTranslation == offset)
                #expect(translated.canvas.translationDepth == 2)
                drawPrimitives(on: translated.canvas, at: .zero)
                translated.canvas.popTranslation()
                translated.canvas.popTranslation()

                let a = try moved.image(), b = try translated.image()
                #expect(a == b, "offset \(offset) at \(scale)x direct \(direct)")
                // The picture really moved: the blue bar sits at the offset.
                let bx = Int(((offset.x + 10) * scale).rounded()), by = Int(((offset.y + 8) * scale).rounded())
                if bx >= 0, by >= 0 { #expect(b[bx, by] == (0x1E, 0x88, 0xE5, 255)) }
            }
        }

        /// A clip pushed under a translation is moved by it and intersects the clips outside; once
        /// pushed it stays put when the translation changes; popping restores both stacks independently.
        @Test func clipsComposeWithTranslations() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            canvas.beginFrame()
            canvas.clear(white)
            canvas.pushClip(Rect(x: 0, y: 20, width: 100, height: 80))          // outer: y ≥ 20
            canvas.pushTranslation(dx: 10, dy: 10)
            canvas.pushClip(Rect(x: 0, y: 0, width: 50, height: 50))            // → (10,10)-(60,60) ∩ outer
            #expect(canvas.currentClip == Rect(x: 10, y: 20, width: 50, height: 40))
            canvas.pushTranslation(dx: 25, dy: 0)                                // clip stays where it is
            #expect(canvas.currentClip == Rect(x: 10, y: 20, width: 50, height: 40))
            canvas.fill(Rect(x: -100, y: -100, width: 300, height: 300), color: red)
            var image = try target.image()
            #expect(image[10, 20] == (255, 0, 0, 255))
            #expect(image[59, 59] == (255, 0, 0, 255))
            #expect(image[60, 30] == (255, 255, 255, 255))
            #expect(image[30, 15] == (255, 255, 255, 255))       // above the outer clip
            #expect(image[9, 30] == (255, 255, 255, 255))

            canvas.popTranslation()
            canvas.popClip()
            #expect(canvas.currentClip == Rect(x: 0, y: 20, width: 100, height: 80))
            #expect(canvas.currentTranslation == Point(x: 10, y: 10))
            canvas.fill(Rect(x: 70, y: 70, width: 10, height: 10), color: RGBAColor(r: 0, g: 0, b: 255))   // at (80,80)
            image = try target.image()
            #expect(image[85, 85] == (0, 0, 255, 255))
            #expect(image[75, 75] == (255, 255, 255, 255))

            // A clip pushed entirely outside the outer one after translating: empty, draws nothing.
            canvas.pushTranslation(dx: 0, dy: -200)
            canvas.pushClip(Rect(x: 0, y: 0, width: 100, height: 100))
            #expect(canvas.currentClip?.height == 0)
            canvas.fill(Rect(x: 0, y: 0, width: 100, height: 400), color: RGBAColor(r: 0, g: 255, b: 0))
            canvas.popClip()
            canvas.popTranslation()
            canvas.popTranslation()
            canvas.popClip()
            image = try target.image()
            #expect(!(0..<100).contains { x in (0..<100).contains { image[x, $0] == (0, 255, 0, 255) } })
            #expect(canvas.clipDepth == 0 && canvas.translationDepth == 0)
        }

        /// Unbalanced pops are ignored, NaN and infinite components count as 0, and a new frame
        /// starts untranslated.
        @Test func badInputAndFrameReset() throws {
            let target = try OffscreenRenderer(width: 40, height: 40)
            let canvas = target.canvas
            canvas.popTranslation()
            #expect(canvas.currentTranslation == .zero && canvas.translationDepth == 0)
            canvas.pushTranslation(dx: .nan, dy: 12)
            canvas.pushTranslation(dx: .infinity, dy: -.infinity)
            #expect(canvas.currentTranslation == Point(x: 0, y: 12))
            canvas.beginFrame()
            #expect(canvas.currentTranslation == .zero && canvas.translationDepth == 0)
            canvas.clear(white)
            canvas.pushTranslation(dx: 20, dy: 20)
            canvas.clear(RGBAColor(r: 0, g: 0, b: 255))                               // clear ignores translations
            let image = try target.image()
            #expect(image[0, 0] == (0, 0, 255, 255))
        }

        /// The recording canvas follows the same rules: commands as called, clips in canvas coordinates.
        @Test func recordingCanvasTracksTranslationsAndClips() {
            let canvas = RecordingCanvas(size: Size(width: 100, height: 100))
            canvas.pushClip(Rect(x: 0, y: 20, width: 100, height: 80))
            canvas.pushTranslation(dx: 10, dy: 10)
            canvas.pushTranslation(dx: .nan, dy: 5)
            #expect(canvas.currentTranslation == Point(x: 10, y: 15))
            canvas.pushClip(Rect(x: 0, y: 0, width: 50, height: 50))
            #expect(canvas.currentClip == Rect(x: 10, y: 20, width: 50, height: 45))
            canvas.fill(Rect(x: 1, y: 2, width: 3, height: 4), color: red)
            #expect(canvas.filledRects == [Rect(x: 1, y: 2, width: 3, height: 4)])   // as called
            canvas.popClip()
            canvas.popTranslation()
            canvas.popTranslation()
            canvas.popTranslation()                                                    // unbalanced
            #expect(canvas.unbalancedTranslationPops == 1)
            #expect(canvas.translationDepth == 0 && canvas.currentTranslation == .zero)
            #expect(canvas.commands.contains(.pushTranslation(dx: 10, dy: 10)))
            canvas.reset()
            #expect(canvas.unbalancedTranslationPops == 0 && canvas.commands.isEmpty)
        }
    }
}
