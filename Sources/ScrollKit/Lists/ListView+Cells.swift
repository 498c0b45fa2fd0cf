// ListView's cells: dequeuing from the per-class reuse pools, and keeping exactly the visible items in cells.

import Motion

/// The cells: dequeuing from the per-class reuse pools, and keeping exactly the visible items in cells.
extension ListView {
    // MARK: - Cells showing

    /// Brings the cells (and, in a self-sizing list, the measured sizes and the offset corrections) up to
    /// date for the current offset now, instead of at the next step, draw or query.
    public func layoutIfNeeded() { updateCells() }

    /// The cells showing, in item order (brought up to date first).
    public var visibleCells: [ListCell] {
        updateCells()
        return cells
    }

    /// The cell showing item `index`, or `nil` if that item is not visible (brought up to date first).
    public func cell(at index: Int) -> ListCell? {
        updateCells()
        guard cellRange.contains(index) else { return nil }
        return cells[index - cellRange.lowerBound]
    }

    /// How many cells wait in the reuse pools, all classes together (each class's pool holds at most
    /// the visible count plus ``reuseMargin``).
    public var reusePoolCount: Int {
        var total = 0
        for entry in pools { total += entry.pool.count }
        return total
    }

    /// How many cells of exactly the class `type` wait in its reuse pool (at most the visible count plus
    /// ``reuseMargin``).
    public func reusePoolCount(of type: ListCell.Type) -> Int {
        let id = ObjectIdentifier(type)
        for entry in pools where entry.type == id { return entry.pool.count }
        return 0
    }

    // MARK: - Cells

    /// A cell of class `type` for item `index`, for the data source's `cell(at:in:)`: the most recently
    /// pooled cell of exactly that class (already through ``ListCell/prepareForReuse()``), or a new one
    /// made with `type.init()` when that pool is empty (counted in ``cellsCreated``). Typed: no cast.
    ///
    /// Each cell class has its own pool, so a list may mix classes and each is reused only as its own
    /// type. Return the cell from `cell(at:in:)`; a dequeued cell that is never returned is simply
    /// dropped. O(number of cell classes used), no allocation unless a cell is made.
    public func dequeueCell<Cell: ListCell>(_ type: Cell.Type, for index: Int) -> Cell {
        let pool = reusePool(for: ObjectIdentifier(type))
        while let reused = pool.dequeue() {
            reused.reuseState = .free
            reused.pool = nil
            // Pools are keyed by the exact class, so this always holds.
            if let cell = reused as? Cell { return cell }
        }
        cellsCreated += 1
        return type.init()
    }

    /// The pool for the class identified by `type`, made on first use.
    func reusePool(for type: ObjectIdentifier) -> ReusePool<ListCell> {
        for entry in pools where entry.type == type { return entry.pool }
        let pool = ReusePool<ListCell>(limit: poolLimit)
        pools.append((type, pool))
        return pool
    }

    func setPoolLimits(_ limit: Int) {
        poolLimit = limit
        for entry in pools { entry.pool.limit = limit }
    }

    /// Asks the data source for item `index`'s cell and makes it show that item (see ``ListDataSource``
    /// for cells that were not dequeued or are already showing).
    func obtainCell(for index: Int, crossLength cross: Double) -> ListCell {
        configureCount += 1
        configuredInLastStep += 1
        var cell = dataSource.cell(at: index, in: self)
        switch cell.reuseState {
        case .free:
            break
        case .pooled:
            cell.pool?.remove(cell)   // kept from earlier: it must not be dequeued while it shows
        case .showing:
            cell = ListCell()         // showing another item: never one cell in two places
        }
        cell.reuseState = .showing
        cell.pool = nil
        if cell.listView !== self { cell.listView = self }
        cell.index = index
        cell.frame = geometry.frame(ofItem: index, crossLength: cross) ?? .zero
        return cell
    }

    /// Brings the cells in line with the visible range: recycles cells whose items left, asks the data
    /// source once for each new item's cell. O(1) when nothing changed.
    func updateCells() {
        let length = viewportLength
        if axisOffset == cellsOffset && length == cellsLength && !framesDirty && !contentDirty
            && pendingReconfigure.isEmpty {
            if !itemAnimations.isEmpty && !isUpdatingCells { applyItemAnimations() }
            if rowPartsActive && !isUpdatingCells { applyRowFrames() }
            return
        }
        guard !isUpdatingCells else { return }
        isUpdatingCells = true
        if storedLayout.estimatedItemSize != nil { measureNearViewport() }
        let offset = axisOffset
        let newRange = geometry.visibleItems(offset: offset, length: length, crossLength: crossLength)
        let old = cellRange
        let reconfigureAll = contentDirty
        let refresh = framesDirty || reconfigureAll
        cellsOffset = offset
        cellsLength = length
        framesDirty = false
        contentDirty = false

        let reconfigureSome = !pendingReconfigure.isEmpty
        if reconfigureAll && listPinnedCell != nil { dropListPinnedHeader() }   // asked for again
        let pinnedChanged = (listSectionSource != nil || listPinnedCell != nil) && updateListPinnedHeader(offset: offset)
        let supplementariesChanged = ((grid != nil || !supplementaryCells.isEmpty)
            && updateSupplementaries(offset: offset, length: length, reconfigureAll: reconfigureAll)) || pinnedChanged
        if newRange != old || reconfigureAll || reconfigureSome {
            setPoolLimits(max(cells.count, newRange.count) + Self.reuseMargin)
            // Recycle first, so the cells that leave can serve the items that arrive.
            var k = 0
            while k < cells.count {
                let index = old.lowerBound + k
                if reconfigureAll || !newRange.contains(index) { recycle(cells[k]) }
                k += 1
            }
            scratch.removeAll(keepingCapacity: true)
            let cross = crossLength
            var index = newRange.lowerBound
            while index < newRange.upperBound {
                if !reconfigureAll && old.contains(index) {
                    let cell = cells[index - old.lowerBound]
                    if reconfigureSome && pendingReconfigure.contains(index) {
                        // Back to its pool first, so the data source may dequeue this very cell again.
                        recycle(cell)
                        scratch.append(obtainCell(for: index, crossLength: cross))
                    } else {
                        if refresh { cell.frame = geometry.frame(ofItem: index, crossLength: cross) ?? .zero }
                        scratch.append(cell)
                    }
                } else {
                    scratch.append(obtainCell(for: index, crossLength: cross))
                }
                index += 1
            }
            swap(&cells, &scratch)
            scratch.removeAll(keepingCapacity: true)
            syncSubviews()
            if !old.isEmpty && newRange.lowerBound < old.lowerBound {
                prefetchDirection = -1
            } else if newRange.lowerBound > old.lowerBound || newRange.upperBound > old.upperBound {
                prefetchDirection = 1
            }
            if reconfigureAll { prefetchedRange = 0..<0 }
            cellRange = newRange
            setPoolLimits(newRange.count + Self.reuseMargin)
            if reconfigureSome { pendingReconfigure.removeAll() }
            announcePrefetch(visible: newRange, offset: offset, length: length)
        } else {
            if refresh {
                let cross = crossLength
                for cell in cells { cell.frame = geometry.frame(ofItem: cell.index, crossLength: cross) ?? .zero }
            }
            if supplementariesChanged { syncSubviews() }
        }
        if newItemsBelow > 0 && offset >= axisComponent(scrollView.maxContentOffset) - 0.5 { newItemsBelow = 0 }
        applyItemAnimations()
        if rowPartsActive { applyRowFrames() }
        isUpdatingCells = false
        if reloadRequestedDuringUpdate {
            reloadRequestedDuringUpdate = false
            reloadData()
        }
    }

    /// Tells a ``ListDataSourcePrefetching`` data source about the items within one viewport ahead of
    /// `visible` in the scroll direction, less those it was told about last time. O(1) fixed sizes,
    /// O(log n) variable; allocates nothing.
    func announcePrefetch(visible: Range<Int>, offset: Double, length: Double) {
        guard let prefetcher = dataSource as? any ListDataSourcePrefetching, !visible.isEmpty,
              length > 0, offset.isFinite else { return }
        let n = numberOfItems
        let previous = prefetchedRange
        let window: Range<Int>
        var ahead: Range<Int>
        if prefetchDirection >= 0 {
            let end = geometry.visibleItems(offset: offset + length, length: length, crossLength: crossLength).upperBound
            window = visible.upperBound..<min(n, max(end, visible.upperBound))
            ahead = window
            // Leave out the front of the window when it was announced last time (scrolling on).
            if previous.lowerBound <= window.lowerBound && previous.upperBound > window.lowerBound {
                ahead = min(previous.upperBound, window.upperBound)..<window.upperBound
            }
        } else {
            let start = geometry.visibleItems(offset: offset - length, length: length, crossLength: crossLength).lowerBound
            window = max(0, min(start, visible.lowerBound))..<visible.lowerBound
            ahead = window
            if previous.upperBound >= window.upperBound && previous.lowerBound < window.upperBound {
                ahead = window.lowerBound..<max(previous.lowerBound, window.lowerBound)
            }
        }
        prefetchedRange = window
        guard !ahead.isEmpty else { return }
        prefetcher.prefetchItems(at: ahead)
    }

    /// Sends a cell that stopped showing to its class's pool (dropped when the pool is full).
    func recycle(_ cell: ListCell) {
        // Focus inside the cell (a carousel in a row) has nowhere to be once the cell shows another item.
        if let router = rootView.router, let focused = router.focus?.view, focused.isDescendant(of: cell) {
            router.focus = nil
        }
        cell.prepareForReuse()
        cell.index = -1
        cell.role = .item
        cell.frame = .zero
        cell.fadeAmount = 0
        if !itemAnimations.isEmpty { itemAnimations[ObjectIdentifier(cell)] = nil }
        let pool = reusePool(for: ObjectIdentifier(type(of: cell)))
        if pool.enqueue(cell) {
            cell.reuseState = .pooled
            cell.pool = pool
        } else {
            cell.reuseState = .free
        }
    }
}
