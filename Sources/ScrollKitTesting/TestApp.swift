// TestApp: an app under test — a root view or any HostClient in a headless host on a virtual clock, driven
// frame by frame (pump, settle), with input scheduled at its own times between frames.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL

/// An app under test: your root view (or any ``HostClient``) in a ``HeadlessHost`` — SDL's dummy driver, the
/// software renderer, a virtual clock — so every run gives the same frames, the same pixels and the same
/// motion, in CI, without a display.
///
/// ```swift
/// @MainActor @Test func flingComesToRest() throws {
///     let list = ListView(frame: .zero, dataSource: Inbox())
///     let app = try TestApp(root: list, size: Size(width: 390, height: 844))
///     app.swipeUp()
///     try app.settle()
///     #expect(list.scrollView.contentOffset.y > 1000)
///     app.expectScreenshot(matches: "inbox-after-fling")
/// }
/// ```
///
/// Time is virtual: frame `k` has the timestamp `k / hz`. Input is scheduled at its own times (a finger
/// sampled at 120 Hz, a key every 80 ms) and delivered before the first frame at or after each event's time,
/// as a host delivers it, so velocities and double-tap intervals come out as on a device whatever `hz` is.
@MainActor
public final class TestApp {
    /// The window size tests get unless they ask for another: a phone in portrait, in points.
    public static let defaultSize = Size(width: 390, height: 844)

    /// The headless host the app runs in (its canvas, stats and screenshots).
    public let host: HeadlessHost
    /// The client the host runs: a ``RootViewClient`` around ``root`` when made from a view.
    public let client: any HostClient
    /// The root of the tree queries search: the client's ``HostClient/accessibilityRoot`` (the root view
    /// when the app was made from one), read each time.
    public var root: ViewNode? { client.accessibilityRoot }
    /// The device gestures are made with (default ``InputDevice/touch``).
    public var device: InputDevice = .touch
    /// Frames run so far; the next frame is frame `framesRun`.
    public private(set) var framesRun = 0
    /// Events scheduled and not yet delivered, in time order.
    private var scheduled: [InputEvent] = []
    /// What the host runs: the client, told of sizes only when they change, observed after each draw.
    private let adapter: ObservedClient
    /// Called after each frame's draw with the frame's tick: read the app's state as that frame showed it (a
    /// harness of your own collecting per-frame samples; ``recordTrace(sampling:_:)`` chains onto it).
    public var onFrameDrawn: (@MainActor (FrameTick) -> Void)? {
        get { adapter.afterDraw }
        set { adapter.afterDraw = newValue }
    }

    /// Starts `root` as the whole window at `size` points, `hz` frames a second and `pixelScale` pixels a
    /// point, and runs its first frame (the tree is laid out and drawn, as an app is once launched).
    /// - Throws: ``SDLError`` when SDL or the fonts cannot start.
    public convenience init(root: ViewNode, size: Size = TestApp.defaultSize, hz: Double = 60,
                            pixelScale: Double = 1) throws {
        try self.init(client: RootViewClient(root: root), size: size, hz: hz,
                      pixelScale: pixelScale)
    }

    /// Starts any ``HostClient`` (a whole app with its own event handling) like ``init(root:size:hz:pixelScale:)``;
    /// queries search its ``HostClient/accessibilityRoot``. With `runsFirstFrame` false no frame runs yet: the
    /// first ``pump(frames:)`` runs frame 0 (a test that checks what the first frame does, or sends input
    /// before it).
    ///
    /// The client hears ``HostClient/hostDidResize(to:)`` when its size changes (the first frame, a
    /// ``HeadlessHost/resize(to:)``), as in a window, not at every pump.
    /// `textScale` is the *Larger text* scale the host sets (`ViewNode.textScale`; nil: 1, whatever the machine's).
    public init(client: any HostClient, size: Size = TestApp.defaultSize, hz: Double = 60,
                pixelScale: Double = 1, runsFirstFrame: Bool = true, textScale: Double? = nil) throws {
        var options = HostOptions(size: size, hz: hz)
        options.textScale = textScale
        host = try HeadlessHost(options: options, pixelScale: pixelScale)
        self.client = client
        adapter = ObservedClient(client)
        if runsFirstFrame { pump(frames: 1) }
    }

    /// Frames a second of the virtual clock.
    public var hz: Double { host.hz }
    /// The window size in points.
    public var size: Size { host.logicalSize }
    /// The timestamp of the next frame (seconds on the virtual clock): where input sent now is stamped.
    public var time: Double { Double(framesRun) / hz }

    // MARK: - Frames

    /// Runs `frames` frames, delivering the input due before each.
    public func pump(frames: Int = 1) {
        guard frames > 0 else { return }
        try? host.run(client: adapter, maxFrames: frames) { [self] tick in
            deliver(upTo: tick.timestamp)
        }
        framesRun += frames
    }

    /// Runs the frames of `seconds` of virtual time (at least one).
    public func pump(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return pump(frames: 1) }
        pump(frames: max(1, Int((seconds * hz).rounded(.up))))
    }

    /// Runs frames until every scheduled event is delivered and nothing animates but ambient animations
    /// (the client ``HostClient/isIdle``): a focused field's blinking caret is not waited for, as XCTest's
    /// wait for an idle app does not wait for it (it keeps blinking in the frames pumped after).
    /// - Returns: the frames it ran.
    /// - Throws: ``TestAppError/didNotSettle(frames:seconds:)`` when it still animates after `timeout` seconds
    ///   of virtual time (a spinner that never stops, an animation that keeps asking for frames).
    @discardableResult
    public func settle(timeout: Double = 10) throws -> Int {
        let limit = max(1, Int(((timeout.isFinite ? timeout : 10) * hz).rounded(.up)))
        var ran = 0
        while (!client.isIdle || !scheduled.isEmpty) && ran < limit {
            pump(frames: 1)
            ran += 1
        }
        if !client.isIdle || !scheduled.isEmpty {
            throw TestAppError.didNotSettle(frames: ran, seconds: Double(ran) / hz)
        }
        return ran
    }

    // MARK: - Input

    /// Sends `event` as is (its own time), before the next frame whose timestamp reaches it.
    public func send(_ event: InputEvent) {
        schedule([event])
    }

    /// Schedules `events` (each at its own time) and runs frames until the last is delivered, then one
    /// more frame, so its effect is drawn.
    public func perform(_ events: [InputEvent]) {
        schedule(events)
        guard let last = events.map(\.time).filter(\.isFinite).max() else { return pump(frames: 1) }
        while !scheduled.isEmpty || time <= last { pump(frames: 1) }
        pump(frames: 1)
    }

    private func schedule(_ events: [InputEvent]) {
        // An event without a finite time goes with the next frame (it could never be "due" otherwise).
        scheduled.append(contentsOf: events.map { $0.time.isFinite ? $0 : $0.at(time: time) })
        // A stable sort: events at one time keep their order.
        scheduled = scheduled.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
    }

    /// How far past a frame's timestamp an event may be and still go before that frame: rounding, not time
    /// (an event stamped `origin + t` that lands a few ulps after the frame it was meant for).
    static let deliveryTolerance = 1e-6

    private func deliver(upTo time: Double) {
        var n = 0
        while n < scheduled.count, !(scheduled[n].time > time + Self.deliveryTolerance) { n += 1 }
        guard n > 0 else { return }
        let due = scheduled.prefix(n)
        scheduled.removeFirst(n)
        for event in due { host.inject(event) }
    }

    // MARK: - Pixels

    /// The last frame's pixels (RGBA, `pixelScale` × the size).
    /// - Throws: ``SDLError`` when SDL cannot read them.
    public func screenshot() throws -> RGBAImage {
        try host.readPixels()
    }
}

/// Why a ``TestApp`` call failed.
public enum TestAppError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ``TestApp/settle(timeout:)`` ran out of time with the app still animating.
    case didNotSettle(frames: Int, seconds: Double)

    public var description: String {
        switch self {
        case .didNotSettle(let frames, let seconds):
            return "the app did not settle: still animating after \(frames) frames (\(seconds) s of virtual time)"
        }
    }
}
