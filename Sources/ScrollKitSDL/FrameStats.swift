import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a host measured while running: frames, skipped frames, per-frame CPU cost, pacing, memory.
///
/// - Cost of a frame: CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`) spent from the end of
///   the frame's wait to the return of its present: event handling, `update` (with layout), `draw` and
///   `present`, in milliseconds. Process time rather than thread time, so that work a GL driver does on
///   its own threads (llvmpipe) counts; time spent blocked (vsync, the X server) does not.
/// - Per-frame samples are kept for the most recent ``sampleCapacity`` frames (about 18 minutes at
///   60 Hz); percentiles and pacing use those, `frames`, `skippedFrames` and ``maxCost`` cover the run.
/// - Peak memory is the process's peak resident set (`getrusage` `ru_maxrss`), read when asked.
public struct FrameStats: Sendable {
    /// One frame's timing. Times in seconds on the host's clock, cost in CPU milliseconds.
    public struct Sample: Sendable, Hashable {
        /// The frame's number (its `FrameTick.index`).
        public var index: Int
        /// The frame's nominal start (`FrameTick.timestamp`): its deadline on the timeline.
        public var timestamp: Double
        /// When the loop actually started the frame (after waiting).
        public var began: Double
        /// When the present returned.
        public var presented: Double
        /// CPU milliseconds from `began` to `presented`.
        public var cost: Double

        public init(index: Int, timestamp: Double, began: Double, presented: Double, cost: Double) {
            self.index = index
            self.timestamp = timestamp
            self.began = began
            self.presented = presented
            self.cost = cost
        }
    }

    /// Frame-interval statistics from the present times of consecutive samples (seconds).
    public struct Pacing: Sendable, Hashable {
        /// Samples used (intervals = samples - 1).
        public var frames: Int
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
        /// Last present minus (first present + (last index - first index) × period): drift of the
        /// presents themselves from an ideal clock started at the first present.
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

    /// Frames run (rendered) so far.
    public var frames: Int = 0
    /// Frames dropped because the loop was late for their deadlines.
    public var skippedFrames: Int = 0
    /// The largest frame cost of the whole run, CPU ms.
    public private(set) var maxCost: Double = 0
    /// Nominal period of the frames recorded (seconds; 0 before the first).
    public private(set) var period: Double = 0
    /// Whether the frames ran on a real clock (a window host): ``summary`` then reports pacing too.
    public var isRealTime = false

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
        maxCost = max(maxCost, cost)
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

    /// The `p`-th percentile (0...100, nearest rank) of the kept costs in CPU ms; 0 with no frames.
    /// NaN counts as 50. O(n log n).
    public func costPercentile(_ p: Double) -> Double {
        Self.percentile(ring.map(\.cost), p)
    }

    /// Median frame cost, CPU ms.
    public var costP50: Double { costPercentile(50) }
    /// 99th percentile frame cost, CPU ms.
    public var costP99: Double { costPercentile(99) }

    /// Pacing of all kept frames, or nil with fewer than two.
    public var pacing: Pacing? { pacing(droppingFirst: 0) }

    /// Pacing after the run's first frame, whose present is late by its one-off setup (fonts,
    /// textures, shaders): the steady state. Nil with fewer than two frames left.
    public var steadyPacing: Pacing? { pacing(droppingFirst: frames == ring.count ? 1 : 0) }

    /// Pacing of the kept frames without the oldest `count`. O(n log n).
    public func pacing(droppingFirst count: Int) -> Pacing? {
        let s = Array(samples.dropFirst(max(0, count)))
        guard s.count >= 2, let first = s.first, let last = s.last else { return nil }
        var intervals: [Double] = []
        intervals.reserveCapacity(s.count - 1)
        for i in 1..<s.count { intervals.append(s[i].presented - s[i - 1].presented) }
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        let variance = intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count)
        let lateness = s.reduce(0) { $0 + ($1.began - $1.timestamp) } / Double(s.count)
        var starts: [Double] = []
        starts.reserveCapacity(s.count - 1)
        for i in 1..<s.count { starts.append(s[i].began - s[i - 1].began) }
        let startMean = starts.reduce(0, +) / Double(starts.count)
        let startVariance = starts.reduce(0) { $0 + ($1 - startMean) * ($1 - startMean) } / Double(starts.count)
        return Pacing(
            frames: s.count, period: period, meanInterval: mean,
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

    /// Lines for `--stats`: frames, skipped, cost p50/p99/max, peak memory; for real-time runs
    /// also a pacing line (``steadyPacing``: mean, sd, p99 and max interval between presents, and drift).
    public var summary: String {
        func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
        let mb = Double(peakMemoryBytes) / 1_048_576
        var text = """
            frames: \(frames)
            skipped frames: \(skippedFrames)
            frame cost (CPU, update+layout+draw+present): p50 \(ms(costP50)), p99 \(ms(costP99)), max \(ms(maxCost))
            peak memory: \(String(format: "%.1f", mb)) MB
            """
        if isRealTime, let p = steadyPacing {
            text += "\npacing (between presents, after frame 0): mean \(ms(p.meanInterval * 1000)) (period \(ms(p.period * 1000))), "
                + "sd \(ms(p.standardDeviation * 1000)), p99 \(ms(p.p99Interval * 1000)), max \(ms(p.maxInterval * 1000)), "
                + "drift \(ms(p.drift * 1000)) (presents \(ms(p.presentDrift * 1000))); "
                + "frame starts: sd \(ms(p.startStandardDeviation * 1000)), p99 \(ms(p.startP99Interval * 1000))"
        }
        return text
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
