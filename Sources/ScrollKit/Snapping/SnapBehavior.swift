// SnapBehavior, where scrolling comes to rest, with SnapAlignment, SnapGeometry and SnapContext.

/// Where an item comes to rest in the viewport when snapping to items.
public enum SnapAlignment: Sendable, Hashable {
    /// The item's start rests where the first item rests at the top of the scroll range, so a
    /// leading inset acts as scroll padding (with no inset: at the viewport's leading edge).
    case start
    /// The item's centre rests at the viewport's centre.
    case center
}

/// How a released scroll comes to rest: anywhere, on items, one page at a time, or centred on an item.
///
/// A `SnapBehavior` is a pure value. ``target(_:geometry:)`` rewrites a fling's natural rest point
/// (the `targetContentOffset` of UIKit's `scrollViewWillEndDragging`), and
/// ``stepTarget(from:steps:viewportLength:minOffset:maxOffset:geometry:)`` gives the destination of
/// wheel steps and arrow keys. All positions are along the scroll axis, in content coordinates (points).
///
/// ```swift
/// let snap = SnapBehavior.items(snapRatio: 0.3, alignment: .start)
/// let rest = snap.target(SnapContext(proposedRest: 412, currentOffset: 300, dragStartOffset: 250,
///                                    velocity: 800, viewportLength: 600, minOffset: 0, maxOffset: 5400),
///                        geometry: FixedSnapGeometry(itemCount: 100, itemLength: 60))
/// ```
///
/// The rules, in brief (each case's documentation has the details):
/// - `.none`: the natural rest point, clamped to the scroll range.
/// - `.items`: the item containing the rest point, or the next one in the direction of motion once the
///   rest point has passed `snapRatio` of the way to it. Backward motion mirrors forward motion exactly.
/// - `.paging`: at most one page from the page where the drag began.
/// - `.centered`: the item whose centre is nearest the viewport's centre at the rest point.
///
/// **Direction of motion.** From the release velocity when `|velocity| >=`
/// ``minimumFlingSpeed`` (50 pt/s); below that, from the displacement since the drag began
/// (`currentOffset - dragStartOffset`); when both are zero there is no direction and the nearest snap
/// position wins (a tie goes toward the start).
///
/// **Bad input.** Every result is a finite offset in `minOffset...maxOffset`. NaN or infinite
/// `minOffset` counts as 0; NaN, infinite or too small `maxOffset` counts as `minOffset`; a NaN or
/// infinite offset falls back along `proposedRest` → `currentOffset` → `dragStartOffset` →
/// `minOffset`; a NaN or infinite velocity counts as 0; NaN, infinite or negative lengths count as
/// 0; a NaN `snapRatio` takes the case's
/// default and other ratios are clamped to 0...1. With no items, `.items` and `.centered` return the
/// clamped rest point; with no usable page size (both `pageSize` and the viewport zero or NaN),
/// `.paging` does the same.
public enum SnapBehavior: Sendable, Hashable {
    /// No snapping: motion rests where its physics puts it.
    case none

    /// Snap scrolling: rest on an item's start (or centre, with `.center` alignment).
    ///
    /// The snap positions are the items' aligned offsets, clamped to the scroll range. The rest point
    /// lies between two neighbouring snap positions `a < b` (the spacing after an item belongs to that
    /// item: an item's stretch runs from its snap position to the next item's). Moving forward, the
    /// target is `b` once `(rest - a) / (b - a) >= snapRatio`, else `a`; moving backward, the target is
    /// `a` once `(b - rest) / (b - a) >= snapRatio`, else `b`. Reaching the ratio counts as passing it.
    /// A rest point exactly on a snap position stays there. With `.center` alignment the stretch runs
    /// from one item's centre to the next one's. Beyond the first or last snap position: that position.
    /// - Parameters:
    ///   - snapRatio: the fraction (0...1) of an item's stretch that moves the rest on to the next item.
    ///   - alignment: which point of an item comes to rest at the alignment line.
    case items(snapRatio: Double = 0.3, alignment: SnapAlignment = .start)

    /// True pagination: at most one page from the page where the drag began.
    ///
    /// Pages start at `minOffset` and are `pageSize` apart; the last page is clamped to `maxOffset`. The
    /// start page is the page nearest `dragStartOffset`. When `|velocity| >=` ``pagingFlingSpeed``
    /// (400 pt/s) the target is the next page boundary ahead of `currentOffset` in the fling's
    /// direction; otherwise the target is the next page when the drag moved forward by at least
    /// `snapRatio × pageSize`, the previous page when it moved backward by at least that much, and the
    /// start page otherwise. Either way the result is limited to the start page ± 1, so a hard fling
    /// moves exactly one page, and a fling against the drag returns to the start page.
    /// `proposedRest` is not used (except as the fallback described under *Bad input*).
    /// - Parameters:
    ///   - snapRatio: the fraction (0...1) of a page a slow drag must cover to turn the page.
    ///   - pageSize: the page length in points; `nil` (or zero, negative, NaN) = the viewport's length.
    case paging(snapRatio: Double = 0.1, pageSize: Double? = nil)

    /// The picker rule: the item whose centre is nearest the viewport centre at the natural rest point.
    ///
    /// A tie goes in the direction of motion (toward the start when there is none). The result is
    /// limited to the first and last items' centred offsets, then clamped to the scroll range; insets
    /// of `viewportLength / 2 - itemLength / 2` on both sides let the first and last items be centred.
    case centered

    /// Below this release speed (points per second) the direction of motion comes from the drag's
    /// displacement instead of the velocity: 50 pt/s, Android's minimum fling velocity.
    public static let minimumFlingSpeed: Double = 50

    /// At or above this release speed (points per second) `.paging` turns the page in the fling's
    /// direction whatever the drag's length: 400 pt/s, as Android's `ViewPager`.
    public static let pagingFlingSpeed: Double = 400

    /// How far (in points) an offset may be from a snap position and still count as on it, for
    /// ``stepTarget(from:steps:viewportLength:minOffset:maxOffset:geometry:)``: 0.001 pt.
    public static let positionTolerance: Double = 0.001
}

/// The item layout along the scroll axis, in content coordinates, as snapping sees it.
///
/// Items are in order and do not overlap: `itemStart(i + 1) >= itemStart(i) + itemLength(i)`.
/// `ListLayout` conforms; ``FixedSnapGeometry`` and ``ArraySnapGeometry`` are simple conformers.
public protocol SnapGeometry {
    /// The number of items (0 or more).
    var itemCount: Int { get }
    /// The start of item `index` (0 ..< itemCount), in points.
    func itemStart(_ index: Int) -> Double
    /// The length of item `index` along the axis, in points.
    func itemLength(_ index: Int) -> Double
    /// The item at `position`: a position in the spacing after an item belongs to that item; before
    /// the first item, the first; after the last, the last. `nil` only when there are no items.
    /// O(log n) or better. A default implementation binary-searches ``itemStart(_:)``.
    func itemIndex(containing position: Double) -> Int?
}

extension SnapGeometry {
    /// Binary search over ``itemStart(_:)``: O(log n). NaN `position` gives the first item.
    public func itemIndex(containing position: Double) -> Int? {
        let n = itemCount
        guard n > 0 else { return nil }
        guard !position.isNaN else { return 0 }
        // First index whose start is beyond `position`; the item before it contains it.
        let j = partitionPoint(in: 0..<n) { itemStart($0) > position }
        return max(0, j - 1)
    }
}

/// What a release looks like, for ``SnapBehavior/target(_:geometry:)``: offsets in content
/// coordinates along the scroll axis (points), the velocity in points per second in the direction the
/// offset moves.
public struct SnapContext: Sendable, Hashable {
    /// Where the motion would come to rest without snapping (the decay projection).
    public var proposedRest: Double
    /// The offset at the release.
    public var currentOffset: Double
    /// The offset when the drag began.
    public var dragStartOffset: Double
    /// The release velocity, points per second; positive = the offset increases.
    public var velocity: Double
    /// The viewport's length along the axis.
    public var viewportLength: Double
    /// The smallest valid offset (`-leading inset`).
    public var minOffset: Double
    /// The largest valid offset.
    public var maxOffset: Double

    /// A release; see the properties for units. Values are used as given (sanitised when used).
    public init(proposedRest: Double, currentOffset: Double, dragStartOffset: Double, velocity: Double,
                viewportLength: Double, minOffset: Double, maxOffset: Double) {
        self.proposedRest = proposedRest
        self.currentOffset = currentOffset
        self.dragStartOffset = dragStartOffset
        self.velocity = velocity
        self.viewportLength = viewportLength
        self.minOffset = minOffset
        self.maxOffset = maxOffset
    }
}

/// The first index in `range` for which `isAbove` holds, assuming it is false then true over the
/// range and true at `range.upperBound`; `range.upperBound` if never. O(log range.count).
@inline(__always)
func partitionPoint(in range: Range<Int>, _ isAbove: (Int) -> Bool) -> Int {
    var lo = range.lowerBound, hi = range.upperBound
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if isAbove(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
}
