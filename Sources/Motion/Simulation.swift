/// A motion as a function of time: where a thing is, how fast it moves, and whether it has come to rest.
///
/// `time` is seconds since the simulation started. Implementations are closed-form where possible,
/// so sampling at 30, 60, 120 or 240 Hz traces the same curve. Changing a motion means starting a
/// new simulation from the current `position(at:)` and `velocity(at:)`.
public protocol Simulation: Sendable {
    /// The position at `time` seconds after the start.
    func position(at time: Double) -> Double
    /// The velocity (units per second) at `time` seconds after the start.
    func velocity(at time: Double) -> Double
    /// Whether the motion has come to rest by `time`.
    func isDone(at time: Double) -> Bool
}
