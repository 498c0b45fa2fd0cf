import Testing
import Motion
@testable import ScrollKit

/// `Switch`: taps, keys, the disabled state, `onChange`, the knob's slide (checked against the easing curve
/// it is documented to follow) and what it draws (read back from a `RecordingCanvas`).
@Suite("Switch")
@MainActor
struct SwitchTests: ControlTesting {
    func tick(_ k: Int, hz: Double = 60) -> FrameTick {
        FrameTick(index: k, timestamp: Double(k) / hz, duration: 1 / hz)
    }

    @Test("A tap flips the switch and reports the new value once; a tap beside it does nothing")
    func tapToggles() {
        let toggle = Switch(isOn: false, frame: Rect(x: 20, y: 20, width: 51, height: 31))
        var changes: [Bool] = []
        toggle.onChange = { changes.append($0) }
        let root = tree(toggle)
        tap(root, at: Point(x: 40, y: 35))
        #expect(toggle.isOn && changes == [true])
        tap(root, at: Point(x: 40, y: 35), time: 1)
        #expect(!toggle.isOn && changes == [true, false])
        tap(root, at: Point(x: 200, y: 200), time: 2)
        #expect(!toggle.isOn && changes == [true, false])
    }

    @Test("Setting isOn moves the knob at once and calls no onChange")
    func settingDoesNotNotify() {
        let toggle = Switch()
        var calls = 0
        toggle.onChange = { _ in calls += 1 }
        toggle.isOn = true
        #expect(toggle.isOn && toggle.knobPosition == 1 && calls == 0 && !toggle.isAnimating)
        toggle.setOn(false, animated: false)
        #expect(toggle.knobPosition == 0 && calls == 0)
    }

    @Test("A disabled switch takes no tap and no key")
    func disabled() {
        let toggle = Switch(isOn: true, frame: Rect(x: 20, y: 20, width: 51, height: 31))
        toggle.isEnabled = false
        toggle.isFocusable = true
        let root = tree(toggle)
        tap(root, at: Point(x: 40, y: 35))
        #expect(toggle.isOn)
        _ = toggle.becomeFocused()
        root.handle(.key(.enter, time: 1))
        root.handle(.key(.space, time: 2))
        #expect(toggle.isOn)
    }

    @Test("With focus, Enter and Space flip it, like a tap")
    func keys() {
        let toggle = Switch(frame: Rect(x: 20, y: 20, width: 51, height: 31))
        toggle.isFocusable = true
        var changes: [Bool] = []
        toggle.onChange = { changes.append($0) }
        let root = tree(toggle)
        root.handle(.key(.tab, time: 0))
        #expect(toggle.isFocused)
        root.handle(.key(.enter, time: 0.1))
        root.handle(.key(.space, time: 0.2))
        #expect(changes == [true, false])
    }

    @Test("After a tap the knob slides along easeOutCubic over slideDuration, sampled at each frame's target time")
    func knobSlides() {
        let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
        let root = tree(toggle)
        tap(root, at: Point(x: 10, y: 10))
        #expect(toggle.isAnimating && toggle.knobPosition == 0)
        // The clock starts at the first frame's timestamp; frame k shows the curve at (k + 1) periods.
        var k = 0
        while toggle.isAnimating && k < 100 {
            root.step(tick(k))
            let t = min(1, Double(k + 1) / 60 / Switch.slideDuration)
            let expected = 1 - (1 - t) * (1 - t) * (1 - t)      // ease-out cubic, written out
            #expect(abs(toggle.knobPosition - expected) < 1e-6, "frame \(k)")
            k += 1
        }
        #expect(toggle.knobPosition == 1 && !toggle.isAnimating)
        #expect(k == Int((Switch.slideDuration * 60).rounded(.up)))
    }

    @Test("Drawing: the track in the off colour with the knob left, in the on colour with the knob right")
    func drawing() {
        let frame = Rect(x: 10, y: 20, width: 51, height: 31)
        let toggle = Switch(isOn: false, frame: frame)
        let root = tree(toggle)
        let off = RecordingCanvas()
        root.draw(in: off)
        #expect(off.commands.contains(.fillRoundedRect(frame, radius: 15.5, toggle.offColor)))
        let offKnob = off.commands.compactMap { if case .circle(let c, _, let color) = $0, color == toggle.knobColor { c } else { nil } }
        #expect(offKnob == [Point(x: frame.minX + 15.5, y: frame.midY)])
        toggle.isOn = true
        let on = RecordingCanvas()
        root.draw(in: on)
        #expect(on.commands.contains(.fillRoundedRect(frame, radius: 15.5, toggle.onColor)))
        let onKnob = on.commands.compactMap { if case .circle(let c, _, let color) = $0, color == toggle.knobColor { c } else { nil } }
        #expect(onKnob == [Point(x: frame.maxX - 15.5, y: frame.midY)])
    }

    @Test("Bad input: NaN knob positions and zero frames draw safely")
    func badInput() {
        let canvas = RecordingCanvas()
        Switch.draw(in: canvas, frame: .zero, knob: 0.5, pressed: false, onColor: .white, offColor: .black, knobColor: .white)
        #expect(canvas.commands.isEmpty)
        Switch.draw(in: canvas, frame: Rect(x: 0, y: 0, width: 51, height: 31), knob: .nan, pressed: true,
                    onColor: .white, offColor: .black, knobColor: .white)
        #expect(!canvas.commands.isEmpty)
    }
}
