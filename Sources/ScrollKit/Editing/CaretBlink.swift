// CaretBlink: the text caret's opacity over time, a Simulation sampled through Animated like every other motion:
// solid for a moment after each keystroke, then blinking with soft edges, then solid and still (no more frames).

import Motion

/// The caret's opacity (0…1) since the last keystroke or caret move: solid for ``solidDuration``, then on
/// and off every ``period`` with fades of ``fadeDuration``, and done after ``blinkCount`` blinks, solid, as
/// GTK stops blinking after `gtk-cursor-blink-timeout` (10 s), so an idle field asks for no frames.
struct CaretBlink: Simulation, Hashable {
    /// Seconds the caret stays solid after typing or a move.
    static let solidDuration = 0.5
    /// Seconds of one blink (half off, half on).
    static let period = 1.0
    /// Seconds each fade takes.
    static let fadeDuration = 0.12
    /// Blinks before it rests, solid.
    static let blinkCount = 10

    func position(at time: Double) -> Double {
        let t = time.isFinite ? time : 0
        guard t > Self.solidDuration, !isDone(at: t) else { return 1 }
        let u = (t - Self.solidDuration).truncatingRemainder(dividingBy: Self.period)
        let half = Self.period / 2, fade = Self.fadeDuration
        if u < fade { return 1 - u / fade }               // fading out
        if u < half { return 0 }                          // off
        if u < half + fade { return (u - half) / fade }   // fading in
        return 1                                          // on
    }

    func velocity(at time: Double) -> Double {
        (position(at: time + 1e-4) - position(at: time)) / 1e-4
    }

    func isDone(at time: Double) -> Bool {
        (time.isNaN ? 0 : time) >= Self.solidDuration + Double(Self.blinkCount) * Self.period
    }
}
