import Testing
import Motion
@testable import ScrollKit

/// A header row: a second cell class for the mixed list.
@MainActor
final class HeaderCell: ListCell {
    var section = -1
    override func prepareForReuse() { section = -1 }
}

/// Every fifth item is a header (a `HeaderCell`), the others rows (`LabelCell`s).
@MainActor
final class SectionedSource: ListDataSource {
    let count: Int
    /// For every cell ever handed out: the indices it showed, in order (kept alive, so identities are unique).
    var served: [ObjectIdentifier: (cell: ListCell, indices: [Int])] = [:]
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 60 }
    static func isHeader(_ index: Int) -> Bool { index % 5 == 0 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell: ListCell
        if Self.isHeader(index) {
            let header = list.dequeueCell(HeaderCell.self, for: index)
            #expect(header.section == -1)                 // came back through prepareForReuse, or new
            header.section = index / 5
            cell = header
        } else {
            let row = list.dequeueCell(LabelCell.self, for: index)
            #expect(row.title.isEmpty)
            row.title = "Row \(index)"
            cell = row
        }
        served[ObjectIdentifier(cell), default: (cell, [])].indices.append(index)
        return cell
    }
}

/// Hands out cells in the ways a careless data source might.
@MainActor
final class MisbehavingSource: ListDataSource {
    enum Mode {
        /// A new `LabelCell()` for every item, never dequeued.
        case fresh
        /// The same cell for every item.
        case sameCell
        /// The first cell it ever got, kept and returned again once that cell has gone back to a pool;
        /// otherwise dequeued as it should.
        case keepsOld
    }
    let mode: Mode
    var calls: [Int] = []
    private var kept: LabelCell?
    init(mode: Mode) { self.mode = mode }
    var numberOfItems: Int { 200 }
    var fixedItemSize: Double? { 60 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        calls.append(index)
        switch mode {
        case .fresh:
            let cell = LabelCell()
            cell.title = "Row \(index)"
            return cell
        case .sameCell:
            let cell = kept ?? LabelCell()
            kept = cell
            cell.title = "Row \(index)"
            return cell
        case .keepsOld:
            if let kept, kept.index == -1 { return kept }
            let cell = list.dequeueCell(LabelCell.self, for: index)
            if kept == nil { kept = cell }
            return cell
        }
    }
}

@Suite("ListView: cell classes and the reuse pools")
@MainActor
struct ListCellClassTests {
    static let frame = Rect(x: 0, y: 0, width: 320, height: 600)

    /// Scrolls `list` to the end and back over 2 s each at 60 Hz, checking `check` after every frame.
    static func scrollThrough(_ list: ListView, check: (Int) -> Void) {
        var ticks = ListTicks(hz: 60)
        var frame = 0
        list.step(ticks.next())
        check(frame)
        for destination in [nil, Point(x: 0, y: 0)] as [Point?] {
            if let destination {
                list.scrollView.setContentOffset(destination, duration: 2, curve: .smoothstep)
            } else {
                list.scrollView.scrollToEnd(duration: 2, curve: .smoothstep)
            }
            repeat {
                list.step(ticks.next())
                frame += 1
                check(frame)
            } while list.isAnimating && frame < 1000
        }
    }

    @Test("two cell classes in one list: each item gets its class, each cell is reused only as its own type")
    func twoClasses() {
        let source = SectionedSource(count: 400)
        let list = ListView(frame: Self.frame, dataSource: source)
        var createdAfterFirstPass: Int?
        Self.scrollThrough(list) { frame in
            let cells = list.visibleCells
            #expect(cells.map(\.index) == Array(list.visibleRange), "frame \(frame)")
            for cell in cells {
                let expected: ListCell.Type = SectionedSource.isHeader(cell.index) ? HeaderCell.self : LabelCell.self
                #expect(type(of: cell) == expected, "item \(cell.index)")
                if let header = cell as? HeaderCell { #expect(header.section == cell.index / 5) }
                if let row = cell as? LabelCell { #expect(row.title == "Row \(cell.index)") }
            }
            #expect(Set(cells.map { ObjectIdentifier($0) }).count == cells.count)
            // Each class's pool is bounded on its own: 10 or 11 rows show, so at most 11 + 4 per class.
            #expect(list.reusePoolCount(of: HeaderCell.self) <= list.visibleRange.count + ListView.reuseMargin)
            #expect(list.reusePoolCount(of: LabelCell.self) <= list.visibleRange.count + ListView.reuseMargin)
            #expect(list.reusePoolCount == list.reusePoolCount(of: HeaderCell.self) + list.reusePoolCount(of: LabelCell.self))
            if frame == 121 { createdAfterFirstPass = list.cellsCreated }
        }
        // Reused only as their own type: every index a cell ever showed is of its kind.
        var headers = 0, rows = 0
        for (_, entry) in source.served {
            let kinds = Set(entry.indices.map(SectionedSource.isHeader))
            #expect(kinds.count == 1)
            #expect(kinds.first == (entry.cell is HeaderCell))
            if entry.cell is HeaderCell { headers += 1 } else { rows += 1 }
        }
        // At most 3 headers and 9 rows show at once (11 items): the pools serve everything else.
        #expect(headers <= 3 + ListView.reuseMargin)
        #expect(rows <= 9 + ListView.reuseMargin)
        #expect(list.cellsCreated == headers + rows)
        #expect(list.cellsCreated == createdAfterFirstPass)   // the way back makes no cell
        #expect(list.reusePoolCount(of: ListCell.self) == 0)
    }

    @Test("a data source that makes its own cells instead of dequeuing: shown, then reused from the pool")
    func freshCells() {
        let source = MisbehavingSource(mode: .fresh)
        let list = ListView(frame: Self.frame, dataSource: source)
        Self.scrollThrough(list) { frame in
            let cells = list.visibleCells
            #expect(cells.map(\.index) == Array(list.visibleRange), "frame \(frame)")
            #expect(cells.allSatisfy { ($0 as? LabelCell)?.title == "Row \($0.index)" })
            #expect(list.reusePoolCount <= list.visibleRange.count + ListView.reuseMargin)
        }
        #expect(list.cellsCreated == 0)                       // it never dequeued
        #expect(list.reusePoolCount(of: LabelCell.self) > 0)  // its cells wait there for a dequeue
    }

    @Test("a data source that returns one cell for every item: the cell shows once, the others are blank")
    func sameCellEverywhere() {
        let source = MisbehavingSource(mode: .sameCell)
        let list = ListView(frame: Self.frame, dataSource: source)
        Self.scrollThrough(list) { frame in
            let cells = list.visibleCells
            #expect(cells.map(\.index) == Array(list.visibleRange), "frame \(frame)")
            #expect(Set(cells.map { ObjectIdentifier($0) }).count == cells.count, "frame \(frame)")
            #expect(cells.filter { $0 is LabelCell }.count <= 1, "frame \(frame)")
            for cell in cells where !(cell is LabelCell) { #expect(type(of: cell) == ListCell.self) }
        }
        // Drawing works with the blanks in place.
        let canvas = RecordingCanvas(size: Self.frame.size)
        list.draw(in: canvas)
    }

    @Test("a data source that returns a cell it kept after the list pooled it: taken out of the pool, never shown twice")
    func keptCell() {
        let source = MisbehavingSource(mode: .keepsOld)
        let list = ListView(frame: Self.frame, dataSource: source)
        Self.scrollThrough(list) { frame in
            let cells = list.visibleCells
            #expect(cells.map(\.index) == Array(list.visibleRange), "frame \(frame)")
            #expect(Set(cells.map { ObjectIdentifier($0) }).count == cells.count, "frame \(frame)")
            #expect(cells.allSatisfy { type(of: $0) == LabelCell.self }, "frame \(frame)")
            #expect(list.reusePoolCount <= list.visibleRange.count + ListView.reuseMargin)
        }
        // Each item asked once per visit: 0...10 at first, then the newly visible ones (checked elsewhere);
        // here, just that the kept cell came back more than once without ever being in two places.
        #expect(source.calls.count > 200)
    }
}
