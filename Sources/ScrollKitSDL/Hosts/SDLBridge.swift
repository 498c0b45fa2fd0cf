// SDLBridge: ScrollKit inside an app's own SDL loop (its renderer, its events, its frame times).

import CSDL2
import Motion
import ScrollKit

/// ScrollKit inside an app's own SDL loop: the app keeps its window, renderer and loop, and hands
/// ScrollKit its renderer (or a surface), its SDL events and its frame times.
///
/// Nothing of ScrollKit's hosts is involved: no `WindowHost`, no `DisplayLink`, no clock of ScrollKit's
/// running. The bridge gives the app a ``canvas`` to draw views with, translates SDL events into
/// ``InputEvent``s in points, and makes ``FrameTick``s from the app's own frame times:
///
/// ```swift
/// let bridge = try SDLBridge(renderer: renderer, window: window)
/// while running {
///     while SDL_PollEvent(&event) != 0 {
///         if let input = bridge.inputEvent(for: event) { list.handle(input) }
///     }
///     list.step(bridge.frameTick(at: bridge.now, duration: 1.0 / 60))
///     SDL_RenderClear(renderer)
///     bridge.beginFrame()
///     list.draw(in: bridge.canvas)
///     SDL_RenderPresent(renderer)
/// }
/// ```
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
    /// The renderer the canvas draws with (the app's, or the one made for a surface).
    public let renderer: OpaquePointer
    /// The window given at creation, if any: its size in points sets the canvas's size.
    public let window: OpaquePointer?
    /// The drawable size in points.
    public private(set) var size: Size = .zero
    /// Pixels per point.
    public private(set) var pixelScale: Double = 1

    private var translator = EventTranslator()
    private var frameIndex = 0
    private var lastTime = 0.0
    private let ownsRenderer: Bool
    /// For a surface bridge: its fixed pixels per point (the size follows the surface).
    private let surfaceScale: Double?
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private let counterOrigin = SDL_GetPerformanceCounter()

    /// Draws into the app's renderer (GPU or SDL's software renderer).
    ///
    /// - Parameters:
    ///   - renderer: the app's `SDL_Renderer*`. The bridge sets its draw blend mode to BLEND.
    ///   - window: the app's `SDL_Window*`, for sizes in points on high-DPI displays; nil to use pixels.
    /// - Throws: ``SDLError`` when the bundled fonts cannot be opened.
    public init(renderer: OpaquePointer, window: OpaquePointer? = nil,
                fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        self.renderer = renderer
        self.window = window
        ownsRenderer = false
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
    /// - Parameter pixelScale: pixels per point (1 unless the surface is a high-DPI framebuffer).
    /// - Throws: ``SDLError`` when SDL cannot make a renderer for the surface, or the fonts cannot be opened.
    public init(surface: UnsafeMutablePointer<SDL_Surface>, pixelScale: Double = 1,
                fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            throw SDLError("cannot create a software renderer for the surface")
        }
        self.renderer = renderer
        window = nil
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
        _ = canvas.attachSoftwareTarget(surface)
        calibrateEventTime()
        refreshSize()
    }

    /// The canvas belongs to the bridge: do not keep it past the bridge (the renderer a surface bridge
    /// made is destroyed with it, and the canvas lets go of the surface here).
    isolated deinit {
        canvas.releaseResources()
        _ = canvas.attachSoftwareTarget(nil)
        if ownsRenderer { SDL_DestroyRenderer(renderer) }
    }

    /// Seconds on the bridge's clock (SDL's performance counter, 0 when the bridge was made).
    public var now: Double {
        Double(SDL_GetPerformanceCounter() &- counterOrigin) / frequency
    }

    /// The ScrollKit input for one SDL event (pointer, touch, wheel, keys), in points, stamped on the
    /// bridge's clock; nil for anything else. A window resize refreshes ``size`` (and gives nil).
    public func inputEvent(for event: SDL_Event) -> InputEvent? {
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

    /// Reads the drawable size again from the window (points) and the renderer (pixels).
    public func refreshSize() {
        var pw: Int32 = 0, ph: Int32 = 0
        if SDL_GetRendererOutputSize(renderer, &pw, &ph) != 0 { pw = 0; ph = 0 }
        var points = Size(width: Double(pw), height: Double(ph))
        var scale = 1.0
        if let surfaceScale {
            // A surface bridge keeps the scale it was given; its size follows the surface.
            scale = surfaceScale
            points = Size(width: Double(pw) / scale, height: Double(ph) / scale)
        } else if let window {
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
