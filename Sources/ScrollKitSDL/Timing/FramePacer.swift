/// The arithmetic of a frame timeline, as plain data: no clock, no SDL, no sleeping.
///
/// Frame `k` of a timeline is due at the absolute deadline `start + Double(k - baseIndex) / hz`.
/// Deadlines are computed from the frame number each time, never as "previous + period",
/// so rounding never accumulates: after a million frames the deadline is still exact to the
/// last bit a `Double` can hold. With `start == 0` and `baseIndex == 0` the deadline of frame `k`
/// is exactly `Double(k) / hz`, the virtual clock's own value.
///
/// A late frame is dropped, not queued: when the loop gets to a frame more than ``lateSlack``
/// periods after its deadline (by default half a period: too late to be on screen by its target),
/// ``nextFrame(now:)`` skips to the first deadline at or after `now` and adds the dropped frames to
/// ``skippedFrames``. A frame reached within the slack runs at once with its own deadline as
/// timestamp (so a timeline restarted "now" is not late a microsecond later).
///
/// ```swift
/// var pacer = FramePacer(hz: 60, start: 0)
/// let f0 = pacer.nextFrame(now: 0)        // index 0, deadline 0
/// let f1 = pacer.nextFrame(now: 0.04)     // 0.04 s is past deadlines 1 and 2: index 3, 2 skipped
/// ```
public struct FramePacer: Sendable, Hashable {
    /// One scheduled frame: its number on the timeline and its deadline (seconds).
    public struct Frame: Sendable, Hashable {
        public var index: Int
        public var deadline: Double
        public init(index: Int, deadline: Double) {
            self.index = index
            self.deadline = deadline
        }
    }

    /// The frame rate in hertz (always finite and positive; see ``init(hz:start:firstIndex:)``).
    public private(set) var hz: Double
    /// When frame ``baseIndex`` is due, in seconds on the clock that feeds ``nextFrame(now:)``.
    public private(set) var start: Double
    /// The frame number due at ``start``.
    public private(set) var baseIndex: Int
    /// The number the next frame will get if it is on time.
    public private(set) var nextIndex: Int
    /// Frames dropped because the loop was late for their deadline (never negative).
    public private(set) var skippedFrames: Int = 0
    /// How late, in periods, a frame may start and still run (0...1; default 0.5; NaN → 0.5).
    public var lateSlack: Double = 0.5 {
        didSet { lateSlack = lateSlack.isNaN ? 0.5 : min(max(lateSlack, 0), 1) }
    }

    /// The nominal period in seconds: `1 / hz`.
    public var period: Double { 1 / hz }

    /// A timeline whose frame `firstIndex` is due at `start`.
    ///
    /// - Parameters:
    ///   - hz: frames per second. NaN, infinite, zero or negative rates become 60; rates are
    ///     clamped to 1...1000.
    ///   - start: seconds; a non-finite start becomes 0.
    ///   - firstIndex: the number of the first frame (frame numbers keep counting across restarts).
    public init(hz: Double, start: Double, firstIndex: Int = 0) {
        self.hz = FramePacer.sanitizedRate(hz)
        self.start = start.isFinite ? start : 0
        self.baseIndex = firstIndex
        self.nextIndex = firstIndex
    }

    /// `hz` made usable: NaN, infinite or non-positive → 60; otherwise clamped to 1...1000.
    public static func sanitizedRate(_ hz: Double) -> Double {
        guard hz.isFinite, hz > 0 else { return 60 }
        return min(max(hz, 1), 1000)
    }

    /// The absolute deadline of frame `k`: `start + Double(k - baseIndex) / hz`. O(1).
    public func deadline(forFrame k: Int) -> Double {
        start + Double(k - baseIndex) / hz
    }

    /// The deadline of the next frame if it is on time.
    public var nextDeadline: Double { deadline(forFrame: nextIndex) }

    /// Schedules the next frame for a loop that is ready at `now` and consumes it.
    ///
    /// If `now` is before the next deadline, or after it by at most ``lateSlack`` periods, that frame
    /// is returned (the caller waits for its deadline, or starts at once). Later than that, the frame
    /// is late: the first deadline at or after `now` is returned and the frames before it are counted
    /// in ``skippedFrames``. A non-finite `now` is treated as on time. O(1).
    public mutating func nextFrame(now: Double) -> Frame {
        var index = nextIndex
        if now.isFinite, now > deadline(forFrame: index) + lateSlack / hz {
            let elapsed = (now - start) * hz
            if elapsed < Double(Int.max / 4) {
                // The first k with deadline(k) >= now; the estimate is corrected for rounding.
                var k = baseIndex + Int(elapsed.rounded(.up))
                while k > index, deadline(forFrame: k - 1) >= now { k -= 1 }
                while deadline(forFrame: k) < now { k += 1 }
                index = max(k, index)
            } else {
                // Absurdly late (the clock jumped by ages): start a fresh timeline at `now`.
                let frame = Frame(index: index, deadline: now)
                restart(at: now, index: index)
                nextIndex = index + 1
                return frame
            }
        }
        skippedFrames += index - nextIndex
        nextIndex = index + 1
        return Frame(index: index, deadline: deadline(forFrame: index))
    }

    /// Consumes the next frame for a loop paced by real vsync, where `now` is the moment the
    /// previous present returned (that is, a vertical blank).
    ///
    /// The frame's deadline is `now` itself and the timeline is re-anchored there, so a display
    /// whose true rate differs slightly from its reported one never drifts out of phase.
    /// Whole periods between the expected deadline and `now` count as skipped frames
    /// (rounded to the nearest period, so jitter under half a period skips nothing). O(1).
    public mutating func vsyncFrame(now: Double) -> Frame {
        guard now.isFinite else { return nextFrame(now: now) }
        let expected = nextDeadline
        let late = (now - expected) * hz
        let missed = late.isFinite && late > 0.5 ? Int(min(late.rounded(), Double(Int.max / 4))) : 0
        let index = nextIndex + missed
        skippedFrames += missed
        restart(at: now, index: index)
        nextIndex = index + 1
        return Frame(index: index, deadline: now)
    }

    /// Starts a fresh timeline: the frame numbered `index` (by default the next one) is due at `now`,
    /// and the time since the previous frame is not counted as skipped frames.
    ///
    /// Used after idle and after a pause: the first frame after waking runs at once instead of
    /// being late for hundreds of deadlines that nobody needed.
    public mutating func restart(at now: Double, index: Int? = nil) {
        start = now.isFinite ? now : start
        baseIndex = index ?? nextIndex
        nextIndex = baseIndex
    }

    /// Changes the rate. The next frame keeps its current deadline; later ones follow the new period.
    public mutating func setRate(_ newHz: Double) {
        let anchor = nextDeadline
        hz = FramePacer.sanitizedRate(newHz)
        start = anchor
        baseIndex = nextIndex
    }
}
