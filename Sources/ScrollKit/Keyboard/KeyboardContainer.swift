// KeyboardContainer: an app's content with an on-screen keyboard under it — the keyboard slides up when a text
// field gains focus from a touch and down when focus leaves, and the scroll view holding the field makes room
// (keyboard avoidance, as iOS does).

import Motion

/// Hosts an app's content and a ``KeyboardView``: the one line that gives a touch screen a keyboard.
///
/// ```swift
/// let root = KeyboardContainer(content: form)   // form: any view tree with text fields
/// try host.run(rootView: root)
/// ```
///
/// - The content fills the container; the keyboard sits below its bottom edge until a text field of the tree
///   gains focus from a touch (``Presentation/onTouch``, the default; ``Presentation/always`` also for a
///   click or Tab), then slides up over ``slideDuration`` through an `Animated` timed simulation sampled at
///   each frame's target time (while motion is reduced, ``ViewNode/isReduceMotionEnabled``, it shows at once).
///   It slides down when no field has focus.
/// - Keyboard avoidance: as it comes up, the nearest scroll view around the focused field gains a bottom
///   `contentInset` equal to the part of it the keyboard covers, and scrolls (over the same duration) so the
///   field shows whole above the keyboard with ``avoidanceMargin`` to spare. The inset goes when the keyboard
///   goes; focus moving to another field scrolls that one into view.
@MainActor
public final class KeyboardContainer: ViewNode {
    /// When the keyboard comes up.
    public enum Presentation: Sendable, Hashable {
        /// When a text field gains focus from a touch (a tablet or kiosk with a hardware keyboard too).
        case onTouch
        /// Whenever a text field has focus (a kiosk without a hardware keyboard).
        case always
        /// Never (the keyboard stays hidden).
        case never
    }

    /// Seconds the keyboard takes to slide up or down.
    public static let slideDuration = 0.25
    /// Points left between the field's bottom edge and the keyboard.
    public static let avoidanceMargin = 12.0

    /// The app's view tree.
    public let content: ViewNode
    /// The keyboard.
    public let keyboard: KeyboardView
    public var presentation: Presentation

    /// Whether the keyboard is up or coming up.
    public private(set) var isKeyboardShown = false
    /// How far up the keyboard is: 0 (hidden) to 1 (all of it showing), as the last frame drew it.
    public var keyboardFraction: Double { slide.value }
    /// That fraction as an interactive position, driven up and down along a timed curve.
    private var slide = InteractivePosition(0, physics: .timed)
    /// The scroll view given a bottom inset, and the inset it had before.
    private weak var avoiding: ScrollingView?
    private var insetBefore = 0.0
    private weak var avoidedField: ViewNode?

    public init(content: ViewNode, keyboard: KeyboardView = KeyboardView(), presentation: Presentation = .onTouch) {
        self.content = content
        self.keyboard = keyboard
        self.presentation = presentation
        super.init()
        addSubview(content)
        addSubview(keyboard)
        keyboard.isHidden = true
    }

    /// The keyboard's height at the container's width.
    public var keyboardHeight: Double { KeyboardView.preferredHeight(forWidth: bounds.width) }

    public override func layoutSubviews() {
        content.frame = bounds
        placeKeyboard()
    }

    private func placeKeyboard() {
        let h = keyboardHeight
        keyboard.frame = Rect(x: 0, y: bounds.height - h * keyboardFraction, width: bounds.width, height: h)
        keyboard.isHidden = keyboardFraction <= 0
    }

    public override func update(_ tick: FrameTick) {
        let field = rootView.focusedTextInput
        let wanted: Bool
        switch presentation {
        case .never: wanted = false
        case .always: wanted = field != nil
        case .onTouch:
            // Up when a finger touched the focused field itself (a touch elsewhere while it has focus, on a list
            // or an index, leaves the keyboard down); it stays up until focus leaves.
            var touchedField = false
            if let view = field as? ViewNode, let p = rootView.lastTouchDown {
                touchedField = view.frameInRoot.contains(p)
            }
            wanted = field != nil && (isKeyboardShown || touchedField)
        }
        if wanted != isKeyboardShown {
            isKeyboardShown = wanted
            slide.animate(to: wanted ? 1 : 0, duration: Self.slideDuration, curve: .easeOutCubic,
                          pacing: motionPolicy.pacing(for: .travel))
            if !wanted { endAvoiding() }
        }
        if isKeyboardShown, let view = field as? ViewNode, view !== avoidedField { avoid(view) }
        if slide.isMoving {
            slide.sample(tick)
            placeKeyboard()
        }
    }

    public override var isAnimating: Bool { slide.isMoving || super.isAnimating }

    /// Gives the scroll view around `field` room for the keyboard and scrolls the field above it.
    private func avoid(_ field: ViewNode) {
        avoidedField = field
        var ancestor = field.superview
        while let view = ancestor, !(view is ScrollingView) { ancestor = view.superview }
        guard let scroll = ancestor as? ScrollingView, scroll.isDescendant(of: self) else { endAvoiding(); return }
        if scroll !== avoiding {
            endAvoiding()
            avoiding = scroll
            insetBefore = scroll.contentInset.bottom
        }
        let keyboardTop = frameInRoot.maxY - keyboardHeight
        let covered = max(0, scroll.frameInRoot.maxY - keyboardTop)
        var inset = scroll.contentInset
        inset.bottom = insetBefore + covered
        scroll.contentInset = inset
        // The field in the scroll view's content, and the part of the viewport the keyboard leaves.
        let rect = field.convert(field.bounds, to: scroll)
        let visible = scroll.bounds.height - covered
        var y = scroll.contentOffset.y
        if rect.maxY + Self.avoidanceMargin > y + visible { y = rect.maxY + Self.avoidanceMargin - visible }
        if rect.minY - Self.avoidanceMargin < y { y = rect.minY - Self.avoidanceMargin }
        if y != scroll.contentOffset.y {
            scroll.setContentOffset(Point(x: scroll.contentOffset.x, y: y), duration: Self.slideDuration, curve: .easeOutCubic)
        }
    }

    /// Gives the scroll view its own bottom inset back.
    private func endAvoiding() {
        if let scroll = avoiding {
            var inset = scroll.contentInset
            inset.bottom = insetBefore
            scroll.contentInset = inset
        }
        avoiding = nil
        avoidedField = nil
    }
}
