// SDLBridge: ScrollKit inside an app's own SDL loop (its renderer, its events, its frame times).

import CSDL2
import Motion
import ScrollKit

/// ScrollKit inside an app's own loop: the app keeps its loop (and, if it has them, its SDL window and
/// renderer), and hands ScrollKit its events and its frame times.
///
/// Nothing of ScrollKit's hosts is involved: no `WindowHost`, no `DisplayLink`, no clock of ScrollKit's
/// running. The bridge gives the app a ``canvas`` to draw views with, translates SDL events into
/// `InputEvent`s in points, and makes `FrameTick`s from the app's own frame times. An app that does
/// not call SDL itself lets the bridge make the window:
///
/// ```swift
/// let bridge = try SDLBridge(title: "My app", size: Size(width: 800, height: 600))
/// while running {
///     while let event = bridge.pollEvent() {
///         if event.isQuit { running = false }
///         if let input = bridge.inputEvent(for: event) { list.handle(input) }
///     }
///     list.step(bridge.frameTick(at: bridge.now, duration: 1.0 / 60))
///     bridge.beginFrame(clearingTo: RGBAColor(r: 20, g: 20, b: 24))
///     list.draw(in: bridge.canvas)
///     bridge.present()
/// }
/// ```
///
/// An app with its own SDL window and renderer hands them over by address (``SDLRendererHandle``,
/// ``SDLWindowHandle``) and its events as ``SDLEvent``s (`SDLEvent(copying: &event)`); it clears and
/// presents with its own SDL calls, or with ``beginFrame(clearingTo:)`` and ``present()``.
///
/// ## Time
/// Frame times and event times are seconds on one clock: ``now`` (SDL's performance counter). Pass
/// ``now`` (or any time on that clock, such as the time your vsync'ed present returned) to
/// ``frameTick(at:duration:)``; events are mapped from SDL's millisecond tick stamps onto the same
/// clock, so velocities and animations line up. Each tick's `targetTimestamp` is its timestamp plus
/// `duration`: the moment the frame will be on screen, at which ScrollKit samples every motion.
///
/// ## Sizes
/// Views work in points. With a `window`, the size in points is the window's and the pixel scale is the
/// renderer's output size over it (high-DPI); without, both come from the renderer's output (scale 1).
/// Call ``refreshSize()`` after the window is resized (or rely on ``inputEvent(for:)``, which does it on
/// `SDL_WINDOWEVENT_SIZE_CHANGED`).
///
/// ## Bad input
/// A renderer whose output size cannot be read counts as 0x0 (a valid empty canvas); NaN or negative
/// frame times and durations are replaced by the last valid time and 1/60 s; events that are not input
/// give `nil`. Nothing traps.
@MainActor
public final class SDLBridge {
    /// The canvas to draw views with, in points.
    public let canvas: SDLCanvas
    /// The renderer the canvas draws with (the app's, or the one the bridge made).
    public var renderer: SDLRendererHandle { SDLRendererHandle(rendererPointer) }
    /// The window given at creation or made by the bridge, if any: its size in points sets the canvas's size.
    public var window: SDLWindowHandle? { windowPointer.map(SDLWindowHandle.init) }
    /// The drawable size in points.
    public private(set) var size: Size = .zero
    /// Pixels per point.
    public private(set) var pixelScale: Double = 1

    private var translator = EventTranslator()
    private var frameIndex = 0
    private var lastTime = 0.0
    private let rendererPointer: OpaquePointer
    private let windowPointer: OpaquePointer?
    private let ownsRenderer: Bool
    /// The window ``init(title:size:softwareRenderer:fonts:images:)`` made (destroyed with the bridge).
    private var ownedWindow: OpaquePointer?
    /// For a surface bridge: its fixed pixels per point (the size follows the surface).
    private let surfaceScale: Double?
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private let counterOrigin = SDL_GetPerformanceCounter()

    /// Draws into the app's renderer (GPU or SDL's software renderer).
    ///
    /// - Parameters:
    ///   - renderer: the app's `SDL_Renderer*`. The bridge sets its draw blend mode to BLEND.
    ///   - window: the app's `SDL_Window*`, for sizes in points on high-DPI displays; nil to use pixels.
    ///   - fonts: the fonts the canvas draws text with.
    ///   - images: the images the canvas draws.
    /// - Throws: ``SDLError`` when the bundled fonts cannot be opened.
    public convenience init(renderer: SDLRendererHandle, window: SDLWindowHandle? = nil,
                            fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        try self.init(renderer: renderer.pointer, window: window?.pointer, ownsRenderer: false,
                      fonts: fonts, images: images)
    }

    /// Makes a window (resizable, high-DPI aware) and a renderer for an app that runs its own loop but does
    /// not call SDL itself; both are destroyed with the bridge. SDL's video subsystem is started if needed.
    ///
    /// - Parameters:
    ///   - title: the window's title.
    ///   - size: the window's size in points (each side 1...16384; NaN or less than 1 counts as 1).
    ///   - softwareRenderer: SDL's software renderer instead of an accelerated one (vsync'ed).
    ///   - fonts: the fonts the canvas draws text with.
    ///   - images: the images the canvas draws.
    /// - Throws: ``SDLError`` when SDL cannot start, or make the window or the renderer, or the fonts
    ///   cannot be opened.
    public convenience init(title: String, size: Size, softwareRenderer: Bool = false,
                            fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        if SDL_WasInit(SDL_INIT_VIDEO) == 0, SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 {
            throw SDLError("cannot start SDL's video subsystem")
        }
        func side(_ v: Double) -> Int32 { Int32(min(max(v.isFinite ? v.rounded() : 1, 1), 16_384)) }
        guard let window = SDL_CreateWindow(title, sk_SDL_WINDOWPOS_CENTERED(), sk_SDL_WINDOWPOS_CENTERED(),
                                            side(size.width), side(size.height),
                                            SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue) else {
            throw SDLError("cannot create a window")
        }
        let flags = softwareRenderer ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, flags) else {
            SDL_DestroyWindow(window)
            throw SDLError("cannot create a renderer")
        }
        do {
            try self.init(renderer: renderer, window: window, ownsRenderer: true, fonts: fonts, images: images)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw error
        }
        ownedWindow = window
    }

    private init(renderer: OpaquePointer, window: OpaquePointer?, ownsRenderer: Bool,
                 fonts: FontLibrary, images: ImageLibrary) throws {
        rendererPointer = renderer
        windowPointer = window
        self.ownsRenderer = ownsRenderer
        surfaceScale = nil
        canvas = try SDLCanvas(renderer: renderer, logicalSize: .zero, pixelScale: 1, fonts: fonts, images: images)
        calibrateEventTime()
        refreshSize()
    }

    /// Draws into a surface (an `SDL_Surface*` the app owns, for example a window's `SDL_GetWindowSurface`
    /// or its own framebuffer), with SDL's software renderer and ScrollKit's software fast path.
    ///
    /// The surface must stay alive as long as the bridge; after the app replaces it (a window surface
    /// changes on resize), make a new bridge.
    /// - Parameters:
    ///   - surface: the app's `SDL_Surface*`.
    ///   - pixelScale: pixels per point (1 unless the surface is a high-DPI framebuffer).
    ///   - fonts: the fonts the canvas draws text with.
    ///   - images: the images the canvas draws.
    /// - Throws: ``SDLError`` when SDL cannot make a renderer for the surface, or the fonts cannot be opened.
    public init(surface: SDLSurfaceHandle, pixelScale: Double = 1,
                fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        guard let renderer = SDL_CreateSoftwareRenderer(surface.pointer) else {
            throw SDLError("cannot create a software renderer for the surface")
        }
        rendererPointer = renderer
        windowPointer = nil
        ownsRenderer = true
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        surfaceScale = scale
        do {
            canvas = try SDLCanvas(renderer: renderer, logicalSize: .zero, pixelScale: scale, fonts: fonts, images: images)
        } catch {
            SDL_DestroyRenderer(renderer)
            throw error
        }
        self.pixelScale = scale
        _ = canvas.attachSoftwareTarget(surface.pointer)
        calibrateEventTime()
        refreshSize()
    }

    /// The canvas belongs to the bridge: do not keep it past the bridge (the renderer a surface bridge
    /// made is destroyed with it, and the canvas lets go of the surface here).
    isolated deinit {
        canvas.releaseResources()
        _ = canvas.attachSoftwareTarget(nil)
        if ownsRenderer { SDL_DestroyRenderer(rendererPointer) }
        if let ownedWindow { SDL_DestroyWindow(ownedWindow) }
    }

    /// Seconds on the bridge's clock (SDL's performance counter, 0 when the bridge was made).
    public var now: Double {
        Double(SDL_GetPerformanceCounter() &- counterOrigin) / frequency
    }

    /// The ScrollKit input for one SDL event (pointer, touch, wheel, keys), in points, stamped on the
    /// bridge's clock; nil for anything else. A window resize refreshes ``size`` (and gives nil).
    public func inputEvent(for event: SDLEvent) -> InputEvent? {
        inputEvent(for: event.event)
    }

    /// The next SDL event waiting (SDL's `SDL_PollEvent`), or nil when there is none: for an app that does
    /// not call SDL itself. An app that polls with its own SDL passes its events as ``SDLEvent``s instead.
    public func pollEvent() -> SDLEvent? {
        var event = SDL_Event()
        return SDL_PollEvent(&event) != 0 ? SDLEvent(event) : nil
    }

    private func inputEvent(for event: SDL_Event) -> InputEvent? {
        // SDL's 32-bit millisecond stamps are unwrapped against a recent reading (as the window host does
        // before each batch), so an app running for weeks still gets the right times.
        translator.referenceTicks = SDL_GetTicks64()
        if event.type == SDL_WINDOWEVENT.rawValue,
           event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) {
            refreshSize()
            return nil
        }
        if case .input(let input)? = translator.hostEvent(for: event) { return input }
        return nil
    }

    /// The tick for a frame the app is about to draw: `timestamp` when its work starts (seconds on the
    /// bridge's clock, see ``now``), `duration` its period (1/60 s at 60 Hz). Indices count up from 0.
    public func frameTick(at timestamp: Double, duration: Double) -> FrameTick {
        let period = duration.isFinite && duration > 0 ? duration : 1.0 / 60
        let time = timestamp.isFinite && timestamp >= lastTime ? timestamp : lastTime
        lastTime = time
        defer { frameIndex += 1 }
        return FrameTick(index: frameIndex, timestamp: time, targetTimestamp: time + period, duration: period)
    }

    /// Prepares the canvas for a frame (drops clips and translations left over, restores blending).
    /// Call it after clearing, before drawing views.
    public func beginFrame() {
        canvas.beginFrame()
    }

    /// Clears the whole drawable to `color`, then prepares the canvas for a frame (``beginFrame()``).
    public func beginFrame(clearingTo color: RGBAColor) {
        SDL_SetRenderDrawColor(rendererPointer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(rendererPointer)
        canvas.beginFrame()
    }

    /// Shows the frame drawn (SDL's `SDL_RenderPresent`; paced by vsync on an accelerated renderer).
    public func present() {
        SDL_RenderPresent(rendererPointer)
    }

    /// Reads the drawable size again from the window (points) and the renderer (pixels).
    public func refreshSize() {
        var pw: Int32 = 0, ph: Int32 = 0
        if SDL_GetRendererOutputSize(rendererPointer, &pw, &ph) != 0 { pw = 0; ph = 0 }
        var points = Size(width: Double(pw), height: Double(ph))
        var scale = 1.0
        if let surfaceScale {
            // A surface bridge keeps the scale it was given; its size follows the surface.
            scale = surfaceScale
            points = Size(width: Double(pw) / scale, height: Double(ph) / scale)
        } else if let window = windowPointer {
            var ww: Int32 = 0, wh: Int32 = 0
            SDL_GetWindowSize(window, &ww, &wh)
            if ww > 0 && wh > 0 {
                points = Size(width: Double(ww), height: Double(wh))
                scale = Double(pw) / Double(ww)
            }
        }
        if !(scale.isFinite && scale > 0) { scale = 1 }
        size = points
        pixelScale = scale
        canvas.update(logicalSize: points, pixelScale: scale)
        translator.windowSize = points
    }

    /// Maps SDL's millisecond event stamps onto ``now``: the offset read at a tick boundary.
    private func calibrateEventTime() {
        translator.calibrate { now }
    }
}
