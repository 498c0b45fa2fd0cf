import Testing
import Motion
@testable import ScrollKit
import SplitMix

/// Items with identities and sizes that travel with them: the model the changes are checked against.
@MainActor
final class IdentifiedSource: ListDataSource {
    var ids: [Int]
    var sizeOf: (Int) -> Double
    var fixed: Double?
    var estimate: Double?
    /// Identifiers passed to `cell(at:in:)`, in call order.
    var configured: [Int] = []

    init(count: Int, fixed: Double? = nil, estimate: Double? = nil, sizeOf: @escaping (Int) -> Double = { 40 + Double($0 % 5) * 10 }) {
        ids = Array(0..<count)
        self.fixed = fixed
        self.estimate = estimate
        self.sizeOf = sizeOf
    }

    var numberOfItems: Int { ids.count }
    var fixedItemSize: Double? { fixed }
    var estimatedItemSize: Double? { estimate }
    func sizeOfItem(at index: Int) -> Double { sizeOf(ids[index]) }
    func cell(at index: Int, in list: ListView) -> ListCell {
        configured.append(ids[index])
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(ids[index])"
        return cell
    }
}

@Suite("ListView changes")
@MainActor
struct ListChangesTests {
    static let frame = Rect(x: 0, y: 0, width: 320, height: 600)

    func screenY(_ list: ListView, _ i: Int) -> Double { list.frame(of: i)!.minY - list.scrollView.contentOffset.y }
    func titles(_ list: ListView) -> [String] { list.visibleCells.map { ($0 as? LabelCell)?.title ?? "?" } }

    /// Frames of a list whose sizes come from the source's identities, computed independently.
    func expectSizesFollowItems(_ list: ListView, _ source: IdentifiedSource, sourceLocation: SourceLocation = #_sourceLocation) {
        var y = 0.0
        for (i, id) in source.ids.enumerated() {
            let f = list.frame(of: i)
            #expect(f?.minY == y && f?.height == source.sizeOf(id), "item \(i)", sourceLocation: sourceLocation)
            y += source.sizeOf(id)
        }
        #expect(list.layout.contentLength == y, sourceLocation: sourceLocation)
    }

    @Test("A bad batch throws a message naming the change and leaves the list as it was", arguments: [
        ([ListChange.insert(at: 21, count: 1)], "change 0: insert at 21 is out of range (0...20)"),
        ([.delete(at: 0, count: 1), .delete(at: 18, count: 2)], "change 1: delete of 18..<20 is out of range (19 items)"),
        ([.move(from: 3, to: 20)], "change 0: move from 3 to 20 is out of range (20 items)"),
        ([.reload(at: -1)], "change 0: reload of -1 is out of range (20 items)"),
        ([.insert(at: 0, count: -2)], "change 0: insert of -2 items (a count must be 0 or more)"),
        ([.insert(at: 0, count: 2)], "the changes leave 22 items but the data source has 20"),
    ])
    func badBatches(changes: [ListChange], message: String) {
        let source = IdentifiedSource(count: 20)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 130)
        list.step(ticks.next())
        let before = (list.scrollView.contentOffset, titles(list), list.layout.contentLength)
        #expect(throws: ListChangeError(message)) { try list.performChanges(changes) }
        #expect(list.scrollView.contentOffset == before.0)
        #expect(titles(list) == before.1)
        #expect(list.layout.contentLength == before.2)
        expectListConsistent(list)
    }

    @Test("Inserting or deleting above keeps the item at the top where the reader sees it",
          arguments: [nil, 44.0], [false, true])
    func anchorAbove(fixed: Double?, animated: Bool) throws {
        let source = IdentifiedSource(count: 200, fixed: fixed)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 2_000)
        list.step(ticks.next())
        let top = list.visibleRange.lowerBound
        let y0 = screenY(list, top)
        // History arrives above: ten items before the first.
        source.ids.insert(contentsOf: 1000..<1010, at: 0)
        try list.performChanges([.insert(at: 0, count: 10)], animation: animated ? .standard : nil)
        #expect(list.visibleRange.lowerBound == top + 10)
        #expect(screenY(list, top + 10) == y0)
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(screenY(list, top + 10) == y0)
        // Three removed above.
        source.ids.removeSubrange(2..<5)
        try list.performChanges([.delete(at: 2, count: 3)], animation: animated ? .standard : nil)
        #expect(screenY(list, top + 7) == y0)
        for _ in 0..<30 { list.step(ticks.next()) }
        if fixed == nil { expectSizesFollowItems(list, source) }
        expectListConsistent(list)
        #expect(!list.isAnimating)
    }

    @Test("A list at its end (keepsEndPinned) stays at its end when items are appended; scrolled up, it stays and counts them")
    func pinnedToEnd() throws {
        let source = IdentifiedSource(count: 40)
        let list = ListView(frame: Self.frame, dataSource: source)
        list.keepsEndPinned = true
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 1e9)
        list.step(ticks.next())
        source.ids.append(contentsOf: 500..<503)
        try list.performChanges([.insert(at: 40, count: 3)])
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(list.scrollView.contentOffset.y == list.scrollView.maxContentOffset.y)
        #expect(list.visibleRange.upperBound == 43)
        #expect(list.newItemsBelow == 0)
        // Scrolled up: it stays put and says what arrived below.
        list.scrollView.contentOffset = Point(x: 0, y: 300)
        list.step(ticks.next())
        source.ids.append(contentsOf: 600..<602)
        try list.performChanges([.insert(at: 43, count: 2)])
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(list.scrollView.contentOffset.y == 300)
        #expect(list.newItemsBelow == 2)
        list.scrollView.setContentOffset(list.scrollView.maxContentOffset, duration: 0.2, curve: .linear)
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(list.newItemsBelow == 0)
    }

    @Test("Cells that stay slide from where they were; the removed one fades out and goes to its pool")
    func slideAndFade() throws {
        let source = IdentifiedSource(count: 30, fixed: 50)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let removed = try #require(list.cell(at: 3))
        let mover = try #require(list.cell(at: 4))
        source.ids.remove(at: 3)
        try list.performChanges([.delete(at: 3, count: 1)], animation: ListChangeAnimation(duration: 0.5, curve: .linear))
        #expect(list.cell(at: 3) === mover, "the same cell, under its new index")
        #expect(mover.frame.minY == 200, "drawn where it was")
        #expect(list.scrollView.subviews.contains { $0 === removed })
        #expect(list.isAnimating)
        var last = mover.frame.minY
        var fade = removed.fadeAmount
        for _ in 0..<15 {
            list.step(ticks.next())
            #expect(mover.frame.minY < last || mover.frame.minY == 150)
            #expect(removed.fadeAmount >= fade)
            last = mover.frame.minY
            fade = removed.fadeAmount
        }
        #expect(mover.frame.minY > 150 && mover.frame.minY < 200, "half-way")
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(mover.frame.minY == 150)
        #expect(!list.scrollView.subviews.contains { $0 === removed })
        #expect(!list.isAnimating)
        #expect(source.configured.filter { $0 == 4 }.count == 1, "a cell that stays is not configured again")
        expectListConsistent(list)
    }

    @Test("A removed item at the top fades out where the reader saw it, while the offset moves for the anchor")
    func removedAtTopStaysOnScreen() throws {
        let source = IdentifiedSource(count: 30, fixed: 50)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 120)   // item 2 shows its lower 30 points
        list.step(ticks.next())
        let removed = try #require(list.cell(at: 2))
        let y0 = removed.frame.minY - list.scrollView.contentOffset.y
        source.ids.remove(at: 2)
        try list.performChanges([.delete(at: 2, count: 1)], animation: ListChangeAnimation(duration: 0.5, curve: .linear))
        #expect(list.scrollView.contentOffset.y == 70, "item 3 (the anchor) stays put")
        #expect(removed.frame.minY - list.scrollView.contentOffset.y == y0)
        for _ in 0..<10 { list.step(ticks.next()) }
        #expect(removed.frame.minY - list.scrollView.contentOffset.y == y0)
        #expect(removed.fadeAmount > 0 && removed.fadeAmount < 1)
    }

    @Test("A batch during an animation starts from where the cells are drawn: no jump")
    func interruptedAnimation() throws {
        let source = IdentifiedSource(count: 30, fixed: 50)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let watched = try #require(list.cell(at: 6))
        source.ids.removeSubrange(1..<3)
        try list.performChanges([.delete(at: 1, count: 2)], animation: ListChangeAnimation(duration: 0.6, curve: .linear))
        for _ in 0..<10 { list.step(ticks.next()) }
        let drawn = watched.frame.minY - list.scrollView.contentOffset.y
        #expect(drawn > 200 && drawn < 300)
        source.ids.insert(contentsOf: [900], at: 0)
        try list.performChanges([.insert(at: 0, count: 1)], animation: ListChangeAnimation(duration: 0.6, curve: .linear))
        #expect(watched.frame.minY - list.scrollView.contentOffset.y == drawn, "no jump on screen when the second batch arrives")
        for _ in 0..<60 { list.step(ticks.next()) }
        #expect(watched.index == 5)
        #expect(watched.frame.minY == 250)
        expectListConsistent(list)
    }

    @Test("Moves keep the cell; a batch of inserts, deletes and moves matches the model")
    func moves() throws {
        let source = IdentifiedSource(count: 12)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let cell = try #require(list.cell(at: 2))
        source.ids.insert(source.ids.remove(at: 2), at: 6)
        try list.performChanges([.move(from: 2, to: 6)], animation: nil)
        #expect(list.cell(at: 6) === cell)
        expectSizesFollowItems(list, source)
        // One batch of all kinds, sequential indices.
        source.ids.insert(contentsOf: [70, 71], at: 1)        // insert(at: 1, count: 2)
        source.ids.removeSubrange(5..<7)                      // delete(at: 5, count: 2)
        source.ids.insert(source.ids.remove(at: 0), at: 9)    // move(from: 0, to: 9)
        try list.performChanges([.insert(at: 1, count: 2), .delete(at: 5, count: 2), .move(from: 0, to: 9)])
        for _ in 0..<30 { list.step(ticks.next()) }
        expectSizesFollowItems(list, source)
        #expect(titles(list) == list.visibleRange.map { "\(source.ids[$0])" })
        expectListConsistent(list)
    }

    @Test("A difference of identifiers: kept items keep their cells, only new ones are configured")
    func difference() throws {
        let source = IdentifiedSource(count: 10, fixed: 50)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let old = source.ids
        let kept = Dictionary(uniqueKeysWithValues: list.visibleCells.map { (source.ids[$0.index], ObjectIdentifier($0)) })
        source.ids = [9, 0, 1, 42, 3, 5, 43, 6, 2, 8]   // 4 and 7 removed, 42 and 43 new, 9 and 2 moved
        source.configured.removeAll()
        try list.applyDifference(from: old, to: source.ids)
        #expect(Set(source.configured) == [42, 43])
        for cell in list.visibleCells {
            let id = source.ids[cell.index]
            if let was = kept[id] { #expect(ObjectIdentifier(cell) == was, "item \(id) kept its cell") }
        }
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(titles(list) == source.ids.map { "\($0)" })
        #expect(throws: ListChangeError("the new identifiers repeat one (at 1)")) {
            try list.applyDifference(from: source.ids, to: [1, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        }
        #expect(throws: ListChangeError("the old identifiers number 3 but the list has 10 items")) {
            try list.applyDifference(from: [1, 2, 3], to: source.ids)
        }
    }

    @Test("A self-sizing chat: history prepended above keeps the message at the top in place")
    func selfSizingPrepend() throws {
        let source = IdentifiedSource(count: 500, estimate: 60) { 30 + Double(($0 * 37) % 120) }
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 1e9)
        list.step(ticks.next())
        list.scrollView.contentOffset = Point(x: 0, y: list.scrollView.contentOffset.y - 900)
        list.step(ticks.next())
        let top = list.visibleRange.lowerBound
        let y0 = screenY(list, top)
        source.ids.insert(contentsOf: 10_000..<10_050, at: 0)
        try list.performChanges([.insert(at: 0, count: 50)])
        #expect(list.visibleRange.lowerBound == top + 50)
        #expect(screenY(list, top + 50) == y0)
        for _ in 0..<40 { list.step(ticks.next()) }
        #expect(screenY(list, top + 50) == y0)
        expectListConsistent(list)
    }

    @Test("Random batches against a model", arguments: Array(1...24) as [UInt64])
    func randomBatches(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let source = IdentifiedSource(count: 60, fixed: seed % 3 == 0 ? 44 : nil, estimate: seed % 3 == 1 ? 55 : nil)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        var nextID = 1_000
        list.step(ticks.next())
        for round in 0..<40 {
            var changes: [ListChange] = []
            if rng.int(below: 3) == 0 {
                list.scrollView.contentOffset = Point(x: 0, y: rng.uniform(0...3_000))
                list.step(ticks.next())
            }
            let oldIDs = source.ids
            for _ in 0..<(1 + rng.int(below: 4)) {
                let n = source.ids.count
                switch rng.int(below: 4) {
                case 0:
                    let at = rng.int(below: n + 1), k = 1 + rng.int(below: 3)
                    source.ids.insert(contentsOf: nextID..<(nextID + k), at: at)
                    nextID += k
                    changes.append(.insert(at: at, count: k))
                case 1 where n > 0:
                    let at = rng.int(below: n), k = 1 + rng.int(below: min(3, n - at))
                    source.ids.removeSubrange(at..<(at + k))
                    changes.append(.delete(at: at, count: k))
                case 2 where n > 1:
                    let from = rng.int(below: n), to = rng.int(below: n)
                    source.ids.insert(source.ids.remove(at: from), at: to)
                    changes.append(.move(from: from, to: to))
                default:
                    source.ids.append(nextID)
                    nextID += 1
                    changes.append(.insert(at: source.ids.count - 1, count: 1))
                }
            }
            // The anchor: the first visible item the batch keeps stays at its place on screen.
            let scroll = list.scrollView
            let atEnd = scroll.contentOffset.y >= scroll.maxContentOffset.y - 0.5
            let before = list.visibleRange.map { (id: oldIDs[$0], y: screenY(list, $0)) }
            try list.performChanges(changes, animation: rng.int(below: 2) == 0 ? nil : .standard)
            if !atEnd, let kept = before.first(where: { source.ids.contains($0.id) }),
               let now = source.ids.firstIndex(of: kept.id) {
                // Unless the content became too short to hold it there (the offset is then at an edge).
                let wanted = list.frame(of: now)!.minY - kept.y
                if wanted >= scroll.minContentOffset.y && wanted <= scroll.maxContentOffset.y {
                    #expect(abs(screenY(list, now) - kept.y) < 1e-6, "round \(round): item \(kept.id) stays in place")
                }
            }
            for _ in 0..<(1 + rng.int(below: 25)) { list.step(ticks.next()) }
            #expect(list.numberOfItems == source.ids.count, "round \(round)")
            #expect(titles(list) == list.visibleRange.map { "\(source.ids[$0])" }, "round \(round)")
            if source.fixed == nil && source.estimate == nil { expectSizesFollowItems(list, source) }
        }
        for _ in 0..<40 { list.step(ticks.next()) }
        expectListConsistent(list)
        #expect(!list.isAnimating)
    }
}
