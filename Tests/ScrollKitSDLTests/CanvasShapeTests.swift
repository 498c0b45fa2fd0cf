import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    @Suite("Shapes and clips")
    @MainActor
    struct Shapes {
        let red = RGBAColor(r: 255, g: 0, b: 0)
        let white = RGBAColor.white

        func isPartial(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.g > 10 && p.g < 245 }

        /// Points become pixels through pixelScale; edges land on whole pixels.
        @Test func fillMapsPointsToPixels() throws {
            let target = try OffscreenRenderer(width: 50, height: 50, scale: 2)
            target.canvas.clear(white)
            target.canvas.fill(Rect(x: 10, y: 10, width: 10, height: 10), color: red)
            let image = try target.image()
            #expect(image[20, 20] == (255, 0, 0, 255))
            #expect(image[39, 39] == (255, 0, 0, 255))
            #expect(image[40, 40] == (255, 255, 255, 255))
            #expect(image[19, 19] == (255, 255, 255, 255))
        }

        /// Nested clips intersect; popping restores the outer clip; a disjoint pair draws nothing.
        @Test func clipsNest() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            let everything = Rect(x: 0, y: 0, width: 100, height: 100)
            canvas.clear(white)
            canvas.pushClip(Rect(x: 10, y: 10, width: 60, height: 60))
            canvas.pushClip(Rect(x: 40, y: 40, width: 60, height: 60))
            #expect(canvas.currentClip == Rect(x: 40, y: 40, width: 30, height: 30))
            canvas.fill(everything, color: red)
            var image = try target.image()
            #expect(image[45, 45] == (255, 0, 0, 255))
            #expect(image[69, 69] == (255, 0, 0, 255))
            #expect(image[70, 70] == (255, 255, 255, 255))
            #expect(image[20, 20] == (255, 255, 255, 255))

            canvas.popClip()
            #expect(canvas.currentClip == Rect(x: 10, y: 10, width: 60, height: 60))
            canvas.fill(Rect(x: 0, y: 0, width: 100, height: 30), color: RGBAColor(r: 0, g: 0, b: 255))
            image = try target.image()
            #expect(image[20, 20] == (0, 0, 255, 255))
            #expect(image[20, 5] == (255, 255, 255, 255))
            #expect(image[80, 20] == (255, 255, 255, 255))

            canvas.pushClip(Rect(x: 0, y: 0, width: 5, height: 5))     // disjoint from the outer clip (10,10)-(70,70): empty
            #expect(canvas.currentClip?.width == 0)
            canvas.fill(everything, color: RGBAColor(r: 0, g: 255, b: 0))
            canvas.fillCircle(center: Point(x: 50, y: 50), radius: 40, color: RGBAColor(r: 0, g: 255, b: 0))
            canvas.drawText("Hidden", in: everything, style: TextStyle(size: 20), alignment: .center)
            canvas.popClip()
            canvas.popClip()
            canvas.popClip()                                          // one too many: ignored
            #expect(canvas.currentClip == nil && canvas.clipDepth == 0)
            #expect(canvas.textTexturesCreated == 0)
            image = try target.image()
            #expect(!(0..<100).contains { x in (0..<100).contains { image[x, $0].g == 255 && image[x, $0].r == 0 } })

            canvas.fill(Rect(x: 0, y: 95, width: 100, height: 5), color: red)   // unclipped again
            image = try target.image()
            #expect(image[2, 97] == (255, 0, 0, 255))
        }

        /// A disc is solid inside, absent outside and anti-aliased at its edge; one texture serves every
        /// disc of one pixel diameter, in any colour.
        @Test func circlesAreAntiAliasedAndShareTextures() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            canvas.clear(white)
            canvas.fillCircle(center: Point(x: 50, y: 50), radius: 20, color: red)
            var image = try target.image()
            #expect(image[50, 50] == (255, 0, 0, 255))
            #expect(image[50, 32] == (255, 0, 0, 255))
            #expect(image[50, 25] == (255, 255, 255, 255))
            #expect(image[80, 50] == (255, 255, 255, 255))
            #expect(image[64, 64] == (255, 255, 255, 255))       // the corner of the bounding box
            let edge = (0..<100).flatMap { x in (0..<100).map { image[x, $0] } }.filter(isPartial)
            #expect(edge.count > 40, "only \(edge.count) anti-aliased pixels on the disc's edge")
            #expect(canvas.circleTexturesCreated == 1)
            for i in 0..<100 {
                canvas.fillCircle(center: Point(x: Double(i), y: Double(i)), radius: 20,
                                  color: RGBAColor(hue: Double(i) / 100, saturation: 1, value: 1, alpha: 0.5))
            }
            #expect(canvas.circleTexturesCreated == 1)

            // Above the always-kept size (256 px) a disc texture is still made, and kept for reuse.
            let big = try OffscreenRenderer(width: 400, height: 400)
            big.canvas.clear(white)
            big.canvas.fillCircle(center: Point(x: 200, y: 200), radius: 180, color: red)
            big.canvas.fillCircle(center: Point(x: 200, y: 200), radius: 180, color: red)
            image = try big.image()
            #expect(big.canvas.circleTexturesCreated == 1)
            #expect(image[200, 200] == (255, 0, 0, 255))
            #expect(image[200, 25] == (255, 0, 0, 255))
            #expect(image[200, 15] == (255, 255, 255, 255))
            #expect(image[10, 10] == (255, 255, 255, 255))
            #expect((50..<200).contains { isPartial(image[$0, $0]) })

            // Beyond every texture size: a feathered triangle fan.
            let huge = try OffscreenRenderer(width: 300, height: 300)
            huge.canvas.clear(white)
            huge.canvas.fillCircle(center: Point(x: 1200, y: 150), radius: 1100, color: red)
            image = try huge.image()
            #expect(huge.canvas.circleTexturesCreated == 0)
            #expect(image[299, 150] == (255, 0, 0, 255))
            #expect(image[50, 150] == (255, 255, 255, 255))
        }

        /// Discs composited directly into the software target match SDL's tinted blits within ±2 per
        /// channel, clipped and cut at the edges the same way, interleaved with SDL drawing in order.
        @Test func directCompositingMatchesSDL() throws {
            func render(direct: Bool) throws -> (RGBAImage, Int) {
                let target = try OffscreenRenderer(width: 160, height: 120, direct: direct)
                let canvas = target.canvas
                #expect(canvas.isCompositingDirectly == direct)
                canvas.clear(RGBAColor(hex: 0x202830))
                for i in 0..<60 {
                    let t = Double(i)
                    if i == 30 { canvas.pushClip(Rect(x: 20, y: 10, width: 100, height: 70)) }
                    canvas.fillCircle(center: Point(x: (t * 37).truncatingRemainder(dividingBy: 180) - 10,
                                                    y: (t * 23).truncatingRemainder(dividingBy: 140) - 10),
                                      radius: 3 + t.truncatingRemainder(dividingBy: 17),
                                      color: RGBAColor(hue: t / 60, saturation: 0.8, value: 1, alpha: 0.15 + t / 75))
                    if i % 10 == 0 { canvas.fill(Rect(x: t * 2, y: 0, width: 6, height: 120), color: RGBAColor.white.withAlpha(0.5)) }
                }
                canvas.popClip()
                return (try target.image(), canvas.circleTexturesCreated)
            }
            let (viaSDL, texturesSDL) = try render(direct: false)
            let (direct, texturesDirect) = try render(direct: true)
            #expect(texturesSDL > 0 && texturesDirect == 0)
            let difference = direct.difference(from: viaSDL, tolerance: 2)
            #expect(difference.differingPixels == 0, "\(difference)")
        }

        /// Rounded corners: the very corner keeps the background, the middle is filled, the arc is smooth.
        @Test func roundedRectCorners() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            canvas.clear(white)
            canvas.fillRoundedRect(Rect(x: 10, y: 10, width: 80, height: 60), radius: 16, color: red)
            let image = try target.image()
            for corner in [(10, 10), (89, 10), (10, 69), (89, 69)] {
                #expect(image[corner.0, corner.1] == (255, 255, 255, 255), "corner \(corner)")
            }
            #expect(image[50, 10] == (255, 0, 0, 255) && image[10, 40] == (255, 0, 0, 255))
            #expect(image[50, 40] == (255, 0, 0, 255) && image[89, 40] == (255, 0, 0, 255))
            #expect(image[50, 9] == (255, 255, 255, 255) && image[90, 40] == (255, 255, 255, 255))
            let diagonal = (10..<30).map { image[$0, $0] }
            #expect(diagonal.contains { isPartial($0) }, "no anti-aliasing along the corner arc")

            // A radius beyond half the height makes a capsule; NaN or zero a plain rect.
            canvas.clear(white)
            canvas.fillRoundedRect(Rect(x: 0, y: 0, width: 100, height: 20), radius: 500, color: red)
            canvas.fillRoundedRect(Rect(x: 0, y: 30, width: 100, height: 20), radius: .nan, color: red)
            let shapes = try target.image()
            #expect(shapes[0, 0] == (255, 255, 255, 255) && shapes[50, 0] == (255, 0, 0, 255))
            #expect(shapes[0, 30] == (255, 0, 0, 255))
        }

        /// Thick diagonal lines are anti-aliased quads of the right width; axis lines are sharp rects.
        @Test func linesHaveWidthAndSmoothEdges() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            canvas.clear(white)
            canvas.drawLine(from: Point(x: 10, y: 10), to: Point(x: 90, y: 90), color: red, width: 6)
            var image = try target.image()
            #expect(image[50, 50] == (255, 0, 0, 255))
            #expect(image[51, 49] == (255, 0, 0, 255))              // 1.4 px from the axis: inside a 6 pt line
            #expect(image[52, 49] == (255, 0, 0, 255))              // 2.1 px: still inside
            #expect(image[56, 44] == (255, 255, 255, 255))          // 8.5 px away: outside
            #expect(image[5, 5] == (255, 255, 255, 255))            // beyond the butt end
            let across = (40..<60).map { image[$0, 100 - $0] }      // perpendicular cross-section
            #expect(across.filter { $0 == (255, 0, 0, 255) }.count >= 3)
            #expect(across.contains { isPartial($0) })

            // A line thinner than a pixel is faint, never solid.
            canvas.clear(white)
            canvas.drawLine(from: Point(x: 10, y: 10), to: Point(x: 90, y: 60), color: red, width: 0.4)
            image = try target.image()
            let faint = (0..<100).flatMap { x in (0..<100).map { image[x, $0] } }.filter { $0 != (255, 255, 255, 255) }
            #expect(!faint.isEmpty && faint.allSatisfy { $0.g > 100 })

            canvas.clear(white)
            canvas.drawLine(from: Point(x: 10, y: 50), to: Point(x: 90, y: 50), color: red, width: 1)
            canvas.drawLine(from: Point(x: 20, y: 10), to: Point(x: 20, y: 40), color: red, width: 3)
            image = try target.image()
            let column = (45..<56).map { image[50, $0] }
            #expect(column.filter { $0 == (255, 0, 0, 255) }.count == 1)
            #expect(!column.contains { isPartial($0) })
            #expect((15..<26).filter { image[$0, 30] == (255, 0, 0, 255) }.count == 3)

            // Degenerate input draws nothing and does not trap.
            canvas.drawPolyline([], color: red, width: 2)
            canvas.drawPolyline([Point(x: 5, y: 5)], color: red, width: 2)
            canvas.drawPolyline([Point(x: 5, y: 5), Point(x: 5, y: 5)], color: red, width: 2)
            canvas.drawPolyline([Point(x: 5, y: 5), Point(x: .nan, y: 5), Point(x: 50, y: 70)], color: red, width: 2)
            canvas.drawLine(from: Point(x: 0, y: 0), to: Point(x: 99, y: 70), color: red, width: .nan)
            canvas.fill(Rect(x: .infinity, y: 0, width: 10, height: 10), color: red)
            canvas.fill(Rect(x: 0, y: 0, width: -10, height: 10), color: red)
            canvas.fillCircle(center: Point(x: 50, y: 50), radius: -1, color: red)
            canvas.strokeRect(Rect(x: 0, y: 0, width: 100, height: 100), color: red, width: 0)
            let after = try target.image()
            #expect(after == image)
            #expect(canvas.lastError == nil)
        }

        /// strokeRect draws inside the rect, at least one pixel wide.
        @Test func strokeIsInside() throws {
            let target = try OffscreenRenderer(width: 60, height: 60, scale: 2)
            target.canvas.clear(white)
            target.canvas.strokeRect(Rect(x: 10, y: 10, width: 20, height: 20), color: red, width: 2)
            let image = try target.image()
            #expect(image[20, 20] == (255, 0, 0, 255) && image[23, 23] == (255, 0, 0, 255))
            #expect(image[24, 24] == (255, 255, 255, 255) && image[19, 19] == (255, 255, 255, 255))
            #expect(image[59, 40] == (255, 0, 0, 255) && image[60, 40] == (255, 255, 255, 255))
        }

        /// A canvas follows a resize: update(logicalSize:pixelScale:) changes size and scale, drops clips,
        /// and sanitises NaN input.
        @Test func updateChangesScale() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            canvas.pushClip(Rect(x: 0, y: 0, width: 10, height: 10))
            canvas.update(logicalSize: Size(width: 50, height: 50), pixelScale: 2)
            #expect(canvas.size == Size(width: 50, height: 50) && canvas.pixelScale == 2 && canvas.clipDepth == 0)
            canvas.clear(white)
            canvas.fill(Rect(x: 25, y: 25, width: 25, height: 25), color: red)
            let image = try target.image()
            #expect(image[50, 50] == (255, 0, 0, 255) && image[49, 49] == (255, 255, 255, 255))
            canvas.update(logicalSize: Size(width: .nan, height: -4), pixelScale: .nan)
            #expect(canvas.size == .zero && canvas.pixelScale == 1)
        }
    }
}
