// The standard views: a label's size from its text (against TextLayout) and its accessibility, a slider's steps,
// keys (mirrored right to left) and AT-SPI value, a stepper's clamping, a progress bar's clamping and a spinner
// that does nothing while hidden.

import Motion
import Testing
@testable import ScrollKit

@Suite("Standard views")
@MainActor
struct StandardViewTests: ControlTesting {
    @Test("a label is as large as its text laid out for the width offered, and reads as a label or heading")
    func label() {
        let text = "A label long enough to wrap onto a few lines at a narrow width"
        let label = LabelView(text, maxLines: 0)
        label.measurer = ApproximateTextMeasurer.shared
        for width in [40.0, 120, 300, .infinity] {
            let layout = TextLayout(text, style: LabelView.Style.body, width: width, measurer: ApproximateTextMeasurer.shared)
            let size = label.sizeThatFits(SizeProposal(width: width, height: nil))
            #expect(size.height == layout.size.height.rounded(.up))
            #expect(size.width == min(layout.size.width.rounded(.up), width))
        }
        let one = LabelView(text)
        one.measurer = ApproximateTextMeasurer.shared
        #expect(one.sizeThatFits(SizeProposal(width: 100, height: nil)).height
                == TextLayout("X", style: LabelView.Style.body, width: 100, measurer: ApproximateTextMeasurer.shared).size.height.rounded(.up))
        _ = tree(label)
        #expect(label.accessibilitySnapshot().role == .label && label.accessibilitySnapshot().label == text)
        label.isHeading = true
        #expect(label.accessibilitySnapshot().role == .heading)
        #expect(LabelView("").sizeThatFits(.unspecified) == .zero)
    }

    @Test("a stepped slider stays on its steps; arrows step it (mirrored right to left); AT-SPI sets it")
    func slider() {
        let slider = SliderView(value: 0.33, minimum: 0, maximum: 1, step: 0.25)
        #expect(slider.value == 0.25)
        var changes: [Double] = []
        slider.onChange = { changes.append($0) }
        #expect(slider.handleFocusedKey(.right) && slider.value == 0.5)
        slider.layoutDirection = .rightToLeft
        #expect(slider.handleFocusedKey(.right) && slider.value == 0.25)
        #expect(slider.handleFocusedKey(.end) && slider.value == 1)
        #expect(slider.handleFocusedKey(.left) && slider.value == 1)   // right to left, ← raises: at the end already
        #expect(changes == [0.5, 0.25, 1])
        #expect(slider.accessibleElement.setValue(0.6) && slider.value == 0.5)
        let node = slider.accessibilitySnapshot()
        #expect(node.role == .slider && node.range == AccessibleRange(current: 0.5, minimum: 0, maximum: 1, step: 0.25))
        slider.value = .nan
        #expect(slider.value == 0)
        let continuous = SliderView(value: 5, minimum: 0, maximum: 10)
        #expect(continuous.handleFocusedKey(.left) && continuous.value == 4.5)
        continuous.isEnabled = false
        #expect(!continuous.handleFocusedKey(.left) && continuous.value == 4.5)
    }

    @Test("a slider dragged along its track follows the drag, in both directions")
    func sliderDrag() {
        for direction in [ReadingDirection.leftToRight, .rightToLeft] {
            let slider = SliderView(value: 0, minimum: 0, maximum: 100, frame: Rect(x: 0, y: 0, width: 232, height: 32))
            let root = tree(slider)
            root.layoutDirection = direction
            let start = direction == .leftToRight ? 16.0 : 216
            let sign = direction == .leftToRight ? 1.0 : -1
            root.handle(.pointerDown(location: Point(x: start, y: 16), time: 0))
            for k in 1...10 { root.handle(.pointerMove(location: Point(x: start + sign * Double(k) * 10, y: 16), time: Double(k) * 0.01)) }
            root.handle(.pointerUp(location: Point(x: start + sign * 100, y: 16), time: 0.11))
            #expect(abs(slider.value - 50) < 1e-9, "\(direction): \(slider.value)")
        }
    }

    @Test("a stepper steps within its range with taps and keys; AT-SPI sets it")
    func stepper() {
        let stepper = StepperView(value: 2, minimum: 0, maximum: 3)
        stepper.frame = Rect(x: 0, y: 0, width: 94, height: 32)
        let root = tree(stepper)
        var changes: [Double] = []
        stepper.onChange = { changes.append($0) }
        tap(root, at: Point(x: 70, y: 16))
        tap(root, at: Point(x: 70, y: 16), time: 1)   // at the maximum: no change
        tap(root, at: Point(x: 20, y: 16), time: 2)
        #expect(changes == [3, 2])
        root.layoutDirection = .rightToLeft
        tap(root, at: Point(x: 70, y: 16), time: 3)   // right to left, − is on the right
        #expect(stepper.value == 1)
        #expect(stepper.handleFocusedKey(.left) && stepper.value == 2)
        #expect(stepper.accessibleElement.setValue(-4) && stepper.value == 0)
        #expect(stepper.accessibilitySnapshot().role == .slider)
    }

    @Test("a progress bar clamps; a spinner turns with the frames' timestamps, and not while hidden")
    func progress() {
        let bar = ProgressBarView(progress: 1.7)
        #expect(bar.progress == 1)
        bar.progress = .nan
        #expect(bar.progress == 0)
        #expect(!bar.hasAmbientAnimation)
        let spinner = ProgressBarView(progress: nil)
        let root = tree(spinner)
        #expect(spinner.hasAmbientAnimation)
        root.step(FrameTick(index: 0, timestamp: 0.25, duration: 1.0 / 60))
        #expect(spinner.phase == 0.25)
        root.isHidden = true
        #expect(!spinner.hasAmbientAnimation && !root.needsFrames)
        spinner.isHidden = true
        root.step(FrameTick(index: 1, timestamp: 0.5, duration: 1.0 / 60))
        #expect(spinner.phase == 0.25)
    }

    @Test("controls answer their sizes: a switch its own, a button its title's, a text field the width offered")
    func controlSizes() {
        #expect(Switch().sizeThatFits(.infinity) == Switch.size)
        let short = PushButton(title: "OK").sizeThatFits(.unspecified)
        let long = PushButton(title: "Reset all settings").sizeThatFits(.unspecified)
        #expect(short.width >= 44 && long.width > short.width && long.height >= 44)
        #expect(TextFieldView().sizeThatFits(SizeProposal(width: 250, height: nil)).width == 250)
        #expect(SegmentedControl(segments: ["A", "B"]).sizeThatFits(SizeProposal(width: 300, height: nil)).width == 300)
    }
}
