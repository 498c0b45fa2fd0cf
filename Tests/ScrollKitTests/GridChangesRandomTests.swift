// Grid changes against the ShelfSource model, at random: seeded batches of flat, item and section changes.

import Testing
import Motion
@testable import ScrollKit
import SplitMix

extension GridChangesTests {
    /// The flat rule on the model: the section and item of the card at flat `i`, or for an insertion at the
    /// end, the end of the last section.
    func place(_ source: ShelfSource, _ i: Int) -> GridIndex {
        var first = 0
        for (s, section) in source.sections.enumerated() {
            if i < first + section.items.count { return GridIndex(section: s, item: i - first) }
            first += section.items.count
        }
        return GridIndex(section: source.sections.count - 1, item: source.sections.last!.items.count)
    }

    @Test("Random flat batches on a grid against a model (sections empty and full)", arguments: Array(1...12) as [UInt64])
    func randomFlatBatches(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let source = ShelfSource(counts: (0..<8).map { _ in rng.int(below: 3) == 0 ? 0 : rng.int(below: 12) })
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        for round in 0..<30 {
            var changes: [ListChange] = []
            for _ in 0..<(1 + rng.int(below: 5)) {
                let n = source.flatIDs.count
                switch rng.int(below: 3) {
                case 1 where n > 0:
                    let at = rng.int(below: n), k = 1 + rng.int(below: min(9, n - at))
                    for _ in 0..<k {   // one at a time: the run may span sections
                        let g = place(source, at)
                        source.sections[g.section].items.remove(at: g.item)
                    }
                    changes.append(.delete(at: at, count: k))
                case 2 where n > 1:
                    let from = rng.int(below: n), to = rng.int(below: n)
                    let a = place(source, from)
                    let id = source.sections[a.section].items.remove(at: a.item)
                    let b = place(source, to)
                    source.sections[b.section].items.insert(id, at: b.item)
                    changes.append(.move(from: from, to: to))
                default:
                    let at = rng.int(below: n + 1), k = 1 + rng.int(below: 3)
                    let g = place(source, at)
                    source.sections[g.section].items.insert(contentsOf: source.nextItem..<(source.nextItem + k), at: g.item)
                    source.nextItem += k
                    changes.append(.insert(at: at, count: k))
                }
            }
            try list.performChanges(changes, animation: rng.int(below: 2) == 0 ? nil : .standard)
            for _ in 0..<(1 + rng.int(below: 25)) { list.step(ticks.next()) }
            let ids = source.flatIDs
            #expect(list.visibleCells.map { ($0 as? LabelCell)?.title ?? "?" } == list.visibleRange.map { "\(ids[$0])" }, "round \(round)")
        }
        for _ in 0..<40 { list.step(ticks.next()) }
        expectGridMatchesModel(list, source)
    }

    @Test("Random batches of item and section changes against a model", arguments: Array(1...16) as [UInt64])
    func randomBatches(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let source = ShelfSource(counts: (0..<6).map { _ in rng.int(below: 14) })
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        for round in 0..<30 {
            if rng.int(below: 3) == 0 {
                list.scrollView.contentOffset = Point(x: 0, y: rng.uniform(0...max(0, list.scrollView.maxContentOffset.y)))
                list.step(ticks.next())
            }
            let scroll = list.scrollView
            let atEnd = scroll.contentOffset.y >= scroll.maxContentOffset.y - 0.5
            let oldIDs = source.flatIDs
            let before = list.visibleRange.map { (id: oldIDs[$0], y: screenY(list, $0)) }
            var changes: [GridChange] = []
            for _ in 0..<(1 + rng.int(below: 5)) {
                let sections = source.sections
                let s = sections.isEmpty ? 0 : rng.int(below: sections.count)
                let n = sections.isEmpty ? 0 : sections[s].items.count
                let change: GridChange
                switch rng.int(below: 8) {
                case 0 where !sections.isEmpty:
                    change = .insertItems(at: GridIndex(section: s, item: rng.int(below: n + 1)), count: 1 + rng.int(below: 4))
                case 1 where n > 0:
                    let at = rng.int(below: n)
                    change = .deleteItems(at: GridIndex(section: s, item: at), count: 1 + rng.int(below: n - at))
                case 2 where n > 0:
                    let t = rng.int(below: sections.count)
                    let room = sections[t].items.count - (t == s ? 1 : 0)
                    change = .moveItem(from: GridIndex(section: s, item: rng.int(below: n)),
                                       to: GridIndex(section: t, item: rng.int(below: room + 1)))
                case 3 where n > 0:
                    change = .reloadItem(at: GridIndex(section: s, item: rng.int(below: n)))
                case 4:
                    change = .insertSections(at: rng.int(below: sections.count + 1), itemCounts: [rng.int(below: 9)])
                case 5 where sections.count > 1:
                    change = .deleteSections(at: s, count: 1)
                case 6 where sections.count > 1:
                    change = .moveSection(from: s, to: rng.int(below: sections.count))
                case 7 where !sections.isEmpty:
                    change = .reloadSection(at: s)
                default:
                    change = .insertSections(at: sections.count, itemCounts: [1 + rng.int(below: 5)])
                }
                source.apply(change)
                changes.append(change)
            }
            try list.performChanges(changes, animation: rng.int(below: 2) == 0 ? nil : .standard)
            let ids = source.flatIDs
            if !atEnd, let kept = before.first(where: { ids.contains($0.id) }), let now = ids.firstIndex(of: kept.id) {
                let wanted = list.frame(of: now)!.minY - kept.y
                if wanted >= scroll.minContentOffset.y && wanted <= scroll.maxContentOffset.y {
                    #expect(abs(screenY(list, now) - kept.y) < 1e-6, "round \(round): card \(kept.id) stays in place")
                }
            }
            for _ in 0..<(1 + rng.int(below: 25)) { list.step(ticks.next()) }
            let titles = list.visibleCells.map { ($0 as? LabelCell)?.title ?? "?" }
            #expect(titles == list.visibleRange.map { "\(ids[$0])" }, "round \(round)")
        }
        for _ in 0..<40 { list.step(ticks.next()) }
        #expect(!list.isAnimating)
        expectGridMatchesModel(list, source)
    }
}
