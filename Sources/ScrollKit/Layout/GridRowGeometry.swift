// GridRowGeometry: a SectionedGridLayout's item rows as a SnapGeometry.

/// A ``SectionedGridLayout``'s item rows as a ``SnapGeometry``: row `i` is the `i`-th row of items across all
/// sections (headers and footers are not rows). Every call asks the layout, so it reflects changes.
/// O(log S) per call (S = sections).
public struct GridRowGeometry: SnapGeometry {
    public let layout: SectionedGridLayout
    public init(layout: SectionedGridLayout) { self.layout = layout }
    public var itemCount: Int { layout.rowCount }
    public func itemStart(_ index: Int) -> Double { layout.rowStart(index) }
    public func itemLength(_ index: Int) -> Double { layout.rowLength(index) }
    public func itemIndex(containing position: Double) -> Int? { layout.rowIndex(containing: position) }
}
