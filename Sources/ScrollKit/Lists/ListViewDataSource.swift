// ListDataSource, what supplies a ListView with its items, and ListDataSourcePrefetching.

/// Supplies a ``ListView`` with its items: how many, how long each is, and the cell that shows each.
///
/// The list view holds its data source strongly, asks for the count and sizes only in
/// ``ListView/reloadData()`` (sizes lazily, see ``ListLayout``; or, with an ``estimatedItemSize``, item by
/// item as they come near the viewport), and calls ``cell(at:in:)`` once
/// for each item in the first frame it becomes visible (again after ``ListView/reloadData()`` or
/// ``ListView/reloadItems(_:)`` while it is visible).
///
/// Get the cell from ``ListView/dequeueCell(_:for:)``, UIKit style: it is typed (no cast) and comes
/// from the reuse pool of that cell class, so one list can mix several cell classes, each reused as
/// its own type.
///
/// ```swift
/// final class Rows: ListDataSource {
///     var numberOfItems: Int { 1000 }
///     var fixedItemSize: Double? { 60 }
///     func cell(at index: Int, in list: ListView) -> ListCell {
///         if index % 10 == 0 {
///             let header = list.dequeueCell(HeaderCell.self, for: index)
///             header.title = "Section \(index / 10)"
///             return header
///         }
///         let cell = list.dequeueCell(LabelCell.self, for: index)
///         cell.title = "Row \(index)"
///         return cell
///     }
/// }
/// ```
///
/// ## Bad input
/// Returning a cell that was not dequeued (made with `init()`), or dequeued for another index, is
/// fine: it is shown and later reused in its class's pool. A cell still waiting in a pool (kept from
/// earlier) is taken out of the pool and shown. A cell already showing another item, in this list or
/// another, is not shown twice: the item gets a blank ``ListCell`` instead, and the data source is asked
/// again the next time the item becomes visible. Nothing traps.
@MainActor
public protocol ListDataSource: AnyObject {
    /// The number of items. Negative counts as 0.
    var numberOfItems: Int { get }
    /// The common length of every item along the list's axis, or `nil` (the default) when sizes vary.
    /// Non-nil selects the O(1) layout path and ``sizeOfItem(at:)`` is never called.
    var fixedItemSize: Double? { get }
    /// The length of item `index` along the list's axis, in points. Values below
    /// ``ListLayout/minimumItemSize`` (1 pt; also 0, negative and NaN) are clamped up to it.
    /// The default returns ``fixedItemSize`` or ``ListLayout/defaultItemSize``.
    func sizeOfItem(at index: Int) -> Double
    /// The length of item `index` when items are `crossLength` points across (the list's width for a
    /// vertical list, less the cross-axis insets): implement this one to size items from text that wraps.
    /// The default returns ``sizeOfItem(at:)``. Same clamping rules.
    func sizeOfItem(at index: Int, crossLength: Double) -> Double
    /// Makes the list **self-sizing**: every item is laid out at this estimated length until it comes near
    /// the viewport, and only then is ``sizeOfItem(at:crossLength:)`` asked for its real length. `nil` (the
    /// default) reads every size at ``ListView/reloadData()`` instead. Ignored when ``fixedItemSize`` is set.
    ///
    /// With an estimate, a reload costs no calls at all, and each frame measures only the items that come
    /// into view (always, before they are shown) plus at most ``ListView/measurementLookahead`` items ahead
    /// in the scroll direction, so 10,000 or 10,000,000 items never stall a frame. Corrections keep what is
    /// in view in place: when an item above the viewport turns out taller or shorter than its estimate, the
    /// offset moves by the same amount (``ScrollingView/adjustContentOffset(by:)``); a running
    /// ``ListView/scrollToItem(_:position:duration:curve:completion:)`` re-aims and still lands exactly on
    /// its item. When the list's cross length changes (a resize), every item is measured again as it comes
    /// near the viewport, keeping the item at the top of the viewport where it was.
    var estimatedItemSize: Double? { get }
    /// The cell for item `index`, filled in: typically `list.dequeueCell(SomeCell.self, for: index)`
    /// with its content set. Called once per item in the frame it becomes visible (see the type's notes
    /// for cells that were not dequeued).
    func cell(at index: Int, in list: ListView) -> ListCell
}

extension ListDataSource {
    public var fixedItemSize: Double? { nil }
    public func sizeOfItem(at index: Int) -> Double { fixedItemSize ?? ListLayout.defaultItemSize }
    public func sizeOfItem(at index: Int, crossLength: Double) -> Double { sizeOfItem(at: index) }
    public var estimatedItemSize: Double? { nil }
}

/// A data source that wants to know which items are about to appear, to start slow work for them early
/// (decoding their images, fetching their data), like UIKit's `UITableViewDataSourcePrefetching`.
///
/// Whenever the visible items change, the list calls ``prefetchItems(at:)`` with the items within one
/// viewport length ahead of the visible ones in the direction the list last scrolled (forward, toward
/// higher indices, at first), leaving out the items it already announced in the previous call: while
/// scrolling steadily each item is announced about once. It is a hint: an item may be announced and never
/// shown (the scroll turned back), or shown without being announced (a jump).
///
/// ```swift
/// extension Photos: ListDataSourcePrefetching {
///     func prefetchItems(at indices: Range<Int>) {
///         for i in indices { ImageLibrary.shared.prefetch(ImageRef(photos[i]), size: ImageLabelCell.defaultImageSize) }
///     }
/// }
/// ```
///
/// ## Bad input
/// Never called with an empty range or indices outside `0..<numberOfItems`. Calling ``ListView/reloadData()``
/// from it is allowed (deferred as from ``ListDataSource/cell(at:in:)``).
@MainActor
public protocol ListDataSourcePrefetching: ListDataSource {
    /// The items about to appear, in index order. Called in a frame's step or draw, so keep it cheap: start
    /// work, do not do it.
    func prefetchItems(at indices: Range<Int>)
}
