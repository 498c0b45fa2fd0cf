/// Supplies a ``ListView`` with its items: how many, how long each is, and the cell that shows each.
///
/// The list view holds its data source strongly, asks for the count and sizes only in
/// ``ListView/reloadData()`` (sizes lazily, see ``ListLayout``), and calls ``cell(at:in:)`` once
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
    /// The cell for item `index`, filled in: typically `list.dequeueCell(SomeCell.self, for: index)`
    /// with its content set. Called once per item in the frame it becomes visible (see the type's notes
    /// for cells that were not dequeued).
    func cell(at index: Int, in list: ListView) -> ListCell
}

extension ListDataSource {
    public var fixedItemSize: Double? { nil }
    public func sizeOfItem(at index: Int) -> Double { fixedItemSize ?? ListLayout.defaultItemSize }
}
