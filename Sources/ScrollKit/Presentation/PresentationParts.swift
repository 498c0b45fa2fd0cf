// The parts presentations are made of: a cached wrapped text, and the button of an alert, an action sheet or a
// toast (a focusable, pressable view drawn at its presentation's opacity).

/// A text laid out once for its width, style and text scale (a presentation's title, message or item).
struct CachedText {
    private var layout: TextLayout?
    private var key: (text: String, width: Double, style: TextStyle, align: TextAlign, generation: UInt64)?

    @MainActor
    mutating func layout(_ text: String, width: Double, style: TextStyle, alignment: TextAlign = .center,
                         maxLines: Int = 0) -> TextLayout {
        let generation = ViewNode.textScaleGeneration
        if let layout, let k = key, k.text == text, k.width == width, k.style == style, k.align == alignment,
           k.generation == generation { return layout }
        let made = TextLayout(text, style: style, width: max(1, width), maxLines: maxLines, truncation: .tail,
                              alignment: alignment, measurer: TextMeasurerDefault.shared)
        layout = made
        key = (text, width, style, alignment, generation)
        return made
    }
}

/// A button of a presentation: its title drawn centred (or leading) in its role's colour, a pressed overlay, and
/// the focus ring following its corners. Activating it runs `onActivate` (the presentation dismisses itself).
final class PresentationButton: ViewNode {
    enum Role { case normal, cancel, destructive, disabled }
    let title: String
    let role: Role
    var corner = 0.0
    var alignment: TextAlign = .center
    var titleSize = 17.0
    var boldCancel = true

    init(title: String, role: Role) {
        self.title = title
        self.role = role
        super.init(frame: .zero)
        isFocusable = role != .disabled
        accessibilityRole = .pushButton
        accessibilityLabel = title
    }

    override var isPressable: Bool { role != .disabled }
    override var focusCornerRadius: Double { corner }
    /// The ring sits inside the button (its edges are the card's): rounded, in the theme's ring colour.
    override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {
        let ring = effectiveTheme.focusRing
        let w = ring.width.isFinite ? min(max(1, ring.width), 4) : 3
        Self.strokeRoundedRing(frame.insetBy(dx: 4 + w / 2, dy: 4 + w / 2), radius: max(6, corner - 4), in: canvas,
                               color: ring.color, width: w)
    }
    override func highlightDidChange() { setNeedsDisplay() }

    var presentation: PresentationView? {
        var v = superview
        while let s = v { if let p = s as? PresentationView { return p }; v = s.superview }
        return nil
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let opacity = presentation?.opacity ?? 1
        let colors = effectiveTheme.colors
        if isHighlighted && role != .disabled {
            canvas.fillRoundedRect(frame, radius: corner, color: colors.pressedOverlay.faded(opacity))
        }
        let ink: RGBAColor
        switch role {
        case .destructive: ink = colors.destructive
        case .disabled: ink = colors.tertiaryLabel
        case .normal, .cancel: ink = colors.tint
        }
        let weight: TextStyle.Weight = role == .cancel && boldCancel ? .bold : .regular
        let style = TextStyle(size: titleSize, weight: weight, color: ink.faded(opacity))
        let inset = alignment == .center ? 8.0 : 16.0
        canvas.drawText(title, in: frame.insetBy(dx: inset, dy: 0), style: style, alignment: alignment)
    }
}
