import Foundation
import Testing
import Motion
import SplitMix

/// Feeds x(t) at the given times and returns the tracker.
private func tracker(times: [Double], _ x: (Double) -> Double) -> VelocityTracker {
    var tracker = VelocityTracker()
    for t in times { tracker.addSample(position: x(t), time: t) }
    return tracker
}

/// Event times every `spacing` seconds from `start` for `count` events, optionally jittered (deterministic).
private func times(start: Double = 10, spacing: Double, count: Int, jitter: Double = 0) -> [Double] {
    var noise = SplitMix64(seed: 42)
    return (0..<count).map { start + Double($0) * spacing + jitter * noise.uniform(-1...1) }
}

@Suite struct VelocityTrackerTests {
    @Test("exact on constant velocity", arguments: [
        (1234.0, 0.008), (-600, 0.004), (2500, 0.016), (40, 0.011), (-7000, 0.008),
    ])
    func constantVelocity(velocity: Double, spacing: Double) {
        let ts = times(spacing: spacing, count: 30)
        let t = tracker(times: ts) { 5 + velocity * $0 }
        #expect(abs(t.velocity(at: ts.last! + 0.005) - velocity) <= 1e-6 * abs(velocity))
    }

    @Test("uses the events' own timestamps (irregular spacing)")
    func irregular() {
        let ts = times(spacing: 0.008, count: 25, jitter: 0.003)
        let t = tracker(times: ts) { 100 - 900 * $0 }
        #expect(abs(t.velocity(at: ts.last!) - -900) <= 1e-6 * 900)
    }

    @Test("exact on constant acceleration: the slope at the newest sample", arguments: [
        (800.0, -4000.0), (-300, 9000), (0, 20000), (1500, -15000),
    ])
    func constantAcceleration(v: Double, a: Double) {
        let ts = times(start: 0, spacing: 0.008, count: 20)
        let t = tracker(times: ts) { 3 + v * $0 + a * $0 * $0 / 2 }
        let expected = v + a * ts.last!
        #expect(abs(t.velocity(at: ts.last! + 0.01) - expected) <= 1e-6 * max(1, abs(expected)))
    }

    @Test("noisy samples stay close to the true velocity", arguments: [1000.0, -2500, 4000])
    func noisy(velocity: Double) {
        var noise = SplitMix64(seed: 7)
        let ts = times(spacing: 0.008, count: 40)
        var tracker = VelocityTracker()
        for t in ts { tracker.addSample(position: velocity * t + 0.5 * noise.uniform(-1...1), time: t) }
        let estimate = tracker.velocity(at: ts.last! + 0.008)
        #expect(abs(estimate - velocity) <= 0.02 * abs(velocity), "\(estimate)")
    }

    @Test("only the last 100 ms count")
    func horizon() {
        // 200 pt/s for a long time, then 1000 pt/s for the last 120 ms (continuous position).
        var tracker = VelocityTracker()
        for i in 0...60 {
            let t = Double(i) * 0.008
            let x = t <= 0.36 ? 200 * t : 72 + 1000 * (t - 0.36)
            tracker.addSample(position: x, time: t)
        }
        #expect(abs(tracker.velocity(at: 0.48) - 1000) < 1e-6)
    }

    @Test("a pointer that stopped 40 ms or more before release gives 0")
    func stopped() {
        let ts = times(spacing: 0.008, count: 20)
        let moving = tracker(times: ts) { 900 * $0 }
        #expect(moving.velocity(at: ts.last! + 0.039) != 0)
        #expect(moving.velocity(at: ts.last! + 0.040) == 0)
        #expect(moving.velocity(at: ts.last! + 0.3) == 0)
        // Events kept coming but the position stayed put for 48 ms.
        var held = moving
        let last = 900 * ts.last!
        for i in 1...6 { held.addSample(position: last, time: ts.last! + Double(i) * 0.008) }
        #expect(held.velocity(at: ts.last! + 0.048) == 0)
        // ... while a short hold (16 ms) still flings, slowed down by the fit.
        var brief = moving
        for i in 1...2 { brief.addSample(position: last, time: ts.last! + Double(i) * 0.008) }
        #expect(brief.velocity(at: ts.last! + 0.016) != 0)
    }

    @Test("samples before a gap of more than 40 ms are ignored")
    func gap() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.addSample(position: -500 * Double(i) * 0.008, time: Double(i) * 0.008) }
        // 50 ms gap, then a new motion at +1200.
        let start = 9 * 0.008 + 0.050
        for i in 0..<6 { tracker.addSample(position: 7 + 1200 * Double(i) * 0.008, time: start + Double(i) * 0.008) }
        #expect(abs(tracker.velocity(at: start + 0.045) - 1200) < 1e-6)
        // Two samples after the gap: their two-point slope.
        var two = VelocityTracker()
        for i in 0..<10 { two.addSample(position: -500 * Double(i) * 0.008, time: Double(i) * 0.008) }
        two.addSample(position: 0, time: 1)
        two.addSample(position: 6, time: 1.01)
        #expect(abs(two.velocity(at: 1.01) - 600) < 1e-9)
    }

    @Test("fewer than 3 samples: two-point slope, or zero")
    func fewSamples() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 0) == 0)
        tracker.addSample(position: 10, time: 1)
        #expect(tracker.velocity(at: 1.001) == 0)
        tracker.addSample(position: 14, time: 1.008)
        #expect(abs(tracker.velocity(at: 1.01) - 500) < 1e-9)
        tracker.reset()
        #expect(tracker.velocity(at: 1.01) == 0)
    }

    @Test("clamped to the maximum fling speed", arguments: [1.0, -1.0])
    func clamp(sign: Double) {
        let ts = times(spacing: 0.008, count: 10)
        let t = tracker(times: ts) { sign * 50_000 * $0 }
        #expect(t.velocity(at: ts.last!) == sign * VelocityTracker.maxFlingSpeed)
    }

    @Test("bad samples are ignored, bad release times use the newest sample", arguments: [Double.nan, .infinity, -.infinity])
    func badInput(bad: Double) {
        let ts = times(spacing: 0.008, count: 10)
        var t = tracker(times: ts) { 300 * $0 }
        t.addSample(position: bad, time: ts.last! + 0.008)
        t.addSample(position: 1, time: bad)
        t.addSample(position: 1e6, time: ts[3])      // out of order: ignored
        #expect(abs(t.velocity(at: bad) - 300) < 1e-6)
        #expect(abs(t.velocity(at: ts.last!) - 300) < 1e-6)
        // Same timestamp: the newer position replaces the older.
        var same = tracker(times: ts) { 300 * $0 }
        same.addSample(position: 300 * ts.last! + 50, time: ts.last!)
        same.addSample(position: 300 * ts.last!, time: ts.last!)
        #expect(abs(same.velocity(at: ts.last!) - 300) < 1e-6)
    }
}
