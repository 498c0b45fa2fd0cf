import Foundation
import Testing
import TestOracles
@testable import Motion

/// (mass, stiffness, damping, x0, v0, target): under-, critically and over-damped, with various starts.
private let springs: [(m: Double, k: Double, c: Double, x0: Double, v0: Double, target: Double)] = [
    (1, 400, 8, 0, 0, 100),          // ζ = 0.2
    (1, 250, 20, -50, 900, 0),       // ζ ≈ 0.63
    (2, 300, 10, 10, -400, -20),     // ζ ≈ 0.20, mass 2
    (1, 0.5, 0.1, 0, 1, 0),          // ζ ≈ 0.07, slow
    (1, 400, 40, 0, 0, 100),         // ζ = 1
    (1, 246.74011002723395, 31.41592653589793, 80, -2500, 0), // ζ = 1 (response 0.4 s), strong fling
    (3, 12, 12, 5, 5, 0),            // ζ = 1, mass 3
    (1, 400, 100, 0, 0, 100),        // ζ = 2.5
    (1, 100, 21, -30, 300, 0),       // ζ = 1.05, close to critical
    (0.5, 50, 40, 200, -10, 0),      // ζ = 4
]

@Suite struct SpringSimulationTests {
    @Test("closed forms match a fine RK4 integration", arguments: springs)
    func matchesRK4(m: Double, k: Double, c: Double, x0: Double, v0: Double, target: Double) {
        let spring = SpringDescription(mass: m, stiffness: k, damping: c)
        let sim = SpringSimulation(spring: spring, position: x0, velocity: v0, target: target)
        let horizon = min(sim.settlingTime, 6)
        let times = (1...60).map { Double($0) / 60 * horizon }.filter { $0 < sim.settlingTime }
        let reference = RK4.spring(mass: m, stiffness: k, damping: c, x0: x0, v0: v0, target: target,
                                            dt: 1e-4, times: times)
        let scale = max(1, abs(x0 - target), abs(v0) / (k / m).squareRoot())
        for (t, state) in zip(times, reference) {
            #expect(abs(sim.position(at: t) - state.x) <= 1e-7 * scale, "t = \(t)")
            #expect(abs(sim.velocity(at: t) - state.v) <= 1e-7 * scale * (k / m).squareRoot(), "t = \(t)")
        }
        #expect(sim.position(at: 0) == x0)
        #expect(abs(sim.velocity(at: 0) - v0) <= 1e-9 * max(1, abs(v0)))
    }

    @Test("regimes are chosen by the damping ratio")
    func regimes() {
        func regime(_ c: Double) -> String {
            let sim = SpringSimulation(spring: SpringDescription(mass: 1, stiffness: 100, damping: c),
                                       position: 1, velocity: 0, target: 0)
            switch sim.regime {
            case .under: return "under"
            case .critical: return "critical"
            case .over: return "over"
            }
        }
        #expect(regime(5) == "under" && regime(20) == "critical" && regime(50) == "over")
        #expect(SpringDescription(mass: 1, stiffness: 100, damping: 20).dampingRatio == 1)
    }

    @Test("done from the settling time: exactly on target, within tolerance before", arguments: springs)
    func settles(m: Double, k: Double, c: Double, x0: Double, v0: Double, target: Double) {
        let sim = SpringSimulation(spring: SpringDescription(mass: m, stiffness: k, damping: c),
                                   position: x0, velocity: v0, target: target)
        let end = sim.settlingTime
        #expect(end.isFinite && end > 0)
        #expect(sim.isDone(at: end) && !sim.isDone(at: end.nextDown))
        #expect(sim.position(at: end) == target && sim.velocity(at: end) == 0)
        #expect(sim.position(at: end + 50) == target)
        // From the settling time on the free motion stays within the tolerance: the final step is invisible.
        let tolerance = SpringSimulation.Tolerance.standard
        for i in 0...400 {
            let t = end + Double(i) * end / 200
            #expect(abs(sim.displacement(at: t)) <= tolerance.distance * (1 + 1e-9))
        }
        // ... and not long before it, it is still moving or away.
        let earlier = end * 0.9
        let e = abs(sim.position(at: earlier) - target), v = abs(sim.velocity(at: earlier))
        #expect(e > tolerance.distance / 100 || v > tolerance.velocity / 100)
    }

    /// ω = 2π / response and k = ω² (mass 1), worked out to 17 digits with mpmath.
    @Test("damping ratio and response", arguments: [
        (0.5, 0.3, 20.943951023931955, 438.64908449286038), (1.0, 0.4, 15.707963267948966, 246.74011002723397),
        (1.7, 1.2, 5.2359877559829887, 27.415567780803774), (0.0, 0.5, 12.566370614359173, 157.91367041742974),
    ])
    func ratioAndResponse(ratio: Double, response: Double, omega: Double, stiffness: Double) {
        let spring = SpringDescription(dampingRatio: ratio, response: response)
        #expect(spring.mass == 1)
        #expect(abs(spring.dampingRatio - ratio) < 1e-12)
        #expect(abs(spring.angularFrequency - omega) < 1e-9)
        #expect(abs(spring.stiffness - stiffness) < 1e-9)
    }

    @Test("the undamped spring oscillates forever with period = response")
    func undamped() {
        let sim = SpringSimulation(spring: SpringDescription(dampingRatio: 0, response: 0.5),
                                   position: 10, velocity: 0, target: 0)
        #expect(sim.settlingTime == .infinity && !sim.isDone(at: 1e6))
        #expect(abs(sim.position(at: 0.5) - 10) < 1e-9 && abs(sim.position(at: 0.25) + 10) < 1e-9)
        #expect(sim.position(at: .infinity).isFinite)
    }

    @Test("the bounce spring is critically damped and documented")
    func bounce() {
        let spring = SpringDescription.bounce
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        #expect(spring == .criticallyDamped(response: 0.4))
        let back = SpringSimulation(spring: .bounce, position: 100, velocity: 0, target: 0)
        // Within 0.5 of the edge after about 0.47 s, and never past it.
        let t = stride(from: 0.0, through: 2, by: 0.001).first { abs(back.position(at: $0)) < 0.5 }!
        #expect(abs(t - 0.47) < 0.01)
        #expect(stride(from: 0.0, through: 2, by: 0.001).allSatisfy { back.position(at: $0) >= 0 })
    }

    @Test("bad coefficients and inputs are sanitised", arguments: [Double.nan, .infinity, -.infinity, 0, -5])
    func badInput(bad: Double) {
        let spring = SpringDescription(mass: bad, stiffness: bad, damping: bad)
        #expect(spring.mass == 1 && spring.stiffness == 100)
        #expect(spring.damping.isFinite && spring.damping >= 0)
        if bad != 0 { #expect(abs(spring.dampingRatio - 1) < 1e-12) }
        let ratio = SpringDescription(dampingRatio: bad, response: bad)
        #expect(ratio.stiffness.isFinite && ratio.damping.isFinite && ratio.dampingRatio >= 0)
        var mutated = SpringDescription.bounce
        mutated.stiffness = bad
        mutated.damping = bad
        let sims = [
            SpringSimulation(spring: mutated, position: 10, velocity: 0, target: 0),
            SpringSimulation(spring: .bounce, position: bad, velocity: 10, target: 5),
            SpringSimulation(spring: .bounce, position: 10, velocity: bad, target: 5),
            SpringSimulation(spring: .bounce, position: 10, velocity: 10, target: bad),
        ]
        for sim in sims {
            for t in [0, 0.1, 1, 100, Double.nan, .infinity, -.infinity] {
                #expect(sim.position(at: t).isFinite && sim.velocity(at: t).isFinite)
            }
        }
        if !bad.isFinite {
            #expect(sims[1].position(at: 0) == 5)
            #expect(sims[2].velocity(at: 0) == 0)
            #expect(sims[3].target == 10)
        }
    }
}
