import ScrollKit
import Testing

/// TextLayout on plain values: ApproximateTextMeasurer makes every scalar 0.6 × the size wide, so at
/// size 10 a character is 6 pt and a 60 pt line holds 10; a line is 12 pt tall with its baseline at 9.5.
@Suite("TextLayout")
@MainActor
struct TextLayoutTests {
    let style = TextStyle(size: 10)
    let measurer = ApproximateTextMeasurer.shared

    func lines(_ text: String, width: Double, maxLines: Int = 0, truncation: TextTruncation = .tail) -> [String] {
        TextLayout(text, style: style, width: width, maxLines: maxLines, truncation: truncation, measurer: measurer).lineStrings
    }

    // MARK: Break positions

    @Test("break positions", arguments: [
        // English: after spaces; a word that just fits (10 characters) stays.
        ("The quick brown fox jumps over the lazy dog", 60.0,
         ["The quick", "brown fox", "jumps over", "the lazy", "dog"]),
        // German: after the hyphens of a hyphenated compound…
        ("Hals-Nasen-Ohren-Arzt", 60, ["Hals-", "Nasen-", "Ohren-Arzt"]),
        // …and between characters in a compound with no break opportunity at all.
        ("Donaudampfschifffahrtsgesellschaft", 60, ["Donaudampf", "schifffahr", "tsgesellsc", "haft"]),
        ("Die Donaudampfschifffahrt fährt", 60, ["Die", "Donaudampf", "schifffahr", "t fährt"]),
        // CJK: between ideographs and kana, 5 to a 30 pt line…
        ("日本語のテキストを折り返す", 30, ["日本語のテ", "キストを折", "り返す"]),
        // …but never before a closing full stop (it takes the character before it along).
        ("日本語です。", 30, ["日本語で", "す。"]),
        // Mixed scripts: Latin, Han and Cyrillic break alike.
        ("Hello 世界 and Привет мир", 60, ["Hello 世界", "and Привет", "мир"]),
    ] as [(String, Double, [String])])
    func breakPositions(text: String, width: Double, expected: [String]) {
        #expect(lines(text, width: width) == expected)
    }

    /// A URL: UAX #14 allows breaks after its slashes; a segment longer than the line breaks between
    /// characters. Every line fits, and no character is lost.
    @Test func url() {
        let url = "See https://example.com/a/very/long/path/index.html now"
        let result = lines(url, width: 60)
        #expect(result == ["See", "https://", "example.co", "m/a/very/", "long/path/", "index.html", "now"])
        #expect(result.allSatisfy { $0.count <= 10 })
        #expect(result.joined() == url.replacingOccurrences(of: " ", with: ""))
    }

    @Test func newlinesAndParagraphs() {
        #expect(lines("a\n\nb", width: 60) == ["a", "", "b"])
        #expect(lines("a\r\nb\u{2029}c", width: 60) == ["a", "b", "c"])
        #expect(lines("a\n", width: 60) == ["a"])
        #expect(lines("\n", width: 60) == [""])
        let layout = TextLayout("a\n\nb", style: style, width: 60, measurer: measurer)
        #expect(layout.size.height == 36)
        #expect(layout.lines.map(\.top) == [0, 12, 24])
        #expect(layout.lines.map(\.source) == [0..<1, 2..<2, 3..<4])   // UTF-8 offsets of what each line shows
        let words = TextLayout("ab cd  ef", style: style, width: 30, measurer: measurer)
        #expect(words.lineStrings == ["ab cd", "ef"])
        #expect(words.lines.map(\.source) == [0..<5, 7..<9])
    }

    // MARK: Truncation

    @Test("ellipsis at each place", arguments: [
        (TextTruncation.tail, 1, ["The quick…"]),
        (.middle, 1, ["The…zy dog"]),
        (.head, 1, ["…lazy dog"]),
        (.tail, 2, ["The quick", "brown fox…"]),
        (.middle, 2, ["The quick", "brow…y dog"]),
        (.head, 2, ["The quick", "…lazy dog"]),
        (.tail, 5, ["The quick", "brown fox", "jumps over", "the lazy", "dog"]),
    ] as [(TextTruncation, Int, [String])])
    func ellipsis(truncation: TextTruncation, maxLines: Int, expected: [String]) {
        let layout = TextLayout("The quick brown fox jumps over the lazy dog", style: style, width: 60,
                                maxLines: maxLines, truncation: truncation, measurer: measurer)
        #expect(layout.lineStrings == expected)
        #expect(layout.isTruncated == (maxLines < 5))
        #expect(layout.lines.allSatisfy { $0.width <= 60 })
        #expect(layout.size.height == Double(expected.count) * 12)
    }

    /// Tail truncation keeps to the paragraph it cuts; the hidden paragraphs count as truncated.
    @Test func tailStopsAtTheParagraph() {
        let layout = TextLayout("One\nTwo\nThree", style: style, width: 60, maxLines: 2, measurer: measurer)
        #expect(layout.lineStrings == ["One", "Two…"])
        #expect(layout.isTruncated)
    }

    // MARK: Alignment, spacing, runs

    @Test("alignment within the width", arguments: [(TextAlign.leading, 0.0), (.center, 41), (.trailing, 82)])
    func alignment(alignment: TextAlign, x: Double) {
        let layout = TextLayout("abc", style: style, width: 100, alignment: alignment, measurer: measurer)
        #expect(layout.lines.first?.x == x)
        #expect(layout.glyphs.map(\.x) == [x, x + 6, x + 12])
        #expect(layout.size == Size(width: 18, height: 12))
        #expect(layout.width == 100)
    }

    @Test func lineSpacing() {
        let layout = TextLayout("aaa bbb ccc", style: style, width: 20, lineSpacing: 4, measurer: measurer)
        #expect(layout.lines.count == 3)
        #expect(layout.lines.map(\.top) == [0, 16, 32])
        #expect(layout.size.height == 44)
    }

    /// Bold, colour and size within one paragraph: one baseline per line, the line as tall as its
    /// tallest run, each glyph in its run's style.
    @Test func attributedRuns() {
        let big = TextStyle(size: 20, weight: .bold, color: .black)
        let red = TextStyle(size: 10, color: RGBAColor(hex: 0xFF0000))
        let layout = TextLayout(runs: [TextRun("Big ", style: big), TextRun("small red", style: red)],
                                width: .infinity, measurer: measurer)
        #expect(layout.lineStrings == ["Big small red"])
        #expect(layout.styles == [big, red])
        #expect(layout.glyphs.map(\.styleIndex) == [0, 0, 0, 0] + Array(repeating: 1, count: 9))
        #expect(layout.glyphs[4].x == 48)
        let line = layout.lines[0]
        #expect(line.baseline == 19)           // the big run's ascent
        #expect(line.height == 24)             // 19 + the big run's descent of 5
        #expect(layout.size == Size(width: 48 + 54, height: 24))
        // A run boundary is not a break opportunity by itself, and runs wrap like one text.
        let wrapped = TextLayout(runs: [TextRun("aaaa", style: style), TextRun("bbbb cc", style: red)],
                                 width: 60, measurer: measurer)
        #expect(wrapped.lineStrings == ["aaaabbbb", "cc"])
    }

    /// A layout is measured once and drawn any number of times: the canvas gets the same value.
    @Test func recordingCanvasRecordsTheLayout() {
        let layout = TextLayout("Hello", style: style, width: 100, measurer: measurer)
        let canvas = RecordingCanvas()
        canvas.drawTextLayout(layout, at: Point(x: 5, y: 7))
        canvas.drawTextLayout(layout, at: Point(x: 5, y: 30))
        #expect(canvas.commands == [.textLayout(layout, at: Point(x: 5, y: 7)), .textLayout(layout, at: Point(x: 5, y: 30))])
        #expect(canvas.textLayouts == [layout, layout])
    }

    /// The protocol's default `drawTextLayout` draws each line's style stretches with `drawText`.
    @Test func defaultDrawingUsesDrawText() {
        let red = TextStyle(size: 10, color: RGBAColor(hex: 0xFF0000))
        let layout = TextLayout(runs: [TextRun("ab ", style: style), TextRun("cd ef", style: red)], width: 30,
                                measurer: measurer)
        #expect(layout.lineStrings == ["ab cd", "ef"])
        let canvas = PlainCanvas()
        canvas.drawTextLayout(layout, at: Point(x: 10, y: 20))
        #expect(canvas.recorder.commands == [
            .text("ab ", in: Rect(x: 10, y: 20, width: 18, height: 12), style: style, alignment: .leading),
            .text("cd", in: Rect(x: 28, y: 20, width: 12, height: 12), style: red, alignment: .leading),
            .text("ef", in: Rect(x: 10, y: 32, width: 12, height: 12), style: red, alignment: .leading),
        ])
    }

    // MARK: Bad input

    @Test func emptyText() {
        for layout in [TextLayout("", style: style, width: 100, measurer: measurer),
                       TextLayout(runs: [], width: 100, measurer: measurer),
                       TextLayout(runs: [TextRun("", style: style), TextRun("", style: style)], width: 100, measurer: measurer)] {
            #expect(layout.lines.isEmpty)
            #expect(layout.glyphs.isEmpty)
            #expect(layout.size == .zero)
            #expect(!layout.isTruncated)
            #expect(layout.string(ofLine: 0) == "")
        }
    }

    @Test("width of zero and below: one grapheme cluster per line", arguments: [0.0, -5, -Double.infinity, 0.5])
    func tinyWidths(width: Double) {
        let layout = TextLayout("ab é", style: style, width: width, measurer: measurer)
        #expect(layout.lineStrings == ["a", "b", "é"])
        #expect(layout.width == max(width, 0))
        // Truncated at a width too small for the ellipsis: the ellipsis alone.
        #expect(TextLayout("abc", style: style, width: width, maxLines: 1, measurer: measurer).lineStrings == ["…"])
    }

    @Test("NaN and infinite widths: unlimited", arguments: [Double.nan, .infinity])
    func unlimitedWidths(width: Double) {
        let layout = TextLayout("The quick brown fox\njumps", style: style, width: width, measurer: measurer)
        #expect(layout.lineStrings == ["The quick brown fox", "jumps"])
        #expect(layout.width == .infinity)
        #expect(layout.size == Size(width: 19 * 6, height: 24))
        #expect(TextLayout("One\nTwo\nThree", style: style, width: width, maxLines: 2, truncation: .head,
                           measurer: measurer).lineStrings == ["One", "Two Three"])
    }

    @Test("bad sizes take no room", arguments: [Double.nan, .infinity, -.infinity, 0, -3])
    func badSizes(size: Double) {
        let bad = TextStyle(size: size)
        let layout = TextLayout("Hello world", style: bad, width: 50, measurer: measurer)
        #expect(layout.lineStrings == ["Hello world"])
        #expect(layout.size == .zero)
        #expect(layout.styles[0].size == 0)
        // Beside a good run, the bad one is invisible and the line keeps the good run's height.
        let mixed = TextLayout(runs: [TextRun("ab", style: bad), TextRun("cd", style: style)], width: 50, measurer: measurer)
        #expect(mixed.size == Size(width: 12, height: 12))
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x20, 0x63, 0xC3]
        let layout = TextLayout(utf8: bytes, style: style, width: 100, measurer: measurer)
        #expect(layout.text == "a\u{FFFD}b\u{FFFD} c\u{FFFD}")
        #expect(layout.lineStrings == ["a\u{FFFD}b\u{FFFD} c\u{FFFD}"])
        #expect(TextLayout(utf8: [UInt8](), style: style, width: 100, measurer: measurer).lines.isEmpty)
    }

    @Test func badLimitsAndSpacing() {
        let text = "aaa bbb ccc"
        #expect(TextLayout(text, style: style, width: 20, maxLines: -1, measurer: measurer).lines.count == 3)
        for spacing in [Double.nan, .infinity, -.infinity, -4] {
            let layout = TextLayout(text, style: style, width: 20, lineSpacing: spacing, measurer: measurer)
            #expect(layout.size.height == 36)
        }
    }

    /// A measurer answering NaN, infinity or negative numbers lays out as zero-sized, without trapping.
    @Test("bad measurer answers count as 0", arguments: [Double.nan, .infinity, -1])
    func badMeasurer(value: Double) {
        let layout = TextLayout("ab cd", style: style, width: 5, maxLines: 1, truncation: .middle,
                                measurer: FixedMeasurer(value: value))
        #expect(layout.size == .zero)
        #expect(layout.glyphs.allSatisfy { $0.x == 0 })
    }

    /// Control characters, lone combining marks and zero-width joiners are laid out, never dropped or trapped on.
    @Test func oddCharacters() {
        let text = "\u{301}a\u{0}\u{200D}\t b\u{7F}"
        let layout = TextLayout(text, style: style, width: 12, measurer: measurer)
        #expect(!layout.lines.isEmpty)
        #expect(layout.lineStrings.joined().unicodeScalars.count <= text.unicodeScalars.count)
    }

    /// Linear cost: 100,000 characters lay out in one pass (a quadratic fill would take minutes here).
    @Test func longParagraph() {
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit"]
        var text = ""
        var i = 0
        while text.utf8.count < 100_000 { text += words[i % words.count] + " "; i += 1 }
        let layout = TextLayout(text, style: style, width: 300, measurer: measurer)
        #expect(layout.lines.count > 1000)
        #expect(layout.lines.allSatisfy { $0.width <= 300 })
        #expect(layout.size.height == Double(layout.lines.count) * 12)
    }
}

/// A measurer giving the same (possibly bad) answer for everything.
@MainActor
final class FixedMeasurer: TextMeasurer {
    let value: Double
    init(value: Double) { self.value = value }
    func fontMetrics(for style: TextStyle) -> FontMetrics { FontMetrics(ascent: value, lineHeight: value) }
    func advance(of scalar: Unicode.Scalar, style: TextStyle) -> Double { value }
}

/// A canvas that implements only the required methods (forwarding to a RecordingCanvas), to test the
/// protocol's default implementations.
@MainActor
final class PlainCanvas: DrawingCanvas {
    let recorder = RecordingCanvas()
    var size: Size { recorder.size }
    func clear(_ color: RGBAColor) { recorder.clear(color) }
    func fill(_ rect: Rect, color: RGBAColor) { recorder.fill(rect, color: color) }
    func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBAColor) { recorder.fillRoundedRect(rect, radius: radius, color: color) }
    func strokeRect(_ rect: Rect, color: RGBAColor, width: Double) { recorder.strokeRect(rect, color: color, width: width) }
    func drawLine(from: Point, to: Point, color: RGBAColor, width: Double) { recorder.drawLine(from: from, to: to, color: color, width: width) }
    func drawPolyline(_ points: [Point], color: RGBAColor, width: Double) { recorder.drawPolyline(points, color: color, width: width) }
    func fillCircle(center: Point, radius: Double, color: RGBAColor) { recorder.fillCircle(center: center, radius: radius, color: color) }
    func drawText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) {
        recorder.drawText(text, in: rect, style: style, alignment: alignment)
    }
    func measureText(_ text: String, style: TextStyle) -> Size { recorder.measureText(text, style: style) }
    func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double) { recorder.drawImage(image, in: rect, opacity: opacity) }
    func pushClip(_ rect: Rect) { recorder.pushClip(rect) }
    func popClip() { recorder.popClip() }
    func pushTranslation(dx: Double, dy: Double) { recorder.pushTranslation(dx: dx, dy: dy) }
    func popTranslation() { recorder.popTranslation() }
}

/// A data source that sizes its rows from their laid-out text in `sizeOfItem(at:)`, where there is no
/// canvas: the layouts are made once, kept, and drawn by the cells.
@MainActor
final class TextRows: ListDataSource {
    let texts: [String]
    let measurer: any TextMeasurer
    private var layouts: [Int: TextLayout] = [:]
    init(texts: [String], measurer: any TextMeasurer) { self.texts = texts; self.measurer = measurer }
    var numberOfItems: Int { texts.count }
    func layout(at index: Int) -> TextLayout {
        if let cached = layouts[index] { return cached }
        let layout = TextLayout(texts[index], style: TextStyle(size: 10), width: 60, measurer: measurer)
        layouts[index] = layout
        return layout
    }
    func sizeOfItem(at index: Int) -> Double { layout(at: index).size.height + 8 }
    func cell(at index: Int, in list: ListView) -> ListCell { ListCell() }
}

extension TextLayoutTests {
    @Test func rowsSizedFromTheirText() {
        let rows = TextRows(texts: ["one line", "two lines of text", "", "three lines of text here"],
                            measurer: ApproximateTextMeasurer.shared)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 60, height: 400), dataSource: rows)
        #expect((0..<4).map { rows.layout(at: $0).lines.count } == [1, 2, 0, 3])
        var y = 0.0
        for index in 0..<4 {
            let height = rows.layout(at: index).size.height + 8   // 1.2 × 10 pt a line, plus padding
            #expect(abs(height - Double([20, 32, 8, 44][index])) < 1e-9)
            #expect(list.frame(of: index)?.height == height)
            #expect(list.frame(of: index)?.minY == y)
            y += height
        }
    }
}
