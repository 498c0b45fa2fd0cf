import Motion

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

/// The section counts a batch walks through, change by change: the checks of ``GridChange``s (and of flat
/// ``ListChange``s on a grid, which become grid changes here). Flat positions are found through a Fenwick tree
/// of the counts (O(log S) per change; rebuilt, O(S), after a change of sections).
struct GridCounts {
    private(set) var counts: [Int]
    private(set) var total: Int
    /// The Fenwick tree over `counts` (1-based), valid while `treeValid`.
    private var tree: [Int] = []
    private var treeValid = false

    init(counts: [Int]) {
        self.counts = counts
        total = counts.reduce(0, +)
    }

    private static func name(_ g: GridIndex) -> String { "item \(g.item) of section \(g.section)" }

    private func checkSection(_ s: Int, _ k: Int) throws(ListChangeError) {
        guard s >= 0, s < counts.count else {
            throw ListChangeError("change \(k): section \(s) is out of range (\(counts.count) sections)")
        }
    }

    /// Checks change number `k` against the counts as they are, then applies it.
    mutating func apply(_ change: GridChange, number k: Int) throws(ListChangeError) {
        switch change {
        case .insertItems(let at, let n):
            guard n >= 0 else { throw ListChangeError("change \(k): insert of \(n) items (a count must be 0 or more)") }
            try checkSection(at.section, k)
            guard at.item >= 0, at.item <= counts[at.section] else {
                throw ListChangeError("change \(k): insert at \(Self.name(at)) is out of range (0...\(counts[at.section]))")
            }
        case .deleteItems(let at, let n):
            guard n >= 0 else { throw ListChangeError("change \(k): delete of \(n) items (a count must be 0 or more)") }
            try checkSection(at.section, k)
            guard at.item >= 0, at.item <= counts[at.section] - n else {
                throw ListChangeError("change \(k): delete of items \(at.item)..<\(at.item + n) of section \(at.section) is out of range (\(counts[at.section]) items)")
            }
        case .moveItem(let from, let to):
            guard from.section >= 0, from.section < counts.count, from.item >= 0, from.item < counts[from.section] else {
                throw ListChangeError("change \(k): move from \(Self.name(from)) is out of range")
            }
            let room = to.section >= 0 && to.section < counts.count ? counts[to.section] - (to.section == from.section ? 1 : 0) : -1
            guard to.item >= 0, to.item <= room else {
                throw ListChangeError("change \(k): move to \(Self.name(to)) is out of range")
            }
        case .reloadItem(let at):
            guard at.section >= 0, at.section < counts.count, at.item >= 0, at.item < counts[at.section] else {
                throw ListChangeError("change \(k): reload of \(Self.name(at)) is out of range")
            }
        case .insertSections(let at, let itemCounts):
            guard at >= 0, at <= counts.count else {
                throw ListChangeError("change \(k): insert of sections at \(at) is out of range (0...\(counts.count))")
            }
            if let bad = itemCounts.first(where: { $0 < 0 }) {
                throw ListChangeError("change \(k): a new section of \(bad) items (a count must be 0 or more)")
            }
        case .deleteSections(let at, let n):
            guard n >= 0 else { throw ListChangeError("change \(k): delete of \(n) sections (a count must be 0 or more)") }
            guard at >= 0, at <= counts.count - n else {
                throw ListChangeError("change \(k): delete of sections \(at)..<\(at + n) is out of range (\(counts.count) sections)")
            }
        case .moveSection(let from, let to):
            guard from >= 0, from < counts.count, to >= 0, to < counts.count else {
                throw ListChangeError("change \(k): move of section \(from) to \(to) is out of range (\(counts.count) sections)")
            }
        case .reloadSection(let at):
            guard at >= 0, at < counts.count else {
                throw ListChangeError("change \(k): reload of section \(at) is out of range (\(counts.count) sections)")
            }
        }
        applyUnchecked(change)
    }

    /// Applies a change already checked.
    mutating func applyUnchecked(_ change: GridChange) {
        switch change {
        case .insertItems(let at, let n): add(n, to: at.section)
        case .deleteItems(let at, let n): add(-n, to: at.section)
        case .moveItem(let from, let to): add(-1, to: from.section); add(1, to: to.section)
        case .reloadItem, .reloadSection: break
        case .insertSections(let at, let itemCounts):
            counts.insert(contentsOf: itemCounts, at: at)
            total += itemCounts.reduce(0, +)
            treeValid = false
        case .deleteSections(let at, let n):
            total -= counts[at..<(at + n)].reduce(0, +)
            counts.removeSubrange(at..<(at + n))
            treeValid = false
        case .moveSection(let from, let to):
            counts.insert(counts.remove(at: from), at: to)
            treeValid = false
        }
    }

    private mutating func add(_ d: Int, to s: Int) {
        counts[s] += d
        total += d
        guard treeValid else { return }
        var i = s + 1
        while i < tree.count { tree[i] += d; i += i & -i }
    }

    private mutating func buildTree() {
        let n = counts.count
        tree = [Int](repeating: 0, count: n + 1)
        for i in stride(from: 1, through: n, by: 1) {
            tree[i] += counts[i - 1]
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
        }
        treeValid = true
    }

    /// The section and item of flat index `i` (`0 ..< total`): in the section holding that item. O(log S).
    mutating func gridIndex(ofFlat i: Int) -> GridIndex {
        if !treeValid { buildTree() }
        // The most sections whose items all come before i: the section after them holds item i.
        var pos = 0, rest = i
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = pos + step
            if next < tree.count && tree[next] <= rest {
                pos = next
                rest -= tree[next]
            }
            step /= 2
        }
        return GridIndex(section: pos, item: rest)
    }

    /// Where a flat insertion at `i` (`0 ... total`) goes: before the item now at `i`, in its section; at the
    /// end, at the end of the last section. `nil` when there are no sections.
    mutating func insertionIndex(ofFlat i: Int) -> GridIndex? {
        guard !counts.isEmpty else { return nil }
        if i < total { return gridIndex(ofFlat: i) }
        return GridIndex(section: counts.count - 1, item: counts[counts.count - 1])
    }

    /// Applies flat change number `k` (already checked against the flat count) as the grid changes it
    /// makes, which it returns: an insert goes before the item at its index, in that item's section (at the
    /// end: into the last section); a delete may span sections; a move is a delete and an insert.
    mutating func applyFlat(_ change: ListChange, number k: Int) throws(ListChangeError) -> [GridChange] {
        var made: [GridChange] = []
        switch change {
        case .insert(let at, let n):
            guard let g = insertionIndex(ofFlat: at) else {
                throw ListChangeError("change \(k): insert into a grid with no sections (insert a section first)")
            }
            made = [.insertItems(at: g, count: n)]
            try apply(made[0], number: k)
        case .delete(let at, var n):
            while n > 0 {
                let g = gridIndex(ofFlat: at)
                let m = min(n, counts[g.section] - g.item)
                let part = GridChange.deleteItems(at: g, count: m)
                try apply(part, number: k)
                made.append(part)
                n -= m
            }
        case .move(let from, let to):
            let a = gridIndex(ofFlat: from)
            add(-1, to: a.section)
            let b = insertionIndex(ofFlat: to) ?? GridIndex(section: a.section, item: 0)
            add(1, to: a.section)
            made = [.moveItem(from: a, to: b)]
            try apply(made[0], number: k)
        case .reload(let at):
            made = [.reloadItem(at: gridIndex(ofFlat: at))]
            try apply(made[0], number: k)
        }
        return made
    }

    /// Where old item `g` is after `change`, or nil when the change removes it.
    static func map(_ g: GridIndex, through change: GridChange) -> GridIndex? {
        var g = g
        switch change {
        case .insertItems(let at, let n):
            if g.section == at.section && g.item >= at.item { g.item += n }
        case .deleteItems(let at, let n):
            guard g.section == at.section, g.item >= at.item else { return g }
            if g.item < at.item + n { return nil }
            g.item -= n
        case .moveItem(let from, let to):
            if g == from { return to }
            if g.section == from.section && g.item > from.item { g.item -= 1 }
            if g.section == to.section && g.item >= to.item { g.item += 1 }
        case .reloadItem, .reloadSection:
            break
        case .insertSections, .deleteSections, .moveSection:
            guard let s = mapSection(g.section, through: change) else { return nil }
            g.section = s
        }
        return g
    }

    /// Where new item `g` was before `change`, or nil when the change inserted it (the inverse of ``map``).
    static func unmap(_ g: GridIndex, through change: GridChange) -> GridIndex? {
        var g = g
        switch change {
        case .insertItems(let at, let n):
            guard g.section == at.section, g.item >= at.item else { return g }
            if g.item < at.item + n { return nil }
            g.item -= n
        case .deleteItems(let at, let n):
            if g.section == at.section && g.item >= at.item { g.item += n }
        case .moveItem(let from, let to):
            if g == to { return from }
            if g.section == to.section && g.item > to.item { g.item -= 1 }
            if g.section == from.section && g.item >= from.item { g.item += 1 }
        case .reloadItem, .reloadSection:
            break
        case .insertSections, .deleteSections, .moveSection:
            guard let s = unmapSection(g.section, through: change) else { return nil }
            g.section = s
        }
        return g
    }

    /// Where new section `s` was before `change`, or nil when the change inserted it.
    static func unmapSection(_ s: Int, through change: GridChange) -> Int? {
        switch change {
        case .insertSections(let at, let itemCounts):
            if s >= at && s < at + itemCounts.count { return nil }
            return s >= at + itemCounts.count ? s - itemCounts.count : s
        case .deleteSections(let at, let n): return s >= at ? s + n : s
        case .moveSection(let from, let to):
            if s == to { return from }
            let j = s > to ? s - 1 : s
            return j >= from ? j + 1 : j
        default: return s
        }
    }

    /// Where old section `s` is after `change`, or nil when the change removes it.
    static func mapSection(_ s: Int, through change: GridChange) -> Int? {
        switch change {
        case .insertSections(let at, let itemCounts): return s >= at ? s + itemCounts.count : s
        case .deleteSections(let at, let n):
            if s >= at && s < at + n { return nil }
            return s >= at + n ? s - n : s
        case .moveSection(let from, let to):
            if s == from { return to }
            let j = s > from ? s - 1 : s
            return j >= to ? j + 1 : j
        default: return s
        }
    }
}

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
