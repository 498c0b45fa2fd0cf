import Testing
import Motion
@testable import ScrollKit

/// `PushButton` and `SegmentedControl`: presses, cancel, disabled, activation, selection. Plain values.
@Suite("Controls")
@MainActor
struct ControlsTests: ControlTesting {
    // MARK: - PushButton

    @Test("A tap on a button calls its action once")
    func buttonTap() {
        var taps = 0
        let button = PushButton(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40)) { _ in taps += 1 }
        let root = tree(button)
        tap(root, at: Point(x: 50, y: 30))
        #expect(taps == 1)
    }

    @Test("A button looks pressed while held (at once outside scroll views)")
    func buttonPressedLook() {
        let button = PushButton(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40)) { _ in }
        let root = tree(button)
        #expect(!button.isPressed)
        root.handle(.pointerDown(location: Point(x: 50, y: 30), time: 0))
        #expect(button.isPressed)
        root.handle(.pointerUp(location: Point(x: 50, y: 30), time: 0.05))
        root.step(FrameTick(index: 0, timestamp: 0.3, duration: 1.0 / 60))
        #expect(!button.isPressed)
    }

    @Test("A press that leaves the button is cancelled: no action, no pressed look")
    func buttonCancel() {
        var taps = 0
        let button = PushButton(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40)) { _ in taps += 1 }
        let root = tree(button)
        root.handle(.pointerDown(location: Point(x: 50, y: 30), time: 0))
        root.handle(.pointerMove(location: Point(x: 200, y: 200), time: 0.05))
        #expect(!button.isPressed)
        root.handle(.pointerUp(location: Point(x: 200, y: 200), time: 0.1))
        #expect(taps == 0)
    }

    @Test("A drag that starts on a button in a scroll view scrolls and cancels the press")
    func buttonInScrollView() {
        var taps = 0
        let scroll = ScrollingView(viewportSize: Size(width: 400, height: 300), contentSize: Size(width: 400, height: 900))
        let button = PushButton(title: "OK", frame: Rect(x: 10, y: 100, width: 100, height: 40)) { _ in taps += 1 }
        scroll.addSubview(button)
        scroll.handle(.pointerDown(location: Point(x: 50, y: 120), time: 0))
        scroll.handle(.pointerMove(location: Point(x: 50, y: 80), time: 0.05))
        scroll.handle(.pointerUp(location: Point(x: 50, y: 60), time: 0.1))
        #expect(taps == 0)
        #expect(!button.isPressed)
        #expect(scroll.contentOffset.y > 0)
    }

    @Test("A disabled button takes no press: no action, no pressed look, not activated by Enter")
    func buttonDisabled() {
        var taps = 0
        let button = PushButton(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40)) { _ in taps += 1 }
        button.isEnabled = false
        button.isFocusable = true
        let root = tree(button)
        root.handle(.pointerDown(location: Point(x: 50, y: 30), time: 0))
        #expect(!button.isPressed)
        root.handle(.pointerUp(location: Point(x: 50, y: 30), time: 0.05))
        button.becomeFocused()
        root.handle(.key(.enter, time: 0.1))
        #expect(taps == 0)
    }

    @Test("Enter activates a focused button")
    func buttonEnter() {
        var taps = 0
        let button = PushButton(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40)) { _ in taps += 1 }
        button.isFocusable = true
        let root = tree(button)
        #expect(button.becomeFocused())
        root.handle(.key(.enter, time: 0))
        #expect(taps == 1)
    }

    @Test("A button draws its title centred, and an image when it has one")
    func buttonDraws() {
        let button = PushButton(title: "Play", image: ImageRef("play"), kind: .filled, frame: Rect(x: 10, y: 10, width: 100, height: 40))
        let canvas = RecordingCanvas(size: Size(width: 400, height: 300))
        tree(button).draw(in: canvas)
        #expect(canvas.texts == ["Play"])
        let images = canvas.commands.filter { if case .image(let ref, _, _) = $0 { ref.name == "play" } else { false } }
        #expect(images.count == 1)
    }

    // MARK: - SegmentedControl

    func segmented(_ changes: @escaping (Int) -> Void = { _ in }) -> (ViewNode, SegmentedControl) {
        let control = SegmentedControl(segments: ["A", "B", "C", "D"], frame: Rect(x: 0, y: 0, width: 200, height: 30))
        control.onChange = { changes($0) }
        return (tree(control), control)
    }

    @Test("A tap on a segment selects it and reports the change", arguments: [(10.0, 0), (60.0, 1), (120.0, 2), (199.0, 3)])
    func segmentTap(x: Double, index: Int) {
        var changes: [Int] = []
        let (root, control) = segmented { changes.append($0) }
        tap(root, at: Point(x: x, y: 15))
        #expect(control.selectedIndex == index)
        #expect(changes == (index == 0 ? [] : [index]))
    }

    @Test("A tap on the selected segment reports nothing")
    func segmentSame() {
        var changes: [Int] = []
        let (root, control) = segmented { changes.append($0) }
        control.selectedIndex = 2
        tap(root, at: Point(x: 120, y: 15))
        #expect(changes.isEmpty)
        #expect(control.selectedIndex == 2)
    }

    @Test("A disabled segmented control ignores taps")
    func segmentDisabled() {
        var changes: [Int] = []
        let (root, control) = segmented { changes.append($0) }
        control.isEnabled = false
        tap(root, at: Point(x: 120, y: 15))
        #expect(control.selectedIndex == 0)
        #expect(changes.isEmpty)
    }

    @Test("The selection is clamped to the segments", arguments: [(-3, 0), (2, 2), (9, 3)])
    func segmentClamp(set: Int, expected: Int) {
        let (_, control) = segmented()
        control.selectedIndex = set
        #expect(control.selectedIndex == expected)
    }

    @Test("Fewer segments clamp the selection; frames are equal shares of the width")
    func segmentRebuild() {
        let (_, control) = segmented()
        control.selectedIndex = 3
        control.segments = ["X", "Y"]
        #expect(control.selectedIndex == 1)
        #expect(control.segmentFrame(1) == Rect(x: 100, y: 0, width: 100, height: 30))
        #expect(control.subviews.count == 2)
    }

    @Test("Enter on a focused segmented control selects the next segment, wrapping")
    func segmentEnter() {
        var changes: [Int] = []
        let (root, control) = segmented { changes.append($0) }
        control.isFocusable = true
        control.selectedIndex = 3
        #expect(control.becomeFocused())
        root.handle(.key(.enter, time: 0))
        #expect(control.selectedIndex == 0)
        #expect(changes == [0])
    }

    @Test("A held segment looks pressed")
    func segmentPressed() {
        let (root, control) = segmented()
        root.handle(.pointerDown(location: Point(x: 120, y: 15), time: 0))
        #expect(control.subviews[2].isHighlighted)
        #expect(!control.subviews[1].isHighlighted)
    }
}
