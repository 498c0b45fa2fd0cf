// Arrangement, the layout protocol (proposal down, size up, the parent places), and ArrangedSubviews, the proxies of
// the views it lays out.

/// How a container lays out its views, in the shape of SwiftUI's `Layout` and Flutter's box protocol: the
/// container is offered a size (``SizeProposal``), asks each view how big it wants to be for a proposal of its
/// own (``ArrangedSubview/sizeThatFits(_:)``), answers the size it takes, and later places each view
/// (``ArrangedSubview/place(at:size:proposal:)``).
///
/// An ``ArrangementView`` runs an arrangement over its subviews: ``RowStack``, ``ColumnStack``, ``OverlayStack``,
/// ``FlowStack`` and ``FormGrid`` are arrangement views. Write your own arrangement for another container:
///
/// ```swift
/// struct Centred: Arrangement {
///     func sizeThatFits(proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Void) -> Size {
///         subviews.first?.sizeThatFits(proposal) ?? .zero
///     }
///     func placeSubviews(in bounds: Rect, proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Void) {
///         for view in subviews {
///             let size = view.sizeThatFits(proposal)
///             view.place(at: Point(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2),
///                        size: size, proposal: proposal)
///         }
///     }
/// }
/// ```
///
/// Positions are given from the container's **leading** edge (the left one left to right, the right one right to
/// left): a placement is mirrored for a right-to-left container by ``ArrangedSubviews``, so an arrangement never
/// reads the direction. Answers are cached per proposal (``ViewNode/arrangedSize(for:)``): asking the same view
/// twice for the same proposal measures it once, until something in it changes (``ViewNode/setNeedsLayout()``).
@MainActor
public protocol Arrangement {
    /// What the arrangement keeps between calls (measured sizes, a solution), made by ``makeCache(subviews:)`` and
    /// dropped whenever a subview changes.
    associatedtype Cache = Void
    /// A fresh cache for `subviews`.
    func makeCache(subviews: ArrangedSubviews) -> Cache
    /// The size the container takes for `proposal`.
    func sizeThatFits(proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) -> Size
    /// Places every subview inside `bounds` (the container's own rectangle, `minX` its leading edge), which is the
    /// size it answered for `proposal` or another one its parent chose.
    func placeSubviews(in bounds: Rect, proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache)
}

extension Arrangement where Cache == Void {
    public func makeCache(subviews: ArrangedSubviews) -> Void { () }
}

/// A view as an arrangement sees it: measured and placed through its layout modifiers (padding, frame limits,
/// fixed size), so the arrangement only deals in the sizes they give.
public struct ArrangedSubview {
    /// The view.
    public let view: ViewNode
    let container: ViewNode
    let isRightToLeft: Bool

    /// The size the view takes for `proposal`, its modifiers applied (cached per proposal).
    @MainActor public func sizeThatFits(_ proposal: SizeProposal) -> Size { view.arrangedSize(for: proposal) }

    /// How much of the room left over along `axis` the view takes, relative to the other flexible views (0: none,
    /// it takes its own size): a ``SpacerView``'s 1, a view with an infinite maximum frame along the axis 1, or
    /// ``ViewNode/layoutFlex(_:)``.
    @MainActor public func flex(along axis: LayoutAxis) -> Double { view.flex(along: axis) }

    /// Where `guide` lies in the view when it is `size` (its padding included), from its leading or top edge.
    /// A guide the view does not set (its edges and centre) lies on the padded box; one it sets, and its text's
    /// baseline, lie in the view, moved by the padding.
    @MainActor public func guideValue(_ guide: AlignmentGuide, size: Size) -> Double {
        let insets = view.layoutSettings?.padding ?? .zero
        if guide != .firstBaseline, view.layoutSettings?.guides[guide] == nil {
            return guide.defaultFraction * (guide.axis == .horizontal ? size.width : size.height)
        }
        let inner = Size(width: max(0, size.width - insets.horizontal), height: max(0, size.height - insets.vertical))
        let offset = guide.axis == .horizontal ? insets.leading : insets.top
        return offset + view.guideValue(guide, size: inner)
    }

    /// Places the view: its padded box at `origin` (from the container's leading and top edges) with `size`, the
    /// view's frame inside the padding, mirrored right to left. `proposal` is what the view was measured with; it
    /// is kept, so the view places its own subviews for the same one (a cached answer).
    @MainActor public func place(at origin: Point, size: Size, proposal: SizeProposal) {
        let insets = view.layoutSettings?.padding ?? .zero
        let width = max(0, size.width - insets.horizontal), height = max(0, size.height - insets.vertical)
        let leadingX = origin.x + insets.leading
        let containerWidth = container.storedFrame.width
        let x = isRightToLeft ? containerWidth - leadingX - width : leadingX
        view.arrangedPlacement(frame: Rect(x: x, y: origin.y + insets.top, width: width, height: height),
                               proposal: view.contentProposal(for: proposal))
    }
}

/// The views an ``Arrangement`` lays out: the container's subviews that are not hidden, in order.
public struct ArrangedSubviews: RandomAccessCollection {
    let views: [ViewNode]
    let container: ViewNode
    let isRightToLeft: Bool

    @MainActor init(container: ViewNode) {
        self.container = container
        isRightToLeft = container.isRightToLeft
        views = container.subviews.filter { !$0.isHidden && !$0.isPresentationLayer }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { views.count }
    public subscript(index: Int) -> ArrangedSubview {
        ArrangedSubview(view: views[index], container: container, isRightToLeft: isRightToLeft)
    }
}
