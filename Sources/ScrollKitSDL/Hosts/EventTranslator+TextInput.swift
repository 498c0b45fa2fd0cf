// EventTranslator+TextInput: an input method's composition (SDL_TEXTEDITING, SDL_TEXTEDITING_EXT) as
// `.composition` with a scalar cursor, the Ctrl+letter editing keys, and shortcut text made from keys while
// SDL's text input is off.

import CSDL2
import ScrollKit

extension EventTranslator {
    /// Whether SDL sends compositions whole (`SDL_HINT_IME_SUPPORT_EXTENDED_TEXT` is on: what a window host
    /// sets). Without it SDL 2.26's IBus and Fcitx back ends cut a composition into 31-byte pieces and give
    /// no cursor.
    static var extendedCompositionEnabled: Bool {
        SDL_GetHintBoolean(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, SDL_FALSE) == SDL_TRUE
    }

    /// Turns on `SDL_HINT_IME_SUPPORT_EXTENDED_TEXT`, so compositions of any length arrive whole
    /// (`SDL_TEXTEDITING_EXT` past 31 bytes) with their cursor. SDL reads the hint at each composition.
    static func enableExtendedComposition() {
        SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")
    }

    /// The `.composition` an SDL editing event means, as SDL 2.26 fills it (`SDL_SendEditingText` from the
    /// IBus and Fcitx back ends; offsets count UTF-8 code points, `SDL_utf8strlen`, so they are Unicode
    /// scalar offsets):
    ///
    /// - `extended` (the hint is on): `text` is the whole composition; `start` is the cursor (with
    ///   `length` -1) or the start of the segment being converted (with its `length`), -1 when the input
    ///   method gave neither: the cursor is then at the end. Out-of-range values are clamped.
    /// - Not extended: `text` is a piece of at most 31 bytes that begins at scalar `start` of the
    ///   composition; a piece at 0 begins a new one, a piece at the end so far extends it. Each piece gives
    ///   the composition so far, its cursor at the end (SDL passes none).
    ///
    /// An empty `text` ends the composition (`.composition("", cursor: 0)`).
    mutating func compositionEvent(text: String, start: Int, length: Int, extended: Bool, time: Double) -> HostEvent {
        if text.isEmpty {
            compositionSoFar = ""
            compositionScalars = 0
            return .input(.composition("", cursor: 0, time: time))
        }
        let count = text.unicodeScalars.count
        if extended {
            compositionSoFar = text
            compositionScalars = count
            let cursor = start < 0 ? count : min(start, count)
            return .input(.composition(text, cursor: cursor, time: time))
        }
        if start > 0 && start == compositionScalars {
            compositionSoFar += text
            compositionScalars += count
        } else {
            compositionSoFar = text
            compositionScalars = count
        }
        return .input(.composition(compositionSoFar, cursor: compositionScalars, time: time))
    }

    /// The editing letter Ctrl + `code` is (A, C, V, X, Y, Z: select all, copy, paste, cut, redo, undo), by the
    /// key's symbol in the user's layout (Ctrl+Z is the key labelled Z on an AZERTY keyboard too). Else nil.
    package static func editingLetter(forKeycode code: SDL_Keycode) -> Key? {
        func k(_ c: SDL_KeyCode) -> SDL_Keycode { SDL_Keycode(bitPattern: c.rawValue) }
        switch code {
        case k(SDLK_a): return .a
        case k(SDLK_c): return .c
        case k(SDLK_v): return .v
        case k(SDLK_x): return .x
        case k(SDLK_y): return .y
        case k(SDLK_z): return .z
        default: return nil
        }
    }

    /// The text a key typed for a shortcut while SDL's text input is off (no `SDL_TEXTINPUT` then): the key's
    /// symbol in the user's layout for printable keys (letters upper-cased with Shift; digits and punctuation
    /// shifted as on a US keyboard, so Shift+/ is "?"), nil for other keys and Space (Space is `.key(.space)`).
    package static func shortcutText(forKeycode code: SDL_Keycode, shift: Bool) -> String? {
        guard code > 0x20, code < 0x110000, code & Int32(bitPattern: UInt32(SDLK_SCANCODE_MASK)) == 0,
              let scalar = Unicode.Scalar(UInt32(code)), scalar.value != 0x7F,
              !scalar.properties.generalCategory.isControl else { return nil }
        let plain = String(Character(scalar))
        guard shift else { return plain }
        if let i = usUnshifted.firstIndex(of: Character(scalar)) {
            return String(usShifted[usShifted.index(usShifted.startIndex, offsetBy: usUnshifted.distance(from: usUnshifted.startIndex, to: i))])
        }
        return plain.uppercased()
    }

    private static let usUnshifted = "`1234567890-=[]\\;',./"
    private static let usShifted = "~!@#$%^&*()_+{}|:\"<>?"
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format || self == .unassigned || self == .surrogate }
}
