// SpringDescription (mass, stiffness, damping, or a damping ratio and response) and SpringSimulation, a damped
// spring solved in closed form for its three regimes, with its settling time.

import Foundation

/// The physical description of a damped spring: mass, stiffness and damping.
///
/// Either give the three coefficients, or (SwiftUI style) a damping ratio and a response: the period
/// in seconds of the undamped oscillation, with mass 1.
///
/// ```swift
/// let snappy = SpringDescription(dampingRatio: 0.8, response: 0.4)
/// let edge = SpringDescription.bounce          // critically damped, response 0.4 s
/// ```
///
/// ## Bad input
/// Sanitised, never thrown: a mass or stiffness that is NaN, infinite, zero or negative becomes 1 or
/// 100 respectively; a damping that is NaN, infinite or negative becomes critical damping
/// (2√(stiffness · mass)). In `init(dampingRatio:response:)` a NaN, infinite or negative ratio becomes 1
/// and a response that is not a positive finite number becomes 0.5 s. The properties are plain `var`s;
/// `SpringSimulation` applies the same rules again to whatever it is given.
public struct SpringDescription: Sendable, Hashable {
    /// The mass (> 0).
    public var mass: Double
    /// The spring constant k (> 0), force per unit of displacement.
    public var stiffness: Double
    /// The damping coefficient c (≥ 0), force per unit of velocity.
    public var damping: Double

    /// A spring from its coefficients (sanitised as described under "Bad input").
    public init(mass: Double, stiffness: Double, damping: Double) {
        let m = (mass.isFinite && mass > 0) ? mass : 1
        let k = (stiffness.isFinite && stiffness > 0) ? stiffness : 100
        let c = (damping.isFinite && damping >= 0) ? damping : 2 * (k * m).squareRoot()
        self.mass = m
        self.stiffness = k
        self.damping = c
    }

    /// A spring of mass 1 from its damping ratio (1 = critical, < 1 bounces) and its response, the
    /// period of the undamped oscillation in seconds: stiffness (2π / response)², damping
    /// 4π · ratio / response.
    public init(dampingRatio: Double, response: Double) {
        let ratio = (dampingRatio.isFinite && dampingRatio >= 0) ? dampingRatio : 1
        let period = (response.isFinite && response > 0) ? response : 0.5
        let omega = 2 * Double.pi / period
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
    }

    /// The damping ratio ζ = damping / (2√(stiffness · mass)): < 1 under-, 1 critically, > 1 over-damped.
    public var dampingRatio: Double {
        let s = sanitized
        return s.damping / (2 * (s.stiffness * s.mass).squareRoot())
    }

    /// The undamped angular frequency ω₀ = √(stiffness / mass), in radians per second.
    public var angularFrequency: Double {
        let s = sanitized
        return (s.stiffness / s.mass).squareRoot()
    }

    /// A critically damped spring (no overshoot) of mass 1 with the given response in seconds.
    public static func criticallyDamped(response: Double) -> SpringDescription {
        SpringDescription(dampingRatio: 1, response: response)
    }

    /// The edge bounce-back spring: critically damped, response 0.4 s (ω₀ ≈ 15.7 rad/s).
    ///
    /// From 100 pt past an edge at rest it is within 0.5 pt of the edge after about 0.47 s.
    public static let bounce = SpringDescription.criticallyDamped(response: 0.4)

    /// The same spring with every coefficient sanitised.
    var sanitized: SpringDescription { SpringDescription(mass: mass, stiffness: stiffness, damping: damping) }
}

/// A damped spring pulling a position towards `target`, solved in closed form.
///
/// With displacement e = x − target, m e'' + c e' + k e = 0 is solved exactly for the three regimes:
/// - under-damped (ζ < 1): e = e^(−ζω₀t) (A cos ω_d t + B sin ω_d t), ω_d = ω₀√(1 − ζ²);
/// - critically damped (|ζ − 1| < 1e-6): e = (A + B t) e^(−ω₀t);
/// - over-damped (ζ > 1): e = c₁ e^(r₁t) + c₂ e^(r₂t), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)).
///
/// It is done from `settlingTime` on: the first time after which an upper bound (the envelope) of
/// |x − target| stays below `tolerance.distance` and of |v| below `tolerance.velocity`. From then on
/// `position(at:)` is exactly `target` and `velocity(at:)` exactly 0 (the step is below the distance
/// tolerance, 0.05 by default). An undamped spring (damping 0) never settles.
///
/// ```swift
/// let back = SpringSimulation(spring: .bounce, position: -40, velocity: -300, target: 0)
/// let y = back.position(at: 0.1)
/// ```
///
/// Complexity: O(1) per sample; the initialiser does a bounded bisection (about 100 steps) for `settlingTime`.
///
/// ## Bad input
/// Sanitised to a resting state, never thrown: a NaN or infinite `position` becomes `target` (or 0 when
/// the target is not finite either), a NaN or infinite `target` becomes `position`, a NaN or infinite
/// `velocity` becomes 0; the spring is sanitised as `SpringDescription` describes. NaN or negative times
/// mean the start, times beyond 10⁹ s are clamped.
public struct SpringSimulation: Simulation, Hashable {
    /// When a spring counts as settled.
    public struct Tolerance: Sendable, Hashable {
        /// Largest |position − target| at rest.
        public var distance: Double
        /// Largest |velocity| at rest (`.infinity` ignores the velocity).
        public var velocity: Double

        /// A tolerance; values that are NaN, zero or negative become those of `.standard`.
        public init(distance: Double, velocity: Double) {
            self.distance = (distance > 0 && !distance.isNaN) ? distance : 0.05
            self.velocity = (velocity > 0 && !velocity.isNaN) ? velocity : 0.25
        }

        /// 0.05 (points) and 0.25 per second: invisible on screen.
        public static let standard = Tolerance(distance: 0.05, velocity: 0.25)
    }

    enum Regime: Sendable, Hashable {
        /// decay α = ζω₀, damped frequency ω_d, e = e^(−αt)(a cos ω_d t + b sin ω_d t)
        case under(alpha: Double, omegaD: Double, a: Double, b: Double)
        /// e = (a + b t) e^(−ωt)
        case critical(omega: Double, a: Double, b: Double)
        /// e = c1 e^(r1 t) + c2 e^(r2 t)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    /// The spring (sanitised).
    public let spring: SpringDescription
    /// The position at time 0.
    public let startPosition: Double
    /// The velocity at time 0, per second.
    public let startVelocity: Double
    /// The rest position the spring pulls towards.
    public let target: Double
    /// The tolerance that decides `settlingTime`.
    public let tolerance: Tolerance
    /// The time in seconds from which the simulation is done (`.infinity` for an undamped spring).
    public let settlingTime: Double

    let regime: Regime

    /// A spring starting at `position` with `velocity` (per second), pulling towards `target`.
    public init(spring: SpringDescription, position: Double, velocity: Double, target: Double,
                tolerance: Tolerance = .standard) {
        let spring = spring.sanitized
        let target1 = target.isFinite ? target : (position.isFinite ? position : 0)
        let x0 = position.isFinite ? position : target1
        let v0 = velocity.isFinite ? velocity : 0
        self.spring = spring
        self.startPosition = x0
        self.startVelocity = v0
        self.target = target1
        self.tolerance = tolerance

        let e0 = x0 - target1
        let omega = spring.angularFrequency
        let zeta = spring.dampingRatio
        let regime: Regime
        if abs(zeta - 1) < 1e-6 {
            regime = .critical(omega: omega, a: e0, b: v0 + omega * e0)
        } else if zeta < 1 {
            let alpha = zeta * omega
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            regime = .under(alpha: alpha, omegaD: omegaD, a: e0, b: (v0 + alpha * e0) / omegaD)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root)   // the slow root
            let r2 = -omega * (zeta + root)   // the fast root
            let c2 = (v0 - r1 * e0) / (r2 - r1)
            regime = .over(r1: r1, r2: r2, c1: e0 - c2, c2: c2)
        }
        self.regime = regime
        self.settlingTime = Self.settlingTime(regime, tolerance)
    }

    /// The position at `time` seconds; exactly `target` from `settlingTime` on.
    public func position(at time: Double) -> Double {
        let t = sanitizedTime(time)
        if t >= settlingTime { return target }
        return target + displacement(at: t)
    }

    /// The velocity at `time` seconds; exactly 0 from `settlingTime` on.
    public func velocity(at time: Double) -> Double {
        let t = sanitizedTime(time)
        if t >= settlingTime { return 0 }
        switch regime {
        case let .under(alpha, omegaD, a, b):
            let envelope = exp(-alpha * t)
            let c = cos(omegaD * t), s = sin(omegaD * t)
            return envelope * ((b * omegaD - alpha * a) * c - (a * omegaD + alpha * b) * s)
        case let .critical(omega, a, b):
            return (b - omega * (a + b * t)) * exp(-omega * t)
        case let .over(r1, r2, c1, c2):
            return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        }
    }

    /// Whether the spring has settled by `time` (`time >= settlingTime`).
    public func isDone(at time: Double) -> Bool {
        sanitizedTime(time) >= settlingTime
    }

    /// The closed-form displacement x − target at `t` (already sanitised), without the settling snap.
    func displacement(at t: Double) -> Double {
        switch regime {
        case let .under(alpha, omegaD, a, b):
            return exp(-alpha * t) * (a * cos(omegaD * t) + b * sin(omegaD * t))
        case let .critical(omega, a, b):
            return (a + b * t) * exp(-omega * t)
        case let .over(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    // MARK: Settling time

    /// The first time after which the envelopes of |e| and |v| stay within the tolerance.
    static func settlingTime(_ regime: Regime, _ tolerance: Tolerance) -> Double {
        switch regime {
        case let .under(alpha, omegaD, a, b):
            let m = (a * a + b * b).squareRoot()
            let n = hypot(b * omegaD - alpha * a, a * omegaD + alpha * b)
            return max(exponentialCrossing(m, alpha, tolerance.distance),
                       exponentialCrossing(n, alpha, tolerance.velocity))
        case let .critical(omega, a, b):
            let ea = abs(a), eb = abs(b)
            let va = abs(b - omega * a), vb = omega * abs(b)
            return max(
                lastCrossing(tolerance.distance, scale: 1 / omega,
                             peak: eb > ea * omega ? 1 / omega - ea / eb : 0) { t in (ea + eb * t) * exp(-omega * t) },
                lastCrossing(tolerance.velocity, scale: 1 / omega,
                             peak: vb > va * omega ? 1 / omega - va / vb : 0) { t in (va + vb * t) * exp(-omega * t) })
        case let .over(r1, r2, c1, c2):
            let scale = -1 / r1
            return max(
                lastCrossing(tolerance.distance, scale: scale, peak: 0) { t in
                    abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
                },
                lastCrossing(tolerance.velocity, scale: scale, peak: 0) { t in
                    abs(c1 * r1) * exp(r1 * t) + abs(c2 * r2) * exp(r2 * t)
                })
        }
    }

    /// The time from which m e^(−αt) ≤ tolerance.
    private static func exponentialCrossing(_ m: Double, _ alpha: Double, _ tolerance: Double) -> Double {
        if !(m > tolerance) { return 0 }           // also: tolerance = .infinity
        if !(alpha > 0) { return .infinity }
        return log(m / tolerance) / alpha
    }

    /// For a bound f that increases up to `peak` and then decreases towards 0: the time from which
    /// f ≤ tolerance. Doubling search from the peak, then bisection.
    private static func lastCrossing(_ tolerance: Double, scale: Double, peak: Double,
                                     _ f: (Double) -> Double) -> Double {
        let start = max(peak, 0)
        if !(f(start) > tolerance) { return 0 }
        var lo = start
        var step = max(scale, Precision.slack)
        var hi = start + step
        var doublings = 0
        while f(hi) > tolerance {
            lo = hi
            step *= 2
            hi = start + step
            doublings += 1
            if doublings > 200 || hi > maximumSimulationTime { return .infinity }
        }
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if f(mid) > tolerance { lo = mid } else { hi = mid }
        }
        return hi
    }
}
