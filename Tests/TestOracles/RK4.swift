// RK4: fourth-order Runge–Kutta integrations of the ODEs behind the motions (a damped spring, UIKit's
// per-millisecond deceleration), the independent oracles the closed forms in Motion and the scroll views'
// landings are tested against.

import Foundation

/// Numerical integrations, written from the differential equations alone (never from the closed forms
/// the code uses).
public enum RK4 {
    /// m x″ = −k (x − target) − c x′, from (x0, v0), step `dt`. Returns (position, velocity) at each of
    /// `times` (ascending).
    public static func spring(mass m: Double, stiffness k: Double, damping c: Double,
                              x0: Double, v0: Double, target: Double,
                              dt: Double, times: [Double]) -> [(x: Double, v: Double)] {
        integrate(x0: x0, v0: v0, dt: dt, times: times) { x, v in (-k * (x - target) - c * v) / m }
    }

    /// x′ = v, v′ = 1000 ln(r) v: the velocity keeps the fraction `r` of itself each millisecond (UIKit's
    /// `decelerationRate`), from (x0, v0), step `dt`. Returns (position, velocity) at each of `times`
    /// (ascending).
    public static func decay(rate r: Double, x0: Double, v0: Double, dt: Double,
                             times: [Double]) -> [(x: Double, v: Double)] {
        let k = 1000 * log(r)
        return integrate(x0: x0, v0: v0, dt: dt, times: times) { _, v in k * v }
    }

    /// Where a deceleration at rate `r` per millisecond from (x0, v0) comes to rest: the decay ODE
    /// integrated in 1 ms steps until the velocity has fallen below 10⁻¹³ of its start.
    public static func decayRest(rate r: Double, x0: Double, v0: Double) -> Double {
        let k = 1000 * log(r)
        guard k < 0, v0 != 0 else { return x0 }
        // e^(k t) < 1e-13 when t > ln(1e-13) / k; whole seconds, 1 ms steps.
        let seconds = (log(1e-13) / k).rounded(.up)
        return integrate(x0: x0, v0: v0, dt: 1e-3, times: [seconds]) { _, v in k * v }[0].x
    }

    /// The velocity a deceleration at rate `r` per millisecond from (x0, v0) has on reaching `position`
    /// (integrated in 0.1 ms steps, interpolated between the two steps around it); nil if it never gets there.
    public static func decayVelocity(rate r: Double, x0: Double, v0: Double, reaching position: Double) -> Double? {
        let k = 1000 * log(r)
        let sign: Double = v0 < 0 ? -1 : 1
        var state = (x: x0, v: v0)
        for _ in 0..<600_000 {
            if sign * (state.x - position) >= 0 { return state.v }
            let next = integrate(x0: state.x, v0: state.v, dt: 1e-4, times: [1e-4]) { _, v in k * v }[0]
            if sign * (next.x - position) >= 0 {
                let f = (position - state.x) / (next.x - state.x)
                return state.v + f * (next.v - state.v)
            }
            state = next
        }
        return nil
    }

    /// The classic RK4 step for x′ = v, v′ = a(x, v), `dt` at most, landing exactly on each of `times`.
    static func integrate(x0: Double, v0: Double, dt: Double, times: [Double],
                          acceleration a: (Double, Double) -> Double) -> [(x: Double, v: Double)] {
        var x = x0, v = v0, t = 0.0
        var out: [(x: Double, v: Double)] = []
        for until in times {
            while t < until - 1e-12 {
                let h = min(dt, until - t)
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
            }
            out.append((x, v))
        }
        return out
    }
}
