// CollectionLayout, where a ListView puts its items (a ListLayout or a SectionedGridLayout), and
// CollectionScrollExtent.

/// Where a ``ListView`` puts its items: the one abstraction behind the list's two layouts, ``ListLayout`` (one
/// run of items, fixed, variable or self-sized lengths) and ``SectionedGridLayout`` (rows of columns in
/// sections with headers and footers), in the spirit of `UICollectionViewLayout`.
///
/// A list uses its own ``ListLayout`` until it is given a grid (``ListView/gridLayout``,
/// ``ListView/init(frame:gridLayout:dataSource:)``); ``ListView/collectionLayout`` is the one in use.
/// Every query takes the viewport's length across the axis (its width for a vertical layout), so a layout
/// is a plain value-in, value-out object that tests and data sources can ask without a view.
///
/// Items are numbered by a *flat index* `0 ..< itemCount` (a grid's sections follow each other: see
/// ``SectionedGridLayout``'s notes on indices), and the items visible at an offset form one range of it.
///
/// ## Cost
/// Both layouts answer every query in O(1) for fixed sizes (a list of fixed-size items, a grid of one
/// section) and O(log n) otherwise (a list's Fenwick tree, a grid's binary search over its sections), and
/// allocate nothing after their first query: a frame of the view costs the same at 10^2 and 10^7 items.
///
/// ## Bad input
/// NaN or negative cross lengths count as 0; out-of-range indices give `nil` frames; NaN offsets give empty
/// ranges. Nothing traps.
public protocol CollectionLayout: AnyObject {
    /// The scroll axis (`.vertical` or `.horizontal`).
    var axis: ScrollAxis { get }
    /// The number of items.
    var itemCount: Int { get }
    /// The content size when the viewport is `crossLength` points across.
    func contentSize(crossLength: Double) -> Size
    /// The flat indices of the items intersecting `[offset, offset + length)` along the axis, in order.
    func visibleItems(offset: Double, length: Double, crossLength: Double) -> Range<Int>
    /// The frame of item `index` in content coordinates, `nil` out of range.
    func frame(ofItem index: Int, crossLength: Double) -> Rect?
    /// The item whose frame contains `point` (content coordinates), `nil` in gaps, insets and decorations.
    func item(at point: Point, crossLength: Double) -> Int?
    /// Where item `index` (clamped) lies along the axis, and the padding a scroll to it keeps visible before
    /// and after it (a list's insets; a grid's pinned header and section insets). Zeros when empty.
    func scrollExtent(ofItem index: Int, crossLength: Double) -> CollectionScrollExtent
    /// The snap stops for ``SnapBehavior``: a list's items, a grid's rows of items.
    func snapGeometry(crossLength: Double) -> any SnapGeometry
}

/// Where an item lies along a layout's axis, and the padding a scroll to it keeps visible around it
/// (``CollectionLayout/scrollExtent(ofItem:crossLength:)``).
public struct CollectionScrollExtent: Sendable, Hashable {
    public var start: Double
    public var length: Double
    /// Points kept visible before the item by a scroll that puts it at the start (a list's leading inset; a
    /// grid's section header, which is pinned over it, and the section's inset).
    public var leadingPadding: Double
    /// Points kept visible after the item by a scroll that puts it at the end.
    public var trailingPadding: Double
    /// Points at the viewport's leading edge covered by a pinned decoration (a grid's sticky header): an
    /// item there does not show whole.
    public var pinnedLength: Double
    public init(start: Double, length: Double, leadingPadding: Double, trailingPadding: Double, pinnedLength: Double = 0) {
        self.start = start
        self.length = length
        self.leadingPadding = leadingPadding
        self.trailingPadding = trailingPadding
        self.pinnedLength = pinnedLength
    }
}

extension ListLayout: CollectionLayout {
    public func visibleItems(offset: Double, length: Double, crossLength: Double) -> Range<Int> {
        visibleRange(offset: offset, length: length)
    }

    public func frame(ofItem index: Int, crossLength: Double) -> Rect? {
        frame(of: index, crossLength: crossLength)
    }

    public func item(at point: Point, crossLength: Double) -> Int? {
        let along = axis == .horizontal ? point.x : point.y
        guard let index = index(at: along), let f = frame(of: index, crossLength: crossLength),
              f.contains(point) else { return nil }
        return index
    }

    public func scrollExtent(ofItem index: Int, crossLength: Double) -> CollectionScrollExtent {
        guard itemCount > 0 else { return CollectionScrollExtent(start: 0, length: 0, leadingPadding: 0, trailingPadding: 0) }
        let i = min(max(index, 0), itemCount - 1)
        return CollectionScrollExtent(start: itemStart(i), length: itemLength(i),
                                      leadingPadding: leadingInset, trailingPadding: trailingInset)
    }

    public func snapGeometry(crossLength: Double) -> any SnapGeometry { self }
}

extension SectionedGridLayout: CollectionLayout {
    public func contentSize(crossLength: Double) -> Size {
        update(crossLength: crossLength)
        return contentSize
    }

    public func visibleItems(offset: Double, length: Double, crossLength: Double) -> Range<Int> {
        update(crossLength: crossLength)
        return visibleItems(offset: offset, length: length)
    }

    public func frame(ofItem index: Int, crossLength: Double) -> Rect? {
        update(crossLength: crossLength)
        return frame(ofItem: index)
    }

    public func item(at point: Point, crossLength: Double) -> Int? {
        update(crossLength: crossLength)
        return item(at: point)
    }

    /// The item's row; before it, the section's header (pinned over the row when the row is not the section's
    /// first) and the section's leading inset; after it, the section's trailing inset.
    public func scrollExtent(ofItem index: Int, crossLength: Double) -> CollectionScrollExtent {
        update(crossLength: crossLength)
        let n = itemCount
        guard n > 0, let g = gridIndex(forFlatIndex: min(max(index, 0), n - 1)),
              let f = frame(of: g) else {
            return CollectionScrollExtent(start: 0, length: 0, leadingPadding: 0, trailingPadding: 0)
        }
        let style = style(ofSection: g.section)
        let horizontal = axis == .horizontal
        return CollectionScrollExtent(
            start: horizontal ? f.minX : f.minY, length: horizontal ? f.width : f.height,
            leadingPadding: style.headerLength + (horizontal ? style.insets.left : style.insets.top),
            trailingPadding: horizontal ? style.insets.right : style.insets.bottom, pinnedLength: style.headerLength)
    }

    public func snapGeometry(crossLength: Double) -> any SnapGeometry {
        update(crossLength: crossLength)
        return rowGeometry
    }
}
