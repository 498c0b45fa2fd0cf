// HeadlessHost: a host without a display (SDL's dummy driver, software renderer), for tests, CI and recordings.

import CSDL2
import Motion
import ScrollKit

/// A host without a display: deterministic frames for tests, CI and recorded demos.
///
/// - SDL's `dummy` video driver, forced before SDL starts (see ``SDLSession``), and SDL's software
///   renderer drawing into the dummy window's framebuffer: a plain XRGB8888 surface in memory, never
///   shown (a window rather than `SDL_CreateSoftwareRenderer(surface)` so that a resize keeps the
///   renderer and the canvas's caches). Presenting copies nothing; ``screenshot(to:)`` reads that
///   surface. The canvas composites discs straight into it (`SDLCanvas.attachSoftwareTarget`).
/// - A ``VirtualClock``: frame `k` has the timestamp `Double(k) / hz` exactly and the loop never
///   sleeps, so a run of 600 frames takes as long as drawing them.
/// - Every frame is updated, drawn and presented (no idle, no skipped frames), and the host runs
///   exactly `maxFrames` frames (``defaultFrameCount`` when nil), whatever the client's `wantsQuit`
///   says. The same client, inputs and size give byte-identical frames.
/// - No SDL input arrives (a quit request from SIGINT or SIGTERM stops the run early); input comes
///   from ``inject(_:)``.
///
/// ```swift
/// let host = try HeadlessHost(options: HostOptions(size: Size(width: 320, height: 240), hz: 60))
/// try host.run(client: myClient, maxFrames: 120)
/// try host.screenshot(to: "out/frame.png")
/// ```
@MainActor
public final class HeadlessHost: AppHost {
    /// Frames run when `maxFrames` is nil (the demo's default).
    public static let defaultFrameCount = 120

    public let timeline: FrameTimeline
    public let displayLink: DisplayLink
    /// The virtual clock (seconds = ticks / hz).
    public let clock: VirtualClock
    public private(set) var logicalSize: Size
    public private(set) var canvas: SDLCanvas
    public private(set) var stats = FrameStats()
    /// The SDL renderer (software).
    package let renderer: OpaquePointer
    /// The frame rate of the virtual clock.
    public var hz: Double { clock.hz }
    /// Whether each frame first waits for the image decodes requested by earlier frames
    /// (`ImageLibrary.waitForPendingDecodes(timeout:)`, outside the frame's measured cost), so that headless
    /// runs are deterministic: an image first drawn in frame N shows its placeholder in frame N and the
    /// image from frame N + 1 on, every run. Default true. False makes the headless host behave like a
    /// window (images show whenever the decoder finishes), e.g. to measure frames while images decode.
    public var settlesImageDecodes = true

    private let session: SDLSession
    private let window: OpaquePointer
    private weak var client: HostClient?
    private var pending: [InputEvent] = []

    /// The canvas's pixels per point (1 unless given to `init`).
    public let pixelScale: Double

    /// Starts SDL with the dummy driver and creates the offscreen surface, renderer and canvas.
    /// - Parameters:
    ///   - options: `size` (points), `hz` (nil → 60); the title, vsync and renderer choices do not apply.
    ///   - pixelScale: pixels per point (2 renders as a high-DPI display does: a surface twice as wide and
    ///     tall; nil: `options.scale`, else 1); a NaN or non-positive scale counts as 1, a surface side is at
    ///     most 16384 pixels.
    ///   - tracksDamage: draw frames by damage (`SDLCanvas.tracksDamage`: scrolled pixels are moved and only
    ///     what changed is drawn; the same pixels as a whole frame). False draws every frame whole.
    /// - Throws: ``SDLError`` with `SDL_GetError()`'s text when SDL, the surface or the renderer
    ///   cannot be created; the canvas's error when its fonts cannot be opened.
    public init(options: HostOptions = HostOptions(), pixelScale: Double? = nil, tracksDamage: Bool = true) throws {
        session = try SDLSession(video: .headless)
        ViewNode.defaultLayoutDirection = options.layoutDirection ?? .leftToRight
        ViewNode.textScale = options.textScale ?? 1   // never the desktop's: runs are reproducible
        ViewNode.defaultTheme = DesktopColorScheme.resolve(options: options, readsDesktop: false)
        ViewNode.isReduceMotionEnabled = options.reduceMotion ?? false
        if ViewNode.clipboard is SDLClipboard { ViewNode.clipboard = MemoryClipboard() }   // runs stay deterministic
        let asked = pixelScale ?? options.scale ?? 1
        let scale = asked.isFinite && asked > 0 ? asked : 1
        self.pixelScale = scale
        let (w, h) = options.pixelSafeSize
        let (pw, ph) = Self.pixels(w, h, scale)
        guard let window = SDL_CreateWindow(options.title, 0, 0, pw, ph, 0) else {
            throw SDLError("cannot create the headless \(pw)x\(ph) surface")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let error = SDLError("cannot create the software renderer")
            SDL_DestroyWindow(window)
            throw error
        }
        self.window = window
        self.renderer = renderer
        logicalSize = Size(width: Double(w), height: Double(h))
        do {
            canvas = try SDLCanvas(renderer: renderer, logicalSize: logicalSize, pixelScale: scale)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw error
        }
        // The canvas may composite straight into the framebuffer (its software fast path).
        canvas.attachSoftwareTarget(SDL_GetWindowSurface(window))
        canvas.tracksDamage = tracksDamage
        let rate = FramePacer.sanitizedRate(options.hz ?? 60)
        clock = VirtualClock(hz: rate)
        timeline = FrameTimeline(clock: clock, hz: rate)
        displayLink = timeline.mainLink
    }

    isolated deinit {
        canvas.releaseResources()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    public func run(client: HostClient, maxFrames: Int?, beforeFrame: ((FrameTick) -> Void)?) throws {
        let count = maxFrames ?? Self.defaultFrameCount
        self.client = client
        defer { self.client = nil }
        client.hostDidResize(to: logicalSize)
        var skippedSoFar = timeline.skippedFrames
        var event = SDL_Event()
        var framesRun = 0
        while framesRun < count {
            let tick = timeline.waitForNextFrame()          // virtual: jumps to k / hz
            if settlesImageDecodes { canvas.images.waitForPendingDecodes() }
            beforeFrame?(tick)   // outside the frame's cost: it is the caller's (a script, a recorder)
            let cpu0 = FrameStats.processCPUTime()
            let wall0 = FrameStats.monotonicTime()
            while SDL_PollEvent(&event) != 0 {
                if event.type == SDL_QUIT.rawValue { return }  // SIGINT / SIGTERM
            }
            deliverPending(to: client)
            timeline.fire()
            client.update(tick)
            canvas.beginFrame()
            client.draw(in: canvas)
            canvas.endFrame()
            present()
            let cost = (FrameStats.processCPUTime() - cpu0) * 1000
            stats.record(.init(index: tick.index, timestamp: tick.timestamp, began: clock.now, presented: clock.now,
                               cost: cost, wallCost: (FrameStats.monotonicTime() - wall0) * 1000,
                               startsSpan: framesRun == 0),
                         period: tick.duration)
            stats.skippedFrames += timeline.skippedFrames - skippedSoFar   // runs add up
            skippedSoFar = timeline.skippedFrames
            framesRun += 1
        }
    }

    public func resize(to size: Size) {
        let (w, h) = HostOptions(size: size).pixelSafeSize
        let newSize = Size(width: Double(w), height: Double(h))
        guard newSize != logicalSize else { return }
        // The dummy driver resizes at once; the software renderer picks up the new framebuffer,
        // and the old one is freed: the canvas must composite into the new one.
        let (pw, ph) = Self.pixels(w, h, pixelScale)
        SDL_SetWindowSize(window, pw, ph)
        canvas.attachSoftwareTarget(SDL_GetWindowSurface(window))
        logicalSize = newSize
        canvas.update(logicalSize: newSize, pixelScale: pixelScale)
        client?.hostDidResize(to: newSize)
    }

    /// A surface of `w`×`h` points at `scale`, in pixels (each side 1...16384).
    private static func pixels(_ w: Int32, _ h: Int32, _ scale: Double) -> (Int32, Int32) {
        func side(_ v: Int32) -> Int32 { Int32(min(max((Double(v) * scale).rounded(), 1), 16_384)) }
        return (side(w), side(h))
    }

    /// Shows the frame drawn (SDL's `SDL_RenderPresent`), as ``run(client:maxFrames:beforeFrame:)`` does after
    /// each frame: for a caller that runs frames itself (a benchmark's tick, update, draw, present).
    public func present() {
        SDL_RenderPresent(renderer)
    }

    public func screenshot(to path: String) throws {
        try PNGWriter.write(renderer: renderer, to: path)
    }

    public func inject(_ event: InputEvent) {
        if let client {
            deliverPending(to: client)
            client.handle(event)
        } else {
            pending.append(event)
        }
    }

    /// The framebuffer frames are drawn into (XRGB8888 or ARGB8888, `pixelScale` × the logical size), for
    /// comparing frames without copying them (``readPixels()`` converts them to RGBA). A resize replaces it.
    package var framebuffer: UnsafeMutablePointer<SDL_Surface>? { SDL_GetWindowSurface(window) }

    /// The last presented frame's pixels (RGBA, rows top to bottom).
    /// - Throws: ``SDLError`` when SDL cannot read them.
    public func readPixels() throws -> RGBAImage {
        try PNGWriter.readPixels(renderer: renderer)
    }

    private func deliverPending(to client: HostClient) {
        guard !pending.isEmpty else { return }
        let events = pending
        pending.removeAll()
        for event in events { client.handle(event) }
    }
}
