import Testing
import TestOracles
import Motion

/// Uses every name of Motion's public API that ScrollKit relies on, with its exact labels, so a rename
/// breaks this file before it breaks ScrollingView or SnapBehavior.
@Suite struct APIContractTests {
    @Test("the contract's names and labels exist and behave")
    func contract() throws {
        let curve: TimingCurve = .easeOutBounce
        let name: String = curve.name
        #expect(name == "easeOutBounce")
        #expect(curve.value(at: 1) == 1 && curve(0) == 0)
        let all: [TimingCurve] = [.linear, .smoothstep, .ease, .easeIn, .easeOut, .easeInOut, .default,
                                  .cubicBezier(0.25, 0.1, 0.25, 1), .spring(dampingRatio: 0.8, response: 0.4)]
        #expect(all.allSatisfy { $0.value(at: 1) == 1 })
        let parsed = try TimingCurve(parsing: "cubic-bezier(0.25,0.1,0.25,1)")
        #expect(parsed.value(at: 0.5) == TimingCurve.ease.value(at: 0.5))
        do {
            _ = try TimingCurve(parsing: "nope")
            Issue.record("expected an error")
        } catch {
            let error: TimingCurveError = error
            #expect(error.description.contains("linear"))
        }
        #expect(TimingCurve.allNamed.count == 37)

        let timed: any Simulation = TimedSimulation(from: 0, to: 10, duration: 1, curve: .linear)
        #expect(timed.position(at: 1) == 10 && timed.isDone(at: 1) && timed.velocity(at: 2) == 0)
        #expect(TimedSimulation(from: 0, to: 10, duration: 1).position(at: 0.5) == 5)

        let rate: DecelerationRate = DecelerationRate(0.99)
        #expect(rate.perMillisecond == 0.99 && rate == .fast && DecelerationRate.normal.perMillisecond == 0.998)
        let decay = DecaySimulation(position: 0, velocity: 1000, rate: .normal)
        // 1000 / (−1000 ln 0.998) and ln ½ / (1000 ln 0.998), worked out with mpmath.
        #expect(abs(DecaySimulation.restPosition(position: 0, velocity: 1000, rate: .normal) - 499.49983316645526) < 1e-9)
        #expect(DecaySimulation(position: 0, velocity: 1000).restPosition == decay.restPosition)
        let half: Double? = decay.time(toReach: decay.restPosition / 2)
        #expect(half.map { abs($0 - 0.34622690104949152) < 1e-9 } == true)
        let through: DecaySimulation? = DecaySimulation.through(position: 0, velocity: 1000, target: 400)
        #expect(through?.restPosition == 400)
        let landing: any Simulation = landingSimulation(position: 0, velocity: 1000, target: 400)
        #expect(landing.velocity(at: 0) == 1000)

        var spring = SpringDescription(mass: 1, stiffness: 200, damping: 20)
        spring.mass = 2                                   // settable: the simulation then moves a 2 kg mass
        let moved = SpringSimulation(spring: spring, position: 10, velocity: 0, target: 0)
        let integrated = RK4.spring(mass: 2, stiffness: 200, damping: 20, x0: 10, v0: 0, target: 0, dt: 1e-4, times: [0.25])
        #expect(abs(moved.position(at: 0.25) - integrated[0].x) < 1e-6)
        #expect(abs(SpringDescription(dampingRatio: 0.5, response: 0.3).dampingRatio - 0.5) < 1e-12)
        #expect(SpringDescription.criticallyDamped(response: 0.4) == SpringDescription.bounce)
        let sim = SpringSimulation(spring: .bounce, position: 10, velocity: 0, target: 0)
        #expect(sim.target == 0 && sim.position(at: 10) == 0)

        #expect(abs(rubberBand(offset: 10, dimension: 100, coefficient: 0.55) - 5.2132701421800948) < 1e-12)   // 100 (1 − 1/1.055)
        #expect(rubberBand(offset: 10, dimension: 100) == rubberBand(offset: 10, dimension: 100, coefficient: 0.55))
        #expect(abs(inverseRubberBand(rubberBand(offset: 10, dimension: 100), dimension: 100, coefficient: 0.55) - 10) < 1e-9)

        var tracker = VelocityTracker()
        tracker.addSample(position: 0, time: 0)
        tracker.addSample(position: 10, time: 0.01)
        #expect(abs(tracker.velocity(at: 0.01) - 1000) < 1e-9)
        tracker.reset()
        #expect(tracker.velocity(at: 0.01) == 0)
    }
}
