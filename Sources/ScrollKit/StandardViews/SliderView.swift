// SliderView: a value in a range, continuous or stepped, set by a drag along its track, the arrow keys (mirrored
// right to left) and assistive technology (AT-SPI Value); its colours in SliderView.Look.

/// A slider (UIKit's `UISlider`): a track filled from its leading edge up to a round thumb at ``value``, between
/// ``minimum`` and ``maximum``, in steps of ``step`` (0: continuous).
///
/// A horizontal drag on it moves the thumb (a drag that starts vertical inside a scroll view scrolls instead);
/// with focus, ← and → move it a step (a twentieth of the range when continuous), mirrored right to left, Home and
/// End to the ends. Each change by the user calls ``onChange``. Accessible as a slider whose value a screen reader
/// reads and sets (``AccessibleElement/setValue(_:)``). Its height is fixed (``height``), its width flexible.
///
/// ```swift
/// let volume = SliderView(value: 0.6)
/// volume.onChange = { player.volume = $0 }
/// ```
public final class SliderView: ViewNode {
    /// The control's height and its least width, in points.
    public static let height = 32.0
    public static let minimumWidth = 80.0

    /// The colours, in one place: the theme's (``Look/init(colors:)``) until the app sets ``look``.
    public struct Look: Sendable, Hashable {
        public var fill = RGBAColor(hex: 0x0A84FF)
        public var track = RGBAColor(hex: 0xD1D1D6)
        public var thumb = RGBAColor.white
        public var thumbBorder = RGBAColor(hex: 0xC7C7CC)
        public init() {}
        /// The look a theme's tokens give.
        public init(colors c: ThemeColors) {
            fill = c.tint; track = c.fill; thumb = c.knob; thumbBorder = c.controlBorder
        }
    }
    /// The colours drawn with: the theme's until set (then pinned).
    public var look: Look {
        get { explicitLook ?? Look(colors: effectiveTheme.colors) }
        set { explicitLook = newValue; setNeedsDisplay() }
    }
    private var explicitLook: Look?

    /// The value, kept within the range and on its steps. Setting it does not call ``onChange``.
    public var value: Double {
        get { storedValue }
        set {
            let c = conformed(newValue)
            if c != storedValue { storedValue = c; drawingInputChanged() }
        }
    }
    /// The range's ends (a maximum below the minimum counts as the minimum).
    public var minimum: Double { didSet { rangeDidChange() } }
    public var maximum: Double { didSet { rangeDidChange() } }
    /// The step between values (0: continuous).
    public var step: Double { didSet { rangeDidChange() } }
    private var storedValue: Double
    /// Disabled: drawn faded, no drag, no keys.
    @DrawingInput public var isEnabled = true
    /// Called with the new value after the user changed it. Held strongly; capture owners weakly.
    public var onChange: (@MainActor (Double) -> Void)?

    private var dragStart: Double?

    public init(value: Double = 0, minimum: Double = 0, maximum: Double = 1, step: Double = 0, frame: Rect = .zero) {
        let lo = minimum.isFinite ? minimum : 0
        self.minimum = lo
        self.maximum = maximum.isFinite ? max(maximum, lo) : lo
        self.step = step.isFinite ? max(0, step) : 0
        storedValue = lo
        super.init(frame: frame)
        self.value = conformed(value)
        isFocusable = true
        addGestureRecognizer(PanGestureRecognizer(axis: .horizontal) { [unowned self] pan in self.dragged(pan) })
    }

    private func rangeDidChange() {
        storedValue = conformed(storedValue)
        drawingInputChanged()
    }

    /// `v` within the range and on a step (NaN: the minimum).
    func conformed(_ v: Double) -> Double {
        guard v.isFinite else { return v == .infinity ? maximum : minimum }
        var c = min(max(v, minimum), max(minimum, maximum))
        if step > 0 { c = min(minimum + ((c - minimum) / step).rounded() * step, maximum) }
        return c
    }

    /// The change the arrow keys make.
    public var keyStep: Double { step > 0 ? step : (maximum - minimum) / 20 }

    /// Sets the value as the user does: conformed, then ``onChange`` if it changed. Ignored when disabled.
    public func setValueByUser(_ newValue: Double) {
        guard isEnabled else { return }
        let old = value
        value = conformed(newValue)
        if value != old { onChange?(value) }
    }

    /// Where the value lies along the track, 0 (minimum) … 1 (maximum).
    public var fraction: Double { maximum > minimum ? (value - minimum) / (maximum - minimum) : 0 }

    private var trackInset: Double { storedFrame.height / 2 }

    private func dragged(_ recognizer: GestureRecognizer) {
        guard isEnabled, let pan = recognizer as? PanGestureRecognizer else { return }
        switch pan.state {
        case .began: dragStart = value
        case .changed, .ended:
            guard let start = dragStart else { return }
            let travel = max(1, storedFrame.width - 2 * trackInset)
            let dx = isRightToLeft ? -pan.translation.x : pan.translation.x
            setValueByUser(start + dx / travel * (maximum - minimum))
            if pan.state == .ended { dragStart = nil }
        default: dragStart = nil
        }
    }

    public override func handleFocusedKey(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        switch key {
        case .left, .right:
            setValueByUser(value + ((key == .right) != isRightToLeft ? keyStep : -keyStep))
        case .home: setValueByUser(minimum)
        case .end: setValueByUser(maximum)
        default: return false
        }
        return true
    }

    /// Its width offered (at least ``minimumWidth``; ``minimumWidth`` × 2 offered nothing) by ``height``.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let width = proposal.width.map { $0.isFinite ? $0 : Self.minimumWidth * 2 } ?? Self.minimumWidth * 2
        return Size(width: max(Self.minimumWidth, width), height: Self.height)
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let fade = isEnabled ? 1.0 : PushButton.disabledOpacity
        let r = frame.height / 2, trackHeight = 4.0
        let track = Rect(x: frame.minX + r, y: frame.midY - trackHeight / 2, width: max(0, frame.width - 2 * r), height: trackHeight)
        canvas.fillRoundedRect(track, radius: trackHeight / 2, color: look.track.withAlpha(fade))
        let filled = track.width * min(max(fraction, 0), 1)
        let fillX = isRightToLeft ? track.maxX - filled : track.minX
        canvas.fillRoundedRect(Rect(x: fillX, y: track.minY, width: filled, height: trackHeight), radius: trackHeight / 2,
                               color: look.fill.withAlpha(fade))
        let cx = isRightToLeft ? track.maxX - filled : track.minX + filled
        let thumb = r - 2
        canvas.fillCircle(center: Point(x: cx, y: frame.midY + 1), radius: thumb + 0.5, color: RGBAColor(r: 0, g: 0, b: 0, a: 30).withAlpha(fade))
        canvas.fillCircle(center: Point(x: cx, y: frame.midY), radius: thumb + 0.5, color: look.thumbBorder.withAlpha(fade))
        canvas.fillCircle(center: Point(x: cx, y: frame.midY), radius: thumb, color: look.thumb.withAlpha(fade))
    }
}

extension SliderView: AccessibilityDescribing {
    public func describeAccessibility(_ node: inout AccessibleNode) {
        node.role = .slider
        node.range = AccessibleRange(current: value, minimum: minimum, maximum: maximum, step: step)
        node.value = step >= 1 || step == 0 && maximum - minimum > 20 ? String(Int(value.rounded())) : "\(Int((fraction * 100).rounded())) %"
        if !isEnabled { node.states.remove([.enabled, .sensitive]) }
    }
}
