/// One frame of a display link, as plain data.
///
/// Mirrors `CADisplayLink`: `timestamp` is when the frame began, `targetTimestamp` when
/// it will be on screen (`timestamp + duration`), and `duration` the nominal period.
/// Everything that moves computes what a frame shows for its `targetTimestamp`.
///
/// ```swift
/// let tick = FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60)
/// let y = simulation.position(at: tick.targetTimestamp - start)
/// ```
public struct FrameTick: Sendable, Equatable, Hashable {
    /// The frame's number since its display link started (skipped frames count too).
    public var index: Int
    /// When this frame began, in seconds on the host's clock.
    public var timestamp: Double
    /// When this frame will be on screen: `timestamp + duration`.
    public var targetTimestamp: Double
    /// The nominal frame period in seconds.
    public var duration: Double

    public init(index: Int, timestamp: Double, targetTimestamp: Double, duration: Double) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
    }

    /// A tick whose target is one period after its start.
    public init(index: Int, timestamp: Double, duration: Double) {
        self.init(index: index, timestamp: timestamp, targetTimestamp: timestamp + duration, duration: duration)
    }
}
