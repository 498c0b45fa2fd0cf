import Foundation
import ScrollKit
import ScrollKitSDL
import Testing

extension CanvasTests {
    @Suite("OffscreenCanvas")
    @MainActor
    struct OffscreenCanvasTests {
        /// The surface is size × scale pixels; what is drawn in points lands on the matching pixels, on
        /// either drawing path, and the two paths agree.
        @Test(arguments: [(1.0, false), (1.0, true), (2.0, false), (2.0, true)])
        func drawsPointsAtItsScale(scale: Double, direct: Bool) throws {
            let target = try OffscreenCanvas(size: Size(width: 60, height: 40), pixelScale: scale, compositesDirectly: direct)
            #expect(target.canvas.isCompositingDirectly == direct)
            target.canvas.clear(.white)
            target.canvas.fill(Rect(x: 10, y: 10, width: 20, height: 10), color: RGBAColor(r: 0, g: 0, b: 255))
            target.canvas.fillCircle(center: Point(x: 45, y: 20), radius: 8, color: RGBAColor(r: 255, g: 0, b: 0, a: 128))
            let image = try target.image()
            #expect(image.width == Int(60 * scale) && image.height == Int(40 * scale))
            let s = Int(scale)
            #expect(image[15 * s, 15 * s] == (0, 0, 255, 255))
            #expect(image[9 * s, 9 * s] == (255, 255, 255, 255))
            let disc = image[45 * s, 20 * s]
            #expect(disc.r == 255 && (126...129).contains(Int(disc.g)))      // half red over white
        }

        /// Zero, negative or NaN sizes make a 1×1 surface; a NaN scale counts as 1. Nothing traps.
        @Test func degenerateSizesStillWork() throws {
            for size in [Size.zero, Size(width: -5, height: 10), Size(width: .nan, height: .infinity)] {
                let target = try OffscreenCanvas(size: size, pixelScale: .nan)
                target.canvas.clear(.black)
                target.canvas.fillCircle(center: Point(x: 0, y: 0), radius: 3, color: .white)
                let image = try target.image()
                #expect(image.width >= 1 && image.height >= 1)
                #expect(image.width <= 16_384 && image.height <= 16_384)
            }
        }

        /// writePNG writes a PNG that reads back as what was drawn; a path that cannot be written throws.
        @Test func writesPNG() throws {
            let target = try OffscreenCanvas(size: Size(width: 8, height: 8))
            target.canvas.clear(RGBAColor(r: 10, g: 200, b: 30))
            let path = NSTemporaryDirectory() + "scrollkit-offscreen-\(getpid()).png"
            defer { unlink(path) }
            try target.writePNG(to: path)
            let bytes = try #require(FileManager.default.contents(atPath: path))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(throws: SDLError.self) { try target.writePNG(to: "/nonexistent-dir/x.png") }
        }
    }
}
