import Motion
@testable import ScrollKit
import Testing

/// `ListDataSourcePrefetching`: the list announces the items one viewport ahead in the scroll direction.
@Suite("List prefetching")
@MainActor
struct ListPrefetchTests {
    final class Rows: ListDataSourcePrefetching {
        var announced: [Range<Int>] = []
        var numberOfItems: Int { 1000 }
        var fixedItemSize: Double? { 50 }
        func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ImageLabelCell.self, for: index) }
        func prefetchItems(at indices: Range<Int>) { announced.append(indices) }
    }

    @Test func itemsOneViewportAheadAreAnnouncedOnce() {
        let rows = Rows()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 300, height: 500), dataSource: rows)
        _ = list.visibleCells                                   // items 0..<10 show
        #expect(rows.announced == [10..<20])
        list.scrollView.contentOffset = Point(x: 0, y: 100)     // 2..<12 show
        _ = list.visibleCells
        #expect(rows.announced.last == 20..<22)                 // only what is new in the window 12..<22
        list.scrollView.contentOffset = Point(x: 0, y: 5000)    // a jump: 100..<110
        _ = list.visibleCells
        #expect(rows.announced.last == 110..<120)
        list.scrollView.contentOffset = Point(x: 0, y: 4900)    // back up: 98..<108, the window before it
        _ = list.visibleCells
        #expect(rows.announced.last == 88..<98)
        list.scrollView.contentOffset = Point(x: 0, y: 0)       // the top: nothing before item 0
        let count = rows.announced.count
        _ = list.visibleCells
        #expect(rows.announced.count == count)                  // going back at the top: nothing before item 0
        #expect(rows.announced.allSatisfy { !$0.isEmpty && $0.lowerBound >= 0 && $0.upperBound <= 1000 })
    }

    @Test func theLastItemsAnnounceNothingPastTheEnd() {
        let rows = Rows()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 300, height: 500), dataSource: rows)
        list.scrollView.contentOffset = Point(x: 0, y: 49_500)   // the last 10 items
        _ = list.visibleCells
        #expect(rows.announced.allSatisfy { $0.upperBound <= 1000 })
        #expect(rows.announced.isEmpty || rows.announced.last!.upperBound <= 1000)
    }

    /// A plain data source is not asked anything, and an image cell draws its image through the canvas.
    @Test func imageLabelCellDrawsItsImageBeforeTheText() {
        let cell = ImageLabelCell()
        cell.image = ImageRef("thumb")
        cell.title = "Title"
        let canvas = RecordingCanvas(size: Size(width: 300, height: 60))
        cell.draw(in: canvas, frame: Rect(x: 0, y: 0, width: 300, height: 60))
        let text = "\(canvas.commands)"
        #expect(text.contains("thumb"))
        #expect(cell.imageRect(in: Rect(x: 0, y: 0, width: 300, height: 60)) == Rect(x: 16, y: 6, width: 48, height: 48))
        cell.prepareForReuse()
        #expect(cell.image == nil)
        cell.imageSize = Size(width: .nan, height: 10)
        #expect(cell.imageRect(in: Rect(x: 0, y: 0, width: 300, height: 60)) == nil)
    }
}
