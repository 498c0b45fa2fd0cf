// Reduced motion: what a motion is for (MotionRole), how an `Animated` value plays its simulation (Pacing), and
// the policy (MotionPolicy) that maps the one to the other when the person using the app asks for less motion.

/// What a motion does for the person watching, which decides how it plays when motion is reduced
/// (``MotionPolicy``).
///
/// The kinds follow what iOS does under Reduce Motion (a push becomes a cross-fade) and what Android does with
/// its animator duration scale at 0 (an animation jumps to its end), and keep what follows a finger.
public enum MotionRole: Sendable, Hashable {
    /// One picture replaces another: a screen pushed or popped, a sheet presented or dismissed by code.
    /// Reduced: a short cross-fade through the background (``Pacing/crossFade(duration:)``).
    case transition
    /// Content carried somewhere nobody dragged it: a timed scroll (`scrollTo`, a scroll to an item, to the end,
    /// an index jump), a key's page or line glide, a timed zoom, the on-screen keyboard sliding, a tab bar's
    /// selection pill. Reduced: a jump to the end in the next frame (``Pacing/jump``).
    case travel
    /// A spring back onto an edge or a stop (the rubber band's return, a settle on a snap position).
    /// Reduced: the same spring made ``MotionPolicy/bounceSpeedup`` times stiffer, so shorter in time and in
    /// distance, still ending at rest on its target.
    case bounce
    /// Motion that continues a gesture: a drag (1:1), a fling's decay, a wheel's glide, the settle of a released
    /// edge swipe or sheet. Never changed: it follows the finger.
    case gesture
}

/// How an ``Animated`` value plays its simulation.
public enum Pacing: Sendable, Hashable {
    /// The simulation as it is, sampled at `targetTimestamp − start`.
    case natural
    /// The end at once: the first frame that samples it shows the rest value, and it is finished.
    case jump
    /// A cross-fade through the background over `duration` seconds: the start is shown for the first half and
    /// the end for the second, while ``Animated/veil`` (the opacity of a cover in the background colour that the
    /// view draws over what moves) rises from 0 to 1 at the switch and falls back to 0. A `duration` that is not
    /// a positive finite number is a ``jump``.
    case crossFade(duration: Double)

    /// The pacing with bad input sanitised (a cross-fade that cannot last is a jump).
    @usableFromInline
    var sanitized: Pacing {
        if case .crossFade(let d) = self, !(d.isFinite && d > 0) { return .jump }
        return self
    }
}

/// The reduced-motion setting as the views apply it: which ``Pacing`` a motion of a given ``MotionRole`` gets,
/// and how a bounce's spring is shortened. With ``reducesMotion`` false every motion is natural.
///
/// ```swift
/// let policy = MotionPolicy(reducesMotion: true)
/// var push = Animated(spring, rest: 0, pacing: policy.pacing(for: .transition))   // a 0.2 s cross-fade
/// let edge = policy.spring(.bounce, for: .bounce)                                  // twice as stiff
/// ```
public struct MotionPolicy: Sendable, Hashable {
    /// The length of a cross-fade, seconds (iOS's Reduce Motion cross-fades are about this long).
    public static let crossFadeDuration = 0.2
    /// How many times faster a bounce's spring oscillates when motion is reduced: its response is divided by
    /// this (stiffness × 4, damping × 2, the damping ratio kept), so the return takes half as long and an
    /// overscroll a fling makes goes half as far.
    public static let bounceSpeedup = 2.0

    /// Whether motion is reduced.
    public var reducesMotion: Bool

    /// A policy (`reducesMotion` false: every motion natural).
    public init(reducesMotion: Bool) {
        self.reducesMotion = reducesMotion
    }

    /// Every motion natural.
    public static let standard = MotionPolicy(reducesMotion: false)
    /// Motion reduced.
    public static let reduced = MotionPolicy(reducesMotion: true)

    /// How a motion of `role` plays: natural unless motion is reduced; then a cross-fade for a transition,
    /// a jump for travel, and natural for a bounce (its spring is shortened instead, ``spring(_:for:)``) and for
    /// a gesture.
    public func pacing(for role: MotionRole) -> Pacing {
        guard reducesMotion else { return .natural }
        switch role {
        case .transition: return .crossFade(duration: Self.crossFadeDuration)
        case .travel: return .jump
        case .bounce, .gesture: return .natural
        }
    }

    /// The spring a motion of `role` runs on: `spring` itself, except a bounce's while motion is reduced, made
    /// ``bounceSpeedup`` times faster (same mass and damping ratio).
    public func spring(_ spring: SpringDescription, for role: MotionRole) -> SpringDescription {
        guard reducesMotion, role == .bounce else { return spring }
        let s = spring.sanitized, k = Self.bounceSpeedup
        return SpringDescription(mass: s.mass, stiffness: s.stiffness * k * k, damping: s.damping * k)
    }
}
