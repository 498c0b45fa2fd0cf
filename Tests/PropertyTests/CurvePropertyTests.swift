import Motion
import PropertyBased
import Testing

/// Progress values outside 0...1 that must be clamped, and NaN (which counts as 0).
let outsideProgress: [Double] = [-.infinity, -1e300, -1, -1e-300, -.leastNonzeroMagnitude, 1 + 1e-15, 1.5, 1e300, .infinity]

/// The property every timing curve has: finite on 0...1, exactly 0 at 0 and 1 at 1, and inputs outside
/// 0...1 (±infinity too) give the value at the nearest end; NaN gives the value at 0.
func expectCurveContract(_ curve: TimingCurve, at x: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let value = curve.value(at: x)
    #expect(value.isFinite, "\(curve) at \(x)", sourceLocation: sourceLocation)
    #expect(curve.derivative(at: x).isFinite, "\(curve)' at \(x)", sourceLocation: sourceLocation)
    #expect(curve(x) == value, sourceLocation: sourceLocation)
    #expect(curve.value(at: 0) == 0 && curve.value(at: -0.0) == 0, "\(curve) at 0", sourceLocation: sourceLocation)
    #expect(curve.value(at: 1) == 1, "\(curve) at 1", sourceLocation: sourceLocation)
    #expect(curve.value(at: .nan) == 0, "\(curve) at NaN", sourceLocation: sourceLocation)
    for outside in outsideProgress {
        #expect(curve.value(at: outside) == (outside < 0 ? 0 : 1), "\(curve) at \(outside)", sourceLocation: sourceLocation)
        #expect(curve.derivative(at: outside).isFinite, sourceLocation: sourceLocation)
    }
}

@Suite("Timing curve properties")
struct CurvePropertyTests {
    @Test("every named curve is finite on 0...1, exact at the ends, clamped outside")
    func namedCurves() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(TimingCurve.allNamed.count - 1)), Gen.double(in: 0...1)) { index, x in
            expectCurveContract(TimingCurve.allNamed[index], at: x)
        }
        // And at the extreme interior points, for each curve.
        for curve in TimingCurve.allNamed {
            for x in [Double.leastNonzeroMagnitude, 1e-300, 1e-9, 0.5, 1 - 1e-9, 1.0.nextDown] {
                expectCurveContract(curve, at: x)
            }
        }
    }

    /// A cubic Bézier lies in the convex hull of its control points: y between min(0, y1, y2) and max(1, y1, y2).
    @Test("random cubic Béziers (x1, x2 in 0...1) are finite, exact at the ends, clamped, inside their hull")
    func beziers() async {
        let x = Gen.double(in: 0...1)
        let y = Gen.double(in: -3...3)
        await propertyCheck(count: 400, input: zip(x, y, x, y), Gen.double(in: 0...1)) { controls, progress in
            let (x1, y1, x2, y2) = controls
            let curve = TimingCurve.cubicBezier(x1, y1, x2, y2)
            expectCurveContract(curve, at: progress)
            let value = curve.value(at: progress)
            #expect(value >= min(0, y1, y2) - 1e-9 && value <= max(1, y1, y2) + 1e-9, "\(curve) at \(progress): \(value)")
        }
    }

    @Test("random and out-of-range control points are sanitised, never NaN")
    func hostileBeziers() async {
        let specials: [Double] = [.nan, .infinity, -.infinity, -5, 7, 1e300, -1e300, 0, 1]
        let any = Gens.mixed(Gen.double(in: -10...10), specials: specials, percent: 40)
        await propertyCheck(count: 300, input: zip(any, any, any, any), Gen.double(in: 0...1)) { c, progress in
            expectCurveContract(TimingCurve.cubicBezier(c.0, c.1, c.2, c.3), at: progress)
        }
    }

    @Test("random springs (any ratio and response, NaN and out of range too) are finite, exact at the ends, clamped")
    func springs() async {
        let ratio = Gens.mixed(Gen.double(in: 0.05...20), specials: [.nan, .infinity, -1, 0, 1e-9, 1e6], percent: 15)
        let response = Gens.mixed(Gen.double(in: 0.01...5), specials: [.nan, .infinity, -1, 0, 1e-12, 1e9], percent: 15)
        await propertyCheck(count: 300, input: ratio, response, Gen.double(in: 0...1)) { ratio, response, progress in
            let curve = TimingCurve.spring(dampingRatio: ratio, response: response)
            expectCurveContract(curve, at: progress)
            let duration = try #require(curve.naturalDuration)
            #expect(duration.isFinite && duration > 0, "\(curve): \(duration)")
        }
    }

    @Test("a timed simulation along any curve is finite at any time and exactly at its end from its duration on")
    func timedSimulations() async {
        let position = Gens.mixed(Gen.double(in: -1e6...1e6), specials: [.nan, .infinity, -.infinity, 0], percent: 10)
        let duration = Gens.mixed(Gen.double(in: 0.001...5), specials: [0, -1, .nan, .infinity], percent: 20)
        let time = Gens.mixed(Gen.double(in: -1...6), specials: [.nan, .infinity, -.infinity], percent: 10)
        await propertyCheck(count: 300, input: zip(position, position), duration, Gen.int(in: 0...(TimingCurve.allNamed.count - 1)), time) {
            ends, duration, index, t in
            let sim = TimedSimulation(from: ends.0, to: ends.1, duration: duration, curve: TimingCurve.allNamed[index])
            #expect(sim.position(at: t).isFinite && sim.velocity(at: t).isFinite)
            #expect(sim.to.isFinite && sim.from.isFinite)
            #expect(sim.position(at: sim.duration) == sim.to)
            #expect(sim.position(at: .infinity) == sim.to && sim.isDone(at: sim.duration))
            if t >= sim.duration { #expect(sim.position(at: t) == sim.to) }
        }
    }
}

@Suite("Landing properties")
struct LandingPropertyTests {
    /// `landingSimulation` (every release with snapping goes through it): from any state it rests exactly on
    /// the target, never crosses to the target's far side, stays finite, and settles within 10.4 s
    /// (a decay through the target at the slowest accepted rate, 0.999/ms, from the 8000 pt/s maximum).
    @Test("landings rest exactly on the target without crossing it, within 10.4 s")
    func landings() async {
        let position = Gen.double(in: -1e5...1e5)
        let velocity = Gen.double(in: -8000...8000)
        await propertyCheck(count: 300, input: position, velocity, Gen.double(in: -1e5...1e5), Gen.double(in: 0...1)) { x0, v0, target, u in
            guard x0 != target else { return }
            let sim = landingSimulation(position: x0, velocity: v0, target: target)
            let settle = 10.4
            #expect(sim.isDone(at: settle), "\(x0), \(v0) → \(target)")
            #expect(sim.position(at: settle) == target && sim.velocity(at: settle) == 0)
            // The hand-over is continuous (to rounding: the springs compute v(0) as b − ω a with b = v₀ + ω a).
            if !sim.isDone(at: 0) {
                let scale: Double = 1 + abs(v0) + 100 * abs(x0 - target)
                let error: Double = abs(sim.velocity(at: 0) - v0)
                #expect(error <= 1e-9 * scale)
            }
            let t = u * settle
            let p = sim.position(at: t)
            #expect(p.isFinite && sim.velocity(at: t).isFinite)
            // Same side of the target as the start (or on it).
            let side: Double = x0 > target ? 1 : -1
            #expect((p - target) * side >= -1e-6, "\(x0), \(v0) → \(target) at \(t): \(p)")
        }
    }
}
