// The accessibility tree's text requests on hostile arguments: a range's box is the union of its characters' boxes
// (the oracle: each character's own box, the way the C side once asked for them one by one) for any range, clamped
// ones included, and the word, sentence and paragraph ranges of a huge text are looked for near the offset only.

import Motion
import Testing
@testable import ScrollKit

@Suite("Accessible text on hostile arguments", .serialized)
@MainActor
struct AccessibleTextBoundsTests {
    func form() -> (root: ViewNode, field: TextFieldView, area: TextAreaView) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 360, height: 600))
        let field = TextFieldView(placeholder: "Name", frame: Rect(x: 16, y: 20, width: 328, height: TextFieldView.height))
        let area = TextAreaView(frame: Rect(x: 16, y: 100, width: 200, height: 300))
        field.textMeasurer = ApproximateTextMeasurer.shared
        area.textMeasurer = ApproximateTextMeasurer.shared
        root.addSubview(field)
        root.addSubview(area)
        return (root, field, area)
    }

    /// The union of the boxes of characters `range` (clamped to the text), each asked for on its own.
    func unionOfCharacters(_ e: AccessibleElement, _ range: Range<Int>, count: Int) -> Rect? {
        var u: Rect?
        for i in max(range.lowerBound, 0)..<max(max(range.lowerBound, 0), min(range.upperBound, count)) {
            guard let r = e.characterFrame(at: i), r.width > 0 else { continue }
            guard let v = u else { u = r; continue }
            let x = min(v.minX, r.minX), y = min(v.minY, r.minY)
            u = Rect(x: x, y: y, width: max(v.maxX, r.maxX) - x, height: max(v.maxY, r.maxY) - y)
        }
        return u
    }

    @Test("a range's box is its characters' boxes' union, on one line and wrapped over several; offsets of ±10^9 and reversed or empty ranges are clamped or refused")
    func rangeBoxes() throws {
        let f = form()
        f.field.text = "hello world"
        f.area.text = "the quick brown fox jumps over the lazy dog and keeps running far away"
        for (e, count) in [(AccessibleElement.view(f.field), 11), (AccessibleElement.view(f.area), 70)] {
            for range in [0..<1, 2..<7, 0..<count, 5..<count, 17..<40, 1..<(count - 1)] where range.upperBound <= count {
                let box = try #require(e.textRangeFrame(range), "\(range)")
                let oracle = try #require(unionOfCharacters(e, range, count: count))
                #expect(abs(box.minX - oracle.minX) < 1e-9 && abs(box.maxX - oracle.maxX) < 1e-9
                        && abs(box.minY - oracle.minY) < 1e-9 && abs(box.maxY - oracle.maxY) < 1e-9, "\(range): \(box) vs \(oracle)")
            }
            #expect(e.textRangeFrame(-1_000_000_000..<1_000_000_000) == e.textRangeFrame(0..<count))
            #expect(e.textRangeFrame(Int.min..<Int.max) == e.textRangeFrame(0..<count))
            #expect(e.textRangeFrame(5..<5) == nil && e.textRangeFrame(count..<1_000_000_000) == nil)
        }
        #expect(AccessibleElement.view(f.root).textRangeFrame(0..<5) == nil)   // no text: no box
    }

    @Test("words, sentences and paragraphs of a huge text are found within textRangeWindow of the offset; hostile offsets are refused")
    func rangesNearTheOffset() {
        let f = form()
        let window = AccessibleElement.textRangeWindow
        // Words "ab" with spaces: the oracle is arithmetic (word k starts at 3k and runs to 3k + 3).
        f.area.text = String(repeating: "ab ", count: 3 * window)
        let e = AccessibleElement.view(f.area)
        for o in [0, 1, 2, 3 * window, 3 * window + 1, 9 * window - 1] {
            #expect(e.textRange(.wordStart, at: o) == (o / 3 * 3)..<(o / 3 * 3 + 3), "\(o)")
        }
        // One word of 5 windows: cut at a window's reach each side of the offset.
        f.area.text = String(repeating: "x", count: 5 * window)
        let o = 2 * window + 17
        #expect(e.textRange(.wordStart, at: o) == (o - window)..<(o + window + 1))
        #expect(e.textRange(.paragraph, at: o) == (o - window)..<(o + window + 1))
        for bad in [-1, -1_000_000_000, 1_000_000_000, Int.min, Int.max] {
            for unit in AccessibleTextUnit.allCases { #expect(e.textRange(unit, at: bad) == nil, "\(unit) \(bad)") }
            #expect(e.characterFrame(at: bad) == nil)
        }
    }
}
