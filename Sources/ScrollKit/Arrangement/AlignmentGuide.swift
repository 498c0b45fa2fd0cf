// AlignmentGuide, the lines stacks line views up by (leading, centre, trailing, top, bottom, first baseline, or
// an app's own), and the alignments of rows, columns and overlays built on them.

/// A line through a view that a container lines views up by: an x position from the view's **leading** edge
/// (``LayoutAxis/horizontal`` guides) or a y position from its top (``LayoutAxis/vertical`` guides). By default a
/// guide lies at ``defaultFraction`` of the view's width or height; a view moves it with
/// ``ViewNode/alignmentGuide(_:computeValue:)`` (SwiftUI's `alignmentGuide`), and ``LabelView`` puts
/// ``firstBaseline`` on its first line's baseline.
public struct AlignmentGuide: Sendable, Hashable {
    /// The guide's name: two guides with one name are one guide.
    public let name: String
    /// Which coordinate it gives.
    public let axis: LayoutAxis
    /// Where it lies when no view says otherwise, as a fraction of the view's extent along ``axis`` (0: leading
    /// or top, 1: trailing or bottom).
    public let defaultFraction: Double

    /// A guide of your own (say, the edge between a form's labels and its controls).
    public init(_ name: String, axis: LayoutAxis, defaultFraction: Double = 0) {
        self.name = name
        self.axis = axis
        self.defaultFraction = defaultFraction.isFinite ? defaultFraction : 0
    }

    public static let leading = AlignmentGuide("leading", axis: .horizontal, defaultFraction: 0)
    public static let centerX = AlignmentGuide("centerX", axis: .horizontal, defaultFraction: 0.5)
    public static let trailing = AlignmentGuide("trailing", axis: .horizontal, defaultFraction: 1)
    public static let top = AlignmentGuide("top", axis: .vertical, defaultFraction: 0)
    public static let centerY = AlignmentGuide("centerY", axis: .vertical, defaultFraction: 0.5)
    public static let bottom = AlignmentGuide("bottom", axis: .vertical, defaultFraction: 1)
    /// The baseline of a view's first line of text (the bottom of a view without text).
    public static let firstBaseline = AlignmentGuide("firstBaseline", axis: .vertical, defaultFraction: 1)
}

/// How a ``ColumnStack`` lines its views up across (horizontally): by a horizontal ``AlignmentGuide``.
public struct ColumnAlignment: Sendable, Hashable {
    public var guide: AlignmentGuide
    /// Lined up by `guide` (a horizontal one; a vertical one counts as ``leading``).
    public init(_ guide: AlignmentGuide) { self.guide = guide.axis == .horizontal ? guide : .leading }
    public static let leading = ColumnAlignment(.leading)
    public static let center = ColumnAlignment(.centerX)
    public static let trailing = ColumnAlignment(.trailing)
}

/// How a ``RowStack`` lines its views up across (vertically): by a vertical ``AlignmentGuide``.
public struct RowAlignment: Sendable, Hashable {
    public var guide: AlignmentGuide
    /// Lined up by `guide` (a vertical one; a horizontal one counts as ``top``).
    public init(_ guide: AlignmentGuide) { self.guide = guide.axis == .vertical ? guide : .top }
    public static let top = RowAlignment(.top)
    public static let center = RowAlignment(.centerY)
    public static let bottom = RowAlignment(.bottom)
    public static let firstBaseline = RowAlignment(.firstBaseline)
}

/// Where an ``OverlayStack`` puts its views: one alignment across, one down.
public struct OverlayAlignment: Sendable, Hashable {
    public var horizontal: ColumnAlignment
    public var vertical: RowAlignment
    public init(horizontal: ColumnAlignment, vertical: RowAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = OverlayAlignment(horizontal: .center, vertical: .center)
    public static let leading = OverlayAlignment(horizontal: .leading, vertical: .center)
    public static let trailing = OverlayAlignment(horizontal: .trailing, vertical: .center)
    public static let top = OverlayAlignment(horizontal: .center, vertical: .top)
    public static let bottom = OverlayAlignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = OverlayAlignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = OverlayAlignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = OverlayAlignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = OverlayAlignment(horizontal: .trailing, vertical: .bottom)
}
