// EventTranslator's typed-text side on hand-built SDL events: compositions as SDL 2.26's IBus and Fcitx back
// ends send them, the modifier keys, middle-click paste, shortcut text while text input is off; the input
// method's rectangle in window units; SDLClipboard.

import CSDL2
import Testing
import ScrollKit
@testable import ScrollKitSDL

/// SDL editing events built by hand.
enum FakeEditing {
    /// An `SDL_TEXTEDITING` event; `text` at most 31 bytes, as SDL cuts it (`SDL_utf8strlcpy`).
    static func edit(_ text: String, start: Int32, length: Int32, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTEDITING.rawValue
        e.edit.timestamp = ms
        e.edit.start = start
        e.edit.length = length
        withUnsafeMutableBytes(of: &e.edit.text) { raw in
            for (i, byte) in text.utf8.prefix(31).enumerated() { raw[i] = byte }
        }
        return e
    }

    /// Runs `body` with an `SDL_TEXTEDITING_EXT` event holding `text` (the pointer lives through `body`).
    static func withExt<R>(_ text: String, start: Int32, length: Int32, ms: UInt32 = 0, _ body: (SDL_Event) -> R) -> R {
        var bytes = Array(text.utf8CString)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var e = SDL_Event()
            e.type = SDL_TEXTEDITING_EXT.rawValue
            e.editExt.timestamp = ms
            e.editExt.text = buffer.baseAddress
            e.editExt.start = start
            e.editExt.length = length
            return body(e)
        }
    }
}

@Suite("EventTranslator: typed text, compositions, editing keys", .serialized)
@MainActor
struct TextInputTranslatorTests {
    /// SDL 2.26.5's `SDL_ibus.c` without the extended-text hint cuts a preedit into pieces of at most 31 bytes
    /// (whole characters) and sends each with `start` = its offset in code points and `length` = its code
    /// points; no cursor. Written out by hand for a 25-character Japanese composition (3 bytes a character:
    /// 10 characters a piece).
    @Test("pieces of a long composition (no extended-text hint) join into one, the cursor at its end")
    func chunkedComposition() {
        // A window host made earlier in this process turns the extended-text hint on; this is the hint-off path.
        let hint = SDL_GetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT).map { String(cString: $0) }
        SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "0")
        defer { SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, hint ?? "0") }
        let whole = "日本語の入力方法をテストしています。とても長い文章"
        #expect(whole.unicodeScalars.count == 25)
        let scalars = Array(whole.unicodeScalars)
        func piece(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[r])) }
        var t = EventTranslator()
        var out: [HostEvent] = []
        out += t.translate(FakeEditing.edit(piece(0..<10), start: 0, length: 10, ms: 1000))
        out += t.translate(FakeEditing.edit(piece(10..<20), start: 10, length: 10, ms: 1000))
        out += t.translate(FakeEditing.edit(piece(20..<25), start: 20, length: 5, ms: 1000))
        #expect(out.last == .input(.composition(whole, cursor: 25, time: 1)))
        #expect(out.count == 3)
        // The next preedit starts again at 0: a new composition, not a continuation.
        #expect(t.translate(FakeEditing.edit("か", start: 0, length: 1)) == [.input(.composition("か", cursor: 1, time: 0))])
        // HidePreeditText: SDL_SendEditingText("", 0, 0) ends it.
        #expect(t.translate(FakeEditing.edit("", start: 0, length: 0)) == [.input(.composition("", cursor: 0, time: 0))])
    }

    /// With `SDL_HINT_IME_SUPPORT_EXTENDED_TEXT` (what the window host sets) SDL sends the whole preedit: as
    /// `SDL_TEXTEDITING` under 32 bytes, else `SDL_TEXTEDITING_EXT`, with `start` the cursor in code points
    /// (`length` -1), or the start of the converted segment, or -1 when the input method gave neither.
    @Test("with the extended-text hint a composition arrives whole, with its cursor in scalars")
    func extendedComposition() {
        EventTranslator.enableExtendedComposition()
        defer { SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "0") }
        var t = EventTranslator()
        // "ni hao" in pinyin, the cursor after "ni" (2 scalars).
        #expect(t.translate(FakeEditing.edit("ni hao", start: 2, length: -1, ms: 500))
                == [.input(.composition("ni hao", cursor: 2, time: 0.5))])
        // Hangul: one syllable being composed, cursor after it.
        #expect(t.translate(FakeEditing.edit("한", start: 1, length: -1)) == [.input(.composition("한", cursor: 1, time: 0))])
        // No cursor given: the end. A cursor past the end is clamped.
        #expect(t.translate(FakeEditing.edit("かな", start: -1, length: -1)) == [.input(.composition("かな", cursor: 2, time: 0))])
        #expect(t.translate(FakeEditing.edit("かな", start: 9, length: -1)) == [.input(.composition("かな", cursor: 2, time: 0))])
        // A long composition in one SDL_TEXTEDITING_EXT; an emoji (one scalar, four bytes) counts once.
        let long = "にほんごのにゅうりょくをためしています🙂です"
        let events = FakeEditing.withExt(long, start: 20, length: 2, ms: 2000) { t.translate($0) }
        #expect(events == [.input(.composition(long, cursor: 20, time: 2))])
        // Combining marks are scalars of their own: "é" as e + U+0301 is 2 scalars.
        #expect(t.translate(FakeEditing.edit("e\u{301}", start: 2, length: -1)) == [.input(.composition("e\u{301}", cursor: 2, time: 0))])
        #expect(t.translate(FakeEditing.edit("", start: 0, length: 0)) == [.input(.composition("", cursor: 0, time: 0))])
    }

    @Test("Ctrl + A, C, V, X, Y, Z are the editing letters (Ctrl+Shift+Z too); letters without Ctrl are not keys", arguments: [
        (SDLK_a, Key.a), (SDLK_c, .c), (SDLK_v, .v), (SDLK_x, .x), (SDLK_y, .y), (SDLK_z, .z),
    ])
    func controlLetters(code: SDL_KeyCode, key: Key) {
        var t = EventTranslator()
        #expect(t.translate(FakeEvent.key(code, mod: KMOD_LCTRL, ms: 100)) == [.input(.key(key, modifiers: [.control], time: 0.1))])
        #expect(t.translate(FakeEvent.key(code, mod: SDL_Keymod(KMOD_RCTRL.rawValue | KMOD_LSHIFT.rawValue)))
                == [.input(.key(key, modifiers: [.control, .shift], time: 0))])
        #expect(t.translate(FakeEvent.key(code)).isEmpty)                       // arrives as SDL_TEXTINPUT instead
        #expect(t.translate(FakeEvent.key(SDLK_b, mod: KMOD_LCTRL)).isEmpty)    // not an editing letter
        // Typed text with Ctrl held is a shortcut's, not text.
        _ = t.translate(FakeEvent.key(SDLK_LCTRL, mod: KMOD_LCTRL))
        #expect(t.translate(FakeEvent.text("z")).isEmpty)
        // Zoom keys still win for Ctrl + 0, + and -.
        #expect(t.translate(FakeEvent.key(SDLK_0, mod: KMOD_LCTRL)) == [.input(.key(.zoomReset, time: 0))])
    }

    @Test("the middle button pastes the primary selection at the pointer; touch-made clicks do not")
    func middleClick() {
        var t = EventTranslator()
        t.windowScale = 2
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_MIDDLE, x: 40, y: 60, ms: 300))
                == [.input(.pastePrimary(location: Point(x: 20, y: 30), time: 0.3))])
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_MIDDLE, x: 40, y: 60, ms: 350)).isEmpty)
        #expect(!t.isPointerDown)
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_MIDDLE, x: 1, y: 1, ms: 0,
                                                  which: EventTranslator.touchMouseID)).isEmpty)
        // The right button is a secondary click (a context menu), not a paste.
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_RIGHT, x: 2, y: 2, ms: 400))
                == [.input(.secondaryClick(location: Point(x: 1, y: 1), time: 0.4))])
    }

    /// While SDL's text input is off it sends no SDL_TEXTINPUT: the keys make the shortcuts' text (a US
    /// keyboard's Shift for punctuation).
    @Test("text input off: printable keys make their shortcut text; keys with Ctrl or Alt, and Space, do not")
    func shortcutText() {
        var t = EventTranslator()
        t.isTextInputActive = false
        #expect(t.translate(FakeEvent.key(SDLK_f, ms: 10)) == [.input(.text("f", time: 0.01))])
        #expect(t.translate(FakeEvent.key(SDLK_f, mod: KMOD_LSHIFT)) == [.input(.text("F", time: 0))])
        #expect(t.translate(FakeEvent.key(SDLK_SLASH, mod: KMOD_RSHIFT)) == [.input(.text("?", time: 0))])
        #expect(t.translate(FakeEvent.key(SDLK_3)) == [.input(.text("3", time: 0))])
        #expect(t.translate(FakeEvent.key(SDLK_EQUALS, mod: KMOD_LSHIFT)) == [.input(.text("+", time: 0))])
        #expect(t.translate(FakeEvent.key(SDLK_MINUS)) == [.input(.text("-", time: 0))])
        #expect(t.translate(FakeEvent.key(SDLK_SPACE)) == [.input(.key(.space, time: 0))])
        #expect(t.translate(FakeEvent.key(SDLK_f, mod: KMOD_LALT)).isEmpty)
        #expect(t.translate(FakeEvent.key(SDLK_f, mod: KMOD_LCTRL)).isEmpty)
        #expect(t.translate(FakeEvent.key(SDLK_F1)).isEmpty)              // a scancode key: no text
        #expect(t.translate(FakeEvent.key(SDLK_LSHIFT, mod: KMOD_LSHIFT)).isEmpty)
        // On again: keys make no text (SDL_TEXTINPUT brings it).
        t.isTextInputActive = true
        #expect(t.translate(FakeEvent.key(SDLK_f)).isEmpty)
    }

    @Test("the input method's rectangle is the caret in SDL's window units, whole pixels around it")
    func textInputRect() {
        let r = TextInputSession.windowRect(Rect(x: 10.25, y: 20.5, width: 2, height: 18), scale: 1.5)
        #expect(r.map { [$0.x, $0.y, $0.w, $0.h] } == [15, 30, 4, 28])   // 15.375…18.375, 30.75…57.75
        let one = TextInputSession.windowRect(Rect(x: 3, y: 4, width: 0, height: 0), scale: 1)
        #expect(one.map { [$0.x, $0.y, $0.w, $0.h] } == [3, 4, 1, 1])
        #expect(TextInputSession.windowRect(Rect(x: .nan, y: 0, width: 1, height: 1), scale: 1) == nil)
        #expect(TextInputSession.windowRect(Rect(x: 1, y: 1, width: 1, height: .infinity), scale: 2) == nil)
        let bad = TextInputSession.windowRect(Rect(x: 2, y: 2, width: 1, height: 1), scale: .nan)
        #expect(bad.map { [$0.x, $0.y, $0.w, $0.h] } == [2, 2, 1, 1])
    }

    @Test("SDLClipboard keeps the clipboard and the primary selection apart; the headless host keeps memory")
    func clipboard() throws {
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 40, height: 30)))
        #expect(ViewNode.clipboard is MemoryClipboard)
        let clipboard = SDLClipboard()
        clipboard.setText("Grüße, 世界 🙂", in: .clipboard)
        clipboard.setText("primary", in: .primary)
        #expect(clipboard.text(in: .clipboard) == "Grüße, 世界 🙂")
        #expect(clipboard.text(in: .primary) == "primary")
        clipboard.setText("", in: .primary)
        #expect(clipboard.text(in: .primary) == nil)
        clipboard.setText("cut\0here", in: .clipboard)
        #expect(clipboard.text(in: .clipboard) == "cut")
        _ = host
    }
}
