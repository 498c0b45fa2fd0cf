import CSDL2
import Foundation
import Motion
import ScrollKit
import Testing
@testable import ScrollKitSDL

/// A client that records what the host gives it and draws something that moves with time.
@MainActor
final class RecordingClient: HostClient {
    var sizes: [Size] = []
    var events: [InputEvent] = []
    var ticks: [FrameTick] = []
    var draws = 0
    var needsFrames = true
    var wantsQuit = false
    private var x = 0.0

    func hostDidResize(to size: Size) { sizes.append(size) }
    func handle(_ event: InputEvent) { events.append(event) }
    func update(_ tick: FrameTick) {
        ticks.append(tick)
        x = (tick.targetTimestamp * 240).truncatingRemainder(dividingBy: 200)   // 240 points per second
    }
    func draw(in canvas: DrawingCanvas) {
        draws += 1
        canvas.clear(RGBAColor(hex: 0xF4F4F8))
        canvas.fillRoundedRect(Rect(x: 10 + x, y: 20, width: 60, height: 40), radius: 8, color: RGBAColor(hex: 0x1E88E5))
        canvas.fillCircle(center: Point(x: 40, y: 90 + x / 4), radius: 12.5, color: RGBAColor(hex: 0xE53935, alpha: 200))
        canvas.drawText("frame \(ticks.count)", in: Rect(x: 8, y: 100, width: 200, height: 24),
                        style: TextStyle(size: 14), alignment: .leading)
    }
}

/// An SDL timer callback (runs on SDL's timer thread, so not on the main actor): presses Down.
private func pushDownKey(_ interval: UInt32, _ context: UnsafeMutableRawPointer?) -> UInt32 {
    var e = SDL_Event()
    e.type = SDL_KEYDOWN.rawValue
    e.key.keysym.sym = SDL_Keycode(bitPattern: SDLK_DOWN.rawValue)
    SDL_PushEvent(&e)
    return 0
}

private func useDummyDriver() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

private func temporaryDirectory() throws -> String {
    let dir = NSTemporaryDirectory() + "scrollkit-host-tests-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

@MainActor
@Suite("Hosts (headless SDL)", .serialized)
struct HostTests {
    @Test("headless: N frames stamped exactly k/hz, each updated and drawn once", arguments: [60.0, 144])
    func headlessTimestamps(hz: Double) throws {
        useDummyDriver()
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 160, height: 120), hz: hz))
        let client = RecordingClient()
        client.needsFrames = false          // headless renders every frame anyway
        client.wantsQuit = true             // and runs exactly maxFrames
        var hooked: [Int] = []
        try host.run(client: client, maxFrames: 90) { hooked.append($0.index) }
        #expect(client.ticks.count == 90)
        #expect(client.draws == 90)
        #expect(hooked == Array(0..<90))
        for (k, tick) in client.ticks.enumerated() {
            #expect(tick.index == k)
            #expect(tick.timestamp == Double(k) / hz)
            #expect(tick.targetTimestamp == tick.timestamp + 1 / hz)
        }
        #expect(client.sizes == [Size(width: 160, height: 120)])
        #expect(host.stats.frames == 90)
        #expect(host.stats.skippedFrames == 0)
        #expect(host.stats.costs.count == 90)
        #expect(host.stats.costs.allSatisfy { $0 >= 0 })
        #expect(host.stats.peakMemoryBytes > 0)
        let pacing = try #require(host.stats.pacing)
        #expect(abs(pacing.meanInterval - 1 / hz) < 1e-12)
        #expect(pacing.drift == 0)
    }

    @Test("headless: the same inputs give byte-identical frames on two runs")
    func headlessDeterministic() throws {
        useDummyDriver()
        func render(frames: Int) throws -> RGBAImage {
            let host = try HeadlessHost(options: HostOptions(size: Size(width: 200, height: 150), hz: 60))
            let client = RecordingClient()
            try host.run(client: client, maxFrames: frames)
            return try host.readPixels()
        }
        let a = try render(frames: 30)
        let b = try render(frames: 30)
        let c = try render(frames: 31)
        #expect(a.width == 200 && a.height == 150)
        #expect(a.rgba == b.rgba)
        #expect(a.rgba != c.rgba)                               // the frames really depend on time
        #expect(Set(stride(from: 0, to: a.rgba.count, by: 4).map { a.rgba[$0] }).count > 2)   // not blank
    }

    @Test("headless: injected events reach the client in order with their own timestamps")
    func headlessInject() throws {
        useDummyDriver()
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 100, height: 100), hz: 60))
        let client = RecordingClient()
        host.inject(.key(.down, time: 0))                       // before the run: delivered at its start
        try host.run(client: client, maxFrames: 5) { tick in
            if tick.index == 2 {
                host.inject(.pointerDown(location: Point(x: 1, y: 2), time: 0.020))
                host.inject(.pointerMove(location: Point(x: 1, y: 9), time: 0.028))
            }
        }
        #expect(client.events == [
            .key(.down, time: 0),
            .pointerDown(location: Point(x: 1, y: 2), time: 0.020),
            .pointerMove(location: Point(x: 1, y: 9), time: 0.028),
        ])
    }

    @Test("headless: resize changes the surface and tells the client; bad sizes are clamped")
    func headlessResize() throws {
        useDummyDriver()
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 120, height: 80), hz: 30))
        let client = RecordingClient()
        try host.run(client: client, maxFrames: 4) { tick in
            if tick.index == 2 { host.resize(to: Size(width: 64, height: 48)) }
        }
        #expect(client.sizes == [Size(width: 120, height: 80), Size(width: 64, height: 48)])
        #expect(host.logicalSize == Size(width: 64, height: 48))
        let image = try host.readPixels()
        #expect(image.width == 64 && image.height == 48)
        host.resize(to: Size(width: 0, height: .nan))
        #expect(host.logicalSize == Size(width: 1, height: 1))
        try host.run(client: client, maxFrames: 1)
        #expect(try host.readPixels().width == 1)
    }

    @Test("headless: screenshot writes the last frame as PNG; an unwritable path names itself")
    func headlessScreenshot() throws {
        useDummyDriver()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 90, height: 70), hz: 60))
        try host.run(client: RecordingClient(), maxFrames: 12)
        let path = dir + "/shot.png"
        try host.screenshot(to: path)
        let png = try PNGWriter.read(path: path)
        let pixels = try host.readPixels()
        #expect(png.width == 90 && png.height == 70)
        #expect(png.rgba == pixels.rgba)
        let bad = dir + "/missing/dir/shot.png"
        let error = #expect(throws: SDLError.self) { try host.screenshot(to: bad) }
        #expect(error?.description.contains(bad) == true)
    }

    @Test("headless: display links and frame-delta listeners run every frame; invalidating one stops only it")
    func headlessDisplayLinkCallbacks() throws {
        useDummyDriver()
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 40, height: 40), hz: 120))
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: host.displayLink, listener: recorder)
        var stamps: [Double] = []
        let link = host.makeDisplayLink { stamps.append($0.timestamp) }
        var others: [Double] = []
        let other = host.makeDisplayLink { others.append($0.timestamp) }
        try host.run(client: RecordingClient(), maxFrames: 10)
        #expect(stamps == (0..<10).map { Double($0) / 120 })
        #expect(others == stamps)
        #expect(recorder.deltas.count == 10)
        #expect(recorder.deltas.first == 1.0 / 120)
        #expect(recorder.deltas.allSatisfy { abs($0 - 1.0 / 120) < 1e-12 })
        #expect(host.displayLink.timestamp == 9.0 / 120)
        notifier.invalidate()
        other.invalidate()                                   // that link only
        try host.run(client: RecordingClient(), maxFrames: 3)
        #expect(recorder.deltas.count == 10)
        #expect(others.count == 10)
        #expect(stamps.count == 13)
        #expect(link.isValid && host.displayLink.isValid)
    }

    @Test("SDL failing to start is an SDLError carrying SDL's own text")
    func sdlFailure() throws {
        let error = #expect(throws: SDLError.self) { _ = try SDLSession(video: .driver("no-such-driver")) }
        #expect(error?.description.contains("no-such-driver") == true)
        #expect(error?.description.contains("\n") == false)
        // SDL is usable again afterwards.
        useDummyDriver()
        _ = try HeadlessHost(options: HostOptions(size: Size(width: 8, height: 8)))
    }

    @Test("window host on the dummy driver: software fallback, deadline pacing, frames drawn")
    func windowHostOnDummy() throws {
        useDummyDriver()
        let host = try WindowHost(options: HostOptions(size: Size(width: 120, height: 90), hz: 240))
        #expect(host.videoDriver == "dummy")
        #expect(host.isSoftwareRenderer)
        #expect(!host.usesVSync)
        #expect(host.logicalSize == Size(width: 120, height: 90))
        #expect(host.pixelScale == 1)
        let client = RecordingClient()
        try host.run(client: client, maxFrames: 4)
        #expect(client.draws == 4)
        #expect(client.ticks.map(\.index).count == 4)
        #expect(zip(client.ticks, client.ticks.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(client.sizes.first == Size(width: 120, height: 90))
        #expect(host.stats.frames == 4)
        #expect(host.canvas.renderer == host.renderer)
        #expect(try PNGWriter.readPixels(renderer: host.renderer).width == 120)
    }

    @Test("window host: idle sleeps without drawing, wakes on input, and the wait is not skipped frames")
    func windowHostIdle() throws {
        useDummyDriver()
        let host = try WindowHost(options: HostOptions(size: Size(width: 50, height: 50), hz: 60))
        let client = RecordingClient()
        client.needsFrames = false
        // Frame 0 is drawn, then the host idles; an SDL timer pushes a key press that wakes it.
        #expect(SDL_InitSubSystem(SDL_INIT_TIMER) == 0)
        defer { SDL_QuitSubSystem(SDL_INIT_TIMER) }
        let timer = SDL_AddTimer(150, pushDownKey, nil)
        #expect(timer != 0)
        try host.run(client: client, maxFrames: 2)
        #expect(client.draws == 2)                              // nothing drawn while idle
        #expect(client.events.count == 1)
        if case .key(let key, _, let time)? = client.events.first {
            #expect(key == .down)
            // Stamped when it arrived: SDL stamps events in whole milliseconds, so within 1 ms of the wake.
            #expect(time <= client.ticks[1].timestamp + 0.001)
        } else {
            Issue.record("expected the key press, got \(client.events)")
        }
        #expect(client.ticks.map(\.index) == [0, 1])
        #expect(client.ticks[1].timestamp > client.ticks[0].timestamp)
        #expect(host.stats.skippedFrames == 0)                   // idle is not skipping
    }

    @Test("window host: an active display link keeps frames coming with nothing else moving; a paused one does not")
    func windowHostActiveLink() throws {
        useDummyDriver()
        let host = try WindowHost(options: HostOptions(size: Size(width: 50, height: 50), hz: 240))
        let client = RecordingClient()
        client.needsFrames = false
        var fired = 0
        let link = host.makeDisplayLink { _ in fired += 1 }
        let paused = host.makeDisplayLink { _ in Issue.record("a paused link ran") }
        paused.isPaused = true
        try host.run(client: client, maxFrames: 5)             // without the link it would idle after frame 0
        #expect(client.draws == 5)
        #expect(fired == 5)
        #expect(host.timeline.hasActiveLinks)
        link.invalidate()
        #expect(!host.timeline.hasActiveLinks)                  // only the paused link is left: the host may sleep
        #expect(paused.isValid && host.displayLink.isValid)
    }
}
