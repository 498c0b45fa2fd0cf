// ListView as a sectioned grid: reloading sections, headers and footers, the pinned header, reflowing on resize.

import Motion

/// A list laid out as a sectioned grid (``SectionedGridLayout``): reloading sections, reflowing on resize
/// with the top item kept in place, and the headers and footers of the sections in view, the top one pinned.
extension ListView {
    /// Creates a list whose items are laid out by `gridLayout` (its axis becomes the list's). With a
    /// ``GridDataSource`` the items come in sections with headers and footers; any other data source is one
    /// section of ``ListDataSource/numberOfItems`` items.
    public convenience init(frame: Rect, gridLayout: SectionedGridLayout, dataSource: any ListDataSource) {
        self.init(frame: frame, axis: gridLayout.axis, grid: gridLayout, dataSource: dataSource)
    }

    /// The grid the items are laid out in, or `nil` (the default) for the list layout (``layout``).
    /// Setting it drops every cell and reloads the data (as setting ``dataSource`` does); the grid's axis
    /// becomes the list's. The grid's spacings, insets, columns and item length are its own: after changing
    /// them, call ``reloadData()``. Self-sizing (``ListDataSource/estimatedItemSize``) belongs to the list layout;
    /// batch changes work with both (``performChanges(_:animation:)``, ``applyDifference(from:to:animation:)``).
    public var gridLayout: SectionedGridLayout? {
        get { grid }
        set {
            guard newValue !== grid else { return }
            grid = newValue
            if let newValue {
                let a: ScrollAxis = newValue.axis == .horizontal ? .horizontal : .vertical
                newValue.axis = a
                storedLayout.axis = a
                scrollView.axis = a
            }
            let source = dataSource
            dataSource = source   // drops every cell and reloads
        }
    }

    /// The section and item of flat item `index` (for a grid; a list is one section), `nil` out of range.
    public func gridIndex(forItem index: Int) -> GridIndex? {
        if let grid { return grid.gridIndex(forFlatIndex: index) }
        return index >= 0 && index < numberOfItems ? GridIndex(section: 0, item: index) : nil
    }

    /// The flat item index of `index` (section and item), `nil` out of range.
    public func flatIndex(of index: GridIndex) -> Int? {
        if let grid { return grid.flatIndex(of: index) }
        return index.section == 0 && index.item >= 0 && index.item < numberOfItems ? index.item : nil
    }

    /// The section whose header is pinned at the viewport's top (a grid's sticky header, see
    /// ``SectionedGridLayout/pinnedHeader(offset:)``), `nil` when none is or the viewport is empty (brought up
    /// to date first).
    public var pinnedSection: Int? {
        updateCells()
        return storedPinnedSection
    }

    /// The header or footer cells showing (a grid's), in section order, a header before its section's footer.
    public var visibleSupplementaryCells: [ListCell] {
        updateCells()
        return supplementaryCells
    }

    /// The cell showing section `section`'s header, if it shows (brought up to date first).
    public func headerCell(forSection section: Int) -> ListCell? {
        updateCells()
        for cell in supplementaryCells where cell.role == .header(section: section) { return cell }
        return nil
    }

    // MARK: - Internals

    func reloadGridLayout(_ grid: SectionedGridLayout) {
        readGridSections(grid)
        updateContentSize()
    }

    /// Reads the sections, their counts (unless a batch has just checked them against the data source: `known`)
    /// and styles from the data source into `grid` (the scroll view's content size is left as it was: a batch
    /// of changes sets it with the offset adjusted). O(S).
    func readGridSections(_ grid: SectionedGridLayout, counts known: [Int]? = nil) {
        storedLayout.setItems(count: 0, fixedSize: 1)
        if let source = dataSource as? any GridDataSource {
            gridSource = source
            var counts = [Int]()
            if let known {
                counts = known
            } else {
                let sc = max(0, source.numberOfSections)
                counts.reserveCapacity(sc)
                for s in 0..<sc { counts.append(source.numberOfItems(inSection: s)) }
            }
            if let style = source.sectionStyle {
                grid.setSections(counts, headerLength: style.headerLength, footerLength: style.footerLength,
                                 sectionInsets: style.insets)
            } else {
                grid.setSections(counts) { source.style(ofSection: $0) }
            }
        } else {
            gridSource = nil
            grid.setSections(known ?? [dataSource.numberOfItems])
        }
        grid.update(crossLength: crossLength)
    }

    /// The counts of the grid's sections as the layout holds them (one section of the data source's items
    /// when it is not a ``GridDataSource``). O(S).
    func gridSectionCounts(_ grid: SectionedGridLayout) -> [Int] { grid.itemCounts }

    /// The offset a header is placed at when pinned: `offset` moved to the device pixel the content is drawn
    /// at (a canvas that rounds draws scrolled content at its offset rounded to whole device pixels, halves
    /// up: see `DamageTrackingCanvas.roundsScrolledContent`), so the pinned header stays on the same pixels while the
    /// offset moves by fractions of one, instead of shifting by the rounding (a one-pixel jitter, and a header
    /// drawn again every frame of a slow scroll). Exact when the list sits on whole device pixels. Which
    /// section is pinned (``pinnedSection``) still follows the exact offset.
    func pinningOffset(_ offset: Double) -> Double {
        let s = pinningScale
        guard s > 0, s.isFinite, offset.isFinite else { return offset }
        return -((-offset * s + 0.5).rounded(.down)) / s
    }

    /// Where a header or footer cell belongs now: the pinned header at its pinned place, the others at their
    /// natural places (an item cell's own frame).
    func supplementaryFrame(_ cell: ListCell) -> Rect {
        guard let grid else { return cell.frame }
        switch cell.role {
        case .header(let s):
            if storedPinnedSection == s, let f = grid.pinnedHeaderFrame(section: s, offset: pinningOffset(cellsOffset)) { return f }
            return grid.headerFrame(section: s) ?? .zero
        case .footer(let s):
            return grid.footerFrame(section: s) ?? .zero
        case .item:
            return cell.frame
        }
    }

    /// A new width: the columns change. The first visible item keeps its distance from the viewport's top.
    func reflowGrid(_ grid: SectionedGridLayout) {
        let offset = axisOffset
        let visible = grid.visibleItems(offset: offset, length: max(viewportLength, 1))
        var anchor: (index: Int, screen: Double)?
        if !visible.isEmpty, let f = grid.frame(ofItem: visible.lowerBound) {
            anchor = (visible.lowerBound, axisStart(f) - offset)
        }
        grid.update(crossLength: crossLength)
        let size = grid.contentSize
        if let anchor, let f = grid.frame(ofItem: anchor.index) {
            scrollView.setContentSize(size, adjustingContentOffsetBy: axisPoint(axisStart(f) - anchor.screen - offset))
        } else if scrollView.contentSize != size {
            scrollView.contentSize = size
        }
        cellsOffset = .nan
    }

    /// Brings the headers and footers of the sections in view up to date for `offset`, with the pinned header
    /// at its pinned place. Returns whether the set of supplementary cells (or the pinned one) changed, so
    /// the scroll view's subviews must be synced. O(sections in view); allocates nothing in steady scrolling.
    func updateSupplementaries(offset: Double, length: Double, reconfigureAll: Bool) -> Bool {
        guard let grid else {
            guard !supplementaryCells.isEmpty else { return false }
            dropSupplementaryCells()
            return true
        }
        grid.update(crossLength: crossLength)
        let newRange = gridSource == nil ? 0..<0 : grid.visibleSections(offset: offset, length: length)
        // The section at the exact offset; its header placed at the offset as drawn (`pinningOffset`).
        let pinned = length > 0 && gridSource != nil ? grid.pinnedHeader(offset: offset).flatMap { p in
            grid.pinnedHeaderFrame(section: p.section, offset: pinningOffset(offset)).map { (section: p.section, frame: $0) }
        } : nil
        let oldPinned = storedPinnedSection
        storedPinnedSection = pinned?.section
        var changed = oldPinned != storedPinnedSection
        if newRange != sectionRange || reconfigureAll {
            changed = true
            for cell in supplementaryCells where reconfigureAll || !newRange.contains(cell.role.section) { recycle(cell) }
            supplementaryScratch.removeAll(keepingCapacity: true)
            var k = 0
            for s in newRange {
                let style = grid.style(ofSection: s)
                if style.headerLength > 0 {
                    supplementaryScratch.append(supplementary(.header(section: s), k: &k, reuse: !reconfigureAll))
                }
                if style.footerLength > 0 {
                    supplementaryScratch.append(supplementary(.footer(section: s), k: &k, reuse: !reconfigureAll))
                }
            }
            swap(&supplementaryCells, &supplementaryScratch)
            supplementaryScratch.removeAll(keepingCapacity: true)
            sectionRange = newRange
        }
        for cell in supplementaryCells {
            switch cell.role {
            case .header(let s):
                if let pinned, pinned.section == s { cell.frame = pinned.frame } else { cell.frame = grid.headerFrame(section: s) ?? .zero }
            case .footer(let s):
                cell.frame = grid.footerFrame(section: s) ?? .zero
            case .item:
                break
            }
        }
        return changed
    }

    /// The showing cell for (`section`, `role`) among the old supplementary cells (sorted; `k` walks them),
    /// or a new one from the data source.
    private func supplementary(_ role: ListCellRole, k: inout Int, reuse: Bool) -> ListCell {
        let s = role.section
        if reuse {
            while k < supplementaryCells.count {
                let c = supplementaryCells[k]
                guard c.reuseState == .showing else { k += 1; continue }   // recycled above
                let cs = c.role.section
                if cs < s || (cs == s && c.role.isHeader && !role.isHeader) { k += 1; continue }
                if c.role == role { k += 1; return c }
                break
            }
        }
        guard let source = gridSource else { return ListCell() }
        var cell = role.isHeader ? source.headerCell(forSection: s, in: self) : source.footerCell(forSection: s, in: self)
        switch cell.reuseState {
        case .free: break
        case .pooled: cell.pool?.remove(cell)
        case .showing: cell = ListCell()
        }
        cell.reuseState = .showing
        cell.pool = nil
        if cell.listView !== self { cell.listView = self }
        cell.index = -1
        cell.role = role
        return cell
    }

    /// Sends every header and footer back to its pool.
    func dropSupplementaryCells() {
        for cell in supplementaryCells { recycle(cell) }
        supplementaryCells.removeAll(keepingCapacity: true)
        sectionRange = 0..<0
        storedPinnedSection = nil
    }

    /// The item a focus move from `index` goes to in a grid: across the axis, the neighbour in the same row;
    /// along it, the item of the next or previous row nearest across; `nil` past the grid's edges.
    func gridNeighbour(_ grid: SectionedGridLayout, from index: Int, _ move: FocusMove) -> Int? {
        let horizontal = axis == .horizontal
        let n = grid.itemCount
        guard index >= 0, index < n, let row = grid.row(ofItem: index), let f = grid.frame(ofItem: index) else { return nil }
        var rowStep = 0, step = 0
        switch move {
        case .next: step = 1
        case .previous: step = -1
        case .up: if horizontal { step = -1 } else { rowStep = -1 }
        case .down: if horizontal { step = 1 } else { rowStep = 1 }
        case .left: if horizontal { rowStep = -1 } else { step = -1 }
        case .right: if horizontal { rowStep = 1 } else { step = 1 }
        }
        if move == .next || move == .previous {
            let j = index + step
            return j >= 0 && j < n ? j : nil
        }
        if step != 0 {
            let j = index + step
            guard j >= 0, j < n, grid.row(ofItem: j) == row else { return nil }
            return j
        }
        let target = row + rowStep
        guard target >= 0, target < grid.rowCount else { return nil }
        let items = grid.items(inRow: target)
        let across = horizontal ? f.midY : f.midX
        var best = items.lowerBound, bestDistance = Double.infinity
        for j in items {
            guard let g = grid.frame(ofItem: j) else { continue }
            let d = abs((horizontal ? g.midY : g.midX) - across)
            if d < bestDistance { best = j; bestDistance = d }
        }
        return best
    }
}
