// Issue 41: text of any size. A field holding a million characters lays out only the window around its caret;
// a cluster of 10^5 combining marks shapes as a few glyphs; the model's cluster boundaries, updated around each
// edit, equal the boundaries found from scratch; a paste past the field's byte limit inserts nothing and says so;
// the shaped-run cache stays within its byte budget. (Speed is measured in `make bench`: text-probe.)
import Foundation
@testable import ScrollKit
@testable import ScrollKitSDL
import SplitMix
import Testing

@Suite("Big text", .serialized)
@MainActor
struct BigTextTests {
    static let words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "

    static func prose(_ count: Int) -> String { String(String(repeating: words, count: count / words.count + 1).prefix(count)) }

    func field(_ measurer: any TextMeasurer = ApproximateTextMeasurer.shared) -> (ViewNode, TextFieldView) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let field = TextFieldView(frame: Rect(x: 10, y: 10, width: 300, height: TextFieldView.height))
        field.textMeasurer = measurer
        root.addSubview(field)
        _ = field.becomeFocused()
        return (root, field)
    }

    /// Where the caret is drawn, in root coordinates (as caretRectInRoot says once focused).
    func caretRect(_ field: TextFieldView) -> Rect {
        let box = field.caretBox(layoutOffset: field.layoutOffset(field.editingModel.caret))
        let origin = field.layoutOriginInRoot()
        return Rect(x: origin.x + box.minX, y: origin.y + box.minY, width: 2, height: box.height)
    }

    @Test("a field with 10^6 characters lays out a window around the caret, and shows the caret inside the box")
    func fieldLaysOutAWindow() throws {
        let (_, field) = field()
        let text = Self.prose(1_000_000)
        ViewNode.clipboard.setText(text, in: .clipboard)
        #expect(field.editingKey(.v, modifiers: [.control], time: 0))
        #expect(field.text == text)
        let layout = try #require(field.layout)
        let laidOut = layout.text.unicodeScalars.count
        #expect(laidOut <= 2 * TextEditingView.windowReach + 1, "laid out \(laidOut) scalars")
        // The caret at the end shows inside the field's text box, right after the text's last glyph.
        let caret = caretRect(field)
        let box = field.convert(field.textRect, to: nil)
        #expect(caret.minX >= box.minX - 2 && caret.maxX <= box.maxX + 2, "caret \(caret) box \(box)")
        // Typing at the end: the text as a model of scalars says, the window still small.
        field.insertText("!", time: 1)
        #expect(field.text == text + "!")
        #expect((field.layout?.text.unicodeScalars.count ?? .max) <= 2 * TextEditingView.windowReach + 1)
        #expect(field.layout?.text.hasSuffix(String(text.suffix(5)) + "!") == true)
        // Home: the window comes to the start, which shows at the box's leading edge.
        #expect(field.editingKey(.home, modifiers: [], time: 2))
        let start = try #require(field.layout)
        #expect(start.text.hasPrefix("lorem ipsum"))
        #expect(field.layoutWindow.lowerBound == 0)
        let home = caretRect(field)
        #expect(abs(home.minX - box.minX) < 3, "caret \(home) box \(box)")
        // A click in the middle of the box at the start puts the caret on the text under it (hit testing in the window).
        field.insertText("Z", time: 3)
        #expect(field.text.hasPrefix("Zlorem"))
    }

    @Test("moving along a long field keeps the text in place: the caret moves by a cluster's width, not a jump")
    func windowMovesSmoothly() throws {
        let (_, field) = field()
        field.text = Self.prose(40_000)
        field.selectedRange = 0..<0
        _ = field.layout
        var last = caretRect(field).minX
        var moves = 0
        // Word by word to well past the first window's margin: the caret never jumps back by more than the box.
        for _ in 0..<1200 {
            _ = field.editingKey(.right, modifiers: [.control], time: 0)
            let x = caretRect(field).minX
            #expect(x.isFinite)
            if x < last - 1 { moves += 1 }
            last = x
            let box = field.convert(field.textRect, to: nil)
            #expect(x >= box.minX - 3 && x <= box.maxX + 3)
        }
        #expect(field.layoutWindow.lowerBound > 0, "the window moved along")
        #expect(moves == 0, "the caret went back \(moves) times")
    }

    @Test("a letter under 10^5 combining marks is shaped with its first marks only")
    func giantClusterIsCapped() {
        var view = String.UnicodeScalarView()
        view.append("a")
        for i in 0..<100_000 { view.append(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) }
        view.append("b")
        let text = String(view)
        for measurer in [ApproximateTextMeasurer.shared as any TextMeasurer, FontTextMeasurer(pixelScale: 1)] {
            let layout = TextLayout(text, style: TextStyle(size: 17), width: .infinity, measurer: measurer)
            #expect(layout.glyphs.count <= TextLayoutBuilder<ApproximateTextMeasurer>.maxShapedScalarsPerCluster + 1 + 4,
                    "\(layout.glyphs.count) glyphs")
            #expect(layout.glyphs.last?.cluster == 100_001)   // "b" keeps its offset
            #expect(layout.caret(at: 100_001) != nil)
        }
    }

    @Test("cluster boundaries kept up to date around each edit equal those found from scratch")
    func boundariesAfterEdits() {
        var rng = SplitMix64(seed: 4141)
        var model = TextEditingModel(text: "")
        let pieces: [[UInt32]] = [[0x1F1E9], [0x1F1EA], [0x200D], [0x1F469], [0x301], [0x0D, 0x0A], [0x0A], [0x61], [0x20],
                                  [0x1100], [0x1161], [0x11A8], [0x915, 0x94D], [0x915], [0xFE0F], [0x1F3FB], [0xE01], [0xE31]]
        for _ in 0..<3000 {
            let c = rng.int(below: model.scalarCount + 1), a = rng.int(below: model.scalarCount + 1)
            model.select(anchor: a, caret: c)
            if rng.int(below: 4) == 0 {
                model.deleteBackward()
            } else {
                var view = String.UnicodeScalarView()
                for _ in 0..<(1 + rng.int(below: 4)) {
                    for v in pieces[rng.int(below: pieces.count)] { view.append(Unicode.Scalar(v)!) }
                }
                model.insert(String(view))
            }
            if rng.int(below: 8) == 0 { model.undo() }
            #expect(model.boundaries == TextBoundaries(model.scalars), "\(model.text.debugDescription)")
            #expect(model.boundaries.clusters == Self.characterBoundaries(model.scalars), "\(model.text.debugDescription)")
            if model.boundaries != TextBoundaries(model.scalars) { break }
            if model.scalarCount > 400 { model.setText("") }
        }
    }

    /// The oracle: Swift's own grapheme clusters of the whole string, as scalar offsets.
    static func characterBoundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var out = [0], offset = 0
        for character in String(view) { offset += character.unicodeScalars.count; out.append(offset) }
        return out
    }

    @Test("cluster boundaries (ASCII split without Characters) equal Swift's Characters, ASCII next to marks, CR LF, prepend, flags and ZWJ")
    func boundariesMatchCharacters() {
        var rng = SplitMix64(seed: 77)
        let pieces: [[UInt32]] = [[0x61], [0x62, 0x63], [0x20], [0x0D], [0x0A], [0x0D, 0x0A], [0x301], [0x300, 0x302], [0x600],
                                  [0x110BD], [0x1F1E9], [0x1F1EA], [0x200D], [0x1F469], [0xFE0F], [0x1F3FB], [0x915, 0x94D],
                                  [0x903], [0x1100], [0x1161], [0x11A8], [0xE33], [0x7F], [0x09], [0xE0100], [0xFFFF], [0x00]]
        for _ in 0..<2000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<rng.int(below: 40) {
                for v in pieces[rng.int(below: pieces.count)] { scalars.append(Unicode.Scalar(v)!) }
            }
            let found = TextBoundaries(scalars).clusters
            #expect(found == Self.characterBoundaries(scalars), "\(scalars.map { String($0.value, radix: 16) })")
            if found != Self.characterBoundaries(scalars) { break }
        }
    }

    @Test("a paste past maxTextBytes inserts nothing and calls onPasteRefused with its size")
    func pasteTooLongIsRefused() {
        let (_, field) = field()
        #expect(field.maxTextBytes == TextEditingModel.defaultMaxTextBytes)
        field.text = "abc"
        var refused: [Int] = []
        var changes = 0
        field.onPasteRefused = { refused.append($0) }
        field.onChange = { _ in changes += 1 }
        let big = String(repeating: "x", count: 5_000_000)
        ViewNode.clipboard.setText(big, in: .clipboard)
        #expect(field.editingKey(.v, modifiers: [.control], time: 0))
        #expect(field.text == "abc")
        #expect(refused == [5_000_000])
        #expect(changes == 0)
        // Within the limit it pastes, and says nothing.
        field.maxTextBytes = 6_000_000
        #expect(field.editingKey(.v, modifiers: [.control], time: 1))
        #expect(field.text.utf8.count == 5_000_003)
        #expect(refused == [5_000_000])
        // Typing at the limit is refused too, without the call.
        field.maxTextBytes = field.text.utf8.count
        field.insertText("y", time: 2)
        #expect(field.text.utf8.count == 5_000_003 && refused.count == 1)
    }

    @Test("the byte limit counts what a paste would put in: a 3 MB paste into a 10-character or digits-only field inserts what fits, and an AT-SPI insert past the limit is refused with the same call")
    func pasteLimitCountsWhatGoesIn() {
        let (_, field) = field()
        var refused: [Int] = []
        field.onPasteRefused = { refused.append($0) }
        let big = String(repeating: "7x", count: 1_500_000)
        ViewNode.clipboard.setText(big, in: .clipboard)
        field.maxLength = 10
        #expect(field.editingKey(.v, modifiers: [.control], time: 0))
        #expect(field.text == "7x7x7x7x7x")
        field.text = ""
        field.maxLength = 0
        field.inputFilter = .digits
        #expect(field.editingKey(.v, modifiers: [.control], time: 1))
        #expect(field.text.utf8.count == 1_500_000 && refused.isEmpty)
        // Through AT-SPI's EditableText: refused whole, and said.
        field.inputFilter = nil
        field.text = "abc"
        #expect(AccessibleElement.view(field).replaceText(in: 0..<0, with: big) == false)
        #expect(field.text == "abc")
        #expect(refused == [3_000_000])
    }

    @Test("the shaped-run cache keeps within its byte budget while long runs come and go")
    func shapedRunCacheIsBoundedByBytes() {
        let measurer = FontTextMeasurer(pixelScale: 1)
        let base = Self.prose(200_000)
        for k in 0..<12 {
            _ = TextLayout(base + String(k), style: TextStyle(size: 17), width: .infinity, measurer: measurer)
            // Many short runs too: they stay cached.
            _ = TextLayout("row \(k)", style: TextStyle(size: 17), width: .infinity, measurer: measurer)
            #expect(measurer.shaper.cachedBytes <= RunShaper.cacheBudget)
        }
        let before = measurer.shaper.shapedRuns
        _ = TextLayout("row 11", style: TextStyle(size: 17), width: .infinity, measurer: measurer)
        #expect(measurer.shaper.shapedRuns == before, "a short run shaped just now is still cached")
        var cache = ByteBudgetCache<Int, Int>(budget: 1000)
        for k in 0..<100 { cache.insert(k, bytes: 100, for: k); _ = cache.value(for: 0) }
        #expect(cache.bytes <= 1000)
        #expect(cache.value(for: 0) == 0, "the entry used most recently stays")
        #expect(cache.value(for: 1) == nil, "an old one went")
    }
}
