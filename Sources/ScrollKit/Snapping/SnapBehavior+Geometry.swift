// Ready-made SnapGeometry values: FixedSnapGeometry (items of one length) and ArraySnapGeometry (listed lengths).

/// Items of one length, `spacing` apart, the first at `leading`: the simplest ``SnapGeometry``.
///
/// ```swift
/// let cards = FixedSnapGeometry(itemCount: 20, itemLength: 320, spacing: 16)
/// cards.itemStart(2)   // 672
/// ```
/// O(1) for everything. Negative or NaN `itemCount` counts as 0, negative or NaN lengths and
/// spacing as 0, non-finite `leading` as 0.
public struct FixedSnapGeometry: SnapGeometry, Sendable, Hashable {
    public let itemCount: Int
    /// Every item's length along the axis, in points.
    public let itemLength: Double
    /// The gap between neighbouring items, in points.
    public let spacing: Double
    /// The first item's start, in points.
    public let leading: Double

    public init(itemCount: Int, itemLength: Double, spacing: Double = 0, leading: Double = 0) {
        self.itemCount = max(0, itemCount)
        self.itemLength = length(itemLength)
        self.spacing = length(spacing)
        self.leading = finiteOr(leading, 0)
    }

    /// `leading + index × (itemLength + spacing)`.
    public func itemStart(_ index: Int) -> Double { leading + Double(index) * (itemLength + spacing) }

    public func itemLength(_ index: Int) -> Double { itemLength }

    /// O(1): the item whose stretch (the item and the spacing after it) contains `position`.
    public func itemIndex(containing position: Double) -> Int? {
        guard itemCount > 0 else { return nil }
        let stride = itemLength + spacing
        guard stride > 0, !position.isNaN else { return 0 }
        let raw = ((position - leading) / stride).rounded(.down)
        return Int(min(max(raw, 0), Double(itemCount - 1)))
    }

    /// The end of the last item: where the content ends (before any trailing inset).
    public var contentLength: Double {
        itemCount == 0 ? leading : itemStart(itemCount - 1) + itemLength
    }
}

/// Items of the given lengths, `spacing` apart, the first at `leading`: a ``SnapGeometry`` for
/// variable sizes.
///
/// ```swift
/// let rows = ArraySnapGeometry(lengths: [44, 88, 44, 120], spacing: 8)
/// rows.itemStart(2)                 // 148
/// rows.itemIndex(containing: 150)   // 2
/// ```
/// Building is O(n) (prefix sums); `itemStart` and `itemLength` are O(1), `itemIndex` O(log n).
/// Negative or NaN lengths and spacing count as 0, non-finite `leading` as 0.
public struct ArraySnapGeometry: SnapGeometry, Sendable, Hashable {
    /// Each item's length along the axis, in points (sanitised).
    public let lengths: [Double]
    /// The gap between neighbouring items, in points.
    public let spacing: Double
    /// The first item's start, in points.
    public let leading: Double
    private let starts: [Double]

    public init(lengths: [Double], spacing: Double = 0, leading: Double = 0) {
        let clean = lengths.map { length($0) }
        self.lengths = clean
        self.spacing = length(spacing)
        self.leading = finiteOr(leading, 0)
        var starts: [Double] = []
        starts.reserveCapacity(clean.count)
        var position = self.leading
        for item in clean {
            starts.append(position)
            position += item + self.spacing
        }
        self.starts = starts
    }

    public var itemCount: Int { lengths.count }
    public func itemStart(_ index: Int) -> Double { starts[index] }
    public func itemLength(_ index: Int) -> Double { lengths[index] }

    /// The end of the last item: where the content ends (before any trailing inset).
    public var contentLength: Double {
        guard let start = starts.last, let last = lengths.last else { return leading }
        return start + last
    }
}
