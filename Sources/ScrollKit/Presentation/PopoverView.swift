// PopoverView: a view's content shown in a bubble anchored to a view, with an arrow at it, below it when there is
// room and above when not, kept inside the window, in either direction.

/// A presented popover: ``contentView`` in a rounded bubble whose arrow points at the view it was presented from
/// (``ViewNode/presentPopover(_:size:animated:)``). It opens below the anchor, or above it when the window has no
/// room below; it is centred on the anchor and slid sideways to stay inside the window (in either direction). An AT-SPI `tool tip`; Back and a press outside close it.
public final class PopoverView: PresentationView {
    /// What it shows.
    public let contentView: ViewNode
    /// The content's size (its ``ViewNode/sizeThatFits(_:)`` when not given).
    public let contentSize: Size?
    /// Whether it opened above its anchor (as last placed).
    public private(set) var opensAbove = false
    weak var anchorView: ViewNode?
    private var anchorRect: Rect
    static let arrow = 9.0, margin = 8.0, inset = 12.0

    init(content: ViewNode, size: Size?, anchor: ViewNode) {
        contentView = content
        contentSize = size
        anchorView = anchor
        anchorRect = anchor.frameInRoot
        super.init(kind: .popover)
        accessibilityRole = .toolTip
        addSubview(content)
    }

    /// The x of the arrow's tip in the popover's coordinates (as last placed).
    private(set) var arrowX = 0.0

    public override func place(in bounds: Rect) {
        if let a = anchorView, a.isDescendant(of: rootView) { anchorRect = a.frameInRoot }
        let m = Self.margin, inset = Self.inset
        let maxW = max(0, bounds.width - 2 * m - 2 * inset)
        let fitted = contentSize ?? contentView.sizeThatFits(SizeProposal(width: min(maxW, 360), height: nil))
        let cw = min(max(0, fitted.width), maxW)
        let w = cw + 2 * inset
        let roomBelow = bounds.height - anchorRect.maxY - m - Self.arrow
        let roomAbove = anchorRect.minY - m - Self.arrow
        let ch = min(max(0, fitted.height), max(0, max(roomBelow, roomAbove) - 2 * inset))
        let h = ch + 2 * inset
        opensAbove = roomBelow < h && roomAbove > roomBelow
        var x = anchorRect.midX - w / 2
        x = min(max(m, x), max(m, bounds.width - m - w))
        let shift = movesWhileAppearing ? (1 - opacity) * 8 : 0
        let y = opensAbove ? anchorRect.minY - Self.arrow - h - shift : anchorRect.maxY + Self.arrow + shift
        frame = Rect(x: x.rounded(), y: y.rounded(), width: w, height: h + Self.arrow)
        arrowX = min(max(18, anchorRect.midX - x.rounded()), w - 18)
        contentView.frame = Rect(x: inset, y: (opensAbove ? 0 : Self.arrow) + inset, width: cw, height: ch)
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let colors = effectiveTheme.colors, o = opacity
        let bubble = Rect(x: frame.minX, y: frame.minY + (opensAbove ? 0 : Self.arrow), width: frame.width,
                          height: frame.height - Self.arrow)
        drawSoftShadow(under: bubble, radius: 12, strength: 1.3 * o, in: canvas)
        let fill = colors.elevatedBackground.faded(o)
        canvas.fillRoundedRect(bubble, radius: 12, color: fill)
        // The arrow: a stack of shrinking bars from the bubble's edge to the tip.
        let tipX = frame.minX + arrowX
        let steps = Int(Self.arrow)
        for i in 0..<steps {
            let half = Self.arrow - Double(i)
            let y = opensAbove ? bubble.maxY + Double(i) : bubble.minY - Double(i) - 1
            canvas.fill(Rect(x: (tipX - half).rounded(), y: y, width: (2 * half).rounded(), height: 1), color: fill)
        }
    }
}

extension ViewNode {
    /// Presents `content` in a popover anchored to this view (see ``PopoverView``), at `size` or the content's
    /// own fitting size. Returns its view.
    @discardableResult
    public func presentPopover(_ content: ViewNode, size: Size? = nil, animated: Bool = true) -> PopoverView {
        present(presentation: PopoverView(content: content, size: size, anchor: self), animated: animated)
    }
}
