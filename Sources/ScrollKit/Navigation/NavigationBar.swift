// NavigationBar: a navigation screen's bar — the back button (a chevron and the previous screen's title), the
// title in the middle, a hairline under it — and NavigationBackButton.

import Motion

/// The bar at the top of a ``NavigationScreen``: a back button when there is a screen to go back to (a chevron and
/// that screen's title, or "Back"), the screen's title centred (faded in as a large title collapses), and a
/// hairline once content scrolls under it. A tap on the back button pops the screen (animated).
@MainActor
public final class NavigationBar: ViewNode {
    /// The bar's fill (the theme's `barBackground` unless set).
    @ThemeColor(\.barBackground) public var backgroundColor: RGBAColor
    /// The title's colour (the theme's `label` unless set).
    @ThemeColor(\.label) public var titleColor: RGBAColor
    /// The hairline under the bar (the theme's `barSeparator` unless set).
    @ThemeColor(\.barSeparator) public var hairlineColor: RGBAColor
    /// The bar keeps its height; its title and back button grow up to ``TextScale/controlMaximum``.
    static let titleStyle = TextStyle(size: 17, weight: .bold, maximumScale: TextScale.controlMaximum)

    /// The title in the middle of the bar.
    @DrawingInput public var title = ""
    /// The back button's title (`nil`: no back button, at the root).
    public var backTitle: String? {
        didSet {
            guard backTitle != oldValue else { return }
            backButton.title = backTitle ?? ""
            backButton.isHidden = backTitle == nil
            layoutSubviews()
        }
    }
    /// The title's opacity (0…1): a collapsing large title fades it in.
    @DrawingInput public var titleOpacity = 1.0
    /// Whether the hairline under the bar shows.
    @DrawingInput public var showsHairline = true
    /// The back button (pressable; the screen pops on a tap).
    public let backButton = NavigationBackButton()

    override init(frame: Rect) {
        super.init(frame: frame)
        backButton.isHidden = true
        backButton.isFocusable = true     // Tab reaches it; Return or Space goes back
        addSubview(backButton)
    }

    convenience init() { self.init(frame: .zero) }

    public override var isOpaque: Bool { true }

    public override func layoutSubviews() {
        let grow = min(ViewNode.textScale, TextScale.controlMaximum)
        let w = min(frame.width * 0.4, 28 + 9 * grow * Double(backButton.title.count) + 12)
        backButton.frame = Rect(x: mirroredX(0, width: w), y: 0, width: w, height: frame.height)
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: backgroundColor)
        if showsHairline {
            canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: hairlineColor)
        }
        let opacity = titleOpacity.isFinite ? min(max(titleOpacity, 0), 1) : 1
        guard opacity > 0 else { return }
        var style = Self.titleStyle
        style.color = titleColor.withAlpha(opacity)
        let side = backButton.isHidden ? 16.0 : backButton.frame.width + 4
        canvas.drawText(title, in: Rect(x: frame.minX + side, y: frame.minY + 11, width: max(0, frame.width - 2 * side), height: 24),
                        style: style, alignment: .center)
    }
}

/// The back button: a chevron pointing to the leading edge and a title, in the theme's tint; dimmed while pressed.
@MainActor
public final class NavigationBackButton: ViewNode {
    /// The title after the chevron.
    @DrawingInput public var title = ""
    /// The chevron's and title's colour (the theme's `tint` unless set).
    @ThemeColor(\.tint) public var tintColor: RGBAColor

    public override func highlightDidChange() { setNeedsDisplay() }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let tint = isHighlighted ? tintColor.withAlphaValue(90) : tintColor
        let rtl = isRightToLeft
        // The chevron: two strokes of small discs meeting at the point, 12 pt tall.
        let cy = frame.midY, tipX = rtl ? frame.maxX - 10 : frame.minX + 10
        let dir = rtl ? -1.0 : 1.0
        var k = 0.0
        while k <= 1.0001 {
            let x = tipX + dir * 7 * k
            canvas.fillCircle(center: Point(x: x, y: cy - 10 * k), radius: 1.5, color: tint)
            canvas.fillCircle(center: Point(x: x, y: cy + 10 * k), radius: 1.5, color: tint)
            k += 0.125
        }
        let textX = rtl ? frame.minX : frame.minX + 24
        canvas.drawText(title, in: Rect(x: textX, y: frame.minY + 11, width: max(0, frame.width - 24), height: 24),
                        style: TextStyle(size: 17, color: tint, maximumScale: TextScale.controlMaximum),
                        alignment: rtl ? .trailing : .leading)
    }
}
