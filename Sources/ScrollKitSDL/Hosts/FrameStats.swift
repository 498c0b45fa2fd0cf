// FrameStats: what a host measured while running — frames, skips, per-frame cost, pacing, memory.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a host measured while running: frames, skipped frames, per-frame cost, pacing, memory.
///
/// - Cost of a frame, two figures, each labelled where printed, in milliseconds from the end of the
///   frame's wait to the return of its present (event handling, `update` with layout, `draw`, `present`):
///   **wall** time (`wallCost`, the monotonic clock: what the frame took) and **CPU** time of the whole
///   process across its threads (`cost`, `CLOCK_PROCESS_CPUTIME_ID`: work on raster threads and a GL
///   driver's threads counts, time spent blocked does not).
/// - Animation spans: a host marks the first frame after its timeline (re)started (the run's start, a
///   wake from idle) with `startsSpan`. Pacing and the hitch ratio use only the intervals *inside* spans,
///   so time the window slept between motions is never an interval (an idle minute is not a 60-second
///   "frame").
/// - Hitch ratio (Apple's measure): the milliseconds by which frames were presented late, per second of
///   animation. A frame is late when it reaches the screen (its present, or the vblank the display
///   reported) more than half a period after one period past the frame before: it missed its refresh, and
///   the screen showed the frame before twice. Jitter within the period is not a hitch; an interval past 1.5
///   periods always is. Good is at most ``goodHitchRatio`` (5 ms/s).
/// - Per-frame samples are kept for the most recent ``sampleCapacity`` frames (about 18 minutes at
///   60 Hz); percentiles and pacing use those, `frames`, `skippedFrames`, ``maxCost`` and
///   ``framesOverBudget`` cover the run.
/// - Peak memory is the process's peak resident set (`getrusage` `ru_maxrss`), read when asked.
public struct FrameStats: Sendable {
    /// One frame's timing. Times in seconds on the host's clock, costs in milliseconds.
    public struct Sample: Sendable, Hashable {
        /// The frame's number (its `FrameTick.index`).
        public var index: Int
        /// The frame's nominal start (`FrameTick.timestamp`): its deadline on the timeline.
        public var timestamp: Double
        /// When the loop actually started the frame (after waiting).
        public var began: Double
        /// When the present returned.
        public var presented: Double
        /// CPU milliseconds of the whole process (all threads) from `began` to `presented`.
        public var cost: Double
        /// Wall-clock milliseconds from `began` to `presented` (the monotonic clock, also under a virtual
        /// frame clock). Negative or non-finite when not measured: then `cost` stands in.
        public var wallCost: Double
        /// The first frame of an animation span (the timeline (re)started before it): the interval from
        /// the previous present is not a frame interval.
        public var startsSpan: Bool
        /// When the display showed the frame (its vblank, host clock seconds), where the display says so
        /// (X Present); nil when unknown. The hitch ratio uses it instead of ``presented`` where known.
        public var shown: Double? = nil
        /// The display's vblank count at which the frame was shown (X Present's MSC, Wayland's presentation
        /// sequence), where the display says so; nil when unknown (headless, the timer, a frame not shown).
        public var displayFrame: Int? = nil

        public init(index: Int, timestamp: Double, began: Double, presented: Double, cost: Double,
                    wallCost: Double = -1, startsSpan: Bool = false) {
            self.index = index
            self.timestamp = timestamp
            self.began = began
            self.presented = presented
            self.cost = cost
            self.wallCost = wallCost
            self.startsSpan = startsSpan
        }
    }

    /// Frame-interval statistics from the present times of consecutive samples inside animation spans
    /// (seconds).
    public struct Pacing: Sendable, Hashable {
        /// Samples used (intervals = samples - spans).
        public var frames: Int
        /// Animation spans among them.
        public var spans: Int
        /// Intervals between presents used (consecutive frames of one span).
        public var intervals: Int
        /// Seconds of animation: the intervals summed.
        public var animationSeconds: Double
        /// Milliseconds of hitches per second of animation: the lateness of every frame presented more
        /// than half a period after its target (`timestamp + period`), summed, over ``animationSeconds``.
        public var hitchRatio: Double
        /// The nominal period.
        public var period: Double
        /// Mean of the intervals between presents.
        public var meanInterval: Double
        /// Population standard deviation of the intervals.
        public var standardDeviation: Double
        /// 99th percentile interval (nearest rank).
        public var p99Interval: Double
        /// Longest interval.
        public var maxInterval: Double
        /// How late the last frame started against its deadline on the timeline
        /// (`began - timestamp`): drift of the loop from start + k × period.
        public var drift: Double
        /// In the last span: its last present minus (its first present + (last index - first index) ×
        /// period): drift of the presents themselves from an ideal clock started at the span's first present.
        public var presentDrift: Double
        /// Mean of `began - timestamp` (wake-up lateness).
        public var meanLateness: Double
        /// Standard deviation of the intervals between frame starts (`began`): the loop's own
        /// precision, without the time the present takes.
        public var startStandardDeviation: Double
        /// 99th percentile interval between frame starts.
        public var startP99Interval: Double
    }

    /// How many samples are kept for percentiles (the most recent frames).
    public static let sampleCapacity = 65_536
    /// Apple's threshold for a good hitch ratio, ms per second of animation.
    public static let goodHitchRatio = 5.0

    /// Frames run (rendered) so far.
    public var frames: Int = 0
    /// Frames dropped because the loop was late for their deadlines.
    public var skippedFrames: Int = 0
    /// The largest frame cost of the whole run, CPU ms.
    public private(set) var maxCost: Double = 0
    /// The largest wall-clock frame cost of the whole run, ms.
    public private(set) var maxWallCost: Double = 0
    /// Frames of the whole run whose wall-clock cost exceeded their period (the frame's budget).
    public private(set) var framesOverBudget = 0
    /// Nominal period of the frames recorded (seconds; 0 before the first).
    public private(set) var period: Double = 0
    /// Whether the frames ran on a real clock (a window host): ``summary`` then reports pacing too.
    public var isRealTime = false
    /// What the display reported about the frames shown (a window host fills it; see ``VBlankStats``).
    public var vblank = VBlankStats()

    private var ring: [Sample] = []
    private var head = 0

    public init() {}

    /// Adds one frame.
    public mutating func record(_ sample: Sample, period: Double) {
        frames += 1
        self.period = period
        let cost = sample.cost.isFinite ? max(0, sample.cost) : 0
        var sample = sample
        sample.cost = cost
        if !(sample.wallCost.isFinite && sample.wallCost >= 0) { sample.wallCost = cost }
        maxCost = max(maxCost, cost)
        maxWallCost = max(maxWallCost, sample.wallCost)
        if period > 0, sample.wallCost > period * 1000 { framesOverBudget += 1 }
        if ring.count < Self.sampleCapacity {
            // The whole ring at the first frame (pages are touched only as it fills): growing it by
            // doubling would allocate in frames 2, 3, 5, 9, … 32,769 of every run.
            if ring.capacity < Self.sampleCapacity { ring.reserveCapacity(Self.sampleCapacity) }
            ring.append(sample)
        } else {
            ring[head] = sample
            head = (head + 1) % Self.sampleCapacity
        }
    }

    /// Notes that the display showed frame `index` at `time` (its vblank, host clock seconds). Looks at
    /// the latest few frames only (a report comes a frame or two after its present); O(1).
    /// `displayFrame` is the display's vblank count there (MSC, presentation sequence), when it says.
    public mutating func markShown(index: Int, at time: Double, displayFrame: Int? = nil) {
        guard !ring.isEmpty, time.isFinite else { return }
        for back in 1...min(8, ring.count) {
            let i = (head + ring.count - back) % ring.count
            if ring[i].index == index {
                ring[i].shown = time
                ring[i].displayFrame = displayFrame
                return
            }
        }
    }

    /// The sample of frame `index` among the latest 16 frames, nil when it is not among them. O(1).
    public func sample(index: Int) -> Sample? {
        guard !ring.isEmpty else { return nil }
        for back in 1...min(16, ring.count) {
            let i = (head + ring.count - back) % ring.count
            if ring[i].index == index { return ring[i] }
        }
        return nil
    }

    /// When the latest frame's present returned (host clock seconds), nil before the first frame.
    public var lastPresented: Double? {
        guard !ring.isEmpty else { return nil }
        return ring[(head + ring.count - 1) % ring.count].presented
    }

    /// The latest frame's sample (its cost, present time, index), nil before the first frame.
    /// O(1), no allocation: for per-frame readers such as a frame-time HUD.
    public var lastSample: Sample? {
        guard !ring.isEmpty else { return nil }
        return ring[(head + ring.count - 1) % ring.count]
    }

    /// The kept samples, oldest first. O(n).
    public var samples: [Sample] {
        Array(ring[head...] + ring[..<head])
    }

    /// Costs of the kept frames in CPU ms, oldest first. O(n).
    public var costs: [Double] { samples.map(\.cost) }
    /// Wall-clock costs of the kept frames in ms, oldest first. O(n).
    public var wallCosts: [Double] { samples.map(\.wallCost) }

    /// The `p`-th percentile (0...100, nearest rank) of the kept costs in CPU ms; 0 with no frames.
    /// NaN counts as 50. O(n log n).
    public func costPercentile(_ p: Double) -> Double {
        Self.percentile(ring.map(\.cost), p)
    }

    /// Median frame cost, CPU ms.
    public var costP50: Double { costPercentile(50) }
    /// 99th percentile frame cost, CPU ms.
    public var costP99: Double { costPercentile(99) }
    /// The `p`-th percentile of the kept wall-clock costs in ms (as ``costPercentile(_:)``).
    public func wallCostPercentile(_ p: Double) -> Double { Self.percentile(ring.map(\.wallCost), p) }

    /// Pacing of all kept frames (inside animation spans), or nil without one interval.
    public var pacing: Pacing? { pacing(droppingFirst: 0) }

    /// Pacing after the run's first frame, whose present is late by its one-off setup (fonts,
    /// textures, shaders): the steady state. Nil without one interval left.
    public var steadyPacing: Pacing? { pacing(droppingFirst: frames == ring.count ? 1 : 0) }

    /// Pacing of the kept frames without the oldest `count`, from the intervals between consecutive
    /// frames of one animation span (a frame with `startsSpan` opens a new span). O(n log n).
    public func pacing(droppingFirst count: Int) -> Pacing? {
        let s = Array(samples.dropFirst(max(0, count)))
        guard let last = s.last else { return nil }
        var intervals: [Double] = []
        var starts: [Double] = []
        intervals.reserveCapacity(s.count)
        starts.reserveCapacity(s.count)
        var spans = s.isEmpty ? 0 : 1
        var hitches = 0.0
        var spanFirst = 0
        var lastShown: Int? = s.first?.shown != nil ? 0 : nil   // this span's latest frame the display stamped
        for i in 1..<max(1, s.count) {
            if s[i].startsSpan { spans += 1; spanFirst = i; lastShown = s[i].shown != nil ? i : nil; continue }
            let interval = s[i].presented - s[i - 1].presented
            intervals.append(interval)
            starts.append(s[i].began - s[i - 1].began)
            // A hitch: the frame reached the screen more than half a period after one period past the frame
            // before (it missed its display refresh); its whole lateness counts. Jitter within the period is
            // not a hitch. Measured from the frame before, not from the frame's own deadline: a loop that
            // woke late and skipped ahead starts the frame "on time" by its new deadline, yet the screen
            // showed the previous frame twice. Where the display said when it showed a frame, that time is
            // the truth, measured from the latest frame it stamped, whole periods per frame between: a
            // frame that changed nothing was not shown (the screen rightly kept the one before), and a
            // stamp is never compared with a present, which comes a compositor's latency earlier. So an
            // interval past 1.5 periods is always a hitch.
            let lateness: Double
            if let seen = s[i].shown, let j = lastShown, let before = s[j].shown {
                lateness = seen - (before + Double(i - j) * period)
            } else {
                lateness = s[i].presented - (s[i - 1].presented + period)
            }
            if lateness > period / 2 { hitches += lateness }
            if s[i].shown != nil { lastShown = i }
        }
        guard !intervals.isEmpty else { return nil }
        let seconds = intervals.reduce(0, +)
        let mean = seconds / Double(intervals.count)
        let variance = intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)
        let lateness = s.reduce(0) { $0 + ($1.began - $1.timestamp) } / Double(s.count)
        let startMean = starts.reduce(0, +) / Double(starts.count)
        let startVariance = starts.reduce(0) { $0 + ($1 - startMean) * ($1 - startMean) } / Double(starts.count)
        let first = s[spanFirst]
        return Pacing(
            frames: s.count, spans: spans, intervals: intervals.count, animationSeconds: seconds,
            hitchRatio: seconds > 0 ? hitches * 1000 / seconds : 0,
            period: period, meanInterval: mean,
            standardDeviation: variance.squareRoot(),
            p99Interval: Self.percentile(intervals, 99),
            maxInterval: intervals.max() ?? 0,
            drift: last.began - last.timestamp,
            presentDrift: last.presented - (first.presented + Double(last.index - first.index) * period),
            meanLateness: lateness,
            startStandardDeviation: startVariance.squareRoot(),
            startP99Interval: Self.percentile(starts, 99))
    }

    /// The process's peak resident set size in bytes (`getrusage(RUSAGE_SELF).ru_maxrss`), 0 if unknown.
    public var peakMemoryBytes: Int { Self.peakResidentBytes() }

    /// Lines for `--stats`: frames, skipped, frames over budget, wall and CPU cost p50/p99/max, peak
    /// memory; for real-time runs also a pacing line (``steadyPacing``, inside animation spans: mean, sd,
    /// p99 and max interval between presents, drift, hitch ratio) and the display's line (``VBlankStats/line``).
    public var summary: String {
        func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
        let mb = Double(peakMemoryBytes) / 1_048_576
        var text = """
            frames: \(frames)
            skipped frames: \(skippedFrames)
            frames over budget (wall time above the \(ms(period * 1000)) period): \(framesOverBudget)
            frame cost, wall time (update+layout+draw+present): p50 \(ms(wallCostPercentile(50))), p99 \(ms(wallCostPercentile(99))), max \(ms(maxWallCost))
            frame cost, CPU time across threads: p50 \(ms(costP50)), p99 \(ms(costP99)), max \(ms(maxCost))
            peak memory: \(String(format: "%.1f", mb)) MB
            """
        if isRealTime {
            if let p = steadyPacing {
                text += "\npacing (animation spans only: \(p.spans) spans, \(p.intervals) intervals, "
                    + String(format: "%.1f s", p.animationSeconds) + "; between presents, after frame 0): "
                    + "mean \(ms(p.meanInterval * 1000)) (period \(ms(p.period * 1000))), "
                    + "sd \(ms(p.standardDeviation * 1000)), p99 \(ms(p.p99Interval * 1000)), max \(ms(p.maxInterval * 1000)), "
                    + "drift \(ms(p.drift * 1000)) (presents \(ms(p.presentDrift * 1000))); "
                    + "frame starts: sd \(ms(p.startStandardDeviation * 1000)), p99 \(ms(p.startP99Interval * 1000))"
                    + "\nhitch ratio: " + String(format: "%.2f", p.hitchRatio) + " ms/s of animation (good: at most "
                    + String(format: "%.0f", Self.goodHitchRatio) + ")"
            } else {
                text += "\npacing: no animation span of two frames or more"
            }
            text += "\n" + vblank.line
        }
        return text
    }

    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`), for wall-clock frame costs.
    public static func monotonicTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Nearest-rank percentile of `values`; 0 when empty; `p` clamped to 0...100, NaN → 50.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let q = p.isNaN ? 50 : min(max(p, 0), 100)
        let sorted = values.sorted()
        let rank = Int((q / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// CPU time of the whole process in seconds (`CLOCK_PROCESS_CPUTIME_ID`).
    public static func processCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Peak resident set size of the process in bytes (Linux reports kilobytes, macOS bytes).
    public static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if os(Linux)
        return Int(usage.ru_maxrss) * 1024
        #else
        return Int(usage.ru_maxrss)
        #endif
    }
}
