/// A motion from one value to another over a fixed duration, shaped by a `TimingCurve`.
///
/// x(t) = from + (to − from) · curve(t / duration). Exactly `to` at and after `duration`.
///
/// ```swift
/// let move = TimedSimulation(from: 0, to: 300, duration: 0.35, curve: .easeOutCubic)
/// move.position(at: 0.35)   // 300
/// ```
///
/// ## Bad input
/// Sanitised to a resting state, never thrown: a NaN or infinite `to` becomes `from` (no motion); a NaN or
/// infinite `from` becomes `to` (both non-finite: 0). A duration that is zero, negative, NaN or infinite is
/// an immediate jump: `to` at every time and done at t = 0. NaN or negative times mean the start.
public struct TimedSimulation: Simulation, Hashable {
    /// The start value.
    public let from: Double
    /// The end value.
    public let to: Double
    /// The duration in seconds (0 for an immediate jump).
    public let duration: Double
    /// The curve shaping the motion.
    public let curve: TimingCurve

    /// A motion from `from` to `to` over `duration` seconds along `curve`.
    public init(from: Double, to: Double, duration: Double, curve: TimingCurve = .linear) {
        let end = to.isFinite ? to : (from.isFinite ? from : 0)
        self.from = from.isFinite ? from : end
        self.to = end
        self.duration = (duration.isFinite && duration > 0) ? duration : 0
        self.curve = curve
    }

    /// The position at `time` seconds: `from` before the start, `to` from `duration` on.
    /// O(1); when `from == to` the curve is not evaluated.
    public func position(at time: Double) -> Double {
        // No distance (e.g. the axis a vertical scroll does not move): no curve to evaluate.
        if duration == 0 || from == to { return to }
        let t = time.isNaN ? 0 : time
        if t >= duration { return to }
        if t <= 0 { return from }
        return from + (to - from) * curve.value(at: t / duration)
    }

    /// The velocity at `time` seconds (from the curve's slope); 0 outside `0..<duration`.
    public func velocity(at time: Double) -> Double {
        let t = time.isNaN ? 0 : time
        guard duration > 0, t >= 0, t < duration, from != to else { return 0 }
        return (to - from) / duration * curve.derivative(at: t / duration)
    }

    /// Whether `time >= duration`.
    public func isDone(at time: Double) -> Bool {
        (time.isNaN ? 0 : time) >= duration
    }
}
