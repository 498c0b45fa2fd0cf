import CSDL2
import Foundation
import Motion
import ScrollKit
import ScrollKitTestSupport
import Testing
@testable import ScrollKitSDL
import ScrollKitTesting

/// Draws translucent discs (the software fast path's main work) and a rounded rect on a light ground.
@MainActor
private final class DiscClient: HostClient {
    var centers: [Point]
    var needsFrames = true
    var wantsQuit = false
    init(centers: [Point]) { self.centers = centers }
    func hostDidResize(to size: Size) {}
    func handle(_ event: InputEvent) {}
    func update(_ tick: FrameTick) {}
    func draw(in canvas: DrawingCanvas) {
        canvas.clear(RGBAColor(hex: 0xF4F4F8))
        canvas.fillRoundedRect(Rect(x: 6, y: 6, width: 50, height: 30), radius: 8, color: RGBAColor(hex: 0x1E88E5, alpha: 180))
        for c in centers {
            canvas.fillCircle(center: c, radius: 14.5, color: RGBAColor(hex: 0xE53935, alpha: 200))
        }
    }
}

extension HostTests {
    @Test("window host with SDL's software renderer composites straight into the window surface, re-attached after a resize")
    @MainActor
    func windowHostSoftwareFastPath() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try WindowHost(options: HostOptions(size: Size(width: 120, height: 90), hz: 240))
        #expect(host.isSoftwareRenderer)
        #expect(host.isCompositingDirectly)
        #expect(host.canvas.directSurface == SDL_GetWindowSurface(host.window))

        // A bigger window gets a new surface; a disc wholly outside the old one must land in the new one.
        host.resize(to: Size(width: 200, height: 150))
        #expect(host.logicalSize == Size(width: 200, height: 150))
        #expect(host.isCompositingDirectly)
        let surface = try #require(host.canvas.directSurface)
        #expect(surface.pointee.w == 200 && surface.pointee.h == 150)
        let client = DiscClient(centers: [Point(x: 170, y: 120), Point(x: 30, y: 30)])
        try host.run(client: client, maxFrames: 1)
        let direct = try PNGWriter.readPixels(renderer: host.renderer)
        #expect(direct.width == 200 && direct.height == 150)
        let centre = direct[170, 120]
        #expect(centre.r > 200 && centre.g < 120 && centre.b < 120)   // the red disc over the light ground
        #expect(direct[199, 0] == (0xF4, 0xF4, 0xF8, 255))             // the ground, in the new area

        // The same frame through SDL's own blending (fast path off) matches within ±2 per channel (as CanvasShapeTests checks it).
        host.canvas.attachSoftwareTarget(nil)
        #expect(!host.canvas.isCompositingDirectly)
        host.canvas.beginFrame()
        client.draw(in: host.canvas)
        let viaSDL = try PNGWriter.readPixels(renderer: host.renderer)
        let difference = direct.difference(from: viaSDL, tolerance: 2)
        #expect(difference.differingPixels == 0, "\(difference)")
        // And the next frame attaches it again.
        try host.run(client: client, maxFrames: 1)
        #expect(host.isCompositingDirectly)
    }
}

extension CanvasTests {
    @Suite("Preparing discs")
    @MainActor
    struct PreparingDiscs {
        @Test("prepareDiscs builds every pixel diameter of a point range once, for the path the canvas draws with",
              arguments: [false, true])
        func buildsEachDiameterOnce(direct: Bool) throws {
            let target = try OffscreenRenderer(width: 120, height: 120, scale: 2, direct: direct)
            let canvas = target.canvas
            let made = canvas.circleTexturesCreated
            // 10...13 points at 2x: pixel diameters 20...26.
            // Through SDL the disc atlas of `fillCircles` comes too (once).
            #expect(canvas.prepareDiscs(diameters: 10...13) == (direct ? 7 : 8))
            #expect((canvas.discAtlas != nil) == !direct)
            #expect(canvas.prepareDiscs(diameters: 10...13) == 0)                   // all cached now
            #expect(canvas.prepareDiscs(diameters: 12.5...14) == 2)                 // 27, 28 are new
            for d in 20...28 {
                if direct { #expect(canvas.discSpanCache[d] != nil) } else { #expect(canvas.circleTextures[d] != nil) }
            }
            #expect(canvas.discSpanCache[29] == nil && canvas.circleTextures[29] == nil)
            #expect(canvas.circleTexturesCreated - made == (direct ? 0 : 9))
            // Drawing one of them builds nothing more.
            canvas.fillCircle(center: Point(x: 60, y: 60), radius: 6, color: .black)
            #expect(canvas.circleTexturesCreated - made == (direct ? 0 : 9))
        }

        @Test("prepareDiscs ignores non-positive, unbounded and out-of-cache ranges")
        func badRanges() throws {
            let target = try OffscreenRenderer(width: 20, height: 20)
            let canvas = target.canvas
            #expect(canvas.prepareDiscs(diameters: -5 ... -1) == 0)
            #expect(canvas.prepareDiscs(diameters: 0...0) == 0)
            #expect(canvas.prepareDiscs(diameters: 1...Double.infinity) == 0)
            let above = Double(SDLCanvas.maxCachedCircleDiameter) + 1
            #expect(canvas.prepareDiscs(diameters: above...(above + 10)) == 0)
            #expect(canvas.prepareDiscs(diameters: 0.2...0.4) == 2)                  // one pixel, and the atlas
        }
    }
}

@Suite("EventTranslator.hostEvent(for:)")
struct HostEventForTests {
    @Test("gives what translate gives, one event or none, and moves the translator's state the same way")
    func matchesTranslate() {
        let events: [SDL_Event] = [
            FakeEvent.motion(x: 5, y: 5, ms: 1),                                   // no pointer down: ignored
            FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 2),
            FakeEvent.motion(x: 12, y: 30, ms: 3),
            FakeEvent.mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_RIGHT, x: 12, y: 30, ms: 4),  // ignored
            FakeEvent.window(SDL_WINDOWEVENT_FOCUS_LOST, ms: 5),                   // ends the drag
            FakeEvent.key(SDLK_DOWN, ms: 6),
            FakeEvent.window(SDL_WINDOWEVENT_RESIZED, ms: 7),
        ]
        var viaArrays = EventTranslator(windowSize: Size(width: 100, height: 100))
        var viaOptionals = viaArrays
        var arrays: [HostEvent] = [], optionals: [HostEvent] = []
        for e in events {
            let a = viaArrays.translate(e)
            #expect(a.count <= 1)
            arrays += a
            if let one = viaOptionals.hostEvent(for: e) { optionals.append(one) }
        }
        #expect(optionals == arrays)
        #expect(optionals == [
            .input(.pointerDown(location: Point(x: 10, y: 20), time: 0.002)),
            .input(.pointerMove(location: Point(x: 12, y: 30), time: 0.003)),
            .input(.pointerUp(location: Point(x: 12, y: 30), time: 0.005)),
            .input(.key(.down, time: 0.006)),
            .resized,
        ])
    }
}
