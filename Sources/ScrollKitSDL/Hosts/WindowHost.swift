// WindowHost: a host with a resizable, high-DPI window on a display.

import CSDL2
import Foundation
import CScrollKitPixels
import Motion
import ScrollKit

/// A host with a window on a display.
///
/// - Window: resizable, high-DPI aware (`SDL_WINDOW_ALLOW_HIGHDPI`); the client works in points
///   (`SDL_GetWindowSize`), the canvas draws pixels (`SDL_GetRendererOutputSize`), and the ratio is
///   the pixel scale.
/// - Renderer: chosen before any renderer exists (``RendererSelection``, ``rendererSelection``), so an
///   OpenGL driver is loaded only where a real GPU may be behind it: with X11 on a Linux machine
///   without a DRM render node (containers, CI, Xvfb there) SDL's software renderer is made at once
///   and no GL library is mapped (about 70 MB less). Elsewhere hardware accelerated, falling back to
///   SDL's software renderer — also when the OpenGL turns out to be emulated on the CPU (llvmpipe),
///   where the software renderer with the canvas's direct compositing is several times faster
///   (``emulatedGLRenderer`` says when; that driver stays mapped until exit). `SCROLLKIT_RENDERER=software|gpu` forces either path; a `SDL_RENDER_DRIVER`
///   variable also overrides the choice. For the software renderer
///   `SDL_HINT_FRAMEBUFFER_ACCELERATION` is "0" so the window surface is not pushed through GL
///   (under Xvfb that costs about 16 ms per present). SDL's software renderer draws into the window
///   surface, and the canvas composites straight into that surface too (``isCompositingDirectly``,
///   re-attached after every resize), as on the headless host: 10,000 sprites under Xvfb went from
///   about 79 ms to 9 ms a frame.
/// - Pacing: the display's refresh rate (60 Hz when SDL reports 0 Hz, as on Xvfb), or `options.hz`.
///   Real vsync only when a probe of a few presents at start shows that the renderer blocks for about
///   one period (never for software renderers or the dummy/offscreen drivers, whose "vsync" is
///   simulated in whole milliseconds); otherwise absolute deadlines on ``RealClock``. A software window
///   on X11 or Wayland is paced by the display itself (X Present's vblanks; the compositor's frame callbacks).
/// - Idle: when the client needs no frames, no display link is active (``FrameTimeline/hasActiveLinks``),
///   no frame hook is set and no input arrived, the loop sleeps in `SDL_WaitEventTimeout` (no redraw,
///   no spinning). On waking, the timeline restarts at the wake-up time: the first frame runs at
///   once and the idle time is not counted as skipped frames. An image decoded off the main thread
///   (`ImageLibrary`) wakes the loop (its worker pushes an SDL user event) and a frame shows it. Likewise when the run's first frame
///   overruns its period (one-off setup of fonts, textures and shaders): the timeline starts after it.
/// - Minimized or 0×0: nothing is drawn or presented and the loop sleeps in
///   `SDL_WaitEventTimeout` until the window is restored (with a frame hook, frames keep their
///   deadlines so scripts keep time, still without drawing).
/// - While waiting for a deadline, SDL's event queue is pumped every few milliseconds, so input gets
///   timestamps close to when it happened rather than one per frame.
@MainActor
public final class WindowHost: AppHost {
    public let timeline: FrameTimeline
    public let displayLink: DisplayLink
    /// The real clock (seconds since the current run began).
    public let clock: RealClock
    public private(set) var logicalSize: Size
    /// Pixels per point (1 on ordinary displays, 2 on most high-DPI ones).
    public private(set) var pixelScale: Double
    public private(set) var canvas: SDLCanvas
    public internal(set) var stats = FrameStats()
    /// The SDL window.
    package let window: OpaquePointer
    /// The SDL renderer.
    package internal(set) var renderer: OpaquePointer   // remade on a presenter's new canvas surface (WindowHost+Surface.swift)
    /// How the renderer was chosen (``RendererSelection``: software without loading OpenGL, or accelerated).
    public let rendererSelection: RendererSelection
    /// The renderer's name ("opengl", "opengles2", "software", …).
    public let rendererName: String
    /// Whether the renderer is SDL's software renderer.
    public let isSoftwareRenderer: Bool
    /// The CPU-emulated OpenGL that was set aside for SDL's software renderer (its `GL_RENDERER`,
    /// e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"), or nil when that did not happen.
    public let emulatedGLRenderer: String?
    /// The refresh rate SDL reports for the window's display (0 when unknown, as on Xvfb).
    public internal(set) var reportedRefreshRate: Double
    /// Whether frames are paced by real vsync (false = absolute deadlines).
    public internal(set) var usesVSync: Bool
    /// Where frame timing comes from: ``VBlankStats/Source/present`` when a software window on X11 shows
    /// its frames through the Present extension and is paced by the display's own vblanks,
    /// ``VBlankStats/Source/wayland`` when a software window on Wayland is paced by the compositor's frame
    /// callbacks and stamped by its presentation feedback, else the timer (or ``VBlankStats/Source/vsync``
    /// for a GPU renderer whose swap blocks). See ``FrameStats/vblank``.
    public var vblankSource: VBlankStats.Source { stats.vblank.source }

    /// The desktop's scale where SDL does not apply one itself (X11: ``DisplayScale/x11()``); scale 1 with
    /// source "SDL" on drivers with high-DPI of their own (Wayland, macOS), whose scale is ``pixelScale``.
    public let desktopScale: DisplayScale

    /// The video driver ("x11", "wayland", …).
    public var videoDriver: String { session.driverName }
    /// How wheel directions are reported (see ``EventTranslator/WheelDirection``).
    public var wheelDirection: EventTranslator.WheelDirection {
        get { translator.wheelDirection }
        set { translator.wheelDirection = newValue }
    }

    private let session: SDLSession
    let options: HostOptions
    var translator = EventTranslator()
    /// SDL's text input, on only while a text field has focus (WindowHost+TextInput.swift).
    var textInput = TextInputSession()
    private weak var client: HostClient?
    private var pending: [InputEvent] = []
    var fastPresents = 0
    var rendererVSync = false
    var frameOwed = true
    var quitRequested = false
    /// The display server that closed the connection during the run, if one did (WindowHost+DisplayLoss.swift).
    var displayLost: DisplayLostError?
    private var hasDrawn = false
    /// Present on the display's vblanks (X11, software), or nil (never opened, or it failed).
    var presenter: X11Presenter?
    /// The X11 presenter whose shared-memory canvas the software renderer draws into, kept after presenting
    /// fails (frames are then shown through SDL's window surface).
    var x11Canvas: X11Presenter?
    /// Software frames on SDL's Wayland surface, paced by frame callbacks (Wayland, software), or nil.
    var waylandPresenter: WaylandPresenter?
    /// Frames on a bare console through KMS (no DISPLAY, no WAYLAND_DISPLAY, a DRM card), or nil. SDL then runs
    /// its dummy driver: the window is a formality, the canvas draws into the card's dumb buffers.
    var kmsPresenter: KMSPresenter?
    /// The console's input devices (evdev), with ``kmsPresenter``.
    var kmsInput: KMSInput?
    /// Console input read while a frame waited, handed to the client with the frame's events.
    var consoleEvents: [InputEvent] = []
    /// The vblank the current frame is presented for, and the one before it in this span.
    var targetMSC: UInt64 = 0
    var lastTargetMSC: UInt64?
    /// The oldest input event the current frame handled (host seconds), for input-to-vblank latency.
    var frameInputTime: Double?
    /// How long before its vblank a frame starts.
    var presentMargin = PresentMargin()
    /// When the last frame's present was sent, and the first vblank it can be shown at.
    var lastPresentTime: Double?
    var presentedBy: UInt64?

    /// Opens the window.
    /// - Throws: ``SDLError`` with `SDL_GetError()`'s text when SDL cannot start, no display is
    ///   available, or the window or renderer cannot be created; the canvas's error when its fonts
    ///   cannot be opened.
    public init(options: HostOptions = HostOptions()) throws {
        self.options = options
        ViewNode.defaultLayoutDirection = options.layoutDirection ?? LocaleDirection.current
        ViewNode.textScale = DesktopTextScale.resolve(options: options)
        ViewNode.isReduceMotionEnabled = DesktopReducedMotion.resolve(options: options)
        ViewNode.defaultTheme = DesktopColorScheme.resolve(options: options)
        // A bare console: no X, no Wayland, a DRM card. The frames go to the card (KMSPresenter) and SDL runs its
        // dummy driver for the renderer and the window's bookkeeping; without a card the error stays SDLSession's.
        let realClock = RealClock()
        var kms: KMSPresenter? = nil
        if KMSPresenter.shouldOpen {
            let pixels = options.fillsScreen ? nil : Self.windowSize(options.size, scale: 1)
            kms = try KMSPresenter(size: pixels, clock: realClock)
            session = try SDLSession(video: .driver("dummy"))
        } else {
            session = try SDLSession(video: .display)
        }
        // Game controllers: their buttons and stick drive focus (EventTranslator+Gamepad.swift). On a bare console
        // SDL's dummy window never has the keyboard focus, without which SDL would drop the controller's events.
        if kms != nil { SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1") }
        EventTranslator.startGameControllers()
        // SDL 2's X11 driver has no high-DPI: sizes and mouse positions are pixels. The desktop's scale
        // (SCROLLKIT_SCALE, GDK_SCALE, Xft.dpi) sizes the window and turns positions back into points.
        if session.driverName != "x11" {
            desktopScale = DisplayScale(scale: 1, source: "SDL")
        } else if let scale = options.scale, scale.isFinite {
            desktopScale = DisplayScale(scale: min(max(scale, DisplayScale.range.lowerBound), DisplayScale.range.upperBound),
                                        source: "HostOptions.scale")
        } else {
            desktopScale = DisplayScale.x11()
        }
        if let warning = desktopScale.warning {
            FileHandle.standardError.write(Data("scrollkit: \(warning)\n".utf8))
        }
        let (w, h) = kms.map { ($0.width, $0.height) } ?? Self.windowSize(options.size, scale: desktopScale.scale)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(options.title, sk_SDL_WINDOWPOS_CENTERED(), sk_SDL_WINDOWPOS_CENTERED(),
                                            w, h, flags) else {
            throw SDLError("cannot create a \(w)x\(h) window")
        }
        let reported = Self.refreshRate(of: window)
        let offscreen = session.isOffscreenDriver
        // Ask for vsync only where it can be trusted at all and gives the rate wanted.
        let rateMatches = options.hz.map { abs($0 - reported) < 0.5 } ?? true
        let mayUseVSync = options.vsync == .automatic && !offscreen && reported > 0 && rateMatches

        // A software renderer's window framebuffer would otherwise go through a GL texture (about
        // 16 ms per present under Xvfb). SDL decides once, at the first framebuffer, so set it before
        // any renderer exists; hardware renderers do not use the window framebuffer at all.
        // A value from the environment wins (default priority).
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // Decided before any renderer exists (``RendererSelection``): OpenGL is loaded only where a
        // GPU may be behind it, never just to be set aside.
        let selection: RendererSelection
        do {
            selection = kms != nil ? .software : try RendererSelection.choose(
                RendererSelection.observedFacts(requested: options.renderer, videoDriver: session.driverName))
        } catch {
            SDL_DestroyWindow(window)
            throw error
        }
        var renderer: OpaquePointer?
        var emulated: String? = nil
        if let kms {   // the canvas draws into the card's back buffer
            renderer = SDL_CreateSoftwareRenderer(kms.canvasSurface)
        }
        var wayland: WaylandPresenter? = nil, waylandReason = ""
        if kms == nil, case .accelerated(let setsAside) = selection {
            let vsyncFlag = mayUseVSync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | vsyncFlag)
            // OpenGL emulated on the CPU (Mesa's llvmpipe, where the rule could not tell beforehand)
            // is slower than SDL's software renderer with the canvas's direct compositing (the list:
            // about 5 ms a frame against 1 ms): set it aside. Its driver stays mapped (glvnd keeps a
            // vendor library loaded until exit, even after SDL unloads libGL), which is why the rule
            // decides without OpenGL wherever it can.
            if setsAside, let accelerated = renderer, let name = Self.cpuEmulatedGL(accelerated) {
                SDL_DestroyRenderer(accelerated)
                renderer = nil
                emulated = name
            }
        }
        if renderer == nil, session.driverName == "wayland" {   // SDL has no window framebuffer there
            (renderer, wayland) = Self.waylandSoftwareRenderer(window: window, clock: realClock, reason: &waylandReason)
                .map { ($0.0, $0.1) } ?? (SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue), nil)
        }
        var x11: X11Presenter? = nil, x11Reason: String? = nil
        if renderer == nil, session.driverName == "x11" {   // the canvas draws into the pixmap Present shows
            var reason = ""
            (renderer, x11) = Self.x11SoftwareRenderer(window: window, clock: realClock, hz: options.hz, reason: &reason)
                .map { ($0.0, $0.1) } ?? (nil, nil)
            if x11 == nil { x11Reason = reason }
        }
        if renderer == nil { renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        if renderer == nil, emulated != nil {   // no software renderer after all: the emulated GL, then
            renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
            emulated = nil
        }
        guard let renderer else {
            let error = SDLError("cannot create a renderer for the window")
            SDL_DestroyWindow(window)
            throw error
        }
        let info = RendererInfo(renderer)
        self.window = window
        self.renderer = renderer
        rendererSelection = selection
        rendererName = info.name
        isSoftwareRenderer = info.isSoftware
        emulatedGLRenderer = info.isSoftware ? emulated : nil
        reportedRefreshRate = reported

        let drawable = DrawableSize.read(window: window, renderer: renderer, previousScale: 1,
                                         windowScale: desktopScale.scale)
        logicalSize = drawable.points
        pixelScale = drawable.scale
        do {
            canvas = try SDLCanvas(renderer: renderer, logicalSize: drawable.points, pixelScale: drawable.scale)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw error
        }

        clock = realClock
        waylandPresenter = wayland
        x11Canvas = x11
        kmsPresenter = kms
        let rate = options.hz ?? (kms.map { $0.modeRefreshRate > 0 ? $0.modeRefreshRate : 60 } ?? (reported > 0 ? reported : 60))
        timeline = FrameTimeline(clock: clock, hz: rate)
        displayLink = timeline.mainLink

        if mayUseVSync && !info.isSoftware && info.vsync {
            usesVSync = Self.presentsBlock(renderer: renderer, clock: clock, period: 1 / reported)
        } else {
            usesVSync = false
        }
        rendererVSync = !usesVSync          // so the next line always sets it (SDL_RENDER_VSYNC may force it)
        setRendererVSync(usesVSync)
        translator.windowSize = logicalSize
        translator.windowScale = desktopScale.scale
        textInput.begin(translator: &translator)
        installClipboard()
        clock.onWait = { SDL_PumpEvents() }
        // X11: sleep on the display connection between frames (one wake-up a frame without input,
        // instead of one every 4 ms to pump events); other drivers keep the stepped sleep.
        clock.wakeDescriptor = sk_window_event_fd(UnsafeMutableRawPointer(window))
        attachWindowSurface()
        canvas.tracksDamage = isSoftwareRenderer   // scroll by moving pixels; GPU renderers draw every frame whole
        stats.vblank.source = usesVSync ? .vsync : .timer
        stats.vblank.refreshRate = timeline.displayRate
        openPresenter(whyNot: x11Reason)
        noteWaylandSource(reason: waylandReason)
        noteKMSSource()
        watchDisplay()
    }

    isolated deinit {
        uninstallClipboard()
        clock.onWait = nil
        canvas.releaseResources()
        SDL_DestroyRenderer(renderer)
        waylandPresenter?.close()   // before SDL closes the display
        kmsPresenter?.close()       // the console's mode back, DRM master given back
        SDL_DestroyWindow(window)
    }

    // MARK: - Running

    public func run(client: HostClient, maxFrames: Int?, beforeFrame: ((FrameTick) -> Void)?) throws {
        self.client = client
        defer { self.client = nil }
        stats.isRealTime = true
        quitRequested = false
        frameOwed = true
        clock.resetOrigin()
        calibrateEventTime()
        refreshSize(notify: false)
        client.hostDidResize(to: logicalSize)
        deliverPending(to: client)
        startAccessibility(client: client)
        timeline.restartTimeline()
        var skippedSoFar = timeline.skippedFrames
        var framesRun = 0
        var startsSpan = true   // the next frame opens an animation span (the timeline restarted)

        while maxFrames.map({ framesRun < $0 }) ?? true {
            if quitRequested || client.wantsQuit { break }

            let cannotDraw = !canDraw
            let nothingToDo = !client.needsFrames && !timeline.hasActiveLinks && !frameOwed
                && !canvas.images.hasArrivals   // decoded images to show
            if beforeFrame == nil && (nothingToDo || cannotDraw) {
                waitForWork(client: client)
                if quitRequested || client.wantsQuit { break }
                timeline.restartTimeline()
                startsSpan = true
                continue   // re-check: still minimized, or work to do
            }

            let tick: FrameTick
            var pumped = false   // SDL's events were read while the frame waited
            if let presenter, !cannotDraw {
                if startsSpan { lastTargetMSC = nil }
                tick = waitForVBlank(presenter)
            } else if let kms = kmsPresenter, kms.hasVBlank, kms.failure == nil, !cannotDraw, options.hz == nil {
                tick = waitForKMSFrame(kms, startsSpan: startsSpan)
            } else if let wayland = waylandPresenter, wayland.failure == nil, !cannotDraw, options.hz == nil {
                tick = waitForWaylandFrame(wayland, startsSpan: startsSpan)
                pumped = true
            } else {
                timeline.pacing = usesVSync && !cannotDraw && timeline.frameRate == timeline.displayRate
                    ? .vsync : .deadlines
                setRendererVSync(timeline.pacing == .vsync)   // e.g. off for a lower preferred rate
                tick = timeline.waitForNextFrame()
                if timeline.pacing == .vsync, let rate = timeline.vsyncRefreshRate { stats.vblank.refreshRate = rate }
            }
            let began = clock.now
            let cpu0 = FrameStats.processCPUTime()
            beforeFrame?(tick)
            drainEvents(client: client, pumped: pumped)
            if quitRequested || client.wantsQuit { break }
            timeline.fire()
            client.update(tick)
            followTextInput(client)
            if !cannotDraw {
                attachWindowSurface()   // before anything draws: a resize may have replaced the surface
                canvas.beginFrame()
                client.draw(in: canvas)
                if canvas.endFrame() { present(tick, startsSpan: startsSpan) }   // nothing changed: nothing to present
                hasDrawn = true
            }
            frameInputTime = nil
            let presented = clock.now
            if let previous = stats.lastPresented, timeline.pacing == .vsync {
                checkVSyncStillBlocks(interval: presented - previous)
            }
            let cost = (FrameStats.processCPUTime() - cpu0) * 1000
            stats.record(.init(index: tick.index, timestamp: tick.timestamp, began: began, presented: presented,
                               cost: cost, wallCost: (presented - began) * 1000, startsSpan: startsSpan),
                         period: tick.duration)
            startsSpan = false
            stats.skippedFrames += timeline.skippedFrames - skippedSoFar   // runs add up
            skippedSoFar = timeline.skippedFrames
            frameOwed = false
            if let bridge = AccessibilityBridge.shared { serveAccessibility(bridge) }
            framesRun += 1
            if framesRun == 1 && presented > tick.targetTimestamp {
                // The run's first frame pays one-off setup (fonts, textures, shaders): start the
                // timeline after it instead of counting that as skipped frames.
                timeline.restartTimeline()
                startsSpan = true
            }
        }
        if let displayLost { throw displayLost }
        finishPresenting()
    }

    /// Sleeps in `SDL_WaitEventTimeout` until something needs a frame (input, a resize, an expose,
    /// a restore), the client or a display-link callback wants frames, or quit is requested.
    private func waitForWork(client: HostClient) {
        while !quitRequested {
            // Wakes on any event, leaving it queued (nil event); the timeout only bounds how long a
            // change made outside the event queue could go unnoticed.
            if let bridge = AccessibilityBridge.shared { waitServingAccessibility(bridge) }
            else if kmsPresenter != nil { waitForConsoleInput(seconds: 0.5) }
            else { _ = SDL_WaitEventTimeout(nil, 500) }
            drainEvents(client: client, pumped: false)
            if quitRequested || client.wantsQuit { return }
            if !canDraw { continue }
            if frameOwed || client.needsFrames || timeline.hasActiveLinks || canvas.images.hasArrivals { return }
        }
    }

    /// Whether a frame can be shown: the window is neither minimized nor hidden and has pixels (on a console:
    /// the display is not away on another VT).
    /// (A hidden or minimized window's present returns at once: with vsync pacing that would spin.)
    private var canDraw: Bool {
        if kmsPresenter?.isSuspended == true { return false }   // the display is another VT's
        let flags = SDL_GetWindowFlags(window)
        if flags & (SDL_WINDOW_MINIMIZED.rawValue | SDL_WINDOW_HIDDEN.rawValue) != 0 { return false }
        return !DrawableSize.read(window: window, renderer: renderer, previousScale: pixelScale,
                                  windowScale: desktopScale.scale).isEmpty
    }

    /// Re-reads the window's size and pixel scale; tells the canvas and (if asked and changed) the client.
    func refreshSize(notify: Bool) {
        attachWindowSurface()
        let drawable = DrawableSize.read(window: window, renderer: renderer, previousScale: pixelScale,
                                         windowScale: desktopScale.scale)
        translator.windowSize = drawable.points
        guard drawable.points != logicalSize || drawable.scale != pixelScale else { return }
        logicalSize = drawable.points
        pixelScale = drawable.scale
        canvas.update(logicalSize: drawable.points, pixelScale: drawable.scale)
        if notify { client?.hostDidResize(to: drawable.points) }
    }

    /// Whether the canvas composites straight into the window surface SDL's software renderer draws
    /// into (its software fast path, as on the headless host): true for a software renderer whose
    /// window surface is 32-bit XRGB/ARGB, false for hardware renderers.
    public var isCompositingDirectly: Bool { canvas.isCompositingDirectly }

    /// The surface the canvas composites into (``attachWindowSurface()``), nil when it does not.
    var attachedSurface: UnsafeMutablePointer<SDL_Surface>?

    /// Measures the offset between SDL's millisecond event stamps and the host clock at a tick edge.
    private func calibrateEventTime() {
        translator.calibrate { clock.now }
    }

    // MARK: - Host

    public func resize(to size: Size) {
        let (w, h) = Self.windowSize(size, scale: desktopScale.scale)
        SDL_SetWindowSize(window, w, h)
        refreshSize(notify: true)   // the window manager may apply it later: a resize event follows
        frameOwed = true
    }

    /// Writes the last frame as PNG. Hardware renderers keep nothing after a present, so the frame
    /// is drawn again (the client's state has not changed since) and read before any present.
    public func screenshot(to path: String) throws {
        if !isSoftwareRenderer, let client, hasDrawn {
            canvas.beginFrame()
            client.draw(in: canvas)
        }
        try PNGWriter.write(renderer: renderer, to: path)
    }

    public func inject(_ event: InputEvent) {
        frameOwed = true
        if let client {
            deliverPending(to: client)
            client.handle(event)
        } else {
            pending.append(event)
        }
    }

    func deliverPending(to client: HostClient) {
        guard !pending.isEmpty else { return }
        let events = pending
        pending.removeAll()
        for event in events { client.handle(event) }
    }
}
