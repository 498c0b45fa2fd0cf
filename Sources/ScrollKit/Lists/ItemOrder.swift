/// The order of a list's items after inserts, deletes and moves, kept as runs of consecutive identifiers:
/// at first one run (item n is identifier n); each change splits runs, so lookups cost O(runs), O(1) until
/// something changes, and no array of n identifiers is ever made. Inserted items get new identifiers, from
/// the first count on. ``ListLayout`` applies a batch of ``ListChange``s through it (sizes then copied once),
/// and an app can use it as the model of a huge list whose rows are made from their identifiers.
///
/// ```swift
/// var order = ItemOrder(count: 10_000_000)
/// order.apply(.insert(at: 0, count: 2))      // items 0 and 1 are identifiers 10_000_000 and 10_000_001
/// order.id(at: 2)                             // 0
/// ```
///
/// Bad input: indices are clamped to the items there are; negative counts and moves out of range do nothing.
public struct ItemOrder: Sendable, Hashable {
    /// The runs, in item order: `count` identifiers from `start`.
    public private(set) var runs: [Run]
    /// The number of items.
    public private(set) var count: Int
    /// The identifier the next inserted item gets.
    public private(set) var nextID: Int

    public struct Run: Sendable, Hashable {
        public var start: Int
        public var count: Int
    }

    /// `count` items (negative counts as 0), item n with identifier n.
    public init(count: Int) {
        let n = max(0, count)
        runs = n > 0 ? [Run(start: 0, count: n)] : []
        self.count = n
        nextID = n
    }

    /// The identifier of item `index` (the index itself out of range). O(runs).
    public func id(at index: Int) -> Int {
        var p = 0
        for r in runs {
            if index < p + r.count { return r.start + index - p }
            p += r.count
        }
        return index
    }

    /// The item with identifier `id`, if any. O(runs).
    public func index(of id: Int) -> Int? {
        var p = 0
        for r in runs {
            if id >= r.start && id < r.start + r.count { return p + id - r.start }
            p += r.count
        }
        return nil
    }

    /// `n` new items before `index` (clamped to `0...count`).
    public mutating func insert(_ n: Int, at index: Int) {
        guard n > 0 else { return }
        runs.insert(Run(start: nextID, count: n), at: split(min(max(index, 0), count)))
        nextID += n
        count += n
    }

    /// Removes the items in `range` (clipped to the items there are).
    public mutating func delete(_ range: Range<Int>) {
        let lo = min(max(0, range.lowerBound), count), hi = min(max(0, range.upperBound), count)
        guard hi > lo else { return }
        let i = split(lo), j = split(hi)
        runs.removeSubrange(i..<j)
        count -= hi - lo
    }

    /// Takes item `from` out and puts it back so that it ends at index `to`.
    public mutating func move(from: Int, to: Int) {
        guard from >= 0, from < count, to >= 0, to < count, from != to else { return }
        let i = split(from)
        _ = split(from + 1)
        let moved = runs.remove(at: i)
        runs.insert(moved, at: split(to))
    }

    /// Applies one change as ``ListView/performChanges(_:animation:)`` reads it (`.reload` changes nothing).
    public mutating func apply(_ change: ListChange) {
        switch change {
        case .insert(let at, let n): insert(n, at: at)
        case .delete(let at, let n): delete(at..<(at + max(n, 0)))
        case .move(let from, let to): move(from: from, to: to)
        case .reload: break
        }
    }

    /// The index of the run starting at item `position`, splitting one there if needed.
    private mutating func split(_ position: Int) -> Int {
        var p = 0, i = 0
        while i < runs.count {
            let r = runs[i]
            if p == position { return i }
            if position < p + r.count {
                let head = position - p
                runs[i].count = head
                runs.insert(Run(start: r.start + head, count: r.count - head), at: i + 1)
                return i + 1
            }
            p += r.count
            i += 1
        }
        return runs.count
    }
}
