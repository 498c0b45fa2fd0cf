// Envelopes as simulations: PulseSimulation (0 → 1 → 0 along half a sine) and FadeEnvelope (fade in, hold,
// fade out).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Motion

// Two small simulations the home scene animates with `Animated`: a card's pulse and the toast's fade.
// Each is a closed-form function of time, so every frame samples it at its `targetTimestamp`.

/// A pulse: 0 → 1 → 0 along half a sine over `duration` seconds, then at rest at 0.
struct PulseSimulation: Simulation, Hashable {
    var duration: Double

    func position(at time: Double) -> Double {
        guard duration > 0, time > 0, time < duration else { return 0 }
        return sin(Double.pi * time / duration)
    }

    func velocity(at time: Double) -> Double {
        guard duration > 0, time > 0, time < duration else { return 0 }
        return Double.pi / duration * cos(Double.pi * time / duration)
    }

    func isDone(at time: Double) -> Bool { !(time < duration) }
}

/// An opacity that rises linearly to 1 over `fadeIn` seconds, holds, and falls linearly to 0 over the last
/// `fadeOut` seconds of `duration`; at rest at 0 after it (a toast's).
struct FadeEnvelope: Simulation, Hashable {
    var duration: Double
    var fadeIn: Double
    var fadeOut: Double

    func position(at time: Double) -> Double {
        guard time >= 0, time < duration else { return 0 }
        let rise = fadeIn > 0 ? time / fadeIn : 1
        let fall = fadeOut > 0 ? (duration - time) / fadeOut : 1
        return max(0, min(1, rise, fall))
    }

    func velocity(at time: Double) -> Double {
        guard time >= 0, time < duration else { return 0 }
        let rise = fadeIn > 0 ? time / fadeIn : 1
        let fall = fadeOut > 0 ? (duration - time) / fadeOut : 1
        if min(rise, fall) >= 1 { return 0 }
        return rise <= fall ? 1 / fadeIn : -1 / fadeOut
    }

    func isDone(at time: Double) -> Bool { !(time < duration) }
}
