// AppHost: the frame loop around a HostClient (window or headless), with HostClient and HostOptions.

import CSDL2
import Motion
import ScrollKit

/// What a host runs: receives size changes, input and frames, and draws.
@MainActor
public protocol HostClient: AnyObject {
    /// The drawable size changed (also called once when ``AppHost/run(client:maxFrames:beforeFrame:)``
    /// starts). In logical points; may be 0×0 (a minimized window): never divide by it.
    func hostDidResize(to size: Size)
    /// An input event, with its own timestamp on the host clock (seconds).
    func handle(_ event: InputEvent)
    /// Once per frame, before ``draw(in:)``. Compute what the frame shows for `tick.targetTimestamp`.
    func update(_ tick: FrameTick)
    /// Draws the frame.
    func draw(in canvas: DrawingCanvas)
    /// False when nothing moves: a window host may then sleep until input arrives.
    var needsFrames: Bool { get }
    /// True when nothing moves but ambient animations (`ViewNode.hasAmbientAnimation`: a caret blinking): what
    /// a test waits for (ScrollKitTesting's `TestApp.settle()`). Default: ``needsFrames`` false with the view
    /// trees' ambient animations left out (`ViewNode.ignoringAmbientAnimations`).
    var isIdle: Bool { get }
    /// True to end a window host's run (e.g. Escape was pressed).
    var wantsQuit: Bool { get }
    /// The root of the view tree the window shows, published to assistive technology (screen readers, UI
    /// test tools) when one is on (``AccessibilityBridge``). The default is `nil`: nothing is published.
    var accessibilityRoot: ViewNode? { get }
    /// The view taking typed text, if any (`ViewNode.focusedTextInput` of the client's tree). A window host
    /// starts the platform's text input while it is non-nil, stops it while nil, and places the input
    /// method's candidate window at its caret. Default: nil.
    var focusedTextInput: (any TextInputClient)? { get }
}

extension HostClient {
    /// Idle when ``needsFrames`` is false once the view trees' ambient animations are left out (the default).
    public var isIdle: Bool { ViewNode.ignoringAmbientAnimations { !needsFrames } }
    /// No tree is published (the default).
    public var accessibilityRoot: ViewNode? { nil }
    /// No text field (the default).
    public var focusedTextInput: (any TextInputClient)? { nil }
}

/// How a host is set up.
public struct HostOptions: Sendable, Hashable {
    /// Whether a window host may pace by the renderer's vsync.
    public enum VSync: Sendable, Hashable {
        /// Use vsync where the renderer really blocks on it (measured on a few presents at start;
        /// never on software renderers or the dummy/offscreen drivers); else absolute deadlines.
        case automatic
        /// Always pace by absolute deadlines (vsync off).
        case off
    }

    /// Which SDL renderer a window host uses.
    public enum Renderer: Sendable, Hashable {
        /// Hardware-accelerated, falling back to software when none can be created.
        case automatic
        /// SDL's software renderer (what the headless host always uses).
        case software
    }

    /// Window or surface size in points. Non-finite or < 1 dimensions become 1; capped at 16384.
    public var size: Size
    /// Frames per second; nil = the display's refresh rate (60 when SDL reports 0 Hz, as on Xvfb and
    /// the headless drivers; the headless host always uses 60). Sanitized to 1...1000 (NaN → 60).
    public var hz: Double?
    /// The window title.
    public var title: String
    /// Vsync preference (window host).
    public var vsync: VSync
    /// Renderer preference (window host).
    public var renderer: Renderer
    /// Pixels per point. Headless: the surface's (nil: 1). A window on X11, where SDL 2 has no high-DPI: instead
    /// of the desktop's (nil: ``DisplayScale/x11()``, from SCROLLKIT_SCALE, GDK_SCALE or Xft.dpi). Ignored
    /// where the video driver scales by itself (Wayland, macOS). Sanitized to ``DisplayScale/range``.
    public var scale: Double?
    /// The direction of trees whose root sets none (`ViewNode.defaultLayoutDirection`, set when the host
    /// starts): nil = the locale's for a window host (``LocaleDirection/current``), left to right for the
    /// headless host (its runs are reproducible whatever the machine's locale).
    public var layoutDirection: ReadingDirection? = nil
    /// The *Larger text* scale of the tree (`ViewNode.textScale`, set when the host starts), 1.0–2.0 (clamped;
    /// NaN counts as 1): nil = the user's for a window host (``DesktopTextScale``: `SCROLLKIT_TEXT_SCALE`, else
    /// GNOME's `text-scaling-factor`), 1.0 for the headless host (its screenshots are the same on every machine).
    public var textScale: Double? = nil
    /// Whether motion is reduced in the tree (`ViewNode.isReduceMotionEnabled`, set when the host starts): nil =
    /// the user's for a window host (``DesktopReducedMotion``: `SCROLLKIT_REDUCE_MOTION`, else GNOME's
    /// `enable-animations`), off for the headless host (its runs are the same on every machine).
    public var reduceMotion: Bool? = nil
    /// The theme of trees whose root sets none (`ViewNode.defaultTheme`, set when the host starts): nil = the
    /// user's (``DesktopColorScheme``: `SCROLLKIT_COLOR_SCHEME`, else, in a window, GNOME's `color-scheme`),
    /// light when neither says.
    public var theme: Theme? = nil
    /// On a bare Linux console (a window host showing frames through KMS): whether the frame fills the
    /// output's preferred mode (true) or is ``size`` (the mode of that size, else the top-left corner of the
    /// preferred one). Ignored in a window.
    public var fillsScreen: Bool = true

    public init(size: Size = Size(width: 800, height: 600), hz: Double? = nil, title: String = "ScrollKit",
                vsync: VSync = .automatic, renderer: Renderer = .automatic, scale: Double? = nil) {
        self.scale = scale
        self.size = size
        self.hz = hz
        self.title = title
        self.vsync = vsync
        self.renderer = renderer
    }

    /// `size` in whole points, each dimension in 1...16384 (NaN or infinite → 1).
    public var pixelSafeSize: (width: Int32, height: Int32) {
        func clean(_ v: Double) -> Int32 {
            guard v.isFinite else { return 1 }
            return Int32(min(max(v.rounded(), 1), 16_384))
        }
        return (clean(size.width), clean(size.height))
    }
}

/// A frame loop around a client: a window on a display, or headless on a virtual clock.
///
/// Each frame `k`: (1) pacing (see ``FrameTimeline``); (2) `beforeFrame(tick)`, then pending input is
/// delivered with its own timestamps; (3) the display links' callbacks, `client.update(tick)`,
/// `client.draw(in:)` and the present. The CPU cost of (2)–(3) goes into ``stats``.
@MainActor
public protocol AppHost: AnyObject {
    /// The host's frame timeline: its clock and pacing, shared by every ``DisplayLink`` on this host.
    var timeline: FrameTimeline { get }
    /// The host's own link: it runs with the client's frames (read its `timestamp`, `targetTimestamp`,
    /// `duration`), and its `preferredFramesPerSecond` sets the host's frame rate. It has no callback:
    /// to run code every frame, make a link of your own with ``makeDisplayLink(_:)``.
    var displayLink: DisplayLink { get }
    /// The drawable size in points.
    var logicalSize: Size { get }
    /// The canvas frames are drawn on (a headless resize may replace it; fetch it each time).
    var canvas: SDLCanvas { get }
    /// What the host measured so far.
    var stats: FrameStats { get }
    /// Runs frames: a window host until the client wants to quit or the window closes (or
    /// `maxFrames`); a headless host exactly `maxFrames` frames on the virtual clock, every frame
    /// rendered. `beforeFrame` runs at the start of each frame with its tick (scripts inject events there).
    /// - Throws: ``SDLError`` when SDL fails during the run; ``DisplayLostError`` (a window host) when the
    ///   X server or Wayland compositor closes the connection.
    func run(client: HostClient, maxFrames: Int?, beforeFrame: ((FrameTick) -> Void)?) throws
    /// Headless: a new surface size; window: `SDL_SetWindowSize`. The client hears of it through
    /// ``HostClient/hostDidResize(to:)``. Sanitized like ``HostOptions/size``.
    func resize(to size: Size)
    /// Writes the last presented frame as PNG.
    /// - Throws: ``SDLError`` naming `path` when it cannot be written.
    func screenshot(to path: String) throws
    /// Delivers an input event to the client (at once during a run; before the next frame otherwise).
    func inject(_ event: InputEvent)
}

extension AppHost {
    /// ``run(client:maxFrames:beforeFrame:)`` without a frame hook.
    public func run(client: HostClient, maxFrames: Int? = nil) throws {
        try run(client: client, maxFrames: maxFrames, beforeFrame: nil)
    }

    /// A new ``DisplayLink`` on this host's timeline, running `callback` once per frame (before the
    /// client's update) until it is invalidated. Invalidating or pausing it affects no other link.
    /// While it is active (valid, not paused) a window host keeps producing frames.
    @discardableResult
    public func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        timeline.makeDisplayLink(callback)
    }
}

/// Renderer facts hosts read once.
struct RendererInfo {
    var name: String
    var isSoftware: Bool
    var vsync: Bool

    init(_ renderer: OpaquePointer) {
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(renderer, &info) == 0 {
            name = info.name.map { String(cString: $0) } ?? "unknown"
            isSoftware = (info.flags & SDL_RENDERER_SOFTWARE.rawValue) != 0 || name == "software"
            vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue) != 0
        } else {
            name = "unknown"
            isSoftware = false
            vsync = false
        }
    }
}

/// Sizes of a window in points and of its renderer's output in pixels, and their ratio.
struct DrawableSize: Equatable {
    var points: Size
    var pixels: Size
    /// Pixels per point; the previous scale (or 1) when either size is zero, never NaN.
    var scale: Double

    /// `windowScale`: SDL's window units per point (the X11 desktop scale, where SDL's window sizes are pixels;
    /// 1 where SDL reports points).
    static func read(window: OpaquePointer, renderer: OpaquePointer, previousScale: Double,
                     windowScale: Double = 1) -> DrawableSize {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        if SDL_GetRendererOutputSize(renderer, &pw, &ph) != 0 { pw = w; ph = h }
        let unit = windowScale.isFinite && windowScale > 0 ? windowScale : 1
        let points = Size(width: Double(max(0, w)) / unit, height: Double(max(0, h)) / unit)
        let pixels = Size(width: Double(max(0, pw)), height: Double(max(0, ph)))
        var scale = previousScale.isFinite && previousScale > 0 ? previousScale : 1
        if points.width > 0 && pixels.width > 0 {
            scale = pixels.width / points.width
        } else if points.height > 0 && pixels.height > 0 {
            scale = pixels.height / points.height
        }
        return DrawableSize(points: points, pixels: pixels, scale: scale)
    }

    /// Nothing can be drawn (a minimized or collapsed window).
    var isEmpty: Bool { points.width < 1 || points.height < 1 || pixels.width < 1 || pixels.height < 1 }
}
