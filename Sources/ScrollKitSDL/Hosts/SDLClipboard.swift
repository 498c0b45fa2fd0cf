// SDLClipboard: the system's clipboard and primary selection through SDL (X11's CLIPBOARD and PRIMARY, Wayland's
// data device and primary selection), the Clipboard a window host installs.

import CSDL2
import ScrollKit

/// The desktop's clipboard through SDL: ``ClipboardSelection/clipboard`` is `SDL_GetClipboardText` /
/// `SDL_SetClipboardText` (X11's `CLIPBOARD`, what Ctrl+C and Ctrl+V use), ``ClipboardSelection/primary`` is
/// `SDL_GetPrimarySelectionText` / `SDL_SetPrimarySelectionText` (SDL 2.26; X11's `PRIMARY`, set by selecting
/// and pasted by a middle click). A ``WindowHost`` installs one as `ViewNode.clipboard`; the headless host
/// keeps an in-process `MemoryClipboard`, so scripted runs do not depend on the desktop.
///
/// Reading asks the selection's owner (another program, on X11) and may wait for its answer. Text is UTF-8;
/// an empty selection reads as nil.
@MainActor
public final class SDLClipboard: Clipboard {
    public init() {}

    public func text(in selection: ClipboardSelection) -> String? {
        let raw: UnsafeMutablePointer<CChar>?
        switch selection {
        case .clipboard:
            guard SDL_HasClipboardText() == SDL_TRUE else { return nil }
            raw = SDL_GetClipboardText()
        case .primary:
            guard SDL_HasPrimarySelectionText() == SDL_TRUE else { return nil }
            raw = SDL_GetPrimarySelectionText()
        }
        guard let raw else { return nil }
        defer { SDL_free(raw) }
        let text = String(cString: raw)
        return text.isEmpty ? nil : text
    }

    public func setText(_ text: String, in selection: ClipboardSelection) {
        // A NUL would end the C string early: what is after it cannot be placed on the clipboard.
        let cut = text.firstIndex(of: "\0").map { String(text[..<$0]) } ?? text
        switch selection {
        case .clipboard: _ = SDL_SetClipboardText(cut)
        case .primary: _ = SDL_SetPrimarySelectionText(cut)
        }
    }
}
