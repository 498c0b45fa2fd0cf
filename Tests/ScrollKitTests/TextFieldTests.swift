// TextFieldView and TextAreaView in a view tree: routing (typed text, keys, Space and the arrows with a field focused,
// Tab moving on), the clipboard and the primary selection, the caret's blink and its frames, presses inside a
// scroll view (a tap focuses and places the caret, a vertical drag still scrolls), and a touch long press.

import Motion
import Testing
@testable import ScrollKit

@Suite("Text fields", .serialized)
@MainActor
struct TextFieldTests {
    /// A 360 × 600 root holding a scroll view (content 2,000 tall) with two fields and a text area in it.
    @MainActor
    struct Form {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 360, height: 600))
        let scroll = ScrollingView(frame: Rect(x: 0, y: 0, width: 360, height: 600), contentSize: Size(width: 360, height: 2000))
        let name = TextFieldView(placeholder: "Name", frame: Rect(x: 16, y: 20, width: 328, height: TextFieldView.height))
        let pin = TextFieldView(placeholder: "PIN", frame: Rect(x: 16, y: 80, width: 328, height: TextFieldView.height))
        let notes = TextAreaView(frame: Rect(x: 16, y: 140, width: 328, height: 120))
        init() {
            for v in [name, pin, notes] as [TextEditingView] {
                v.textMeasurer = ApproximateTextMeasurer.shared
                scroll.addSubview(v)
            }
            root.addSubview(scroll)
            ViewNode.clipboard = MemoryClipboard()
        }
        func frames(from t0: Double, to t1: Double) {
            var t = t0
            while t < t1 {
                root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60))
                t += 1.0 / 60
            }
        }
    }

    @Test("typed text, Backspace and Ctrl+Z go to the focused field; focusedTextInput names it")
    func typingGoesToTheFocusedField() {
        let form = Form()
        #expect(form.root.focusedTextInput == nil)
        form.root.handle(.text("ignored", time: 0))
        form.name.becomeFocused()
        #expect(form.root.focusedTextInput === form.name)
        form.root.handle(.text("Jo", time: 0))
        form.root.handle(.text("sé", time: 0))
        form.root.handle(.key(.backspace, time: 0))
        #expect(form.name.text == "Jos" && form.name.selectedScalarRange == 3..<3)
        form.root.handle(.key(.z, modifiers: .control, time: 0))
        #expect(form.name.text == "José")      // the Backspace undone
        form.root.handle(.key(.z, modifiers: .control, time: 0))
        #expect(form.name.text == "")          // the typing, one word, undone
        form.root.handle(.key(.z, modifiers: [.control, .shift], time: 0))
        #expect(form.name.text == "José")
    }

    @Test("Space, the arrows and PageDown edit rather than scroll or move focus; Tab moves on")
    func keysStayInTheField() {
        let form = Form()
        form.name.becomeFocused()
        form.root.handle(.text("ab", time: 0))
        form.root.handle(.key(.space, time: 0))
        form.root.handle(.key(.left, time: 0))
        form.frames(from: 0, to: 0.5)
        #expect(form.scroll.contentOffset.y == 0)
        #expect(form.root.focusedView === form.name && form.name.selectedScalarRange == 1..<1)
        form.root.handle(.key(.tab, time: 0.6))
        #expect(form.root.focusedView === form.pin)
    }

    @Test("Ctrl+A, Ctrl+C, Ctrl+V and Ctrl+X through ViewNode.clipboard; selecting sets the primary selection")
    func clipboardAndPrimary() {
        let form = Form()
        form.name.becomeFocused()
        form.root.handle(.text("copy me", time: 0))
        form.root.handle(.key(.a, modifiers: .control, time: 0))
        #expect(ViewNode.clipboard.text(in: .primary) == "copy me")
        form.root.handle(.key(.c, modifiers: .control, time: 0))
        form.root.handle(.key(.end, time: 0))
        form.root.handle(.key(.v, modifiers: .control, time: 0))
        #expect(form.name.text == "copy mecopy me")
        form.root.handle(.key(.left, modifiers: [.shift, .control], time: 0))
        form.root.handle(.key(.left, modifiers: [.shift, .control], time: 0))
        form.root.handle(.key(.x, modifiers: .control, time: 0))
        #expect(form.name.text == "copy " && ViewNode.clipboard.text(in: .clipboard) == "mecopy me")
        // A secure field copies nothing.
        form.pin.isSecure = true
        form.pin.text = "1234"
        form.pin.becomeFocused()
        form.root.handle(.key(.a, modifiers: .control, time: 0))
        form.root.handle(.key(.c, modifiers: .control, time: 0))
        #expect(ViewNode.clipboard.text(in: .clipboard) == "mecopy me")
        // A middle-click pastes the primary selection into the field under it.
        ViewNode.clipboard.setText("primary", in: .primary)
        form.root.handle(.pastePrimary(location: Point(x: 300, y: 42), time: 1))
        #expect(form.name.text == "copy primary")
        #expect(form.root.focusedView === form.name)
    }

    @Test("the caret blinks through frames while focused, rests solid after its blinks, and asks no frames unfocused")
    func caretBlinkFrames() {
        let form = Form()
        #expect(!form.root.isAnimating)
        form.name.becomeFocused()
        #expect(form.root.isAnimating)
        var sawOff = false
        var t = 0.0
        while t < 12 {
            form.root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60))
            if t + 1.0 / 60 < 0.5 { #expect(form.name.caretOpacity == 1) }
            if form.name.caretOpacity == 0 { sawOff = true }
            t += 1.0 / 60
        }
        #expect(sawOff)
        #expect(!form.root.isAnimating && form.name.caretOpacity == 1)
        form.root.handle(.text("x", time: 12))
        #expect(form.root.isAnimating)
        form.name.resignFocus()
        #expect(!form.root.isAnimating)
    }

    @Test("inside a scroll view, a tap on a field focuses it with the caret there; a vertical drag scrolls")
    func pressesDoNotFightTheScroll() {
        let form = Form()
        form.name.text = "abcdef"
        // A touch drag starting on the field: the list scrolls, the field does not take focus.
        form.root.handle(.touchDown(device: 1, id: 1, location: Point(x: 100, y: 40), time: 0))
        for k in 1...10 {
            form.root.handle(.touchMove(device: 1, id: 1, location: Point(x: 100, y: 40 - Double(k) * 15), time: Double(k) * 0.016))
        }
        form.root.handle(.touchUp(device: 1, id: 1, location: Point(x: 100, y: -110), time: 0.2))
        form.frames(from: 0.2, to: 0.3)
        #expect(form.scroll.contentOffset.y > 50)
        #expect(form.root.focusedView == nil)
        // A click (mouse) on the unfocused field: focus, caret at the clicked cluster.
        let form2 = Form()
        form2.name.text = "abcdef"
        let origin = form2.name.layoutOriginInRoot()
        let x = origin.x + 2.5 * 0.6 * 17   // between the 2nd and 3rd clusters' middles → offset 3? (leading half of "c"… )
        form2.root.handle(.pointerDown(location: Point(x: x, y: 42), time: 0))
        form2.root.handle(.pointerUp(location: Point(x: x, y: 42), time: 0.05))
        #expect(form2.root.focusedView === form2.name)
        #expect(form2.name.selectedScalarRange == 3..<3)
        #expect(!form2.name.focusedByKey)
    }

    @Test("a touch long press selects a word and shows handles; dragging the end handle extends it")
    func longPressSelectsAWord() {
        let form = Form()
        form.notes.text = "alpha beta gamma"
        let origin = form.notes.layoutOriginInRoot()
        let p = Point(x: origin.x + 7.5 * 0.6 * 17, y: origin.y + 5)   // inside "beta"
        form.root.handle(.touchDown(device: 1, id: 1, location: p, time: 0))
        form.frames(from: 0, to: 0.6)
        #expect(form.notes.selectedScalarRange == 6..<10 && form.notes.showsHandles)
        form.root.handle(.touchUp(device: 1, id: 1, location: p, time: 0.6))
        // Drag the end handle to the end of "gamma".
        let handles = form.notes.handlePointsInRoot()!
        form.root.handle(.touchDown(device: 1, id: 2, location: handles.end, time: 1))
        let end = Point(x: origin.x + 16 * 0.6 * 17, y: handles.end.y)
        form.root.handle(.touchMove(device: 1, id: 2, location: end, time: 1.1))
        form.root.handle(.touchUp(device: 1, id: 2, location: end, time: 1.2))
        #expect(form.notes.selectedScalarRange == 6..<16)
    }

    @Test("Return submits a field; in a text area it is a newline; Escape clears a search field")
    func returnAndEscape() {
        let form = Form()
        var submitted: String?
        var changes: [String] = []
        form.name.onSubmit = { submitted = $0 }
        form.name.onChange = { changes.append($0) }
        form.name.clearsOnEscape = true
        form.name.becomeFocused()
        form.root.handle(.text("q", time: 0))
        form.root.handle(.key(.enter, time: 0))
        #expect(submitted == "q")
        form.root.handle(.key(.escape, time: 0))
        #expect(form.name.text == "" && changes == ["q", ""])
        form.notes.becomeFocused()
        form.root.handle(.text("a", time: 0))
        form.root.handle(.key(.enter, time: 0))
        form.root.handle(.text("b", time: 0))
        #expect(form.notes.text == "a\nb")
        form.root.handle(.key(.up, time: 0))
        #expect(form.notes.selectedScalarRange == 1..<1)
    }
}

extension TextFieldTests {
    @Test("the caret follows a typed trailing space, and a newline typed at the end of a text area")
    func caretAfterTrailingSpaceAndNewline() {
        let form = Form()
        form.name.becomeFocused()
        form.root.handle(.text("ab", time: 0))
        let before = form.name.caretRectInRoot!.minX
        form.root.handle(.text(" ", time: 0))
        #expect(form.name.caretRectInRoot!.minX > before + 5)
        form.notes.becomeFocused()
        form.root.handle(.text("line", time: 0))
        let top = form.notes.caretRectInRoot!.minY
        form.root.handle(.key(.enter, time: 0))
        #expect(form.notes.caretRectInRoot!.minY > top + 10)
    }
}

extension TextFieldTests {
    @Test("an end handle held past a field's edge scrolls the text and extends the selection")
    func handleAtTheEdgeScrolls() {
        let form = Form()
        form.name.text = String(repeating: "word ", count: 20) + "end"
        form.name.becomeFocused()
        form.name.selectedRange = 0..<4
        form.name.showsHandles = true
        let handles = form.name.handlePointsInRoot()!
        form.root.handle(.touchDown(device: 1, id: 1, location: handles.end, time: 0))
        let edge = Point(x: form.name.frameInRoot.maxX + 10, y: handles.end.y)
        form.root.handle(.touchMove(device: 1, id: 1, location: edge, time: 0.05))
        let scrolled = form.name.scrollX
        form.frames(from: 0.05, to: 1.5)
        #expect(form.name.scrollX > scrolled + 50)
        #expect(form.name.selectedScalarRange.lowerBound == 0 && form.name.selectedScalarRange.upperBound > 40)
        form.root.handle(.touchUp(device: 1, id: 1, location: edge, time: 1.5))
        #expect(!form.root.isAnimating || form.name.blink != nil)
    }
}
