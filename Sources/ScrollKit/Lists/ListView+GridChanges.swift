// ListView's grid changes: performChanges for GridChange batches (checked, anchored, animated), and flat
// changes on a grid.

import Motion

extension ListView {
    // MARK: - Grid changes

    /// Applies `changes` to the sections and items after the data source has made them (it must already report
    /// the new sections and counts), with the rules of the flat ``performChanges(_:animation:)``: checked
    /// first (a bad index, or counts that differ from the data source's, throws a ``ListChangeError`` naming the
    /// change, and the list stays exactly as it was); the item at the top of the viewport stays where the
    /// reader sees it (items or sections inserted or removed above it, in its section or in sections before);
    /// a grid at rest at its end stays at its end; animated (``ListChangeAnimation``): cells that stay slide in
    /// two dimensions to their new places (across rows and columns, between sections) and keep their cells, new
    /// ones fade in, removed ones fade out; headers and footers slide with their sections (the pinned one stays
    /// pinned), those of new sections fade in and of removed sections fade out. A batch during an animation
    /// starts from where the cells are drawn.
    ///
    /// With the list layout (no ``gridLayout``) the list is section 0: item changes in it apply as
    /// ``ListChange``s; section changes throw.
    ///
    /// Bad input: no sections, empty sections and a zero-sized (or NaN) frame are valid states that take
    /// changes (nothing shows until the frame has a size); counts below 0 and indices out of range throw.
    ///
    /// O(S) for S sections (the data source's counts are read once, the layout rebuilt once) plus O(changes ×
    /// (changes + visible cells)); 100 changes on 10^6 cards in 38,000 sections take about 1.2 ms in release.
    public func performChanges(_ changes: [GridChange], animation: ListChangeAnimation? = .standard) throws(ListChangeError) {
        guard !isUpdatingCells else {
            throw ListChangeError("changes cannot be applied while the list is configuring its cells (from cell(at:in:))")
        }
        guard let grid else {
            var flat: [ListChange] = []
            for (k, change) in changes.enumerated() {
                func item(_ g: GridIndex) throws(ListChangeError) -> Int {
                    guard g.section == 0 else {
                        throw ListChangeError("change \(k): section \(g.section) is out of range (a list layout is one section)")
                    }
                    return g.item
                }
                switch change {
                case .insertItems(let at, let n): flat.append(.insert(at: try item(at), count: n))
                case .deleteItems(let at, let n): flat.append(.delete(at: try item(at), count: n))
                case .moveItem(let from, let to): flat.append(.move(from: try item(from), to: try item(to)))
                case .reloadItem(let at): flat.append(.reload(at: try item(at)))
                case .insertSections, .deleteSections, .moveSection, .reloadSection:
                    throw ListChangeError("change \(k): section changes need a grid layout (a list layout is one section)")
                }
            }
            try performChanges(flat, animation: animation)
            return
        }
        let old = gridSectionCounts(grid)
        var counts = GridCounts(counts: old)
        for (k, change) in changes.enumerated() { try counts.apply(change, number: k) }
        try checkAgainstSource(counts.counts, "the changes leave")
        applyGridChanges(changes, in: grid, from: old, to: counts.counts, animation: animation)
    }

    /// Applies the change from sections of items identified by `old` to those identified by `new` (the data
    /// source already shows `new`): sections are matched by their identifiers (a section only in `old` is
    /// removed with its items, one only in `new` inserted, the others keep their headers and move), items by
    /// theirs across sections (an item may change sections: it slides there), with the rules of
    /// ``performChanges(_:animation:)``. Section identifiers must be unique, and item identifiers unique over
    /// all sections, in each snapshot; `old` must match the list's sections and counts and `new` the data
    /// source's; otherwise a ``ListChangeError`` and no change. With the list layout, both must be one section.
    ///
    /// O(S + n) (dictionaries of the identifiers).
    public func applyDifference<SectionID: Hashable, ItemID: Hashable>(
        from old: [(section: SectionID, items: [ItemID])], to new: [(section: SectionID, items: [ItemID])],
        animation: ListChangeAnimation? = .standard
    ) throws(ListChangeError) {
        guard !isUpdatingCells else {
            throw ListChangeError("changes cannot be applied while the list is configuring its cells (from cell(at:in:))")
        }
        guard let grid else {
            guard old.count == 1, new.count == 1 else {
                throw ListChangeError("a list layout is one section: the snapshots have \(old.count) and \(new.count)")
            }
            try applyDifference(from: old[0].items, to: new[0].items, animation: animation)
            return
        }
        let current = gridSectionCounts(grid)
        guard old.count == current.count else {
            throw ListChangeError("the old snapshot has \(old.count) sections but the list has \(current.count)")
        }
        for (s, section) in old.enumerated() where section.items.count != current[s] {
            throw ListChangeError("the old snapshot has \(section.items.count) items in section \(s) but the list has \(current[s])")
        }
        let newCounts = new.map(\.items.count)
        try checkAgainstSource(newCounts, "the new snapshot has")
        var newSection: [SectionID: Int] = [:]
        for (s, section) in new.enumerated() where newSection.updateValue(s, forKey: section.section) != nil {
            throw ListChangeError("the new sections repeat one (at \(s))")
        }
        var oldSections = Set<SectionID>()
        for (s, section) in old.enumerated() where !oldSections.insert(section.section).inserted {
            throw ListChangeError("the old sections repeat one (at \(s))")
        }
        var newIndex: [ItemID: Int] = [:]
        var oldIDs: [ItemID] = []
        var oldSet = Set<ItemID>()
        var flat = 0
        for (s, section) in new.enumerated() {
            for (i, id) in section.items.enumerated() {
                guard newIndex.updateValue(flat, forKey: id) == nil else {
                    throw ListChangeError("the new identifiers repeat one (item \(i) of section \(s))")
                }
                flat += 1
            }
        }
        for (s, section) in old.enumerated() {
            for (i, id) in section.items.enumerated() {
                guard oldSet.insert(id).inserted else {
                    throw ListChangeError("the old identifiers repeat one (item \(i) of section \(s))")
                }
                oldIDs.append(id)
            }
        }
        var inserted: [Int] = []
        flat = 0
        for section in new {
            for id in section.items {
                if !oldSet.contains(id) { inserted.append(flat) }
                flat += 1
            }
        }
        let insertedSections = Set(new.indices.filter { !oldSections.contains(new[$0].section) })
        let oldSectionIDs = old.map(\.section)
        // Where items and headers coming into view were: the old layout, by identifier.
        // (O(n): every new item's old frame, as the identifiers are walked anyway.)
        let previousFrame: ((Int) -> Rect?)?, previousSupplementary: ((ListCellRole) -> Rect?)?
        if (animation?.duration ?? 0) > 0 {
            let oldLayout = grid.snapshot()
            var oldIndex: [ItemID: Int] = [:]
            oldIndex.reserveCapacity(oldIDs.count)
            for (i, id) in oldIDs.enumerated() { oldIndex[id] = i }
            var frames: [Rect?] = []
            frames.reserveCapacity(newIndex.count)
            for section in new { for id in section.items { frames.append(oldIndex[id].flatMap { oldLayout.frame(ofItem: $0) }) } }
            previousFrame = { n in n >= 0 && n < frames.count ? frames[n] : nil }
            var oldSection: [SectionID: Int] = [:]
            for (s, id) in oldSectionIDs.enumerated() { oldSection[id] = s }
            let decorations: [(Rect?, Rect?)] = new.map { section in
                guard let s = oldSection[section.section] else { return (nil, nil) }
                return (oldLayout.headerFrame(section: s), oldLayout.footerFrame(section: s))
            }
            previousSupplementary = { role in
                let s = role.section
                guard s >= 0, s < decorations.count else { return nil }
                return role.isHeader ? decorations[s].0 : decorations[s].1
            }
        } else {
            previousFrame = nil
            previousSupplementary = nil
        }
        applyBatch(updateLayout: { readGridSections(grid, counts: newCounts) }, mapping: { newIndex[oldIDs[$0]] }, inserted: inserted,
                   reloaded: [], sections: SectionChanges(mapping: { newSection[oldSectionIDs[$0]] },
                                                          inserted: insertedSections, reloaded: [],
                                                          previousFrame: previousSupplementary),
                   previousFrame: previousFrame, animation: animation)
    }

    // MARK: - Internals

    /// Flat changes on a grid: checked as a list's, then made grid changes (see ``GridCounts/applyFlat``).
    func performFlatChanges(_ changes: [ListChange], in grid: SectionedGridLayout,
                            animation: ListChangeAnimation?) throws(ListChangeError) {
        let old = gridSectionCounts(grid)
        var counts = GridCounts(counts: old)
        var total = grid.itemCount
        var gridChanges: [GridChange] = []
        gridChanges.reserveCapacity(changes.count)
        for (k, change) in changes.enumerated() {
            try Self.validate(change, number: k, count: &total)
            gridChanges.append(contentsOf: try counts.applyFlat(change, number: k))
        }
        try checkAgainstSource(counts.counts, "the changes leave")
        applyGridChanges(gridChanges, in: grid, from: old, to: counts.counts, animation: animation)
    }

    /// Throws unless the data source reports `counts` (its sections and their items; one section when it is
    /// not a ``GridDataSource``). `what` begins the message.
    func checkAgainstSource(_ counts: [Int], _ what: String) throws(ListChangeError) {
        if let source = dataSource as? any GridDataSource {
            let sections = max(0, source.numberOfSections)
            guard counts.count == sections else {
                throw ListChangeError("\(what) \(counts.count) sections but the data source has \(sections)")
            }
            for (s, c) in counts.enumerated() {
                let expected = max(0, source.numberOfItems(inSection: s))
                guard c == expected else {
                    throw ListChangeError("\(what) \(c) items in section \(s) but the data source has \(expected)")
                }
            }
        } else {
            let expected = max(0, dataSource.numberOfItems)
            guard counts == [expected] else {
                throw ListChangeError("\(what) \(counts.count == 1 ? "\(counts[0]) items" : "\(counts.count) sections") but the data source has one section of \(expected)")
            }
        }
    }

    /// A checked batch of grid changes from section counts `old` to `new`: old flat indices are mapped through
    /// every change to new ones; the items and sections it inserts and reloads are followed through the later
    /// changes; then the common work (``applyBatch(updateLayout:mapping:inserted:reloaded:sections:animation:)``).
    func applyGridChanges(_ changes: [GridChange], in grid: SectionedGridLayout, from old: [Int], to new: [Int],
                          animation: ListChangeAnimation?) {
        func prefix(_ counts: [Int]) -> [Int] {
            var first = [0]
            first.reserveCapacity(counts.count + 1)
            for c in counts { first.append(first[first.count - 1] + c) }
            return first
        }
        let oldFirst = prefix(old), newFirst = prefix(new)
        var counts = GridCounts(counts: old)
        var inserted: [GridIndex] = [], reloaded: [GridIndex] = []
        var insertedSections: [Int] = [], reloadedSections: [Int] = []
        for change in changes {
            inserted = inserted.compactMap { GridCounts.map($0, through: change) }
            reloaded = reloaded.compactMap { GridCounts.map($0, through: change) }
            insertedSections = insertedSections.compactMap { GridCounts.mapSection($0, through: change) }
            reloadedSections = reloadedSections.compactMap { GridCounts.mapSection($0, through: change) }
            switch change {
            case .insertItems(let at, let n):
                for i in 0..<n { inserted.append(GridIndex(section: at.section, item: at.item + i)) }
            case .insertSections(let at, let itemCounts):
                for (j, c) in itemCounts.enumerated() {
                    insertedSections.append(at + j)
                    for i in 0..<c { inserted.append(GridIndex(section: at + j, item: i)) }
                }
            case .reloadItem(let at):
                reloaded.append(at)
            case .reloadSection(let s):
                reloadedSections.append(s)
                for i in 0..<counts.counts[s] { reloaded.append(GridIndex(section: s, item: i)) }
            default:
                break
            }
            counts.applyUnchecked(change)
        }
        func flat(_ g: GridIndex) -> Int { newFirst[g.section] + g.item }
        let mapping: (Int) -> Int? = { i in
            guard i >= 0, i < oldFirst[oldFirst.count - 1] else { return nil }
            // The old section holding item i: the last whose first item is at or before it, with items.
            var lo = 0, hi = old.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if oldFirst[mid + 1] > i { hi = mid } else { lo = mid + 1 }
            }
            var g: GridIndex? = GridIndex(section: lo, item: i - oldFirst[lo])
            for change in changes {
                guard let current = g else { return nil }
                g = GridCounts.map(current, through: change)
            }
            return g.map(flat)
        }
        let sectionMapping: (Int) -> Int? = { s in
            var j: Int? = s
            for change in changes {
                guard let current = j else { return nil }
                j = GridCounts.mapSection(current, through: change)
            }
            return j
        }
        // Where items and headers coming into view were: the old layout, reached back through the changes.
        let oldLayout = (animation?.duration ?? 0) > 0 ? grid.snapshot() : nil
        let previousFrame: ((Int) -> Rect?)? = oldLayout.map { old in { n in
            guard var g = grid.gridIndex(forFlatIndex: n) as GridIndex? else { return nil }
            for change in changes.reversed() {
                guard let before = GridCounts.unmap(g, through: change) else { return nil }
                g = before
            }
            return old.frame(of: g)
        } }
        let previousSupplementary: ((ListCellRole) -> Rect?)? = oldLayout.map { old in { role in
            var s = role.section
            for change in changes.reversed() {
                guard let before = GridCounts.unmapSection(s, through: change) else { return nil }
                s = before
            }
            return role.isHeader ? old.headerFrame(section: s) : old.footerFrame(section: s)
        } }
        applyBatch(updateLayout: { readGridSections(grid, counts: new) }, mapping: mapping, inserted: inserted.map(flat),
                   reloaded: reloaded.map(flat),
                   sections: SectionChanges(mapping: sectionMapping, inserted: Set(insertedSections),
                                            reloaded: Set(reloadedSections), previousFrame: previousSupplementary),
                   previousFrame: previousFrame, animation: animation)
    }
}
