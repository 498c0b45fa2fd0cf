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
/// ## Pacing
/// A value made with a ``Pacing`` other than `.natural` (see ``MotionPolicy``, the reduced-motion setting) plays
/// the same simulation differently: `.jump` shows the end at the first frame; `.crossFade(duration:)` shows the
/// start for half the duration and the end for the other half while ``veil`` rises to 1 and falls back to 0.
/// Either way the value ends exactly where the natural motion would have, velocities read 0, and ``localTime(_:)``
/// is the simulation's time the value shows (0, then its end).
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
    /// The value the last sampled frame showed (the simulation's start before any frame; its end for a jump).
    @inlinable public var value: Double { storedValue }
    /// How the simulation plays (natural, a jump, a cross-fade).
    public let pacing: Pacing
    /// The opacity (0…1) of a cover in the background colour the view draws over what moves, as the last
    /// sampled frame shows it: 0 except during a cross-fade (``Pacing/crossFade(duration:)``).
    @inlinable public var veil: Double { storedVeil }

    // The state behind `start`, `isFinished` and `value` (visible to the inlinable members).
    @usableFromInline var storedStart: Double?
    @usableFromInline var storedIsFinished: Bool
    @usableFromInline var storedValue: Double
    @usableFromInline var storedVeil: Double = 0
    /// The simulation's time at which it is done (a jump's and a cross-fade's end; 0 for natural pacing).
    @usableFromInline let storedEnd: Double

    /// A motion that starts at the first frame that samples it, or at `start` (host seconds) if given, played
    /// with `pacing` (natural by default).
    @inlinable
    public init(_ simulation: S, start: Double? = nil, rest: Double? = nil, pacing: Pacing = .natural) {
        self.simulation = simulation
        self.storedStart = start.flatMap { $0.isFinite ? $0 : nil }
        self.rest = rest.flatMap { $0.isFinite ? $0 : nil }
        self.storedIsFinished = false
        self.pacing = pacing.sanitized
        self.storedEnd = self.pacing == .natural ? 0 : Self.endTime(of: simulation)
        self.storedValue = self.pacing == .jump ? (self.rest ?? simulation.position(at: storedEnd))
                                                : simulation.position(at: 0)
    }

    /// The first time (a power of two from 1/64 s, at most about 10⁶ s) at which `simulation` is done.
    @usableFromInline
    static func endTime(of simulation: S) -> Double {
        if simulation.isDone(at: 0) { return 0 }
        var t = 1.0 / 64
        while !simulation.isDone(at: t), t < 1e6 { t *= 2 }
        return t
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
        if isDone(at: time) {
            storedIsFinished = true
            storedValue = endValue(at: time)
            storedVeil = 0
        } else {
            storedValue = simulation.position(at: localTime(time))
            storedVeil = veil(at: time)
        }
        return value
    }

    /// The position at host time `time`, without changing anything (the start before the clock starts).
    @inlinable
    public func position(at time: Double) -> Double {
        isDone(at: time) ? endValue(at: time) : simulation.position(at: localTime(time))
    }

    /// The value a done motion shows at `time`: `rest`, else the simulation's own end.
    @inlinable
    func endValue(at time: Double) -> Double {
        // Sampled at the slackened time: a timed motion a few ulps short of its end shows its end.
        rest ?? simulation.position(at: pacing == .natural ? localTime(time) + Precision.slack : storedEnd)
    }

    /// The velocity (units per second) at host time `time`; 0 once done, and always 0 for a jump or a cross-fade.
    @inlinable
    public func velocity(at time: Double) -> Double {
        guard pacing == .natural, !isDone(at: time) else { return 0 }
        return simulation.velocity(at: localTime(time))
    }

    /// Whether the motion is done at host time `time` (a jump always is; a cross-fade once its duration passed).
    @inlinable
    public func isDone(at time: Double) -> Bool {
        switch pacing {
        case .natural: return simulation.isDone(at: localTime(time) + Precision.slack)
        case .jump: return true
        case .crossFade(let duration): return elapsed(time) + Precision.slack >= duration
        }
    }

    /// The opacity of the cross-fade's cover at host time `time`: rising linearly from 0 to 1 at half the
    /// duration, then back to 0; always 0 for other pacings.
    @inlinable
    public func veil(at time: Double) -> Double {
        guard case .crossFade(let duration) = pacing else { return 0 }
        let f = elapsed(time) / duration
        return f >= 1 ? 0 : max(0, 1 - abs(2 * f - 1))
    }

    /// Seconds on the simulation's clock that host time `time` shows: 0 while pending, before the start, or for
    /// NaN. Natural pacing: the time since the start. A jump: the simulation's end. A cross-fade: 0 for the first
    /// half of its duration, then the simulation's end.
    @inlinable
    public func localTime(_ time: Double) -> Double {
        switch pacing {
        case .natural: return elapsed(time)
        case .jump: return storedEnd
        case .crossFade(let duration): return elapsed(time) * 2 < duration ? 0 : storedEnd
        }
    }

    /// Host seconds since the start at `time`: 0 while pending, before the start, or for NaN.
    @inlinable
    func elapsed(_ time: Double) -> Double {
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
