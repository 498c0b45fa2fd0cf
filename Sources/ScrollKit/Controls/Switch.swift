// Switch: an on/off switch whose knob slides over an Animated timed simulation, toggled by a tap, Enter or Space.

import Motion

/// An on/off switch (UIKit's `UISwitch`): a rounded track, green when on, with a white knob that slides
/// to the end the value names.
///
/// It is a ``ViewNode`` using the tree's presses: a tap (or Enter or Space while it has focus) flips
/// ``isOn``, slides the knob over ``slideDuration`` (an `Animated` timed simulation sampled at each frame's
/// `targetTimestamp`) and calls ``onChange``. A drag that starts on it inside a scroll view scrolls
/// instead (the press is cancelled); it looks pressed while ``ViewNode/isHighlighted``. A disabled switch
/// takes no press and is drawn faded. Set ``ViewNode/isFocusable`` to reach it with Tab and arrows.
/// ``StandardCell``'s `.toggle` accessory is one of these. Drawing allocates nothing.
///
/// ```swift
/// let wifi = Switch(isOn: true, frame: Rect(x: 300, y: 8, width: 51, height: 31))
/// wifi.onChange = { on in settings.wifi = on }
/// row.addSubview(wifi)
/// ```
@MainActor
public final class Switch: ViewNode {
    /// UIKit's switch size, in points (the control draws into any frame: the knob is the track's height).
    public static let size = Size(width: 51, height: 31)
    /// Seconds the knob takes to slide after a tap.
    public static let slideDuration = 0.2

    /// The value. Setting it moves the knob at once and does not call ``onChange``; see ``setOn(_:animated:)``.
    public var isOn: Bool {
        get { storedOn }
        set { if newValue != storedOn { setOn(newValue, animated: false) } }
    }
    /// Called with the new value after a tap (or Enter, Space) flipped it. Held strongly; capture owners weakly.
    public var onChange: (@MainActor (Bool) -> Void)?
    /// Disabled: drawn faded (``PushButton/disabledOpacity``), no press, no activation.
    public var isEnabled = true
    /// The track when on, when off, and the knob (the theme's `positive`, `fill` and `knob` unless set).
    @ThemeColor(\.positive) public var onColor: RGBAColor
    @ThemeColor(\.fill) public var offColor: RGBAColor
    @ThemeColor(\.knob) public var knobColor: RGBAColor

    private var storedOn: Bool
    /// The knob's slide from off (0) to on (1), while it runs.
    private var slide: Animated<TimedSimulation>?
    /// Where the knob is: 0 at the off end, 1 at the on end (between while it slides).
    public private(set) var knobPosition: Double

    /// A switch showing `isOn`.
    public init(isOn: Bool = false, frame: Rect = .zero) {
        storedOn = isOn
        knobPosition = isOn ? 1 : 0
        super.init(frame: frame)
    }

    /// Sets the value without calling ``onChange``: with `animated`, the knob slides there over
    /// ``slideDuration`` from where it is; else it jumps.
    public func setOn(_ on: Bool, animated: Bool) {
        guard on != storedOn || (!animated && slide != nil) else { return }
        storedOn = on
        let target = on ? 1.0 : 0.0
        if animated {
            slide = Animated(TimedSimulation(from: knobPosition, to: target, duration: Self.slideDuration, curve: .easeOutCubic),
                             rest: target)
        } else {
            slide = nil
            knobPosition = target
        }
    }

    /// Flips the value as a tap does: slides the knob and calls ``onChange``. Ignored when disabled.
    public func toggle() {
        guard isEnabled else { return }
        setOn(!storedOn, animated: true)
        onChange?(storedOn)
    }

    public override var isPressable: Bool { isEnabled }

    /// ``size``, whatever is offered (a switch keeps UIKit's shape at every text scale).
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size { Self.size }

    /// Flips the switch (``toggle()``), then calls ``ViewNode/onActivate``.
    public override func activate() {
        guard isEnabled else { return }
        toggle()
        onActivate?(self)
    }

    public override func update(_ tick: FrameTick) {
        guard var s = slide else { return }
        knobPosition = s.sample(tick)
        slide = s.needsFrames ? s : nil
    }

    public override var isAnimating: Bool { slide != nil || super.isAnimating }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        Self.draw(in: canvas, frame: frame, knob: knobPosition, pressed: isHighlighted && isEnabled,
                  onColor: onColor, offColor: offColor, knobColor: knobColor, opacity: isEnabled ? 1 : PushButton.disabledOpacity,
                  mirrored: isRightToLeft)
    }

    /// Draws a switch into `frame` with its knob at `knob` (0 off … 1 on): the track, its colour blended
    /// from `offColor` to `onColor` by the knob's place, a darker film when `pressed`, and the knob with
    /// a soft shadow. What ``Switch`` draws; a custom view can draw the same look. `mirrored` (right to left, as
    /// UIKit's switch): the on end is the left one.
    public static func draw(in canvas: any DrawingCanvas, frame: Rect, knob: Double, pressed: Bool,
                            onColor: RGBAColor, offColor: RGBAColor, knobColor: RGBAColor, opacity: Double = 1,
                            mirrored: Bool = false) {
        guard frame.width > 0, frame.height > 0 else { return }
        let t = knob.isFinite ? min(max(knob, 0), 1) : 0
        let fade = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        let r = frame.height / 2
        canvas.fillRoundedRect(frame, radius: r, color: blend(offColor, onColor, t).withAlpha(fade))
        if pressed { canvas.fillRoundedRect(frame, radius: r, color: RGBAColor(r: 0, g: 0, b: 0, a: 20).withAlpha(fade)) }
        let knobRadius = r - 2
        let cx = frame.minX + r + (mirrored ? 1 - t : t) * max(0, frame.width - 2 * r)
        canvas.fillCircle(center: Point(x: cx, y: frame.midY + 1), radius: knobRadius + 0.5,
                          color: RGBAColor(r: 0, g: 0, b: 0, a: 28).withAlpha(fade))
        canvas.fillCircle(center: Point(x: cx, y: frame.midY), radius: knobRadius, color: knobColor.withAlpha(fade))
    }

    /// `a` blended toward `b` by `t` (0...1), channel by channel; exactly `a` at 0 and `b` at 1.
    static func blend(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
        if t <= 0 { return a }
        if t >= 1 { return b }
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return RGBAColor(r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: m(a.a, b.a))
    }
}
