// A game controller and a rotary encoder drive focus: the D-pad moves it, a held D-pad repeats on the frames'
// target times the same at any frame rate (against KeyRepeat's schedule counted by hand), A activates, B is the one
// Back, the stick has a dead zone and speeds up, the encoder moves focus in order and edits a slider in edit mode.

import Motion
import ScrollKit
import Testing

@MainActor
final class NumberedCells: ListDataSource {
    let count: Int
    let size: Double
    init(count: Int, size: Double = 100) { self.count = count; self.size = size }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { size }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ListCell.self, for: index)
        cell.accessibilityLabel = "Item \(index)"
        return cell
    }
}

@MainActor @Suite(.serialized) struct GamepadInputTests {
    /// A root with one horizontal row of `count` focusable 100-pt items, focus on item 0.
    private func row(count: Int = 40) -> (ViewNode, ListView, NumberedCells) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 800, height: 200))
        let source = NumberedCells(count: count)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 800, height: 200), axis: .horizontal, dataSource: source)
        list.itemsAreFocusable = true
        root.addSubview(list)
        root.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        list.focusItem(0)
        return (root, list, source)
    }

    /// Steps `root` at `hz` from `from` to `to` seconds (frames at k / hz), running `events` due in each frame
    /// first, as a host does.
    private func run(_ root: ViewNode, hz: Double, from: Double, to: Double, events: [(Double, InputEvent)]) {
        var pending = events
        var k = Int((from * hz).rounded(.up))
        while Double(k) / hz <= to + 1e-9 {
            let t = Double(k) / hz
            while let first = pending.first, first.0 <= t + 1e-9 { root.handle(first.1); pending.removeFirst() }
            root.step(FrameTick(index: k, timestamp: t, targetTimestamp: t + 1 / hz, duration: 1 / hz))
            k += 1
        }
    }

    @Test("D-pad right moves focus one item a press; left comes back")
    func dpadMoves() {
        let (root, list, _) = row()
        for expected in 1...3 {
            root.handle(.gamepad(.dpadRight, pressed: true, time: 0))
            root.handle(.gamepad(.dpadRight, pressed: false, time: 0))
            #expect(list.focusedItem == expected)
        }
        root.handle(.gamepad(.dpadLeft, pressed: true, time: 0))
        #expect(list.focusedItem == 2)
    }

    @Test("a D-pad held 1.5 s repeats on KeyRepeat's schedule, the same at 30, 60 and 144 Hz", arguments: [30.0, 60.0, 144.0])
    func heldRepeats(hz: Double) {
        let (root, list, _) = row()
        let hold = 1.5, delay = KeyRepeat.standard.delay, interval = KeyRepeat.standard.interval
        // By hand: the press, then repeats at delay, delay + interval, … up to the last target time before the up.
        var expectedMoves = 1
        var r = delay
        while r <= hold - 1e-9 { expectedMoves += 1; r += interval }
        run(root, hz: hz, from: 1.0 / hz, to: 2.5, events: [(0.0, .gamepad(.dpadRight, pressed: true, time: 0)),
                                                              (hold, .gamepad(.dpadRight, pressed: false, time: hold))])
        // The repeat due exactly at the up's time plays only if a frame's target reached it first.
        #expect(list.focusedItem == expectedMoves || list.focusedItem == expectedMoves + 1, "at \(hz) Hz")
        #expect(expectedMoves > 5)
    }

    @Test("the repeat count is the same at every frame rate")
    func repeatIsFrameRateIndependent() {
        var ends: [Int?] = []
        for hz in [30.0, 60.0, 144.0] {
            let (root, list, _) = row()
            run(root, hz: hz, from: 1.0 / hz, to: 2, events: [(0.0, .gamepad(.dpadRight, pressed: true, time: 0)),
                                                               (1.23, .gamepad(.dpadRight, pressed: false, time: 1.23))])
            ends.append(list.focusedItem)
        }
        #expect(ends[0] == ends[1] && ends[1] == ends[2], "\(ends)")
    }

    @Test("A activates the focused item; X, Y and Start go to the app's onGamepadButton")
    func aActivates() {
        let (root, list, _) = row()
        var chosen: [Int] = []
        list.onSelectItem = { chosen.append($0) }
        var appButtons: [GamepadButton] = []
        root.onGamepadButton = { button in
            if button.key == nil { appButtons.append(button); return true }
            return false
        }
        root.handle(.gamepad(.dpadRight, pressed: true, time: 0))
        root.handle(.gamepad(.a, pressed: true, time: 0))
        for b in [GamepadButton.x, .y, .start] { root.handle(.gamepad(b, pressed: true, time: 0)) }
        #expect(chosen == [1] && appButtons == [.x, .y, .start])
    }

    @Test("B and Back are the one Back: the root's onBack hears them", arguments: [GamepadButton.b, .back])
    func bIsBack(button: GamepadButton) {
        let (root, _, _) = row()
        var backs = 0
        root.onBack = { backs += 1; return true }
        root.handle(.gamepad(button, pressed: true, time: 0))
        root.handle(.gamepad(button, pressed: false, time: 0.1))
        #expect(backs == 1 && !root.lastBackWentUnhandled)
        root.onBack = nil
        root.handle(.gamepad(button, pressed: true, time: 0.2))
        #expect(root.lastBackWentUnhandled)
    }

    @Test("the stick does nothing inside its dead zone, moves at once past it, and speeds up while held")
    func stick() {
        let nav = StickNavigation.standard
        #expect(nav.direction(x: nav.deadZone * 0.9, y: 0) == nil)
        #expect(nav.direction(x: .nan, y: 0) == nil)
        #expect(nav.direction(x: 0.9, y: 0.2)?.button == .dpadRight)
        #expect(nav.direction(x: 0.1, y: -0.9)?.button == .dpadUp)
        // Acceleration: a longer hold and a further lean both shorten the wait.
        #expect(nav.interval(amount: 1, held: 0) < nav.interval(amount: 0.2, held: 0))
        #expect(nav.interval(amount: 0.5, held: 2) < nav.interval(amount: 0.5, held: 0))
        let (root, list, _) = row()
        root.handle(.gamepadStick(x: 0.2, y: 0, time: 0))
        #expect(list.focusedItem == 0)
        root.handle(.gamepadStick(x: 1, y: 0, time: 0))
        #expect(list.focusedItem == 1)
        // Held two seconds: count the moves the intervals allow, by hand.
        var expected = 1, next = nav.interval(amount: 1, held: 0)
        while next <= 2 + 1e-9 { expected += 1; next += nav.interval(amount: 1, held: next) }
        run(root, hz: 60, from: 1.0 / 60, to: 2 - 1.0 / 60, events: [])
        #expect(list.focusedItem == expected)
        root.handle(.gamepadStick(x: 0, y: 0, time: 2))
        run(root, hz: 60, from: 2, to: 3, events: [])
        #expect(list.focusedItem == expected)
    }

    @Test("rotary steps move focus one item a notch, forward clockwise and back counter-clockwise")
    func rotaryNavigates() {
        let (root, list, _) = row()
        root.handle(.rotary(steps: 3, time: 0))
        #expect(list.focusedItem == 3)
        root.handle(.rotary(steps: -2, time: 0))
        #expect(list.focusedItem == 1)
        root.handle(.rotary(steps: 0, time: 0))
        #expect(list.focusedItem == 1)
    }

    @Test("in edit mode the encoder changes a focused slider's value; Return enters it, Escape leaves it")
    func rotaryEditsSlider() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let slider = SliderView(value: 0.5, minimum: 0, maximum: 1, step: 0.1, frame: Rect(x: 20, y: 20, width: 200, height: 32))
        let other = PushButton(title: "OK")
        other.frame = Rect(x: 20, y: 100, width: 100, height: 40)
        other.isFocusable = true
        slider.isFocusable = true
        root.addSubview(slider)
        root.addSubview(other)
        #expect(slider.becomeFocused())
        root.handle(.rotary(steps: 1, time: 0))                 // navigate: to the button
        #expect(root.focusedView === other)
        root.handle(.rotary(steps: -1, time: 0))
        #expect(root.focusedView === slider)
        root.handle(.key(.enter, time: 0))
        #expect(root.rotaryMode == .edit)
        root.handle(.rotary(steps: 2, time: 0))
        #expect(abs(slider.value - 0.7) < 1e-9 && root.focusedView === slider)
        root.handle(.rotary(steps: -5, time: 0))
        #expect(abs(slider.value - 0.2) < 1e-9)
        root.handle(.key(.escape, time: 0))
        #expect(root.rotaryMode == .navigate)
        root.handle(.rotary(steps: 1, time: 0))
        #expect(root.focusedView === other && abs(slider.value - 0.2) < 1e-9)
    }

    @Test("a stepper takes the encoder's edits too")
    func rotaryEditsStepper() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let stepper = StepperView(value: 3, minimum: 0, maximum: 10, step: 1)
        stepper.frame = Rect(x: 20, y: 20, width: 94, height: 32)
        stepper.isFocusable = true
        root.addSubview(stepper)
        #expect(stepper.becomeFocused())
        root.rotaryMode = .edit
        root.handle(.rotary(steps: 4, time: 0))
        #expect(stepper.value == 7)
        root.handle(.rotary(steps: 9, time: 0))
        #expect(stepper.value == 10)
    }

    @Test("KeyRepeat counts repeats at exact times and survives bad input")
    func keyRepeatSchedule() {
        let r = KeyRepeat(delay: 0.5, interval: 0.1)
        #expect(r.repeatCount(pressed: 10, now: 10.49) == 0)
        #expect(r.repeatCount(pressed: 10, now: 10.5) == 1)
        #expect(r.repeatCount(pressed: 10, now: 10.75) == 3)
        #expect(r.repeatCount(pressed: 10, now: .nan) == 0)
        #expect(abs(r.repeatTime(3, pressed: 10) - 10.7) < 1e-12)
        let bad = KeyRepeat(delay: .nan, interval: -1)
        #expect(bad.delay > 0 && bad.interval > 0)
    }
}
