import Testing
import ScrollKitSDL
import SplitMix

/// The vblank fit against displays whose true timing the test knows: reports made from an exact
/// rate, with jitter drawn from a seeded generator, as Xvfb's late timer adds it.
@Suite struct VBlankEstimatorTests {
    /// Reports of a display at `hz` from vblank `first`, each up to `jitter` seconds late.
    func reports(hz: Double, first: UInt64 = 5_000, count: Int, jitter: Double, seed: UInt64) -> [(UInt64, Double)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let msc = first + UInt64(i)
            return (msc, 100 + Double(i) / hz + jitter * random.unit())
        }
    }

    @Test("recovers 59.94 Hz to 3 decimals through 3 ms of jitter, and predicts vblanks within the jitter",
          arguments: [UInt64(1), 2, 3])
    func fitsTheTrueRate(seed: UInt64) {
        var v = VBlankEstimator()
        for (msc, t) in reports(hz: 60_000.0 / 1001, count: 600, jitter: 0.003, seed: seed) { v.record(msc: msc, time: t) }
        #expect(abs(v.refreshRate - 59.940) < 0.0005, "seed \(seed): \(v.refreshRate)")
        // The true vblank 5,600 (one after the last report) is at 100 + 600 / rate; reports are late by
        // 1.5 ms on average, so the line predicts the mean late time.
        let truth = 100 + 600 / (60_000.0 / 1001) + 0.0015
        let predicted = v.predictedTime(ofMSC: 5_600) ?? .nan
        #expect(abs(predicted - truth) < 0.0005, "seed \(seed): off by \(predicted - truth)")
    }

    @Test("before two reports the fallback period extrapolates from the latest; a gap or a step back starts afresh")
    func fallbackAndReset() {
        var v = VBlankEstimator(fallbackPeriod: 0.02)
        #expect(v.predictedTime(ofMSC: 1) == nil && v.firstMSC(atOrAfter: 0) == nil)
        v.record(msc: 10, time: 1.0)
        #expect(!v.isFitted && v.period == 0.02)
        #expect(v.predictedTime(ofMSC: 13) == 1.06)
        v.record(msc: 11, time: 1.0166)
        #expect(v.isFitted && abs(v.period - 0.0166) < 1e-12)
        v.record(msc: 5_000, time: 2.0)         // a jump past maximumGap
        #expect(v.count == 1 && !v.isFitted)
        v.record(msc: 5_001, time: 2.01)
        v.record(msc: 4_000, time: 2.02)        // the counter went back
        #expect(v.count == 1)
        v.record(msc: 4_001, time: .nan)        // ignored
        #expect(v.count == 1 && v.latest?.msc == 4_000)
    }

    @Test("firstMSC(atOrAfter:) is the first vblank predicted at or after a time, never the latest one")
    func firstVBlankAfter() {
        var v = VBlankEstimator()
        for i in 0..<10 { v.record(msc: UInt64(100 + i), time: Double(i) / 50) }   // 50 Hz, exact
        // Brute force over the line as the oracle.
        for t in stride(from: -0.1, through: 0.5, by: 0.0037) {
            let found = v.firstMSC(atOrAfter: t) ?? 0
            var expected: UInt64 = 110
            while (v.predictedTime(ofMSC: expected) ?? 0) < t { expected += 1 }
            #expect(found == expected, "t \(t)")
        }
    }
}
