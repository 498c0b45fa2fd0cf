// ArrangedScrollView: a vertical scroll view around one arranged view (a form, a settings screen), the content as
// wide as the viewport and as tall as it asks; scrolling measures and places nothing.

import Motion

/// A scroll view whose content is one view laid out by the layout system (usually a ``ColumnStack``): the content
/// is offered the viewport's width and its ideal height, and the scroll view's content size follows it. A change
/// inside the content (``ViewNode/setNeedsLayout()``) measures it again before the next frame; a scroll does not.
/// The scroll view takes whatever size it is offered, so it is a relayout boundary.
public final class ArrangedScrollView: ViewNode {
    /// The scroll view (its offset, physics and indicators).
    public let scrollView: ScrollingView
    /// The laid-out content.
    public let content: ViewNode

    /// A scroll view around `content`.
    public init(_ content: ViewNode, frame: Rect = .zero) {
        self.content = content
        scrollView = ScrollingView(frame: Rect(origin: .zero, size: frame.size), contentSize: .zero, axis: .vertical)
        super.init(frame: frame)
        scrollView.mirrorsInRightToLeft = false   // the content lays itself out for the direction
        addSubview(scrollView)
        scrollView.addSubview(content)
        layoutStorage.needsPlacement = true
    }

    override var arrangesSubviews: Bool { true }
    override var takesProposedSize: Bool { true }

    /// The offered size, 100 × 100 where nothing is offered.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        proposal.replacingUnspecified(by: Size(width: 100, height: 100))
    }

    public override func layoutSubviews() {
        layoutStorage.needsPlacement = false
        layoutStorage.placedGeneration = ViewNode.textScaleGeneration
        LayoutCounters.placements += 1
        let size = storedFrame.size
        scrollView.frame = Rect(origin: .zero, size: size)
        let proposal = SizeProposal(width: size.width, height: nil)
        let fitted = content.arrangedSize(for: proposal)
        let pad = content.layoutSettings?.padding ?? .zero
        let contentSize = Size(width: size.width, height: fitted.height)
        content.arrangedPlacement(frame: Rect(x: pad.leading, y: pad.top, width: max(0, size.width - pad.horizontal),
                                              height: max(0, fitted.height - pad.vertical)),
                                  proposal: content.contentProposal(for: proposal))
        scrollView.contentSize = contentSize
    }

    /// Places the content now if something in it changed since it was last placed.
    public func layoutIfNeeded() {
        guard let s = layoutSettings else { return layoutSubviews() }
        if s.needsPlacement || s.placedGeneration != ViewNode.textScaleGeneration { layoutSubviews() }
    }

    public override func update(_ tick: FrameTick) { layoutIfNeeded() }
    override func prepareForDrawing() { layoutIfNeeded() }
}

/// A hairline between views: across a ``ColumnStack`` (a horizontal line as wide as the stack) or a ``RowStack``
/// (a vertical one as tall as the row), ``thickness`` thick, in ``color``. Not an accessible element.
public final class DividerView: ViewNode {
    /// Its thickness, in points.
    @DrawingInput public var thickness = 1.0
    /// Its colour (the theme's `separator` unless set).
    @ThemeColor(\.separator) public var color: RGBAColor

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let t = thickness.isFinite ? max(0, thickness) : 1
        let axis = (superview as? StackContaining)?.stackAxis ?? .vertical
        func fill(_ v: Double?) -> Double { v.map { $0.isFinite ? $0 : 0 } ?? 0 }
        return .along(axis, main: t, cross: fill(proposal[axis.crossing]))
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) { canvas.fill(frame, color: color) }
}
