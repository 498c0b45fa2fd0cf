// SectionedGridLayout's lookups along the axis: the visible items and sections, the pinned header, and
// the rows (with their SnapGeometry).

extension SectionedGridLayout {
    // MARK: - Visible content

    /// The flat indices of the items that intersect the stretch `[offset, offset + length)` along the axis
    /// (every column counts: the viewport spans the grid's width). An item `[start, end)` is included when
    /// `start < offset + length` and `end > offset`; items are in row order, so these form one range.
    /// Empty (at a clamped position) when `length <= 0`, either value is NaN, or nothing intersects.
    /// O(log S).
    public func visibleItems(offset: Double, length: Double) -> Range<Int> {
        let n = itemCount
        guard n > 0, length > 0, !offset.isNaN else { return 0..<0 }
        build()
        let sc = sectionCount
        var end = offset + length
        if end.isNaN { end = .infinity }
        // First item: in the first section whose rows end after `offset`, its first row that does.
        let s0 = partitionPoint(in: 0..<sc) { rowsEnd($0) > offset }
        var first = n
        if s0 < sc {
            let m = metrics(s0), rows = rowCount(inSection: s0)
            var k = 0
            if rows > 0 {
                k = rowIndex(section: s0, lastStartingBefore: offset, inclusive: true, m)   // -1 ... rows-1
                if k < 0 { k = 0 } else if rowStart(section: s0, row: k, m) + m.rowLength <= offset { k += 1 }
            }
            first = min(n, firstItem[s0] + min(k * m.columns, itemCount(inSection: s0)))
        }
        // End: in the last section whose rows start before `end`, the rows that start before `end`.
        let s1 = partitionPoint(in: 0..<sc) { rowsStart($0) >= end }
        var upper = 0
        if s1 > 0 {
            let s = s1 - 1, m = metrics(s)
            let rows = rowCount(inSection: s) > 0 ? rowIndex(section: s, lastStartingBefore: end, inclusive: false, m) + 1 : 0
            upper = firstItem[s] + min(rows * m.columns, itemCount(inSection: s))
        }
        return upper > first ? first..<upper : first..<first
    }

    /// The sections whose extent (header to footer) intersects `[offset, offset + length)`, by the same rule
    /// as ``visibleItems(offset:length:)``; zero-length sections inside the range are included. O(log S).
    public func visibleSections(offset: Double, length: Double) -> Range<Int> {
        let sc = sectionCount
        guard sc > 0, length > 0, !offset.isNaN else { return 0..<0 }
        build()
        var end = offset + length
        if end.isNaN { end = .infinity }
        let first = partitionPoint(in: 0..<sc) { self.starts[$0 + 1] > offset }
        let upper = partitionPoint(in: 0..<sc) { self.starts[$0] >= end }
        return upper > first ? first..<upper : first..<first
    }

    /// The section whose extent contains `position` along the axis: the last section starting at or before
    /// it (a later zero-length section at the same place wins); `nil` before the first section, for NaN and
    /// when there are no sections. Positions past the end give the last section. O(log S).
    public func section(at position: Double) -> Int? {
        let sc = sectionCount
        guard sc > 0, !position.isNaN else { return nil }
        build()
        let s = partitionPoint(in: 0..<sc) { self.starts[$0] > position } - 1
        return s >= 0 ? s : nil
    }

    /// The header pinned at the viewport's leading edge `offset` (its top for a vertical grid), UITableView
    /// plain style: the header of the section at `offset`, at `offset`, but never below
    /// `sectionStart(s + 1) - headerLength` (the next section's header pushes it up, 1:1, once it reaches the
    /// pinned header's bottom; over the section's footer it stays pinned) and never above its natural place.
    ///
    /// `nil` when no header is pinned: `offset` before the first section (every header at its natural place),
    /// the section at `offset` has no header, `offset` is past the last section's end (the header would lie
    /// wholly above the viewport), or NaN. To pin below a bar, pass `offset + barLength`. O(log S).
    public func pinnedHeader(offset: Double) -> (section: Int, frame: Rect)? {
        guard let s = section(at: offset) else { return nil }
        let h = style(ofSection: s).headerLength
        guard h > 0 else { return nil }
        let position = max(starts[s], min(offset, starts[s + 1] - h))
        guard position + h > offset else { return nil }
        return (s, decorationFrame(along: position, length: h))
    }

    /// The frame of section `section`'s header pinned at `offset` (as ``pinnedHeader(offset:)`` places it,
    /// between its natural place and the next section's push), whether or not that section is the one at
    /// `offset`: a list decides the pinned section at its exact offset and places its header at the offset
    /// the content is drawn at (rounded to device pixels). Nil for a bad section or one without a header. O(1).
    public func pinnedHeaderFrame(section: Int, offset: Double) -> Rect? {
        build()
        guard section >= 0, section < sectionCount, offset.isFinite else { return nil }
        let h = style(ofSection: section).headerLength
        guard h > 0 else { return nil }
        return decorationFrame(along: max(starts[section], min(offset, starts[section + 1] - h)), length: h)
    }

    // MARK: - Rows

    /// The number of item rows in all sections (header and footer rows are not rows).
    public var rowCount: Int {
        build()
        return firstRow[sectionCount]
    }

    /// The number of item rows in section `section` (0 out of range).
    public func rowCount(inSection section: Int) -> Int {
        guard section >= 0, section < sectionCount else { return 0 }
        build()
        return firstRow[section + 1] - firstRow[section]
    }

    /// The global row of the item with flat index `index` (`nil` out of range). O(log S).
    public func row(ofItem index: Int) -> Int? {
        guard index >= 0, index < itemCount else { return nil }
        build()
        let s = section(ofItem: index)
        return firstRow[s] + (index - firstItem[s]) / metrics(s).columns
    }

    /// The flat indices of the items in global row `row` (empty out of range). O(log S).
    public func items(inRow row: Int) -> Range<Int> {
        guard row >= 0, row < rowCount else { return 0..<0 }
        let s = section(ofRow: row), columns = metrics(s).columns
        let lo = firstItem[s] + (row - firstRow[s]) * columns
        return lo..<min(lo + columns, firstItem[s + 1])
    }

    /// Where global row `row` starts along the axis (clamped to the rows; the leading inset when none). O(log S).
    public func rowStart(_ row: Int) -> Double {
        let rc = rowCount
        guard rc > 0 else { return leading(storedInsets) }
        let r = min(max(row, 0), rc - 1)
        let s = section(ofRow: r)
        return rowStart(section: s, row: r - firstRow[s], metrics(s))
    }

    /// The length of global row `row` along the axis (clamped; 0 when there are no rows). O(log S).
    public func rowLength(_ row: Int) -> Double {
        let rc = rowCount
        guard rc > 0 else { return 0 }
        return metrics(section(ofRow: min(max(row, 0), rc - 1))).rowLength
    }

    /// The last row starting at or before `position` (a position in a gap, a section inset, a footer or
    /// the next header belongs to the row before); before the first row, the first; `nil` when there are no
    /// rows. NaN gives row 0. O(log S).
    public func rowIndex(containing position: Double) -> Int? {
        let rc = rowCount
        guard rc > 0 else { return nil }
        guard !position.isNaN else { return 0 }
        let sc = sectionCount
        let s = partitionPoint(in: 0..<sc) { self.rowsStart($0) > position } - 1
        guard s >= 0 else { return 0 }
        guard rowCount(inSection: s) > 0 else { return max(0, firstRow[s] - 1) }
        let k = rowIndex(section: s, lastStartingBefore: position, inclusive: true, metrics(s))
        return firstRow[s] + max(0, k)
    }

    /// The grid's rows as a ``SnapGeometry``, so ``SnapBehavior`` snaps to item rows (headers and footers
    /// are skipped: a snap stop is always a row of items). Reflects the layout when asked, not a copy.
    ///
    /// With `.items` and `.start` alignment, row `k` rests at `rowStart(k) - rowStart(0) + minOffset`: every
    /// row comes to rest where the first row is at the top of the scroll range, that is just below the first
    /// section's header and insets; with uniform section styles that is just below the pinned header.
    /// `.paging` does not look at rows; `.centered` centres rows.
    public var rowGeometry: GridRowGeometry { GridRowGeometry(layout: self) }
}
