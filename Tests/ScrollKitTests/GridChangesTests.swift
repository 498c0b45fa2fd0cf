// Grid changes (GridChange batches, flat changes on a grid, differences) against the ShelfSource model.

import Testing
import Motion
@testable import ScrollKit

@Suite("Grid changes")
@MainActor
struct GridChangesTests {
    func screen(_ list: ListView, _ cell: ListCell) -> Point {
        Point(x: cell.frame.minX, y: cell.frame.minY - list.scrollView.contentOffset.y)
    }
    func screenY(_ list: ListView, _ i: Int) -> Double { list.frame(of: i)!.minY - list.scrollView.contentOffset.y }

    @Test("A bad batch throws a message naming the change and leaves the grid as it was", arguments: [
        ([GridChange.insertItems(at: GridIndex(section: 0, item: 11), count: 1)],
         "change 0: insert at item 11 of section 0 is out of range (0...10)"),
        ([.insertItems(at: GridIndex(section: 3, item: 0), count: 1)], "change 0: section 3 is out of range (3 sections)"),
        ([.deleteItems(at: GridIndex(section: 1, item: 0), count: 1), .deleteItems(at: GridIndex(section: 1, item: 5), count: 2)],
         "change 1: delete of items 5..<7 of section 1 is out of range (6 items)"),
        ([.moveItem(from: GridIndex(section: 2, item: 0), to: GridIndex(section: 0, item: 11))],
         "change 0: move to item 11 of section 0 is out of range"),
        ([.moveItem(from: GridIndex(section: 0, item: 10), to: GridIndex(section: 0, item: 0))],
         "change 0: move from item 10 of section 0 is out of range"),
        ([.reloadItem(at: GridIndex(section: -1, item: 0))], "change 0: reload of item 0 of section -1 is out of range"),
        ([.deleteSections(at: 1, count: 1), .reloadSection(at: 2)], "change 1: reload of section 2 is out of range (2 sections)"),
        ([.insertSections(at: 4, itemCounts: [1])], "change 0: insert of sections at 4 is out of range (0...3)"),
        ([.insertSections(at: 0, itemCounts: [-1])], "change 0: a new section of -1 items (a count must be 0 or more)"),
        ([.moveSection(from: 0, to: 3)], "change 0: move of section 0 to 3 is out of range (3 sections)"),
        ([.deleteItems(at: GridIndex(section: 0, item: 0), count: -1)], "change 0: delete of -1 items (a count must be 0 or more)"),
        ([.insertItems(at: GridIndex(section: 2, item: 0), count: 2)], "the changes leave 22 items in section 2 but the data source has 20"),
        ([.deleteSections(at: 0, count: 1)], "the changes leave 2 sections but the data source has 3"),
    ])
    func badBatches(changes: [GridChange], message: String) {
        let source = ShelfSource(counts: [10, 7, 20])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 130)
        list.step(ticks.next())
        let before = (list.scrollView.contentOffset, list.visibleCells.map { ObjectIdentifier($0) }, list.scrollView.contentSize,
                      list.visibleSupplementaryCells.map { ObjectIdentifier($0) })
        #expect(throws: ListChangeError(message)) { try list.performChanges(changes) }
        #expect(list.scrollView.contentOffset == before.0)
        #expect(list.visibleCells.map { ObjectIdentifier($0) } == before.1)
        #expect(list.scrollView.contentSize == before.2)
        #expect(list.visibleSupplementaryCells.map { ObjectIdentifier($0) } == before.3)
        #expect(!list.isAnimating)
        expectGridMatchesModel(list, source)
    }

    @Test("Items and sections inserted or removed above keep the card at the top where the reader sees it",
          arguments: [false, true])
    func anchorAbove(animated: Bool) throws {
        let source = ShelfSource(counts: [10, 7, 20, 30, 12])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 1_010)   // in section 2
        list.step(ticks.next())
        let animation: ListChangeAnimation? = animated ? .standard : nil
        let top = list.visibleRange.lowerBound
        let topID = source.flatIDs[top]
        let y0 = screenY(list, top)
        func topNow() -> Int { source.flatIDs.firstIndex(of: topID)! }
        let batches: [[GridChange]] = [
            [.insertItems(at: GridIndex(section: 0, item: 3), count: 5)],                 // rows added above, another section
            [.insertItems(at: GridIndex(section: 2, item: 0), count: 2)],                 // in its own section, before it
            [.deleteItems(at: GridIndex(section: 1, item: 0), count: 7)],                 // a section emptied above
            [.insertSections(at: 0, itemCounts: [9]), .deleteSections(at: 2, count: 1)], // sections in and out above
            [.moveSection(from: 0, to: 4)],                                               // a section moved from above to below
        ]
        for changes in batches {
            for c in changes { source.apply(c) }
            try list.performChanges(changes, animation: animation)
            #expect(screenY(list, topNow()) == y0, "\(changes)")
            #expect(list.visibleRange.contains(topNow()))
            for _ in 0..<30 { list.step(ticks.next()) }
            #expect(screenY(list, topNow()) == y0, "\(changes)")
        }
        #expect(!list.isAnimating)
        expectGridMatchesModel(list, source)
    }

    @Test("A grid at its end (keepsEndPinned) stays at its end when cards or a section are appended; scrolled up it stays and counts them")
    func pinnedToEnd() throws {
        let source = ShelfSource(counts: [10, 7, 20])
        let list = makeShelfGrid(source)
        list.keepsEndPinned = true
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 1e9)
        list.step(ticks.next())
        let end0 = list.scrollView.maxContentOffset.y
        let appends: [[GridChange]] = [[.insertItems(at: GridIndex(section: 2, item: 20), count: 3)],
                                       [.insertSections(at: 3, itemCounts: [6])]]
        for changes in appends {
            for c in changes { source.apply(c) }
            try list.performChanges(changes)
            for _ in 0..<30 { list.step(ticks.next()) }
            #expect(list.scrollView.contentOffset.y == list.scrollView.maxContentOffset.y)
            #expect(list.visibleRange.upperBound == source.flatIDs.count)
            #expect(list.newItemsBelow == 0)
        }
        #expect(list.scrollView.maxContentOffset.y > end0 + 200)
        list.scrollView.contentOffset = Point(x: 0, y: 300)
        list.step(ticks.next())
        let more = GridChange.insertItems(at: GridIndex(section: 3, item: 6), count: 2)
        source.apply(more)
        try list.performChanges([more])
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(list.scrollView.contentOffset.y == 300)
        #expect(list.newItemsBelow == 2)
        expectGridMatchesModel(list, source)
    }

    @Test("Cards that stay slide in two dimensions to their new places and keep their cells; the removed one fades out")
    func slideAcrossRowsAndColumns() throws {
        let source = ShelfSource(counts: [9, 8])   // section 0: three rows, then two after the delete
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let removed = try #require(list.cell(at: 1))
        let sideways = try #require(list.cell(at: 2))   // column 2 → 1, same row
        let wrapping = try #require(list.cell(at: 4))   // row 1 column 0 → row 0 column 3
        let header1 = try #require(list.headerCell(forSection: 1))
        let header1Before = screen(list, header1)
        source.configured.removeAll()
        let change = GridChange.deleteItems(at: GridIndex(section: 0, item: 1), count: 1)
        source.apply(change)
        try list.performChanges([change], animation: ListChangeAnimation(duration: 0.5, curve: .linear))
        #expect(list.cell(at: 1) === sideways && list.cell(at: 3) === wrapping, "the same cells, under their new indices")
        #expect(sideways.frame.origin == Point(x: 200, y: 40) && wrapping.frame.origin == Point(x: 0, y: 140), "drawn where they were")
        #expect(list.scrollView.subviews.contains { $0 === removed })
        // Section 0 lost its last row: section 1's header slides up 100 points with it.
        #expect(screen(list, header1) == header1Before)
        for _ in 0..<15 { list.step(ticks.next()) }
        #expect(sideways.frame.minX > 100 && sideways.frame.minX < 200 && sideways.frame.minY == 40)
        #expect(wrapping.frame.minX > 0 && wrapping.frame.minX < 300 && wrapping.frame.minY > 40 && wrapping.frame.minY < 140)
        #expect(removed.fadeAmount > 0 && removed.fadeAmount < 1)
        #expect(header1.frame.minY > 240 && header1.frame.minY < 340)
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(sideways.frame.origin == Point(x: 100, y: 40) && wrapping.frame.origin == Point(x: 300, y: 40))
        #expect(header1.frame.minY == 240)
        #expect(!list.scrollView.subviews.contains { $0 === removed })
        #expect(!list.isAnimating)
        #expect(source.configured.isEmpty, "cards that stay are not configured again (all were showing)")
        expectGridMatchesModel(list, source)
    }

    @Test("Cards and headers coming into view slide from where they were, together with their section", arguments: [false, true])
    func comingIntoView(asDifference: Bool) throws {
        let source = ShelfSource(counts: [8, 12, 12])   // section 2's header shows at 580, its cards below the viewport
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let old = source.snapshot
        let change = GridChange.deleteItems(at: GridIndex(section: 1, item: 0), count: 12)
        source.apply(change)
        let animation = ListChangeAnimation(duration: 0.5, curve: .linear)
        if asDifference { try list.applyDifference(from: old, to: source.snapshot, animation: animation) }
        else { try list.performChanges([change], animation: animation) }
        func check(_ comment: Comment) throws {
            let header = try #require(list.headerCell(forSection: 2))
            let card = try #require(list.cell(at: 8))   // section 2's first card
            #expect(header.frame.maxY == card.frame.minY, comment)
        }
        try check("at once: the header where it was, its first card under it")
        #expect(list.headerCell(forSection: 2)?.frame.minY == 580)
        for k in 0..<40 {
            list.step(ticks.next())
            try check("frame \(k)")
        }
        #expect(list.headerCell(forSection: 2)?.frame.minY == 280)
        expectGridMatchesModel(list, source)
    }

    @Test("A batch during an animation starts from where the cards are drawn, in both dimensions: no jump")
    func interruptedAnimation() throws {
        let source = ShelfSource(counts: [30])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let watched = try #require(list.cell(at: 9))   // row 2, column 1
        let animation = ListChangeAnimation(duration: 0.6, curve: .linear)
        let first = GridChange.deleteItems(at: GridIndex(section: 0, item: 0), count: 3)
        source.apply(first)
        try list.performChanges([first], animation: animation)
        for _ in 0..<12 { list.step(ticks.next()) }
        let drawn = screen(list, watched)
        #expect(drawn.x > 100 && drawn.x < 200 && drawn.y > 140 && drawn.y < 240, "mid-way: \(drawn)")
        let second = GridChange.insertItems(at: GridIndex(section: 0, item: 0), count: 1)
        source.apply(second)
        try list.performChanges([second], animation: animation)
        #expect(screen(list, watched) == drawn, "no jump when the second batch arrives")
        list.step(ticks.next())
        let next = screen(list, watched)
        #expect(abs(next.x - drawn.x) < 30 && abs(next.y - drawn.y) < 30, "it goes on from there: \(drawn) → \(next)")
        for _ in 0..<60 { list.step(ticks.next()) }
        #expect(watched.index == 7)
        #expect(watched.frame.origin == Point(x: 300, y: 140))
        expectGridMatchesModel(list, source)
    }

    @Test("Sections: an inserted one's header fades in, a deleted one's fades out, a moved one's keeps its cells, a reloaded one's is made again")
    func sectionChanges() throws {
        let source = ShelfSource(counts: [2, 3, 4, 1])
        let list = makeShelfGrid(source, height: 800)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let oldHeader2 = try #require(list.headerCell(forSection: 2))
        let oldHeader1 = try #require(list.headerCell(forSection: 1))
        let card = try #require(list.cell(at: 5))   // section 2, item 0
        source.headersConfigured.removeAll()
        let changes: [GridChange] = [.insertSections(at: 0, itemCounts: [2]), .deleteSections(at: 2, count: 1),
                                     .moveSection(from: 2, to: 1), .reloadSection(at: 3)]
        for c in changes { source.apply(c) }   // sections now: new, old 2, old 0, old 3
        try list.performChanges(changes, animation: ListChangeAnimation(duration: 0.4, curve: .linear))
        #expect(list.headerCell(forSection: 1) === oldHeader2, "the moved section keeps its header")
        #expect(list.cell(at: 2) === card, "and its cards")
        #expect(list.headerCell(forSection: 0)?.fadeAmount == 1, "the new section's header starts faded out")
        #expect(list.scrollView.subviews.contains { $0 === oldHeader1 } && oldHeader1.fadeAmount < 1, "the deleted one fades out")
        #expect(Set(source.headersConfigured) == [500, 3], "only the new and the reloaded headers are configured")
        for _ in 0..<12 { list.step(ticks.next()) }
        #expect(list.headerCell(forSection: 0).map { $0.fadeAmount > 0 && $0.fadeAmount < 1 } == true)
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(!list.scrollView.subviews.contains { $0 === oldHeader1 })
        #expect(!list.isAnimating)
        expectGridMatchesModel(list, source)
    }

    @Test("Flat changes on a grid: an insert joins the section of the item at its index, a delete spans sections")
    func flatChanges() throws {
        let source = ShelfSource(counts: [3, 0, 4, 2])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        // Flat 3 is section 2's first card (section 1 is empty): inserted there.
        source.apply(.insertItems(at: GridIndex(section: 2, item: 0), count: 2))
        try list.performChanges([ListChange.insert(at: 3, count: 2)], animation: nil)
        expectGridMatchesModel(list, source)
        // Flat 2..<6 spans sections 0 and 2.
        source.apply(.deleteItems(at: GridIndex(section: 2, item: 0), count: 3))
        source.apply(.deleteItems(at: GridIndex(section: 0, item: 2), count: 1))
        try list.performChanges([ListChange.delete(at: 2, count: 4)], animation: nil)
        expectGridMatchesModel(list, source)
        // Appended at the end: into the last section. A move across sections: flat 0 to the end.
        source.apply(.insertItems(at: GridIndex(section: 3, item: 2), count: 1))
        source.apply(.moveItem(from: GridIndex(section: 0, item: 0), to: GridIndex(section: 3, item: 3)))
        try list.performChanges([ListChange.insert(at: 7, count: 1), .move(from: 0, to: 7)])
        for _ in 0..<30 { list.step(ticks.next()) }
        expectGridMatchesModel(list, source)
        #expect(throws: ListChangeError("change 0: insert at 9 is out of range (0...8)")) {
            try list.performChanges([ListChange.insert(at: 9, count: 1)])
        }
        // Into the wrong section by the flat rule: the data source disagrees, and says so.
        source.sections[1].items.append(777)   // into the empty section 1; flat 1 is section 2's first card
        #expect(throws: ListChangeError("the changes leave 0 items in section 1 but the data source has 1")) {
            try list.performChanges([ListChange.insert(at: 1, count: 1)])
        }
        #expect(list.numberOfItems == 8)
    }

    @Test("A difference of sectioned snapshots: sections and cards matched by identity, across sections")
    func snapshotDifference() throws {
        let source = ShelfSource(counts: [4, 5, 3])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let old = source.snapshot
        let kept = Dictionary(uniqueKeysWithValues: list.visibleCells.map { (source.flatIDs[$0.index], ObjectIdentifier($0)) })
        let header1 = try #require(list.headerCell(forSection: 1))
        // Section 1 first; card 0 into it; card 5 out; a new section with two new cards at the end; section 2 gone.
        source.sections = [(id: 1, items: [0, 4, 6, 7, 8]), (id: 0, items: [1, 2, 3]), (id: 9, items: [900, 901])]
        source.configured.removeAll()
        source.headersConfigured.removeAll()
        try list.applyDifference(from: old, to: source.snapshot)
        #expect(Set(source.configured) == [900, 901])
        #expect(source.headersConfigured == [9])
        #expect(list.headerCell(forSection: 0) === header1)
        for cell in list.visibleCells {
            if let was = kept[source.flatIDs[cell.index]] { #expect(ObjectIdentifier(cell) == was) }
        }
        for _ in 0..<30 { list.step(ticks.next()) }
        expectGridMatchesModel(list, source)
        #expect(throws: ListChangeError("the new identifiers repeat one (item 1 of section 1)")) {
            try list.applyDifference(from: source.snapshot, to: [(section: 1, items: [0, 4, 6, 7, 8]), (section: 0, items: [1, 1, 3]),
                                                                 (section: 9, items: [900, 901])])
        }
        #expect(throws: ListChangeError("the old snapshot has 2 sections but the list has 3")) {
            try list.applyDifference(from: Array(source.snapshot.prefix(2)), to: source.snapshot)
        }
        #expect(throws: ListChangeError("the new sections repeat one (at 2)")) {
            try list.applyDifference(from: source.snapshot, to: [(section: 1, items: [0, 4, 6, 7, 8]), (section: 0, items: [1, 2, 3]),
                                                                 (section: 1, items: [900, 901])])
        }
        expectGridMatchesModel(list, source)
    }

    @Test("A flat difference of identifiers on a grid: cards matched across sections, sections by position")
    func flatDifference() throws {
        let source = ShelfSource(counts: [4, 5])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let old = source.flatIDs
        let card = try #require(list.cell(at: 0))
        let header1 = try #require(list.headerCell(forSection: 1))
        source.sections = [(id: 0, items: [1, 2, 3]), (id: 1, items: [4, 5, 0, 6, 7, 8]), (id: 7, items: [70])]
        source.configured.removeAll()
        try list.applyDifference(from: old, to: source.flatIDs)
        #expect(list.cell(at: 5) === card, "card 0 moved into section 1 with its cell")
        #expect(list.headerCell(forSection: 1) === header1)
        #expect(source.configured == [70])
        #expect(list.headerCell(forSection: 2)?.fadeAmount == 1, "the new last section fades in")
        for _ in 0..<30 { list.step(ticks.next()) }
        expectGridMatchesModel(list, source)
    }

    @Test("Empty and zero-sized grids take changes: sections into no sections, cards into a 0x0 grid; a flat insert into no sections is refused")
    func emptyAndZeroSized() throws {
        let source = ShelfSource(counts: [])
        let list = makeShelfGrid(source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        #expect(throws: ListChangeError("change 0: insert into a grid with no sections (insert a section first)")) {
            try list.performChanges([ListChange.insert(at: 0, count: 1)])
        }
        let first = GridChange.insertSections(at: 0, itemCounts: [3, 0])
        source.apply(first)
        try list.performChanges([first])
        #expect(list.headerCell(forSection: 0)?.fadeAmount == 1)
        for _ in 0..<30 { list.step(ticks.next()) }
        expectGridMatchesModel(list, source)
        list.frame = Rect(x: 0, y: 0, width: .nan, height: 0)
        let more = GridChange.insertItems(at: GridIndex(section: 1, item: 0), count: 2)
        source.apply(more)
        try list.performChanges([more])
        #expect(list.visibleCells.isEmpty && list.numberOfItems == 5)
        list.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        for _ in 0..<30 { list.step(ticks.next()) }
        expectGridMatchesModel(list, source)
    }

    @Test("A horizontal grid: cards slide along and across the axis, the card at the left edge stays put")
    func horizontal() throws {
        let source = ShelfSource(counts: [9, 9, 9])
        let grid = SectionedGridLayout(axis: .horizontal, columns: .fixed(3), itemLength: .fixed(100))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 500, height: 300), gridLayout: grid, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 380, y: 0)   // section 1's first column at the left edge
        list.step(ticks.next())
        let top = list.visibleRange.lowerBound
        let x0 = list.frame(of: top)!.minX - list.scrollView.contentOffset.x
        let mover = try #require(list.cell(at: 12))   // section 1: column 1, row 0 → column 0, row 2
        let change = GridChange.deleteItems(at: GridIndex(section: 1, item: 0), count: 1)
        source.apply(change)
        try list.performChanges([change], animation: ListChangeAnimation(duration: 0.5, curve: .linear))
        #expect(list.cell(at: 11) === mover)
        #expect(mover.frame.origin == Point(x: 480, y: 0), "drawn where it was")
        for _ in 0..<15 { list.step(ticks.next()) }
        #expect(mover.frame.minX > 380 && mover.frame.minX < 480 && mover.frame.minY > 0 && mover.frame.minY < 200)
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(mover.frame.origin == Point(x: 380, y: 200))
        let now = source.flatIDs.firstIndex(of: 9 + 1)!   // section 1's second card is now its first
        #expect(list.frame(of: now)!.minX - list.scrollView.contentOffset.x == x0)
        #expect(!list.isAnimating)
    }

    @Test("A list layout takes grid item changes in section 0 and refuses section changes")
    func listLayoutIsOneSection() throws {
        let source = IdentifiedSource(count: 20, fixed: 50)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 600), dataSource: source)
        source.ids.insert(77, at: 2)
        try list.performChanges([GridChange.insertItems(at: GridIndex(section: 0, item: 2), count: 1)], animation: nil)
        #expect((list.cell(at: 2) as? LabelCell)?.title == "77")
        #expect(throws: ListChangeError("change 0: section changes need a grid layout (a list layout is one section)")) {
            try list.performChanges([GridChange.insertSections(at: 1, itemCounts: [1])])
        }
        #expect(throws: ListChangeError("change 0: section 1 is out of range (a list layout is one section)")) {
            try list.performChanges([GridChange.reloadItem(at: GridIndex(section: 1, item: 0))])
        }
        expectListConsistent(list)
    }
}
