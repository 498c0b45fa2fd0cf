import Testing
import Motion

@Suite struct AnimatedTests {
    /// Frames of a display link at `hz`, the first beginning at `t0`.
    func ticks(hz: Double, from t0: Double, count: Int) -> [FrameTick] {
        (0..<count).map { FrameTick(index: $0, timestamp: t0 + Double($0) / hz, duration: 1 / hz) }
    }

    @Test("starts at the first frame's timestamp and shows each frame at its target time", arguments: [30.0, 60, 120, 240])
    func samplesAtTargetTimestamp(hz: Double) {
        let move = TimedSimulation(from: 10, to: 90, duration: 0.5, curve: .easeInOutCubic)
        var a = Animated(move)
        #expect(a.start == nil && a.needsFrames && a.value == 10)
        for tick in ticks(hz: hz, from: 3.25, count: Int(hz)) {
            let shown = a.sample(tick)
            // Oracle: the curve itself at (target − first timestamp), clamped at the end.
            let local = tick.targetTimestamp - 3.25
            let expected = local >= 0.5 - 1e-12 ? 90 : 10 + 80 * TimingCurve.easeInOutCubic.value(at: local / 0.5)
            #expect(abs(shown - expected) < 1e-9)
        }
        #expect(a.start == 3.25)
        #expect(a.isFinished && !a.needsFrames && a.value == 90)
    }

    @Test("finishes on the frame whose target reaches the end, even when summed periods fall ulps short")
    func finishesOnTheLastFrame() {
        var a = Animated(TimedSimulation(from: 0, to: 1, duration: 0.1))
        var t = 0.0, frames = 0
        while a.needsFrames {
            var tick = FrameTick(index: frames, timestamp: t, duration: 0.1 / 6)
            tick.targetTimestamp = t + 0.1 / 6
            a.sample(tick); t += 0.1 / 6; frames += 1
            if frames > 20 { break }
        }
        #expect(frames == 6)
        #expect(a.value == 1)
    }

    @Test("a spring shows its rest value exactly on the finishing frame")
    func springRest() {
        let s = SpringSimulation(spring: .init(mass: 1, stiffness: 200, damping: 20), position: 0, velocity: 0, target: 50)
        var a = Animated(s, rest: 50)
        var t = 0.0
        while a.needsFrames && t < 10 { a.sample(FrameTick(index: 0, timestamp: t, duration: 1 / 60)); t += 1 / 60 }
        #expect(a.value == 50)
        #expect(t < s.settlingTime + 2 / 60)
    }

    @Test("non-finite ticks are ignored; a given start is kept; times before it show the start")
    func badInput() {
        var a = Animated(TimedSimulation(from: 0, to: 100, duration: 1), start: 5)
        #expect(a.sample(FrameTick(index: 0, timestamp: .nan, duration: 1 / 60)) == 0)
        #expect(a.start == 5)
        #expect(a.position(at: 4) == 0)
        #expect(a.position(at: .nan) == 0)
        #expect(a.sample(at: 5.5) == 50)
        #expect(abs(a.velocity(at: 5.5) - 100) < 1e-6)
        #expect(a.velocity(at: 7) == 0)
        var b = Animated(TimedSimulation(from: 0, to: 100, duration: 1), start: .infinity, rest: .nan)
        #expect(b.start == nil && b.rest == nil)
        #expect(b.sample(at: .infinity) == 0 && b.start == nil)
    }
}
