// SectionedListDataSource: sections for a one-column list of (self-sizing) rows, their headers and footers
// being items of the list, the header of the section at the top pinned over the rows.

/// Supplies a one-column ``ListView`` (its list layout, not a ``SectionedGridLayout``) with rows in sections,
/// each section's header pinned at the top of the viewport while the section scrolls under it and pushed up
/// by the next one (UIKit's plain table style).
///
/// Headers and footers are **items of the list** like its rows: they come from ``ListDataSource/cell(at:in:)``,
/// self-size (``ListDataSource/estimatedItemSize``), recycle, and slide and fade in batch changes, so a filter
/// across sections is one flat ``ListView/applyDifference(from:to:animation:)`` with the headers' identifiers in
/// it (a section that empties loses its header with the same animation as its rows). The data source only says
/// which items are headers (``sectionHeaderItems``); footers are the items it makes at a section's end (they
/// scroll with their section, as a grid's footers do). The pinned header is one more cell, drawn over the rows,
/// from ``pinnedHeaderCell(forItem:in:)``.
///
/// ```swift
/// final class Settings: SectionedListDataSource {
///     var rows: [Row]                      // .header("Network"), .item("Wi-Fi"), ..., .footer("…")
///     var sectionHeaderItems: [Int] { rows.indices.filter { rows[$0].isHeader } }   // cache this in real code
///     let pinned = HeaderCell()
///     func pinnedHeaderCell(forItem index: Int, in list: ListView) -> ListCell {
///         pinned.title = rows[index].title
///         return pinned
///     }
///     ...
/// }
/// ```
///
/// The list reads ``sectionHeaderItems`` at ``ListView/reloadData()`` and after each batch of changes (not per
/// frame). Finding the pinned header is a binary search over them: O(log S · log n) when the offset moves,
/// nothing allocated. Bad input never traps: indices out of range are dropped, the rest are sorted and
/// deduplicated; with no headers nothing is pinned.
@MainActor
public protocol SectionedListDataSource: ListDataSource {
    /// The flat indices of the items that are section headers, ascending. Items before the first header
    /// belong to no section.
    var sectionHeaderItems: [Int] { get }
    /// A cell showing header item `index` pinned at the top of the viewport (typically one cell the data
    /// source keeps and fills in as that header's own cell). Asked each time another header becomes pinned
    /// and after a reload; the list owns its frame while it is pinned. Return a cell that does not show an item.
    func pinnedHeaderCell(forItem index: Int, in list: ListView) -> ListCell
}
