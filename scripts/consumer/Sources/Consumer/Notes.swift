import ScrollKitSDL

// Self-sizing rows, written against the public API only: notes of very different lengths, each row as
// tall as its wrapped text. The list measures a row (sizeOfItem(at:crossLength:)) only as it comes near
// the viewport; the layouts are cached by the data source and drawn by the cells.

@MainActor final class Notes: ListDataSource {
    let measurer = FontTextMeasurer.shared
    let style = TextStyle(size: 15)
    private var cache: [Int: TextLayout] = [:]
    private var cacheWidth = -1.0
    private(set) var measured = 0

    var numberOfItems: Int { 10_000 }
    var estimatedItemSize: Double? { 60 }

    func text(_ index: Int) -> String {
        let words = ["scroll", "frame", "glide", "snap", "bounce", "inertia", "viewport", "offset"]
        return (0..<(3 + (index * 7) % 60)).map { words[($0 + index) % words.count] }.joined(separator: " ")
    }

    func layout(_ index: Int, width: Double) -> TextLayout {
        if width != cacheWidth { cache.removeAll(); cacheWidth = width }
        if let l = cache[index] { return l }
        let l = TextLayout(text(index), style: style, width: width - 32, measurer: measurer)
        cache[index] = l
        return l
    }

    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        measured += 1
        return layout(index, width: crossLength).size.height + 20
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(NoteCell.self, for: index)
        cell.notes = self
        return cell
    }
}

@MainActor final class NoteCell: ListCell {
    weak var notes: Notes?
    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: .white)
        guard let notes else { return }
        canvas.drawTextLayout(notes.layout(index, width: frame.width), at: Point(x: frame.minX + 16, y: frame.minY + 10))
        canvas.fill(Rect(x: frame.minX + 16, y: frame.maxY - 1, width: frame.width - 16, height: 1), color: RGBAColor(hex: 0xDDDDDD))
    }
}

/// Scrolls a self-sizing list to row 5000 with a timed scroll and checks that it lands exactly there
/// while only the rows near the viewport on the way were measured.
@MainActor func checkNotes() throws -> String {
    struct Failure: Error, CustomStringConvertible { let description: String }
    let notes = Notes()
    let list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 600), dataSource: notes)
    var landed: Bool?
    list.scrollToItem(5_000, position: .start, duration: 1, curve: .easeInOut) { landed = $0 }
    for frame in 0..<90 { list.step(FrameTick(index: frame, timestamp: Double(frame) / 60, duration: 1.0 / 60)) }
    guard landed == true, let target = list.frame(of: 5_000), list.scrollView.contentOffset.y == target.minY else {
        throw Failure(description: "notes: the scroll to row 5000 did not land on it")
    }
    guard notes.measured < 1_000 else { throw Failure(description: "notes: measured \(notes.measured) rows of 10000") }
    return "consumer: notes landed on row 5000, \(notes.measured) of 10000 rows measured"
}
