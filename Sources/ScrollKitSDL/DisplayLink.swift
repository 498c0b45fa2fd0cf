import Motion

/// A stand-in for `CADisplayLink`: callbacks on the main actor once per frame, paced by the display.
///
/// A host owns one display link and drives it: each frame it calls ``waitForNextFrame()`` (which
/// paces the loop) and then ``fire()`` (which runs the callbacks). Outside a host, ``step()`` does both.
///
/// - `timestamp` is when the current frame began (its deadline on the timeline, not the moment the
///   loop woke up), `targetTimestamp` when it will be on screen (`timestamp + duration`), `duration`
///   the nominal period. All in seconds on the link's ``clock``.
/// - Pacing by deadlines: frame `k` is due at `start + k / rate`, never "now + period", so there is no
///   drift; a late frame skips to the next deadline after now and counts the dropped frames in
///   ``skippedFrames``. Pacing by vsync: the renderer's present blocks until the vertical blank
///   and the link only reads the clock (see ``Pacing``).
/// - ``isPaused`` stops the callbacks, not time: while paused, frames still pass and are not
///   delivered. ``invalidate()`` removes every callback for good.
///
/// ```swift
/// let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
/// let handle = link.add { link in print(link.timestamp) }
/// link.step()   // prints 0.0
/// link.step()   // prints 0.016666666666666666
/// link.remove(handle)
/// ```
@MainActor
public final class DisplayLink {
    /// How a frame's start is found.
    public enum Pacing: Sendable, Hashable {
        /// Sleep until absolute deadlines on the clock (the default).
        case deadlines
        /// The caller's present blocks until the vertical blank: the link does not sleep; each
        /// frame is stamped with the moment the loop came back from the previous present.
        case vsync
    }

    /// Identifies a callback added with ``add(_:)``, for ``remove(_:)``.
    public struct Handle: Sendable, Hashable {
        fileprivate let id: Int
    }

    /// The clock the link reads and sleeps on.
    public let clock: any FrameClock
    /// The display's refresh rate in hertz (sanitized: NaN or ≤ 0 → 60; clamped to 1...1000).
    public private(set) var displayRate: Double
    /// Frames per second wanted; 0 (the default) means the display's rate. Values above the
    /// display's rate, and negative ones, also mean the display's rate. Changing it keeps the
    /// next frame's deadline and spaces the following ones at the new period.
    public var preferredFramesPerSecond: Int = 0 {
        didSet { pacer.setRate(frameRate) }
    }
    /// How frames are paced; see ``Pacing``. Set by the host.
    public var pacing: Pacing = .deadlines
    /// While true, frames pass without calling the callbacks. Unpausing starts a new ``epoch``.
    public var isPaused: Bool = false {
        didSet { if oldValue && !isPaused { epoch += 1 } }
    }
    /// False after ``invalidate()``.
    public private(set) var isValid = true

    /// When the current frame began: its deadline on the timeline (seconds). 0 before the first frame.
    public private(set) var timestamp: Double = 0
    /// When the current frame will be on screen: `timestamp + duration` (seconds).
    public private(set) var targetTimestamp: Double = 0
    /// The current frame, `nil` before the first one.
    public private(set) var currentTick: FrameTick?
    /// Counts timeline starts and resumptions: it changes at the first frame, when a pause ends and
    /// when a host restarts the timeline after idle. Time differences across epochs are not frame
    /// deltas (``FrameDeltaNotifier`` uses this).
    public private(set) var epoch: Int = 0

    private var pacer: FramePacer
    private var started = false
    private var nextHandleID = 0
    private var callbacks: [(id: Int, body: @MainActor (DisplayLink) -> Void)] = []

    /// A link on `clock` for a display refreshing at `hz` (NaN or ≤ 0 → 60; clamped to 1...1000).
    /// The timeline starts at the first ``waitForNextFrame()``.
    public init(clock: any FrameClock, hz: Double) {
        self.clock = clock
        let rate = FramePacer.sanitizedRate(hz)
        displayRate = rate
        pacer = FramePacer(hz: rate, start: clock.now)
    }

    /// The rate frames are actually paced at: ``preferredFramesPerSecond`` when it is in
    /// 1..<displayRate, else ``displayRate``.
    public var frameRate: Double {
        let preferred = Double(preferredFramesPerSecond)
        return preferred >= 1 && preferred < displayRate ? preferred : displayRate
    }

    /// The nominal frame period in seconds: `1 / frameRate`.
    public var duration: Double { pacer.period }

    /// Frames dropped because the loop was late for their deadlines (not counting idle or pauses).
    public var skippedFrames: Int { pacer.skippedFrames }

    /// The timeline's arithmetic (read-only view, for diagnostics).
    public var timeline: FramePacer { pacer }

    /// Whether any callback would run on the next frame (valid, not paused, at least one callback).
    /// A window host keeps producing frames while this is true.
    public var hasActiveCallbacks: Bool { isValid && !isPaused && !callbacks.isEmpty }

    /// Adds a callback run once per frame on the main actor, in the order added.
    /// After ``invalidate()`` the callback is never run.
    @discardableResult
    public func add(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> Handle {
        nextHandleID += 1
        if isValid { callbacks.append((nextHandleID, callback)) }
        return Handle(id: nextHandleID)
    }

    /// Removes a callback; removing one twice, or one of another link, does nothing.
    /// A callback removed during a frame is not run later in that frame.
    public func remove(_ handle: Handle) {
        callbacks.removeAll { $0.id == handle.id }
    }

    /// Whether the callback behind `handle` is still registered.
    public func contains(_ handle: Handle) -> Bool {
        callbacks.contains { $0.id == handle.id }
    }

    /// Removes every callback for good; later ``add(_:)`` calls are ignored. The link's timeline
    /// keeps working for the host that drives it.
    public func invalidate() {
        isValid = false
        callbacks.removeAll()
    }

    /// Changes the display's refresh rate (a host calls this when the window moves to another
    /// display). The next frame keeps its deadline.
    public func setDisplayRate(_ hz: Double) {
        displayRate = FramePacer.sanitizedRate(hz)
        pacer.setRate(frameRate)
    }

    /// Starts a fresh timeline at the clock's present moment: the next frame is due at once and the
    /// gap since the last frame is not counted as skipped. Hosts call it when waking from idle.
    /// Starts a new ``epoch``. Frame numbers keep counting.
    public func restartTimeline() {
        pacer.restart(at: clock.now)
        started = true
        epoch += 1
    }

    /// Paces the loop to the next frame and makes it current: sleeps until its deadline (deadline
    /// pacing) or reads the clock (vsync pacing), then updates ``timestamp``, ``targetTimestamp``
    /// and ``currentTick``. Does not run callbacks (see ``fire()``).
    /// - Returns: the frame's tick.
    @discardableResult
    public func waitForNextFrame() -> FrameTick {
        if !started { restartTimeline() }
        let frame: FramePacer.Frame
        switch pacing {
        case .deadlines:
            frame = pacer.nextFrame(now: clock.now)
            clock.sleep(until: frame.deadline)
        case .vsync:
            frame = pacer.vsyncFrame(now: clock.now)
        }
        let tick = FrameTick(index: frame.index, timestamp: frame.deadline, duration: pacer.period)
        timestamp = tick.timestamp
        targetTimestamp = tick.targetTimestamp
        currentTick = tick
        return tick
    }

    /// Runs the callbacks for the current frame, unless paused or invalidated.
    public func fire() {
        guard isValid, !isPaused, currentTick != nil else { return }
        for entry in callbacks where isValid && !isPaused && contains(Handle(id: entry.id)) {
            entry.body(self)
        }
    }

    /// ``waitForNextFrame()`` then ``fire()``: one whole frame for a link used without a host.
    @discardableResult
    public func step() -> FrameTick {
        let tick = waitForNextFrame()
        fire()
        return tick
    }
}
