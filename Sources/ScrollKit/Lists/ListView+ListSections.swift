// ListView's sections in the list layout: the header items of a SectionedListDataSource, the pinned header
// cell over the rows, and section queries (which section an item is in, jumping to a section).

import Motion

/// Sections of a one-column list (a ``SectionedListDataSource``): which items are headers, the header pinned
/// at the top, and jumping to a section.
extension ListView {
    /// The items that are section headers (a ``SectionedListDataSource``'s, checked), ascending; empty for
    /// other data sources and grids. Up to date after ``reloadData()`` and each batch of changes.
    public var sectionHeaderItems: [Int] { listHeaderItems }

    /// The number of sections of a list with a ``SectionedListDataSource`` (its header items).
    public var listSectionCount: Int { listHeaderItems.count }

    /// The header item pinned at the top of the viewport: the last header starting at or above the top
    /// (one exactly at the top is pinned at its own place), or `nil` when none is (the first header below
    /// the top, no sections, a grid). Brought up to date first.
    public var pinnedHeaderItem: Int? {
        updateCells()
        return listPinnedItem >= 0 ? listPinnedItem : nil
    }

    /// The cell drawn as the pinned header (its frame in content coordinates), `nil` when none is pinned.
    public var pinnedHeaderCell: ListCell? {
        updateCells()
        return listPinnedItem >= 0 ? listPinnedCell : nil
    }

    /// Whether item `index` is a section header (one of ``sectionHeaderItems``). O(log S). Focus passes over
    /// headers (they are headings, not choices).
    public func isSectionHeaderItem(_ index: Int) -> Bool {
        guard let s = listSection(ofItem: index) else { return false }
        return listHeaderItems[s] == index
    }

    /// The section (index into ``sectionHeaderItems``) item `index` belongs to: the last header at or
    /// before it; `nil` before the first header or out of range. O(log S).
    public func listSection(ofItem index: Int) -> Int? {
        guard index >= 0, index < numberOfItems else { return nil }
        let h = listHeaderItems
        var lo = 0, hi = h.count   // first header after index
        while lo < hi {
            let mid = (lo + hi) / 2
            if h[mid] <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// The section whose rows are at the top of the viewport (under the pinned header), `nil` without
    /// sections or before the first header. What a scrubbing bubble names.
    public var topSection: Int? {
        let n = numberOfItems
        guard n > 0, !listHeaderItems.isEmpty else { return nil }
        let top = geometry.visibleItems(offset: axisOffset, length: max(1, viewportLength), crossLength: crossLength)
        guard !top.isEmpty else { return listHeaderItems.isEmpty ? nil : listHeaderItems.count - 1 }
        return listSection(ofItem: top.lowerBound)
    }

    /// Scrolls at once so that section `section`'s header is at the top of the viewport (clamped to the
    /// scroll range: a section near the end shows as far up as it can), stopping any motion, as a section
    /// index does. Out-of-range sections are clamped; without sections nothing happens.
    public func scrollToSection(_ section: Int) {
        let h = listHeaderItems
        guard !h.isEmpty else { return }
        let item = h[min(max(section, 0), h.count - 1)]
        if storedLayout.estimatedItemSize != nil { _ = measureItemsShowing(atOffset: storedLayout.itemStart(item)) }
        guard let f = frame(of: item) else { return }
        scrollView.stopMotion()
        var o = scrollView.contentOffset
        let lo = axisComponent(scrollView.minContentOffset), hi = axisComponent(scrollView.maxContentOffset)
        let target = min(max(axisStart(f), lo), max(lo, hi))
        if axis == .horizontal { o.x = target } else { o.y = target }
        scrollView.setContentOffset(o, animated: false)
        updateCells()
    }

    // MARK: - Internals

    /// Reads the header items from a ``SectionedListDataSource`` (list layout only): in range, sorted,
    /// without repeats; and asks for the pinned cell again at the next update. O(S log S).
    func readListSections() {
        guard grid == nil, let source = dataSource as? any SectionedListDataSource else {
            listSectionSource = nil
            if !listHeaderItems.isEmpty { listHeaderItems.removeAll() }
            dropListPinnedHeader()
            return
        }
        listSectionSource = source
        let n = storedLayout.itemCount
        var items = source.sectionHeaderItems.filter { $0 >= 0 && $0 < n }
        var sorted = true
        var k = 1
        while k < items.count { if items[k] <= items[k - 1] { sorted = false; break }; k += 1 }
        if !sorted { items = Array(Set(items)).sorted() }
        listHeaderItems = items
        dropListPinnedHeader()
        cellsOffset = .nan   // the pinned header is found again at the next update
    }

    /// Stops showing the pinned header (it is asked for again when one is pinned).
    func dropListPinnedHeader() {
        listPinnedItem = -1
        listPinnedCell?.listView = nil
        listPinnedCell = nil
    }

    /// Brings the pinned header up to date for `offset`: which header (the last whose start is at or above
    /// the viewport's top; one exactly at the top is pinned at its own place) and where (at the top, pushed up by the next header). Returns whether the pinned
    /// cell changed (the scroll view's subviews must be synced). O(log S · log n); allocates nothing while
    /// the same header stays pinned.
    func updateListPinnedHeader(offset: Double) -> Bool {
        guard let source = listSectionSource, !listHeaderItems.isEmpty, viewportLength > 0, offset.isFinite else {
            let had = listPinnedCell != nil
            dropListPinnedHeader()
            return had
        }
        let h = listHeaderItems
        // The last header whose start is at or above the top.
        var lo = 0, hi = h.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if storedLayout.itemStart(h[mid]) <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else {
            let had = listPinnedCell != nil
            dropListPinnedHeader()
            return had
        }
        let item = h[lo - 1]
        var changed = false
        if item != listPinnedItem || listPinnedCell == nil {
            listPinnedCell?.listView = nil
            let cell = source.pinnedHeaderCell(forItem: item, in: self)
            if cell.listView !== self { cell.listView = self }
            cell.index = -1
            cell.role = .header(section: lo - 1)
            listPinnedCell = cell
            listPinnedItem = item
            // A self-sizing header far above the viewport (after a jump) may still have its estimate: the
            // pinned copy takes its real length (the layout is left alone: the anchoring measures it in turn).
            listPinnedLength = storedLayout.isMeasured(item) ? storedLayout.itemLength(item)
                : ListLayout.sanitizedSize(source.sizeOfItem(at: item, crossLength: itemCrossLength))
            changed = true
        }
        let cross = crossLength
        guard let cell = listPinnedCell, var f = storedLayout.frame(of: item, crossLength: cross) else { return changed }
        let length = storedLayout.isMeasured(item) ? storedLayout.itemLength(item) : listPinnedLength
        if axis == .horizontal { f.size.width = length } else { f.size.height = length }
        var place = pinningOffset(offset)
        if lo < h.count {
            place = min(place, storedLayout.itemStart(h[lo]) - length)
        }
        cell.frame = axis == .horizontal ? Rect(x: place, y: f.minY, width: f.width, height: f.height)
                                         : Rect(x: f.minX, y: place, width: f.width, height: f.height)
        return changed
    }
}
