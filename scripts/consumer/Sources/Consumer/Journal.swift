import ScrollKitSDL

// A journal written against the public API only: a TextAreaView holding a book-length text (about 1.2 MB in
// 12,000 paragraphs), as an app that opens a long document would. The reader jumps to the end, scrolls away
// into the middle, and types: the caret must show inside the area each time, and the text must be what the
// edits say.
@MainActor func checkJournal() throws -> String {
    struct Failure: Error, CustomStringConvertible { let description: String }
    let words = ["river", "lantern", "harbour", "ember", "meadow", "quiet", "orchard", "signal", "winter", "tide"]
    let paragraphs = (0..<12_000).map { p in
        (0..<(4 + (p * 13) % 30)).map { words[($0 * 7 + p) % words.count] }.joined(separator: " ")
    }
    let book = paragraphs.joined(separator: "\n")
    let root = ViewNode(frame: Rect(x: 0, y: 0, width: 420, height: 700))
    let area = TextAreaView(text: book, frame: Rect(x: 20, y: 40, width: 380, height: 400))
    root.addSubview(area)
    var frame = 0
    func step(_ n: Int = 1) {
        for _ in 0..<n {
            root.step(FrameTick(index: frame, timestamp: Double(frame) / 60, duration: 1.0 / 60))
            frame += 1
        }
    }
    func caretShows() -> Bool {
        guard let caret = area.caretRectInRoot else { return false }
        return area.scrollView.frameInRoot.insetBy(dx: -2, dy: -2).contains(Point(x: caret.midX, y: caret.midY))
    }
    _ = area.becomeFocused()
    step()
    _ = area.editingKey(.end, modifiers: [.control], time: 0.1)
    step()
    guard caretShows() else { throw Failure(description: "journal: the caret at the end of the book is not in view") }
    // Away into the middle (the scroll indicator dragged), a few frames, then a word typed: back at the caret.
    area.scrollView.setContentOffset(Point(x: 0, y: area.scrollView.contentSize.height / 2), animated: false)
    step(5)
    area.insertText(" fin", time: 1)
    step()
    guard area.text == book + " fin" else { throw Failure(description: "journal: the typed word did not land at the end") }
    guard caretShows() else { throw Failure(description: "journal: typing did not bring the caret back into view") }
    let height = Int(area.scrollView.contentSize.height)
    guard height > 100_000 else { throw Failure(description: "journal: the book is only \(height) pt tall") }
    return "consumer: journal of \(book.unicodeScalars.count) characters, \(height) pt tall, caret in view at the end and after typing"
}
