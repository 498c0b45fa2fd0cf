// AccessibilityBridge's table: the ids of the elements clients asked about, at most `budget` of them (past it the
// least recently asked are dropped, their objects marked defunct), and the window of a huge list's items its
// children are: a client walking a list of 10^6 items holds a bounded number of objects, and each frame the bridge
// looks at what shows, not at what was ever asked.

import CScrollKitA11y
import ScrollKit

extension AccessibilityBridge {
    /// At most this many elements have an id (and an ATK object) at once: past it, the least recently asked are
    /// dropped (their objects marked defunct; asked again, they get a new one).
    nonisolated public static let budget = 16_384
    /// A list (or grid) of more items than this exposes a window of this many items as its children: around the
    /// items showing, moved in steps of a quarter of it as the list scrolls (GTK's list views expose the rows
    /// they have made). Smaller lists expose every item.
    nonisolated public static let maxExposedItems = 10_000

    /// The id of `element`, made on first use; marks it as just asked.
    func id(for element: AccessibleElement) -> Int64 {
        let key = element.key
        if let id = ids[key] {
            touch(id)
            return id
        }
        let id = nextID
        nextID += 1
        ids[key] = id
        let entry: Entry
        switch element {
        case .view(let v): entry = Entry(view: v, item: -1)
        case .item(let list, let i): entry = Entry(view: list, item: i)
        }
        entries[id] = entry
        if entry.item < 0 { viewIDs.insert(id) }
        touch(id)
        if entries.count > Self.budget + Self.budget / 8 { evict(down: Self.budget) }
        return id
    }

    /// Marks `id` as just asked about.
    func touch(_ id: Int64) {
        asked &+= 1
        entries[id]?.stamp = asked
    }

    /// Drops the least recently asked entries until `count` are left (never the root's, nor the focused one's).
    func evict(down count: Int) {
        let excess = entries.count - count
        guard excess > 0 else { return }
        let oldest = entries.filter { $0.key != rootID && $0.key != reportedFocus }
            .sorted { $0.value.stamp < $1.value.stamp }.prefix(excess)
        for (id, _) in oldest { forget(id) }
        evicted += oldest.count
    }

    /// The first item of `list` its child 0 is: 0 for a list of at most ``maxExposedItems`` items, else the
    /// start of a window around the items showing.
    func exposedStart(_ list: ListView) -> Int {
        let n = list.numberOfItems, cap = Self.maxExposedItems
        guard n > cap else { return 0 }
        let showing = list.visibleRange, step = cap / 4
        let centre = showing.isEmpty ? (list.focusedItem ?? 0) : (showing.lowerBound + showing.upperBound) / 2
        let start = max(0, centre - cap / 2) / step * step
        return min(start, n - cap)
    }

    /// How many children `list` exposes.
    func exposedCount(_ list: ListView) -> Int { min(list.numberOfItems, Self.maxExposedItems) }
}

extension AccessibilityBridge {
    /// The child count a client is told: a list's exposed items, else the element's.
    func exposedChildCount(_ element: AccessibleElement, _ node: AccessibleNode) -> Int {
        if case .view(let list as ListView) = element { return exposedCount(list) }
        return node.childCount
    }

    /// The index in its parent a client is told: an item's place in its list's window (−1 outside it).
    func exposedIndexInParent(_ element: AccessibleElement) -> Int {
        guard case .item(let list, let i) = element else { return element.indexInParent }
        let k = i - exposedStart(list)
        return k >= 0 && k < exposedCount(list) ? k : -1
    }
}
