/// Tells a trackpad's continuous scroll apart from a mouse wheel's notches, one wheel event at a time,
/// from the only things SDL 2 lets one observe: the values and their timing. It also measures how fast
/// notches come, for the wheel's acceleration. A pure value: it never reads a clock.
///
/// SDL 2 reports a trackpad's two-finger scroll (and any other precise scroller) as `SDL_MOUSEWHEEL`
/// events like a wheel's, with fractional `preciseX`/`preciseY` (SDL 2.0.18+) at the device's rate,
/// 60–200 Hz; it says nothing about the device (`which` is the same mouse for both). A notched wheel
/// sends whole steps, one per notch.
///
/// ## The rule
/// An event is **continuous** (part of a stream) when either:
/// 1. a stream is running and the event comes less than ``streamEndGap`` (50 ms) after the previous wheel
///    event, whatever its values (hysteresis: a stream's whole or zero steps, or one slower interval,
///    do not turn it into notches mid-gesture); or
/// 2. it has a fractional component (`dx` or `dy` not a whole number), the previous wheel event had one
///    too, and it comes less than ``streamStartInterval`` (25 ms) after it, but not at the same time (two
///    events with one timestamp show no rate: a burst delivered at once). This event starts a stream.
///
/// Every other event is a **notch**, and ends any stream. So whole steps never start a stream, however
/// fast (a mouse wheel spun fast accelerates instead, see below), and fractional steps slower than 40 a
/// second are notches (each a glide). The first event of a stream can only be recognised by the second:
/// it is a notch (a glide) until then. A stream ends when no wheel event comes for ``streamEndGap``:
/// the scroll view notices it at the first frame whose `timestamp` reaches the last event's time plus
/// the gap (see the scroll view's `wheelStream` notes), and the classifier at the next event.
///
/// What devices give:
/// - Notched mouse: whole steps (±1, or more when the system reports several clicks at once; on macOS
///   SDL rounds the system's already accelerated wheel deltas up to whole steps, so a fast spin there is
///   accelerated twice) → notches at any speed.
/// - Trackpad (macOS's precise `deltaY`, about 10 px a step; Wayland, where SDL divides the compositor's
///   axis value by 10 px a step; Windows precision touchpads, 120 a step): fractional steps 5–16 ms apart
///   → a stream from the second event on.
/// - Hi-res wheels (SDL 2.0.18+ on drivers that report them, e.g. Wayland's `axis_value120`: multiples of
///   1/120 step, often 1/8 step per detent): turned slowly (25 ms or more between events) → notches that
///   glide their fraction of a step; spun fast → a stream, which the content follows 1:1 and coasts
///   after (the same as a trackpad). SDL 2 gives no way to tell such a wheel from a trackpad, and a
///   trackpad's values can land on the 1/120 lattice too, so the lattice is not used.
/// - X11: SDL 2's X11 backend reports the wheel only as X buttons 4–7, one whole step a click, so there
///   every device, a trackpad too, sends notches (a fast trackpad swipe accelerates like a fast-spun
///   wheel). Streams come from Wayland, macOS and Windows.
/// - On macOS the system itself keeps sending decaying events after the fingers lift (momentum): they
///   continue the stream, so the content follows them, and the fling at the stream's end starts from
///   their (by then low) speed.
///
/// ## Notch acceleration
/// A notch is *quick* when it comes less than ``accelerationInterval`` (50 ms) after the previous notch
/// turned the same way (the same signs of `dx` and `dy`). Number the notches of a series of quick ones
/// from the slow notch that began it, 0, then 1, 2, …: notch `n` moves `min(1 + max(0, n − 2) · 0.5, 4)`
/// times its steps (``notchMultiplier``). So the first three notches of a quick series move their plain
/// step (a deliberate one, two or three notches move exactly that), each one after adds half a step more
/// than the one before, up to 4 steps a notch from notch 8 (the ninth) on. A slow notch,
/// a turn the other way, or any continuous event starts counting again.
///
/// ## Bad input
/// Non-finite values count as 0 and are never fractional; a non-finite or backward time counts as the
/// previous event's time (an interval of 0). Intervals within ``timeSlack`` (1 µs) of a threshold count
/// as reaching it.
public struct WheelStreamClassifier: Sendable, Hashable {
    /// What an event is.
    public enum Kind: Sendable, Hashable {
        /// A wheel notch (or a slow fractional step): a glide.
        case notch
        /// Part of a continuous stream: the content follows it 1:1.
        case continuous
    }

    /// The classification of one event.
    public struct Classification: Sendable, Hashable {
        /// Notch or continuous.
        public var kind: Kind
        /// Whether this event starts a stream (the first continuous event after a notch or a gap).
        public var startsStream: Bool
        /// For a notch: how many steps each of its steps moves (1 unless accelerated; see the type's
        /// notes). 1 for continuous events.
        public var notchMultiplier: Double
    }

    /// Seconds between two fractional events below which they start a stream: 0.025 (40 events a second).
    public static let streamStartInterval: Double = 0.025
    /// Seconds without a wheel event that end a stream: 0.05. Longer than the slowest trackpad's
    /// interval (16 ms) three times over, short enough that the content holds still for at most three
    /// 60 Hz frames between the last event and the fling.
    public static let streamEndGap: Double = 0.05
    /// Seconds between two notches turned the same way below which the second is quick: 0.05 (20 notches a second).
    public static let accelerationInterval: Double = 0.05
    /// Quick notches in a row that still move their plain step: 2 (with the notch that began the series, three).
    public static let unacceleratedQuickNotches: Int = 2
    /// How much each further quick notch adds to the multiplier: 0.5 steps.
    public static let accelerationIncrement: Double = 0.5
    /// The largest multiplier: 4 steps a notch.
    public static let maximumNotchMultiplier: Double = 4

    /// Intervals within this of a threshold count as reaching it (1 µs; SDL stamps events in whole
    /// milliseconds, and their differences in seconds are not exact).
    public static let timeSlack: Double = 1e-6

    private var lastTime: Double?
    private var lastWasFractional = false
    /// Whether the last event classified was continuous (a stream is running, as far as events show).
    public private(set) var isInStream = false
    private var lastNotchTime: Double?
    private var lastNotchSignX = 0
    private var lastNotchSignY = 0
    private var quickNotches = 0

    /// A classifier that has seen no event.
    public init() {}

    /// Whether `value` has a fractional part (non-finite values do not).
    public static func isFractional(_ value: Double) -> Bool {
        value.isFinite && value != value.rounded(.towardZero)
    }

    /// Classifies a wheel event of (`dx`, `dy`) steps at `time` seconds and remembers it.
    public mutating func classify(dx: Double, dy: Double, time: Double) -> Classification {
        let dx = dx.isFinite ? dx : 0, dy = dy.isFinite ? dy : 0
        let previous = lastTime ?? -Double.infinity
        let now = time.isFinite ? max(time, previous) : (lastTime ?? 0)
        let interval = now - previous
        let fractional = Self.isFractional(dx) || Self.isFractional(dy)
        lastTime = now
        defer { lastWasFractional = fractional }

        if isInStream && interval < Self.streamEndGap - Self.timeSlack {
            quickNotches = 0
            lastNotchTime = nil
            return Classification(kind: .continuous, startsStream: false, notchMultiplier: 1)
        }
        if fractional && lastWasFractional && interval > Self.timeSlack
            && interval < Self.streamStartInterval - Self.timeSlack {
            isInStream = true
            quickNotches = 0
            lastNotchTime = nil
            return Classification(kind: .continuous, startsStream: true, notchMultiplier: 1)
        }
        isInStream = false
        let signX = dx > 0 ? 1 : (dx < 0 ? -1 : 0), signY = dy > 0 ? 1 : (dy < 0 ? -1 : 0)
        if let last = lastNotchTime, now - last < Self.accelerationInterval - Self.timeSlack,
           signX == lastNotchSignX, signY == lastNotchSignY {
            quickNotches += 1
        } else {
            quickNotches = 0
        }
        lastNotchTime = now
        lastNotchSignX = signX
        lastNotchSignY = signY
        return Classification(kind: .notch, startsStream: false, notchMultiplier: Self.notchMultiplier(quickNotches))
    }

    /// The multiplier of notch number `quickNotches` of a quick series (0: the notch that began it):
    /// `min(1 + max(0, quickNotches − 2) · 0.5, 4)`.
    public static func notchMultiplier(_ quickNotches: Int) -> Double {
        let extra = Double(max(0, quickNotches - unacceleratedQuickNotches)) * accelerationIncrement
        return min(1 + extra, maximumNotchMultiplier)
    }
}
