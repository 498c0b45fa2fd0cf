import Testing
@testable import ScrollKit
import SplitMix

@Suite("ItemOrder")
struct ItemOrderTests {
    @Test("Random inserts, deletes and moves match an array of identifiers", arguments: [1, 2, 3, 4] as [UInt64])
    func againstAnArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var order = ItemOrder(count: 50)
        var model = Array(0..<50)
        var next = 50
        for _ in 0..<300 {
            let n = model.count
            switch rng.int(below: 3) {
            case 0:
                let at = rng.int(below: n + 1), k = 1 + rng.int(below: 4)
                order.apply(.insert(at: at, count: k))
                model.insert(contentsOf: next..<(next + k), at: at)
                next += k
            case 1 where n > 0:
                let at = rng.int(below: n), k = 1 + rng.int(below: min(4, n - at))
                order.apply(.delete(at: at, count: k))
                model.removeSubrange(at..<(at + k))
            default:
                guard n > 1 else { continue }
                let from = rng.int(below: n), to = rng.int(below: n)
                order.apply(.move(from: from, to: to))
                model.insert(model.remove(at: from), at: to)
            }
            #expect(order.count == model.count)
            #expect((0..<model.count).map { order.id(at: $0) } == model)
            if let id = model.last { #expect(order.index(of: id) == model.count - 1) }
        }
    }

    @Test func badInputIsClamped() {
        var order = ItemOrder(count: -3)
        #expect(order.count == 0)
        order.apply(.delete(at: 5, count: 2))
        order.apply(.move(from: 0, to: 4))
        order.insert(2, at: 99)
        #expect(order.count == 2 && order.id(at: 0) == 0 && order.id(at: 1) == 1)
        order.apply(.delete(at: -4, count: 5))
        #expect(order.count == 1 && order.id(at: 0) == 1)
    }
}
