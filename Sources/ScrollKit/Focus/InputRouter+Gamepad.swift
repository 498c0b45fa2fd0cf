// InputRouter's game controller and rotary encoder: buttons as the keys they stand for, repeat while held (on
// the frames' target times), the stick with its dead zone and acceleration, and the encoder's navigate and edit
// modes; RotaryMode, and the root's onGamepadButton and rotaryMode.

/// What a rotary encoder's turns do: move focus in order (navigate), or change the focused control's value
/// (edit, for a ``RotaryEditable`` control such as ``SliderView`` and ``StepperView``), as LVGL's encoder groups.
public enum RotaryMode: String, Sendable, Hashable, CaseIterable {
    case navigate, edit
}

/// The router's game controller and encoder state.
struct RouterPadState {
    /// The held button that repeats, when it went down, and how many repeats it has made.
    var held: (button: GamepadButton, pressed: Double, fired: Int)?
    /// The stick leaning past its dead zone: the direction, how far, since when, and the next move's time.
    var stick: (button: GamepadButton, amount: Double, since: Double, next: Double)?
    var repeatTiming = KeyRepeat.standard
    var stickNavigation = StickNavigation.standard
    var rotaryMode = RotaryMode.navigate
    /// Whether a rotary event came: from then on Return on a ``RotaryEditable`` control toggles edit mode.
    var rotaryUsed = false
    var onButton: (@MainActor (GamepadButton) -> Bool)?

    var needsFrames: Bool { held != nil || stick != nil }
}

extension InputRouter {
    func gamepad(_ button: GamepadButton, pressed: Bool, time: Double) {
        if pressed {
            if let held = pad.held, held.button == button { return }   // a second down of a held button
            if button.repeats { pad.held = (button, time, 0) }
            fire(button, time: time)
        } else if pad.held?.button == button {
            pad.held = nil
        }
    }

    /// One press (or repeat) of `button`: the app's ``ViewNode/onGamepadButton`` first, then the key it stands for.
    func fire(_ button: GamepadButton, time: Double) {
        if let onButton = pad.onButton, onButton(button) { return }
        guard let key = button.key else { return }
        focusMovesByKey = true
        self.key(key, time: time)
        focusMovesByKey = false
    }

    func gamepadStick(x: Double, y: Double, time: Double) {
        guard let (button, amount) = pad.stickNavigation.direction(x: x, y: y) else {
            pad.stick = nil
            return
        }
        if let stick = pad.stick, stick.button == button {
            pad.stick?.amount = amount
            return
        }
        let next = time + pad.stickNavigation.interval(amount: amount, held: 0)
        pad.stick = (button, amount, time, next)
        fire(button, time: time)
    }

    /// The repeats due by `now`, each at its own time.
    func padBeforeStep(_ now: Double) {
        if let held = pad.held {
            let due = pad.repeatTiming.repeatCount(pressed: held.pressed, now: now)
            var fired = held.fired
            while fired < due, let h = pad.held, h.button == held.button, h.pressed == held.pressed {
                fired += 1
                pad.held?.fired = fired
                fire(held.button, time: pad.repeatTiming.repeatTime(fired, pressed: held.pressed))
            }
        }
        var moves = 0
        while let stick = pad.stick, stick.next <= now, moves < 64 {
            moves += 1
            let interval = pad.stickNavigation.interval(amount: stick.amount, held: stick.next - stick.since)
            pad.stick?.next = stick.next + interval
            fire(stick.button, time: stick.next)
        }
    }

    func rotary(steps: Int, time: Double) {
        guard steps != 0 else { return }
        pad.rotaryUsed = true
        if pad.rotaryMode == .edit {
            if let view = focus?.view, focus?.item == nil, view.isDescendant(of: root), let editable = view as? RotaryEditable {
                editable.rotaryEdit(steps: steps)
                return
            }
            pad.rotaryMode = .navigate   // the edited control lost focus
        }
        focusMovesByKey = true
        for _ in 0..<min(abs(steps), 1_000) {
            if !moveFocus(steps > 0 ? .next : .previous) { break }
        }
        focusMovesByKey = false
    }

    /// Return on a focused ``RotaryEditable`` once an encoder is in use enters or leaves edit mode; Escape or
    /// Back leaves it. Returns whether the key was used so.
    func rotaryModeKey(_ key: Key) -> Bool {
        guard pad.rotaryUsed, let view = focus?.view, focus?.item == nil, view is RotaryEditable else {
            if pad.rotaryMode == .edit && (key == .escape || key == .back) { pad.rotaryMode = .navigate; return true }
            return false
        }
        switch key {
        case .enter:
            pad.rotaryMode = pad.rotaryMode == .edit ? .navigate : .edit
            view.setNeedsDisplay()
            return true
        case .escape, .back:
            guard pad.rotaryMode == .edit else { return false }
            pad.rotaryMode = .navigate
            view.setNeedsDisplay()
            return true
        default:
            return false
        }
    }
}

extension ViewNode {
    /// The app's game controller buttons: called with each press (and repeat) before the library acts on it;
    /// return true to take it. X, Y and Start do nothing else. Set it on the root.
    public var onGamepadButton: (@MainActor (GamepadButton) -> Bool)? {
        get { rootView.router?.pad.onButton }
        set { rootView.ensureRouter().pad.onButton = newValue }
    }

    /// The rotary encoder's mode (``RotaryMode``): Return on a focused ``RotaryEditable`` control switches it once
    /// an encoder has turned; an app may set it. Set it on any view of the tree.
    public var rotaryMode: RotaryMode {
        get { rootView.router?.pad.rotaryMode ?? .navigate }
        set { rootView.ensureRouter().pad.rotaryMode = newValue }
    }

    /// How held D-pad and shoulder buttons repeat (``KeyRepeat/standard`` unless set); set it on the root.
    public var buttonRepeat: KeyRepeat {
        get { rootView.router?.pad.repeatTiming ?? .standard }
        set { rootView.ensureRouter().pad.repeatTiming = newValue }
    }

    /// How the stick moves focus (``StickNavigation/standard`` unless set); set it on the root.
    public var stickNavigation: StickNavigation {
        get { rootView.router?.pad.stickNavigation ?? .standard }
        set { rootView.ensureRouter().pad.stickNavigation = newValue }
    }
}
