// MonotonicOffset: the offset between CLOCK_MONOTONIC (the display server's UST, Wayland's presentation times)
// and the host clock, sampled so that a thread preempted between the two reads does not skew it.

import CScrollKitX11

/// How far CLOCK_MONOTONIC is ahead of a ``RealClock`` (seconds), for turning the display's timestamps into
/// host-clock times.
///
/// The host clock counts SDL's performance counter (CLOCK_MONOTONIC_RAW on Linux), the display server stamps
/// vblanks with CLOCK_MONOTONIC: the two differ by a constant plus a drift of a few parts per million (NTP's
/// slew). Reading them back to back once per use would be off by however long the thread was preempted
/// between the reads — milliseconds on a loaded machine. So the offset is sampled with the monotonic read
/// bracketed by two host reads, the tightest of a few tries kept, and refreshed twice a second (the drift
/// moves it by about a microsecond in that time).
struct MonotonicOffset {
    private var value: Double?
    private var sampledAt = -Double.infinity
    /// The bracket of the sample in use (seconds).
    private(set) var uncertainty = Double.infinity

    /// CLOCK_MONOTONIC seconds minus `clock`'s seconds.
    mutating func seconds(_ clock: RealClock) -> Double {
        let now = clock.now
        if clock.originChanges != origin {
            // The host clock's origin moved (a run starts): every earlier sample is off by that move.
            value = nil
            uncertainty = .infinity
            lastTight = -.infinity
            origin = clock.originChanges
        }
        if value == nil || now - sampledAt > 0.5 || now < sampledAt { sample(clock) }
        return value ?? 0
    }
    private var origin = 0

    private mutating func sample(_ clock: RealClock) {
        var best: (gap: Double, offset: Double)?
        for _ in 0..<8 {
            let before = clock.now
            let monotonic = Double(sk_monotonic_us()) / 1_000_000
            let after = clock.now
            let gap = after - before
            if best.map({ gap < $0.gap }) ?? true { best = (gap, monotonic - (before + after) / 2) }
            if gap < 0.000_005 { break }
        }
        guard let best else { return }
        sampledAt = clock.now
        // A loose sample (the thread was preempted in every try) replaces a tight one only once it is old.
        if value == nil || best.gap <= max(uncertainty, 0.000_02) || sampledAt - lastTight > 5 {
            value = best.offset
            uncertainty = best.gap
            if best.gap <= 0.000_02 { lastTight = sampledAt }
        }
    }
    private var lastTight = -Double.infinity
}
