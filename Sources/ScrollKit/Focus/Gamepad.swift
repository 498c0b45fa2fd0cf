// Game controllers and rotary encoders as ScrollKit sees them: GamepadButton, KeyRepeat (the initial delay and
// rate of a held button), StickNavigation (a stick's dead zone and acceleration) and RotaryEditable.

/// A game controller's buttons, by their position (SDL's game controller names; the script event's `button`).
/// The D-pad moves focus, ``a`` activates, ``b`` and ``back`` are the one Back (``ViewNode/performBack()``),
/// the shoulders page, and ``x``, ``y`` and ``start`` go to ``ViewNode/onGamepadButton`` (the app's own).
public enum GamepadButton: String, Sendable, Hashable, CaseIterable {
    case dpadUp, dpadDown, dpadLeft, dpadRight
    case a, b, x, y
    case leftShoulder, rightShoulder
    case start, back

    /// The key the button stands for in the tree: the D-pad's arrows, A's Return, B's and Back's
    /// ``Key/back``, the shoulders' PageUp and PageDown; `nil` for X, Y and Start (the app's buttons).
    public var key: Key? {
        switch self {
        case .dpadUp: return .up
        case .dpadDown: return .down
        case .dpadLeft: return .left
        case .dpadRight: return .right
        case .a: return .enter
        case .b, .back: return .back
        case .leftShoulder: return .pageUp
        case .rightShoulder: return .pageDown
        case .x, .y, .start: return nil
        }
    }

    /// Whether holding the button repeats it (``KeyRepeat``): the D-pad and the shoulders, as on tvOS and
    /// Android TV. A, B and the others act once per press.
    public var repeats: Bool {
        switch self {
        case .dpadUp, .dpadDown, .dpadLeft, .dpadRight, .leftShoulder, .rightShoulder: return true
        default: return false
        }
    }
}

/// How a held button repeats: once at the press, again after ``delay``, then every ``interval``. Repeats fall
/// at exact times after the press (press + delay + k · interval) and are played at the frame whose target
/// time reaches them, so a headless run repeats the same way at any frame rate.
public struct KeyRepeat: Sendable, Hashable {
    /// Seconds from the press to the first repeat.
    public var delay: Double
    /// Seconds between repeats after the first.
    public var interval: Double

    public init(delay: Double, interval: Double) {
        self.delay = delay.isFinite ? max(0.01, delay) : 0.5
        self.interval = interval.isFinite ? max(0.01, interval) : 0.1
    }

    /// The default: 0.5 s, then 10 moves a second (Android's dispatcher waits 500 ms; its 50 ms rate is for
    /// typing, too fast to follow focus across posters).
    public static let standard = KeyRepeat(delay: 0.5, interval: 0.1)

    /// How many repeats a button held from `pressed` to `now` has made (0 before the first).
    public func repeatCount(pressed: Double, now: Double) -> Int {
        let held = now - pressed
        guard held.isFinite, held >= delay else { return 0 }
        return 1 + Int(((held - delay) / interval + 1e-9).rounded(.down))
    }

    /// The time of repeat number `k` (1-based) of a press at `pressed`.
    public func repeatTime(_ k: Int, pressed: Double) -> Double {
        pressed + delay + Double(max(0, k - 1)) * interval
    }
}

/// How a game controller's stick moves focus: past a radial ``deadZone`` it acts as the D-pad direction it
/// leans to most, at once and then repeating, faster the further it leans and the longer it is held.
public struct StickNavigation: Sendable, Hashable {
    /// The deflection (0…1) below which the stick is at rest.
    public var deadZone: Double
    /// Seconds between moves at the dead zone's edge, and at full deflection.
    public var slowInterval: Double
    public var fastInterval: Double
    /// Seconds of holding after which the interval has shrunk to half (the acceleration).
    public var accelerationTime: Double

    public init(deadZone: Double = 0.3, slowInterval: Double = 0.4, fastInterval: Double = 0.12, accelerationTime: Double = 1.0) {
        self.deadZone = deadZone.isFinite ? min(max(deadZone, 0), 0.95) : 0.3
        self.slowInterval = slowInterval.isFinite ? max(0.01, slowInterval) : 0.4
        self.fastInterval = fastInterval.isFinite ? max(0.01, min(fastInterval, self.slowInterval)) : 0.12
        self.accelerationTime = accelerationTime.isFinite ? max(0.01, accelerationTime) : 1.0
    }

    public static let standard = StickNavigation()

    /// The D-pad direction the stick at (`x`, `y`) (each -1…1, y down) stands for, and its deflection past
    /// the dead zone (0…1); `nil` inside the dead zone or for non-finite input.
    public func direction(x: Double, y: Double) -> (button: GamepadButton, amount: Double)? {
        guard x.isFinite, y.isFinite else { return nil }
        let r = min(1, (x * x + y * y).squareRoot())
        guard r > deadZone else { return nil }
        let amount = (r - deadZone) / (1 - deadZone)
        let button: GamepadButton = abs(x) > abs(y) ? (x > 0 ? .dpadRight : .dpadLeft) : (y > 0 ? .dpadDown : .dpadUp)
        return (button, amount)
    }

    /// Seconds until the next move for a deflection `amount` (0…1) held for `held` seconds.
    public func interval(amount: Double, held: Double) -> Double {
        let a = amount.isFinite ? min(max(amount, 0), 1) : 0
        let base = slowInterval + (fastInterval - slowInterval) * a
        let h = held.isFinite ? max(0, held) : 0
        return max(fastInterval / 2, base / (1 + h / accelerationTime))
    }
}

/// A control whose value a rotary encoder edits (LVGL's edit mode): Return on it while the encoder is in use
/// switches the encoder from moving focus to changing the value, and back; Escape or Back leaves edit mode.
@MainActor
public protocol RotaryEditable: AnyObject {
    /// Changes the value by `steps` of the control's own step (positive: clockwise, up).
    func rotaryEdit(steps: Int)
}

extension SliderView: RotaryEditable {
    public func rotaryEdit(steps: Int) {
        setValueByUser(value + Double(steps) * keyStep)
    }
}

extension StepperView: RotaryEditable {
    public func rotaryEdit(steps: Int) {
        stepBy(Double(steps))
    }
}
