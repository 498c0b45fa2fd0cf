// ByteBudgetCache: a dictionary bounded by the bytes its entries hold, least recently used out first (the shaped-run
// and shaped-line caches: a run of 200,000 characters holds about 10 MB, so a bound by entries is no bound).

/// A cache bounded by bytes: each entry comes with its size in bytes; when the total passes ``budget``, the
/// least recently used entries go until it is at most three quarters of it. An entry larger than a quarter of
/// the budget is not kept at all (it would push out everything else for one use). Looking up an entry marks it used.
///
/// Complexity: O(1) per lookup and insert (amortised: an eviction sorts the entries by last use, O(n log n),
/// and then at least a quarter of the budget is free again).
struct ByteBudgetCache<Key: Hashable, Value> {
    struct Entry {
        var value: Value
        var bytes: Int
        var lastUse: UInt64
    }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The most bytes the entries hold together.
    let budget: Int
    /// The bytes the entries hold now.
    private(set) var bytes = 0
    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var keys: Dictionary<Key, Entry>.Keys { entries.keys }

    init(budget: Int) { self.budget = max(0, budget) }

    mutating func value(for key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock &+= 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// Keeps `value` (`bytes` of it) unless it is larger than a quarter of the budget.
    mutating func insert(_ value: Value, bytes size: Int, for key: Key) {
        let size = max(0, size)
        if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
        guard size <= budget / 4 else { return }
        clock &+= 1
        entries[key] = Entry(value: value, bytes: size, lastUse: clock)
        bytes += size
        if bytes > budget { evict(downTo: budget / 4 * 3) }
    }

    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    private mutating func evict(downTo target: Int) {
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge {
            guard bytes > target else { break }
            entries.removeValue(forKey: key)
            bytes -= entry.bytes
        }
    }
}
