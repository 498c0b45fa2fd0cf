// FrameClock: a display link's time source — RealClock (SDL's performance counter) and VirtualClock (exact, never
// sleeps).

import CSDL2
import CScrollKitPixels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time source of a display link: a clock in seconds that can wait for a deadline.
///
/// ``RealClock`` reads SDL's performance counter and really sleeps; ``VirtualClock`` steps in
/// whole frames and never sleeps, so headless runs and tests are exact and instant.
public protocol FrameClock: AnyObject {
    /// The current time in seconds since the clock's origin.
    var now: Double { get }
    /// Returns once `now >= deadline` (at once when the deadline has passed or is not finite).
    func sleep(until deadline: Double)
    /// Whether time only moves when the clock is told to (no real waiting).
    var isVirtual: Bool { get }
}

/// The real clock: SDL's performance counter (`SDL_GetPerformanceCounter` / `Frequency`,
/// a monotonic nanosecond clock on Linux), in seconds since ``resetOrigin()``.
///
/// Waiting for a deadline is staged to be both precise and cheap on the CPU:
/// 1. `SDL_Delay` (whole milliseconds) for the bulk, until 1 to 2 ms are left, calling ``onWait``
///    between steps;
/// 2. one `nanosleep` (microsecond resolution) until ``spinMargin`` before the deadline, with the
///    thread's timer slack at 1 µs on Linux (50 µs by default: the kernel may wake a sleep that late);
/// 3. a spin on the counter for the rest (0.1 ms by default; ``FinalPhase/yield`` calls
///    `sched_yield` in the loop instead).
///
/// The spin does not give the CPU away: on a busy machine a yielding loop loses a whole
/// scheduler slice (several milliseconds) to whoever runs next, which is exactly the jitter to
/// avoid. It costs about `spinMargin` plus the sleep's wake-up latency per frame: with 0.3 ms and
/// the default slack it was 2–3% of one core at 60 Hz, with 0.1 ms and 1 µs slack about 1 point less
/// (the animating window list under Xvfb). The counter does not need `SDL_Init`.
public final class RealClock: FrameClock {
    /// How the last ``spinMargin`` seconds before a deadline are spent.
    public enum FinalPhase: Sendable, Hashable {
        /// Read the counter in a tight loop (default: keeps the CPU, so no scheduler slice is lost).
        case spin
        /// `sched_yield()` between reads (gentler on a busy machine, later by a slice there).
        case yield
    }

    private let frequency: Double
    private var origin: UInt64
    /// How long before a deadline sleeping stops and the final phase starts (seconds, ≥ 0).
    public var spinMargin: Double
    /// What the final phase does (default ``FinalPhase/spin``).
    public var finalPhase: FinalPhase = .spin
    /// Called between sleeps while waiting for a deadline: when ``wakeDescriptor`` is readable, else at
    /// most every ``waitStep`` seconds; never in the last millisecond (1–2 ms with the stepped sleep).
    /// A window host pumps SDL's event queue here so that input is timestamped when it arrives rather
    /// than once per frame. Held strongly (a closure).
    public var onWait: (() -> Void)?
    /// The longest single sleep while ``onWait`` is set and there is no ``wakeDescriptor`` (seconds;
    /// default 4 ms).
    public var waitStep: Double = 0.004
    /// A file descriptor that becomes readable when an event arrives (a window's display connection),
    /// or -1 (default). With one, a wait sleeps on it until the deadline instead of waking every
    /// ``waitStep`` to call ``onWait``: ``onWait`` runs once as the wait starts (so nothing already read
    /// waits unseen) and then only when the descriptor is readable, so input is still timestamped as it
    /// arrives while a frame with no input wakes once. A descriptor that fails is no longer used.
    public var wakeDescriptor: Int32 = -1
    private var hasFineTimerSlack = false

    /// A clock whose origin is now.
    /// - Parameter spinMargin: seconds spent in the final phase (non-finite or negative → 0.1 ms).
    public init(spinMargin: Double = 0.0001) {
        let f = SDL_GetPerformanceFrequency()
        frequency = Double(f == 0 ? 1_000_000_000 : f)
        origin = SDL_GetPerformanceCounter()
        self.spinMargin = spinMargin.isFinite && spinMargin >= 0 ? spinMargin : 0.0001
    }

    /// Moves the origin to the present moment (`now` becomes 0).
    public func resetOrigin() {
        origin = SDL_GetPerformanceCounter()
        originChanges &+= 1
    }

    /// How many times ``resetOrigin()`` moved the origin: an offset to another clock taken before a change is
    /// stale after it.
    public private(set) var originChanges = 0

    /// Seconds since the origin. Resolution: the counter's (1 ns on Linux).
    public var now: Double {
        seconds(fromCounter: SDL_GetPerformanceCounter())
    }

    /// Converts an `SDL_GetPerformanceCounter()` value to this clock's seconds.
    public func seconds(fromCounter counter: UInt64) -> Double {
        // Signed difference: counters read before the origin give negative times.
        Double(Int64(bitPattern: counter &- origin)) / frequency
    }

    public var isVirtual: Bool { false }

    public func sleep(until deadline: Double) {
        wait(until: deadline, spin: spinMargin)
    }

    /// Sleeps until `deadline`; with `spinning` false, without the final phase (no ``spinMargin``): it ends
    /// within the sleep's wake-up latency after the deadline (tens of microseconds here), without the spin's
    /// CPU (0.1 ms a wait: at most 0.6 % of a core at 60 Hz). For a deadline with slack to spare, such as a
    /// display-paced frame's start.
    public func sleep(until deadline: Double, spinning: Bool) {
        wait(until: deadline, spin: spinning ? spinMargin : 0)
    }

    /// The staged wait, with `spin` seconds for the final phase.
    private func wait(until deadline: Double, spin: Double) {
        guard deadline.isFinite else { return }
        if !hasFineTimerSlack {
            // Linux lets a sleep wake up to 50 µs late by default (timer slack): ask for 1 µs, so the
            // fine sleep ends where asked and the spin after it stays short. Once per clock (the
            // setting is per thread; clocks sleep on the thread that runs the loop).
            _ = sk_set_timer_slack_ns(1_000)
            hasFineTimerSlack = true
        }
        if let onWait, wakeDescriptor >= 0 {
            // Asleep on the descriptor up to the margin, handing over each event that arrives more than
            // a millisecond before the deadline; the stages below finish whatever is left (a signal, an
            // event in the last millisecond, a descriptor that stays readable).
            onWait()
            var wakes = 0
            while wakes < 64 {
                let left = deadline - now - spin
                if left <= 0.000_05 { break }
                let woke = sk_wait_readable(wakeDescriptor, left)
                if woke < 0 { wakeDescriptor = -1; break }   // the stepped sleep, from now on
                if woke == 0 || deadline - now - spin <= 0.001 { break }
                onWait()
                wakes += 1
            }
        }
        // 1. Whole milliseconds, leaving at least 1 ms (+ the margin) for the finer stages.
        while true {
            let bulk = deadline - now - spin - 0.001
            if bulk < 0.001 { break }
            let step = onWait == nil ? bulk : min(bulk, max(waitStep, 0.001))
            SDL_Delay(UInt32(min(step * 1000, 60_000)))   // rounds down: never oversleeps
            onWait?()
        }
        // 2. One fine sleep to just before the deadline.
        let fine = deadline - now - spin
        if fine > 0.000_05 {
            var request = timespec(tv_sec: 0, tv_nsec: Int(min(fine, 0.5) * 1e9))
            var left = timespec()
            _ = nanosleep(&request, &left)
        }
        // 3. The last moment.
        while now < deadline {
            if finalPhase == .yield { sched_yield() }
        }
    }
}

/// A clock that advances only by whole frames: its time is exactly `Double(tick) / hz`.
///
/// It never sleeps: ``sleep(until:)`` jumps to the first tick at or after the deadline.
/// Headless hosts and tests use it so that frame `k` has the timestamp `Double(k) / hz`, bit for bit.
///
/// ```swift
/// let clock = VirtualClock(hz: 60)
/// clock.advance(frames: 3)   // clock.now == 3.0 / 60
/// ```
public final class VirtualClock: FrameClock {
    /// Ticks per second (sanitized like ``FramePacer/sanitizedRate(_:)``).
    public let hz: Double
    /// The current tick (≥ 0).
    public private(set) var tick: Int

    public init(hz: Double, tick: Int = 0) {
        self.hz = FramePacer.sanitizedRate(hz)
        self.tick = max(0, tick)
    }

    /// `Double(tick) / hz`, exactly.
    public var now: Double { Double(tick) / hz }

    public var isVirtual: Bool { true }

    /// Jumps forward to the first tick whose time is at or after `deadline`; never goes back,
    /// never blocks. A non-finite deadline does nothing.
    public func sleep(until deadline: Double) {
        guard deadline.isFinite, deadline > now else { return }
        let estimate = deadline * hz
        guard estimate < Double(Int.max / 4) else { return }
        var k = max(tick, Int(estimate.rounded(.up)))
        while k > tick, Double(k - 1) / hz >= deadline { k -= 1 }
        while Double(k) / hz < deadline { k += 1 }
        tick = k
    }

    /// Moves forward by `frames` ticks (negative counts do nothing).
    public func advance(frames: Int = 1) {
        tick += max(0, frames)
    }
}
