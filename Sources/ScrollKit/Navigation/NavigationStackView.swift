// NavigationStackView: a stack of screens, push and pop, the slide between two screens (over a dimmed,
// parallaxed previous screen) and its layout; the interactive edge-swipe pop is in +Interactive, sheets in
// +Sheet.

import Motion

/// A stack of ``NavigationScreen``s, as UIKit's `UINavigationController`: the top screen shows; ``push(_:animated:)``
/// slides a new one in from the trailing edge over the previous one, which moves 30 % of the way towards the
/// leading edge and dims; ``pop(animated:)`` slides the top one back out.
///
/// A drag that starts within ``edgeSwipeWidth`` points of the leading edge pops interactively, 1:1 (the tree's
/// ``InputRouter`` gives it the drag before a list's scroll or a row's swipe). On release the pop completes
/// when the position projected by the release velocity (``projectedPosition(_:velocity:)``, the iOS rule) is past
/// half the width, else it cancels; either way the release velocity carries into the settling spring. A new
/// touch on the stack catches a slide in progress where it is shown. Every slide is an `Animated` spring sampled
/// at the frame's `targetTimestamp`, so 30 and 240 Hz end in the same state. Right to left, the leading edge is the
/// right one.
///
/// Screens below the top stay in the tree (hidden), so a list keeps its scroll position when it shows again.
///
/// The stack also presents one sheet at a time (``present(sheet:detents:animated:)``).
///
/// ```swift
/// let inbox = NavigationScreen(title: "Inbox", content: list)
/// let stack = NavigationStackView(root: inbox, frame: window.bounds)
/// list.onSelectItem = { [weak stack] i in stack?.push(NavigationScreen(title: "Message", content: MessageView(i)), animated: true) }
/// ```
@MainActor
public final class NavigationStackView: ViewNode {
    /// Points from the leading edge within which a drag pops the top screen.
    public static let edgeSwipeWidth = 20.0
    /// How far the screen below moves towards the leading edge, as a fraction of the width, when covered.
    public static let parallax = 0.3
    /// The black dimming over a covered screen (alpha 0…1).
    public static let dimming = 0.12
    /// The spring of every slide (push, pop, and the settle after an edge swipe).
    public static let slideSpring = PositionPhysics.navigationSlide.spring
    /// The deceleration rate of the release projection (UIKit's normal rate).
    nonisolated public static let projectionDecelerationRate = 0.998

    /// The screens, the root first; the last one is on top.
    public private(set) var screens: [NavigationScreen]
    /// Called after a pop completed (animated or interactive), with the screen that left.
    public var onDidPop: (@MainActor (NavigationScreen) -> Void)?

    /// A slide between the top screen and the one below: the top screen's distance from its place towards the
    /// trailing edge, in points (0: in place; the width: off screen), as an interactive position — held by a
    /// finger (the edge swipe, or a touch that caught it), settling after a release (ballistic) or driven by a
    /// push or a pop. Nil: no slide.
    var slide: InteractivePosition?
    let dimmer = NavigationDimmingView()
    /// The presented sheet and its scrim (+Sheet).
    var sheet: SheetView?
    /// What had keyboard focus before the sheet came up (it gets it back when the sheet goes).
    var focusBeforeSheet: FocusTarget?
    let scrim = SheetScrimView()
    /// The cover a reduced-motion cross-fade draws over everything (+Veil).
    let veil = NavigationVeilView()

    /// A stack showing `root`.
    public init(root: NavigationScreen, frame: Rect = .zero) {
        screens = [root]
        super.init(frame: frame)
        clipsToBounds = true
        dimmer.isUserInteractionEnabled = false
        veil.isUserInteractionEnabled = false
        addSubview(root)
        root.stack = self
        scrim.stack = self
        layoutSubviews()
    }

    /// The top screen.
    public var topScreen: NavigationScreen { screens[screens.count - 1] }
    /// Screens on the stack, 1 at its root.
    public var depth: Int { screens.count }
    /// Whether a slide is under way (animating or held by a finger).
    public var isTransitioning: Bool { slide != nil }

    /// Pushes `screen` on top: slides in from the trailing edge (animated) or shows at once. While motion is
    /// reduced (``ViewNode/isReduceMotionEnabled``) an animated push cross-fades instead: the stack fades to
    /// the theme's `background` and back to the new screen in 0.2 s (`MotionPolicy`), and so does an animated pop. A screen already
    /// on the stack is ignored. A slide in progress finishes at once first.
    public func push(_ screen: NavigationScreen, animated: Bool) {
        guard !screens.contains(where: { $0 === screen }) else { return }
        finishSlideNow()
        screen.removeFromSuperview()
        screens.append(screen)
        screen.stack = self
        insertSubview(screen, at: topInsertionIndex)
        screen.isHidden = false
        screen.layoutForStack()
        if animated, frame.width > 0 {
            var s = InteractivePosition(frame.width, physics: .navigationSlide)
            s.animate(to: 0, pacing: motionPolicy.pacing(for: .transition))
            slide = s
        }
        arrange()
        screen.focusToRestore = focusMovesIn(to: screen)
    }

    /// Back (``ViewNode/performBack()``: Escape, the Back key, a gamepad's B): dismisses the presented sheet, else
    /// pops the top screen (animated); at the root with no sheet, not taken.
    public override func handleBack() -> Bool {
        dismissSheet(animated: true) || pop(animated: true)
    }

    /// Pops the top screen (never the root): slides it out towards the trailing edge (animated) or removes it at
    /// once. Returns false at the root. A slide in progress is redirected from where it is shown.
    @discardableResult
    public func pop(animated: Bool) -> Bool {
        guard screens.count > 1 else { return false }
        let w = frame.width
        if animated, w > 0 {
            var s = InteractivePosition(slide?.value ?? 0, physics: .navigationSlide)
            s.animate(to: w, pacing: motionPolicy.pacing(for: .transition))
            slide = s
            arrange()
        } else {
            slide = nil
            completePop()
        }
        return true
    }

    /// Pops to the root screen at once (no slide).
    public func popToRoot() {
        slide = nil
        while screens.count > 1 { completePop() }
    }

    /// The iOS release projection: where a motion at `velocity` (points per second) decelerating at
    /// ``projectionDecelerationRate`` per millisecond comes to rest from `position`.
    /// It is the one projection every interactive position releases by (`PositionPhysics.projection`).
    public nonisolated static func projectedPosition(_ position: Double, velocity: Double) -> Double {
        PositionPhysics.projection(from: position, velocity: velocity,
                                   rate: DecelerationRate(projectionDecelerationRate))
    }

    /// Where the next screen goes among the subviews: below the sheet's scrim, the sheet and the veil.
    var topInsertionIndex: Int {
        var i = subviews.count
        while i > 0, subviews[i - 1].isPresentationLayer { i -= 1 }   // a root stack's layer stays on top
        while i > 0, subviews[i - 1] === scrim || subviews[i - 1] === sheet || subviews[i - 1] === veil { i -= 1 }
        return i
    }

    func completePop() {
        guard screens.count > 1 else { return }
        let gone = screens.removeLast()
        gone.removeFromSuperview()
        gone.stack = nil
        arrange()
        restoreFocus(gone.focusToRestore)
        gone.focusToRestore = nil
        onDidPop?(gone)
    }

    /// Ends a slide at once where it was heading (a held one by which half it is in).
    func finishSlideNow() {
        guard let s = slide else { return }
        slide = nil
        let popping = s.isHeld ? s.value > frame.width / 2 : (s.target ?? 0) > 0
        if popping { completePop() } else { arrange() }
    }

    // MARK: Frames

    public override func update(_ tick: FrameTick) {
        guard var s = slide, let target = s.target else { return }
        s.sample(tick)
        if !s.isMoving {
            slide = nil
            if target > 0 { completePop() } else { arrange() }
            return
        }
        slide = s
        arrange()
    }

    override func didStepSubviews(_ tick: FrameTick) {
        if let s = sheet, s.leaving, s.motion == nil { removeSheet() }
    }

    public override var isAnimating: Bool { (slide?.isMoving ?? false) || sheetIsAnimating || super.isAnimating }

    public override func layoutSubviews() {
        for s in screens { s.frame = Rect(x: s.frame.minX, y: 0, width: frame.width, height: frame.height) }
        arrange()
        layoutSheet()
    }

    /// Places the screens for the slide (or its absence): the top one at its position, the one below moved by
    /// the parallax and dimmed; the rest hidden.
    func arrange() {
        let w = frame.width, h = frame.height
        let n = screens.count
        let rtl = isRightToLeft
        let position = min(max(slide?.value ?? 0, 0), w)
        for (k, s) in screens.enumerated() {
            var x = 0.0
            if k == n - 1 {
                x = position
                s.isHidden = false
            } else if k == n - 2 && slide != nil {
                x = -(w - position) * Self.parallax
                s.isHidden = false
            } else {
                s.isHidden = true
            }
            if rtl { x = -x }
            s.frame = Rect(x: x, y: 0, width: w, height: h)
        }
        if slide != nil, n > 1, w > 0 {
            if dimmer.superview == nil { insertSubview(dimmer, at: subviews.firstIndex { $0 === topScreen } ?? 0) }
            dimmer.frame = Rect(x: 0, y: 0, width: w, height: h)
            dimmer.set(coverage: 1 - position / w, edge: rtl ? w - position : position, rightToLeft: rtl)
        } else if dimmer.superview != nil {
            dimmer.removeFromSuperview()
        }
        updateVeil()
    }

    /// A down in the stack (the innermost on the path; the walk stops here): with no sheet, a moving slide is
    /// caught (``RouterNavState/heldStack``) or a down near the leading edge becomes an edge-swipe candidate.
    override func navigationDown(at p: Point, time: Double, _ nav: inout RouterNavState) -> Bool {
        guard nav.sheet == nil, presentedSheet == nil else { return false }
        if catchSlide() {
            nav.heldStack = self
        } else if acceptsEdgeSwipe(at: pointFromRootSpace(p)) {
            nav.edgeStack = self
        }
        return false
    }

    /// The title a screen's back button shows: the previous screen's title, "Back" when it has none.
    func backTitle(for screen: NavigationScreen) -> String? {
        guard let k = screens.firstIndex(where: { $0 === screen }), k > 0 else { return nil }
        let t = screens[k - 1].title
        return t.isEmpty || t.count > 12 ? "Back" : t
    }
}

/// The dimming over the covered screen during a slide, with a soft shadow along the sliding screen's edge.
final class NavigationDimmingView: ViewNode {
    private var coverage = 0.0
    private var edge = 0.0
    private var rightToLeft = false

    func set(coverage: Double, edge: Double, rightToLeft: Bool) {
        let c = min(max(coverage.isFinite ? coverage : 0, 0), 1)
        guard c != self.coverage || edge != self.edge || rightToLeft != self.rightToLeft else { return }
        self.coverage = c
        self.edge = edge
        self.rightToLeft = rightToLeft
        setNeedsDisplay()
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let alpha = UInt8(min(255, max(0, (NavigationStackView.dimming * coverage * 255).rounded())))
        if alpha > 0 { canvas.fill(frame, color: RGBAColor(r: 0, g: 0, b: 0, a: alpha)) }
        // The shadow: 8 bands fading away from the sliding screen's edge.
        for k in 0..<8 {
            let a = UInt8(max(0, (Double(8 - k) * 3 * coverage).rounded()))
            guard a > 0 else { continue }
            let x = rightToLeft ? frame.minX + edge + Double(k) : frame.minX + edge - Double(k + 1)
            canvas.fill(Rect(x: x, y: frame.minY, width: 1, height: frame.height), color: RGBAColor(r: 0, g: 0, b: 0, a: a))
        }
    }
}
