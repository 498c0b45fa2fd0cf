// GlideSimulation: the wheel and key glide, a cubic Hermite ease-out that can be retargeted with continuous velocity.

/// The wheel and key glide: a cubic Hermite curve from (`from`, `velocity`) to rest at `to` in
/// `duration` seconds, in closed form.
///
/// `x(s) = from + v0·D·s(1−s)² + Δ·s²(3−2s)` with `s = t/D`, `Δ = to − from`. It ends exactly at `to`
/// with zero velocity.
/// - From rest (or against the current motion, or when `to == from`) `v0 = 2Δ/D`: a quadratic ease-out
///   (fast start, soft stop); for `to == from` that is no motion at all.
/// - When retargeting a running glide (`continuing`), `v0` is the current velocity, so velocity is
///   continuous; if that would overshoot (`v0·D > 3Δ`), the duration shrinks to `3Δ/v0` instead,
///   which keeps the curve monotonic and still continuous.
/// - `duration <= 0` or non-finite: done at once, at `to`.
public struct GlideSimulation: Simulation, Hashable {
    /// The start position.
    public let from: Double
    /// The rest position, reached exactly at `duration`.
    public let to: Double
    /// The velocity at time 0 (units per second), after the rules above.
    public let initialVelocity: Double
    /// The duration in seconds, possibly shortened to avoid an overshoot (0 = done at once).
    public let duration: Double

    /// Creates a glide; see the type's notes for how `velocity` and `continuing` pick the start slope.
    public init(from: Double, velocity: Double, to: Double, duration: Double, continuing: Bool) {
        let from = from.isFinite ? from : (to.isFinite ? to : 0)
        let to = to.isFinite ? to : from
        var duration = duration.isFinite ? max(0, duration) : 0
        let delta = to - from
        var v0 = velocity.isFinite ? velocity : 0
        // From rest, against the motion, or to where it already is (Δ = 0: it stops there, no excursion).
        if !continuing || v0 * delta <= 0 {
            v0 = duration > 0 ? 2 * delta / duration : 0
        }
        if delta != 0, v0 * delta > 0, abs(v0) * duration > 3 * abs(delta) {
            duration = 3 * delta / v0
        }
        self.from = from
        self.to = to
        self.initialVelocity = v0
        self.duration = duration
    }

    /// The position at `time` seconds (negative or NaN times count as 0); exactly `to` from `duration` on.
    public func position(at time: Double) -> Double {
        let time = time.isNaN ? 0 : time
        guard duration > 0, time < duration else { return to }
        let s = max(0, time) / duration
        let u = 1 - s
        return from + initialVelocity * duration * s * u * u + (to - from) * s * s * (3 - 2 * s)
    }

    /// The velocity at `time` seconds; 0 from `duration` on.
    public func velocity(at time: Double) -> Double {
        let time = time.isNaN ? 0 : time
        guard duration > 0, time < duration else { return 0 }
        let s = max(0, time) / duration
        let u = 1 - s
        return initialVelocity * u * (1 - 3 * s) + (to - from) / duration * 6 * s * u
    }

    /// Whether `time >= duration`.
    public func isDone(at time: Double) -> Bool {
        !(duration > 0) || (time.isNaN ? 0 : time) >= duration
    }
}
