// ListView's batches of changes: performChanges and applyDifference, validating each ListChange, mapping old
// indices to new, and updating the layout and cells of either layout.

import Motion

// The list's change engine: validating and applying a batch (performChanges, applyDifference) to the
// layout, the cells and their animations.

extension ListView {
    // MARK: - Batch changes

    /// Applies `changes` to the list after the data source has made them (it must already report the new
    /// count and items), like UIKit's `performBatchUpdates`: sizes move with their items, new items are
    /// sized (measured near the viewport when self-sizing), changed cells are configured again, and the
    /// rest keep their cells.
    ///
    /// - **Validation first.** Every index is checked against the count as it is at that step, and the count
    ///   the changes leave against the data source's. A bad batch throws a ``ListChangeError`` naming the
    ///   change, and the list stays exactly as it was.
    /// - **The reader's place is kept.** The first item showing at the top that the changes keep stays at
    ///   the same place on screen: items inserted or removed above it move the offset by the same amount,
    ///   together with any drag, fling or timed scroll (``ScrollingView/setContentSize(_:adjustingContentOffsetBy:)``).
    /// - **Pinned to the end.** A list at rest at its end (a chat, a log) stays at its end: it scrolls there
    ///   over the animation's duration, or at once without animation. (An empty list has no end to keep:
    ///   the first items arrive showing from the start.) A list scrolled away from its end stays
    ///   put and counts the items that arrived below the viewport in ``newItemsBelow``.
    /// - **Animation** (`animation` non-nil, the default): see ``ListChangeAnimation``. `nil` applies at once.
    /// - **With a grid layout** the indices are flat item indices (across sections): an insert joins the section
    ///   of the item now at its index (at the end, the last section; a grid without sections refuses it), a
    ///   delete may span sections, a move is a delete and an insert; the data source's sections must then hold
    ///   what that leaves. Cards slide in two dimensions; for sections and (section, item) indices use
    ///   ``performChanges(_:animation:)`` with ``GridChange``s. O(S + changes × log S) for S sections, plus the
    ///   visible cells.
    ///
    /// O(n) for variable and self-sizing layouts (the sizes are copied and the prefix sums rebuilt once per
    /// batch, whatever its length), O(1) for fixed sizes, plus O(changes² + changes × visible cells).
    public func performChanges(_ changes: [ListChange], animation: ListChangeAnimation? = .standard) throws(ListChangeError) {
        guard !isUpdatingCells else {
            throw ListChangeError("changes cannot be applied while the list is configuring its cells (from cell(at:in:))")
        }
        if let grid {
            try performFlatChanges(changes, in: grid, animation: animation)
            return
        }
        var count = storedLayout.itemCount
        for (k, change) in changes.enumerated() { try Self.validate(change, number: k, count: &count) }
        let expected = max(0, dataSource.numberOfItems)
        guard count == expected else {
            throw ListChangeError("the changes leave \(count) items but the data source has \(expected)")
        }
        var inserted: [Int] = []
        var reloaded: [Int] = []
        for change in changes {
            inserted = inserted.compactMap { Self.map($0, through: change) }
            reloaded = reloaded.compactMap { Self.map($0, through: change) }
            switch change {
            case .insert(let at, let n): inserted.append(contentsOf: at..<(at + n))
            case .reload(let at): reloaded.append(at)
            default: break
            }
        }
        apply(layoutChanges: changes, mapping: { i in
            var j: Int? = i
            for change in changes {
                guard let current = j else { return nil }
                j = Self.map(current, through: change)
            }
            return j
        }, inserted: inserted, reloaded: reloaded, animation: animation)
    }

    /// Applies the change from the items identified by `old` to those identified by `new` (the data
    /// source already shows `new`): items whose identifier is only in `old` are removed, those only in `new`
    /// inserted, and the others keep their cells and slide to their new places (moves included), with
    /// ``performChanges(_:animation:)``'s rules. Identifiers must be unique in each array, and `old` must
    /// have as many items as the list; otherwise a ``ListChangeError`` and no change.
    ///
    /// With a grid layout the identifiers are the items' in flat order (across sections) and the sections are
    /// taken by position (headers stay with their section numbers); to move, insert or remove sections with
    /// identities of their own, give the sections (``applyDifference(from:to:animation:)`` with sections).
    ///
    /// O(n) (a dictionary of the identifiers, then Swift's `difference(from:)`).
    public func applyDifference<ID: Hashable>(from old: [ID], to new: [ID],
                                              animation: ListChangeAnimation? = .standard) throws(ListChangeError) {
        guard !isUpdatingCells else {
            throw ListChangeError("changes cannot be applied while the list is configuring its cells (from cell(at:in:))")
        }
        guard old.count == numberOfItems else {
            throw ListChangeError("the old identifiers number \(old.count) but the list has \(numberOfItems) items")
        }
        let expected = max(0, dataSource.numberOfItems)
        guard new.count == expected else {
            throw ListChangeError("the new identifiers number \(new.count) but the data source has \(expected) items")
        }
        var newIndex: [ID: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (i, id) in new.enumerated() {
            guard newIndex.updateValue(i, forKey: id) == nil else {
                throw ListChangeError("the new identifiers repeat one (at \(i))")
            }
        }
        var oldIDs = Set<ID>(minimumCapacity: old.count)
        for (i, id) in old.enumerated() {
            guard oldIDs.insert(id).inserted else { throw ListChangeError("the old identifiers repeat one (at \(i))") }
        }
        if let grid {
            // A grid: items by identity; sections by position (a new last section is inserted, a lost one removed).
            let oldSections = grid.sectionCount
            let newSections = (dataSource as? any GridDataSource).map { max(0, $0.numberOfSections) } ?? 1
            let inserted = new.indices.filter { !oldIDs.contains(new[$0]) }
            // Where items and headers coming into view were: the old layout, by identifier.
            let previousFrame: ((Int) -> Rect?)?, previousSupplementary: ((ListCellRole) -> Rect?)?
            if (animation?.duration ?? 0) > 0 {
                let oldLayout = grid.snapshot()
                var oldIndex: [ID: Int] = [:]
                oldIndex.reserveCapacity(old.count)
                for (i, id) in old.enumerated() { oldIndex[id] = i }
                let frames = oldIndex.isEmpty ? [] : new.map { id in oldIndex[id].flatMap { oldLayout.frame(ofItem: $0) } }
                previousFrame = { n in n >= 0 && n < frames.count ? frames[n] : nil }
                let headers = (0..<max(0, oldLayout.sectionCount)).map { s in (oldLayout.headerFrame(section: s), oldLayout.footerFrame(section: s)) }
                previousSupplementary = { role in
                    let s = role.section
                    guard s >= 0, s < headers.count else { return nil }
                    return role.isHeader ? headers[s].0 : headers[s].1
                }
            } else {
                previousFrame = nil
                previousSupplementary = nil
            }
            applyBatch(updateLayout: { readGridSections(grid) }, mapping: { newIndex[old[$0]] }, inserted: inserted,
                       reloaded: [], sections: SectionChanges(mapping: { $0 < newSections ? $0 : nil },
                                                              inserted: Set(oldSections..<max(oldSections, newSections)),
                                                              reloaded: [], previousFrame: previousSupplementary),
                       previousFrame: previousFrame, animation: animation)
            return
        }
        let difference = new.difference(from: old)
        var layoutChanges: [ListChange] = []
        for removal in difference.removals.reversed() {
            if case .remove(let offset, _, _) = removal { layoutChanges.append(.delete(at: offset, count: 1)) }
        }
        for insertion in difference.insertions {
            if case .insert(let offset, _, _) = insertion { layoutChanges.append(.insert(at: offset, count: 1)) }
        }
        let inserted = new.indices.filter { !oldIDs.contains(new[$0]) }
        apply(layoutChanges: layoutChanges, mapping: { newIndex[old[$0]] }, inserted: inserted, reloaded: [],
              animation: animation)
    }

    /// Checks change number `k` against `count` items (the count as it is at that step) and updates `count`.
    static func validate(_ change: ListChange, number k: Int, count: inout Int) throws(ListChangeError) {
        switch change {
        case .insert(let at, let n):
            guard n >= 0 else { throw ListChangeError("change \(k): insert of \(n) items (a count must be 0 or more)") }
            guard at >= 0, at <= count else {
                throw ListChangeError("change \(k): insert at \(at) is out of range (0...\(count))")
            }
            count += n
        case .delete(let at, let n):
            guard n >= 0 else { throw ListChangeError("change \(k): delete of \(n) items (a count must be 0 or more)") }
            guard at >= 0, at + n <= count else {
                throw ListChangeError("change \(k): delete of \(at)..<\(at + n) is out of range (\(count) items)")
            }
            count -= n
        case .move(let from, let to):
            guard from >= 0, from < count, to >= 0, to < count else {
                throw ListChangeError("change \(k): move from \(from) to \(to) is out of range (\(count) items)")
            }
        case .reload(let at):
            guard at >= 0, at < count else {
                throw ListChangeError("change \(k): reload of \(at) is out of range (\(count) items)")
            }
        }
    }

    /// The index `i` has after `change`, or nil when the change removes it.
    static func map(_ i: Int, through change: ListChange) -> Int? {
        switch change {
        case .insert(let at, let n): return i >= at ? i + n : i
        case .delete(let at, let n):
            if i >= at && i < at + n { return nil }
            return i >= at + n ? i - n : i
        case .move(let from, let to):
            if i == from { return to }
            let j = i > from ? i - 1 : i
            return j >= to ? j + 1 : j
        case .reload: return i
        }
    }

    /// The list layout's half of a validated batch: `layoutChanges` applied to the sizes in one pass, then the
    /// common work (``applyBatch(updateLayout:mapping:inserted:reloaded:sections:animation:)``).
    private func apply(layoutChanges: [ListChange], mapping: (Int) -> Int?, inserted: [Int], reloaded: [Int],
                       animation: ListChangeAnimation?) {
        applyBatch(updateLayout: {
            storedLayout.applyChanges(layoutChanges)
            if storedLayout.estimatedItemSize != nil {
                for i in reloaded { storedLayout.invalidateMeasurement(at: i) }
            } else if storedLayout.fixedItemSize == nil {
                for i in inserted { storedLayout.updateSize(at: i) }
                for i in reloaded { storedLayout.updateSize(at: i) }
            }
        }, mapping: mapping, inserted: inserted, reloaded: reloaded, sections: nil, animation: animation)
    }

    /// The common work of a validated batch, for either layout: `updateLayout` brings the layout to the new
    /// items (it must not touch the scroll view), `mapping` takes an old flat index to its new one (nil:
    /// removed), `inserted` and `reloaded` are new flat indices; `sections` (a grid's) says what became of
    /// the sections, for their headers and footers. `previousFrame` (a grid's) gives where a new index's item
    /// was in the old content (nil: unknown), so items and headers coming into view slide from where they were
    /// (at most a viewport length away) instead of with their neighbours.
    func applyBatch(updateLayout: () -> Void, mapping: (Int) -> Int?, inserted: [Int], reloaded: [Int],
                    sections: SectionChanges?, previousFrame: ((Int) -> Rect?)? = nil,
                    animation: ListChangeAnimation?) {
        let animated = (animation?.duration ?? 0) > 0
        let offset = axisOffset, length = viewportLength
        let hi = axisComponent(scrollView.maxContentOffset)
        let phase = scrollView.phase
        let pinned = keepsEndPinned && isScrolledPastViewport && offset >= hi - 0.5 && offset <= hi + 0.5
            && phase != .dragging && phase != .tracking && phase != .decelerating && phase != .bouncing
        let layout = geometry
        var cross = crossLength
        func start(_ i: Int) -> Double { axisStart(layout.frame(ofItem: i, crossLength: cross) ?? .zero) }
        /// Where a content frame is on screen: along the axis less the offset, across as it is.
        func screen(_ r: Rect, _ o: Double) -> Point {
            storedLayout.axis == .horizontal ? Point(x: r.minX - o, y: r.minY) : Point(x: r.minX, y: r.minY - o)
        }

        // The anchor: the first item showing that the batch keeps, and its place on screen.
        var anchor: (old: Int, new: Int, screen: Double)?
        let oldVisible = layout.visibleItems(offset: offset, length: length, crossLength: cross)
        for i in oldVisible {
            if let n = mapping(i) { anchor = (i, n, start(i) - offset); break }
        }
        // Where each showing cell is drawn now (a running slide included), by its new index.
        var drawn: [Int: Point] = [:]
        for cell in cells where cell.index >= 0 {
            if let n = mapping(cell.index) { drawn[n] = screen(cell.frame, offset) }
        }
        // A grid's headers and footers: those of kept sections take their new sections (and are drawn
        // where they are now); those of removed sections fade out, those of reloaded ones are made again.
        var drawnSupplementary: [ListCellRole: Point] = [:]
        var removedSupplementary: [ListCell] = []
        if let sections {
            var kept: [ListCell] = []
            for cell in supplementaryCells {
                let role = cell.role
                guard let n = sections.mapping(role.section) else {
                    removedSupplementary.append(cell)
                    continue
                }
                let newRole: ListCellRole = role.isHeader ? .header(section: n) : .footer(section: n)
                drawnSupplementary[newRole] = screen(cell.frame, offset)
                if sections.reloaded.contains(n) {
                    recycle(cell)
                } else {
                    cell.role = newRole
                    kept.append(cell)
                }
            }
            kept.sort { ($0.role.section, $0.role.isHeader ? 0 : 1) < ($1.role.section, $1.role.isHeader ? 0 : 1) }
            supplementaryCells = kept
            sectionRange = -1 ..< -1   // brought up to date below
        }

        // The layout: one pass for the whole batch.
        updateLayout()
        readListSections()   // a sectioned list's headers moved with the items
        cross = crossLength

        // Focus, a scroll to an item, pending reconfigurations: to their new indices.
        if let router = rootView.router, let f = router.focus, f.view === self, let item = f.item {
            router.focus = mapping(item).map { FocusTarget(view: self, item: $0) }
        }
        if let target = itemScroll {
            itemScroll = mapping(target.index).map { (index: $0, position: target.position, token: target.token) }
        }
        pendingReconfigure = Set(pendingReconfigure.compactMap(mapping))
        prefetchedRange = 0..<0

        // The offset: the anchor stays in place; a pinned list goes to its end.
        // Self-sizing: the items that will show are measured first, so the offset is placed against their
        // real sizes: around the anchor, or at the end for a pinned list.
        if storedLayout.estimatedItemSize != nil, itemCrossLength == measuredCrossLength {
            var pass = 0
            while pass < Self.maximumMeasuringPasses {
                let target: Double
                if pinned {
                    target = storedLayout.contentLength - length
                } else if let anchor {
                    target = storedLayout.itemStart(anchor.new) - anchor.screen
                } else {
                    break
                }
                guard measureItemsShowing(atOffset: target) else { break }
                pass += 1
            }
        }
        let size = layout.contentSize(crossLength: cross)
        var delta = 0.0
        if let anchor { delta = start(anchor.new) - anchor.screen - offset }
        scrollView.setContentSize(size, adjustingContentOffsetBy: axisPoint(delta))
        if storedLayout.estimatedItemSize != nil { measureNearViewport() }
        if pinned {
            if animated, let animation {
                scrollView.scrollToEnd(duration: animation.duration, curve: animation.curve)
            } else {
                scrollView.setContentOffset(scrollView.endOffset(), animated: false)
            }
        }
        let newOffset = axisOffset
        let newVisible = layout.visibleItems(offset: newOffset, length: length, crossLength: cross)
        if pinned {
            newItemsBelow = 0
        } else {
            newItemsBelow += inserted.lazy.filter { $0 >= newVisible.upperBound }.count
        }

        // Ghosts already fading stay where they are on screen (content moved by the offset change).
        let shift = newOffset - offset
        func shifted(_ r: Rect) -> Rect {
            var frame = r
            if storedLayout.axis == .horizontal { frame.origin.x += shift } else { frame.origin.y += shift }
            return frame
        }
        if shift != 0 {
            for ghost in ghosts {
                let id = ObjectIdentifier(ghost)
                guard var a = itemAnimations[id], let frame = a.ghostFrame else { continue }
                a.ghostFrame = shifted(frame)
                itemAnimations[id] = a
            }
        }
        /// A removed cell (an item's, or a removed section's header or footer) fades out where it is on screen.
        func fadeOut(_ cell: ListCell, _ animation: ListChangeAnimation) {
            var a = itemAnimations[ObjectIdentifier(cell)] ?? ItemAnimation()
            a.slide = nil
            a.crossSlide = nil
            a.ghostFrame = shifted(cell.frame)
            a.fade = Animated(TimedSimulation(from: cell.fadeAmount, to: 1, duration: animation.duration, curve: animation.curve))
            itemAnimations[ObjectIdentifier(cell)] = a
            cell.index = -1
            cell.isUserInteractionEnabled = false
            ghosts.append(cell)
        }

        // The cells: keep the survivors (under their new indices), fade out the removed, configure the rest.
        let insertedSet = Set(inserted), reloadedSet = Set(reloaded)
        var survivors: [Int: ListCell] = [:]
        for cell in cells where cell.index >= 0 {
            if let n = mapping(cell.index), !reloadedSet.contains(n) {
                survivors[n] = cell
            } else if mapping(cell.index) == nil, animated, let animation {
                fadeOut(cell, animation)
            } else {
                itemAnimations[ObjectIdentifier(cell)] = nil
                recycle(cell)
            }
        }
        for cell in removedSupplementary {
            if animated, let animation { fadeOut(cell, animation) } else { recycle(cell) }
        }
        var rebuilt: [ListCell] = []
        rebuilt.reserveCapacity(newVisible.count)
        setPoolLimits(max(cells.count, newVisible.count) + Self.reuseMargin)
        for (n, cell) in survivors where !newVisible.contains(n) {
            itemAnimations[ObjectIdentifier(cell)] = nil
            cell.fadeAmount = 0
            recycle(cell)
        }
        isUpdatingCells = true
        for i in newVisible {
            if let cell = survivors[i] {
                cell.index = i
                cell.frame = layout.frame(ofItem: i, crossLength: cross) ?? .zero
                rebuilt.append(cell)
            } else {
                rebuilt.append(obtainCell(for: i, crossLength: cross))
            }
        }
        if sections != nil { _ = updateSupplementaries(offset: newOffset, length: length, reconfigureAll: false) }
        if listSectionSource != nil { _ = updateListPinnedHeader(offset: newOffset) }
        isUpdatingCells = false
        cells = rebuilt
        cellRange = newVisible
        cellsOffset = newOffset
        cellsLength = length
        framesDirty = false
        contentDirty = false
        setPoolLimits(newVisible.count + Self.reuseMargin)

        /// A displacement from off screen, at most a viewport length along the axis.
        func limited(_ d: Point) -> Point {
            let reach = max(length, 1)
            return storedLayout.axis == .horizontal ? Point(x: min(max(d.x, -reach), reach), y: d.y)
                                                    : Point(x: d.x, y: min(max(d.y, -reach), reach))
        }

        // The animations: survivors slide from where they were drawn (along and, in a grid, across the axis);
        // items that came into view without being inserted move with their nearest survivor; inserted items
        // fade in. Headers and footers slide with their sections; those of inserted sections fade in.
        if animated, let animation {
            var lastDisplacement: Point?
            var pendingFromNext: [ListCell] = []
            for cell in cells {
                let id = ObjectIdentifier(cell)
                var a = itemAnimations[id] ?? ItemAnimation()
                let place = screen(cell.frame, newOffset)
                var displacement: Point?
                if let was = drawn[cell.index] {
                    let d = Point(x: was.x - place.x, y: was.y - place.y)
                    displacement = d
                    lastDisplacement = d
                    for waiting in pendingFromNext { startSlide(waiting, by: d, animation) }
                    pendingFromNext.removeAll()
                } else if insertedSet.contains(cell.index) {
                    a.fade = Animated(TimedSimulation(from: 1, to: 0, duration: animation.duration, curve: animation.curve))
                    cell.fadeAmount = 1
                } else if let old = previousFrame?(cell.index) {
                    let d = limited(Point(x: screen(old, offset).x - place.x, y: screen(old, offset).y - place.y))
                    displacement = d
                    lastDisplacement = d
                } else if let last = lastDisplacement {
                    displacement = last
                } else {
                    pendingFromNext.append(cell)
                }
                if let d = displacement { setSlide(&a, by: d, animation) }
                if a.slide != nil || a.crossSlide != nil || a.fade != nil { itemAnimations[id] = a } else { itemAnimations[id] = nil }
            }
            for cell in supplementaryCells {
                let id = ObjectIdentifier(cell)
                var a = itemAnimations[id] ?? ItemAnimation()
                let place = screen(cell.frame, newOffset)
                if let was = drawnSupplementary[cell.role] {
                    setSlide(&a, by: Point(x: was.x - place.x, y: was.y - place.y), animation)
                } else if let sections, sections.inserted.contains(cell.role.section) {
                    a.fade = Animated(TimedSimulation(from: 1, to: 0, duration: animation.duration, curve: animation.curve))
                    cell.fadeAmount = 1
                } else if let sections, let old = sections.previousFrame?(cell.role) {
                    let was = screen(old, offset)
                    setSlide(&a, by: limited(Point(x: was.x - place.x, y: was.y - place.y)), animation)
                }
                if a.slide != nil || a.crossSlide != nil || a.fade != nil { itemAnimations[id] = a } else { itemAnimations[id] = nil }
            }
        } else {
            for cell in cells { itemAnimations[ObjectIdentifier(cell)] = nil; cell.fadeAmount = 0 }
            for cell in supplementaryCells { itemAnimations[ObjectIdentifier(cell)] = nil; cell.fadeAmount = 0 }
        }
        syncSubviews()
        applyItemAnimations()
        if reloadRequestedDuringUpdate {   // a data source that reloaded from cell(at:in:)
            reloadRequestedDuringUpdate = false
            reloadData()
        }
    }
}
