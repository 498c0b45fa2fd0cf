import Foundation
import Testing
import TestOracles
@testable import Motion

/// Flings and where each comes to rest, x₀ − v₀ / (1000 ln r), worked out to 17 digits with mpmath
/// (0.2 pt/s is below the 0.25 pt/s rest speed: it rests where it starts).
private let flings: [(x0: Double, v0: Double, rate: Double, rest: Double)] = [
    (0, 2000, 0.998, 998.99966633291051), (0, -2000, 0.998, -998.99966633291051),
    (150, 800, 0.99, 229.59932997873774), (-40, -5000, 0.99, -537.49581236711086),
    (12.5, 300, 0.995, 72.349874686506888), (1000, -7999, 0.998, -2995.4991654984756),
    (0, 0.2, 0.998, 0), (3, 8000, 0.9, 78.929772648239224),
]

@Suite struct DecaySimulationTests {
    @Test("rest point is the projection x0 − v0 / (1000 ln r)", arguments: flings)
    func restPoint(x0: Double, v0: Double, rate: Double, rest: Double) {
        let fling = DecaySimulation(position: x0, velocity: v0, rate: DecelerationRate(rate))
        #expect(abs(fling.restPosition - rest) <= 1e-9 * max(1, abs(rest)))
        #expect(abs(DecaySimulation.restPosition(position: x0, velocity: v0, rate: DecelerationRate(rate)) - rest)
                <= 1e-9 * max(1, abs(rest)))
        #expect(fling.position(at: 1000) == fling.restPosition)
        #expect(fling.position(at: .infinity) == fling.restPosition)
        #expect(fling.velocity(at: 1000) == 0)
    }

    @Test("at the normal rate a fling coasts about 0.5 s × its velocity")
    func halfSecondRule() {
        let fling = DecaySimulation(position: 0, velocity: 1000)
        #expect(abs(fling.restPosition - 499.5) < 0.1)
        #expect(DecelerationRate.normal.perMillisecond == 0.998 && DecelerationRate.fast.perMillisecond == 0.99)
    }

    @Test("follows a numerical integration of v′ = 1000 ln(r) v (velocity × r each millisecond)", arguments: flings)
    func matchesIntegration(x0: Double, v0: Double, rate: Double, rest: Double) {
        let fling = DecaySimulation(position: x0, velocity: v0, rate: DecelerationRate(rate))
        let times = (0..<37).map { Double($0) / 37 * fling.settlingTime }.filter { $0 < fling.settlingTime }
        let reference = RK4.decay(rate: rate, x0: x0, v0: v0, dt: 1e-5, times: times)
        for (t, state) in zip(times, reference) {
            #expect(abs(fling.position(at: t) - state.x) <= 1e-7 * max(1, abs(state.x)), "t = \(t)")
            #expect(abs(fling.velocity(at: t) - state.v) <= 1e-7 * max(1, abs(v0)), "t = \(t)")
        }
        // Whole milliseconds: exactly r per millisecond.
        if abs(v0) >= DecaySimulation.restSpeedThreshold {
            var v = v0
            for ms in 1...50 {
                v *= rate
                #expect(abs(fling.velocity(at: Double(ms) / 1000) - v) <= 1e-9 * abs(v0), "\(ms) ms")
            }
        }
        #expect(fling.velocity(at: 0) == (abs(v0) < DecaySimulation.restSpeedThreshold ? 0 : v0))
    }

    @Test("done once the speed drops below the threshold; the step to rest is tiny", arguments: flings)
    func done(x0: Double, v0: Double, rate: Double, rest: Double) {
        let fling = DecaySimulation(position: x0, velocity: v0, rate: DecelerationRate(rate))
        let threshold = DecaySimulation.restSpeedThreshold
        let end = fling.settlingTime
        if abs(v0) < threshold {
            #expect(end == 0 && fling.isDone(at: 0) && fling.position(at: 0) == x0 && fling.restPosition == x0)
            return
        }
        #expect(!fling.isDone(at: end * 0.999) && fling.isDone(at: end))
        #expect(abs(fling.velocity(at: end * 0.999)) >= threshold)
        // Just before the end it is within the distance a fling at the threshold speed coasts (integrated).
        let step = abs(fling.restPosition - fling.position(at: end.nextDown))
        #expect(step <= abs(RK4.decayRest(rate: rate, x0: 0, v0: threshold)) * 1.0001)
    }

    @Test("time(toReach:) inverts the position", arguments: flings)
    func timeToReach(x0: Double, v0: Double, rate: Double, rest: Double) throws {
        let fling = DecaySimulation(position: x0, velocity: v0, rate: DecelerationRate(rate))
        #expect(fling.time(toReach: x0) == 0)
        guard fling.restPosition != x0 else { return }
        for fraction in [0.1, 0.5, 0.9, 0.99] {
            let target = x0 + (fling.restPosition - x0) * fraction
            let t = try #require(fling.time(toReach: target))
            if t < fling.settlingTime {
                #expect(abs(fling.position(at: t) - target) <= 1e-9 * max(1, abs(target)))
            } else {
                // In the last sub-threshold step: reached when it snaps to rest.
                let coast = RK4.decayRest(rate: rate, x0: 0, v0: DecaySimulation.restSpeedThreshold)
                #expect(abs(fling.restPosition - target) <= abs(coast) * 1.0001)
            }
        }
        #expect(fling.time(toReach: fling.restPosition) == fling.settlingTime)
        let behind = x0 - (fling.restPosition - x0)
        #expect(fling.time(toReach: behind) == nil)
        let beyond = x0 + (fling.restPosition - x0) * 1.5
        #expect(fling.time(toReach: beyond) == nil)
        #expect(fling.time(toReach: .nan) == nil)
    }

    @Test("rates out of range become normal", arguments: [0, 1, -0.5, 1.5, Double.nan, .infinity])
    func badRate(rate: Double) {
        #expect(DecelerationRate(rate) == .normal)
        var custom = DecelerationRate.fast
        custom.perMillisecond = rate
        let fling = DecaySimulation(position: 0, velocity: 1000, rate: custom)
        #expect(fling.restPosition == DecaySimulation(position: 0, velocity: 1000).restPosition)
    }

    @Test("NaN and infinite positions and velocities rest", arguments: [Double.nan, .infinity, -.infinity])
    func badInput(bad: Double) {
        let noPosition = DecaySimulation(position: bad, velocity: 500)
        #expect(noPosition.startPosition == 0 && noPosition.restPosition.isFinite)
        let noVelocity = DecaySimulation(position: 30, velocity: bad)
        #expect(noVelocity.restPosition == 30 && noVelocity.isDone(at: 0) && noVelocity.velocity(at: 0) == 0)
        for t in [Double.nan, .infinity, -.infinity, -1] {
            let fling = DecaySimulation(position: 0, velocity: 500)
            #expect(fling.position(at: t).isFinite && fling.velocity(at: t).isFinite)
        }
        #expect(DecaySimulation(position: 0, velocity: 500).position(at: .nan) == 0)
        #expect(DecaySimulation(position: 0, velocity: .greatestFiniteMagnitude).restPosition.isFinite)
    }
}

/// Cases a snap could ask for: (x0, v0, target) reachable by a decay at a sane rate.
private let reachable: [(x0: Double, v0: Double, target: Double)] = [
    (0, 2000, 1000), (0, 2000, 700), (0, 2000, 1800), (500, -3000, -900), (0, 300, 100), (10, 40, 30),
    (0, 1000, 300), (0, 1000, 998),
]

@Suite struct DecayThroughTests {
    @Test("lands exactly on the target with continuous velocity", arguments: reachable)
    func lands(x0: Double, v0: Double, target: Double) throws {
        let decay = try #require(DecaySimulation.through(position: x0, velocity: v0, target: target))
        #expect(decay.restPosition == target)
        #expect(decay.velocity(at: 0) == v0)
        #expect(decay.position(at: 0) == x0)
        #expect(decay.position(at: decay.settlingTime) == target)
        #expect(decay.position(at: 100) == target)
        #expect(decay.settlingTime < 15)
        // Slides straight there: monotone, never past the target, no linear tail.
        var previous = x0
        let direction = (target - x0).sign == .minus ? -1.0 : 1.0
        for t in stride(from: 0.0, through: decay.settlingTime + 0.1, by: 1.0 / 240) {
            let x = decay.position(at: t)
            #expect((x - previous) * direction >= 0)
            #expect((target - x) * direction >= 0)
            previous = x
        }
        // The rate stays in the sane range.
        #expect(DecaySimulation.throughRates.contains(decay.rate.perMillisecond))
    }

    @Test("the solved rate reproduces UIKit's rate for a natural projection", arguments: [0.99, 0.998])
    func matchesNatural(rate: Double) throws {
        let natural = DecaySimulation(position: 20, velocity: 1500, rate: DecelerationRate(rate))
        let through = try #require(DecaySimulation.through(position: 20, velocity: 1500, target: natural.restPosition))
        #expect(abs(through.rate.perMillisecond - rate) < 1e-12)
        for t in [0.05, 0.2, 0.8] {
            #expect(abs(through.position(at: t) - natural.position(at: t)) < 1e-9)
        }
    }

    @Test("nil when the target is behind, at the start, unreachable or the speed is ~0", arguments: [
        (0.0, 1000.0, -50.0),      // behind the motion
        (0, -1000, 50),            // behind the motion
        (0, 1000, 0),              // at the start
        (0, 0, 100),               // no velocity
        (0, 0.1, 100),             // below the rest speed
        (0, 100, 5000),            // would need r > 0.999: a coast of minutes
        (0, 5000, 2),              // would need r < 0.9: harder than any brake
        (Double.nan, 100, 50), (0, .infinity, 50), (0, 100, .nan),
    ])
    func unreachable(x0: Double, v0: Double, target: Double) {
        #expect(DecaySimulation.through(position: x0, velocity: v0, target: target) == nil)
    }
}

/// Landing cases: reachable by a decay, behind the motion, too far, too close, at rest, moving away.
private let landings: [(x0: Double, v0: Double, target: Double)] = reachable + [
    (0, 1000, -200), (0, -1000, 300), (0, 100, 5000), (0, 5000, 2), (0, 0, 100), (50, 0, 0),
    (0, 800, 0), (-30, 0, -30), (0, 2, 400), (100, -6000, 99),
]

@Suite struct LandingTests {
    @Test("lands exactly on the target, continuous velocity, no overshoot", arguments: landings)
    func lands(x0: Double, v0: Double, target: Double) {
        let landing = landingSimulation(position: x0, velocity: v0, target: target)
        #expect(landing.position(at: 0) == x0)
        #expect(abs(landing.velocity(at: 0) - v0) <= 1e-9 * max(1, abs(v0)))
        // Comes to rest exactly on the target, in reasonable time.
        var settled: Double?
        for t in stride(from: 0.0, through: 20, by: 1.0 / 120) where landing.isDone(at: t) {
            settled = t
            break
        }
        #expect(settled != nil && settled! < 15)
        if let settled {
            #expect(landing.position(at: settled) == target)
            #expect(landing.velocity(at: settled) == 0)
        }
        // Never passes the target (from the side it started on).
        let side = x0 - target
        for t in stride(from: 0.0, through: settled ?? 20, by: 1.0 / 480) {
            let x = landing.position(at: t)
            if side > 0 { #expect(x - target >= -1e-9) }
            if side < 0 { #expect(x - target <= 1e-9) }
        }
    }

    @Test("uses the decay when one exists, otherwise a critically damped spring")
    func choice() throws {
        #expect(landingSimulation(position: 0, velocity: 2000, target: 900) is DecaySimulation)
        let behind = try #require(landingSimulation(position: 0, velocity: 1000, target: -200) as? SpringSimulation)
        #expect(abs(behind.spring.dampingRatio - 1) < 1e-9)
        #expect(behind.spring == .bounce)
        let tooClose = try #require(landingSimulation(position: 0, velocity: 5000, target: 2) as? SpringSimulation)
        #expect(abs(tooClose.spring.dampingRatio - 1) < 1e-9)
        #expect(tooClose.spring.angularFrequency >= 2500 * 0.999)
    }

    @Test("NaN and infinite inputs rest", arguments: [Double.nan, .infinity, -.infinity])
    func badInput(bad: Double) {
        let cases = [
            landingSimulation(position: bad, velocity: 100, target: 50),
            landingSimulation(position: 0, velocity: bad, target: 50),
            landingSimulation(position: 10, velocity: 100, target: bad),
            landingSimulation(position: bad, velocity: bad, target: bad),
        ]
        for landing in cases {
            for t in stride(from: 0.0, through: 3, by: 0.1) {
                #expect(landing.position(at: t).isFinite && landing.velocity(at: t).isFinite)
            }
        }
        #expect(cases[0].position(at: 0) == 50)
        #expect(cases[2].position(at: 5) == 10)
        #expect(cases[3].position(at: 0) == 0 && cases[3].isDone(at: 0))
    }
}
