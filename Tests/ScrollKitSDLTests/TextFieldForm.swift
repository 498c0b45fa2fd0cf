// A small form built with ScrollKit's public API only (no @testable import): two fields and a text area, in
// the states a person sees (placeholder, caret, selection, composition, handles, right to left). The
// rendering test (TextFieldSDLTests.swift) draws it.
import Motion
import ScrollKit

/// One panel of the form picture: its own root (so each can show its own focus), drawn at `y`.
@MainActor
struct FormPanel {
    let root: ViewNode
    let caption: String
}

/// The form: each row a root with a caption and the control in one state.
@MainActor
func makeTextFieldForm(measurer: any TextMeasurer) -> [FormPanel] {
    var panels: [FormPanel] = []
    var y = 8.0
    func panel(_ caption: String, height: Double = TextFieldView.height, make: (ViewNode) -> Void) {
        let root = ViewNode(frame: Rect(x: 0, y: y, width: 360, height: height + 26))
        make(root)
        panels.append(FormPanel(root: root, caption: caption))
        y += height + 30
    }
    func field(_ root: ViewNode, text: String = "", placeholder: String = "") -> TextFieldView {
        let field = TextFieldView(text: text, placeholder: placeholder, frame: Rect(x: 16, y: 22, width: 328, height: TextFieldView.height))
        field.textMeasurer = measurer
        root.addSubview(field)
        return field
    }
    panel("Placeholder") { root in _ = field(root, placeholder: "Email address") }
    panel("Caret after typing") { root in
        let name = field(root, placeholder: "Name")
        name.becomeFocused()
        root.handle(.text("Jane Appleseed", time: 0))
    }
    panel("Selection (Shift+Ctrl+Left)") { root in
        let name = field(root, text: "Jane Appleseed")
        name.becomeFocused()
        root.handle(.key(.left, modifiers: [.shift, .control], time: 0))
    }
    panel("Composition (pinyin → 你好)") { root in
        let f = field(root, text: "Say ")
        f.becomeFocused()
        root.handle(.composition("你好", cursor: 1, time: 0))
    }
    panel("Right to left: Arabic, selection") { root in
        let f = field(root, text: "مرحبا بالعالم")
        f.becomeFocused()
        root.handle(.key(.left, modifiers: [.shift, .control], time: 0))   // RTL: Left goes forward (at the end: nothing)
        root.handle(.key(.right, modifiers: [.shift, .control], time: 0))  // back a word, extending
    }
    panel("Right to left: Hebrew, caret mid-text") { root in
        let f = field(root, text: "שלום עולם")
        f.becomeFocused()
        root.handle(.key(.right, modifiers: [.control], time: 0))
    }
    panel("Focused with Tab (focus ring)") { root in
        _ = field(root, text: "Tab reached me")
        root.handle(.key(.tab, time: 0))
    }
    panel("Secure, digits only, max 6") { root in
        let f = field(root, placeholder: "PIN")
        f.isSecure = true
        f.inputFilter = .digits
        f.maxLength = 6
        f.becomeFocused()
        root.handle(.text("12a3456789", time: 0))
    }
    panel("Text area: wrapped, handles after a long press", height: 120) { root in
        let area = TextAreaView(text: "A text area wraps its lines at the box's width and scrolls inside it. Long press a word to select it.",
                            frame: Rect(x: 16, y: 22, width: 328, height: 120))
        area.textMeasurer = measurer
        root.addSubview(area)
        // A long press on "wraps" by touch: down, frames past the long-press delay, up.
        let p = Point(x: 16 + 12 + 75, y: root.frame.minY + 22 + 10 + 10)
        root.handle(.touchDown(device: 1, id: 1, location: p, time: 0))
        var t = 0.0
        while t < 0.7 {
            root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60))
            t += 1.0 / 60
        }
        root.handle(.touchUp(device: 1, id: 1, location: p, time: t))
    }
    return panels
}
