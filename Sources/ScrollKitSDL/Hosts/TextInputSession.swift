// TextInputSession: a window host's side of typed text — SDL's text input on only while a text field has focus,
// the input method's candidate window placed at the caret, and the key-made shortcut text while it is off.

import CSDL2
import ScrollKit

/// Follows the client's focused text field (``HostClient/focusedTextInput``) once a frame:
///
/// - `SDL_StartTextInput` when a field gains focus and `SDL_StopTextInput` when none has (SDL starts text
///   input when its video starts: a host stops it at once). While it is off no input method sees the keys,
///   so a key pressed for a shortcut never opens a composition; the ``EventTranslator`` then makes the
///   shortcut's text from the key itself (``EventTranslator/shortcutText(forKeycode:shift:)``).
/// - `SDL_SetTextInputRect` at the caret (``TextInputClient/caretRectInRoot``), in SDL's window units (the
///   X11 desktop scale times points), so the input method's candidate window opens beside it; set again only
///   when it moves.
@MainActor
struct TextInputSession {
    /// Whether SDL's text input is on.
    private(set) var isActive = false
    /// The rectangle last given to `SDL_SetTextInputRect`.
    private(set) var lastRect: SDL_Rect?

    /// Turns SDL's text input off (it starts on with SDL's video) and asks for whole compositions
    /// (`SDL_HINT_IME_SUPPORT_EXTENDED_TEXT`).
    mutating func begin(translator: inout EventTranslator) {
        EventTranslator.enableExtendedComposition()
        SDL_StopTextInput()
        isActive = false
        translator.isTextInputActive = false
    }

    /// Starts or stops SDL's text input for `client` and moves the candidate window to its caret.
    /// `windowScale`: SDL's window units per point.
    mutating func follow(_ client: (any TextInputClient)?, windowScale: Double, translator: inout EventTranslator) {
        guard let client else {
            if isActive {
                SDL_StopTextInput()
                isActive = false
                lastRect = nil
                translator.isTextInputActive = false
            }
            return
        }
        if !isActive {
            SDL_StartTextInput()
            isActive = true
            translator.isTextInputActive = true
        }
        guard let caret = client.caretRectInRoot, var rect = Self.windowRect(caret, scale: windowScale) else { return }
        if let last = lastRect, last.x == rect.x, last.y == rect.y, last.w == rect.w, last.h == rect.h { return }
        SDL_SetTextInputRect(&rect)
        lastRect = rect
    }

    /// `rect` (points) in SDL's window units at `scale`, whole, at least 1 wide and high; nil when not finite.
    static func windowRect(_ rect: Rect, scale: Double) -> SDL_Rect? {
        let s = scale.isFinite && scale > 0 ? scale : 1
        let values = [rect.minX * s, rect.minY * s, rect.width * s, rect.height * s]
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return nil }
        let x = values[0].rounded(.down), y = values[1].rounded(.down)
        let w = max(1, (values[0] + values[2]).rounded(.up) - x), h = max(1, (values[1] + values[3]).rounded(.up) - y)
        return SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
    }
}
