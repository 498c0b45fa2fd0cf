// EventTranslator: SDL events into HostEvents (input in points, with their own timestamps on the host clock).

import CSDL2
import Foundation
import ScrollKit

/// What one SDL event means to a host.
public enum HostEvent: Sendable, Hashable {
    /// Input for the client.
    case input(InputEvent)
    /// The window's size or pixel density may have changed: the host re-reads both.
    case resized
    /// The window moved to another display: refresh rate and pixel density may have changed.
    case displayChanged
    /// The window's contents were lost (uncovered, render targets reset): draw a frame.
    case exposed
    /// The window was minimized (nothing is drawn until ``restored``).
    case minimized
    /// The window came back from being minimized.
    case restored
    /// The user closed the window or the process was asked to quit (SIGINT, SIGTERM).
    case quit
}

/// Turns SDL events into ``HostEvent``s, with each input event's own timestamp on the host clock.
///
/// - Pointer: the left mouse button only (other buttons are ignored); moves are reported while it is
///   held. Mouse events that SDL synthesizes from touch (`which == SDL_TOUCH_MOUSEID`, `UInt32.max`)
///   are dropped: the finger events themselves are reported, so a touch drag is never handled twice.
/// - Touch: every finger, as `.touchDown` / `.touchMove` / `.touchUp` with `device` = the SDL touch
///   device (`touchId`) and `id` = `fingerId`, at its position in window points (SDL reports fractions
///   of the window). A view tree gives each finger an arena of its own (`GestureRecognizer`).
/// - Losing focus while the button or a finger is down ends the gesture with a `pointerUp` at the last
///   location (a view tree then ends its touch gestures where their pointers are).
/// - Wheel: `preciseX` / `preciseY` (fractional steps, SDL 2.0.18+), at the pointer position
///   (`mouseX` / `mouseY`, SDL 2.26). With ``WheelDirection/system`` (the default) the values are
///   passed as SDL reports them, which already follows the user's "natural scrolling" setting
///   (`SDL_MOUSEWHEEL_FLIPPED`); ``WheelDirection/physical`` multiplies flipped values by -1, so
///   positive `dy` always means the wheel turned away from the user. With Shift held, a purely
///   vertical turn becomes horizontal, as desktops do (see ``shiftedWheel(dx:dy:)``): turned toward
///   the user, it scrolls right. The fractions and the event times are kept as they are: a view tree
///   tells a trackpad's stream from a wheel's notches by them (`WheelStreamClassifier`). With Ctrl held,
///   a wheel turn is a zoom instead: `.magnify` by ``wheelZoomScale(steps:)`` of its `dy`, about the pointer.
/// - Keys: arrows, PageUp, PageDown, Home, End, Space, Escape, Tab, Return (and the keypad's Enter,
///   both `.enter`), Backspace and Delete become `.key` with the modifiers held (Shift, Ctrl, Alt: Shift+arrows
///   extend a selection, Ctrl+arrows move by word); Tab with Shift held is `.backtab` (no modifiers);
///   Ctrl + A, C, V, X, Y, Z are the letter keys `.a` … `.z` (``editingLetter(forKeycode:)``), by the key's
///   symbol in the user's layout; Ctrl + `+` / `=` / `-` / `0` (and the keypad's) are `.zoomIn`, `.zoomOut`,
///   `.zoomReset` (``zoomKey(forKeycode:)``). Other letters arrive as text, not keys.
/// - Text: `SDL_TEXTINPUT` becomes `.text` as typed, case and spaces kept (Space is also `.key(.space)`, for
///   views that page with it); text typed with Ctrl held is a shortcut, not text (dropped). While SDL's text
///   input is off (``isTextInputActive``) printable keys make their shortcut text instead.
/// - Input methods: `SDL_TEXTEDITING` and `SDL_TEXTEDITING_EXT` become `.composition` with the composition's
///   cursor as a Unicode scalar offset (SDL counts UTF-8 code points, `SDL_utf8strlen`); see
///   ``compositionEvent(text:start:length:extended:time:)``. The window host turns on
///   `SDL_HINT_IME_SUPPORT_EXTENDED_TEXT`, so a long composition arrives whole, with its cursor.
/// - Middle button down: `.pastePrimary` at the pointer (X11's and Wayland's paste of the primary selection).
/// - Right button down: `.secondaryClick` at the pointer (a context menu).
/// - Time: SDL stamps events in whole milliseconds since `SDL_Init` (a 32-bit counter); the
///   translator adds ``timeOffset`` (host clock seconds minus SDL ticks in seconds) and unwraps the
///   counter against ``referenceTicks``.
public struct EventTranslator: Sendable {
    /// How wheel directions are reported.
    public enum WheelDirection: Sendable, Hashable {
        /// As SDL reports them: follows the user's natural-scrolling preference.
        case system
        /// Flipped devices are multiplied by -1: positive `dy` = wheel turned away from the user.
        case physical
    }

    /// Host-clock seconds at SDL tick 0: `hostTime = ticks / 1000 + timeOffset`.
    public var timeOffset: Double = 0
    /// A recent `SDL_GetTicks64()`, used to unwrap the 32-bit event timestamps (set before each batch).
    public var referenceTicks: UInt64 = 0
    /// The window's size in points (finger positions are fractions of it).
    public var windowSize: Size = .zero
    /// SDL's window units per point: the X11 desktop scale, where SDL reports mouse positions in pixels
    /// (1 where it reports points). Mouse and wheel positions are divided by it.
    public var windowScale: Double = 1 {
        didSet { if !(windowScale.isFinite && windowScale > 0) { windowScale = 1 } }
    }
    /// How wheel directions are reported (default: ``WheelDirection/system``).
    public var wheelDirection: WheelDirection = .system

    /// Whether the left button or a finger is down.
    public var isPointerDown: Bool { isMouseDown || fingersDown > 0 }
    private var isMouseDown = false
    /// Fingers down minus fingers up (never negative).
    private var fingersDown = 0
    /// Whether Shift is held, as the last key event's modifier state (`keysym.mod`) said; cleared
    /// when the window loses focus. Decides Tab versus Backtab and horizontal wheel turns, so it
    /// follows the event stream: a Shift pressed between two wheel events of one batch counts for
    /// the second only. A host that sees no key events may set it itself.
    public var isShiftHeld = false
    /// Whether Ctrl is held, followed like ``isShiftHeld``: Ctrl + wheel zooms, Ctrl + `+` / `-` / `0` are
    /// the zoom keys, and text typed with Ctrl held is a shortcut, not text (dropped).
    public var isControlHeld = false
    private var lastLocation = Point.zero
    /// The game controller's left stick as its last axis events left it (EventTranslator+Gamepad.swift).
    var stick = (x: 0.0, y: 0.0)
    /// Whether SDL's text input is on (`SDL_StartTextInput`; it is when SDL starts). While it is off, SDL sends
    /// no `SDL_TEXTINPUT`, and a printable key without Ctrl or Alt becomes its shortcut text
    /// (``shortcutText(forKeycode:shift:)``), so "f", "?" and digits still reach an app's shortcuts. A window
    /// host sets it as it starts and stops text input (``TextInputSession``).
    public var isTextInputActive = true
    /// The composition so far when an input method's text arrives in pieces (`SDL_TEXTEDITING` without the
    /// extended-text hint: 31-byte pieces, each with its scalar offset in `start`).
    var compositionSoFar = ""
    /// The scalar count of ``compositionSoFar``.
    var compositionScalars = 0

    /// Maps SDL's millisecond stamps onto a host clock read by `now` (seconds): waits (at most 2 ms) for
    /// SDL's tick counter to move, so the offset is read at a tick boundary, then sets ``timeOffset`` and
    /// ``referenceTicks``.
    public mutating func calibrate(now: () -> Double) {
        let first = SDL_GetTicks64()
        var ticks = first
        var t = now()
        let limit = t + 0.002
        while ticks == first && t < limit {
            ticks = SDL_GetTicks64()
            t = now()
        }
        timeOffset = t - Double(ticks) / 1000
        referenceTicks = ticks
    }

    public init(timeOffset: Double = 0, windowSize: Size = .zero, wheelDirection: WheelDirection = .system) {
        self.timeOffset = timeOffset
        self.windowSize = windowSize
        self.wheelDirection = wheelDirection
    }

    /// A mouse position in SDL's window units, in points.
    private func point(_ x: Int32, _ y: Int32) -> Point {
        windowScale == 1 ? Point(x: Double(x), y: Double(y)) : Point(x: Double(x) / windowScale, y: Double(y) / windowScale)
    }

    /// The host-clock time of an SDL event timestamp (milliseconds, 32-bit, may have wrapped).
    public func hostTime(ticks: UInt32) -> Double {
        // The event happened at most 2^32 ms before the reference: unwrap the low 32 bits.
        let reference = referenceTicks
        let back = UInt64(UInt32(truncatingIfNeeded: reference) &- ticks)
        let full = reference >= back ? reference - back : UInt64(ticks)
        return Double(full) / 1000 + timeOffset
    }

    /// The meaning of `event` as an array: empty for ignored events, else one event (see
    /// ``hostEvent(for:)``). O(1); allocates the one-element array.
    package mutating func translate(_ event: SDL_Event) -> [HostEvent] {
        hostEvent(for: event).map { [$0] } ?? []
    }

    /// The meaning of `event`, or nil for events ScrollKit ignores (a drag ended by losing focus is
    /// its pointer-up). O(1), and no allocation except for text input: what a window host calls for
    /// each event it drains, in every frame.
    package mutating func hostEvent(for event: SDL_Event) -> HostEvent? {
        let time = hostTime(ticks: event.common.timestamp)
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit

        case SDL_MOUSEBUTTONDOWN:
            let b = event.button
            guard b.which != Self.touchMouseID else { return nil }
            if Int32(b.button) == SDL_BUTTON_MIDDLE { return .input(.pastePrimary(location: point(b.x, b.y), time: time)) }
            if Int32(b.button) == SDL_BUTTON_RIGHT { return .input(.secondaryClick(location: point(b.x, b.y), time: time)) }
            guard Int32(b.button) == SDL_BUTTON_LEFT else { return nil }
            let p = point(b.x, b.y)
            isMouseDown = true
            lastLocation = p
            return .input(.pointerDown(location: p, time: time))

        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != Self.touchMouseID, isMouseDown else { return nil }
            let p = point(m.x, m.y)
            lastLocation = p
            return .input(.pointerMove(location: p, time: time))

        case SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, Int32(b.button) == SDL_BUTTON_LEFT,
                  isMouseDown else { return nil }
            let p = point(b.x, b.y)
            isMouseDown = false
            lastLocation = p
            return .input(.pointerUp(location: p, time: time))

        case SDL_MOUSEWHEEL:
            let w = event.wheel
            guard w.which != Self.touchMouseID else { return nil }
            var dx = Double(w.preciseX), dy = Double(w.preciseY)
            if dx == 0 && dy == 0 { dx = Double(w.x); dy = Double(w.y) }   // drivers without precise values
            guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return nil }
            if wheelDirection == .physical && w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue {
                dx = -dx; dy = -dy
            }
            let p = point(w.mouseX, w.mouseY)
            if isControlHeld {
                guard dy != 0 else { return nil }
                return .input(.magnify(scale: Self.wheelZoomScale(steps: dy), location: p, time: time))
            }
            if isShiftHeld { (dx, dy) = Self.shiftedWheel(dx: dx, dy: dy) }
            return .input(.wheel(dx: dx, dy: dy, location: p, time: time))

        case SDL_FINGERDOWN:
            let f = event.tfinger
            let p = fingerLocation(f)
            fingersDown += 1
            lastLocation = p
            return .input(.touchDown(device: Int(truncatingIfNeeded: f.touchId), id: Int(truncatingIfNeeded: f.fingerId),
                                     location: p, time: time))

        case SDL_FINGERMOTION:
            let f = event.tfinger
            let p = fingerLocation(f)
            lastLocation = p
            return .input(.touchMove(device: Int(truncatingIfNeeded: f.touchId), id: Int(truncatingIfNeeded: f.fingerId),
                                     location: p, time: time))

        case SDL_FINGERUP:
            let f = event.tfinger
            let p = fingerLocation(f)
            fingersDown = max(0, fingersDown - 1)
            lastLocation = p
            return .input(.touchUp(device: Int(truncatingIfNeeded: f.touchId), id: Int(truncatingIfNeeded: f.fingerId),
                                   location: p, time: time))

        case SDL_KEYDOWN:
            let mod = event.key.keysym.mod, sym = event.key.keysym.sym
            isShiftHeld = Self.hasShift(mod)
            isControlHeld = Self.hasControl(mod)
            let modifiers = Self.modifiers(mod)
            if isControlHeld {
                if let zoom = Self.zoomKey(forKeycode: sym) { return .input(.key(zoom, time: time)) }
                if let letter = Self.editingLetter(forKeycode: sym) { return .input(.key(letter, modifiers: modifiers, time: time)) }
            }
            guard let key = Self.key(forKeycode: sym, shift: isShiftHeld) else {
                guard !isTextInputActive, !isControlHeld, !modifiers.contains(.alt),
                      let text = Self.shortcutText(forKeycode: sym, shift: isShiftHeld) else { return nil }
                return .input(.text(text, time: time))
            }
            return .input(.key(key, modifiers: key == .backtab ? [] : modifiers, time: time))

        case SDL_KEYUP:
            isShiftHeld = Self.hasShift(event.key.keysym.mod)
            isControlHeld = Self.hasControl(event.key.keysym.mod)
            return nil

        case SDL_TEXTINPUT:
            guard !isControlHeld else { return nil }
            let text = Self.string(fromText: event.text)
            guard !text.isEmpty else { return nil }
            return .input(.text(text, time: time))

        case SDL_TEXTEDITING:
            let e = event.edit
            let text = withUnsafeBytes(of: e.text) { Self.string(fromNulTerminated: $0) }
            return compositionEvent(text: text, start: Int(e.start), length: Int(e.length),
                                    extended: Self.extendedCompositionEnabled, time: time)

        case SDL_TEXTEDITING_EXT:
            let e = event.editExt
            let text = e.text.map { String(cString: $0) } ?? ""
            return compositionEvent(text: text, start: Int(e.start), length: Int(e.length), extended: true, time: time)

        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_MAXIMIZED:
                return .resized
            case SDL_WINDOWEVENT_DISPLAY_CHANGED:
                return .displayChanged
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN:
                return .exposed
            case SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_HIDDEN:
                return .minimized
            case SDL_WINDOWEVENT_RESTORED:
                return .restored
            case SDL_WINDOWEVENT_CLOSE:
                return .quit
            case SDL_WINDOWEVENT_FOCUS_LOST:
                isShiftHeld = false
                isControlHeld = false
                guard isPointerDown else { return nil }
                isMouseDown = false
                fingersDown = 0
                return .input(.pointerUp(location: lastLocation, time: time))
            default:
                return nil
            }

        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return .exposed

        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP, SDL_CONTROLLERAXISMOTION,
             SDL_CONTROLLERDEVICEADDED, SDL_CONTROLLERDEVICEREMOVED:
            return gamepadEvent(event, time: time)

        default:
            return nil
        }
    }

    /// `SDL_TOUCH_MOUSEID`: the `which` of mouse events SDL synthesizes from touch.
    public static let touchMouseID = UInt32.max

    /// The ScrollKit key for an SDL keycode, or nil. With `shift`, Tab is `.backtab`; Shift changes
    /// no other key but F10 (Shift+F10 is the Menu key, as in GTK and Windows).
    package static func key(forKeycode code: SDL_Keycode, shift: Bool = false) -> Key? {
        func k(_ c: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(bitPattern: c.rawValue) }
        switch code {
        case k(SDLK_UP): return .up
        case k(SDLK_DOWN): return .down
        case k(SDLK_LEFT): return .left
        case k(SDLK_RIGHT): return .right
        case k(SDLK_PAGEUP): return .pageUp
        case k(SDLK_PAGEDOWN): return .pageDown
        case k(SDLK_HOME): return .home
        case k(SDLK_END): return .end
        case k(SDLK_SPACE): return .space
        case k(SDLK_ESCAPE): return .escape
        case k(SDLK_AC_BACK): return .back
        case k(SDLK_APPLICATION), k(SDLK_MENU): return .contextMenu
        case k(SDLK_F10) where shift: return .contextMenu
        case k(SDLK_TAB): return shift ? .backtab : .tab
        case k(SDLK_RETURN), k(SDLK_KP_ENTER): return .enter
        case k(SDLK_BACKSPACE): return .backspace
        case k(SDLK_DELETE): return .delete
        default: return nil
        }
    }

    /// The zoom key Ctrl + `code` is: `+`, `=` (the unshifted plus on most layouts) and the keypad's plus
    /// zoom in; `-` and the keypad's minus zoom out; `0` and the keypad's 0 reset. Else nil.
    package static func zoomKey(forKeycode code: SDL_Keycode) -> Key? {
        func k(_ c: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(bitPattern: c.rawValue) }
        switch code {
        case k(SDLK_PLUS), k(SDLK_EQUALS), k(SDLK_KP_PLUS): return .zoomIn
        case k(SDLK_MINUS), k(SDLK_KP_MINUS): return .zoomOut
        case k(SDLK_0), k(SDLK_KP_0): return .zoomReset
        default: return nil
        }
    }

    /// The zoom factor of a Ctrl + wheel turn of `steps` (positive: turned away from the user, zooming in):
    /// `ScrollingView.wheelZoomStep` to the power `steps`. Scripts' `"ctrl": true` wheels use the same rule.
    public static func wheelZoomScale(steps: Double) -> Double {
        guard steps.isFinite else { return 1 }
        return pow(ScrollingView.wheelZoomStep, steps)
    }

    /// A wheel turn made with Shift held, as desktops read it: a purely vertical turn (`dx` 0) becomes
    /// horizontal, `dx = -dy`, `dy = 0`, so turning the wheel toward the user (negative `dy`) scrolls
    /// right. A turn that already has a horizontal part is kept as it is (a system that converts
    /// Shift-wheel itself reports `dx` already). Scripts' `"shift": true` wheels use the same rule.
    public static func shiftedWheel(dx: Double, dy: Double) -> (dx: Double, dy: Double) {
        guard dx == 0, dy != 0 else { return (dx, dy) }
        return (-dy, 0)
    }

    /// The modifiers (Shift, Ctrl, Alt, either side) of an SDL modifier state.
    static func modifiers(_ mod: UInt16) -> KeyModifiers {
        var m: KeyModifiers = []
        if hasShift(mod) { m.insert(.shift) }
        if hasControl(mod) { m.insert(.control) }
        if mod & UInt16(truncatingIfNeeded: KMOD_ALT.rawValue) != 0 { m.insert(.alt) }
        return m
    }

    /// Whether an SDL modifier state has either Ctrl key.
    static func hasControl(_ mod: UInt16) -> Bool {
        mod & UInt16(truncatingIfNeeded: KMOD_CTRL.rawValue) != 0
    }

    /// Whether an SDL modifier state has either Shift key.
    static func hasShift(_ mod: UInt16) -> Bool {
        mod & UInt16(truncatingIfNeeded: KMOD_SHIFT.rawValue) != 0
    }

    private func fingerLocation(_ f: SDL_TouchFingerEvent) -> Point {
        func clean(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        return Point(x: clean(f.x) * windowSize.width, y: clean(f.y) * windowSize.height)
    }

    private static func string(fromText event: SDL_TextInputEvent) -> String {
        withUnsafeBytes(of: event.text) { string(fromNulTerminated: $0) }
    }

    /// The UTF-8 text before the first NUL of a fixed-size buffer (malformed bytes become U+FFFD).
    static func string(fromNulTerminated raw: UnsafeRawBufferPointer) -> String {
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
}
