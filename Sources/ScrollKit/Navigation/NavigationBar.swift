// NavigationBar: a navigation screen's bar — the back button (a chevron and the previous screen's title), the
// title in the middle, a hairline under it — and NavigationBackButton.

import Motion

/// The bar at the top of a ``NavigationScreen``: a back button when there is a screen to go back to (a chevron and
/// that screen's title, or "Back"), the screen's title centred (faded in as a large title collapses), and a
/// hairline once content scrolls under it. A tap on the back button pops the screen (animated).
@MainActor
public final class NavigationBar: ViewNode {
    /// The bar's background colour.
    public static let background = RGBAColor(hex: 0xF9F9FB)
    /// The back button's colour.
    public static let tint = RGBAColor(hex: 0x007AFF)
    /// The bar keeps its height; its title and back button grow up to ``TextScale/controlMaximum``.
    static let titleStyle = TextStyle(size: 17, weight: .bold, color: RGBAColor(hex: 0x1C1C1E), maximumScale: TextScale.controlMaximum)

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
        canvas.fill(frame, color: Self.background)
        if showsHairline {
            canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: RGBAColor(hex: 0xD8D8DE))
        }
        let alpha = UInt8(min(255, max(0, (titleOpacity * 255).rounded())))
        guard alpha > 0 else { return }
        var style = Self.titleStyle
        style.color = RGBAColor(r: style.color.r, g: style.color.g, b: style.color.b, a: alpha)
        let side = backButton.isHidden ? 16.0 : backButton.frame.width + 4
        canvas.drawText(title, in: Rect(x: frame.minX + side, y: frame.minY + 11, width: max(0, frame.width - 2 * side), height: 24),
                        style: style, alignment: .center)
    }
}

/// The back button: a chevron pointing to the leading edge and a title, in the bar's tint; dimmed while pressed.
@MainActor
public final class NavigationBackButton: ViewNode {
    /// The title after the chevron.
    @DrawingInput public var title = ""

    public override func highlightDidChange() { setNeedsDisplay() }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let tint = isHighlighted ? RGBAColor(hex: 0x007AFF, alpha: 90) : NavigationBar.tint
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
