// Sections of a one-column list (SectionedListDataSource): the pinned header against a model of the positions,
// batch changes across sections, keepsEndPinned, and the section index's hit testing.

import Testing
import Motion
@testable import ScrollKit

/// Rows in sections: a header (28 pt) then the section's rows (sizes varying by identifier), as identifiers:
/// a header is `-1 - section`, a row `section * 1000 + k`.
@MainActor
final class SectionRows: SectionedListDataSource {
    var ids: [Int]
    var estimate: Double?
    let pinned = LabelCell()
    var pinnedAsked = 0

    init(sections: [Int], estimate: Double? = nil) {
        ids = []
        for (s, n) in sections.enumerated() {
            ids.append(-1 - s)
            for k in 0..<n { ids.append(s * 1000 + k) }
        }
        self.estimate = estimate
    }

    static func size(_ id: Int) -> Double { id < 0 ? 28 : 44 + Double(id % 3) * 11 }

    var sectionHeaderItems: [Int] { ids.indices.filter { ids[$0] < 0 } }
    var numberOfItems: Int { ids.count }
    var estimatedItemSize: Double? { estimate }
    func sizeOfItem(at index: Int) -> Double { Self.size(ids[index]) }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(ids[index])"
        return cell
    }
    func pinnedHeaderCell(forItem index: Int, in list: ListView) -> ListCell {
        pinnedAsked += 1
        pinned.title = "\(ids[index])"
        return pinned
    }

    /// The model: each item's start (sizes summed, no spacing or insets), and the pinned header and its y
    /// for `offset` (the last header starting at or above the top, at the top unless the next header pushes it).
    func model(offset: Double) -> (item: Int, y: Double)? {
        var starts: [Double] = [], y = 0.0
        for id in ids { starts.append(y); y += Self.size(id) }
        let headers = ids.indices.filter { ids[$0] < 0 }
        guard let k = headers.lastIndex(where: { starts[$0] <= offset }) else { return nil }
        let h = headers[k]
        var place = offset
        if k + 1 < headers.count { place = min(place, starts[headers[k + 1]] - Self.size(ids[h])) }
        return (h, place)
    }
}

@Suite("Sectioned lists")
@MainActor
struct SectionedListTests {
    static let frame = Rect(x: 0, y: 0, width: 320, height: 400)

    @Test("the pinned header and its place follow the model at every offset, pushed up by the next header",
          arguments: [false, true])
    func pinnedHeaderMatchesModel(selfSizing: Bool) {
        let source = SectionRows(sections: [5, 1, 12, 0, 7, 30], estimate: selfSizing ? 50 : nil)
        let list = ListView(frame: Self.frame, dataSource: source)
        #expect(list.sectionHeaderItems == source.sectionHeaderItems)
        if selfSizing {   // measure everything (scroll through) so positions are the real sizes
            var o = 0.0
            while o < 4000 { list.scrollView.contentOffset = Point(x: 0, y: o); list.layoutIfNeeded(); o += 200 }
        }
        let maxOffset = list.scrollView.maxContentOffset.y
        var offset = 0.0
        var pushes = 0
        while offset <= maxOffset {
            list.scrollView.contentOffset = Point(x: 0, y: offset)
            let expected = source.model(offset: offset)
            #expect(list.pinnedHeaderItem == expected?.item, "offset \(offset)")
            if let expected {
                let cell = list.pinnedHeaderCell
                #expect(cell === source.pinned)
                #expect(abs((cell?.frame.minY ?? -1) - expected.y) < 1e-9, "offset \(offset)")
                #expect(cell?.frame.height == 28)
                if expected.y < offset { pushes += 1 }
                // Drawn over the rows: the last subview of the scroll view.
                #expect(list.scrollView.subviews.last === cell)
            } else {
                #expect(list.pinnedHeaderCell == nil)
            }
            offset += 3.5
        }
        #expect(pushes > 0)
        // Asked once per change of pinned header, not per frame.
        #expect(source.pinnedAsked < 40)
    }

    @Test("section queries: the section of an item, jumping to a section, the top section")
    func queries() {
        let source = SectionRows(sections: [5, 3, 20, 40])
        let list = ListView(frame: Self.frame, dataSource: source)
        #expect(list.listSection(ofItem: 0) == 0)   // headers at 0, 6, 10 and 31
        #expect(list.listSection(ofItem: 5) == 0 && list.listSection(ofItem: 6) == 1 && list.listSection(ofItem: 30) == 2)
        #expect(list.listSection(ofItem: -1) == nil && list.listSection(ofItem: 999) == nil)
        list.scrollToSection(2)
        #expect(list.scrollView.contentOffset.y == list.frame(of: 10)!.minY)
        #expect(list.topSection == 2)
        #expect(list.pinnedHeaderItem == 10)   // its own header, at the top, pinned at its own place
        #expect(list.pinnedHeaderCell?.frame.minY == list.frame(of: 10)!.minY)
        list.scrollToSection(99)                   // clamped to the last section
        #expect(list.topSection == 3)
    }

    @Test("filtering across sections is one animated batch: emptied sections lose their headers, the top row stays")
    func batchAcrossSections() throws {
        let source = SectionRows(sections: [10, 10, 10, 10, 10])
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: list.frame(of: 24)!.minY - 100)   // section 2's row 2 at y 100
        list.step(ticks.next())
        let old = source.ids
        // The anchor: the first visible item the batch keeps (section 2's header, partly above the top), and
        // below it row 2000, which nothing removed separates from it.
        let screen = list.frame(of: old.firstIndex(of: 2000)!)!.minY - list.scrollView.contentOffset.y
        // Keep the even rows of sections 0, 2 and 4; drop sections 1 and 3 entirely (headers too).
        source.ids = old.filter { id in
            id < 0 ? [0, 2, 4].contains(-1 - id) : [0, 2, 4].contains(id / 1000) && id % 2 == 0
        }
        try list.applyDifference(from: old, to: source.ids)
        #expect(list.isAnimating)
        #expect(list.sectionHeaderItems == source.sectionHeaderItems)
        #expect(list.sectionHeaderItems.count == 3)
        let row = source.ids.firstIndex(of: 2000)!
        for _ in 0..<40 { list.step(ticks.next()) }
        #expect(!list.isAnimating)
        #expect(list.frame(of: row)!.minY - list.scrollView.contentOffset.y == screen)
        let expected = source.model(offset: list.scrollView.contentOffset.y)
        #expect(list.pinnedHeaderItem == expected?.item)
    }

    @Test("keepsEndPinned is opt-in: a filtered list does not jump to its last row; a short list is never at its end")
    func endPinningIsOptIn() throws {
        for pinned in [false, true] {
            let source = SectionRows(sections: [60])
            let list = ListView(frame: Self.frame, dataSource: source)
            list.keepsEndPinned = pinned
            var ticks = ListTicks(hz: 60)
            list.step(ticks.next())
            // Filter down to 3 rows (shorter than the viewport: it rests at its start, which is its end too) …
            let all = source.ids
            source.ids = Array(all.prefix(4))
            try list.applyDifference(from: all, to: source.ids)
            for _ in 0..<40 { list.step(ticks.next()) }
            #expect(list.scrollView.contentOffset.y == 0)
            // … then back to all of them: the list stays at its top, pinned or not (a short list was never at its end).
            let few = source.ids
            source.ids = all
            try list.applyDifference(from: few, to: all)
            for _ in 0..<40 { list.step(ticks.next()) }
            #expect(list.scrollView.contentOffset.y == 0, "keepsEndPinned \(pinned)")
            #expect(list.visibleRange.lowerBound == 0)
        }
        // A long list at its end: rows appended keep it at its end only when pinned.
        for pinned in [false, true] {
            let source = SectionRows(sections: [60])
            let list = ListView(frame: Self.frame, dataSource: source)
            list.keepsEndPinned = pinned
            var ticks = ListTicks(hz: 60)
            list.scrollView.contentOffset = Point(x: 0, y: 1e9)
            list.step(ticks.next())
            let before = list.scrollView.contentOffset.y
            let old = source.ids
            source.ids.append(contentsOf: [900, 901, 902])
            try list.applyDifference(from: old, to: source.ids)
            for _ in 0..<40 { list.step(ticks.next()) }
            if pinned {
                #expect(list.scrollView.contentOffset.y == list.scrollView.maxContentOffset.y)
            } else {
                #expect(list.scrollView.contentOffset.y == before)
            }
        }
    }

    @Test("no sections: a plain data source pins nothing; bad header indices are dropped or sorted")
    func badInput() {
        final class Odd: SectionedListDataSource {
            var numberOfItems: Int { 50 }
            var sectionHeaderItems: [Int] { [30, -4, 10, 10, 900, 0] }
            func cell(at index: Int, in list: ListView) -> ListCell { ListCell() }
            func pinnedHeaderCell(forItem index: Int, in list: ListView) -> ListCell { ListCell() }
        }
        let list = ListView(frame: Self.frame, dataSource: Odd())
        #expect(list.sectionHeaderItems == [0, 10, 30])
        list.scrollView.contentOffset = Point(x: 0, y: 44 * 12)
        #expect(list.pinnedHeaderItem == 10)
        let empty = ListView(frame: .zero, dataSource: Odd())
        #expect(empty.pinnedHeaderItem == nil)
    }
}

@Suite("Section index")
@MainActor
struct SectionIndexTests {
    @Test("hit testing: the entry whose band holds the point (model: floor((y − top) / height)), clamped past the ends")
    func hitTesting() {
        let strip = SectionIndexView(frame: Rect(x: 0, y: 0, width: 20, height: 400))
        strip.titles = (0..<26).map { String(UnicodeScalar(65 + $0)!) }
        let e = 400.0 / 26   // under the 16 pt cap: the strip is filled
        #expect(strip.entryHeight == e)
        for k in 0..<26 {
            #expect(strip.index(at: Point(x: 10, y: (Double(k) + 0.5) * e)) == k)
            #expect(strip.index(at: Point(x: 10, y: Double(k) * e + 0.01)) == k)
        }
        #expect(strip.index(at: Point(x: 10, y: -50)) == 0)
        #expect(strip.index(at: Point(x: 10, y: 5000)) == 25)
        #expect(strip.index(at: Point(x: 10, y: .nan)) == nil)
        // Few entries: 16 pt each, centred.
        strip.titles = ["A", "B", "C"]
        #expect(strip.entryHeight == 16)
        let top = (400 - 48) / 2.0
        #expect(strip.index(at: Point(x: 10, y: top + 17)) == 1)
        #expect(strip.index(at: Point(x: 10, y: top - 1)) == 0)
        strip.titles = []
        #expect(strip.index(at: Point(x: 10, y: 10)) == nil)
    }

    @Test("a drag ticks once per entry it passes and ends the selection on release")
    func dragTicks() {
        let strip = SectionIndexView(frame: Rect(x: 0, y: 0, width: 20, height: 416))
        strip.titles = (0..<26).map { String(UnicodeScalar(65 + $0)!) }
        var selected: [Int] = []
        var ended = 0
        strip.onSelect = { selected.append($0) }
        strip.onEnd = { ended += 1 }
        #expect(strip.beginTracking(at: Point(x: 10, y: 8)))
        for y in stride(from: 8.0, through: 72, by: 4) { strip.continueTracking(at: Point(x: 10, y: y)) }
        #expect(selected == [0, 1, 2, 3, 4])
        #expect(strip.selectionTicks == 5 && strip.selectedIndex == 4)
        strip.endTracking(at: Point(x: 10, y: 72))
        #expect(strip.selectedIndex == nil && ended == 1)
    }

    @Test("from the keyboard, ↑ ↓ Home End Return choose entries as a press and release would; an assistive technology sets its value")
    func keys() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 416))
        let strip = SectionIndexView(frame: Rect(x: 80, y: 0, width: 20, height: 416))
        root.addSubview(strip)
        strip.titles = ["A", "B", "C", "D"]
        strip.isFocusable = true
        var selected: [Int] = []
        var ended = 0
        strip.onSelect = { selected.append($0) }
        strip.onEnd = { ended += 1 }
        root.handle(.key(.tab, time: 0))
        #expect(root.focusedView === strip)
        for k: Key in [.down, .down, .up, .end, .down, .home, .up, .enter] { root.handle(.key(k, time: 0)) }
        // The model: a cursor clamped to 0...3, starting before the first entry.
        #expect(selected == [0, 1, 0, 3, 3, 0, 0, 0])
        #expect(ended == selected.count && strip.selectedIndex == nil && strip.keyboardIndex == 0)
        let element = AccessibleElement.view(strip)
        #expect(element.node().role == .slider && element.node().value == "A")
        #expect(element.setValue(2) && selected.last == 2 && element.node().value == "C")
        #expect(element.setValue(99) && selected.last == 3)
        #expect(!element.setValue(.nan))
        strip.titles = []
        #expect(!strip.handleFocusedKey(.down))
    }
}
