import Foundation
import Testing
import Motion

@Suite struct TimedSimulationTests {
    @Test("exactly `to` at and after the duration, `from` at the start", arguments: TimingCurve.allNamed)
    func ends(curve: TimingCurve) {
        let move = TimedSimulation(from: 40, to: -260, duration: 0.3, curve: curve)
        #expect(move.position(at: 0) == 40)
        #expect(move.position(at: -1) == 40)
        #expect(move.position(at: 0.3) == -260)
        #expect(move.position(at: 5) == -260)
        #expect(move.velocity(at: 0.3) == 0)
        #expect(!move.isDone(at: 0.2999) && move.isDone(at: 0.3) && move.isDone(at: 10))
    }

    @Test("follows its curve in between")
    func follows() {
        let move = TimedSimulation(from: 100, to: 400, duration: 2, curve: .easeOutCubic)
        for t in stride(from: 0.1, to: 2, by: 0.1) {
            let p = t / 2
            let expected = 100 + 300 * (1 - (1 - p) * (1 - p) * (1 - p))
            #expect(abs(move.position(at: t) - expected) < 1e-9)
            let slope = 300 / 2.0 * 3 * (1 - p) * (1 - p)
            #expect(abs(move.velocity(at: t) - slope) < 1e-4)
        }
        #expect(abs(TimedSimulation(from: 0, to: 10, duration: 2).velocity(at: 1) - 5) < 1e-6)
    }

    @Test("a duration of 0 or less (or not finite) is an immediate jump", arguments: [0, -1, Double.nan, .infinity, -.infinity])
    func jump(duration: Double) {
        let move = TimedSimulation(from: 5, to: 50, duration: duration, curve: .easeInOutQuad)
        #expect(move.duration == 0)
        #expect(move.position(at: 0) == 50)
        #expect(move.position(at: -3) == 50)
        #expect(move.velocity(at: 0) == 0)
        #expect(move.isDone(at: 0))
    }

    @Test("non-finite ends rest instead of spreading", arguments: [Double.nan, .infinity, -.infinity])
    func badEnds(bad: Double) {
        let noTarget = TimedSimulation(from: 7, to: bad, duration: 1)
        #expect(noTarget.to == 7 && noTarget.position(at: 0.5) == 7 && noTarget.velocity(at: 0.5) == 0)
        let noStart = TimedSimulation(from: bad, to: 9, duration: 1)
        #expect(noStart.from == 9 && noStart.position(at: 0.5) == 9)
        let neither = TimedSimulation(from: bad, to: bad, duration: 1)
        #expect(neither.position(at: 0.5) == 0)
        for t in [Double.nan, .infinity, -.infinity] {
            let move = TimedSimulation(from: 1, to: 2, duration: 1)
            #expect(move.position(at: t).isFinite && move.velocity(at: t).isFinite)
        }
        #expect(TimedSimulation(from: 1, to: 2, duration: 1).position(at: .nan) == 1)
    }
}
