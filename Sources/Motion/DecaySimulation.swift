// DecaySimulation, UIKit's deceleration model for a fling coasting to a stop, with its DecelerationRate; and
// landingSimulation, a motion that comes to rest exactly on a target (a decay through it, else a spring).

import Foundation

/// UIKit's deceleration rate: the fraction of velocity kept per millisecond.
///
/// ```swift
/// let rate = DecelerationRate.normal        // 0.998: a fling coasts about 0.5 s × its velocity
/// ```
///
/// ## Bad input
/// Sanitised: a rate that is NaN, infinite, ≤ 0 or ≥ 1 becomes `.normal` (0.998).
public struct DecelerationRate: Sendable, Hashable {
    /// The velocity kept per millisecond, 0 < r < 1.
    public var perMillisecond: Double

    /// UIKit's `UIScrollView.DecelerationRate.normal`: 0.998.
    public static let normal = DecelerationRate(0.998)
    /// UIKit's `UIScrollView.DecelerationRate.fast`: 0.99.
    public static let fast = DecelerationRate(0.99)

    /// A rate per millisecond; out-of-range or NaN values become 0.998 (`.normal`).
    public init(_ perMillisecond: Double) {
        self.perMillisecond = (perMillisecond > 0 && perMillisecond < 1) ? perMillisecond : 0.998
    }

    /// k = 1000 ln r, the (negative) exponential decay constant per second.
    var decayConstant: Double {
        let r = (perMillisecond > 0 && perMillisecond < 1) ? perMillisecond : 0.998
        return 1000 * log(r)
    }
}

/// A fling coasting to a stop: UIKit's deceleration model.
///
/// x(t) = x₀ + v₀ (r^(1000 t) − 1) / (1000 ln r), v(t) = v₀ r^(1000 t); the rest point is
/// x₀ − v₀ / (1000 ln r), about x₀ + 0.5 s × v₀ at the normal rate.
///
/// It is done once the speed drops below `restSpeedThreshold` (0.25 per second), at `settlingTime`.
/// From then on `position(at:)` is exactly `restPosition` and `velocity(at:)` 0; the remaining step is
/// at most 0.25 / |1000 ln r|: 0.125 pt at the normal rate, 0.025 pt at the fast rate. A start speed
/// already below the threshold counts as 0: the simulation rests where it starts.
///
/// ```swift
/// let fling = DecaySimulation(position: 0, velocity: 2000)
/// fling.restPosition                         // ≈ 999
/// ```
///
/// ## Bad input
/// Sanitised to a resting state, never thrown: a NaN or infinite position becomes 0, a NaN or infinite
/// velocity becomes 0 (done at once), an out-of-range rate is `.normal`. If the rest point would overflow,
/// the velocity is taken as 0. NaN or negative times mean the start; times beyond 10⁹ s are clamped.
public struct DecaySimulation: Simulation, Hashable {
    /// Speed (units per second) below which a decay counts as stopped: 0.25.
    public static let restSpeedThreshold: Double = 0.25

    /// The rates `through(position:velocity:target:)` accepts: 0.9 ... 0.999 per millisecond
    /// (a time constant of 9.5 ms up to 1 s; UIKit's own are 0.99 and 0.998).
    public static let throughRates: ClosedRange<Double> = 0.9...0.999

    /// The position at time 0.
    public let startPosition: Double
    /// The velocity at time 0, per second.
    public let startVelocity: Double
    /// The deceleration rate.
    public let rate: DecelerationRate
    /// Where the motion comes to rest: x₀ − v₀ / (1000 ln r) (x₀ when |v₀| < `restSpeedThreshold`).
    public let restPosition: Double
    /// The time in seconds from which the speed is below `restSpeedThreshold` (0 if it starts below).
    public let settlingTime: Double

    /// k = 1000 ln r (negative).
    let decayConstant: Double

    /// A fling from `position` with `velocity` (units per second), slowing at `rate`.
    public init(position: Double, velocity: Double, rate: DecelerationRate = .normal) {
        let rate = DecelerationRate(rate.perMillisecond)
        let k = rate.decayConstant
        let x0 = position.isFinite ? position : 0
        var v0 = velocity.isFinite ? velocity : 0
        if abs(v0) < Self.restSpeedThreshold { v0 = 0 }
        var rest = x0 - v0 / k
        if !rest.isFinite { v0 = 0; rest = x0 }
        self.init(x0: x0, v0: v0, rate: rate, k: k, rest: rest)
    }

    /// Everything given; `rest` is stored as is, so `through` lands exactly on its target.
    private init(x0: Double, v0: Double, rate: DecelerationRate, k: Double, rest: Double) {
        startPosition = x0
        startVelocity = v0
        self.rate = rate
        decayConstant = k
        restPosition = rest
        let speed = abs(v0)
        settlingTime = speed < Self.restSpeedThreshold ? 0 : log(Self.restSpeedThreshold / speed) / k
    }

    /// Where a fling from `position` with `velocity` comes to rest: x₀ − v₀ / (1000 ln r).
    ///
    /// Non-finite inputs and speeds below `restSpeedThreshold` are treated as in `init(position:velocity:rate:)`.
    public static func restPosition(position: Double, velocity: Double, rate: DecelerationRate = .normal) -> Double {
        DecaySimulation(position: position, velocity: velocity, rate: rate).restPosition
    }

    /// The position at `time` seconds; exactly `restPosition` from `settlingTime` on.
    public func position(at time: Double) -> Double {
        let t = sanitizedTime(time)
        if t >= settlingTime { return restPosition }
        return startPosition + startVelocity * expm1(decayConstant * t) / decayConstant
    }

    /// The velocity at `time` seconds: v₀ r^(1000 t); exactly 0 from `settlingTime` on.
    public func velocity(at time: Double) -> Double {
        let t = sanitizedTime(time)
        if t >= settlingTime { return 0 }
        return startVelocity * exp(decayConstant * t)
    }

    /// Whether the speed has dropped below `restSpeedThreshold` by `time`.
    public func isDone(at time: Double) -> Bool {
        sanitizedTime(time) >= settlingTime
    }

    /// The first time the motion reaches `position`, or nil if it never does.
    ///
    /// 0 for the start position. A position between where the closed form is at `settlingTime` and
    /// `restPosition` (a step below 0.125 pt at the normal rate) is reached at `settlingTime`.
    /// Positions behind the start or beyond the rest point, and NaN, give nil.
    public func time(toReach position: Double) -> Double? {
        guard position.isFinite else { return nil }
        if position == startPosition { return 0 }
        if position == restPosition { return settlingTime }
        let travel = restPosition - startPosition
        let wanted = position - startPosition
        // Must be ahead of the start and not beyond the rest point.
        guard travel != 0, wanted.sign == travel.sign, abs(wanted) <= abs(travel) else { return nil }
        // e^(kt) = 1 + k (x − x₀) / v₀ = 1 − wanted / travel.
        let fraction = 1 - wanted / travel
        guard fraction > 0 else { return settlingTime }
        let t = log(fraction) / decayConstant
        return min(t, settlingTime)
    }

    /// Flutter's `FrictionSimulation.through`: the decay from `position` with `velocity` whose rest point
    /// is exactly `target`, by solving for the rate: 1000 ln r = −v₀ / (target − x₀).
    ///
    /// Its `restPosition` is exactly `target` and its start velocity exactly `velocity`.
    /// Returns nil when the target is behind the motion (or at the start), when the speed is below
    /// `restSpeedThreshold`, when any input is NaN or infinite, or when the rate needed falls outside
    /// `throughRates` (0.9 ... 0.999 per ms: a stop more abrupt than a 9.5 ms time constant, or a coast
    /// longer than a 1 s one). `landingSimulation` then falls back to a critically damped spring.
    public static func through(position: Double, velocity: Double, target: Double) -> DecaySimulation? {
        guard position.isFinite, velocity.isFinite, target.isFinite else { return nil }
        let distance = target - position
        guard abs(velocity) >= restSpeedThreshold, distance != 0, distance.sign == velocity.sign else { return nil }
        let k = -velocity / distance
        let r = exp(k / 1000)
        guard throughRates.contains(r) else { return nil }
        return DecaySimulation(x0: position, v0: velocity, rate: DecelerationRate(r), k: k, rest: target)
    }
}

/// A motion from `position` with `velocity` that comes to rest exactly on `target`, never passing it.
///
/// The decay through the target (`DecaySimulation.through`) when there is one; otherwise a critically
/// damped spring (`spring`, by default `SpringDescription.bounce`, stiffened to ω₀ = |v₀ / (target − x₀)| when the motion heads
/// for the target faster than that, which keeps it from overshooting). The velocity at time 0 is
/// `velocity` in every case: the hand-over from a drag or a fling is continuous.
///
/// ```swift
/// let natural = DecaySimulation.restPosition(position: y, velocity: v)
/// let landing = landingSimulation(position: y, velocity: v, target: snap(natural))
/// ```
///
/// ## Bad input
/// Sanitised to a resting state: a NaN or infinite position becomes 0 (or the target if that is finite),
/// a NaN or infinite velocity becomes 0, a NaN or infinite target becomes the position.
public func landingSimulation(position: Double, velocity: Double, target: Double,
                              spring base: SpringDescription = .bounce) -> any Simulation {
    let x0 = position.isFinite ? position : (target.isFinite ? target : 0)
    let v0 = velocity.isFinite ? velocity : 0
    let goal = target.isFinite ? target : x0
    if let decay = DecaySimulation.through(position: x0, velocity: v0, target: goal) {
        return decay
    }
    let distance = goal - x0
    var spring = base
    if distance != 0, v0.sign == distance.sign {
        let needed = abs(v0 / distance)
        if needed > spring.angularFrequency {
            spring = SpringDescription(mass: 1, stiffness: needed * needed, damping: 2 * needed)
        }
    }
    return SpringSimulation(spring: spring, position: x0, velocity: v0, target: goal)
}
