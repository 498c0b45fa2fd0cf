// The accessibility tree's Text and EditableText: offsets in code points (as AT-SPI counts them), the caret and the
// selection, ranges by word, sentence, line and paragraph (hand-segmented by UAX #29's rules), character boxes and
// hit tests (from the field's documented padding and ApproximateTextMeasurer's fixed advance), edits through the
// editing model (undo, onChange, maxLength, the input filter, disabled fields), and the text events' edits against
// an exhaustive brute-force oracle.

import Motion
import Testing
@testable import ScrollKit

@Suite("Accessible text", .serialized)
@MainActor
struct AccessibleTextTests {
    /// A 360 × 600 root with a one-line field at (16, 20), 328 wide, measured by ApproximateTextMeasurer
    /// (every scalar 0.6 × 17 = 10.2 pt wide, lines 1.2 × 17 = 20.4 pt tall).
    @MainActor
    struct Form {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 360, height: 600))
        let field = TextFieldView(placeholder: "Name", frame: Rect(x: 16, y: 20, width: 328, height: TextFieldView.height))
        let area = TextAreaView(frame: Rect(x: 16, y: 100, width: 328, height: 200))
        init() {
            field.textMeasurer = ApproximateTextMeasurer.shared
            area.textMeasurer = ApproximateTextMeasurer.shared
            root.addSubview(field)
            root.addSubview(area)
            ViewNode.clipboard = MemoryClipboard()
        }
        var element: AccessibleElement { .view(field) }
    }

    @Test("offsets count code points: an emoji ZWJ sequence is 3, é is 1; the caret and selection follow the field")
    func codePointOffsets() {
        let form = Form()
        // 👩‍💻 is U+1F469 U+200D U+1F4BB: 3 code points (5 UTF-16 units, 11 UTF-8 bytes); "café" with U+00E9: 4.
        form.field.text = "👩\u{200D}💻 caf\u{E9}"
        let e = form.element
        #expect(e.accessibleText == "👩\u{200D}💻 caf\u{E9}")
        #expect(e.textCaret == 8 && e.textSelection == nil)
        form.field.becomeFocused()
        _ = form.field.editingKey(.left, modifiers: [], time: 0)
        #expect(e.textCaret == 7)
        #expect(e.selectText(0..<3))
        #expect(e.textSelection == 0..<3 && e.textCaret == 3)
        #expect(form.field.editingModel.selectedText == "👩\u{200D}💻")
        // Inside the cluster: moved back to its start, as a person's selection is.
        #expect(e.selectText(1..<2))
        #expect(e.textSelection == nil && e.textCaret == 0)
        #expect(e.textRange(.character, at: 5) == 5..<6 && e.textRange(.character, at: 8) == 8..<8)
        #expect(e.textRange(.character, at: 9) == nil && e.textRange(.wordStart, at: -1) == nil)
    }

    @Test("a secure field shows a bullet per character, never its text; edits by bullet offsets; copy and cut refuse")
    func secureField() {
        let form = Form()
        form.field.isSecure = true
        form.field.text = "pa👍🏽ss"   // 👍🏽 (two code points) is one character: five bullets
        let e = form.element
        #expect(e.accessibleText == "•••••" && e.textCaret == 5)
        #expect(e.textRange(.wordStart, at: 2) == 0..<5)
        #expect(!e.copyText(in: 0..<5) && !e.cutText(in: 0..<5))
        #expect(ViewNode.clipboard.text(in: .clipboard) == nil)
        #expect(e.replaceText(in: 2..<3, with: "x"))
        #expect(form.field.text == "paxss" && e.textCaret == 3)
        #expect(e.characterFrame(at: 4) != nil && e.characterFrame(at: 6) == nil)
    }

    @Test("words, sentences, lines and paragraphs as AT-SPI's boundaries ask (UAX #29 segments by hand)")
    func ranges() {
        let form = Form()
        //            0    5  7    12 14 17  21 22          33
        let text = "Hello, world. Foo bar\nSecond line"
        form.area.text = text
        let e = AccessibleElement.view(form.area)
        func string(_ r: Range<Int>?) -> String? {
            guard let r else { return nil }
            return String(String.UnicodeScalarView(Array(text.unicodeScalars)[r]))
        }
        #expect(string(e.textRange(.wordStart, at: 2)) == "Hello, ")
        #expect(string(e.textRange(.wordStart, at: 8)) == "world. ")
        #expect(string(e.textRange(.wordStart, at: 33)) == "line")   // at the end: the last word
        #expect(string(e.textRange(.wordEnd, at: 8)) == ", world")
        #expect(string(e.textRange(.wordEnd, at: 3)) == "Hello")
        #expect(string(e.textRange(.sentenceStart, at: 3)) == "Hello, world. ")
        #expect(string(e.textRange(.sentenceStart, at: 15)) == "Foo bar\n")
        #expect(string(e.textRange(.sentenceEnd, at: 13)) == " Foo bar")
        #expect(string(e.textRange(.lineStart, at: 15)) == "Hello, world. Foo bar\n")
        #expect(string(e.textRange(.lineEnd, at: 25)) == "\nSecond line")
        #expect(string(e.textRange(.paragraph, at: 25)) == "Second line")
        // A label's text (its name) has the same ranges, lines by paragraph, and no caret.
        let label = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        label.accessibilityRole = .label
        label.accessibilityLabel = "One. Two"
        form.root.addSubview(label)
        #expect(label.accessibleElement.accessibleText == "One. Two" && label.accessibleElement.textCaret == nil)
        #expect(label.accessibleElement.textRange(.sentenceStart, at: 6) == 5..<8)
        #expect(label.accessibleElement.characterFrame(at: 0) == nil && !label.accessibleElement.isTextEditable)
    }

    @Test("a wrapped line ends where the next starts: lines come from the layout")
    func wrappedLines() {
        let form = Form()
        // The area's text is 328 − 24 = 304 pt wide: 29 characters of 10.2 pt; "seven" would end at 33.
        form.area.text = "one two three four five six seven eight"
        let e = AccessibleElement.view(form.area)
        #expect(e.textRange(.lineStart, at: 5) == 0..<28)
        #expect(e.textRange(.lineStart, at: 30) == 28..<39)
        #expect(e.textRange(.lineEnd, at: 30) == 28..<39)
    }

    @Test("character boxes and hit tests: the field's padding, the measurer's advance, the line's height")
    func characterBoxes() throws {
        let form = Form()
        form.field.text = "abc"
        let e = form.element
        // The text starts inside the 12 pt padding, centred on the 44 pt box: y = 20 + 22 − 20.4 / 2.
        let x0 = 16 + TextFieldView.padding, top = 20 + 22 - 10.2
        let b = try #require(e.characterFrame(at: 1))
        #expect(abs(b.minX - (x0 + 10.2)) < 1e-9 && abs(b.width - 10.2) < 1e-9)
        #expect(abs(b.minY - top) < 1e-9 && abs(b.height - 20.4) < 1e-9)
        let end = try #require(e.characterFrame(at: 3))
        #expect(abs(end.minX - (x0 + 30.6)) < 1e-9 && end.width == 0)
        #expect(e.characterOffset(at: Point(x: x0 + 2 * 10.2 + 1, y: 42)) == 2)
        #expect(e.characterOffset(at: Point(x: x0 + 0.5, y: 42)) == 0)
        #expect(e.characterOffset(at: Point(x: x0 + 40, y: 42)) == nil)   // past the text
        #expect(e.characterOffset(at: Point(x: x0 + 1, y: 300)) == nil)   // outside the field
        #expect(e.characterFrame(at: 4) == nil && e.characterFrame(at: -1) == nil)
    }

    @Test("edits go through the editing model: one undo step, onChange, maxLength, the filter, one line")
    func edits() {
        let form = Form()
        var changes: [String] = []
        form.field.onChange = { changes.append($0) }
        form.field.text = "Hel"
        let e = form.element
        #expect(e.isTextEditable)
        #expect(e.insertText("lo", at: 3) == 5)
        #expect(form.field.text == "Hello" && changes == ["Hello"])
        _ = form.field.editingKey(.z, modifiers: .control, time: 0)
        #expect(form.field.text == "Hel")
        #expect(e.setTextContents("Hello world"))
        #expect(e.deleteText(in: 5..<11) && form.field.text == "Hello")
        #expect(e.insertText("a\nb", at: 0) == 2 && form.field.text == "abHello")   // one line: no newline
        form.field.maxLength = 8
        #expect(e.insertText("xyz", at: 7) == 8 && form.field.text == "abHellox")
        form.field.maxLength = 0
        form.field.inputFilter = .digits
        form.field.text = ""
        #expect(e.insertText("1a2", at: 0) == 2 && form.field.text == "12")
        // Refused whole: nothing changes, the caret stays.
        #expect(e.insertText("ab", at: 0) == nil && form.field.text == "12" && e.textCaret == 2)
        form.field.inputFilter = nil
        #expect(e.copyText(in: 0..<1) && ViewNode.clipboard.text(in: .clipboard) == "1")
        #expect(e.cutText(in: 1..<2) && form.field.text == "1" && ViewNode.clipboard.text(in: .clipboard) == "2")
        #expect(e.pasteText(at: 0) && form.field.text == "21")
        form.field.isEnabled = false
        #expect(!e.isTextEditable && !e.setTextContents("no") && !e.deleteText(in: 0..<2) && !e.pasteText(at: 0))
        #expect(!e.selectText(0..<1) && form.field.text == "21")
        #expect(changes.last == "21")
        #expect(!AccessibleElement.view(form.root).replaceText(in: 0..<0, with: "x"))   // not a text field
    }

    @Test("a text change's edits, for every pair of texts over {a, b} up to 4 long and every caret: they turn the old text into the new, are the smallest pair, and meet the caret")
    func changesAgainstBruteForce() {
        var texts = [""], level = [""]
        for _ in 0..<4 {
            level = level.flatMap { [$0 + "a", $0 + "b"] }
            texts += level
        }
        for old in texts {
            for new in texts where new != old {
                let a = Array(old), b = Array(new)
                // The oracle: the most characters a removal-then-insertion can keep (every split tried).
                var keptMost = 0
                for p in 0...min(a.count, b.count) where a[..<p] == b[..<p] {
                    for s in 0...(min(a.count, b.count) - p) where a[(a.count - s)...] == b[(b.count - s)...] {
                        keptMost = max(keptMost, p + s)
                    }
                }
                for caret in 0...b.count {
                    let changes = AccessibleTextState(text: new, caret: caret).changes(from: AccessibleTextState(text: old, caret: 0))
                    var result = a
                    var removed = 0, inserted = 0
                    for change in changes {
                        switch change {
                        case .removed(let at, let text):
                            #expect(Array(result[at..<at + text.count]) == Array(text))
                            result.removeSubrange(at..<at + text.count)
                            removed = text.count
                        case .inserted(let at, let text):
                            result.insert(contentsOf: Array(text), at: at)
                            inserted = text.count
                        }
                    }
                    #expect(result == b, "\(old) → \(new), caret \(caret): \(changes)")
                    #expect(removed == a.count - keptMost && inserted == b.count - keptMost)
                }
            }
        }
        // Typing "a" after "a" inserts at the caret; before it, at the start; Backspace removes before the caret.
        #expect(AccessibleTextState(text: "aa", caret: 2).changes(from: .init(text: "a", caret: 1)) == [.inserted(at: 1, text: "a")])
        #expect(AccessibleTextState(text: "aa", caret: 1).changes(from: .init(text: "a", caret: 0)) == [.inserted(at: 0, text: "a")])
        #expect(AccessibleTextState(text: "ab", caret: 1).changes(from: .init(text: "abb", caret: 2)) == [.removed(at: 1, text: "b")])
        #expect(AccessibleTextState(text: "xyz", caret: 3).changes(from: .init(text: "abc", caret: 3))
                == [.removed(at: 0, text: "abc"), .inserted(at: 0, text: "xyz")])
    }
}
