import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

/// Every SDLCanvas test: headless (dummy video driver, software renderer on an offscreen surface),
/// on the main actor, one at a time. Nested suites in the other Canvas*Tests files.
@Suite("SDLCanvas", .serialized)
@MainActor
struct CanvasTests {}

/// A 16×16 image made in memory: a diagonal colour gradient with a transparent checker corner.
@MainActor
func makeTestImageDirectory() throws -> String {
    let directory = NSTemporaryDirectory() + "scrollkit-canvas-images-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var image = RGBAImage(width: 16, height: 16)
    for y in 0..<16 {
        for x in 0..<16 {
            let i = (y * 16 + x) * 4
            image.rgba[i] = UInt8(x * 17)
            image.rgba[i + 1] = UInt8(120 + y * 8)
            image.rgba[i + 2] = UInt8(255 - x * 8)
            image.rgba[i + 3] = (x < 6 && y < 6 && (x + y) % 2 == 0) ? 0 : 255
        }
    }
    try PNGWriter.write(image, to: directory + "/gradient.png")
    return directory
}

/// The test card: every primitive of the canvas in a 400 × 300 point picture.
@MainActor
func drawTestCard(on canvas: SDLCanvas) {
    let ink = RGBAColor(hex: 0x1C1C1E), secondary = RGBAColor(hex: 0x6E6E73), blue = RGBAColor(hex: 0x1E88E5)
    canvas.beginFrame()
    canvas.clear(RGBAColor(hex: 0xF2F2F7))

    // Header bar with bold title and a regular subtitle on the right.
    canvas.fill(Rect(x: 0, y: 0, width: 400, height: 44), color: blue)
    canvas.drawText("ScrollKit canvas", in: Rect(x: 16, y: 0, width: 250, height: 44),
                    style: TextStyle(size: 18, weight: .bold, color: .white), alignment: .leading)
    canvas.drawText("test card", in: Rect(x: 250, y: 0, width: 134, height: 44),
                    style: TextStyle(size: 13, color: RGBAColor.white.withAlpha(0.8)), alignment: .trailing)

    // Card 1: white rounded rect with text in two weights and sizes, and a hairline separator.
    canvas.fillRoundedRect(Rect(x: 16, y: 58, width: 178, height: 104), radius: 14, color: .white)
    canvas.drawText("Bold 20 pt", in: Rect(x: 30, y: 66, width: 150, height: 30),
                    style: TextStyle(size: 20, weight: .bold, color: ink), alignment: .leading)
    canvas.drawLine(from: Point(x: 30, y: 100), to: Point(x: 180, y: 100), color: RGBAColor(hex: 0xD1D1D6), width: 1)
    canvas.drawText("Regular 13 pt, AVA", in: Rect(x: 30, y: 104, width: 150, height: 22),
                    style: TextStyle(size: 13, color: ink), alignment: .leading)
    canvas.drawText("Ünïcödé — αβγ ✓", in: Rect(x: 30, y: 126, width: 150, height: 22),
                    style: TextStyle(size: 13, color: secondary), alignment: .center)

    // Card 2: rounded rect with a translucent tint, three overlapping translucent discs.
    canvas.fillRoundedRect(Rect(x: 206, y: 58, width: 178, height: 104), radius: 24, color: RGBAColor(hex: 0x5856D6, alpha: 40))
    canvas.fillCircle(center: Point(x: 276, y: 98), radius: 26, color: RGBAColor(hex: 0xFF3B30, alpha: 180))
    canvas.fillCircle(center: Point(x: 306, y: 98), radius: 26, color: RGBAColor(hex: 0x34C759, alpha: 180))
    canvas.fillCircle(center: Point(x: 291, y: 124), radius: 26, color: RGBAColor(hex: 0x007AFF, alpha: 180))
    for (i, r) in [1.5, 2.5, 4, 6].enumerated() {
        canvas.fillCircle(center: Point(x: 350, y: 76 + Double(i) * 20), radius: r, color: ink)
    }

    // Lines: a sine polyline (2 pt), diagonals of 1 and 4 pt, a vertical, inside a 1 pt frame.
    canvas.strokeRect(Rect(x: 16, y: 172, width: 368, height: 56), color: RGBAColor(hex: 0xC7C7CC), width: 1)
    var wave: [Point] = []
    for i in 0...120 {
        let x = 24 + Double(i) * 2.2
        wave.append(Point(x: x, y: 200 + 18 * sin(Double(i) / 120 * 4 * Double.pi)))
    }
    canvas.drawPolyline(wave, color: blue, width: 2)
    canvas.drawLine(from: Point(x: 300, y: 180), to: Point(x: 330, y: 220), color: ink, width: 1)
    canvas.drawLine(from: Point(x: 315, y: 180), to: Point(x: 345, y: 220), color: RGBAColor(hex: 0xFF9500), width: 4)
    canvas.drawLine(from: Point(x: 365, y: 180), to: Point(x: 365, y: 220), color: ink, width: 2)
    canvas.drawPolyline([Point(x: 352, y: 184), Point(x: 376, y: 200), Point(x: 352, y: 216)],
                        color: RGBAColor(hex: 0xAF52DE), width: 3)

    // Nested clips: the outer frame shows clip 1; only its overlap with clip 2 gets the disc and text.
    canvas.strokeRect(Rect(x: 16, y: 238, width: 170, height: 50), color: secondary, width: 1)
    canvas.pushClip(Rect(x: 16, y: 238, width: 170, height: 50))
    canvas.pushClip(Rect(x: 60, y: 226, width: 200, height: 52))
    canvas.fillCircle(center: Point(x: 100, y: 263), radius: 40, color: RGBAColor(hex: 0xFFCC00))
    canvas.drawText("clipped text clipped text", in: Rect(x: 40, y: 248, width: 200, height: 30),
                    style: TextStyle(size: 16, weight: .bold, color: ink), alignment: .leading)
    canvas.popClip()
    canvas.fill(Rect(x: 0, y: 282, width: 400, height: 20), color: RGBAColor(hex: 0x34C759, alpha: 120))
    canvas.popClip()

    // An image from a search directory, scaled up with opacity, and a big feathered disc (geometry path).
    canvas.drawImage(ImageRef("gradient"), in: Rect(x: 200, y: 238, width: 50, height: 50), opacity: 0.85)
    canvas.strokeRect(Rect(x: 264, y: 238, width: 120, height: 50), color: blue, width: 3)
    canvas.fillRoundedRect(Rect(x: 272, y: 246, width: 104, height: 34), radius: 17, color: blue)
    canvas.drawText("Button", in: Rect(x: 272, y: 246, width: 104, height: 34),
                    style: TextStyle(size: 15, weight: .bold, color: .white), alignment: .center)
}

extension CanvasTests {
    @Suite("Golden images")
    @MainActor
    struct Golden {
        /// The test card at 1× (400 × 300 pixels) and at 2× (800 × 600 pixels: text and shapes rendered at
        /// pixel size, not scaled up) against committed goldens.
        @Test(arguments: [(1.0, "canvas-testcard"), (2.0, "canvas-testcard@2x")])
        func testCardMatchesGolden(scale: Double, name: String) throws {
            let images = ImageLibrary(searchDirectories: [try makeTestImageDirectory()], decoding: .synchronous)
            let target = try OffscreenRenderer(width: 400, height: 300, scale: scale, images: images)
            drawTestCard(on: target.canvas)
            #expect(target.canvas.lastError == nil, "drawing reported \(String(describing: target.canvas.lastError))")
            #expect(target.canvas.clipDepth == 0)
            let image = try target.image()
            #expect(image.width == Int(400 * scale) && image.height == Int(300 * scale))
            GoldenImages.expectMatch(image, named: name, in: GoldenImages.directory(besides: #filePath))
        }

        /// The comparison itself: identical images match, a changed pixel is found and a diff is made.
        @Test func imageCompareFindsDifferences() {
            let a = RGBAImage(width: 10, height: 5, fill: (10, 20, 30, 255))
            var b = a
            #expect(b.difference(from: a, tolerance: 8).differingPixels == 0)
            b.rgba[(2 * 10 + 3) * 4 + 1] = 30            // within the tolerance of 8? no: 10 apart
            b.rgba[(4 * 10 + 9) * 4 + 2] = 35            // 5 apart: within tolerance
            let difference = b.difference(from: a, tolerance: 8)
            #expect(difference.differingPixels == 1)
            #expect(difference.maxChannelDelta == 10)
            #expect(abs(difference.differingFraction - 1.0 / 50) < 1e-12)
            let diff = b.differenceImage(from: a, tolerance: 8)
            #expect(diff[3, 2].r > 128 && diff[3, 2].g == 0)     // red where it differs
            #expect(diff[9, 4] == (255, 160, 0, 255))            // orange: within tolerance, not equal
            #expect(diff[0, 0].r == diff[0, 0].g)                // grey elsewhere
            #expect(RGBAImage(width: 5, height: 10).difference(from: a, tolerance: 8).sizeMismatch)
        }

        /// A golden mismatch writes `.actual.png` and `.diff.png` beside the golden.
        @Test func mismatchWritesActualAndDiff() throws {
            guard !GoldenImages.updating else { return }
            let directory = NSTemporaryDirectory() + "scrollkit-golden-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try PNGWriter.write(RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255)), to: directory + "/g.png")
            let result = try GoldenImage.check(RGBAImage(width: 8, height: 8, fill: (200, 0, 0, 255)),
                                               against: directory + "/g.png")
            #expect(result.problem != nil)
            #expect(result.difference?.differingPixels == 64)
            #expect(FileManager.default.fileExists(atPath: directory + "/g.actual.png"))
            let diff = try PNGWriter.read(path: directory + "/g.diff.png")
            #expect(diff[0, 0].r > 200 && diff[0, 0].g == 0)
        }
    }
}
