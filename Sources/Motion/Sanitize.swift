// Internal helpers that keep NaN and infinities from spreading through the simulations.

/// A finite value, or `fallback` when `value` is NaN or infinite.
@inline(__always)
func finiteOr(_ value: Double, _ fallback: Double) -> Double {
    value.isFinite ? value : fallback
}

/// The longest time, in seconds, any simulation is evaluated at (about 31 years).
///
/// Later (or infinite) times are clamped to it so that trigonometric terms stay finite.
let maximumSimulationTime: Double = 1e9

/// Simulation time sanitised to `0...maximumSimulationTime`: NaN and negative times are the start.
@inline(__always)
func sanitizedTime(_ time: Double) -> Double {
    if time.isNaN || time <= 0 { return 0 }
    return min(time, maximumSimulationTime)
}

/// Progress clamped to `0...1`; NaN is 0.
@inline(__always)
func clampedProgress(_ progress: Double) -> Double {
    if progress.isNaN || progress <= 0 { return 0 }
    return progress >= 1 ? 1 : progress
}

/// A short, round-trippable text for a number: integers without a fractional part ("1", not "1.0").
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return "\(value)"
}
