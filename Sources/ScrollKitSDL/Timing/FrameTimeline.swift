// FrameTimeline: a host's frames — the clock, the pacing and the display links that ride on it.

import Motion

/// A host's frame timeline: the clock, the pacing and the display links that ride on it.
///
/// A host owns one timeline and drives it: each frame it calls ``waitForNextFrame()`` (which paces
/// the loop) and then ``fire()`` (which runs the due ``DisplayLink``s, in the order they were added).
/// Outside a host, ``step()`` does both.
///
/// - ``timestamp`` is when the current frame began (its deadline on the timeline, not the moment the
///   loop woke up), ``targetTimestamp`` when it will be on screen (`timestamp + duration`),
///   ``duration`` the nominal period. All in seconds on the ``clock``.
/// - Pacing by deadlines: frame `k` is due at `start + k / rate`, never "now + period", so there is no
///   drift; a late frame skips to the next deadline after now and counts the dropped frames in
///   ``skippedFrames``. Pacing by vsync: the renderer's present blocks until the vertical blank
///   and the timeline only reads the clock (see ``Pacing``).
/// - The rate is the display's (``displayRate``), or lower when ``preferredFramesPerSecond`` asks for
///   it (a host's own link, `host.displayLink`, sets this: see ``DisplayLink``).
/// - Holds its links strongly until they are invalidated (as a run loop holds a `CADisplayLink`).
///
/// ```swift
/// let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
/// let link = timeline.makeDisplayLink { link in print(link.timestamp) }
/// timeline.step()   // prints 0.0
/// timeline.step()   // prints 0.016666666666666666
/// link.invalidate()
/// ```
@MainActor
public final class FrameTimeline {
    /// How a frame's start is found.
    public enum Pacing: Sendable, Hashable {
        /// Sleep until absolute deadlines on the clock (the default).
        case deadlines
        /// The caller's present blocks until the vertical blank: the timeline does not sleep; each
        /// frame is stamped with the moment the loop came back from the previous present.
        case vsync
        /// The host times each frame from the display's own vblank reports (X Present's UST and MSC):
        /// it sleeps itself and hands each frame over with ``beginFrame(_:)``; ``waitForNextFrame()``
        /// falls back to deadlines.
        case display
    }

    /// The clock the timeline reads and sleeps on.
    public let clock: any FrameClock
    /// The display's refresh rate in hertz (sanitized: NaN or ≤ 0 → 60; clamped to 1...1000).
    public private(set) var displayRate: Double
    /// Frames per second wanted for the whole timeline; 0 (the default) means the display's rate.
    /// Values above the display's rate, and negative ones, also mean the display's rate. Changing it
    /// keeps the next frame's deadline and spaces the following ones at the new period.
    public var preferredFramesPerSecond: Int = 0 {
        didSet { pacer.setRate(frameRate) }
    }
    /// How frames are paced; see ``Pacing``. Set by the host.
    public var pacing: Pacing = .deadlines

    /// When the current frame began: its deadline on the timeline (seconds). 0 before the first frame.
    public private(set) var timestamp: Double = 0
    /// When the current frame will be on screen: `timestamp + duration` (seconds).
    public private(set) var targetTimestamp: Double = 0
    /// The current frame, `nil` before the first one.
    public private(set) var currentTick: FrameTick?
    /// Counts timeline starts: it changes at the first frame and when a host restarts the timeline
    /// after idle. Time differences across epochs are not frame deltas.
    public private(set) var epoch: Int = 0

    private var pacer: FramePacer
    private var started = false
    /// The links on this timeline, in the order added (invalidated ones are removed).
    private var links: [DisplayLink] = []
    private var isFiring = false
    private var needsCompaction = false

    /// A timeline on `clock` for a display refreshing at `hz` (NaN or ≤ 0 → 60; clamped to 1...1000).
    /// It starts at the first ``waitForNextFrame()``.
    public init(clock: any FrameClock, hz: Double) {
        self.clock = clock
        let rate = FramePacer.sanitizedRate(hz)
        displayRate = rate
        pacer = FramePacer(hz: rate, start: clock.now)
        links.reserveCapacity(8)
    }

    /// The rate frames are actually paced at: ``displayRate`` divided by ``frameInterval``.
    public var frameRate: Double { displayRate / Double(frameInterval) }

    /// Display refreshes per frame: 1 at the display's rate; for a ``preferredFramesPerSecond`` in
    /// 1..<displayRate, the whole divisor of the display's rate whose rate is nearest to it (ties to the
    /// faster), as `CADisplayLink` picks a factor of the display's rate: 30 on a 59.94 Hz display paces at
    /// 29.97, 24 on 60 Hz at 20, 45 on 60 Hz at 60.
    public var frameInterval: Int {
        Self.frameInterval(displayRate: displayRate, preferred: preferredFramesPerSecond)
    }

    /// The divisor rule of ``frameInterval`` for any rates.
    public static func frameInterval(displayRate: Double, preferred: Int) -> Int {
        let wanted = Double(preferred)
        guard wanted >= 1, displayRate.isFinite, wanted < displayRate else { return 1 }
        let ratio = displayRate / wanted
        let low = max(1, Int(ratio.rounded(.down)))
        let high = low + 1
        let lowError = abs(displayRate / Double(low) - wanted)
        let highError = abs(displayRate / Double(high) - wanted)
        return highError < lowError ? high : low
    }

    /// The nominal frame period in seconds: `1 / frameRate`.
    public var duration: Double { pacer.period }

    /// Frames dropped because the loop was late for their deadlines or vblanks (not counting idle).
    public var skippedFrames: Int { pacer.skippedFrames + displaySkippedFrames }
    private var displaySkippedFrames = 0

    /// The deadline arithmetic (a copy, for diagnostics).
    public var pacerState: FramePacer { pacer }

    /// The timeline's own link (a host's `displayLink`): it has no callback and runs with every frame
    /// (read its timestamps); its ``DisplayLink/preferredFramesPerSecond`` is the timeline's.
    public private(set) lazy var mainLink = DisplayLink(pacing: self)

    /// The links on this timeline that are still valid, in the order added.
    public var displayLinks: [DisplayLink] { links.filter(\.isValid) }

    /// Whether any link would run a callback on a coming frame (valid, not paused, with a callback).
    /// A window host keeps producing frames while this is true, and sleeps when it is false and
    /// nothing else needs frames.
    public var hasActiveLinks: Bool {
        for link in links where link.isActive { return true }
        return false
    }

    /// A new link running `callback` on this timeline's frames (see ``DisplayLink``).
    @discardableResult
    public func makeDisplayLink(_ callback: @escaping @MainActor (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(callback)
        link.add(to: self)
        return link
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
    /// and ``currentTick``. Does not run the links (see ``fire()``).
    /// - Returns: the frame's tick.
    @discardableResult
    public func waitForNextFrame() -> FrameTick {
        if !started { restartTimeline() }
        let frame: FramePacer.Frame
        switch pacing {
        case .deadlines, .display:
            frame = pacer.nextFrame(now: clock.now)
            clock.sleep(until: frame.deadline)
        case .vsync:
            frame = pacer.vsyncFrame(now: clock.now)
        }
        var tick = FrameTick(index: frame.index, timestamp: frame.deadline, duration: pacer.period)
        if pacing == .vsync { tick = vsyncCorrected(tick) }
        timestamp = tick.timestamp
        targetTimestamp = tick.targetTimestamp
        currentTick = tick
        return tick
    }

    /// A GPU swap that blocks returns at about the vblank, late by however long the driver and the scheduler
    /// took: the returns are fitted to a line of vblanks (one per frame index, within an epoch) and the frame's
    /// `timestamp` is its vblank on that line, `duration` the fitted period. What this source cannot know: when
    /// the display actually showed a frame (a compositor may add a frame or more), nor a vblank the swap did
    /// not wait for.
    private func vsyncCorrected(_ tick: FrameTick) -> FrameTick {
        if vsyncEpoch != epoch { vsyncReturns.reset(); vsyncEpoch = epoch }
        guard tick.index >= 0 else { return tick }
        vsyncReturns.record(msc: UInt64(tick.index), time: tick.timestamp)
        guard vsyncReturns.count >= 8, let fitted = vsyncReturns.predictedTime(ofMSC: UInt64(tick.index)),
              abs(fitted - tick.timestamp) < vsyncReturns.period / 2 else { return tick }
        return FrameTick(index: tick.index, timestamp: fitted, duration: vsyncReturns.period)
    }
    private var vsyncReturns = VBlankEstimator(capacity: 240)
    /// The refresh rate fitted to a blocking swap's returns (``Pacing/vsync``), nil before eight of them.
    public var vsyncRefreshRate: Double? {
        vsyncReturns.count >= 8 && vsyncReturns.isFitted ? 1 / vsyncReturns.period : nil
    }
    private var vsyncEpoch = -1

    /// Makes `tick` the current frame, timed by the host from the display (``Pacing/display``): its
    /// `timestamp` is the vblank that showed the last frame, its `targetTimestamp` the vblank this frame
    /// is for, its `index` counts vblank periods of ``duration``. Indices skipped since the last frame
    /// are counted in ``skippedFrames`` (not across a ``restartTimeline()``). The deadline timeline
    /// follows, so a switch back to deadlines continues from this frame. Ticks with non-finite times
    /// are ignored.
    public func beginFrame(_ tick: FrameTick) {
        guard tick.timestamp.isFinite, tick.targetTimestamp.isFinite else { return }
        if !started { restartTimeline() }
        if let last = currentTick, lastDisplayEpoch == epoch, tick.index > last.index + 1 {
            displaySkippedFrames += tick.index - last.index - 1
        }
        lastDisplayEpoch = epoch
        pacer.restart(at: tick.timestamp, index: tick.index)
        _ = pacer.nextFrame(now: tick.timestamp)
        timestamp = tick.timestamp
        targetTimestamp = tick.targetTimestamp
        currentTick = tick
    }
    private var lastDisplayEpoch = -1

    /// Runs the links due in the current frame, in the order added. A link added during this call
    /// first runs in the next frame; one invalidated or paused during it no longer runs in it.
    /// No allocation.
    public func fire() {
        guard let tick = currentTick else { return }
        isFiring = true
        let count = links.count
        var i = 0
        while i < count {
            links[i].frame(tick, timeline: self)
            i += 1
        }
        isFiring = false
        if needsCompaction {
            needsCompaction = false
            links.removeAll { !$0.isValid || $0.timeline !== self }
        }
    }

    /// ``waitForNextFrame()`` then ``fire()``: one whole frame for a timeline used without a host.
    @discardableResult
    public func step() -> FrameTick {
        let tick = waitForNextFrame()
        fire()
        return tick
    }

    // MARK: - Links

    func attach(_ link: DisplayLink) {
        links.append(link)
    }

    func detach(_ link: DisplayLink) {
        if isFiring {
            needsCompaction = true
        } else {
            links.removeAll { $0 === link }
        }
    }
}
