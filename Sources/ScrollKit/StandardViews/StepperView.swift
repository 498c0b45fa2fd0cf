// StepperView: a value changed by a step with − and + (pressable halves, the arrow keys, assistive technology);
// its colours in StepperView.Look.

/// A stepper (UIKit's `UIStepper`): a rounded pill with − on its leading half and + on its trailing half; a tap on
/// one changes ``value`` by ``step`` within ``minimum`` … ``maximum`` and calls ``onChange``. With focus, ← and →
/// (mirrored right to left) do the same, Home and End go to the ends. Accessible as a slider (AT-SPI Value) whose
/// value a screen reader reads and sets. Its size is fixed (``size``, grown a little with the text scale).
public final class StepperView: ViewNode {
    /// UIKit's stepper size, in points, at text scale 1.
    public static let size = Size(width: 94, height: 32)

    /// The colours, in one place: the theme's (``Look/init(colors:)``) until the app sets ``look``.
    public struct Look: Sendable, Hashable {
        public var face = RGBAColor(hex: 0xE6E6EB)
        public var pressed = RGBAColor(hex: 0xD1D1D6)
        public var symbol = RGBAColor(hex: 0x1C1C1E)
        public var separator = RGBAColor(hex: 0xC7C7CC)
        public init() {}
        /// The look a theme's tokens give.
        public init(colors c: ThemeColors) {
            face = c.fill; pressed = c.pressedControlFace; symbol = c.label; separator = c.separator
        }
    }
    /// The colours drawn with: the theme's until set (then pinned).
    public var look: Look {
        get { explicitLook ?? Look(colors: effectiveTheme.colors) }
        set { explicitLook = newValue; setNeedsDisplay() }
    }
    private var explicitLook: Look?

    /// The value, within the range. Setting it does not call ``onChange``.
    public var value: Double {
        get { storedValue }
        set {
            let c = clamped(newValue)
            if c != storedValue { storedValue = c; drawingInputChanged() }
        }
    }
    public var minimum: Double { didSet { storedValue = clamped(storedValue); drawingInputChanged() } }
    public var maximum: Double { didSet { storedValue = clamped(storedValue); drawingInputChanged() } }
    public var step: Double
    /// Disabled: drawn faded, no press, no keys.
    @DrawingInput public var isEnabled = true
    /// Called with the new value after the user changed it. Held strongly; capture owners weakly.
    public var onChange: (@MainActor (Double) -> Void)?
    private var storedValue: Double

    public init(value: Double = 0, minimum: Double = 0, maximum: Double = 10, step: Double = 1) {
        let lo = minimum.isFinite ? minimum : 0
        self.minimum = lo
        self.maximum = maximum.isFinite ? max(lo, maximum) : lo
        self.step = step.isFinite && step > 0 ? step : 1
        storedValue = lo
        super.init()
        storedValue = clamped(value)
        isFocusable = true
        addSubview(Half(stepper: self, direction: -1))
        addSubview(Half(stepper: self, direction: 1))
    }

    private func clamped(_ v: Double) -> Double { v.isNaN ? minimum : min(max(v, minimum), max(minimum, maximum)) }

    /// Changes the value by `steps` steps as the user does, calling ``onChange`` if it changed.
    public func stepBy(_ steps: Double) { setValueByUser(value + steps * step) }

    /// Sets the value as the user does: clamped, then ``onChange`` if it changed. Ignored when disabled.
    public func setValueByUser(_ newValue: Double) {
        guard isEnabled else { return }
        let old = value
        value = newValue
        if value != old { onChange?(value) }
    }

    public override func handleFocusedKey(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        switch key {
        case .left, .right: stepBy((key == .right) != isRightToLeft ? 1 : -1)
        case .home: setValueByUser(minimum)
        case .end: setValueByUser(maximum)
        default: return false
        }
        return true
    }

    /// ``size``, its height grown with the text scale up to ``TextScale/controlMaximum``.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let grow = min(ViewNode.textScale, TextScale.controlMaximum)
        return Size(width: Self.size.width * grow, height: (Self.size.height * grow).rounded())
    }

    public override func layoutSubviews() {
        let half = storedFrame.width / 2
        for case let h as Half in subviews {
            let leading = h.direction < 0
            h.frame = Rect(x: mirroredX(leading ? 0 : half, width: half), y: 0, width: half, height: storedFrame.height)
        }
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let fade = isEnabled ? 1.0 : PushButton.disabledOpacity
        let r = min(9, frame.height / 2)
        canvas.fillRoundedRect(frame, radius: r, color: look.face.withAlpha(fade))
        for case let h as Half in subviews {
            let f = h.frame.offsetBy(dx: frame.minX, dy: frame.minY)
            let atEnd = h.direction < 0 ? value <= minimum : value >= maximum
            if h.isHighlighted && isEnabled { canvas.fillRoundedRect(f, radius: r, color: look.pressed) }
            let ink = look.symbol.withAlpha(fade * (atEnd ? 0.35 : 1))
            let arm = min(f.width, f.height) * 0.22
            canvas.fill(Rect(x: f.midX - arm, y: f.midY - 1, width: 2 * arm, height: 2), color: ink)
            if h.direction > 0 { canvas.fill(Rect(x: f.midX - 1, y: f.midY - arm, width: 2, height: 2 * arm), color: ink) }
        }
        canvas.fill(Rect(x: frame.midX - 0.5, y: frame.minY + 7, width: 1, height: max(0, frame.height - 14)),
                    color: look.separator.withAlpha(fade))
    }

    /// One half: a pressable subview stepping down (−1) or up (+1).
    final class Half: ViewNode {
        unowned let stepper: StepperView
        let direction: Double
        init(stepper: StepperView, direction: Double) {
            self.stepper = stepper
            self.direction = direction
            super.init()
        }
        override var isPressable: Bool { stepper.isEnabled }
        override func activate() { stepper.stepBy(direction) }
        override func highlightDidChange() { stepper.setNeedsDisplay() }
    }
}

extension StepperView: AccessibilityDescribing {
    public func describeAccessibility(_ node: inout AccessibleNode) {
        node.role = .slider
        node.range = AccessibleRange(current: value, minimum: minimum, maximum: maximum, step: step)
        node.value = value == value.rounded() ? String(Int(value)) : String(value)
        if !isEnabled { node.states.remove([.enabled, .sensitive]) }
    }
}
