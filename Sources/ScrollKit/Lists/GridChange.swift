// GridChange: one change to a sectioned list's sections and items, as a batch applies them.

/// One change to the sections and items of a list, as a batch applies them: in order, each index counting in
/// the list as it is after the changes before it (as ``ListChange`` does for flat indices). Items are
/// addressed by ``GridIndex`` (section, item). For a list with a ``SectionedGridLayout``; a list with the list
/// layout is one section (section 0) and takes the item changes only.
public enum GridChange: Sendable, Hashable {
    /// `count` new items before item `at.item` of section `at.section` (`at.item` may equal the section's count:
    /// appended to it).
    case insertItems(at: GridIndex, count: Int = 1)
    /// Items `at.item ..< at.item + count` of section `at.section`.
    case deleteItems(at: GridIndex, count: Int = 1)
    /// The item at `from` taken out and put back so that it ends at `to` (in the same section or another).
    case moveItem(from: GridIndex, to: GridIndex)
    /// The item at `at` changed: it is configured again and keeps its place.
    case reloadItem(at: GridIndex)
    /// New sections before section `at` (`at` may equal the section count: appended), one per entry of
    /// `itemCounts`, holding that many items (new items, which fade in).
    case insertSections(at: Int, itemCounts: [Int])
    /// Sections `at ..< at + count`, with their items.
    case deleteSections(at: Int, count: Int = 1)
    /// Section `from`, with its items, taken out and put back so that it ends at `to`.
    case moveSection(from: Int, to: Int)
    /// Section `at` changed: its header, footer and items are configured again.
    case reloadSection(at: Int)
}
