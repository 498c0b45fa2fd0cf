import Testing
import ScrollKit

@Suite("ReusePool")
struct ReusePoolTests {
    final class Thing {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test("last in, first out; empty gives nil")
    func lifo() {
        let pool = ReusePool<Thing>(limit: 3)
        #expect(pool.dequeue() == nil)
        let a = Thing(1), b = Thing(2)
        #expect(pool.enqueue(a))
        #expect(pool.enqueue(b))
        #expect(pool.count == 2)
        #expect(pool.dequeue() === b)
        #expect(pool.dequeue() === a)
        #expect(pool.dequeue() == nil)
        #expect(pool.isEmpty)
    }

    @Test("never holds more than its limit; extra objects are dropped and freed", arguments: [0, 1, 4])
    func bounded(_ limit: Int) {
        let pool = ReusePool<Thing>(limit: limit)
        weak var dropped: Thing?
        for i in 0..<(limit + 3) {
            let thing = Thing(i)
            if i == limit + 2 { dropped = thing }
            pool.enqueue(thing)
            #expect(pool.count == min(i + 1, limit))
        }
        #expect(pool.droppedCount == 3)
        #expect(dropped == nil)
    }

    @Test("lowering the limit trims at once; a negative limit counts as 0")
    func lowering() {
        let pool = ReusePool<Thing>(limit: 5)
        for i in 0..<5 { pool.enqueue(Thing(i)) }
        pool.limit = 2
        #expect(pool.count == 2)
        #expect(pool.dequeue()?.id == 1)
        pool.limit = -3
        #expect(pool.limit == 0)
        #expect(pool.count == 0)
        #expect(!pool.enqueue(Thing(9)))
        #expect(ReusePool<Thing>(limit: -1).limit == 0)
        pool.limit = 3
        pool.enqueue(Thing(1))
        pool.removeAll()
        #expect(pool.isEmpty)
    }
}
