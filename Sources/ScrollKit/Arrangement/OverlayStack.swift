// OverlayArrangement and OverlayStack: views on top of one another, each offered the whole size and placed by a
// two-way alignment; SpacerView, the flexible gap of a stack.

/// Views stacked on top of each other (the last on top), each offered the container's proposal, the container as
/// large as the largest, each view placed by ``alignment`` (its guides lined up with the container's).
public struct OverlayArrangement: Arrangement {
    public var alignment: OverlayAlignment
    public init(alignment: OverlayAlignment = .center) { self.alignment = alignment }

    public func sizeThatFits(proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Void) -> Size {
        var size = Size.zero
        for view in subviews {
            let s = view.sizeThatFits(proposal)
            size = Size(width: max(size.width, s.width), height: max(size.height, s.height))
        }
        return size
    }

    public func placeSubviews(in bounds: Rect, proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Void) {
        let h = alignment.horizontal.guide, v = alignment.vertical.guide
        for view in subviews {
            let s = view.sizeThatFits(proposal)
            let x = h.defaultFraction * bounds.width - view.guideValue(h, size: s)
            let y = v.defaultFraction * bounds.height - view.guideValue(v, size: s)
            view.place(at: Point(x: x, y: y), size: s, proposal: proposal)
        }
    }
}

/// Views on top of one another (a badge over an icon, a title over a background), placed by ``alignment``.
public final class OverlayStack: ArrangementView<OverlayArrangement> {
    public init(alignment: OverlayAlignment = .center, _ views: [ViewNode] = []) {
        super.init(OverlayArrangement(alignment: alignment), views)
    }
    public var alignment: OverlayAlignment {
        get { arrangement.alignment }
        set { arrangement.alignment = newValue }
    }
}

/// A flexible gap: in a ``RowStack`` or ``ColumnStack`` it takes the room left over along the stack (shared with
/// the other flexible views), at least ``minLength``; elsewhere it takes what it is offered. Draws nothing and is
/// not an accessible element.
public final class SpacerView: ViewNode {
    /// The least it takes along its stack, in points.
    public var minLength: Double { didSet { setNeedsLayout() } }

    public init(minLength: Double = 0) {
        self.minLength = minLength.isFinite ? max(0, minLength) : 0
        super.init()
        layoutFlex(1)
        isUserInteractionEnabled = false
    }

    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        guard let axis = (superview as? StackContaining)?.stackAxis else {
            return Size(width: max(minLength, finite(proposal.width)), height: max(minLength, finite(proposal.height)))
        }
        return .along(axis, main: max(minLength, finite(proposal[axis])), cross: 0)
    }

    private func finite(_ v: Double?) -> Double { v.map { $0.isFinite ? $0 : 0 } ?? 0 }
}
