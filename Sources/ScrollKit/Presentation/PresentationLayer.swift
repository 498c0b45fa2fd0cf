// The presentation layer: the topmost view of a window's tree, made when something is first presented, holding
// the presentations over a scrim that covers the whole window; and the ViewNode API that presents into it.

import Motion

/// The window's presentation layer: the root's last subview, covering the root, kept on top as views are added
/// (internal: apps present through ``ViewNode``'s methods). The arrangement views leave it out of their layout.
final class PresentationLayerView: ViewNode {
    /// The presentations, bottom to top (the subviews).
    var presentations: [PresentationView] { storedSubviews.compactMap { $0 as? PresentationView } }
    private var scrimAlpha: UInt8 = 0
    /// Theme changes cross-fading in this window (``ViewNode/setTheme(_:animated:)``): the layer ticks them.
    var themeTransitions: [ThemeTransition] = []

    override init(frame: Rect) {
        super.init(frame: frame)
        isPresentationLayer = true
        onActivate = { [weak self] _ in self?.scrimTapped() }
    }

    /// The topmost modal presentation that is not leaving.
    var topmostModal: PresentationView? { presentations.last { $0.isModal && !$0.isDismissing } }

    func add(_ p: PresentationView, animated: Bool) {
        p.layer = self
        addSubview(p)
        p.startAppearing(animated: animated)
        p.place(in: bounds)
        if p.isModal { p.savedFocus = moveFocus(into: p) }
        updateScrim()
        setNeedsDisplay()
    }

    /// Focus goes into a modal presentation as it comes up (its first control in order), whatever the input that
    /// brought it: a screen reader finds it focused. Returns what had focus.
    private func moveFocus(into p: PresentationView) -> FocusTarget? {
        let router = rootView.ensureRouter()
        let saved = router.focus
        let r = p.frameInRoot
        if let first = p.initialFocus, first.isFocusable, first.isDescendant(of: p) {
            router.setFocus(FocusTarget(view: first, item: nil), scroll: false)
        } else if let target = router.entry(in: p, move: .next,
                                            reference: Rect(x: p.isRightToLeft ? r.maxX : r.minX, y: r.minY, width: 0, height: 0)) {
            router.setFocus(target, scroll: false)
        } else {
            router.setFocus(nil, scroll: false)
        }
        return saved
    }

    /// A presentation is dismissed: focus goes back to what had it before, if that is still in the window, and
    /// otherwise into the presentation now on top.
    func presentationWillLeave(_ p: PresentationView) {
        guard p.isModal, let router = rootView.router else { return }
        let focused = router.focus?.view
        if focused == nil || focused!.isDescendant(of: p) {
            if let saved = p.savedFocus, let v = saved.view, v.isDescendant(of: rootView), !v.isHidden,
               !v.isDescendant(of: p), !presentations.contains(where: { $0.isDismissing && v.isDescendant(of: $0) }) {
                router.setFocus(saved, scroll: false)
            } else if let next = topmostModal, next !== p {
                _ = moveFocus(into: next)
            } else {
                router.setFocus(nil, scroll: false)
            }
        }
        p.savedFocus = nil
        updateScrim()
    }

    func remove(_ p: PresentationView) {
        p.removeFromSuperview()
        p.layer = nil
        updateScrim()
        let handler = p.onDismiss
        p.onDismiss = nil
        handler?()
        leaveIfIdle()
    }

    /// The layer goes when it holds nothing: no presentation, no theme fading.
    func leaveIfIdle() {
        if storedSubviews.isEmpty, themeTransitions.isEmpty { removeFromSuperview() }
    }

    private func scrimTapped() {
        guard let top = topmostModal, top.dismissesOnOutsideTap else { return }
        top.cancelFromOutside()
    }

    // MARK: Tree

    override func layoutSubviews() {
        for p in presentations { p.place(in: bounds) }
    }

    /// A modal presentation takes every press in the window: its own, or the scrim's. With only toasts, presses
    /// outside them go to the window beneath.
    override func hitTest(_ p: Point) -> ViewNode? {
        guard !isHidden, point(inside: p) else { return nil }
        for sub in storedSubviews.reversed() {
            if let leaving = sub as? PresentationView, leaving.isDismissing { continue }   // fading out: no presses
            if let hit = sub.hitTest(self.point(p, inSubview: sub)) { return hit }
        }
        return topmostModal != nil ? self : nil
    }

    /// Back dismisses the topmost modal presentation (as its cancel does).
    override func handleBack() -> Bool {
        guard let top = topmostModal else { return false }
        top.cancel()
        return true   // a modal takes Back even when it cannot be cancelled: nothing beneath it goes back
    }

    override func update(_ tick: FrameTick) {
        if !themeTransitions.isEmpty {
            themeTransitions.removeAll { $0.step(tick) }
            if themeTransitions.isEmpty { leaveIfIdle() }
        }
        var gone: [PresentationView] = []
        for p in presentations {
            if p.stepAppearance(tick) { gone.append(p) } else if p.isFading { p.place(in: bounds) }
        }
        updateScrim()
        for p in gone { remove(p) }
    }

    override var isAnimating: Bool { !themeTransitions.isEmpty || super.isAnimating }
    override var isOpaque: Bool { false }

    private func updateScrim() {
        var strength = 0.0
        for p in presentations where p.isModal { strength = max(strength, p.appearance * p.scrimStrength) }
        let a = UInt8((min(max(strength, 0), 1) * Double(effectiveTheme.colors.scrim.a)).rounded())
        if a != scrimAlpha { scrimAlpha = a; setNeedsDisplay() }
    }

    var scrimColor: RGBAColor { effectiveTheme.colors.scrim.withAlphaValue(Double(scrimAlpha)) }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        if scrimAlpha > 0 { canvas.fill(frame, color: scrimColor) }
    }

}

extension ViewNode {
    /// The window's presentation layer (made on first use with `make`).
    func presentationLayer(make: Bool) -> PresentationLayerView? {
        let root = rootView
        if let layer = root.storedSubviews.last as? PresentationLayerView { return layer }
        if let layer = root.storedSubviews.lazy.compactMap({ $0 as? PresentationLayerView }).first {
            root.keepPresentationLayerOnTop()
            return layer
        }
        guard make else { return nil }
        let layer = PresentationLayerView(frame: Rect(origin: .zero, size: root.storedFrame.size))
        root.addSubview(layer)
        return layer
    }

    /// Internal: a root moves its presentation layer back on top after a subview was added above it.
    func keepPresentationLayerOnTop() {
        guard superview == nil, let i = storedSubviews.firstIndex(where: { $0 is PresentationLayerView }),
              i != storedSubviews.count - 1 else { return }
        let layer = storedSubviews.remove(at: i)
        storedSubviews.append(layer)
    }

    /// Internal: the root's presentation layer follows its size.
    func layOutPresentationLayer() {
        guard superview == nil, let layer = storedSubviews.last as? PresentationLayerView else { return }
        layer.frame = Rect(origin: .zero, size: storedFrame.size)
    }

    // MARK: Presenting

    /// Presents `presentation` above everything in this view's window (see ``PresentationView``): it fades in
    /// (`animated`) or shows at once. Returns it.
    @discardableResult
    public func present<P: PresentationView>(presentation: P, animated: Bool = true) -> P {
        if let old = presentation.layer { old.remove(presentation) } else { presentation.removeFromSuperview() }
        presentation.prepareToPresent()
        presentationLayer(make: true)?.add(presentation, animated: animated)
        return presentation
    }

    /// The presentations shown in this view's window, bottom to top (leaving ones included).
    public var presentedViews: [PresentationView] { presentationLayer(make: false)?.presentations ?? [] }

    /// Dismisses the topmost presentation of this view's window that is not leaving (toasts included). Returns
    /// false with none.
    @discardableResult
    public func dismissTopPresentation(animated: Bool = true) -> Bool {
        guard let top = presentedViews.last(where: { !$0.isDismissing }) else { return false }
        top.dismiss(animated: animated)
        return true
    }
}

extension ViewNode {
    /// Whether this view's window shows a modal presentation (an alert, an action sheet, a menu, a popover) that
    /// is not leaving: one that takes every press and key.
    public var showsModalPresentation: Bool { presentationLayer(make: false)?.topmostModal != nil }

    /// The colour the window's scrim shows now (clear with no modal presentation): a host that draws this tree
    /// inside a larger window of its own (a game's frame, a gallery's chrome) paints it over the rest, so the
    /// whole window dims.
    public var presentationDimming: RGBAColor {
        presentationLayer(make: false)?.scrimColor ?? RGBAColor(r: 0, g: 0, b: 0, a: 0)
    }
}
