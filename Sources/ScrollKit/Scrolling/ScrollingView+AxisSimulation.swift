// ScrollingView.AxisSimulation: one axis's decay, spring, timed or glide simulation, held without an existential.

import Motion

// AxisSimulation: the simulations an activity moves an axis by, stored unboxed (no allocation per frame).

extension ScrollingView {
    /// An axis's simulation held without an existential box. A `SpringSimulation` does not fit an
    /// existential's inline buffer, so `any Simulation` would allocate for the bounce spring a decay hands
    /// over to when it crosses an edge — inside a frame. The scroll view moves only by these four kinds,
    /// all plain values: a track (and a ballistic activity) copies as plain memory, several times a frame.
    enum AxisSimulation: Simulation {
        case decay(DecaySimulation)
        case spring(SpringSimulation)
        case timed(TimedSimulation)
        case glide(GlideSimulation)

        /// Wraps `simulation`, one of the four kinds (Motion's `landingSimulation` gives a decay or a
        /// spring). Any other kind, which the scroll view never makes, rests where it starts.
        init(_ simulation: some Simulation) {
            switch simulation {
            case let s as AxisSimulation: self = s
            case let s as DecaySimulation: self = .decay(s)
            case let s as SpringSimulation: self = .spring(s)
            case let s as TimedSimulation: self = .timed(s)
            case let s as GlideSimulation: self = .glide(s)
            default:
                let p = simulation.position(at: 0)
                self = .timed(TimedSimulation(from: p, to: p, duration: 0))
            }
        }

        /// The timed scroll's simulation, if that is what this is.
        var timed: TimedSimulation? {
            if case .timed(let s) = self { return s }
            return nil
        }

        /// The decay, if that is what this is.
        var decay: DecaySimulation? {
            if case .decay(let s) = self { return s }
            return nil
        }

        func position(at time: Double) -> Double {
            switch self {
            case .decay(let s): s.position(at: time)
            case .spring(let s): s.position(at: time)
            case .timed(let s): s.position(at: time)
            case .glide(let s): s.position(at: time)
            }
        }

        func velocity(at time: Double) -> Double {
            switch self {
            case .decay(let s): s.velocity(at: time)
            case .spring(let s): s.velocity(at: time)
            case .timed(let s): s.velocity(at: time)
            case .glide(let s): s.velocity(at: time)
            }
        }

        func isDone(at time: Double) -> Bool {
            switch self {
            case .decay(let s): s.isDone(at: time)
            case .spring(let s): s.isDone(at: time)
            case .timed(let s): s.isDone(at: time)
            case .glide(let s): s.isDone(at: time)
            }
        }
    }
}
