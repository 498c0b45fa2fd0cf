// ScrollingView's activity: the one thing a scroll view does at a time (held, dragging, ballistic, driven,
// zooming), its Track, Ballistic, Driven and Zooming values, ActivitySummary and phase.

import Motion

// ScrollActivity: the one thing a scroll view is doing (idle, held, dragging, ballistic, driven, zooming),
// each activity with its clock, its simulations and its completion; `phase` is projected from it.

extension ScrollingView {
    /// What the scroll view is doing: exactly one activity at a time, as Flutter's `ScrollActivity`.
    ///
    /// Starting an activity replaces the current one (`beginActivity(_:)`); the one replaced
    /// is owed its completion with `false` (a timed scroll's, a zoom's), never its `didEnd…` callback.
    /// ``ScrollingView/phase`` and ``ScrollingView/isAnimating`` are read from it.
    enum Activity {
        /// At rest.
        case idle
        /// A pointer is down and has not (yet) dragged: `.tracking`.
        case held(PointerState)
        /// The content follows a pointer (or a trackpad's stream): `.dragging`.
        case dragging(PointerState)
        /// After a release: each axis decays, lands on its target or bounces back from an edge.
        case ballistic(Ballistic)
        /// A timed scroll (`setContentOffset(_:duration:curve:completion:)`, `scrollToEnd`) or a glide
        /// (the wheel, the keys, a track click).
        case driven(Driven)
        /// An animated zoom (a double-tap, the keys, `setZoomScale(_:animated: true)`, a return to a limit).
        case zooming(Zooming)
    }

    /// One axis moved by an activity: an `Animated` simulation (its clock and its curve), the value the
    /// last frame shows exactly, and a shift for content that moved under it.
    struct Track {
        /// The simulation and the host time its clock reads 0.
        var animated: Animated<AxisSimulation>
        /// Where the motion comes to rest: the final frame shows exactly this.
        var target: Double
        /// Added to every position of the simulation (and already to `target`): content moved under a
        /// running motion (`adjustContentOffset(by:)`) shifts its path without replanning it.
        var shift: Double = 0

        /// `pacing`: how it plays (a timed scroll or a key's glide jumps while motion is reduced, see
        /// `MotionPolicy`); natural by default.
        init(_ simulation: some Simulation, start: Double, target: Double, pacing: Pacing = .natural) {
            animated = Animated(AxisSimulation(simulation), start: start, rest: target, pacing: pacing)
            self.target = target
        }

        /// The host time the motion's clock reads 0.
        var start: Double { animated.start ?? 0 }
        /// The simulation (unboxed).
        var simulation: AxisSimulation { animated.simulation }
        /// The position at `local` seconds on the motion's clock (the simulation's, shifted).
        func position(at local: Double) -> Double { simulation.position(at: local) + shift }
        /// The timed scroll's start position, shifted, if this is a timed scroll.
        var timedFrom: Double? { simulation.timed.map { $0.from + shift } }
    }

    /// The ballistic activity: per axis (nil when that axis rests) a track and the stage it is in.
    struct Ballistic {
        /// What an axis's track does: a free decay (that hands over to the bounce spring if it crosses an
        /// edge), a landing on a target (a snap position), or a bounce back onto an edge.
        enum Stage { case decay, landing, bounce }
        struct Axis {
            var stage: Stage
            var track: Track
            /// The free decay, for the edge hand-over.
            var decay: DecaySimulation? { stage == .decay ? track.simulation.decay : nil }
        }
        var x: Axis?
        var y: Axis?

        subscript(d: Dim) -> Axis? {
            get { d == .x ? x : y }
            set { if d == .x { x = newValue } else { y = newValue } }
        }
        var isEmpty: Bool {   // tag checks (`x == nil` copies the track through Optional's generic witness)
            if case .some = x { return false }
            if case .some = y { return false }
            return true
        }
    }

    /// The driven activity: a timed scroll or a glide, its tracks (nil on an axis that does not move) and
    /// what it owes when it ends.
    struct Driven {
        enum Kind {
            /// A timed scroll: its completion (called once: `true` at the destination, `false` if replaced).
            case timed(Timed)
            /// A glide; `followsEnd`: the End key's glide follows the end of the range if it moves (a
            /// self-sizing list measuring the items it passes), so it still lands at the end.
            case glide(followsEnd: Dim?)
        }
        var kind: Kind
        var x: Track?
        var y: Track?

        subscript(d: Dim) -> Track? {
            get { d == .x ? x : y }
            set { if d == .x { x = newValue } else { y = newValue } }
        }
        var isEmpty: Bool {   // tag checks (`x == nil` copies the track through Optional's generic witness)
            if case .some = x { return false }
            if case .some = y { return false }
            return true
        }
        var isGlide: Bool { if case .glide = kind { true } else { false } }
        var timed: Timed? { if case .timed(let t) = kind { t } else { nil } }
        var isTimed: Bool { if case .timed = kind { true } else { false } }
    }

    /// A running timed scroll's request: where it goes, along which curve, until when.
    struct Timed {
        var destination: TimedRequest.Destination
        var curve: TimingCurve
        /// The host time it ends at.
        var end: Double
        var completion: (@MainActor (Bool) -> Void)?
    }

    /// The zooming activity: the progress 0 → 1 (timed, or the bounce spring for a return to a limit) and
    /// the scale and offset it blends between about `anchor`.
    struct Zooming {
        var progress: Animated<AxisSimulation>
        /// The return from past a limit (the spring): `.bouncing`.
        var returnsToLimit: Bool
        var fromScale: Double
        var toScale: Double
        /// The viewport point the zoom is about.
        var anchor: Point
        var fromOffset: Point
        var toOffset: Point
        var completion: (@MainActor (Bool) -> Void)?
    }

    /// The current activity's kind and the facts each frame asks about it (``ScrollingView/phase``,
    /// ``ScrollingView/activityMoves``), kept by ``ScrollingView/activity``'s setter: reading them copies no
    /// activity (a large value with closures).
    struct ActivitySummary {
        enum Kind { case idle, held, dragging, ballistic, driven, zooming }
        var kind = Kind.idle
        /// A ballistic or driven activity with a moving axis, or a zoom.
        var moves = false
        /// A ballistic axis bouncing back onto an edge, or a zoom returning to a limit.
        var bounces = false

        init() {}

        /// The summary of `.ballistic(b)`.
        init(ballistic b: Ballistic) {
            kind = .ballistic
            moves = !b.isEmpty
            bounces = b.x?.stage == .bounce || b.y?.stage == .bounce
        }

        /// The summary of `.driven(d)`.
        init(driven d: Driven) {
            kind = .driven
            moves = !d.isEmpty
        }

        init(_ activity: Activity) {
            switch activity {
            case .idle: self.init()
            case .held: self.init(); kind = .held
            case .dragging: self.init(); kind = .dragging
            case .ballistic(let b): self.init(ballistic: b)
            case .driven(let d): self.init(driven: d)
            case .zooming(let z):
                self.init()
                kind = .zooming
                moves = true
                bounces = z.returnsToLimit
            }
        }
    }

    // MARK: - Projections

    /// The pointer of a held or dragging activity. Setting one begins that activity (held or dragging by
    /// its `isDragging`); setting nil ends it (idle), and does nothing to any other activity.
    var pointer: PointerState? {
        get {
            guard hasPointer else { return nil }
            switch activity {
            case .held(let p), .dragging(let p): return p
            default: return nil
            }
        }
        set {
            if let p = newValue {
                activity = p.isDragging ? .dragging(p) : .held(p)
            } else if hasPointer {
                activity = .idle
            }
        }
    }

    /// Whether a pointer holds or drags the content (``pointer`` is not nil), read without copying it.
    var hasPointer: Bool { activitySummary.kind == .held || activitySummary.kind == .dragging }
    /// Whether the current activity is a zoom (``zooming`` is not nil), read without copying it.
    var zoomAnimates: Bool { activitySummary.kind == .zooming }

    /// The ballistic activity, if that is the current one.
    var ballistic: Ballistic? {
        guard activitySummary.kind == .ballistic, case .ballistic(let b) = activity else { return nil }
        return b
    }
    /// The driven activity, if that is the current one.
    var driven: Driven? {
        guard activitySummary.kind == .driven, case .driven(let d) = activity else { return nil }
        return d
    }
    /// The zooming activity, if that is the current one.
    var zooming: Zooming? {
        guard zoomAnimates, case .zooming(let z) = activity else { return nil }
        return z
    }

    /// Whether an activity moves the content by itself (a ballistic or driven track, a zoom).
    var activityMoves: Bool { activitySummary.moves }

    /// What the scroll view is doing, read from its activity: `.tracking` for a held pointer (or a held
    /// indicator thumb), `.dragging`, `.bouncing` when any axis bounces (or a zoom returns to a limit),
    /// `.decelerating` for the rest of a ballistic activity, `.animating` for a driven one, a zoom, or a
    /// request waiting for the next frame.
    public var phase: ScrollingPhase {
        let s = activitySummary
        switch s.kind {
        case .held: return .tracking
        case .dragging: return .dragging
        default: break
        }
        if indicator.drag != nil { return .tracking }   // a pointer holds the indicator's thumb
        if s.moves { return s.bounces ? .bouncing : (s.kind == .ballistic ? .decelerating : .animating) }
        return queuedRequest != nil ? .animating : .idle
    }

    /// Makes `next` the current activity and returns the completion the one it replaced is owed (a timed
    /// scroll's or a zoom's, for the caller to call with `false` once its own state is settled).
    @discardableResult
    func beginActivity(_ next: Activity) -> (@MainActor (Bool) -> Void)? {
        let owed: (@MainActor (Bool) -> Void)?
        switch activity {
        case .driven(let d): owed = d.timed?.completion
        case .zooming(let z): owed = z.completion
        default: owed = nil
        }
        activity = next
        return owed
    }
}
