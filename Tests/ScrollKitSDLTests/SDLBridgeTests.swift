import CSDL2
import Foundation
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing

// The examples of ScrollKitSDL's article "Inside your own SDL loop" (ScrollKitSDL.docc/EmbeddingInYourOwnLoop.md),
// as written there but for a bounded loop, a software renderer and a scripted drag pushed into SDL's queue: they
// must compile and run. The first is an app with its own SDL window, renderer and event loop (handing them over
// by address); the second an app that does not call SDL at all (the bridge makes the window and polls the events).

@MainActor
private func runOwnLoopExample(frames: Int, drag: (Int) -> [SDL_Event]) throws -> (ListView, SDLBridge, RGBAImage) {
    SDL_Init(SDL_INIT_VIDEO)
    let window = SDL_CreateWindow("My app", 100, 100, 800, 600, SDL_WINDOW_ALLOW_HIGHDPI.rawValue)!
    let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)!
    let bridge = try SDLBridge(renderer: SDLRendererHandle(address: UnsafeMutableRawPointer(renderer)),
                               window: SDLWindowHandle(address: UnsafeMutableRawPointer(window)))
    let list = ListView(frame: Rect(origin: .zero, size: bridge.size), dataSource: Fruits())

    var event = SDL_Event()
    var running = true
    var frame = 0
    while running && frame < frames {
        for var e in drag(frame) { SDL_PushEvent(&e) }
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { running = false }
            if let input = bridge.inputEvent(for: SDLEvent(copying: &event)) { list.handle(input) }
        }
        list.frame = Rect(origin: .zero, size: bridge.size)
        list.step(bridge.frameTick(at: bridge.now, duration: 1.0 / 60))
        SDL_SetRenderDrawColor(renderer, 20, 20, 24, 255)
        SDL_RenderClear(renderer)
        bridge.beginFrame()
        list.draw(in: bridge.canvas)
        SDL_RenderPresent(renderer)
        SDL_Delay(8)
        frame += 1
    }
    let image = try PNGWriter.readPixels(renderer: bridge.renderer)
    return (list, bridge, image)
}

/// The same loop with no SDL call of the app's: the bridge makes the window and renderer, polls the
/// events, clears and presents. (Only the scripted drag is pushed into SDL's queue with SDL here.)
@MainActor
private func runBridgeWindowExample(frames: Int, drag: (Int) -> [SDL_Event]) throws -> (ListView, SDLBridge, RGBAImage, Bool) {
    let bridge = try SDLBridge(title: "My app", size: Size(width: 800, height: 600), softwareRenderer: true)
    let list = ListView(frame: Rect(origin: .zero, size: bridge.size), dataSource: Fruits())

    var running = true
    var frame = 0
    while running && frame < frames {
        for var e in drag(frame) { SDL_PushEvent(&e) }
        while let event = bridge.pollEvent() {
            if event.isQuit { running = false }
            if let input = bridge.inputEvent(for: event) { list.handle(input) }
        }
        list.frame = Rect(origin: .zero, size: bridge.size)
        list.step(bridge.frameTick(at: bridge.now, duration: 1.0 / 60))
        bridge.beginFrame(clearingTo: RGBAColor(r: 20, g: 20, b: 24))
        list.draw(in: bridge.canvas)
        let image = frame == frames - 1 ? try PNGWriter.readPixels(renderer: bridge.renderer) : nil
        bridge.present()
        if let image { return (list, bridge, image, running) }
        SDL_Delay(8)
        frame += 1
    }
    return (list, bridge, try PNGWriter.readPixels(renderer: bridge.renderer), running)
}

/// A left-button mouse event at `y` (x = 400), stamped now.
private func mouse(_ type: SDL_EventType, y: Int32) -> SDL_Event {
    var e = SDL_Event()
    e.type = type.rawValue
    if type == SDL_MOUSEMOTION {
        e.motion.timestamp = SDL_GetTicks()
        e.motion.x = 400; e.motion.y = y; e.motion.state = sk_SDL_BUTTON_LMASK(); e.motion.which = 0
    } else {
        e.button.timestamp = SDL_GetTicks()
        e.button.x = 400; e.button.y = y; e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.which = 0
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED); e.button.clicks = 1
    }
    return e
}

@Suite(.serialized) @MainActor
struct SDLBridgeTests {
    @Test("the own-loop example runs: SDL events drag and fling the list, ticks from the app's clock animate it")
    func ownLoopExampleRuns() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        // Frames 2...6: down at y 500, four moves of 60 pt up (8 ms apart), up: a quick flick.
        let (list, bridge, image) = try runOwnLoopExample(frames: 40) { frame in
            switch frame {
            case 2: [mouse(SDL_MOUSEBUTTONDOWN, y: 500)]
            case 3...6: [mouse(SDL_MOUSEMOTION, y: 500 - Int32(frame - 2) * 60)]
            case 7: [mouse(SDL_MOUSEBUTTONUP, y: 260)]
            default: []
            }
        }
        #expect(bridge.size == Size(width: 800, height: 600))
        // It was dragged 240 pt and kept going: a fling on the app's own clock.
        #expect(list.scrollView.contentOffset.y > 300)
        #expect(list.visibleRange.lowerBound > 4)
        // The rows were drawn into the app's renderer: not just the app's clear colour.
        let center = image[400, 300]
        #expect(!(center.r == 20 && center.g == 20 && center.b == 24))
    }

    @Test("an app that calls no SDL: the bridge's own window, events, clear and present run the same fling")
    func bridgeWindowExampleRuns() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        let (list, bridge, image, running) = try runBridgeWindowExample(frames: 40) { frame in
            switch frame {
            case 2: [mouse(SDL_MOUSEBUTTONDOWN, y: 500)]
            case 3...6: [mouse(SDL_MOUSEMOTION, y: 500 - Int32(frame - 2) * 60)]
            case 7: [mouse(SDL_MOUSEBUTTONUP, y: 260)]
            case 39: [quit]
            default: []
            }
        }
        #expect(bridge.size == Size(width: 800, height: 600))
        #expect(bridge.window != nil)
        #expect(!running)                                      // the quit event came through pollEvent
        #expect(list.scrollView.contentOffset.y > 300)         // dragged 240 pt, then flung
        #expect(list.visibleRange.lowerBound > 4)
        // The rows were drawn into the bridge's renderer; a frame cleared and not drawn is the clear colour.
        let center = image[400, 300]
        #expect(!(center.r == 20 && center.g == 20 && center.b == 24))
        bridge.beginFrame(clearingTo: RGBAColor(r: 20, g: 20, b: 24))
        let cleared = try PNGWriter.readPixels(renderer: bridge.renderer)
        #expect(cleared[10, 10].r == 20 && cleared[10, 10].g == 20 && cleared[10, 10].b == 24)
    }

    @Test("SDLEvent copies the app's SDL_Event: its type and whether it is a quit")
    func eventCopies() {
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        var motion = mouse(SDL_MOUSEMOTION, y: 10)
        #expect(SDLEvent(copying: &quit).isQuit)
        #expect(SDLEvent(copying: &quit).type == 0x100)
        #expect(!SDLEvent(copying: &motion).isQuit)
        #expect(SDLEvent(copying: &motion).type == SDL_MOUSEMOTION.rawValue)
    }

    @Test("frame ticks: the app's time, target one period later, indices counting up; bad times never go back")
    func frameTicks() throws {
        try OffscreenRenderer.startSDL()
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 64, 48, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let bridge = try SDLBridge(surface: SDLSurfaceHandle(address: UnsafeMutableRawPointer(surface)))
        #expect(bridge.size == Size(width: 64, height: 48))
        let a = bridge.frameTick(at: 1.0, duration: 0.02)
        let b = bridge.frameTick(at: 1.02, duration: 0.02)
        #expect(a == FrameTick(index: 0, timestamp: 1.0, targetTimestamp: 1.02, duration: 0.02))
        #expect(b == FrameTick(index: 1, timestamp: 1.02, targetTimestamp: 1.04, duration: 0.02))
        let c = bridge.frameTick(at: .nan, duration: -1)
        #expect(c == FrameTick(index: 2, timestamp: 1.02, targetTimestamp: 1.02 + 1.0 / 60, duration: 1.0 / 60))
        let d = bridge.frameTick(at: 0.5, duration: 0.01)          // earlier than the last: held
        #expect(d.timestamp == 1.02 && d.index == 3)
        #expect(bridge.now >= 0)
    }

    @Test("a surface target: the bridge draws with the software fast path into the app's pixels")
    func surfaceTarget() throws {
        try OffscreenRenderer.startSDL()
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 40, 30, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        let bridge = try SDLBridge(surface: SDLSurfaceHandle(address: UnsafeMutableRawPointer(surface)))
        bridge.beginFrame()
        bridge.canvas.fill(Rect(x: 10, y: 10, width: 10, height: 10), color: RGBAColor(r: 200, g: 40, b: 10))
        bridge.present()
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(surface.pointee.pitch) / 4
        #expect(pixels[15 * pitch + 15] & 0x00FF_FFFF == 0xC8_280A)
        #expect(pixels[5 * pitch + 5] & 0x00FF_FFFF == 0)
    }
}
