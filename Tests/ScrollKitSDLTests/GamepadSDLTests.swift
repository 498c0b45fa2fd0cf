// A game controller through SDL itself, headless: a virtual joystick (SDL_JoystickAttachVirtual) of the game
// controller type is opened by the window host as SDL announces it; its D-pad moves a tree's focus one item a
// press, held it repeats on the frames' clock, B is the one Back; and the translator maps SDL's buttons.

import CSDL2
import Motion
import ScrollKit
import Testing
@testable import ScrollKitSDL

@MainActor
private final class Items: ListDataSource {
    var numberOfItems: Int { 30 }
    var fixedItemSize: Double? { 60 }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }
}

/// A client that always wants frames (so `run(maxFrames:)` never waits for an event), over a view tree.
@MainActor
private final class BusyClient: HostClient {
    let root: ViewNode
    init(root: ViewNode) { self.root = root }
    func hostDidResize(to size: Size) { root.frame = Rect(origin: .zero, size: size) }
    func handle(_ event: InputEvent) { root.handle(event) }
    func update(_ tick: FrameTick) { root.step(tick) }
    func draw(in canvas: DrawingCanvas) { root.draw(in: canvas) }
    var needsFrames: Bool { true }
    var wantsQuit: Bool { false }
    var accessibilityRoot: ViewNode? { root }
    var focusedTextInput: (any TextInputClient)? { nil }
}

extension HostTests {
    @Test("a virtual game controller's D-pad moves focus, repeats while held, and its B is the one Back")
    @MainActor
    func virtualGameController() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try WindowHost(options: HostOptions(size: Size(width: 400, height: 120), hz: 60))
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 120))
        let source = Items()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 120), axis: .horizontal, dataSource: source)
        list.itemsAreFocusable = true
        root.addSubview(list)
        var backs = 0
        root.onBack = { backs += 1; return true }
        let client = BusyClient(root: root)
        try host.run(client: client, maxFrames: 1)
        list.focusItem(0)

        // The dummy driver's window never has the keyboard focus, and SDL drops a controller's events without it.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        defer { SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "0") }
        let count = SDL_NumJoysticks()
        let index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, Int32(SDL_CONTROLLER_AXIS_MAX.rawValue),
                                              Int32(SDL_CONTROLLER_BUTTON_MAX.rawValue), 0)
        #expect(index >= 0, "SDL_JoystickAttachVirtual: \(String(cString: SDL_GetError()))")
        guard index >= 0 else { return }
        defer { SDL_JoystickDetachVirtual(index) }
        #expect(SDL_NumJoysticks() == count + 1)
        #expect(SDL_IsGameController(index) == SDL_TRUE)
        let joystick = try #require(SDL_JoystickOpen(index))
        defer { SDL_JoystickClose(joystick) }
        try host.run(client: client, maxFrames: 2)   // the host drains SDL_CONTROLLERDEVICEADDED and opens it

        func set(_ button: SDL_GameControllerButton, _ down: Bool) {
            _ = SDL_JoystickSetVirtualButton(joystick, Int32(button.rawValue), down ? 1 : 0)
        }
        for expected in 1...3 {
            set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true)
            try host.run(client: client, maxFrames: 2)
            set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, false)
            try host.run(client: client, maxFrames: 2)
            #expect(list.focusedItem == expected)
        }
        // Held for 1.5 s of frames: the press and its repeats (KeyRepeat.standard: 0.5 s, then every 0.1 s).
        let before = list.focusedItem ?? 0
        set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, true)
        try host.run(client: client, maxFrames: 90)
        set(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, false)
        try host.run(client: client, maxFrames: 2)
        let moved = (list.focusedItem ?? 0) - before
        #expect(moved > 5, "a held D-pad moved focus \(moved) items")
        set(SDL_CONTROLLER_BUTTON_B, true)
        try host.run(client: client, maxFrames: 2)
        set(SDL_CONTROLLER_BUTTON_B, false)
        try host.run(client: client, maxFrames: 2)
        #expect(backs == 1)
    }

    @Test("the translator maps SDL's game controller buttons and ignores the guide button")
    func gamepadButtonNames() {
        #expect(EventTranslator.gamepadButton(SDL_CONTROLLER_BUTTON_DPAD_UP) == .dpadUp)
        #expect(EventTranslator.gamepadButton(SDL_CONTROLLER_BUTTON_A) == .a)
        #expect(EventTranslator.gamepadButton(SDL_CONTROLLER_BUTTON_BACK) == .back)
        #expect(EventTranslator.gamepadButton(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER) == .rightShoulder)
        #expect(EventTranslator.gamepadButton(SDL_CONTROLLER_BUTTON_GUIDE) == nil)
        var translator = EventTranslator()
        var e = SDL_Event()
        e.type = SDL_CONTROLLERBUTTONDOWN.rawValue
        e.cbutton.button = UInt8(SDL_CONTROLLER_BUTTON_START.rawValue)
        e.cbutton.state = UInt8(SDL_PRESSED)
        #expect(translator.hostEvent(for: e) == .input(.gamepad(.start, pressed: true, time: translator.hostTime(ticks: 0))))
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
        e.caxis.value = 32767
        #expect(translator.hostEvent(for: e) == .input(.gamepadStick(x: 1, y: 0, time: translator.hostTime(ticks: 0))))
    }
}
