import Testing
import Motion
@testable import ScrollKit

/// A header cell class of its own, so headers are reused in their own pool.
final class TestHeaderCell: ListCell {
    var title = ""
}

final class TestFooterCell: ListCell {}

/// Sections of given counts, a 40 pt header and an optional 20 pt footer; records what it configured.
@MainActor
final class SectionSource: GridDataSource {
    var counts: [Int]
    var style: GridSectionStyle
    var headersConfigured: [Int] = []
    init(counts: [Int], header: Double = 40, footer: Double = 0, insets: Insets = .zero) {
        self.counts = counts
        self.style = GridSectionStyle(headerLength: header, footerLength: footer, insets: insets)
    }
    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    var sectionStyle: GridSectionStyle? { style }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Item \(index)"
        return cell
    }
    func headerCell(forSection section: Int, in list: ListView) -> ListCell {
        headersConfigured.append(section)
        let header = list.dequeueCell(TestHeaderCell.self, for: section)   // typed: no cast
        header.title = "Section \(section)"
        return header
    }
    func footerCell(forSection section: Int, in list: ListView) -> ListCell {
        list.dequeueCell(TestFooterCell.self, for: section)
    }
}

@MainActor
func makeGrid(_ source: SectionSource, width: Double = 400, height: Double = 600,
              columns: GridColumns = .fixed(4), spacing: Double = 0) -> ListView {
    let grid = SectionedGridLayout(columns: columns, itemLength: .fixed(100), itemSpacing: spacing, interitemSpacing: spacing)
    return ListView(frame: Rect(x: 0, y: 0, width: width, height: height), gridLayout: grid, dataSource: source)
}

/// The grid's cells and headers against the layout: exactly the visible items, each at its frame; a header for
/// every section in view, the pinned one at `pinnedHeader(offset:)`'s frame and drawn last.
@MainActor
func expectGridConsistent(_ list: ListView, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let grid = list.gridLayout else { Issue.record("no grid", sourceLocation: sourceLocation); return }
    let offset = list.scrollView.contentOffset.y, length = list.frame.height
    let cells = list.visibleCells
    #expect(cells.map(\.index) == Array(grid.visibleItems(offset: offset, length: length)), sourceLocation: sourceLocation)
    for cell in cells { #expect(cell.frame == grid.frame(ofItem: cell.index), sourceLocation: sourceLocation) }
    let sections = grid.visibleSections(offset: offset, length: length)
    let headers = list.visibleSupplementaryCells.filter(\.role.isHeader)
    #expect(headers.map(\.role.section) == Array(sections), sourceLocation: sourceLocation)
    let pinned = grid.pinnedHeader(offset: offset)
    #expect(list.pinnedSection == pinned?.section, sourceLocation: sourceLocation)
    for h in headers {
        let expected = pinned?.section == h.role.section ? pinned?.frame : grid.headerFrame(section: h.role.section)
        #expect(h.frame == expected, sourceLocation: sourceLocation)
    }
    if let pinned {
        #expect((list.scrollView.subviews.last as? ListCell)?.role == .header(section: pinned.section), sourceLocation: sourceLocation)
    }
}

@Suite("Grid view")
@MainActor
struct GridViewTests {
    @Test("the grid shows exactly the visible items and the headers of the sections in view, at many offsets")
    func visibleItemsAndHeaders() {
        let source = SectionSource(counts: [10, 3, 0, 17, 8, 40], footer: 20)
        let list = makeGrid(source)
        let grid = list.gridLayout!
        #expect(list.numberOfItems == 78)
        #expect(list.scrollView.contentSize.height == grid.contentLength)
        var offset = 0.0
        while offset <= list.scrollView.maxContentOffset.y {
            list.scrollView.contentOffset = Point(x: 0, y: offset)
            expectGridConsistent(list)
            offset += 37
        }
    }

    @Test("sticky header hand-over: the pinned header is pushed up 1:1 by the next header and hands over exactly when it has gone")
    func stickyHandOver() {
        // Section 0: header 40 + 3 rows of 100 = 340 long; section 1 starts at 340.
        let source = SectionSource(counts: [12, 12, 12])
        let list = makeGrid(source)
        func header(_ s: Int) -> ListCell? { list.headerCell(forSection: s) }
        list.scrollView.contentOffset = Point(x: 0, y: 0)
        #expect(list.pinnedSection == 0)
        #expect(header(0)?.frame.minY == 0)
        // Just before the push point (next header's top 340 meets the pinned header's bottom at offset 300).
        list.scrollView.contentOffset = Point(x: 0, y: 299.5)
        #expect(list.pinnedSection == 0)
        #expect(header(0)?.frame.minY == 299.5)
        list.scrollView.contentOffset = Point(x: 0, y: 300)
        #expect(header(0)?.frame.minY == 300)
        // Past it: pushed up 1:1 (bottom stays on the next header's top), still section 0's.
        list.scrollView.contentOffset = Point(x: 0, y: 320)
        #expect(list.pinnedSection == 0)
        #expect(header(0)?.frame.minY == 300)
        #expect(header(0)?.frame.maxY == header(1)?.frame.minY)
        list.scrollView.contentOffset = Point(x: 0, y: 339.5)
        #expect(list.pinnedSection == 0)
        #expect(header(0)?.frame.minY == 300)
        // At 340 section 1's header takes over, at the viewport's top.
        list.scrollView.contentOffset = Point(x: 0, y: 340)
        #expect(list.pinnedSection == 1)
        #expect(header(1)?.frame.minY == 340)
        #expect(header(0) == nil)
        list.scrollView.contentOffset = Point(x: 0, y: 400)
        #expect(header(1)?.frame.minY == 400)
        expectGridConsistent(list)
    }

    @Test("headers, footers and items each come from their own pool, typed; scrolling back reuses them")
    func pools() {
        let source = SectionSource(counts: Array(repeating: 8, count: 200), footer: 20)
        let list = makeGrid(source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.setContentOffset(Point(x: 0, y: 20_000), duration: 2, curve: .linear)
        for _ in 0..<130 { list.step(ticks.next()) }
        expectGridConsistent(list)
        let created = list.cellsCreated
        list.scrollView.setContentOffset(Point(x: 0, y: 0), duration: 2, curve: .linear)
        for _ in 0..<130 { list.step(ticks.next()) }
        expectGridConsistent(list)
        #expect(list.cellsCreated == created, "steady scrolling makes no cells")
        #expect(list.reusePoolCount(of: TestHeaderCell.self) > 0)
        #expect(list.reusePoolCount(of: TestFooterCell.self) > 0)
        for cell in list.visibleSupplementaryCells {
            switch cell.role {
            case .header: #expect(cell is TestHeaderCell)
            case .footer: #expect(cell is TestFooterCell)
            case .item: Issue.record("an item among the headers")
            }
        }
    }

    @Test("a tap on the pinned header selects nothing; a tap on an item selects its flat index")
    func hitTesting() {
        let source = SectionSource(counts: [12, 12, 12])
        let list = makeGrid(source)
        var selected: [Int] = []
        list.onSelectItem = { selected.append($0) }
        list.scrollView.contentOffset = Point(x: 0, y: 150)
        #expect(list.item(at: Point(x: 150, y: 10)) == 5)           // under the header, the layout's item
        #expect(list.hitTest(Point(x: 150, y: 10)) === list.headerCell(forSection: 0))
        #expect(list.item(at: Point(x: 350, y: 50)) == 7)
        #expect(list.gridIndex(forItem: 13) == GridIndex(section: 1, item: 1))
        #expect(list.flatIndex(of: GridIndex(section: 1, item: 1)) == 13)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        for p in [Point(x: 150, y: 10), Point(x: 350, y: 50)] {
            list.handle(.pointerDown(location: p, time: ticks.now))
            list.step(ticks.next())
            list.handle(.pointerUp(location: p, time: ticks.now))
            list.step(ticks.next())
        }
        #expect(selected == [7])
    }

    @Test("resizing reflows the columns and keeps the first visible item where it was")
    func reflow() {
        let source = SectionSource(counts: Array(repeating: 30, count: 50))
        let list = makeGrid(source, columns: .adaptive(minimumWidth: 100))
        let grid = list.gridLayout!
        list.scrollView.contentOffset = Point(x: 0, y: 5_000)
        for width in [250.0, 730, 1_000, 333] {
            let first = list.visibleRange.lowerBound
            let screen = grid.frame(ofItem: first)!.minY - list.scrollView.contentOffset.y
            list.frame = Rect(x: 0, y: 0, width: width, height: 600)
            let y = list.scrollView.contentOffset.y
            #expect(grid.columnCount() == Int((width / 100).rounded(.down)))
            #expect(list.visibleRange.lowerBound <= first && list.visibleRange.contains(first))
            #expect(abs(grid.frame(ofItem: first)!.minY - y - screen) < 1e-9, "width \(width): first \(first) visible \(list.visibleRange) y \(y)")
            expectGridConsistent(list)
        }
    }

    @Test("arrows move focus in two dimensions: along rows, between rows to the nearest column, across sections")
    func focus2D() {
        let source = SectionSource(counts: [6, 9])   // 4 columns: rows [0-3] [4,5] | [6-9] [10-13] [14]
        let list = makeGrid(source)
        list.itemsAreFocusable = true
        #expect(list.focusItem(1))
        #expect(list.moveFocus(.right) && list.focusedItem == 2)
        #expect(list.moveFocus(.down) && list.focusedItem == 5)   // row [4,5]: the nearest column to column 2
        #expect(list.moveFocus(.down) && list.focusedItem == 7)   // next section's first row, column 1
        #expect(list.moveFocus(.left) && list.focusedItem == 6)
        _ = list.moveFocus(.left)
        #expect(list.focusedItem == 6, "left of the first column leaves focus where it is")
        #expect(list.moveFocus(.up) && list.focusedItem == 4)
        #expect(list.moveFocus(.next) && list.focusedItem == 5)
        list.focusItem(13)
        #expect(list.moveFocus(.down) && list.focusedItem == 14)
    }

    @Test("item snapping on a grid rests on rows of items, never on a header", arguments: [0.0, 350, 1_234])
    func snapping(to start: Double) {
        let source = SectionSource(counts: Array(repeating: 10, count: 40))
        let list = makeGrid(source)
        list.snapBehavior = .items(snapRatio: 0.3)
        list.scrollView.contentOffset = Point(x: 0, y: start)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        list.handle(.wheel(dx: 0, dy: -3, location: Point(x: 100, y: 100), time: ticks.now))
        for _ in 0..<120 { list.step(ticks.next()) }
        let grid = list.gridLayout!
        let y = list.scrollView.contentOffset.y
        let rows = grid.rowGeometry
        let stops = (0..<rows.itemCount).map { rows.itemStart($0) - rows.itemStart(0) }
        #expect(stops.contains(y) || y == list.scrollView.maxContentOffset.y, "rests at \(y)")
        #expect(y > start)
    }

    @Test("scrollToItem puts the item's row just below the pinned header; .visible counts the header as covering")
    func scrollToItem() {
        let source = SectionSource(counts: Array(repeating: 10, count: 40), insets: Insets(top: 8, left: 0, bottom: 8, right: 0))
        let list = makeGrid(source)
        let grid = list.gridLayout!
        let target = 57
        let y = list.contentOffset(forItem: target, position: .start).y
        #expect(y == grid.frame(ofItem: target)!.minY - 48)
        list.scrollView.contentOffset = Point(x: 0, y: y)
        // Now the item's row is right under the pinned header: visible whole, so .visible stays.
        #expect(list.contentOffset(forItem: target, position: .visible).y == y)
        // Nine points further its top is under the header (the 8 pt section inset is gone): .visible scrolls back.
        list.scrollView.contentOffset = Point(x: 0, y: y + 8)
        #expect(list.contentOffset(forItem: target, position: .visible).y == y + 8)
        list.scrollView.contentOffset = Point(x: 0, y: y + 9)
        #expect(list.contentOffset(forItem: target, position: .visible).y == y)
    }

    @Test("bad input: empty sections, no sections, a 0x0 frame, a plain data source, and changes it does not show are refused")
    func badInput() {
        let empty = makeGrid(SectionSource(counts: []))
        #expect(empty.visibleCells.isEmpty && empty.visibleSupplementaryCells.isEmpty && empty.pinnedSection == nil)
        let zero = makeGrid(SectionSource(counts: [0, 0, 5]), width: 0, height: 0)
        #expect(zero.visibleCells.isEmpty)
        zero.frame = Rect(x: 0, y: 0, width: 400, height: 600)
        expectGridConsistent(zero)
        let plain = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 600),
                             gridLayout: SectionedGridLayout(columns: .fixed(3), itemLength: .fixed(50)),
                             dataSource: RecordingListSource(count: 100))
        #expect(plain.visibleRange == 0..<36)
        #expect(plain.visibleSupplementaryCells.isEmpty)
        #expect(throws: ListChangeError("the changes leave 101 items but the data source has one section of 100")) {
            try plain.performChanges([ListChange.insert(at: 0, count: 1)])
        }
        plain.gridLayout = nil   // back to the list layout
        #expect(plain.visibleRange == 0..<10)
    }
}

@Suite("Grid view, horizontal")
@MainActor
struct HorizontalGridViewTests {
    @Test("a horizontal grid: columns of cards scroll sideways, headers pinned at the left edge, pushed by the next")
    func horizontal() {
        let source = SectionSource(counts: [9, 9, 9], header: 40)
        let grid = SectionedGridLayout(axis: .horizontal, columns: .fixed(3), itemLength: .fixed(100))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 500, height: 300), gridLayout: grid, dataSource: source)
        #expect(list.axis == .horizontal)
        // Section: header 40 + 3 columns of 100 = 340 wide.
        #expect(list.scrollView.contentSize == Size(width: 1020, height: 300))
        list.scrollView.contentOffset = Point(x: 320, y: 0)
        #expect(list.pinnedSection == 0)
        #expect(list.headerCell(forSection: 0)?.frame == Rect(x: 300, y: 0, width: 40, height: 300))
        // 320 ..< 820: section 0's last column (6-8), section 1 (9-17), section 2's first column (18-20).
        #expect(list.visibleRange == 6..<21)
        #expect(list.visibleCells.map(\.index) == Array(6..<21))
        list.scrollView.contentOffset = Point(x: 340, y: 0)
        #expect(list.pinnedSection == 1)
        list.itemsAreFocusable = true
        #expect(list.focusItem(10))
        #expect(list.moveFocus(.right) && list.focusedItem == 13)   // the next column, same row
        #expect(list.moveFocus(.down) && list.focusedItem == 14)    // down the column
    }
}
