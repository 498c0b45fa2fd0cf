import Motion

/// Each axis's motion: its kind, its simulation (stored unboxed) and its clock.
extension ScrollingView {
    /// What one axis is doing: a simulation and the host time at which its clock reads 0.
    struct AxisMotion {
        enum Kind { case decay, landing, bounce, timed, glide }
        var kind: Kind
        var simulation: AxisSimulation
        /// Host time at which `simulation`'s time is 0.
        var start: Double
        /// Where the motion comes to rest: the final frame shows exactly this.
        var target: Double
        /// For `.decay`: the concrete simulation, for the edge hand-over.
        var decay: DecaySimulation?
        /// Added to every position of `simulation` (and already to `target`): content moved under a
        /// running motion (``ScrollingView/adjustContentOffset(by:)``) shifts its path without replanning it.
        var shift: Double = 0
        /// A glide to the end of the range (the End key) that follows the end when the range changes under
        /// it (a self-sizing list measuring the items it passes), so it still lands at the end.
        var followsEnd = false

        init(kind: Kind, simulation: some Simulation, start: Double, target: Double, decay: DecaySimulation?) {
            self.kind = kind
            self.simulation = AxisSimulation(simulation)
            self.start = start
            self.target = target
            self.decay = decay
        }

        /// The motion's position at `time` on its clock (the simulation's, shifted).
        func position(at time: Double) -> Double { simulation.position(at: time) + shift }
        /// The timed scroll's start position, shifted, if this is a timed scroll.
        var timedFrom: Double? { simulation.timed.map { $0.from + shift } }
    }

    /// An axis's simulation held without an existential box. A `SpringSimulation` does not fit an
    /// existential's inline buffer, so `any Simulation` would allocate for the bounce spring a decay hands
    /// over to when it crosses an edge — inside a frame. The library's own simulations are stored inline;
    /// any other kind (none today) stays boxed in `.other`.
    enum AxisSimulation: Simulation {
        case decay(DecaySimulation)
        case spring(SpringSimulation)
        case timed(TimedSimulation)
        case glide(GlideSimulation)
        case other(any Simulation)

        /// Wraps `simulation`: one of the known kinds inline, anything else boxed.
        init(_ simulation: some Simulation) {
            switch simulation {
            case let s as AxisSimulation: self = s
            case let s as DecaySimulation: self = .decay(s)
            case let s as SpringSimulation: self = .spring(s)
            case let s as TimedSimulation: self = .timed(s)
            case let s as GlideSimulation: self = .glide(s)
            default: self = .other(simulation)
            }
        }

        /// The timed scroll's simulation, if that is what this is.
        var timed: TimedSimulation? {
            if case .timed(let s) = self { return s }
            return nil
        }

        func position(at time: Double) -> Double {
            switch self {
            case .decay(let s): s.position(at: time)
            case .spring(let s): s.position(at: time)
            case .timed(let s): s.position(at: time)
            case .glide(let s): s.position(at: time)
            case .other(let s): s.position(at: time)
            }
        }

        func velocity(at time: Double) -> Double {
            switch self {
            case .decay(let s): s.velocity(at: time)
            case .spring(let s): s.velocity(at: time)
            case .timed(let s): s.velocity(at: time)
            case .glide(let s): s.velocity(at: time)
            case .other(let s): s.velocity(at: time)
            }
        }

        func isDone(at time: Double) -> Bool {
            switch self {
            case .decay(let s): s.isDone(at: time)
            case .spring(let s): s.isDone(at: time)
            case .timed(let s): s.isDone(at: time)
            case .glide(let s): s.isDone(at: time)
            case .other(let s): s.isDone(at: time)
            }
        }
    }
}
