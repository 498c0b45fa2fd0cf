// InteractivePosition against reference models: the release picks the stop the iOS projection predicts (a
// per-millisecond deceleration summed step by step), a catch holds exactly the motion's value at its time, the
// settle follows an RK4 integration of the spring, bad input keeps it finite, and 30/60/120/240 Hz agree.

import Foundation
import Motion
import SplitMix
import Testing
import TestOracles

/// The projection summed as UIKit's model defines it: the velocity keeps the fraction `r` each millisecond,
/// and each millisecond moves by what is left (Σₖ₌₁ v/1000 · rᵏ).
private func summedProjection(_ x: Double, _ v: Double, r: Double = 0.998) -> Double {
    var p = x, step = v / 1000
    for _ in 0..<40_000 {
        step *= r
        p += step
        if abs(step) < 1e-15 { break }
    }
    return p
}

/// The stop nearest `p` by brute force (ties: the first).
private func bruteNearest(_ p: Double, _ stops: [Double]) -> Double {
    var best = stops[0]
    for s in stops.dropFirst() where abs(p - s) < abs(p - best) { best = s }
    return best
}

private let physics = PositionPhysics(spring: .criticallyDamped(response: 0.35), tolerance: .init(distance: 0.1, velocity: 1))

/// Frames at `hz` from `t0` to `t1`, each sampled at its targetTimestamp; returns (targetTimestamp, value shown).
@discardableResult
private func run(_ p: inout InteractivePosition, hz: Int, from t0: Double, to t1: Double) -> [(t: Double, x: Double)] {
    var shown: [(t: Double, x: Double)] = []
    var k = Int((t0 * Double(hz) - 1e-9).rounded(.up))
    while Double(k) / Double(hz) <= t1 {
        let tick = FrameTick(index: k, timestamp: Double(k) / Double(hz), duration: 1 / Double(hz))
        shown.append((tick.targetTimestamp, p.sample(tick)))
        k += 1
    }
    return shown
}

@Suite struct InteractivePositionTests {
    @Test("the projection is the summed per-millisecond deceleration, and the release picks its nearest stop")
    func releasePicksProjectedStop() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<400 {
            let x = rng.uniform(-500...500)
            let v = rng.uniform(-4000...4000)
            let stops = (0..<(1 + rng.int(below: 4))).map { _ in (rng.uniform(-800...800)).rounded() }
            let reference = summedProjection(x, v)
            let projected = PositionPhysics.projection(from: x, velocity: v)
            #expect(abs(projected - reference) < 1e-6, "x \(x) v \(v)")
            var p = InteractivePosition(0, physics: physics)
            p.hold(at: 0)
            p.drag(to: x)
            let stop = p.release(velocity: v, time: 1, stops: stops)
            // A stop within 1e-6 of a tie may go either way between the two models; skip those.
            let sorted = stops.map { abs(reference - $0) }.sorted()
            if sorted.count > 1, sorted[1] - sorted[0] < 1e-6 { continue }
            #expect(stop == bruteNearest(reference, stops), "x \(x) v \(v) stops \(stops)")
            #expect(p.activity == .ballistic)
            #expect(p.target == stop)
        }
    }

    @Test("the settle starts with the release velocity and follows the spring's ODE (RK4) to rest on the stop")
    func settleFollowsSpring() {
        var p = InteractivePosition(0, physics: physics)
        p.hold(at: 0)
        p.drag(to: 100)
        p.release(velocity: 900, time: 0.5, stops: [0, 300])   // 100 + 449 → 300
        let s = physics.spring
        let times = [0.05, 0.1, 0.2, 0.3]
        let rk = RK4.spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: 100, v0: 900, target: 300,
                            dt: 1e-4, times: times)
        for (t, ref) in zip(times, rk) {
            #expect(abs(p.motion!.position(at: 0.5 + t) - ref.x) < 1e-6, "at \(t)")
        }
        run(&p, hz: 60, from: 0.5, to: 3)
        #expect(p.value == 300)
        #expect(p.activity == .idle)
        #expect(!p.isMoving)
    }

    @Test("a catch mid-settle holds exactly the motion's value at its time, or the value shown without one",
          arguments: [30, 60, 120, 240])
    func catchHoldsSampledValue(hz: Int) {
        var rng = SplitMix64(seed: UInt64(hz))
        for _ in 0..<50 {
            let x0 = rng.uniform(0...300), v0 = rng.uniform(-2000...2000), target = rng.uniform(-300...600)
            var p = InteractivePosition(x0, physics: physics)
            p.animate(to: target, velocity: v0, time: 0)
            let reference = SpringSimulation(spring: physics.spring, position: x0, velocity: v0, target: target,
                                             tolerance: physics.tolerance)
            let catchTime = rng.uniform(0.01...0.4)
            let shown = run(&p, hz: hz, from: 0, to: catchTime)
            let expected = p.isMoving ? reference.position(at: catchTime) : nil
            let last = shown.last?.x ?? p.value
            var byTime = p
            byTime.hold(at: catchTime)
            #expect(byTime.activity == .held)
            #expect(byTime.value == (expected ?? last))
            #expect(byTime.grabbed == byTime.value)
            #expect(!byTime.isMoving)
            var byFrame = p
            byFrame.hold()
            #expect(byFrame.value == last)
            // Held, frames change nothing.
            let before = byTime.value
            run(&byTime, hz: hz, from: catchTime, to: catchTime + 0.5)
            #expect(byTime.value == before)
        }
    }

    @Test("the same release ends in the same state and shows the same values at shared instants at 30–240 Hz")
    func frameRateIndependence() {
        var finals: [Double] = []
        var byInstant: [Int: [Int: Double]] = [:]   // hz → (instant in 1/240 s → value)
        for hz in [30, 60, 120, 240] {
            var p = InteractivePosition(0, physics: physics)
            p.hold(at: 0)
            p.drag(to: 120)
            p.release(velocity: 700, time: 0.2, stops: [0, 375])
            let shown = run(&p, hz: hz, from: 0, to: 4)
            finals.append(p.value)
            byInstant[hz] = Dictionary(shown.map { (Int(($0.t * 240).rounded()), $0.x) }, uniquingKeysWith: { a, _ in a })
            #expect(p.activity == .idle)
        }
        #expect(Set(finals) == [375])
        for hz in [60, 120, 240] {
            for (instant, a) in byInstant[30]! where instant <= 4 * 240 {   // every rate's frames reach 4 s
                let b = byInstant[hz]![instant]
                #expect(b != nil && abs(a - b!) < 1e-9, "\(hz) Hz at \(instant)/240 s")
            }
        }
    }

    @Test("NaN and infinite inputs keep it finite")
    func hostileInputs() {
        let bad = [Double.nan, .infinity, -.infinity]
        for x in bad {
            var p = InteractivePosition(x, physics: physics)
            #expect(p.value == 0)
            p.hold(at: x)
            p.drag(to: x)
            #expect(p.value.isFinite)
            p.drag(to: 10) { _ in x }
            #expect(p.value.isFinite)
            for v in bad {
                var q = p
                q.release(velocity: v, time: x, stops: [x, 50, -x])
                #expect(q.target == 50)
                run(&q, hz: 60, from: 0, to: 3)
                #expect(q.value.isFinite)
                var r = p
                r.release(velocity: v, time: 0, stops: bad)   // no finite stop: settles where it is
                #expect(r.target == p.value)
                r.animate(to: x, velocity: v, time: x)
                r.animate(to: x, duration: x, curve: .easeOutCubic, time: x)
                run(&r, hz: 60, from: 0, to: 3)
                #expect(r.value.isFinite)
                r.sample(FrameTick(index: 0, timestamp: x, duration: x))
                #expect(r.value.isFinite)
                #expect(PositionPhysics.projection(from: x, velocity: v).isFinite)
            }
            #expect(PositionPhysics.projection(from: 1e308, velocity: 1e308).isFinite)
        }
    }

    @Test("a driven timed move lands exactly on its target; a jump ends any motion")
    func drivenAndJump() {
        var p = InteractivePosition(0, physics: physics)
        p.animate(to: 1, duration: 0.25, curve: .easeOutCubic, time: 0)
        #expect(p.activity == .driven)
        let shown = run(&p, hz: 60, from: 0, to: 1)
        let reference = TimedSimulation(from: 0, to: 1, duration: 0.25, curve: .easeOutCubic)
        #expect(shown.first?.x == reference.position(at: 1.0 / 60))
        #expect(p.value == 1)
        #expect(p.activity == .idle)
        p.animate(to: 5)
        p.jump(to: 3)
        #expect(p.value == 3 && p.activity == .idle && !p.isMoving)
    }
}
