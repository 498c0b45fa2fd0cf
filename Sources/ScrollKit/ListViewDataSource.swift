/// Supplies a ``ListView`` with its items: how many, how long each is, and the cell content.
///
/// The list view holds its data source strongly, asks for the count and sizes only in
/// ``ListView/reloadData()`` (sizes lazily, see ``ListLayout``), and calls ``configure(_:at:)`` once
/// for each item in the first frame it becomes visible.
///
/// ```swift
/// final class Rows: ListDataSource {
///     var numberOfItems: Int { 1000 }
///     var fixedItemSize: Double? { 60 }
///     func configure(_ cell: ListCell, at index: Int) {
///         (cell as? LabelCell)?.title = "Row \(index)"
///     }
/// }
/// ```
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
    /// A new cell, called only when the reuse pool is empty. The default makes a ``LabelCell``.
    func makeCell() -> ListCell
    /// Fills `cell` for item `index`. Called once per item in the frame it becomes visible.
    func configure(_ cell: ListCell, at index: Int)
}

extension ListDataSource {
    public var fixedItemSize: Double? { nil }
    public func sizeOfItem(at index: Int) -> Double { fixedItemSize ?? ListLayout.defaultItemSize }
    public func makeCell() -> ListCell { LabelCell() }
}
