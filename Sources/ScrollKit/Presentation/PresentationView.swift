// PresentationView: what a window shows above everything in it (an alert, an action sheet, a menu, a popover, a
// toast), presented from any view into the window's presentation layer: how it appears and leaves, takes and
// gives back focus, and answers Back.

import Motion

/// A view shown above everything else in its window: the base of ``AlertView``, ``MenuView``, ``PopoverView`` and
/// ``ToastView``. Present one from any view of a window (``ViewNode/present(_:animated:)``,
/// ``ViewNode/presentMenu(_:at:animated:)``, ``ViewNode/presentPopover(_:size:animated:)``,
/// ``ViewNode/showToast(_:animated:)``, or any subclass with ``ViewNode/present(presentation:animated:)``): it goes into the window's presentation layer, the topmost view of the tree.
///
/// A *modal* one (all but toasts) dims the whole window under a scrim, takes every press and key while it
/// shows (a press on the scrim dismisses a menu, a popover or an action sheet, and is swallowed by an alert),
/// keeps focus inside (``ViewNode/confinesFocus``) and gives it back, on dismissal, to what had it before. Back
/// (Escape, the Back key, a gamepad's B) dismisses the topmost one as its cancel would.
///
/// It fades in over ``appearDuration`` and out over ``leaveDuration`` (its colours are drawn at ``opacity``), and
/// moves a few points as it does unless motion is reduced (``ViewNode/isReduceMotionEnabled``): then it only fades.
@MainActor
open class PresentationView: ViewNode {
    /// What kind it is (the trace's `presentation` column while it shows).
    public let kind: PresentationKind
    /// Called once it is gone (after its leave animation), whatever dismissed it.
    public var onDismiss: (@MainActor () -> Void)?
    /// Whether it is leaving (dismissed, fading out).
    public private(set) var isDismissing = false
    /// How far it has appeared: 0 (not yet, or gone) to 1 (shown), as drawn.
    public private(set) var appearance: Double = 0
    /// Seconds it takes to appear, and to leave.
    public static let appearDuration = 0.22, leaveDuration = 0.16

    private var fade: Animated<TimedSimulation>?
    /// The focus before it came up (given back when it goes).
    var savedFocus: FocusTarget?
    /// Set while it sits in a layer.
    weak var layer: PresentationLayerView?

    /// A presentation of `kind`.
    public init(kind: PresentationKind) {
        self.kind = kind
        super.init(frame: .zero)
        confinesFocus = isModal
    }

    /// Whether it dims and takes over the window (true but for toasts).
    open var isModal: Bool { kind != .toast }
    /// Whether a press outside it (on the scrim) dismisses it as Back would. Default: true for menus and popovers;
    /// an ``AlertView`` answers true for an action sheet with a cancel action.
    open var dismissesOnOutsideTap: Bool { kind == .menu || kind == .popover }
    /// How dark the scrim gets under it, as a fraction of the theme's `scrim` colour (1 for alerts; menus and
    /// popovers dim less).
    open var scrimStrength: Double { kind == .menu || kind == .popover ? 0.45 : 1 }
    /// Places the view (its ``frame``) in the layer's `bounds`, the whole window. Read ``appearance`` and
    /// ``movesWhileAppearing`` for an entrance offset. The default centres it at its ``sizeThatFits(_:)``.
    open func place(in bounds: Rect) {
        let s = sizeThatFits(SizeProposal(width: bounds.width, height: bounds.height))
        frame = Rect(x: (bounds.width - s.width) / 2, y: (bounds.height - s.height) / 2, width: s.width, height: s.height)
    }
    /// The control focus starts on when it comes up (nil: the first in order). An alert answers its cancel button.
    open var initialFocus: ViewNode? { nil }
    /// What Back and a press outside do: the presentation's cancel (an alert's cancel action), then dismissal.
    /// Returns false when it cannot be cancelled (an alert with no cancel action and more than one action).
    @discardableResult
    open func cancel() -> Bool {
        dismiss(animated: true)
        return true
    }

    /// What a press on the scrim does when ``dismissesOnOutsideTap``: ``cancel()`` (a menu closes its whole chain).
    func cancelFromOutside() { cancel() }

    /// The opacity its colours are drawn at (its ``appearance``).
    public var opacity: Double { min(max(appearance, 0), 1) }
    /// Whether it moves as it appears (false while motion is reduced).
    public var movesWhileAppearing: Bool { !ViewNode.isReduceMotionEnabled }

    /// A presentation kind, except while leaving: the frontmost presentation of the trace.
    public override var presentationKind: PresentationKind? { isDismissing ? nil : kind }
    public override var isOpaque: Bool { false }

    /// Dismisses it: it fades out (`animated`) or goes at once; focus goes back to where it was. Ignored when it is
    /// not shown or already leaving.
    public func dismiss(animated: Bool = true) {
        guard !isDismissing, superview != nil else { return }
        isDismissing = true
        layer?.presentationWillLeave(self)
        if animated {
            fade = Animated(TimedSimulation(from: appearance, to: 0, duration: Self.leaveDuration, curve: .easeInCubic))
            setNeedsDisplay()
        } else {
            appearance = 0
            layer?.remove(self)
        }
    }

    /// Shown again (after a dismissal, or moved): not leaving, no fade left over.
    func prepareToPresent() {
        isDismissing = false
        fade = nil
        appearance = 0
    }

    func startAppearing(animated: Bool) {
        if animated {
            fade = Animated(TimedSimulation(from: 0, to: 1, duration: Self.appearDuration, curve: .easeOutCubic))
        } else {
            appearance = 1
        }
    }

    /// Steps the fade; returns whether it is done leaving (to be removed).
    func stepAppearance(_ tick: FrameTick) -> Bool {
        guard var f = fade else { return isDismissing }
        let v = f.sample(tick)
        if v != appearance { appearance = v; setNeedsDisplay() }
        fade = f.needsFrames ? f : nil
        return isDismissing && fade == nil
    }

    var isFading: Bool { fade != nil }

    public override var isAnimating: Bool { fade != nil || super.isAnimating }

    /// The layer answers Back for the topmost presentation; a presentation itself passes.
    open override func handleBack() -> Bool { false }
}

extension RGBAColor {
    /// The colour with its alpha scaled by `opacity` (0…1).
    func faded(_ opacity: Double) -> RGBAColor {
        opacity >= 1 ? self : withAlphaValue(Double(a) * min(max(opacity.isFinite ? opacity : 0, 0), 1))
    }
}
