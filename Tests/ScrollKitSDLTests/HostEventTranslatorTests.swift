import CSDL2
import Testing
@testable import ScrollKit
@testable import ScrollKitSDL

/// SDL events built by hand (no SDL needed to translate them).
enum FakeEvent {
    static func mouseButton(_ type: SDL_EventType, button: Int32 = SDL_BUTTON_LEFT, x: Int32, y: Int32,
                            ms: UInt32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.timestamp = ms
        e.button.button = UInt8(button)
        e.button.x = x
        e.button.y = y
        e.button.which = which
        return e
    }

    static func motion(x: Int32, y: Int32, ms: UInt32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.timestamp = ms
        e.motion.x = x
        e.motion.y = y
        e.motion.which = which
        return e
    }

    static func wheel(preciseX: Float, preciseY: Float, flipped: Bool = false, at p: (Int32, Int32) = (0, 0),
                      ms: UInt32 = 0, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.timestamp = ms
        e.wheel.preciseX = preciseX
        e.wheel.preciseY = preciseY
        e.wheel.x = Int32(preciseX.rounded(.towardZero))
        e.wheel.y = Int32(preciseY.rounded(.towardZero))
        e.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
        e.wheel.mouseX = p.0
        e.wheel.mouseY = p.1
        e.wheel.which = which
        return e
    }

    static func finger(_ type: SDL_EventType, id: Int64, x: Float, y: Float, ms: UInt32, device: Int64 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.timestamp = ms
        e.tfinger.touchId = device
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        return e
    }

    /// A key going down (or up), with the modifier state SDL reports with it (`keysym.mod`: SDL
    /// updates it before sending, so a Shift key's own down event already has Shift in it).
    static func key(_ code: SDL_KeyCode, mod: SDL_Keymod = KMOD_NONE, up: Bool = false, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = (up ? SDL_KEYUP : SDL_KEYDOWN).rawValue
        e.key.timestamp = ms
        e.key.state = UInt8(up ? SDL_RELEASED : SDL_PRESSED)
        e.key.keysym.sym = SDL_Keycode(bitPattern: code.rawValue)
        e.key.keysym.mod = UInt16(truncatingIfNeeded: mod.rawValue)
        return e
    }

    static func text(_ s: String, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_TEXTINPUT.rawValue
        e.text.timestamp = ms
        withUnsafeMutableBytes(of: &e.text.text) { raw in
            for (i, byte) in s.utf8.prefix(31).enumerated() { raw[i] = byte }
        }
        return e
    }

    static func window(_ id: SDL_WindowEventID, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.timestamp = ms
        e.window.event = UInt8(id.rawValue)
        return e
    }
}

@Suite("EventTranslator: SDL events to InputEvent")
struct HostEventTranslatorTests {
    @Test("left button drives the pointer with each event's own time; the right button is a secondary click; hover is ignored")
    func leftButtonPointer() {
        let offset = -2.0
        var t = EventTranslator(timeOffset: offset)
        #expect(t.translate(FakeEvent.motion(x: 5, y: 5, ms: 900)).isEmpty)                 // hover
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_RIGHT, x: 1, y: 1, ms: 950))
                == [.input(.secondaryClick(location: Point(x: 1, y: 1), time: 0.95 + offset))])
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_RIGHT, x: 1, y: 1, ms: 960)).isEmpty)
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, ms: 3000))
                == [.input(.pointerDown(location: Point(x: 10, y: 20), time: 3.0 + offset))])
        #expect(t.translate(FakeEvent.motion(x: 12, y: 30, ms: 3004))
                == [.input(.pointerMove(location: Point(x: 12, y: 30), time: 3.004 + offset))])
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_MIDDLE,
                                                  x: 0, y: 0, ms: 3005)).isEmpty)
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONUP, x: 14, y: 40, ms: 3010))
                == [.input(.pointerUp(location: Point(x: 14, y: 40), time: 3.010 + offset))])
        #expect(t.translate(FakeEvent.motion(x: 15, y: 41, ms: 3020)).isEmpty)
        #expect(!t.isPointerDown)
    }

    @Test("on an X11 desktop scaled 1.5x SDL reports pixels: pointer and wheel positions come out in points")
    func desktopScale() {
        var t = EventTranslator(windowSize: Size(width: 800, height: 600))
        t.windowScale = 1.5
        #expect(t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, x: 300, y: 45, ms: 10))
                == [.input(.pointerDown(location: Point(x: 200, y: 30), time: 0.01))])
        #expect(t.translate(FakeEvent.motion(x: 1199, y: 899, ms: 20))
                == [.input(.pointerMove(location: Point(x: 1199 / 1.5, y: 899 / 1.5), time: 0.02))])
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: -1, at: (600, 450), ms: 30))
                == [.input(.wheel(dx: 0, dy: -1, location: Point(x: 400, y: 300), time: 0.03))])
        t.windowScale = .nan   // not a scale: 1
        #expect(t.windowScale == 1)
    }

    @Test("mouse events synthesized from touch are dropped; every finger is reported by device and id")
    func touchIsHandledOnce() {
        var t = EventTranslator(windowSize: Size(width: 400, height: 200))
        let touch = EventTranslator.touchMouseID
        #expect(touch == UInt32.max)
        var out: [HostEvent] = []
        out += t.translate(FakeEvent.finger(SDL_FINGERDOWN, id: 7, x: 0.5, y: 0.5, ms: 10))
        out += t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, x: 200, y: 100, ms: 10, which: touch))
        out += t.translate(FakeEvent.finger(SDL_FINGERMOTION, id: 7, x: 0.5, y: 0.25, ms: 20))
        out += t.translate(FakeEvent.motion(x: 200, y: 50, ms: 20, which: touch))
        out += t.translate(FakeEvent.finger(SDL_FINGERDOWN, id: 8, x: 0.125, y: 0.125, ms: 25))   // 2nd finger
        out += t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 1, ms: 26, which: touch))
        out += t.translate(FakeEvent.finger(SDL_FINGERUP, id: 7, x: 0.5, y: 0.25, ms: 30))
        out += t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONUP, x: 200, y: 50, ms: 30, which: touch))
        out += t.translate(FakeEvent.finger(SDL_FINGERDOWN, id: 7, x: 0.25, y: 0.5, ms: 35, device: 3))   // 2nd screen
        #expect(out == [
            .input(.touchDown(device: 0, id: 7, location: Point(x: 200, y: 100), time: 0.010)),
            .input(.touchMove(device: 0, id: 7, location: Point(x: 200, y: 50), time: 0.020)),
            .input(.touchDown(device: 0, id: 8, location: Point(x: 50, y: 25), time: 0.025)),
            .input(.touchUp(device: 0, id: 7, location: Point(x: 200, y: 50), time: 0.030)),
            .input(.touchDown(device: 3, id: 7, location: Point(x: 100, y: 100), time: 0.035)),
        ])
        #expect(t.isPointerDown)
    }

    @Test("losing focus with fingers down ends the touch gesture (a pointer-up a TouchTracker maps to its pointer)")
    func focusLostWithFingersDown() {
        var t = EventTranslator(windowSize: Size(width: 400, height: 200))
        var touches = TouchTracker()
        var out: [InputEvent] = []
        func feed(_ e: SDL_Event) {
            for case .input(let i) in t.translate(e) { if let p = touches.pointerEvent(for: i) { out.append(p) } }
        }
        feed(FakeEvent.finger(SDL_FINGERDOWN, id: 1, x: 0.25, y: 0.5, ms: 10))
        feed(FakeEvent.finger(SDL_FINGERDOWN, id: 2, x: 0.75, y: 0.5, ms: 12))
        feed(FakeEvent.finger(SDL_FINGERMOTION, id: 2, x: 0.75, y: 0.25, ms: 20))
        var lost = SDL_Event()
        lost.type = SDL_WINDOWEVENT.rawValue
        lost.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        lost.window.timestamp = 30
        feed(lost)
        #expect(!t.isPointerDown)
        #expect(touches.fingerCount == 0)
        // The pointer started at the first finger and moved by the centroid's travel (25 pt up).
        #expect(out == [
            .pointerDown(location: Point(x: 100, y: 100), time: 0.010),
            .pointerMove(location: Point(x: 100, y: 75), time: 0.020),
            .pointerUp(location: Point(x: 100, y: 75), time: 0.030),
        ])
    }

    @Test("wheel: precise fractional steps at the pointer; flipped devices per the chosen direction")
    func wheel() {
        var t = EventTranslator()
        #expect(t.translate(FakeEvent.wheel(preciseX: 0.25, preciseY: -1.5, at: (30, 40), ms: 500))
                == [.input(.wheel(dx: 0.25, dy: -1.5, location: Point(x: 30, y: 40), time: 0.5))])
        // System direction: values pass as SDL reports them (natural scrolling kept).
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 2.5, flipped: true))
                == [.input(.wheel(dx: 0, dy: 2.5, location: .zero, time: 0))])
        t.wheelDirection = .physical
        #expect(t.translate(FakeEvent.wheel(preciseX: 1, preciseY: 2.5, flipped: true))
                == [.input(.wheel(dx: -1, dy: -2.5, location: .zero, time: 0))])
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 0.75, flipped: false))
                == [.input(.wheel(dx: 0, dy: 0.75, location: .zero, time: 0))])
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 0)).isEmpty)
    }

    @Test("keys become Key values", arguments: [
        (SDLK_UP, Key.up), (SDLK_DOWN, .down), (SDLK_LEFT, .left), (SDLK_RIGHT, .right),
        (SDLK_PAGEUP, .pageUp), (SDLK_PAGEDOWN, .pageDown), (SDLK_HOME, .home), (SDLK_END, .end),
        (SDLK_SPACE, .space), (SDLK_ESCAPE, .escape), (SDLK_TAB, .tab), (SDLK_RETURN, .enter),
        (SDLK_KP_ENTER, .enter), (SDLK_BACKSPACE, .backspace), (SDLK_DELETE, .delete),
    ])
    func keys(code: SDL_KeyCode, key: Key) {
        var t = EventTranslator()
        #expect(t.translate(FakeEvent.key(code, ms: 1000)) == [.input(.key(key, time: 1))])
    }

    @Test("Shift-Tab is Backtab (no modifiers) with either Shift key; other keys keep the Shift, Ctrl and Alt held", arguments: [
        (SDLK_TAB, KMOD_LSHIFT, Key.backtab, KeyModifiers()), (SDLK_TAB, KMOD_RSHIFT, .backtab, []),
        (SDLK_TAB, KMOD_SHIFT, .backtab, []),
        (SDLK_TAB, SDL_Keymod(KMOD_LSHIFT.rawValue | KMOD_CTRL.rawValue), .backtab, []),
        (SDLK_TAB, KMOD_NONE, .tab, []), (SDLK_TAB, KMOD_CTRL, .tab, [.control]), (SDLK_TAB, KMOD_NUM, .tab, []),
        (SDLK_RETURN, KMOD_LSHIFT, .enter, [.shift]), (SDLK_KP_ENTER, KMOD_SHIFT, .enter, [.shift]),
        (SDLK_DOWN, KMOD_LSHIFT, .down, [.shift]), (SDLK_SPACE, KMOD_RSHIFT, .space, [.shift]),
        (SDLK_LEFT, KMOD_RCTRL, .left, [.control]),
        (SDLK_RIGHT, SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_RSHIFT.rawValue), .right, [.control, .shift]),
        (SDLK_HOME, KMOD_LSHIFT, .home, [.shift]), (SDLK_END, KMOD_RSHIFT, .end, [.shift]),
        (SDLK_BACKSPACE, KMOD_LCTRL, .backspace, [.control]), (SDLK_DELETE, KMOD_CTRL, .delete, [.control]),
        (SDLK_UP, KMOD_LALT, .up, [.alt]), (SDLK_DOWN, SDL_Keymod(KMOD_NUM.rawValue | KMOD_CAPS.rawValue), .down, []),
    ] as [(SDL_KeyCode, SDL_Keymod, Key, KeyModifiers)])
    func shiftedKeys(code: SDL_KeyCode, mod: SDL_Keymod, key: Key, modifiers: KeyModifiers) {
        var t = EventTranslator()
        #expect(t.translate(FakeEvent.key(code, mod: mod, ms: 250)) == [.input(.key(key, modifiers: modifiers, time: 0.25))])
        #expect(EventTranslator.key(forKeycode: SDL_Keycode(bitPattern: code.rawValue),
                                    shift: mod.rawValue & KMOD_SHIFT.rawValue != 0) == key)
    }

    @Test("with Shift held a vertical wheel turn is horizontal: toward the user scrolls right")
    func shiftWheel() {
        var t = EventTranslator()
        #expect(!t.isShiftHeld)
        // Shift goes down: its own key event (no ScrollKit key) carries the modifier.
        #expect(t.translate(FakeEvent.key(SDLK_LSHIFT, mod: KMOD_LSHIFT)).isEmpty)
        #expect(t.isShiftHeld)
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: -1, at: (30, 40), ms: 100))
                == [.input(.wheel(dx: 1, dy: 0, location: Point(x: 30, y: 40), time: 0.1))])
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 2.5))
                == [.input(.wheel(dx: -2.5, dy: 0, location: .zero, time: 0))])
        // A turn that already has a horizontal part (a system that converts Shift-wheel itself) is kept.
        #expect(t.translate(FakeEvent.wheel(preciseX: 0.5, preciseY: 0))
                == [.input(.wheel(dx: 0.5, dy: 0, location: .zero, time: 0))])
        #expect(t.translate(FakeEvent.wheel(preciseX: 1, preciseY: -2))
                == [.input(.wheel(dx: 1, dy: -2, location: .zero, time: 0))])
        // Physical direction: the flip comes first, then Shift.
        t.wheelDirection = .physical
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 1, flipped: true))
                == [.input(.wheel(dx: 1, dy: 0, location: .zero, time: 0))])
        t.wheelDirection = .system
        // Another key down while Shift is held keeps it; the Shift key's release clears it.
        #expect(t.translate(FakeEvent.key(SDLK_a, mod: KMOD_LSHIFT)).isEmpty)
        #expect(t.isShiftHeld)
        #expect(t.translate(FakeEvent.key(SDLK_LSHIFT, mod: KMOD_NONE, up: true)).isEmpty)
        #expect(!t.isShiftHeld)
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: -1))
                == [.input(.wheel(dx: 0, dy: -1, location: .zero, time: 0))])
        // Right Shift, then the window loses focus: Shift is no longer held.
        _ = t.translate(FakeEvent.key(SDLK_RSHIFT, mod: KMOD_RSHIFT))
        #expect(t.isShiftHeld)
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_FOCUS_LOST)).isEmpty)
        #expect(!t.isShiftHeld)
        #expect(t.translate(FakeEvent.wheel(preciseX: 0, preciseY: 1))
                == [.input(.wheel(dx: 0, dy: 1, location: .zero, time: 0))])
        // Shift-Tab, then Tab after Shift is let go, in one stream.
        var out: [HostEvent] = []
        out += t.translate(FakeEvent.key(SDLK_LSHIFT, mod: KMOD_LSHIFT))
        out += t.translate(FakeEvent.key(SDLK_TAB, mod: KMOD_LSHIFT, ms: 10))
        out += t.translate(FakeEvent.key(SDLK_TAB, mod: KMOD_LSHIFT, up: true, ms: 20))
        out += t.translate(FakeEvent.key(SDLK_LSHIFT, mod: KMOD_NONE, up: true, ms: 30))
        out += t.translate(FakeEvent.key(SDLK_TAB, ms: 40))
        #expect(out == [.input(.key(.backtab, time: 0.01)), .input(.key(.tab, time: 0.04))])
    }

    @Test("the Shift-wheel rule", arguments: [
        (0.0, -1.0, 1.0, 0.0), (0.0, 3.0, -3.0, 0.0), (0.0, 0.25, -0.25, 0.0),
        (2.0, 0.0, 2.0, 0.0), (1.0, -2.0, 1.0, -2.0), (0.0, 0.0, 0.0, 0.0),
    ] as [(Double, Double, Double, Double)])
    func shiftedWheelRule(dx: Double, dy: Double, expectedX: Double, expectedY: Double) {
        let turn = EventTranslator.shiftedWheel(dx: dx, dy: dy)
        #expect(turn.dx == expectedX && turn.dy == expectedY)
    }

    @Test("typed text keeps its case and spaces; unmapped keys are nothing while text input is on")
    func text() {
        var t = EventTranslator()
        #expect(t.translate(FakeEvent.text("F")) == [.input(.text("F", time: 0))])
        #expect(t.translate(FakeEvent.text("?")) == [.input(.text("?", time: 0))])
        #expect(t.translate(FakeEvent.text("é")) == [.input(.text("é", time: 0))])
        #expect(t.translate(FakeEvent.text(" ")) == [.input(.text(" ", time: 0))])
        #expect(t.translate(FakeEvent.text("Hello, World")) == [.input(.text("Hello, World", time: 0))])
        #expect(t.translate(FakeEvent.text("")).isEmpty)
        #expect(t.translate(FakeEvent.key(SDLK_a)).isEmpty)
        #expect(t.translate(FakeEvent.key(SDLK_f, mod: KMOD_LSHIFT)).isEmpty)
    }

    @Test("window events: resize, display change, expose, minimize, close; focus loss ends a drag")
    func windowEvents() {
        var t = EventTranslator()
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_SIZE_CHANGED)) == [.resized])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_RESIZED)) == [.resized])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_DISPLAY_CHANGED)) == [.displayChanged])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_EXPOSED)) == [.exposed])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_MINIMIZED)) == [.minimized])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_RESTORED)) == [.restored])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_CLOSE)) == [.quit])
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        #expect(t.translate(quit) == [.quit])
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_FOCUS_LOST)).isEmpty)
        _ = t.translate(FakeEvent.mouseButton(SDL_MOUSEBUTTONDOWN, x: 3, y: 4, ms: 0))
        _ = t.translate(FakeEvent.motion(x: 8, y: 9, ms: 0))
        #expect(t.translate(FakeEvent.window(SDL_WINDOWEVENT_FOCUS_LOST, ms: 70))
                == [.input(.pointerUp(location: Point(x: 8, y: 9), time: 0.07))])
        #expect(!t.isPointerDown)
    }

    @Test("32-bit millisecond stamps are unwrapped against a recent 64-bit tick count")
    func timestampWrap() {
        var t = EventTranslator(timeOffset: 0.5)
        t.referenceTicks = 10_000
        #expect(t.hostTime(ticks: 9_990) == 9.99 + 0.5)
        let wraps = UInt64(UInt32.max) + 1
        t.referenceTicks = wraps + 20                   // the 32-bit counter wrapped 20 ms ago
        #expect(t.hostTime(ticks: UInt32.max - 9) == Double(wraps - 10) / 1000 + 0.5)
        #expect(t.hostTime(ticks: 15) == Double(wraps + 15) / 1000 + 0.5)
    }
}
