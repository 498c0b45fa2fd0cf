/// A bounded stack of reusable objects (list cells, picker rows).
///
/// ``enqueue(_:)`` keeps an object only while fewer than ``limit`` are pooled; extra ones are dropped
/// (and freed once nothing else holds them). ``dequeue()`` returns the most recently pooled object.
/// Storage is reserved up front, so steady enqueue/dequeue cycles do not allocate.
///
/// ```swift
/// let pool = ReusePool<LabelCell>(limit: 4)
/// pool.enqueue(cell)
/// let again = pool.dequeue() ?? LabelCell()
/// ```
public final class ReusePool<Element: AnyObject> {
    private var items: ContiguousArray<Element> = []

    /// The most objects kept; lowering it drops the surplus at once. Negative values count as 0.
    public var limit: Int {
        didSet {
            if limit < 0 { limit = 0 }
            if items.count > limit { items.removeLast(items.count - limit) }
            if items.capacity < limit { items.reserveCapacity(limit) }
        }
    }

    /// How many objects are pooled now (never more than ``limit``).
    public var count: Int { items.count }
    /// Whether the pool is empty.
    public var isEmpty: Bool { items.isEmpty }
    /// How many objects `enqueue` has dropped because the pool was full (for tests and diagnostics).
    public private(set) var droppedCount = 0

    /// Creates an empty pool that keeps at most `limit` objects (negative counts as 0).
    public init(limit: Int) {
        self.limit = max(0, limit)
        items.reserveCapacity(max(self.limit, 16))
    }

    /// Takes the most recently pooled object, or `nil` when empty. O(1).
    public func dequeue() -> Element? {
        items.popLast()
    }

    /// Pools `object` if there is room; returns whether it was kept. O(1), no allocation while under the limit.
    @discardableResult
    public func enqueue(_ object: Element) -> Bool {
        guard items.count < limit else {
            droppedCount += 1
            return false
        }
        items.append(object)
        return true
    }

    /// Takes `object` out of the pool if it is there (identity); returns whether it was. O(count).
    @discardableResult
    func remove(_ object: Element) -> Bool {
        guard let i = items.lastIndex(where: { $0 === object }) else { return false }
        items.remove(at: i)
        return true
    }

    /// Drops every pooled object.
    public func removeAll() {
        items.removeAll(keepingCapacity: true)
    }
}
