/// Estimates the velocity of a pointer at release from its recent move events.
///
/// As Flutter and Android do: a least-squares polynomial fit of degree 2 (falling back to degree 1)
/// over the samples of the last `horizon` (100 ms) before the newest one, stopping at the first gap of
/// more than `maximumGap` (40 ms) between samples. The velocity is the fit's slope at the newest sample.
/// With fewer than 3 samples it is the slope between the two, or 0 for a single one.
/// A pointer that has stopped for `maximumGap` or more before the release (no sample, or no change in
/// position, since then) gives 0. The result is clamped to ±`maxFlingSpeed`.
///
/// Use the events' own timestamps, not the frame's: they are what the positions were measured at.
///
/// Sample the down and the moves, **not the up**: pass the up's time to ``velocity(at:)`` instead. Real
/// touchscreens and mice send the up 10–20 ms after the last move, at the same place; as one more sample
/// it would look like a pause that never happened, and the fit would report a velocity 16–85 % too low
/// (as checked against recorded gestures). Flutter and Android do not sample it either. The up's time
/// still counts for the stop rule: a pointer that stopped `maximumGap` before the up flings at 0.
///
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.addSample(position: 10, time: 0.000)
/// tracker.addSample(position: 18, time: 0.008)
/// tracker.addSample(position: 26, time: 0.016)
/// let v = tracker.velocity(at: 0.020)   // 1000 per second
/// ```
///
/// Complexity: `addSample` amortised O(1); `velocity(at:)` O(n) for the n ≤ `capacity` samples kept.
///
/// ## Bad input
/// Sanitised, never thrown: samples with a NaN or infinite position or time are ignored; a sample older
/// than the newest one is ignored; one with the same timestamp replaces it. A NaN or infinite release
/// time is taken as the newest sample's time. No samples: 0.
public struct VelocityTracker: Sendable, Hashable {
    /// The largest speed reported, 8000 per second (Android's default maximum fling velocity).
    public static let maxFlingSpeed: Double = 8000
    /// Only samples this recent (seconds before the newest) are fitted: 0.1.
    public static let horizon: Double = 0.1
    /// A gap longer than this (seconds) between samples, or before the release, means the pointer stopped: 0.04.
    public static let maximumGap: Double = 0.04
    /// The number of samples kept (the newest ones).
    public static let capacity = 20
    /// Comparisons with `horizon` and `maximumGap` allow 1 µs of rounding (timestamps are often whole ms).
    static let timeSlack = 1e-6

    struct Sample: Sendable, Hashable {
        var position: Double
        var time: Double
    }

    private(set) var samples: [Sample] = []

    /// An empty tracker.
    public init() {}

    /// Records the pointer at `position` at the event's own `time` (seconds).
    public mutating func addSample(position: Double, time: Double) {
        guard position.isFinite, time.isFinite else { return }
        if let last = samples.last {
            if time < last.time { return }
            if time == last.time {
                samples[samples.count - 1].position = position
                return
            }
            if time - last.time > Self.maximumGap + Self.timeSlack { samples.removeAll(keepingCapacity: true) }
        }
        samples.append(Sample(position: position, time: time))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Forgets every sample (call at pointer down).
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// The velocity in units per second at release time `releaseTime` (seconds, same clock as the samples).
    ///
    /// 0 when there are no samples or when the pointer stopped at least `maximumGap` before the release;
    /// clamped to ±`maxFlingSpeed`.
    public func velocity(at releaseTime: Double) -> Double {
        guard let newest = samples.last else { return 0 }
        let release = releaseTime.isFinite ? max(releaseTime, newest.time) : newest.time
        // Stopped: no event for maximumGap, or the trailing events did not move.
        var stillSince = newest.time
        for sample in samples.reversed().dropFirst() {
            guard sample.position == newest.position else { break }
            stillSince = sample.time
        }
        if release - stillSince >= Self.maximumGap - Self.timeSlack { return 0 }

        // The window: back from the newest sample, within the horizon, up to the first long gap.
        var window: [Sample] = [newest]
        var previous = newest
        for sample in samples.reversed().dropFirst() {
            if newest.time - sample.time > Self.horizon + Self.timeSlack
                || previous.time - sample.time > Self.maximumGap + Self.timeSlack { break }
            window.append(sample)
            previous = sample
        }

        let velocity: Double
        if window.count >= 3, let v = Self.fitSlope(window, origin: newest.time, degree: 2) {
            velocity = v
        } else if window.count >= 2, let v = Self.fitSlope(window, origin: newest.time, degree: 1) {
            velocity = v
        } else {
            velocity = 0
        }
        guard velocity.isFinite else { return 0 }
        return min(max(velocity, -Self.maxFlingSpeed), Self.maxFlingSpeed)
    }

    /// The slope at `origin` of the least-squares polynomial of `degree` (1 or 2) through `samples`,
    /// or nil when the fit is degenerate. Time is scaled to τ = (t − origin) / horizon for conditioning.
    static func fitSlope(_ samples: [Sample], origin: Double, degree: Int) -> Double? {
        let n = degree + 1
        // Normal equations: A c = b with A[i][j] = Σ τ^(i+j), b[i] = Σ x τ^i.
        var powerSums = [Double](repeating: 0, count: 2 * degree + 1)
        var rhs = [Double](repeating: 0, count: n)
        let x0 = samples[0].position
        for sample in samples {
            let tau = (sample.time - origin) / horizon
            let x = sample.position - x0
            var p = 1.0
            for k in 0..<powerSums.count {
                powerSums[k] += p
                if k < n { rhs[k] += x * p }
                p *= tau
            }
        }
        var a = (0..<n).map { i in (0..<n).map { j in powerSums[i + j] } }
        var b = rhs
        // Gaussian elimination with partial pivoting.
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            if abs(a[pivot][column]) < 1e-12 * max(1, powerSums[0]) { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var c = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row][k] * c[k] }
            c[row] = sum / a[row][row]
        }
        // d/dt at τ = 0 is c1 / horizon.
        return c[1] / horizon
    }
}
