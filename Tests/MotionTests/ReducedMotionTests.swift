// Pacing and MotionPolicy: a jump shows the end at once, a cross-fade holds the start for half its duration and
// the end for the rest under a veil that peaks at the switch, natural pacing is the simulation itself, and the
// reduced bounce spring settles in half the time (checked against an RK4 integration of the two springs).

import Motion
import Testing

@Suite struct ReducedMotionTests {
    func tick(_ t: Double, hz: Double = 60) -> FrameTick { FrameTick(index: 0, timestamp: t, duration: 1 / hz) }

    @Test("a jump shows the end before and at its first frame, finishes there, and reads no velocity")
    func jump() {
        let spring = SpringSimulation(spring: .bounce, position: 300, velocity: 0, target: 0,
                                      tolerance: .init(distance: 0.1, velocity: 1))
        var a = Animated(spring, rest: 0, pacing: .jump)
        #expect(a.value == 0)
        #expect(a.sample(tick(2)) == 0)
        #expect(a.isFinished && !a.needsFrames && a.veil == 0)
        #expect(a.velocity(at: 2) == 0)
        // Without a rest value: the simulation's own end, within its tolerance.
        var b = Animated(TimedSimulation(from: 10, to: 90, duration: 0.5), pacing: .jump)
        #expect(b.sample(tick(1)) == 90 && b.isFinished)
        var c = Animated(spring, pacing: .jump)
        #expect(abs(c.sample(tick(1))) <= 0.1)
    }

    @Test("a cross-fade holds the start, switches at half its duration under a full veil, and ends at its duration",
          arguments: [30.0, 60, 120, 240])
    func crossFade(hz: Double) {
        let d = 0.2
        var a = Animated(TimedSimulation(from: 320, to: 0, duration: 0.35, curve: .easeOutCubic), pacing: .crossFade(duration: d))
        var frames = 0
        var t = 5.0
        while a.needsFrames && frames < 100 {
            var k = FrameTick(index: frames, timestamp: t, duration: 1 / hz)
            k.targetTimestamp = t + 1 / hz
            let v = a.sample(k)
            let e = k.targetTimestamp - 5   // seconds shown since the start
            if e < d / 2 { #expect(v == 320) } else { #expect(v == 0) }
            // The veil, by hand: 2e/d up to the switch, 2 − 2e/d after, 0 from the end on.
            let veil = e >= d - 1e-9 ? 0 : (e <= d / 2 ? 2 * e / d : 2 - 2 * e / d)
            #expect(abs(a.veil - veil) < 1e-9)
            t += 1 / hz; frames += 1
        }
        // Finished on the frame whose target reaches d: ⌈d·hz⌉ frames, the first one already a period in.
        #expect(frames == Int((d * hz).rounded(.up)))
        #expect(a.value == 0 && a.veil == 0)
    }

    @Test("natural pacing samples the simulation as before, frame for frame")
    func naturalUnchanged() {
        let decay = DecaySimulation(position: 0, velocity: 2400, rate: .normal)
        var plain = Animated(decay)
        var paced = Animated(decay, pacing: MotionPolicy.reduced.pacing(for: .gesture))
        for k in 0..<400 {
            let tk = FrameTick(index: k, timestamp: 1 + Double(k) / 60, duration: 1 / 60)
            #expect(plain.sample(tk) == paced.sample(tk))
            #expect(plain.velocity(at: tk.targetTimestamp) == paced.velocity(at: tk.targetTimestamp))
        }
        #expect(plain.isFinished == paced.isFinished)
    }

    @Test("the policy: natural when off; reduced, a transition cross-fades 0.2 s, travel jumps, the rest stay")
    func policy() {
        for role in [MotionRole.transition, .travel, .bounce, .gesture] {
            #expect(MotionPolicy.standard.pacing(for: role) == .natural)
            #expect(MotionPolicy.standard.spring(.bounce, for: role) == .bounce)
        }
        #expect(MotionPolicy.reduced.pacing(for: .transition) == .crossFade(duration: 0.2))
        #expect(MotionPolicy.reduced.pacing(for: .travel) == .jump)
        #expect(MotionPolicy.reduced.pacing(for: .bounce) == .natural)
        #expect(MotionPolicy.reduced.pacing(for: .gesture) == .natural)
        #expect(MotionPolicy.reduced.spring(.bounce, for: .gesture) == .bounce)
    }

    @Test("a reduced bounce spring keeps its damping ratio, doubles ω₀, and settles from 100 pt in half the time (RK4)")
    func shorterBounce() {
        let normal = SpringDescription.bounce
        let reduced = MotionPolicy.reduced.spring(normal, for: .bounce)
        #expect(abs(reduced.dampingRatio - normal.dampingRatio) < 1e-12)
        #expect(abs(reduced.angularFrequency - 2 * normal.angularFrequency) < 1e-9)
        // Oracle: integrate m x'' + c x' + k x = 0 from x = 100 at rest with RK4 and find when |x| < 0.5.
        func settle(_ s: SpringDescription) -> Double {
            var x = 100.0, v = 0.0, t = 0.0
            let h = 1e-5
            func acc(_ x: Double, _ v: Double) -> Double { -(s.stiffness * x + s.damping * v) / s.mass }
            while abs(x) >= 0.5 && t < 10 {
                let k1x = v, k1v = acc(x, v)
                let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            return t
        }
        let tn = settle(normal), tr = settle(reduced)
        #expect(abs(tn - 0.47) < 0.01)        // the documented settle of the bounce spring
        #expect(abs(tr - tn / 2) < 1e-3)
        // The closed-form simulation on the reduced spring agrees with the integration.
        let sim = SpringSimulation(spring: reduced, position: 100, velocity: 0, target: 0)
        #expect(abs(sim.position(at: tr)) < 0.5 + 1e-3 && abs(sim.position(at: tr - 0.01)) > 0.5)
    }

    @Test("bad input: a cross-fade that cannot last is a jump; NaN ticks are ignored")
    func badInput() {
        for d in [0.0, -1, .nan, .infinity] {
            var a = Animated(TimedSimulation(from: 0, to: 5, duration: 1), pacing: .crossFade(duration: d))
            #expect(a.pacing == .jump)
            #expect(a.sample(tick(.nan)) == 5)
        }
        var b = Animated(TimedSimulation(from: 0, to: 5, duration: 1), pacing: .crossFade(duration: 0.2))
        #expect(b.sample(tick(.nan)) == 0 && !b.isFinished && b.veil == 0)
        #expect(b.veil(at: .nan) == 0)
    }
}
