// The caret of an empty text field or area (issue 41): it sits where typing starts (the view's leading edge, the
// right in a right-to-left view), the placeholder starts there too, and the drawn caret is where the input method is
// told it is, in both directions of view, with placeholders in either script.

import Testing
@testable import ScrollKit

@Suite("The caret of an empty field", .serialized)
@MainActor
struct EmptyFieldCaretTests {
    /// The drawn caret's centre x: the 2-point fill in the tint.
    func caretX(_ canvas: RecordingCanvas, tint: RGBAColor) -> Double? {
        for case let .fill(rect, color) in canvas.commands where color == tint && rect.width == 2 { return rect.midX }
        return nil
    }

    /// The first text layout drawn: its first line's ink, left and right.
    func ink(_ canvas: RecordingCanvas) -> (minX: Double, maxX: Double)? {
        for case let .textLayout(layout, at: origin) in canvas.commands {
            guard let line = layout.lines.first else { continue }
            return (origin.x + line.x, origin.x + line.x + line.width)
        }
        return nil
    }

    func draw(_ root: ViewNode) -> RecordingCanvas {
        let canvas = RecordingCanvas(size: Size(width: 400, height: 300))
        root.draw(in: canvas)
        return canvas
    }

    /// Empty and focused, then one letter of the view's direction typed: the empty caret is at the typed letter's
    /// start (its right edge right to left), the placeholder starts at the caret, and the caret the input method
    /// is given (`caretRectInRoot`) is the drawn one.
    @Test(arguments: ReadingDirection.allCases)
    func theCaretIsWhereTypingStarts(direction: ReadingDirection) throws {
        let rtl = direction == .rightToLeft
        for placeholder in ["Search", "بحث في جهات الاتصال", "חיפוש"] {
            for area in [false, true] {
                let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
                root.layoutDirection = direction
                let view: TextEditingView = area ? TextAreaView(placeholder: placeholder, frame: Rect(x: 20, y: 100, width: 340, height: 120))
                                                 : TextFieldView(placeholder: placeholder, frame: Rect(x: 20, y: 40, width: 340, height: TextFieldView.height))
                view.textMeasurer = ApproximateTextMeasurer.shared
                root.addSubview(view)
                view.becomeFocused()
                let what = "\(direction) \(area ? "area" : "field"), placeholder \"\(placeholder)\""
                let empty = draw(root)
                let caret = try #require(caretX(empty, tint: view.tintColor), "no caret drawn: \(what)")
                let placeholderInk = try #require(ink(empty), "no placeholder drawn: \(what)")
                let told = try #require(view.caretRectInRoot)
                #expect(abs(told.minX - caret) < 1, "drawn at \(caret), the input method told \(told.minX): \(what)")
                #expect(abs((rtl ? placeholderInk.maxX : placeholderInk.minX) - caret) < 1,
                        "placeholder \(placeholderInk.minX)...\(placeholderInk.maxX), caret \(caret): \(what)")
                view.insertText(rtl ? "ب" : "b", time: 0)
                let typed = try #require(ink(draw(root)), "nothing typed: \(what)")
                let start = rtl ? typed.maxX : typed.minX
                #expect(abs(start - caret) < 1, "typing started at \(start), the empty caret was at \(caret): \(what)")
            }
        }
    }
}
