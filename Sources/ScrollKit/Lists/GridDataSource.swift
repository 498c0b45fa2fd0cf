/// A ``ListDataSource`` in sections, for a ``ListView`` with a ``SectionedGridLayout``
/// (``ListView/init(frame:gridLayout:dataSource:)``): each section has items, and may have a header and a
/// footer view and insets of its own (``GridSectionStyle``), UICollectionView style.
///
/// Items keep the list's *flat index*: ``ListDataSource/cell(at:in:)`` is asked for item `index` counting
/// across sections (section 0's items, then section 1's, ...); ``ListView/gridIndex(forItem:)`` gives its
/// section and item, ``ListView/flatIndex(of:)`` the reverse. Headers and footers are not items: they come from
/// ``headerCell(forSection:in:)`` and ``footerCell(forSection:in:)``, dequeued with the same typed
/// ``ListView/dequeueCell(_:for:)`` (each cell class has its own reuse pool, so headers, footers and each kind
/// of item are reused apart), and are never selected or focused. With a grid layout the header of the section
/// at the top of the viewport is pinned there and pushed up by the next one (UITableView's plain style).
///
/// ```swift
/// final class Catalog: GridDataSource {
///     var numberOfSections: Int { shelves.count }
///     func numberOfItems(inSection section: Int) -> Int { shelves[section].items.count }
///     var sectionStyle: GridSectionStyle? { GridSectionStyle(headerLength: 44, insets: Insets(top: 8, left: 16, bottom: 16, right: 16)) }
///     func headerCell(forSection section: Int, in list: ListView) -> ListCell {
///         let header = list.dequeueCell(LabelCell.self, for: section)
///         header.title = shelves[section].title
///         return header
///     }
///     func cell(at index: Int, in list: ListView) -> ListCell { … }   // flat index
/// }
/// let grid = SectionedGridLayout(columns: .adaptive(minimumWidth: 160), itemLength: .aspect(1.25))
/// let list = ListView(frame: bounds, gridLayout: grid, dataSource: Catalog())
/// ```
///
/// ## Cost
/// ``ListView/reloadData()`` asks every section's count once (O(S) for S sections; and its style, when
/// ``sectionStyle`` is `nil`). Per frame, only the sections in view are asked for headers and footers, once
/// each as they come into view.
///
/// ## Bad input
/// Negative counts count as 0; header and footer lengths and insets are sanitized as ``GridSectionStyle``
/// says. A header or footer cell that is already showing is replaced by a blank ``ListCell``, as for items.
@MainActor
public protocol GridDataSource: ListDataSource {
    /// The number of sections. Negative counts as 0.
    var numberOfSections: Int { get }
    /// The number of items in `section`. Negative counts as 0.
    func numberOfItems(inSection section: Int) -> Int
    /// The style every section has (header and footer lengths along the axis, insets around its items), or
    /// `nil` when sections differ: then ``style(ofSection:)`` is asked for each section at reload.
    /// Default: a plain section (no header, footer or insets).
    var sectionStyle: GridSectionStyle? { get }
    /// The style of `section`, asked only when ``sectionStyle`` is `nil`. Default: `sectionStyle ?? .plain`.
    func style(ofSection section: Int) -> GridSectionStyle
    /// The header view of `section`, asked when the section's header length is above 0 and it comes into view.
    /// Default: a blank ``ListCell``.
    func headerCell(forSection section: Int, in list: ListView) -> ListCell
    /// The footer view of `section`, asked when the section's footer length is above 0 and it comes into view.
    /// Default: a blank ``ListCell``.
    func footerCell(forSection section: Int, in list: ListView) -> ListCell
}

extension GridDataSource {
    /// The sum of every section's count (O(S)); the list reads it at reload only.
    public var numberOfItems: Int {
        var total = 0
        for s in 0..<max(0, numberOfSections) { total += max(0, numberOfItems(inSection: s)) }
        return total
    }
    public var sectionStyle: GridSectionStyle? { .plain }
    public func style(ofSection section: Int) -> GridSectionStyle { sectionStyle ?? .plain }
    public func headerCell(forSection section: Int, in list: ListView) -> ListCell { ListCell() }
    public func footerCell(forSection section: Int, in list: ListView) -> ListCell { ListCell() }
}
