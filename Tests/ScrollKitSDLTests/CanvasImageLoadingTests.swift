import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    /// Images decoded off the main thread: placeholder first, the image after the decode, the byte-bounded
    /// LRU cache, failures reported once with the fallback drawn, and drawing that never waits.
    @Suite("Image loading")
    @MainActor
    struct ImageLoading {
        /// A directory with solid-colour PNGs: `red` 64×64, `green`, `blue`, `white` 16×16.
        func imageDirectory() throws -> String {
            let directory = NSTemporaryDirectory() + "scrollkit-image-loading-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try PNGWriter.write(RGBAImage(width: 64, height: 64, fill: (255, 0, 0, 255)), to: directory + "/red.png")
            try PNGWriter.write(RGBAImage(width: 16, height: 16, fill: (0, 255, 0, 255)), to: directory + "/green.png")
            try PNGWriter.write(RGBAImage(width: 16, height: 16, fill: (0, 0, 255, 255)), to: directory + "/blue.png")
            try PNGWriter.write(RGBAImage(width: 16, height: 16, fill: (0, 0, 0, 255)), to: directory + "/black.png")
            try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: directory + "/broken.png"))
            return directory
        }

        let rect = Rect(x: 4, y: 4, width: 32, height: 32)

        /// The first draw shows the placeholder and starts a decode; after it arrives (and a frame begins)
        /// the image is drawn, decoded once at the drawn pixel size (32 × 32, not the file's 64 × 64).
        @Test func placeholderThenImageAfterTheDecode() throws {
            let images = ImageLibrary(searchDirectories: [try imageDirectory()])
            let target = try OffscreenRenderer(width: 40, height: 40, images: images)
            target.canvas.beginFrame()
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("red"), in: rect, opacity: 1)
            let placeholder = try target.image()[20, 20]
            #expect(abs(Int(placeholder.r) - Int(placeholder.b)) < 8 && placeholder.r == placeholder.g)   // a neutral grey…
            #expect(placeholder.r < 255 && placeholder.r > 200)                         // …soft
            #expect(images.pendingDecodeCount == 1 && images.decodesStarted == 1)

            #expect(images.waitForPendingDecodes())
            target.canvas.beginFrame()
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("red"), in: rect, opacity: 1)
            #expect(try target.image()[20, 20] == (255, 0, 0, 255))
            #expect(images.cachedBytes == 32 * 32 * 4)     // scaled once to the drawn size
            #expect(images.decodesStarted == 1)

            // At 2x the same rect is another decode, 64 × 64 pixels.
            let retina = try OffscreenRenderer(width: 40, height: 40, scale: 2, images: images)
            retina.canvas.beginFrame()
            retina.canvas.drawImage(ImageRef("red"), in: rect, opacity: 1)
            #expect(images.decodesStarted == 2)
            #expect(images.waitForPendingDecodes())
            #expect(images.cachedBytes == 32 * 32 * 4 + 64 * 64 * 4)
        }

        /// An image smaller than its rectangle is scaled up once, at decode, to the drawn pixel size: drawing
        /// it is then a plain blit at any offset, fractional ones included (the software renderer's scaled,
        /// blended copy allocates two surfaces per draw; counted when the malloc interposer is preloaded).
        @Test func smallImageIsDecodedAtTheDrawnSizeAndBlitsWithoutAllocating() throws {
            let images = ImageLibrary(searchDirectories: [try imageDirectory()], decoding: .synchronous)
            let target = try OffscreenRenderer(width: 40, height: 40, images: images, direct: true)
            target.canvas.beginFrame()
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("green"), in: rect, opacity: 1)   // the file is 16 × 16
            #expect(images.cachedBytes == 32 * 32 * 4)
            #expect(try target.image()[5, 5] == (0, 255, 0, 255))
            #expect(try target.image()[35, 35] == (0, 255, 0, 255))
            #expect(try target.image()[37, 37] == (255, 255, 255, 255))
            target.canvas.drawImage(ImageRef("green"), in: rect, opacity: 0.9)   // the texture, made once
            let mallocs = MallocCounter.count {
                for k in 0..<8 {
                    target.canvas.beginFrame()
                    target.canvas.drawImage(ImageRef("green"), in: rect.offsetBy(dx: 0, dy: Double(k) * 0.3), opacity: 0.9)
                    target.canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: RGBAColor(r: 0, g: 0, b: 0, a: 128))
                }
            }
            if let mallocs { #expect(mallocs == 0, "8 image draws made \(mallocs) mallocs") }
        }

        /// Decoded images beyond the byte budget go least recently drawn first; images drawn in the
        /// current frame stay.
        @Test func leastRecentlyDrawnImageIsEvictedByBytes() throws {
            let images = ImageLibrary(searchDirectories: [try imageDirectory()], decoding: .synchronous)
            let one = 16 * 16 * 4
            images.byteBudget = 2 * one
            let target = try OffscreenRenderer(width: 40, height: 40, images: images)
            let r = Rect(x: 0, y: 0, width: 16, height: 16)
            func frame(_ names: String...) {
                target.canvas.beginFrame()
                for name in names { target.canvas.drawImage(ImageRef(name), in: r, opacity: 1) }
            }
            frame("green")
            frame("blue")
            frame("green")                 // green is now more recent than blue
            frame("black")                 // over budget: blue goes
            #expect(images.cachedImageCount == 2 && images.cachedBytes == 2 * one)
            #expect(images.evictionCount == 1)
            let started = images.decodesStarted
            frame("green")                 // still cached
            #expect(images.decodesStarted == started)
            frame("blue")                  // decoded again
            #expect(images.decodesStarted == started + 1)
            #expect(images.cachedBytes <= 2 * one)

            // The images of the current and the previous frame are never evicted, even over budget.
            images.byteBudget = one
            frame("green", "blue", "black")
            #expect(images.cachedImageCount == 3)
            frame("black")
            #expect(images.cachedImageCount == 3)
            frame("black")                 // green and blue were last drawn two frames ago: they go
            #expect(images.cachedImageCount == 1 && images.cachedBytes == one)
            // The canvas dropped the textures of evicted images.
            target.canvas.beginFrame()
            #expect(target.canvas.imageTextures.count == 1)
        }

        /// A missing and a corrupt image are each reported once through onFailure, with name, path and
        /// message, and draw the crossed fallback in every frame without being decoded again.
        @Test func failureIsReportedOnceAndDrawsTheFallback() throws {
            let directory = try imageDirectory()
            let images = ImageLibrary(searchDirectories: [directory])
            var reported: [ImageFailure] = []
            images.onFailure = { reported.append($0) }
            let target = try OffscreenRenderer(width: 40, height: 40, images: images)
            for _ in 0..<5 {
                target.canvas.beginFrame()
                target.canvas.clear(.white)
                target.canvas.drawImage(ImageRef("no-such-image"), in: rect, opacity: 1)
                target.canvas.drawImage(ImageRef("broken"), in: rect, opacity: 1)
                images.waitForPendingDecodes()
            }
            #expect(reported.count == 2)
            #expect(images.decodesStarted == 2)
            let missing = reported.first { $0.name == "no-such-image" }
            #expect(missing?.path == nil && missing?.message.contains("not found") == true)
            let broken = reported.first { $0.name == "broken" }
            #expect(broken?.path == directory + "/broken.png")
            #expect(images.failures.count == 2)
            #expect(target.canvas.lastError != nil)

            // The fallback: the placeholder fill with a darker cross through its centre.
            target.canvas.beginFrame()
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("no-such-image"), in: rect, opacity: 1)
            let image = try target.image()
            #expect(image[20, 20].r < 200)         // on the cross
            #expect(image[12, 20].r > 200 && image[12, 20].r < 255)   // the fill beside it

            // retry(_:) lets it be decoded (and reported) again.
            images.retry("no-such-image")
            target.canvas.beginFrame()
            target.canvas.drawImage(ImageRef("no-such-image"), in: rect, opacity: 1)
            images.waitForPendingDecodes()
            #expect(reported.count == 3)
        }

        /// Drawing an image whose decode is slow (a 1600 × 1600 PNG) returns at once: the frame draws the
        /// placeholder while the worker decodes.
        @Test func aLargeDecodeDoesNotDelayDrawing() throws {
            let directory = NSTemporaryDirectory() + "scrollkit-image-large-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var big = RGBAImage(width: 1600, height: 1600, fill: (0, 128, 255, 255))
            for i in stride(from: 0, to: big.rgba.count, by: 4 * 97) { big.rgba[i] = UInt8(truncatingIfNeeded: i) }
            try PNGWriter.write(big, to: directory + "/big.png")
            let images = ImageLibrary(searchDirectories: [directory])
            let target = try OffscreenRenderer(width: 40, height: 40, images: images)
            // One-off set-up out of the way: the worker thread starts, the placeholder's disc textures are made.
            target.canvas.beginFrame()
            target.canvas.drawImage(ImageRef("warm-up"), in: rect, opacity: 1)
            images.waitForPendingDecodes()
            target.canvas.beginFrame()
            let start = Date()
            target.canvas.drawImage(ImageRef("big"), in: rect, opacity: 1)
            let drawTime = Date().timeIntervalSince(start)
            #expect(images.pendingDecodeCount == 1)   // not decoded yet: the frame did not wait
            #expect(drawTime < 0.05, "drawImage took \(drawTime * 1000) ms")   // about 0.1 ms; generous for loaded machines
            let waitStart = Date()
            #expect(images.waitForPendingDecodes())
            let decodeTime = Date().timeIntervalSince(waitStart) + drawTime
            #expect(decodeTime > drawTime)
            #expect(images.cachedBytes == 32 * 32 * 4)   // scaled down once, on the worker
            target.canvas.beginFrame()
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("big"), in: rect, opacity: 1)
            #expect(try target.image()[20, 20].b > 200)
        }

        /// prefetch(_:size:) decodes at the size drawn later, so the first draw is already the image.
        @Test func prefetchedImageDrawsAtOnce() throws {
            let images = ImageLibrary(searchDirectories: [try imageDirectory()])
            let target = try OffscreenRenderer(width: 40, height: 40, images: images)
            target.canvas.prefetchImage(ImageRef("red"), size: rect.size)
            images.prefetch(ImageRef("red"), size: rect.size, pixelScale: 1)   // already pending: nothing more
            #expect(images.decodesStarted == 1)
            images.waitForPendingDecodes()
            target.canvas.beginFrame()
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("red"), in: rect, opacity: 1)
            #expect(try target.image()[20, 20] == (255, 0, 0, 255))
            #expect(images.decodesStarted == 1)
            // Bad sizes do nothing.
            images.prefetch(ImageRef("green"), size: Size(width: .nan, height: 4))
            images.prefetch(ImageRef("green"), size: Size(width: -1, height: 4))
            #expect(images.decodesStarted == 1)
        }
    }
}
