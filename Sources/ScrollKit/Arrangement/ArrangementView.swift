// ArrangementView, a view that lays its subviews out with an Arrangement: measured through it, placed when its
// size changes or something in it did (before the next frame), never in a frame where nothing changed.

import Motion

/// A view whose subviews an ``Arrangement`` lays out (its visible subviews, in order): ``RowStack``,
/// ``ColumnStack``, ``OverlayStack``, ``FlowStack`` and ``FormGrid`` are arrangement views, and
/// `ArrangementView(MyArrangement(), [a, b])` runs an arrangement of your own.
///
/// Give the outermost one a frame (a window's bounds, a list row's) and it places everything inside, mirrored
/// right to left and at the current text scale; nested ones are placed by their containers. It places its
/// subviews when its size changes, and after ``ViewNode/setNeedsLayout()`` on a view inside it, in the next
/// ``ViewNode/step(_:)`` or draw (or at once with ``layoutIfNeeded()``); a frame that changes nothing (a scroll)
/// measures and places nothing.
open class ArrangementView<A: Arrangement>: ViewNode {
    /// The arrangement. Setting it lays the subviews out again.
    public var arrangement: A { didSet { setNeedsLayout() } }
    private var cache: A.Cache?
    private var cacheGeneration: UInt64 = 0

    /// An arrangement view laying out `subviews` (added in order) with `arrangement`.
    public init(_ arrangement: A, _ subviews: [ViewNode] = [], frame: Rect = .zero) {
        self.arrangement = arrangement
        super.init(frame: frame)
        for view in subviews { addSubview(view) }
    }

    override var arrangesSubviews: Bool { true }
    override func arrangementDidInvalidate() { cache = nil }

    private func withCache<T>(_ subviews: ArrangedSubviews, _ body: (inout A.Cache) -> T) -> T {
        let generation = ViewNode.textScaleGeneration
        var c = (generation == cacheGeneration ? cache : nil) ?? arrangement.makeCache(subviews: subviews)
        defer { cache = c; cacheGeneration = generation }
        return body(&c)
    }

    /// The arrangement's answer for `proposal`.
    open override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let subviews = ArrangedSubviews(container: self)
        return withCache(subviews) { arrangement.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
    }

    /// Places the subviews in ``ViewNode/bounds`` for the proposal the view was placed with.
    open override func layoutSubviews() {
        layoutStorage.needsPlacement = false
        layoutStorage.placedGeneration = ViewNode.textScaleGeneration
        LayoutCounters.placements += 1
        let subviews = ArrangedSubviews(container: self)
        let proposal = placementProposal
        withCache(subviews) {
            arrangement.placeSubviews(in: Rect(origin: .zero, size: storedFrame.size), proposal: proposal,
                                      subviews: subviews, cache: &$0)
        }
    }

    /// Places the subviews now if something in them changed since they were last placed.
    public func layoutIfNeeded() {
        guard let s = layoutSettings else { return layoutSubviews() }
        if s.needsPlacement || s.placedGeneration != ViewNode.textScaleGeneration { layoutSubviews() }
    }

    open override func update(_ tick: FrameTick) { layoutIfNeeded() }
    override func prepareForDrawing() { layoutIfNeeded() }
}

/// An ``ArrangementView`` whose arrangement lines views up along an axis (its spacers and dividers ask which).
@MainActor
protocol StackContaining: AnyObject {
    var stackAxis: LayoutAxis { get }
}
