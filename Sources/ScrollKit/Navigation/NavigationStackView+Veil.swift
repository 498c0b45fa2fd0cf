// NavigationStackView's veil: the cover in the screens' background colour that a reduced-motion cross-fade
// (a push, a pop, a sheet presented or dismissed) draws over the whole stack, its opacity read from the
// Animated values that run the slide and the sheet.

import Motion

extension NavigationStackView {
    /// Shows the veil at the opacity the running slide's or sheet's cross-fade asks for (the larger), on top of
    /// everything; takes it away when neither does.
    func updateVeil() {
        let opacity = max(slide?.motion?.veil ?? 0, sheet?.motion?.veil ?? 0)
        if opacity > 0, frame.width > 0, frame.height > 0 {
            let top = subviews.last { !$0.isPresentationLayer }
            if veil.superview !== self || top !== veil { addSubview(veil) }
            veil.frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            veil.set(opacity: opacity)
        } else if veil.superview != nil {
            veil.set(opacity: 0)
            veil.removeFromSuperview()
        }
    }
}

/// The cover of a reduced-motion cross-fade: the theme's `background` at an opacity from 0 to 1.
final class NavigationVeilView: ViewNode {
    private(set) var alpha: UInt8 = 0

    func set(opacity: Double) {
        let a = UInt8(min(255, max(0, ((opacity.isFinite ? opacity : 0) * 255).rounded())))
        guard a != alpha else { return }
        alpha = a
        setNeedsDisplay()
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard alpha > 0 else { return }
        var c = effectiveTheme.colors.background
        c.a = alpha
        canvas.fill(frame, color: c)
    }
}
