import SplitMix
import Testing
@testable import ScrollKitSDL

@Suite("FrameStats: what hosts report")
struct HostFrameStatsTests {
    @Test("nearest-rank percentiles; empty is 0; p clamped, NaN is the median", arguments: [1, 2, 3] as [UInt64])
    func percentiles(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let values = (1...200).map(Double.init).shuffled(using: &rng)   // any order: the seed is the test's argument
        #expect(FrameStats.percentile(values, 50) == 100)
        #expect(FrameStats.percentile(values, 99) == 198)
        #expect(FrameStats.percentile(values, 100) == 200)
        #expect(FrameStats.percentile(values, 0) == 1)
        #expect(FrameStats.percentile(values, 250) == 200)
        #expect(FrameStats.percentile(values, .nan) == 100)
        #expect(FrameStats.percentile([], 50) == 0)
        #expect(FrameStats.percentile([7], 99) == 7)
    }

    @Test("costs: p50, p99 and max; negative or NaN costs count as 0")
    func costs() {
        var stats = FrameStats()
        for (k, cost) in [3.0, 1, 2, .nan, -4, 10].enumerated() {
            stats.record(.init(index: k, timestamp: 0, began: 0, presented: 0, cost: cost), period: 0.01)
        }
        #expect(stats.frames == 6)
        #expect(stats.costs == [3, 1, 2, 0, 0, 10])
        #expect(stats.costP50 == 1)
        #expect(stats.costP99 == 10)
        #expect(stats.maxCost == 10)
    }

    @Test("pacing from present times: mean, standard deviation, p99, drift")
    func pacing() throws {
        var stats = FrameStats()
        let period = 0.02
        // Presents alternate 1 ms early and 1 ms late around an ideal grid; the last start is 0.5 ms late.
        for k in 0..<101 {
            let ideal = Double(k) * period
            let jitter = k == 0 || k == 100 ? 0 : (k % 2 == 0 ? 0.001 : -0.001)
            let began = ideal + (k == 100 ? 0.0005 : 0)
            stats.record(.init(index: k, timestamp: ideal, began: began, presented: ideal + 0.003 + jitter,
                               cost: 1), period: period)
        }
        let p = try #require(stats.pacing)
        #expect(p.frames == 101)
        #expect(p.spans == 1 && p.intervals == 100)
        #expect(abs(p.meanInterval - period) < 1e-12)                 // 100 intervals spanning 2 s
        #expect(abs(p.maxInterval - (period + 0.002)) < 1e-12)
        #expect(abs(p.p99Interval - (period + 0.002)) < 1e-12)
        // 98 intervals are ±2 ms off and two (at the ends) ±1 ms: sd = sqrt((98·4 + 2·1) / 100) ms.
        #expect(abs(p.standardDeviation - (394.0 / 100).squareRoot() / 1000) < 1e-9)
        #expect(abs(p.drift - 0.0005) < 1e-12)
        #expect(abs(p.presentDrift) < 1e-12)
        #expect(stats.pacing(droppingFirst: 100) == nil)
        #expect(FrameStats().pacing == nil)
    }

    @Test("samples are kept for the most recent frames only; frames and max cover the whole run")
    func ringBuffer() {
        var stats = FrameStats()
        let n = FrameStats.sampleCapacity + 10
        for k in 0..<n {
            stats.record(.init(index: k, timestamp: 0, began: 0, presented: Double(k), cost: k == 3 ? 99 : 1),
                         period: 1)
        }
        #expect(stats.frames == n)
        #expect(stats.samples.count == FrameStats.sampleCapacity)
        #expect(stats.samples.first?.index == 10)
        #expect(stats.samples.last?.index == n - 1)
        #expect(stats.lastPresented == Double(n - 1))
        #expect(stats.maxCost == 99)                                   // seen, though no longer kept
        #expect(stats.costP99 == 1)
    }

    @Test("the summary names every figure; pacing only for real-time runs")
    func summary() {
        var stats = FrameStats()
        for k in 0..<3 {
            stats.record(.init(index: k, timestamp: Double(k), began: Double(k), presented: Double(k), cost: 2),
                         period: 1)
        }
        stats.skippedFrames = 4
        #expect(stats.summary.contains("frames: 3"))
        #expect(stats.summary.contains("skipped frames: 4"))
        #expect(stats.summary.contains("frame cost, wall time (update+layout+draw+present): p50 2.000 ms"))
        #expect(stats.summary.contains("frame cost, CPU time across threads: p50 2.000 ms"))
        #expect(stats.summary.contains("frames over budget (wall time above the 1000.000 ms period): 0"))
        #expect(stats.summary.contains("peak memory:"))
        #expect(!stats.summary.contains("pacing"))
        #expect(!stats.summary.contains("hitch"))
        stats.isRealTime = true
        #expect(stats.summary.contains("pacing (animation spans only: 1 spans, 1 intervals"))
        #expect(stats.summary.contains("hitch ratio: 0.00 ms/s of animation (good: at most 5)"))
        #expect(FrameStats.peakResidentBytes() > 0)
        #expect(FrameStats.processCPUTime() > 0)
    }

    @Test("idle time between animation spans is not a frame interval")
    func spansExcludeIdle() throws {
        var stats = FrameStats()
        let period = 1.0 / 60
        // Two spans of 10 frames on time, 97 s of idle between them (the window slept).
        for k in 0..<20 {
            let t = Double(k) * period + (k >= 10 ? 97 : 0)
            stats.record(.init(index: k, timestamp: t, began: t, presented: t + 0.002, cost: 1,
                               startsSpan: k == 0 || k == 10), period: period)
        }
        let p = try #require(stats.pacing)
        #expect(p.spans == 2)
        #expect(p.intervals == 18)
        #expect(abs(p.maxInterval - period) < 1e-9)          // not 97 s
        #expect(abs(p.meanInterval - period) < 1e-9)
        #expect(abs(p.animationSeconds - 18 * period) < 1e-9)
        #expect(p.hitchRatio < 1e-6)
    }

    @Test("hitch ratio: ms late per second of animation; frames over budget by wall time")
    func hitchRatio() throws {
        var stats = FrameStats()
        let period = 0.02
        // 11 frames on 20 ms deadlines, each presented at its target one period later with ±0.4 ms of
        // jitter (not a hitch), except frame 4 (deadline 80 ms): presented at 135 ms, 35 ms after its
        // target of 100 ms. The loop then skipped the deadlines at 100 and 120 ms: frame 5 starts at 140.
        let frames: [(start: Double, present: Double)] = [
            (0, 20.4), (20, 39.6), (40, 60.4), (60, 79.6), (80, 135), (140, 160.4),
            (160, 179.6), (180, 200.4), (200, 219.6), (220, 240.4), (240, 259.6),
        ]
        for (k, f) in frames.enumerated() {
            stats.record(.init(index: k, timestamp: f.start / 1000, began: f.start / 1000, presented: f.present / 1000,
                               cost: 3, wallCost: k == 4 ? 45 : 4), period: period)
        }
        let p = try #require(stats.pacing)
        // Ten intervals over 259.6 - 20.4 = 239.2 ms; one hitch: frame 4 reached the screen 35.4 ms after one
        // period past frame 3's present (79.6 + 20). Frame 5 came 25.4 ms after frame 4: jitter, not a hitch.
        #expect(p.intervals == 10)
        #expect(abs(p.animationSeconds - 0.2392) < 1e-12)
        #expect(abs(p.hitchRatio - 35.4 / 0.2392) < 1e-9)
        #expect(stats.framesOverBudget == 1)                  // the 45 ms frame, against a 20 ms budget
        #expect(stats.maxWallCost == 45)
        #expect(stats.maxCost == 3)
        #expect(stats.wallCostPercentile(50) == 4)
    }

    /// A loop that woke late skips a deadline and starts the next frame "on time" by its new deadline: the
    /// screen still showed the frame before for two periods. Every interval past 1.5 periods is a hitch.
    @Test("a skipped deadline is a hitch even when the frame after it is on time by its own deadline")
    func skippedDeadlineIsAHitch() throws {
        var stats = FrameStats()
        let period = 0.02
        // Frames 0–2 on time; frame 3's deadline (60 ms) is skipped; frame 4 starts at 80 and is presented at
        // 100, exactly one period after its own deadline, 40 ms after frame 2.
        let frames: [(index: Int, start: Double, present: Double)] = [(0, 0, 20), (1, 20, 40), (2, 40, 60), (4, 80, 100), (5, 100, 120)]
        for f in frames {
            stats.record(.init(index: f.index, timestamp: f.start / 1000, began: f.start / 1000, presented: f.present / 1000,
                               cost: 1, wallCost: 1), period: period)
        }
        let p = try #require(stats.pacing)
        #expect(abs(p.p99Interval - 0.04) < 1e-12)
        #expect(abs(p.hitchRatio - 20 / 0.1) < 1e-9)   // 20 ms late over 100 ms of animation
    }

    @Test("hitch ratio from the display's stamps: a frame the display held 2.5 periods is late by 1.5, even on its own target")
    func hitchRatioFromShownStamps() throws {
        var stats = FrameStats()
        let period = 0.02
        // A compositor without a vblank grid: frames start when it calls back and are each stamped shown
        // one period after their start, except that its repaint slipped once, so frame 6 (started at 150 ms,
        // when the callback finally came) was shown at 170 ms, 50 ms after frame 5 at 120 ms. By Apple's
        // definition the display held frame 5 for 2.5 periods: 30 ms of hitch. No frame is late against
        // its own target (timestamp + period), so only the stamps can tell.
        let starts: [Double] = [0, 20, 40, 60, 80, 100, 150, 170, 190]
        for (k, start) in starts.enumerated() {
            stats.record(.init(index: k, timestamp: start / 1000, began: start / 1000, presented: (start + 1) / 1000,
                               cost: 1), period: period)
            stats.markShown(index: k, at: (start + 20) / 1000)
        }
        let p = try #require(stats.pacing)
        #expect(abs(p.animationSeconds - 0.190) < 1e-12)
        #expect(abs(p.hitchRatio - 30 / 0.190) < 1e-9)
        #expect(p.p99Interval > 1.5 * period)
    }

    @Test("a frame that changed nothing is not shown, and is no hitch: stamps are not compared with presents")
    func unshownFrameIsNoHitch() throws {
        var stats = FrameStats()
        let period = 0.02
        // A compositor that shows each frame 27 ms after its commit (weston: a repaint, then a 10 ms stamp).
        // Frame 1 changed nothing: no commit, no stamp, its "present" is the end of its frame. Frame 2 is
        // shown two periods after frame 0, on time: the screen held frame 0 because nothing had changed.
        for k in 0..<8 {
            let start = Double(k) * 20
            stats.record(.init(index: k, timestamp: start / 1000, began: start / 1000, presented: (start + 1) / 1000,
                               cost: 1), period: period)
            if k != 1 { stats.markShown(index: k, at: (start + 28) / 1000) }
        }
        var p = try #require(stats.pacing)
        #expect(p.hitchRatio == 0)
        // Frame 5 shown a refresh late is still one: 20 ms past its time (the frame after it, on time
        // again, is early by the frame before's lateness, not late).
        stats.markShown(index: 5, at: (100 + 28 + 20) / 1000)
        p = try #require(stats.pacing)
        #expect(abs(p.hitchRatio - 20 / p.animationSeconds) < 1e-9)
    }

    @Test("a sample without a wall-clock cost reports its CPU cost as wall time")
    func wallCostFallsBackToCPU() {
        var stats = FrameStats()
        stats.record(.init(index: 0, timestamp: 0, began: 0, presented: 0, cost: 7), period: 0.005)
        #expect(stats.wallCosts == [7])
        #expect(stats.framesOverBudget == 1)                  // 7 ms against a 5 ms budget
    }
}

