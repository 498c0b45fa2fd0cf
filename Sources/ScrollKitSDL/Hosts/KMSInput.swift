// KMSInput: the console's input devices (evdev) as the InputEvents a window's events become, with the keyboard's
// layout (ConsoleKeymap, xkbcommon) and key repeat.

import CScrollKitKMS
import Foundation
import ScrollKit

/// The console's input devices (keyboards, mice, tablets, touchscreens, rotary encoders), read straight from
/// evdev (`/dev/input/event*`) and turned into the ``InputEvent``s a window's events become.
///
/// Keys go through the console's layout (``ConsoleKeymap``: `XKB_DEFAULT_LAYOUT`, else /etc/default/keyboard,
/// else "us"): keysyms make the named keys, and the text a key types (Shift, Caps Lock, AltGr and dead keys'
/// levels as the layout has them) arrives as `.text`, as SDL's text input does in a window. A held key repeats
/// (a timer of the input's own, at the keyboard's delay and rate, or `SCROLLKIT_KEY_REPEAT`'s) when the
/// keymap says it does. Without a
/// keymap (no xkbcommon, no xkb-data) the keys are mapped by code (US positions) and type no text.
/// Mice: relative motion moves a pointer kept on the screen, buttons press and release at it, wheels and rotary
/// encoders (REL_DIAL) scroll. Tablets: absolute positions. Touchscreens: multi-touch slots as touches. Times
/// are the kernel's (CLOCK_MONOTONIC) on the host clock.
@MainActor
final class KMSInput {
    private var handle: OpaquePointer?
    private let clock: RealClock
    /// The descriptors to wait on (the devices', the key-repeat timer's).
    let descriptors: [Int32]
    /// The layout, nil when none could be compiled (keys by code then).
    let keymap: ConsoleKeymap?
    /// Why there is no keymap, "" when there is one.
    private(set) var keymapProblem = ""
    /// A VT the user asked for (Ctrl+Alt+Fn), until the host takes it.
    var requestedVT: Int?
    private var events = [sk_kms_input_event](repeating: sk_kms_input_event(), count: 32)
    private var pointer = Point(x: 0, y: 0)
    private var modifiers: KeyModifiers = []
    private var buttonsDown = 0
    private var monotonic = MonotonicOffset()

    /// Opens the devices, or returns nil when there are none (the reason in `reason`); compiles the layout.
    init?(clock: RealClock, reason: inout String) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = sk_kms_input_open(&message, message.count) else {
            reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        var fds = [Int32](repeating: -1, count: 24)
        let n = Int(sk_kms_input_fds(handle, &fds, 24))
        self.handle = handle
        self.clock = clock
        descriptors = Array(fds.prefix(min(n, 24)))
        let names = ConsoleKeymap.Names.resolve(environment: ProcessInfo.processInfo.environment,
                                                keyboardFile: try? String(contentsOfFile: "/etc/default/keyboard", encoding: .utf8))
        var why = ""
        var keymap = ConsoleKeymap(names: names, reason: &why)
        if keymap == nil, names.layout != "us" {
            var second = ""
            keymap = ConsoleKeymap(names: .init(layout: "us"), reason: &second)
            keymapProblem = why + (keymap == nil ? "; " + second : "; using us")
        } else if keymap == nil {
            keymapProblem = why
        }
        self.keymap = keymap
        if let keymap { sk_kms_input_set_keymap(handle, keymap.pointer) }
        if let (delay, rate) = Self.repeatSetting(ProcessInfo.processInfo.environment["SCROLLKIT_KEY_REPEAT"]) {
            sk_kms_input_set_repeat(handle, Int32(delay), rate > 0 ? Int32((1000 / Double(rate)).rounded()) : 0)
        }
    }

    /// `SCROLLKIT_KEY_REPEAT`: "DELAY,RATE" (milliseconds before the first repeat, repeats a second, as
    /// `xset r rate` takes them; "0": no repeat), nil when unset or malformed (the keyboard's own then).
    nonisolated static func repeatSetting(_ value: String?) -> (delay: Int, rate: Int)? {
        guard let value, !value.isEmpty else { return nil }
        if value == "0" { return (1, 0) }
        let parts = value.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let delay = parts[0], let rate = parts[1], (1...10_000).contains(delay), (0...1000).contains(rate) else { return nil }
        return (delay, rate)
    }

    isolated deinit {
        if let handle { sk_kms_input_close(handle) }
    }

    /// The key repeat's delay and interval in seconds (interval 0: no repeat).
    var repeatTiming: (delay: Double, interval: Double) {
        var delay: Int32 = 0, period: Int32 = 0
        sk_kms_input_repeat(handle, &delay, &period)
        return (Double(delay) / 1000, Double(period) / 1000)
    }

    /// The ScrollKit key for a Linux KEY_* code and whether Shift is held, or nil: the keys without a keymap.
    nonisolated static func key(forCode code: Int32, shift: Bool) -> Key? {
        switch code {
        case 103: return .up
        case 108: return .down
        case 105: return .left
        case 106: return .right
        case 104: return .pageUp
        case 109: return .pageDown
        case 102: return .home
        case 107: return .end
        case 57: return .space
        case 1: return .escape
        case 158: return .back   // KEY_BACK
        case 127, 139: return .contextMenu   // KEY_COMPOSE (the PC Menu key), KEY_MENU
        case 68 where shift: return .contextMenu   // Shift+F10
        case 15: return shift ? .backtab : .tab
        case 28, 96: return .enter   // Enter, keypad Enter
        case 14: return .backspace
        case 111: return .delete
        case 30: return .a
        case 46: return .c
        case 47: return .v
        case 45: return .x
        case 21: return .y
        case 44: return .z
        default: return nil
        }
    }

    /// A key without a keymap: modifiers by code, the editing letters only with Ctrl, Ctrl+Alt+F1...F12 a VT.
    private func keyByCode(_ e: sk_kms_input_event, time: Double, deliver: (InputEvent) -> Void) {
        let pressed = e.value != 0
        switch e.code {
        case 42, 54: if pressed { modifiers.insert(.shift) } else { modifiers.remove(.shift) }
        case 29, 97: if pressed { modifiers.insert(.control) } else { modifiers.remove(.control) }
        case 56, 100: if pressed { modifiers.insert(.alt) } else { modifiers.remove(.alt) }
        default:
            guard pressed else { break }
            if modifiers.isSuperset(of: [.control, .alt]), let vt = [59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 87, 88].firstIndex(of: e.code) {
                requestedVT = vt + 1
                break
            }
            guard let key = Self.key(forCode: e.code, shift: modifiers.contains(.shift)) else { break }
            if [.a, .c, .v, .x, .y, .z].contains(key), !modifiers.contains(.control) { break }
            deliver(.key(key, modifiers: key == .backtab ? [] : modifiers, time: time))
        }
    }

    /// A key through the layout: the named key and the typed text (``ConsoleKeymap/events(for:time:)``).
    private func keyByKeymap(_ keymap: ConsoleKeymap, _ e: sk_kms_input_event, time: Double, deliver: (InputEvent) -> Void) {
        let stroke = keymap.key(e.code, direction: e.value)
        guard e.value != 0 else { return }
        if let vt = ConsoleKeymap.virtualTerminal(forKeysym: stroke.keysym) {
            requestedVT = vt
            return
        }
        for event in ConsoleKeymap.events(for: stroke, time: time) { deliver(event) }
    }

    /// Reads what arrived (never blocks) and hands each event to `deliver`, positions in points on a screen of
    /// `size` points at `scale` pixels per point.
    func poll(size: Size, scale: Double, deliver: (InputEvent) -> Void) {
        guard let handle else { return }
        while true {
            let n = events.withUnsafeMutableBufferPointer { sk_kms_input_poll(handle, $0.baseAddress, Int32($0.count)) }
            if n <= 0 { return }
            let offset = monotonic.seconds(clock)
            for i in 0..<Int(n) {
                let e = events[i]
                let time = Double(e.time_ns) / 1e9 - offset
                switch e.kind {
                case SK_KMS_KEY:
                    if let keymap { keyByKeymap(keymap, e, time: time, deliver: deliver) }
                    else { keyByCode(e, time: time, deliver: deliver) }
                case SK_KMS_POINTER_MOTION:
                    if e.relative != 0 {
                        pointer = Point(x: min(max(pointer.x + e.x / scale, 0), size.width),
                                        y: min(max(pointer.y + e.y / scale, 0), size.height))
                    } else {
                        pointer = Point(x: e.x * size.width, y: e.y * size.height)
                    }
                    deliver(.pointerMove(location: pointer, time: time))
                case SK_KMS_POINTER_BUTTON:
                    guard e.code == 0x110 else { break }   // BTN_LEFT
                    if e.value != 0 { buttonsDown += 1; deliver(.pointerDown(location: pointer, time: time)) }
                    else if buttonsDown > 0 { buttonsDown -= 1; deliver(.pointerUp(location: pointer, time: time)) }
                case SK_KMS_WHEEL:
                    // A detent is one line, as SDL's wheel events are (y > 0: away from the user, content moves down).
                    deliver(.wheel(dx: e.x, dy: e.y, location: pointer, time: time))
                case SK_KMS_TOUCH:
                    let at = Point(x: e.x * size.width, y: e.y * size.height)
                    let device = Int(e.device), id = Int(e.slot)
                    switch e.value {
                    case 1: deliver(.touchDown(device: device, id: id, location: at, time: time))
                    case 0: deliver(.touchUp(device: device, id: id, location: at, time: time))
                    default: deliver(.touchMove(device: device, id: id, location: at, time: time))
                    }
                default:
                    break
                }
            }
        }
    }
}
