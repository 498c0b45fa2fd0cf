// InteractivePosition: a one-dimensional value a finger holds, drags and releases, with exactly one activity
// (idle, held, dragging, ballistic, driven), its physics (PositionPhysics) and the one release rule: the stop
// nearest the projection of the release velocity. PositionSimulation is what it moves by, unboxed.

import Foundation

/// The physics of an ``InteractivePosition``: the spring it settles on, when that spring counts as settled,
/// and the deceleration rate its release projection uses.
///
/// ```swift
/// let slide = PositionPhysics(spring: .criticallyDamped(response: 0.35),
///                             tolerance: .init(distance: 0.1, velocity: 1))
/// ```
public struct PositionPhysics: Sendable, Hashable {
    /// The spring every settle (after a release) and every driven move (by code) runs on.
    public var spring: SpringDescription
    /// When that spring is settled.
    public var tolerance: SpringSimulation.Tolerance
    /// The deceleration rate per millisecond of the release projection (UIKit's normal rate, 0.998).
    public var projectionRate: DecelerationRate

    /// Physics from its spring, the spring's tolerance and the projection's rate (sanitised as those types are).
    public init(spring: SpringDescription, tolerance: SpringSimulation.Tolerance = .standard,
                projectionRate: DecelerationRate = .normal) {
        self.spring = spring
        self.tolerance = tolerance
        self.projectionRate = projectionRate
    }

    /// The iOS release projection (WWDC 2018, "Designing Fluid Interfaces"): where a motion at `velocity`
    /// (units per second) decelerating at `projectionRate` per millisecond comes to rest from `value`:
    /// value + v / 1000 · r / (1 − r), about value + 0.5 s × v at the normal rate. A non-finite velocity counts
    /// as 0 and a non-finite value as 0; a projection that overflows is the value itself.
    public func projection(from value: Double, velocity: Double) -> Double {
        Self.projection(from: value, velocity: velocity, rate: projectionRate)
    }

    /// ``projection(from:velocity:)`` for a given rate.
    public static func projection(from value: Double, velocity: Double, rate: DecelerationRate = .normal) -> Double {
        let r = DecelerationRate(rate.perMillisecond).perMillisecond
        let x = value.isFinite ? value : 0
        let v = velocity.isFinite ? velocity : 0
        let p = x + v / 1000 * r / (1 - r)
        return p.isFinite ? p : x
    }

    /// The stop nearest `projection`; on a tie the one listed first. Non-finite stops are skipped; nil when
    /// none is left. A NaN projection is taken as 0.
    public static func nearestStop(to projection: Double, among stops: some Sequence<Double>) -> Double? {
        let p = projection.isNaN ? 0 : projection
        var best: Double?
        var bestDistance = Double.infinity
        for s in stops where s.isFinite {
            let d = abs(p - s)
            if best == nil || d < bestDistance {
                best = s
                bestDistance = d
            }
        }
        return best
    }
}

/// What an ``InteractivePosition`` moves by on its own: a spring (a settle, a driven slide) or a timed curve
/// (a driven move of fixed duration), held without an existential box.
public enum PositionSimulation: Simulation, Hashable {
    /// A spring towards its target (a settle after a release, a driven slide).
    case spring(SpringSimulation)
    /// A timed curve (a driven move of fixed duration).
    case timed(TimedSimulation)

    /// Where the motion comes to rest.
    public var target: Double {
        switch self {
        case .spring(let s): s.target
        case .timed(let s): s.to
        }
    }

    /// The wrapped simulation's position at `time` seconds.
    public func position(at time: Double) -> Double {
        switch self {
        case .spring(let s): s.position(at: time)
        case .timed(let s): s.position(at: time)
        }
    }

    /// The wrapped simulation's velocity at `time` seconds.
    public func velocity(at time: Double) -> Double {
        switch self {
        case .spring(let s): s.velocity(at: time)
        case .timed(let s): s.velocity(at: time)
        }
    }

    /// Whether the wrapped simulation is done by `time`.
    public func isDone(at time: Double) -> Bool {
        switch self {
        case .spring(let s): s.isDone(at: time)
        case .timed(let s): s.isDone(at: time)
        }
    }
}

/// A one-dimensional value that a finger holds, drags and lets go, and that moves by itself in between: the
/// navigation slide, a sheet's top, a row's swipe offset, the keyboard's rise. It does exactly one thing at a
/// time, as a scroll view's activity does:
///
/// ```
///            hold(at:)                  drag(to:)
///   idle ───────────────▶ held ──────────────────▶ dragging
///    ▲  ▲                  │ ▲                        │
///    │  │ sample: done     │ │ hold(at:) catches      │ release(velocity:time:stops:)
///    │  └──── ballistic ◀──┴─┼────────────────────────┘   the stop nearest the projection
///    │                       │                            of the release velocity
///    └──────── driven ───────┘   animate(to:…) (code: a push, a presentation)
/// ```
///
/// - **Release.** One rule picks where it settles: the stop nearest ``PositionPhysics/projection(from:velocity:)``
///   of the release velocity (value + v · 0.499 s at UIKit's normal rate), as a scroll view projects a fling.
///   The settling spring starts with the release velocity, so the hand-over is continuous.
/// - **Catch.** A finger down while it moves (ballistic or driven) holds it where the motion is at the
///   down's time (`hold(at:)`; with no time, where the last frame showed it). A drag goes on from there.
/// - **Frames.** Its motion is an `Animated` value sampled at the frame tick's `targetTimestamp`
///   (``sample(_:)``), so 30, 60, 120 and 240 Hz trace the same curve and end in the same state.
///
/// ```swift
/// var offset = InteractivePosition(0, physics: PositionPhysics(spring: .criticallyDamped(response: 0.3)))
/// offset.hold(at: downTime)
/// offset.drag(to: offset.grabbed + dx)
/// offset.release(velocity: v, time: upTime, stops: [0, -160])
/// // each frame:
/// let x = offset.sample(tick)
/// ```
///
/// ## Bad input
/// A NaN or infinite drag, velocity, time or stop is ignored (a velocity is 0, a time is the next frame, a
/// stop is skipped); the value stays finite.
public struct InteractivePosition: Sendable {
    /// The one thing the position is doing.
    public enum Activity: Sendable, Hashable {
        /// At rest, at ``InteractivePosition/value``.
        case idle
        /// A finger holds it and has not moved it.
        case held
        /// It follows a finger.
        case dragging
        /// It settles after a release, on the spring that starts with the release velocity.
        case ballistic
        /// Code moves it (a push, a presentation, a close), on the spring or a timed curve.
        case driven
    }

    /// The value as last shown (sampled, dragged or set).
    public private(set) var value: Double
    /// What it is doing.
    public private(set) var activity: Activity = .idle
    /// The value when the finger took it (the start of a drag).
    public private(set) var grabbed: Double = 0
    /// The raw value the finger last put it at, before the caller's shaping (a rubber band, a clamp).
    public private(set) var raw: Double = 0
    /// The motion of a ballistic or driven activity and its clock; nil otherwise.
    public private(set) var motion: Animated<PositionSimulation>?
    /// Its spring, tolerance and projection.
    public var physics: PositionPhysics

    /// A position resting at `value` (0 when not finite).
    public init(_ value: Double = 0, physics: PositionPhysics) {
        self.value = value.isFinite ? value : 0
        self.physics = physics
    }

    /// Whether a finger holds it (held or dragging).
    public var isHeld: Bool { activity == .held || activity == .dragging }
    /// Whether it moves by itself (ballistic or driven): it needs frames.
    public var isMoving: Bool { motion != nil }
    /// Where the motion in progress comes to rest, if one is.
    public var target: Double? { motion.map { $0.rest ?? $0.simulation.target } }

    /// Where a release at `velocity` would project to from the value shown.
    public func projection(velocity: Double) -> Double { physics.projection(from: value, velocity: velocity) }

    // MARK: The finger

    /// A finger takes the position: a motion in progress stops where it is at `time` (host seconds; nil, NaN or
    /// a motion not yet started: where the last frame showed it), and the position is held there.
    public mutating func hold(at time: Double? = nil) {
        if let m = motion, let t = time, t.isFinite, m.start != nil {
            value = m.position(at: t)
        }
        motion = nil
        activity = .held
        grabbed = value
        raw = value
    }

    /// A touch stops a motion in progress where it is at `time` (as ``hold(at:)`` catches it) and it rests there,
    /// idle, until a finger drags it or code moves it. Does nothing to a held or idle position but end the hold.
    public mutating func stop(at time: Double? = nil) {
        hold(at: time)
        activity = .idle
    }

    /// The finger put it at `raw`; the value shown is `shape(raw)` (a clamp, a rubber band; the identity by
    /// default). Takes hold first if it was not held. A non-finite `raw`, or a shape giving a non-finite value,
    /// is ignored.
    public mutating func drag(to raw: Double, shape: (Double) -> Double = { $0 }) {
        guard raw.isFinite else { return }
        if !isHeld { hold() }
        let shown = shape(raw)
        guard shown.isFinite else { return }
        self.raw = raw
        value = shown
        activity = .dragging
    }

    /// The finger let go at `time` moving at `velocity`: it settles, with that velocity, on the stop nearest the
    /// projection of the velocity (ties: the first listed). With no finite stop it settles where it is. Returns
    /// the stop chosen.
    @discardableResult
    public mutating func release(velocity: Double, time: Double?, stops: some Sequence<Double>) -> Double {
        let target = PositionPhysics.nearestStop(to: projection(velocity: velocity), among: stops) ?? value
        settle(to: target, velocity: velocity, time: time)
        return target
    }

    /// The finger let go at `time` moving at `velocity` and the caller chose `target`: it settles there on the
    /// spring, starting with that velocity (ballistic), with `pacing` (natural by default).
    public mutating func settle(to target: Double, velocity: Double, time: Double?, pacing: Pacing = .natural) {
        start(.ballistic, to: target, velocity: velocity, time: time, pacing: pacing)
    }

    // MARK: Code

    /// Code moves it to `target` on the spring, from where it is shown, starting with `velocity`, at `time` (nil:
    /// the next frame), with `pacing` (a jump or a cross-fade while motion is reduced).
    public mutating func animate(to target: Double, velocity: Double = 0, time: Double? = nil, pacing: Pacing = .natural) {
        start(.driven, to: target, velocity: velocity, time: time, pacing: pacing)
    }

    /// Code moves it to `target` along `curve` in `duration` seconds, from where it is shown (driven).
    public mutating func animate(to target: Double, duration: Double, curve: TimingCurve, time: Double? = nil,
                                 pacing: Pacing = .natural) {
        let goal = target.isFinite ? target : value
        let sim = TimedSimulation(from: value, to: goal, duration: duration, curve: curve)
        motion = Animated(.timed(sim), start: time.flatMap { $0.isFinite ? $0 : nil }, rest: goal, pacing: pacing)
        activity = .driven
    }

    /// Puts it at `value` at once, at rest (a non-finite value is ignored; any motion and hold end).
    public mutating func jump(to value: Double) {
        if value.isFinite { self.value = value }
        motion = nil
        activity = .idle
    }

    private mutating func start(_ kind: Activity, to target: Double, velocity: Double, time: Double?, pacing: Pacing) {
        let goal = target.isFinite ? target : value
        let sim = SpringSimulation(spring: physics.spring, position: value, velocity: velocity.isFinite ? velocity : 0,
                                   target: goal, tolerance: physics.tolerance)
        motion = Animated(.spring(sim), start: time.flatMap { $0.isFinite ? $0 : nil }, rest: goal, pacing: pacing)
        activity = kind
    }

    // MARK: Frames

    /// The value `tick` shows: a ballistic or driven motion is sampled at `tick.targetTimestamp` (its clock
    /// starting at the first tick that samples it); once a frame shows it done it rests there (idle). A held or
    /// idle position shows its value.
    @discardableResult
    public mutating func sample(_ tick: FrameTick) -> Double {
        guard var m = motion else { return value }
        value = m.sample(tick)
        if m.isFinished {
            motion = nil
            activity = .idle
        } else {
            motion = m
        }
        return value
    }
}
