// TextLayout's carets and hit testing: round trips between offsets and x on random left-to-right, right-to-left and
// mixed lines (ApproximateTextMeasurer: every scalar one glyph), and the visual order of a mixed line.

import Foundation
import Testing
import SplitMix
@testable import ScrollKit

@MainActor
@Suite("Text hit testing")
struct TextHitTestingTests {
    static let latin = Array("abcdefghij").flatMap(\.unicodeScalars)
    static let hebrew = Array("אבגדהוזחטי").flatMap(\.unicodeScalars)

    static func randomWord(_ rng: inout SplitMix64, from letters: [Unicode.Scalar]) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<(1 + Int(rng.next() % 6)) { s.append(letters[Int(rng.next() % UInt64(letters.count))]) }
        return String(s)
    }

    @Test("a caret at every cluster start hits back to its offset (one direction per line)", arguments: 0..<40)
    func roundTrip(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 99)
        let letters = seed % 2 == 0 ? Self.latin : Self.hebrew
        let words = (0..<(2 + Int(rng.next() % 8))).map { _ in Self.randomWord(&rng, from: letters) }
        let text = words.joined(separator: " ")
        let layout = TextLayout(text, style: TextStyle(size: 10), width: 70, measurer: ApproximateTextMeasurer.shared)
        let expected: ReadingDirection = seed % 2 == 0 ? .leftToRight : .rightToLeft
        #expect(layout.direction == expected)
        for (index, line) in layout.lines.enumerated() {
            for offset in line.scalars.lowerBound...line.scalars.upperBound {
                guard let caret = layout.caret(at: offset) else { Issue.record("no caret"); return }
                #expect(caret.line == index)
                #expect(layout.offset(atX: caret.x, line: index) == offset, "offset \(offset) of \"\(text)\"")
            }
        }
    }

    @Test("right to left, the first offset is at the right edge and offsets grow leftwards")
    func rightToLeftCarets() throws {
        let layout = TextLayout("אבג", style: TextStyle(size: 10), width: 100, measurer: ApproximateTextMeasurer.shared)
        let carets = try (0...3).map { try #require(layout.caret(at: $0)).x }
        #expect(carets == [100, 94, 88, 82])
        #expect(layout.offset(at: Point(x: 99, y: 5)) == 0)
        #expect(layout.offset(at: Point(x: 0, y: 5)) == 3)
    }

    @Test("numbers inside a right-to-left line stay left to right; the line reads right to left")
    func mixedLineOrder() {
        let layout = TextLayout("אב 12 גד", style: TextStyle(size: 10), width: 200, measurer: ApproximateTextMeasurer.shared)
        let visual = String(String.UnicodeScalarView(layout.glyphs.map(\.scalar)))
        #expect(visual == "דג 12 בא")
        #expect(layout.lines[0].direction == .rightToLeft)
        #expect(layout.lines[0].x == 200 - layout.lines[0].width)   // leading is the right edge
    }

    @Test("a paragraph set right to left puts left-to-right words in right-to-left order")
    func forcedDirection() {
        let layout = TextLayout("one two", style: TextStyle(size: 10), width: 200, direction: .rightToLeft,
                                measurer: ApproximateTextMeasurer.shared)
        let visual = String(String.UnicodeScalarView(layout.glyphs.map(\.scalar)))
        #expect(layout.direction == .rightToLeft)
        #expect(visual == "one two")                 // one left-to-right run (level 2)
        #expect(layout.lines[0].x == 200 - 42)      // aligned right
        let mixed = TextLayout("one אב", style: TextStyle(size: 10), width: 200, direction: .rightToLeft,
                               measurer: ApproximateTextMeasurer.shared)
        #expect(String(String.UnicodeScalarView(mixed.glyphs.map(\.scalar))) == "בא one")
    }

    @Test("Thai lines break only where libthai's word breaker does (ICU's dictionary, checked against libthai)")
    func thaiBreaks() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/ThaiSegmentation.txt")
        let sentences = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(sentences.count == 4)
        var broke = 0
        for sentence in sentences {
            let words = sentence.split(separator: "|").map(String.init)
            var boundaries: Set<Int> = [0]
            var offset = 0
            for w in words { offset += w.unicodeScalars.count; boundaries.insert(offset) }
            // 6 pt a scalar: 60 pt holds the longest word (9 scalars), so no word is cut for want of room.
            let layout = TextLayout(words.joined(), style: TextStyle(size: 10), width: 60, measurer: ApproximateTextMeasurer.shared)
            broke += layout.lines.count - 1
            for line in layout.lines {
                #expect(boundaries.contains(line.scalars.lowerBound), "a line of \"\(sentence)\" starts inside a word")
            }
        }
        #expect(broke >= 8)
    }
}
