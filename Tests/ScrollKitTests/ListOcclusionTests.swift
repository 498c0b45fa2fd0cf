import Testing
@testable import ScrollKit

/// The list skips its background fill only when opaque cells cover the whole viewport.
@Suite("ListView background occlusion")
@MainActor
struct ListOcclusionTests {
    static let frame = Rect(x: 0, y: 40, width: 320, height: 600)
    static let background = RGBAColor(hex: 0xF2F2F7)

    /// The list drawn once; returns whether its background fill was among the commands.
    func drawsBackground(_ list: ListView) -> Bool {
        let canvas = RecordingCanvas(size: Size(width: 320, height: 640))
        list.draw(in: canvas)
        #expect(canvas.commands.contains { if case .fill = $0 { true } else { false } })
        return canvas.commands.contains(.fill(Self.frame, Self.background))
    }

    func makeList(count: Int, spacing: Double = 0, insets: Insets = Insets(top: 0, left: 0, bottom: 0, right: 0),
                  cellColor: RGBAColor = RGBAColor(hex: 0xFFFFFF)) -> ListView {
        let source = RecordingListSource(count: count)
        let list = ListView(frame: Self.frame, axis: .vertical, dataSource: source)
        list.backgroundColor = Self.background
        list.itemSpacing = spacing
        list.insets = insets
        source.onConfigure = { _ in }
        for cell in list.visibleCells { (cell as? LabelCell)?.backgroundColor = cellColor }
        return list
    }

    @Test("opaque rows filling the viewport: no background fill; one row per cell still drawn")
    func coveredSkipsBackground() {
        let list = makeList(count: 1000)
        #expect(!drawsBackground(list))
        // Part-way into a row (the first row starts above the viewport).
        list.scrollView.setContentOffset(Point(x: 0, y: 1234.5), animated: false)
        #expect(!drawsBackground(list))
    }

    @Test("gaps, insets, translucent rows, too few rows or overscroll: the background is filled",
          arguments: ["spacing", "insets", "translucent", "few", "overscroll"])
    func uncoveredFillsBackground(_ case_: String) {
        let list: ListView
        switch case_ {
        case "spacing": list = makeList(count: 1000, spacing: 2)
        case "insets": list = makeList(count: 1000, insets: Insets(top: 0, left: 8, bottom: 0, right: 0))
        case "translucent": list = makeList(count: 1000, cellColor: RGBAColor(r: 255, g: 255, b: 255, a: 254))
        case "few": list = makeList(count: 3)
        default:
            list = makeList(count: 1000)
            list.scrollView.setOffset(Point(x: 0, y: -30))   // pulled past the top (as a drag shows it)
        }
        #expect(drawsBackground(list))
    }

    @Test("a plain ListCell is not opaque; a LabelCell is opaque only with an opaque background")
    func opacityFlags() {
        #expect(!ListCell().isOpaque)
        let cell = LabelCell()
        #expect(cell.isOpaque)
        cell.backgroundColor = RGBAColor(r: 0, g: 0, b: 0, a: 128)
        #expect(!cell.isOpaque)
    }
}
