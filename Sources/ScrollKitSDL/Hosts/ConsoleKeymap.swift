// ConsoleKeymap: the console keyboard's layout (xkbcommon), from XKB_DEFAULT_LAYOUT and its companions,
// /etc/default/keyboard, else "us": keys to keysyms and typed text, with Shift, Caps Lock and AltGr.

import CScrollKitKMS
import Foundation
import ScrollKit

/// A keyboard layout compiled by xkbcommon from its names (xkb-data's rules), with the state of the modifiers:
/// what a Linux keycode types on the console.
@MainActor
final class ConsoleKeymap {
    /// A layout's names (RMLVO without the rules): what `setxkbmap` and `/etc/default/keyboard` take.
    struct Names: Equatable, Sendable {
        var layout: String
        var variant = ""
        var model = ""
        var options = ""

        /// The layout to use: `XKB_DEFAULT_LAYOUT` (with `XKB_DEFAULT_VARIANT`, `_MODEL`, `_OPTIONS`) when set,
        /// else `XKBLAYOUT` (with `XKBVARIANT`, `XKBMODEL`, `XKBOPTIONS`) in `keyboardFile` (Debian's
        /// /etc/default/keyboard, a shell file of `NAME="value"` lines), else "us".
        static func resolve(environment: [String: String], keyboardFile: String?) -> Names {
            if let layout = environment["XKB_DEFAULT_LAYOUT"], !layout.isEmpty {
                return Names(layout: layout, variant: environment["XKB_DEFAULT_VARIANT"] ?? "",
                             model: environment["XKB_DEFAULT_MODEL"] ?? "", options: environment["XKB_DEFAULT_OPTIONS"] ?? "")
            }
            let file = keyboardFile.map(parseShellAssignments) ?? [:]
            if let layout = file["XKBLAYOUT"], !layout.isEmpty {
                return Names(layout: layout, variant: file["XKBVARIANT"] ?? "", model: file["XKBMODEL"] ?? "",
                             options: file["XKBOPTIONS"] ?? "")
            }
            return Names(layout: "us")
        }

        /// `NAME=value`, `NAME="value"` and `NAME='value'` lines (comments and other lines skipped).
        static func parseShellAssignments(_ text: String) -> [String: String] {
            var values: [String: String] = [:]
            for raw in text.split(whereSeparator: \.isNewline) {
                let line = raw.trimmingCharacters(in: .whitespaces)
                guard !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") else { continue }
                let name = String(line[..<eq]).replacingOccurrences(of: "export ", with: "")
                    .trimmingCharacters(in: .whitespaces)
                var value = String(line[line.index(after: eq)...]).trimmingCharacters(in: .whitespaces)
                if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                    value = String(value.dropFirst().dropLast())
                }
                values[name] = value
            }
            return values
        }
    }

    /// What a key did: its keysym (0: none), the text it typed ("" none, control characters removed), and the
    /// modifiers in effect.
    struct Stroke: Equatable {
        var keysym: UInt32
        var text: String
        var modifiers: KeyModifiers
        var capsLock: Bool
        var altGr: Bool
    }

    private let handle: OpaquePointer
    let names: Names
    /// The layout's human name in xkb-data ("German").
    let layoutName: String

    /// Compiles `names`' keymap; nil with the reason when xkb-data has no such layout (or xkbcommon is missing).
    init?(names: Names, reason: inout String) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = sk_keymap_new(names.layout, names.variant, names.model, names.options, &message, message.count) else {
            reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        self.handle = handle
        self.names = names
        layoutName = String(cString: sk_keymap_layout_name(handle))
    }

    isolated deinit { sk_keymap_free(handle) }

    /// The C keymap, for the input's key repeat (which keys repeat).
    var pointer: OpaquePointer { handle }

    /// Key `code` (Linux KEY_*) pressed (`direction` 1), released (0) or repeated (2).
    func key(_ code: Int32, direction: Int32) -> Stroke {
        var keysym: UInt32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        let mods = sk_keymap_key(handle, code, direction, &keysym, &buffer, buffer.count)
        let raw = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let text = String(raw.unicodeScalars.filter { !$0.properties.generalCategory.isControlLike }.map(Character.init))
        var modifiers: KeyModifiers = []
        if mods & Int32(SK_MOD_SHIFT) != 0 { modifiers.insert(.shift) }
        if mods & Int32(SK_MOD_CONTROL) != 0 { modifiers.insert(.control) }
        if mods & Int32(SK_MOD_ALT) != 0 { modifiers.insert(.alt) }
        return Stroke(keysym: keysym, text: text, modifiers: modifiers, capsLock: mods & Int32(SK_MOD_CAPS) != 0,
                      altGr: mods & Int32(SK_MOD_ALTGR) != 0)
    }

    /// Whether key `code` repeats while held.
    func repeats(_ code: Int32) -> Bool { sk_keymap_repeats(handle, code) != 0 }

    /// The ScrollKit key a keysym names (`shift`: Shift held; Shift+Tab, ISO_Left_Tab, is ``Key/backtab``), nil
    /// for the rest. The values are X11's keysyms (xkbcommon-keysyms.h), keypad ones included (NumLock off).
    nonisolated static func key(forKeysym sym: UInt32, shift: Bool) -> Key? {
        switch sym {
        case 0xff52, 0xff97: return .up
        case 0xff54, 0xff99: return .down
        case 0xff51, 0xff96: return .left
        case 0xff53, 0xff98: return .right
        case 0xff55, 0xff9a: return .pageUp
        case 0xff56, 0xff9b: return .pageDown
        case 0xff50, 0xff95: return .home
        case 0xff57, 0xff9c: return .end
        case 0x20: return .space
        case 0xff1b: return .escape
        case 0x1008ff26: return .back   // XF86Back (a keyboard's or remote's Back key)
        case 0xff09: return shift ? .backtab : .tab
        case 0xfe20: return .backtab   // ISO_Left_Tab: what Shift+Tab is in XKB's layouts
        case 0xff0d, 0xff8d: return .enter
        case 0xff08: return .backspace
        case 0xffff, 0xff9f: return .delete
        default: return nil
        }
    }

    /// With Control held: the editing letters (by the letter the layout puts on the key: Ctrl+Z is the key
    /// labelled Z on a German keyboard too) and the zoom keys, from the keysym's lower-case form.
    nonisolated static func controlKey(forKeysym sym: UInt32) -> Key? {
        switch sym {
        case 0x61, 0x41: return .a
        case 0x63, 0x43: return .c
        case 0x76, 0x56: return .v
        case 0x78, 0x58: return .x
        case 0x79, 0x59: return .y
        case 0x7a, 0x5a: return .z
        case 0x2b, 0x3d, 0xffab: return .zoomIn      // plus, equal, KP_Add
        case 0x2d, 0xffad: return .zoomOut           // minus, KP_Subtract
        case 0x30, 0xffb0: return .zoomReset         // 0, KP_0
        default: return nil
        }
    }

    /// The VT a keysym switches to (XF86Switch_VT_1 ... 12: Ctrl+Alt+F1 ... F12 in XKB's layouts), nil for others.
    nonisolated static func virtualTerminal(forKeysym sym: UInt32) -> Int? {
        (0x1008_FE01...0x1008_FE0C).contains(sym) ? Int(sym - 0x1008_FE00) : nil
    }

    /// The input events a stroke makes, as a window's SDL key and text events would: the named key (with
    /// Control: the editing letters and zoom keys by keysym), then the text it typed when neither Control nor
    /// Alt is held (Space: both `.key(.space)` and " ", as in a window).
    nonisolated static func events(for stroke: Stroke, time: Double) -> [InputEvent] {
        let mods = stroke.modifiers
        if mods.contains(.control), let key = controlKey(forKeysym: sk_keymap_lower(stroke.keysym)) {
            return [.key(key, modifiers: key.isZoom ? [] : mods, time: time)]
        }
        var events: [InputEvent] = []
        if let key = key(forKeysym: stroke.keysym, shift: mods.contains(.shift)) {
            events.append(.key(key, modifiers: key == .backtab ? [] : mods, time: time))
            if key != .space { return events }
        }
        if !stroke.text.isEmpty, !mods.contains(.control), !mods.contains(.alt) {
            events.append(.text(stroke.text, time: time))
        }
        return events
    }
}

private extension Key {
    var isZoom: Bool { self == .zoomIn || self == .zoomOut || self == .zoomReset }
}

private extension Unicode.GeneralCategory {
    var isControlLike: Bool { self == .control || self == .format || self == .unassigned || self == .surrogate }
}
