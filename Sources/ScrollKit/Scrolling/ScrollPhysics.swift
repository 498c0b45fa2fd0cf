// ScrollPhysics, how a ScrollingView moves when nothing holds it and gives past its edges (deceleration,
// rubber band, bounce spring, snapping), and FlingBoost, flings that build.

import Motion

// ScrollPhysics: the replaceable rules a scroll view moves by (rubber band, bounce spring, decay, fling
// boost, snapping), as Flutter's ScrollPhysics. Today's behaviour is the default value.

/// How a ``ScrollingView`` moves when nothing holds it, and how far it gives past its edges: the scroll
/// view's replaceable physics (``ScrollingView/physics``), in the manner of Flutter's `ScrollPhysics`.
///
/// The default value is ScrollKit's documented behaviour (the iOS feel): a rubber band with coefficient
/// 0.55, the critically damped `SpringDescription.bounce` at the edges, `DecelerationRate.normal`,
/// flings that build (see ``FlingBoost``) and no snapping. Change any part:
///
/// ```swift
/// var physics = ScrollPhysics()
/// physics.bounces = false                 // clamp at the edges (Android's feel)
/// physics.decelerationRate = .fast        // flings stop sooner
/// scroll.physics = physics
/// ```
///
/// ``ScrollingView/decelerationRate``, ``ScrollingView/bounces`` and ``ScrollingView/snapping`` are the
/// same values, under UIKit's names. A drag reads the rubber band and ``bounces`` at each move; any other
/// change applies to the next motion that starts (a release, a glide, a fling's hand-over to the bounce
/// spring at an edge): a motion running keeps the path it was planned on.
///
/// Bad input: a non-finite or non-positive ``rubberBandCoefficient`` counts as 0.55; a spring with a
/// non-finite or non-positive coefficient is sanitised as `SpringSimulation` sanitises it.
public struct ScrollPhysics {
    /// How fast flings slow down (per millisecond; `.normal` 0.998, `.fast` 0.99).
    public var decelerationRate: DecelerationRate
    /// Whether the content can be pulled past its edges (rubber band) and flings bounce there. When false,
    /// drags and flings stop at the edges.
    public var bounces: Bool
    /// The rubber band's coefficient `c` (`rubberBand(offset:dimension:coefficient:)`): the slope of the
    /// overscroll at the edge; the dimension is the viewport's length. 0.55, as iOS.
    public var rubberBandCoefficient: Double
    /// The spring that settles a fling (or a release) on an edge, and a pinch's scale on a limit:
    /// `SpringDescription.bounce` (critically damped, 0.4 s response). The scroll view stiffens it when
    /// needed so that a bounce goes at most half the viewport's length past an edge.
    public var bounceSpring: SpringDescription
    /// Flings that build (as on iOS); ``FlingBoost/none`` turns them off.
    public var flingBoost: FlingBoost
    /// Moves release targets, wheel steps and arrow-key steps onto snap positions (held strongly; see
    /// ``ScrollingView/snapping``). `nil`: no snapping.
    public var snapping: (any ScrollSnapping)?

    /// The physics with each part given; every default is ScrollKit's documented behaviour.
    public init(decelerationRate: DecelerationRate = .normal, bounces: Bool = true, rubberBandCoefficient: Double = 0.55,
                bounceSpring: SpringDescription = .bounce, flingBoost: FlingBoost = FlingBoost(),
                snapping: (any ScrollSnapping)? = nil) {
        self.decelerationRate = decelerationRate
        self.bounces = bounces
        self.rubberBandCoefficient = rubberBandCoefficient
        self.bounceSpring = bounceSpring
        self.flingBoost = flingBoost
        self.snapping = snapping
    }

    /// ``rubberBandCoefficient`` sanitised (non-finite or non-positive: 0.55).
    var bandCoefficient: Double {
        rubberBandCoefficient.isFinite && rubberBandCoefficient > 0 ? rubberBandCoefficient : 0.55
    }
}

/// Flings that build, as on iOS: a release at least ``minimumSpeed`` fast, in the same direction as a fling
/// its press caught that was itself at least that fast, released within ``window`` seconds of that fling's
/// start, adds the caught speed to its own, up to ``maximumSpeed``.
public struct FlingBoost: Sendable, Hashable {
    /// Points per second both the caught fling and the release must reach: 1000.
    public var minimumSpeed: Double
    /// Seconds from the caught fling's start to the release within which they add up: 0.75.
    public var window: Double
    /// The largest speed a built-up fling reaches (pt/s): 16,000, twice `VelocityTracker.maxFlingSpeed`.
    public var maximumSpeed: Double

    /// The boost with each part given; the defaults are ScrollKit's documented values
    /// (``ScrollingView/flingBoostMinimumSpeed``, ``ScrollingView/flingBoostWindow``,
    /// ``ScrollingView/flingBoostMaximumSpeed``).
    public init(minimumSpeed: Double = 1000, window: Double = 0.75, maximumSpeed: Double = 2 * VelocityTracker.maxFlingSpeed) {
        self.minimumSpeed = minimumSpeed
        self.window = window
        self.maximumSpeed = maximumSpeed
    }

    /// No boost: every fling starts fresh.
    public static let none = FlingBoost(minimumSpeed: .infinity, window: 0, maximumSpeed: 0)
}
