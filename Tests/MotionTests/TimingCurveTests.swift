import Foundation
import Testing
import TestOracles
@testable import Motion

/// Interior points at which every curve is checked against its reference formula.
private let interior: [Double] = [0.01, 0.1, 0.2, 0.25, 0.3, 0.37, 0.45, 0.5, 0.55, 0.63, 0.7, 0.75, 0.8, 0.9, 0.99]

/// Every curve kind that has endpoints to check: the named ones, aliases, parameterised ones.
private let everyCurve: [TimingCurve] = TimingCurve.allNamed + [
    .cubicBezier(0.68, -0.55, 0.265, 1.55),   // easings.net's easeInOutBack as a Bézier: overshoots both ends
    .cubicBezier(0, 0, 0, 0),
    .cubicBezier(1, 1, 0, 0),
    .spring(dampingRatio: 0.3, response: 0.5),
    .spring(dampingRatio: 1, response: 0.4),
    .spring(dampingRatio: 2, response: 1),
]

@Suite struct TimingCurveTests {
    @Test("every curve is exactly 0 at 0 and exactly 1 at 1", arguments: everyCurve)
    func endpoints(curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve(0) == 0 && curve(1) == 1)
    }

    @Test("inputs outside 0...1 are clamped; NaN is 0", arguments: everyCurve)
    func clamping(curve: TimingCurve) {
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: -.infinity) == 0)
        #expect(curve.value(at: 1.5) == 1)
        #expect(curve.value(at: .infinity) == 1)
        #expect(curve.value(at: .nan) == 0)
        #expect(curve.derivative(at: .nan).isFinite)
    }

    @Test("every named curve has an independent reference formula")
    func referenceTableCoversAllNamed() {
        #expect(Set(TimingCurve.allNamed.map(\.name)) == Set(Reference.curves.keys))
        #expect(TimingCurve.allNamed.count == 37)
        #expect(Set(TimingCurve.allNamed).count == 37)
    }

    @Test("interior values match the published formulas", arguments: TimingCurve.allNamed)
    func interiorValues(curve: TimingCurve) throws {
        let reference = try #require(Reference.curves[curve.name])
        // Béziers are solved to 1e-7 in x; the Penner equations agree to rounding.
        let tolerance = isBezier(curve) ? 1e-6 : 1e-12
        for x in interior {
            let expected = reference(x)
            #expect(abs(curve.value(at: x) - expected) <= tolerance,
                    "\(curve.name) at \(x): \(curve.value(at: x)) vs \(expected)")
        }
    }

    @Test("well-known values: Penner constants show where expected")
    func landmarkValues() {
        // easeInBack dips to its minimum −0.1 (s = 1.70158 is chosen for a 10 % overshoot).
        let minimum = stride(from: 0.0, through: 1.0, by: 0.0005).map { TimingCurve.easeInBack($0) }.min()!
        #expect(abs(minimum - -0.1) < 1e-4)
        #expect(abs(TimingCurve.easeOutBack(0.5) - 1.0876975) < 1e-6)
        #expect(TimingCurve.easeOutCubic(0.5) == 0.875)
        #expect(TimingCurve.smoothstep(0.5) == 0.5)
        // Bounce: the first parabola reaches 1 at 1/2.75.
        #expect(abs(TimingCurve.easeOutBounce(1 / 2.75) - 1) < 1e-12)
        // Expo jumps by 2^-10 just after 0: the explicit endpoint matters.
        #expect(abs(TimingCurve.easeInExpo(1e-12) - pow(2, -10)) < 1e-9)
        #expect(TimingCurve.easeInExpo(0) == 0)
        // Elastic overshoots 1 (amplitude 1, period 0.3).
        #expect(TimingCurve.easeOutElastic(0.1) > 1.2)
    }

    @Test("CSS presets", arguments: [
        (TimingCurve.ease, 0.25, 0.1, 0.25, 1.0),
        (.easeIn, 0.42, 0, 1, 1),
        (.easeOut, 0, 0, 0.58, 1),
        (.easeInOut, 0.42, 0, 0.58, 1),
        (.default, 0.25, 0.1, 0.25, 1),
    ])
    func presets(curve: TimingCurve, x1: Double, y1: Double, x2: Double, y2: Double) {
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            #expect(abs(curve(x) - Reference.bezier(x1, y1, x2, y2, x)) < 1e-6)
        }
    }

    @Test("ease at 0.5 is 0.8024; ease-in-out is symmetric")
    func easeHalf() {
        #expect(abs(TimingCurve.ease(0.5) - 0.8024033877) < 1e-6)
        #expect(abs(TimingCurve.default(0.5) - 0.8024033877) < 1e-6)
        #expect(abs(TimingCurve.easeInOut(0.5) - 0.5) < 1e-7)
        for x in [0.1, 0.2, 0.3, 0.4] {
            #expect(abs(TimingCurve.easeInOut(x) + TimingCurve.easeInOut(1 - x) - 1) < 1e-6)
        }
    }

    @Test("cubic-bezier solve is within 1e-7 in x", arguments: [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.68, -0.55, 0.265, 1.55),
        (1, 0, 0, 1), (0, 1, 1, 0), (0.9, 0.1, 1, 0), (0, 0, 0, 1), (1, 0, 1, 1),
    ])
    func bezierPrecision(x1: Double, y1: Double, x2: Double, y2: Double) {
        let bezier = CubicBezier(x1, y1, x2, y2)
        for x in stride(from: 0.0, through: 1.0, by: 0.001) {
            let t = bezier.parameter(forX: x)
            #expect(t >= 0 && t <= 1)
            #expect(abs(bezier.x(t) - x) <= 1e-7, "x1=\(x1) x2=\(x2) at \(x)")
        }
    }

    @Test("cubicBezier sanitises its control points")
    func bezierSanitising() {
        #expect(TimingCurve.cubicBezier(-1, 0, 2, 1) == .cubicBezier(0, 0, 1, 1))
        let broken = TimingCurve.cubicBezier(.nan, 0, .infinity, 1)
        #expect(broken.name == "cubic-bezier(0,0,1,1)")
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(broken(x) - x) < 1e-6)
        }
    }

    @Test("overshooting curves leave 0...1, the others stay inside", arguments: TimingCurve.allNamed)
    func overshoot(curve: TimingCurve) {
        let values = stride(from: 0.0, through: 1.0, by: 0.001).map { curve($0) }
        let leaves = values.contains { $0 < -1e-12 || $0 > 1 + 1e-12 }
        let mayOvershoot = curve.name.hasSuffix("Back") || curve.name.hasSuffix("Elastic")
        #expect(leaves == mayOvershoot, "\(curve.name)")
    }

    @Test("derivative matches the slope of the reference", arguments: TimingCurve.allNamed)
    func derivative(curve: TimingCurve) throws {
        let reference = try #require(Reference.curves[curve.name])
        for x in [0.2, 0.33, 0.61, 0.8] {
            let h = 1e-5
            let slope = (reference(x + h) - reference(x - h)) / (2 * h)
            #expect(abs(curve.derivative(at: x) - slope) < 1e-3 * max(1, abs(slope)), "\(curve.name) at \(x)")
        }
    }

    // MARK: Spring curve

    @Test("spring curve follows the spring ODE (RK4), normalised to end at 1", arguments: [
        (0.3, 0.5), (0.7, 0.4), (1.0, 0.3), (1.8, 1.0),
    ])
    func springCurve(ratio: Double, response: Double) throws {
        let curve = TimingCurve.spring(dampingRatio: ratio, response: response)
        let duration = try #require(curve.naturalDuration)
        #expect(duration > 0 && duration < 60)
        let omega = 2 * Double.pi / response
        let progress = stride(from: 0.0, through: 1.0, by: 0.05).map { $0 }
        let states = RK4.spring(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega,
                                         x0: 0, v0: 0, target: 1, dt: 1e-4,
                                         times: progress.map { $0 * duration })
        let end = states.last!.x
        #expect(abs(end - 1) <= 1e-3 * (1 + 1e-9))   // settled within the documented 1e-3
        for (p, state) in zip(progress, states) where p > 0 && p < 1 {
            let expected = state.x + p * (1 - end)
            #expect(abs(curve(p) - expected) < 1e-6, "ratio \(ratio) at \(p)")
        }
        if ratio < 1 {
            #expect(progress.contains { curve($0) > 1.001 })
        } else {
            #expect(!progress.contains { curve($0) > 1 + 1e-9 })
        }
    }

    @Test("the response sets the natural duration, not the shape")
    func springResponse() throws {
        let a = TimingCurve.spring(dampingRatio: 0.6, response: 0.3)
        let b = TimingCurve.spring(dampingRatio: 0.6, response: 0.9)
        let da = try #require(a.naturalDuration), db = try #require(b.naturalDuration)
        #expect(abs(db / da - 3) < 1e-6)
        for p in stride(from: 0.0, through: 1.0, by: 0.1) { #expect(abs(a(p) - b(p)) < 1e-9) }
        #expect(TimingCurve.linear.naturalDuration == nil)
    }

    @Test("spring curve sanitises its parameters", arguments: [Double.nan, .infinity, -.infinity, 0, -1])
    func springSanitising(bad: Double) {
        for curve in [TimingCurve.spring(dampingRatio: bad, response: 0.5), .spring(dampingRatio: 0.5, response: bad)] {
            #expect(curve.naturalDuration.map { $0.isFinite && $0 > 0 } == true)
            for p in stride(from: 0.0, through: 1.0, by: 0.05) { #expect(curve(p).isFinite) }
            #expect(curve(1) == 1)
        }
    }

    private func isBezier(_ curve: TimingCurve) -> Bool {
        if case .bezier = curve.kind { return true }
        return false
    }
}
