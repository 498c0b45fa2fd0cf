// TextEditingModel against independent oracles: Swift's Character (extended grapheme clusters) as the model of
// caret moves and deletions, Unicode's WordBreakTest.txt (a vendored subset) for word boundaries, generated
// sentences whose words the generator knows for word moves, and the history of texts for undo and redo.

import Foundation
import SplitMix
import Testing
@testable import ScrollKit

@Suite("Text editing model")
struct TextEditingModelTests {
    /// Clusters that never merge with a neighbour: ASCII, precomposed and decomposed accents, an emoji ZWJ
    /// family, a flag, Hangul, CR LF, Arabic, a Devanagari conjunct, a space, a digit.
    static let pieces = ["a", "é", "e\u{301}", "👨‍👩‍👧", "🇫🇷", "한", "\r\n", "ب", "क्षि", " ", "1", "Z"]

    /// The reference: the text as Characters and the caret and anchor as Character indices.
    struct Reference {
        var characters: [Character] = []
        var caret = 0, anchor = 0
        var text: String { String(characters) }
        func scalars(_ index: Int) -> Int { characters[..<index].reduce(0) { $0 + $1.unicodeScalars.count } }
        var selection: Range<Int> { scalars(min(caret, anchor))..<scalars(max(caret, anchor)) }
        mutating func replaceSelection(with new: [Character]) {
            let lo = min(caret, anchor), hi = max(caret, anchor)
            characters.replaceSubrange(lo..<hi, with: new)
            caret = lo + new.count; anchor = caret
        }
    }

    @Test("random moves, typing and deletions keep the caret on Character boundaries")
    func clusterEditingMatchesCharacters() {
        var rng = SplitMix64(seed: 30)
        for _ in 0..<200 {
            var model = TextEditingModel()
            var reference = Reference()
            for _ in 0..<40 {
                let shift = rng.int(below: 3) == 0
                switch rng.int(below: 7) {
                case 0, 1:
                    let piece = Self.pieces[rng.int(below: Self.pieces.count)]
                    model.insert(piece)
                    reference.replaceSelection(with: Array(piece))
                case 2:
                    model.move(forward: true, by: .cluster, extending: shift)
                    if !shift && reference.caret != reference.anchor {
                        reference.caret = max(reference.caret, reference.anchor)
                    } else {
                        reference.caret = min(reference.caret + 1, reference.characters.count)
                    }
                    if !shift { reference.anchor = reference.caret }
                case 3:
                    model.move(forward: false, by: .cluster, extending: shift)
                    if !shift && reference.caret != reference.anchor {
                        reference.caret = min(reference.caret, reference.anchor)
                    } else {
                        reference.caret = max(reference.caret - 1, 0)
                    }
                    if !shift { reference.anchor = reference.caret }
                case 4:
                    model.deleteBackward()
                    if reference.caret == reference.anchor && reference.caret > 0 { reference.anchor = reference.caret - 1 }
                    reference.replaceSelection(with: [])
                case 5:
                    model.deleteForward()
                    if reference.caret == reference.anchor && reference.caret < reference.characters.count {
                        reference.anchor = reference.caret + 1
                    }
                    reference.replaceSelection(with: [])
                default:
                    model.move(forward: rng.int(below: 2) == 0, by: .all, extending: shift)
                    reference.caret = model.caret == 0 ? 0 : reference.characters.count
                    if !shift { reference.anchor = reference.caret }
                }
                #expect(model.text == reference.text)
                #expect(model.selection == reference.selection, "\(model.text.debugDescription)")
            }
        }
    }

    @Test("Backspace deletes a whole emoji ZWJ sequence and a whole flag (Apple's rule)")
    func backspaceDeletesWholeClusters() {
        var model = TextEditingModel(text: "hi👨‍👩‍👧🇫🇷")
        model.deleteBackward()
        #expect(model.text == "hi👨‍👩‍👧")
        model.deleteBackward()
        #expect(model.text == "hi")
    }

    /// Every line of the vendored WordBreakTest subset: the boundaries ICU gives are the ÷ marks.
    @Test("word boundaries match WordBreakTest.txt")
    func wordBoundariesMatchUnicodeTests() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/WordBreakTest-subset.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count >= 30)
        for line in lines {
            var scalars: [Unicode.Scalar] = []
            var expected: [Int] = []
            for token in line.split(separator: " ") {
                if token == "÷" { expected.append(scalars.count) }
                else if token != "×", let value = UInt32(token, radix: 16), let s = Unicode.Scalar(value) { scalars.append(s) }
            }
            let got = TextBoundaries.words(scalars).map(\.offset)
            #expect(got == expected, "\(line)")
        }
    }

    /// Sentences of generated words and separators: Ctrl+Right stops at each word's end, Ctrl+Left at each
    /// word's start, as the generator laid them out.
    @Test("word moves stop at the ends of generated words")
    func wordMovesFollowGeneratedWords() {
        let words = ["hello", "Ñandú", "мир", "Γειά", "42", "x", "don't"]
        let separators = [" ", ", ", ". ", " — ", "  "]
        var rng = SplitMix64(seed: 7)
        for _ in 0..<100 {
            var text = "", starts: [Int] = [], ends: [Int] = []
            for k in 0..<(1 + rng.int(below: 6)) {
                if k > 0 { text += separators[rng.int(below: separators.count)] }
                starts.append(text.unicodeScalars.count)
                text += words[rng.int(below: words.count)]
                ends.append(text.unicodeScalars.count)
            }
            var model = TextEditingModel(text: text)
            model.setCaret(0)
            for end in ends {
                model.move(forward: true, by: .word, extending: false)
                #expect(model.caret == end, "\(text)")
            }
            for start in starts.reversed() {
                model.move(forward: false, by: .word, extending: false)
                #expect(model.caret == start, "\(text)")
            }
        }
    }

    @Test("Ctrl+Backspace deletes the word before the caret; a double-click's word")
    func wordDeletionAndSelection() {
        var model = TextEditingModel(text: "one two, three")
        model.deleteBackward(by: .word)
        #expect(model.text == "one two, ")
        model.deleteBackward(by: .word)
        #expect(model.text == "one ")
        let m2 = TextEditingModel(text: "one two, three")
        #expect(m2.wordRange(at: 5) == 4..<7)
        #expect(m2.wordRange(at: 7) == 4..<7)   // at a word's end, before punctuation: the word
    }

    @Test("typing is undone a word at a time; undo all gives the first text, redo all the last")
    func undoCoalescesTypingByWords() {
        var model = TextEditingModel()
        for c in "hello world" { model.insert(String(c)) }
        model.undo()
        #expect(model.text == "hello ")
        model.undo()
        #expect(model.text == "")
        model.redo()
        model.redo()
        #expect(model.text == "hello world")
        // Backspaces in a row are one step; a caret move closes it.
        model.deleteBackward(); model.deleteBackward()
        model.move(forward: false, by: .cluster, extending: false)
        model.deleteBackward()
        #expect(model.text == "hello wr")
        model.undo()
        #expect(model.text == "hello wor")
        model.undo()
        #expect(model.text == "hello world")
    }

    @Test("random edits, each closed by a caret move: undo restores each earlier text in turn, redo the last")
    func undoRedoFollowTheHistory() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<100 {
            var model = TextEditingModel(text: "start")
            var history = [model.text]
            for _ in 0..<20 {
                let before = model.text
                switch rng.int(below: 4) {
                case 0: model.insert(Self.pieces[rng.int(below: Self.pieces.count)], typing: false)
                case 1: model.deleteBackward()
                case 2: model.move(forward: rng.int(below: 2) == 0, by: .cluster, extending: rng.int(below: 2) == 0)
                default: model.insert("paste", typing: false)
                }
                if model.text != before { history.append(model.text) }
                // A caret move closes the undo step (Backspaces in a row would otherwise be one step).
                model.move(to: model.caret, extending: false)
            }
            let last = model.text
            for expected in history.reversed().dropFirst() {
                model.undo()
                #expect(model.text == expected)
            }
            #expect(!model.canUndo)
            while model.redo() {}
            #expect(model.text == last)
        }
    }

    @Test("maxLength counts clusters; the filter drops refused characters; single-line drops newlines")
    func limitsAndFilters() {
        var model = TextEditingModel()
        model.maxLength = 3
        model.insert("👨‍👩‍👧a🇫🇷bc")
        #expect(model.text == "👨‍👩‍👧a🇫🇷")
        var digits = TextEditingModel()
        digits.filter = .digits
        digits.insert("1a2 ٣3")
        #expect(digits.text == "123")
        var line = TextEditingModel()
        line.isSingleLine = true
        line.insert("a\nb\r\nc")
        #expect(line.text == "abc")
    }

    @Test("a composition shows at the caret and a commit replaces it; an empty one ends it")
    func compositionThenCommit() {
        var model = TextEditingModel(text: "ab")
        model.setCaret(1)
        model.setComposition("ni", cursor: 2)
        #expect(model.displayText == "anib" && model.text == "ab" && model.compositionRange == 1..<3)
        model.insert("你")
        #expect(model.text == "a你b" && model.composition.isEmpty && model.caret == 2)
        model.setComposition("x", cursor: 1)
        model.setComposition("", cursor: 0)
        #expect(model.text == "a你b" && model.displayText == "a你b")
    }
}
