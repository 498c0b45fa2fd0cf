/// The one animation primitive: a `Simulation` plus the host time its clock starts at, sampled once a
/// frame at the frame's `targetTimestamp`.
///
/// Everything that moves in ScrollKit and its gallery is one of these: a scroll's fling, a fade, a slide,
/// a toast, a pulse. A new value is *pending* until the first frame that samples it: that frame's
/// `timestamp` becomes its start (so a motion begun between frames, by input or by code, starts when the
/// next frame begins and its first frame already shows it one period in), and every frame shows the
/// simulation at `targetTimestamp − start`. Sampling 30, 60, 120 or 240 times a second traces the same
/// closed-form curve.
///
/// ```swift
/// var fade = Animated(TimedSimulation(from: 1, to: 0, duration: 0.3, curve: .easeOutCubic))
/// // each frame:
/// let alpha = fade.sample(tick)       // starts the clock on the first call
/// if fade.needsFrames { host.keepAnimating() }
/// ```
///
/// Once a frame shows the simulation done (`isDone` at that frame's time, within ``Precision/slack``),
/// ``isFinished`` turns true, that frame shows the rest value, and ``needsFrames`` is false: a view that
/// asks it no longer keeps the display link running.
///
/// ## Bad input
/// A tick with a NaN or infinite time is ignored (the last value is shown again). A `start` that is NaN
/// or infinite leaves the value pending. A `rest` that is NaN or infinite is ignored (the simulation's
/// own final position is shown). Times before the start show the start.
///
/// Its reading members are `@inlinable`: a scroll view reads its tracks several times a frame, and an
/// unspecialised generic call from another module goes through metadata and witness tables each time.
public struct Animated<S: Simulation>: Sendable {
    /// The motion, on its own clock (seconds from its start).
    public let simulation: S
    /// The host time at which the simulation's time is 0; `nil` while pending (before the first frame).
    @inlinable public var start: Double? { storedStart }
    /// The value the last finished frame shows exactly (a spring's target, say); `nil` shows the
    /// simulation's own position at the time it is done.
    public let rest: Double?
    /// Whether a frame has shown the motion done.
    @inlinable public var isFinished: Bool { storedIsFinished }
    /// The value the last sampled frame showed (the simulation's start before any frame).
    @inlinable public var value: Double { storedValue }

    // The state behind `start`, `isFinished` and `value` (visible to the inlinable members).
    @usableFromInline var storedStart: Double?
    @usableFromInline var storedIsFinished: Bool
    @usableFromInline var storedValue: Double

    /// A motion that starts at the first frame that samples it, or at `start` (host seconds) if given.
    @inlinable
    public init(_ simulation: S, start: Double? = nil, rest: Double? = nil) {
        self.simulation = simulation
        self.storedStart = start.flatMap { $0.isFinite ? $0 : nil }
        self.rest = rest.flatMap { $0.isFinite ? $0 : nil }
        self.storedIsFinished = false
        self.storedValue = simulation.position(at: 0)
    }

    /// Whether the value still changes: true until a frame has shown the motion done.
    @inlinable
    public var needsFrames: Bool { !isFinished }

    /// The value `tick` shows: starts the clock at `tick.timestamp` if it is pending, then samples the
    /// simulation at `tick.targetTimestamp`. O(1), no allocation.
    @inlinable @discardableResult
    public mutating func sample(_ tick: FrameTick) -> Double {
        guard tick.timestamp.isFinite, tick.targetTimestamp.isFinite else { return value }
        if storedStart == nil { storedStart = tick.timestamp }
        return sample(at: tick.targetTimestamp)
    }

    /// The value shown at host time `time` (the clock must have started; a pending value starts now).
    /// Marks the motion finished once it is done at `time`.
    @inlinable @discardableResult
    public mutating func sample(at time: Double) -> Double {
        guard time.isFinite else { return value }
        if storedStart == nil { storedStart = time }
        guard !isFinished else { return value }
        let local = localTime(time)
        if simulation.isDone(at: local + Precision.slack) {
            storedIsFinished = true
            // Sampled at the slackened time: a timed motion a few ulps short of its end shows its end.
            storedValue = rest ?? simulation.position(at: local + Precision.slack)
        } else {
            storedValue = simulation.position(at: local)
        }
        return value
    }

    /// The position at host time `time`, without changing anything (the start before the clock starts).
    @inlinable
    public func position(at time: Double) -> Double {
        let local = localTime(time)
        guard simulation.isDone(at: local + Precision.slack) else { return simulation.position(at: local) }
        return rest ?? simulation.position(at: local + Precision.slack)
    }

    /// The velocity (units per second) at host time `time`; 0 once done.
    @inlinable
    public func velocity(at time: Double) -> Double {
        let local = localTime(time)
        return simulation.isDone(at: local + Precision.slack) ? 0 : simulation.velocity(at: local)
    }

    /// Whether the motion is done at host time `time`.
    @inlinable
    public func isDone(at time: Double) -> Bool {
        simulation.isDone(at: localTime(time) + Precision.slack)
    }

    /// Seconds on the simulation's clock at host time `time`: 0 while pending, before the start, or for NaN.
    @inlinable
    public func localTime(_ time: Double) -> Double {
        guard let start, time.isFinite else { return 0 }
        return max(0, time - start)
    }
}

extension Animated: Equatable where S: Equatable {}
extension Animated: Hashable where S: Hashable {}

/// The one tolerance for values that sums of frame periods, widths or scales leave a few ulps off.
public enum Precision {
    /// 10⁻⁹: a nanosecond in seconds, a billionth of a point. A fixed-duration motion whose frame times
    /// were built by summing periods may fall this far short of its end; its last frame is still exact.
    public static let slack: Double = 1e-9
}
