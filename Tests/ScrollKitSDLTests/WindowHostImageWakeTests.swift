import CSDL2
import Foundation
import Motion
import ScrollKit
import ScrollKitTestSupport
import Testing
@testable import ScrollKitSDL

/// Draws one image and never asks for frames: only the arrival of the decoded image can bring a second frame.
@MainActor
private final class ImageClient: HostClient {
    var needsFrames: Bool { false }
    var wantsQuit = false
    var drawnAt: [Double] = []
    func hostDidResize(to size: Size) {}
    func handle(_ event: InputEvent) {}
    func update(_ tick: FrameTick) {}
    func draw(in canvas: DrawingCanvas) {
        drawnAt.append(Date().timeIntervalSinceReferenceDate)
        canvas.clear(.white)
        canvas.drawImage(ImageRef("scrollkit-wake-test"), in: Rect(x: 10, y: 10, width: 40, height: 40), opacity: 1)
    }
}

extension HostTests {
    @Test("a sleeping window host wakes to show an image decoded off the main thread")
    @MainActor
    func windowHostWakesForADecodedImage() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let directory = NSTemporaryDirectory() + "scrollkit-wake-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try PNGWriter.write(RGBAImage(width: 64, height: 64, fill: (255, 0, 0, 255)), to: directory + "/scrollkit-wake-test.png")
        let host = try WindowHost(options: HostOptions(size: Size(width: 60, height: 60), hz: 60))
        host.canvas.images.addSearchDirectory(directory)
        let client = ImageClient()
        // Frame 1 draws the placeholder and requests the decode; with nothing moving, the host sleeps until
        // the decoded image arrives (the worker's SDL event), then frame 2 shows it.
        try host.run(client: client, maxFrames: 2)
        #expect(client.drawnAt.count == 2)
        if client.drawnAt.count == 2 {
            // Woken by the event: well under SDL_WaitEventTimeout's 500 ms fallback.
            #expect(client.drawnAt[1] - client.drawnAt[0] < 0.4)
        }
        let pixels = try PNGWriter.readPixels(renderer: host.renderer)
        #expect(pixels[30, 30] == (255, 0, 0, 255))
    }
}
