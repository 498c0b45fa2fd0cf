// GridCounts: the section counts a batch of grid changes walks through, change by change — the checks of
// GridChange and of flat ListChange batches on a grid.

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
