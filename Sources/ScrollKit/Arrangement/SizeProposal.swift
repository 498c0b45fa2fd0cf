// SizeProposal, the size a container offers a view (down the tree), with LayoutAxis and LayoutInsets (leading and
// trailing, resolved by the layout direction).

/// The size a container offers a view when it asks how big the view wants to be: each side a length, or `nil`
/// for "your ideal size". `0` asks for the view's smallest size along that side and `.infinity` for its largest,
/// as SwiftUI's proposals do. A view answers with the size it takes (``ViewNode/sizeThatFits(_:)``), which may be
/// larger or smaller than the proposal; the container then places it (see ``Arrangement``).
public struct SizeProposal: Sendable, Hashable {
    /// The offered width, or `nil` for the ideal width.
    public var width: Double?
    /// The offered height, or `nil` for the ideal height.
    public var height: Double?

    /// A proposal of `width` by `height` (`nil`: ideal). NaN and negative lengths count as 0.
    public init(width: Double?, height: Double?) {
        self.width = width.map(Self.sanitized)
        self.height = height.map(Self.sanitized)
    }

    /// Exactly `size`.
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }

    /// Ideal in both sides.
    public static let unspecified = SizeProposal(width: nil, height: nil)
    /// The smallest size.
    public static let zero = SizeProposal(width: 0, height: 0)
    /// The largest size.
    public static let infinity = SizeProposal(width: .infinity, height: .infinity)

    /// The proposal with each unspecified side taken from `size`.
    public func replacingUnspecified(by size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    /// Whether both sides are given and finite (a *tight* proposal when the view takes what it is offered).
    public var isSpecified: Bool {
        if let width, let height { return width.isFinite && height.isFinite }
        return false
    }

    /// The side along `axis`.
    public subscript(axis: LayoutAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue.map(Self.sanitized) } else { height = newValue.map(Self.sanitized) } }
    }

    /// A proposal with `main` along `axis` and `cross` across it.
    static func along(_ axis: LayoutAxis, main: Double?, cross: Double?) -> SizeProposal {
        axis == .horizontal ? SizeProposal(width: main, height: cross) : SizeProposal(width: cross, height: main)
    }

    static func sanitized(_ v: Double) -> Double { v.isNaN || v < 0 ? 0 : v }
}

/// One of the two directions a container lays views along.
public enum LayoutAxis: Sendable, Hashable {
    /// Left and right (leading to trailing).
    case horizontal
    /// Top to bottom.
    case vertical

    /// The other axis.
    public var crossing: LayoutAxis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    /// The side along `axis`.
    subscript(axis: LayoutAxis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A size with `main` along `axis` and `cross` across it.
    static func along(_ axis: LayoutAxis, main: Double, cross: Double) -> Size {
        axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

/// Room around a view, by edge: ``leading`` and ``trailing`` are the left and right edges left to right, the right
/// and left ones right to left, so a padded form mirrors with no code.
public struct LayoutInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    /// Insets by edge (NaN and negative lengths count as 0).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = SizeProposal.sanitized(top)
        self.leading = SizeProposal.sanitized(leading)
        self.bottom = SizeProposal.sanitized(bottom)
        self.trailing = SizeProposal.sanitized(trailing)
    }

    /// `length` on every edge.
    public init(_ length: Double) { self.init(top: length, leading: length, bottom: length, trailing: length) }

    /// `horizontal` on the leading and trailing edges, `vertical` on the top and bottom.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    public static let zero = LayoutInsets()

    /// Leading plus trailing.
    public var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }
}
