import Testing
@testable import ScrollKitSDL

@Suite("FrameStats: what hosts report")
struct HostFrameStatsTests {
    @Test("nearest-rank percentiles; empty is 0; p clamped, NaN is the median")
    func percentiles() {
        let values = (1...200).map(Double.init).shuffled()
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
        #expect(stats.summary.contains("p50 2.000 ms"))
        #expect(stats.summary.contains("peak memory:"))
        #expect(!stats.summary.contains("pacing"))
        stats.isRealTime = true
        #expect(stats.summary.contains("pacing"))
        #expect(FrameStats.peakResidentBytes() > 0)
        #expect(FrameStats.processCPUTime() > 0)
    }
}
