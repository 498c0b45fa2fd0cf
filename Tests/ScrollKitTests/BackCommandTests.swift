// The one Back: Escape and the Back key dismiss a sheet, else pop the innermost navigation stack, else go to the
// root's onBack; a focused field's own use of Escape comes first; the tree reports a Back nobody took.

import Motion
import ScrollKit
import Testing

@MainActor @Suite(.serialized) struct BackCommandTests {
    private func stack(depth: Int) -> NavigationStackView {
        let s = NavigationStackView(root: NavigationScreen(title: "Root", content: ViewNode()),
                                    frame: Rect(x: 0, y: 0, width: 400, height: 600))
        for k in 1..<depth { s.push(NavigationScreen(title: "Screen \(k)", content: ViewNode()), animated: false) }
        return s
    }

    private func settle(_ root: ViewNode, seconds: Double = 1) {
        var t = 0.0
        while t < seconds {
            t += 1.0 / 60
            root.step(FrameTick(index: Int(t * 60), timestamp: t, duration: 1.0 / 60))
        }
    }

    @Test("Escape and Back pop a stack one screen at a time, and at its root go unhandled", arguments: [Key.escape, Key.back])
    func popsThenUnhandled(_ key: Key) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let nav = stack(depth: 3)
        root.addSubview(nav)
        for expected in [2, 1] {
            root.handle(.key(key, modifiers: [], time: 0))
            settle(root)
            #expect(nav.screens.count == expected && !root.lastBackWentUnhandled)
        }
        root.handle(.key(key, modifiers: [], time: 0))
        #expect(nav.screens.count == 1 && root.lastBackWentUnhandled)
        root.handle(.key(.down, modifiers: [], time: 0))
        #expect(!root.lastBackWentUnhandled)
    }

    @Test("a sheet goes before its stack pops; the frontmost presentation is the sheet until then")
    func sheetFirst() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let nav = stack(depth: 2)
        root.addSubview(nav)
        _ = nav.present(sheet: ViewNode(), detents: [.medium], animated: false)
        #expect(root.frontmostPresentation == .sheet)
        #expect(root.performBack())
        #expect(root.frontmostPresentation == .none)
        settle(root)
        #expect(nav.presentedSheet == nil && nav.screens.count == 2)
        #expect(root.performBack())
        settle(root)
        #expect(nav.screens.count == 1)
    }

    @Test("the innermost stack (drawn last) pops first; the root's onBack hears what nothing took")
    func innermostThenApp() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let outer = stack(depth: 2), inner = stack(depth: 2)
        root.addSubview(outer)
        outer.screens.last?.contentView.addSubview(inner)
        var asked = 0
        root.onBack = { asked += 1; return asked == 1 }
        #expect(root.performBack())
        settle(root)
        #expect(inner.screens.count == 1 && outer.screens.count == 2)
        #expect(root.performBack())
        settle(root)
        #expect(outer.screens.count == 1 && asked == 0)
        #expect(root.performBack() && asked == 1)      // onBack took it
        #expect(!root.performBack() && asked == 2)     // onBack declined
    }

    @Test("a search field that clears on Escape takes it before Back")
    func fieldFirst() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let nav = stack(depth: 2)
        root.addSubview(nav)
        let field = TextFieldView(text: "abc", placeholder: "Search", frame: Rect(x: 10, y: 60, width: 200, height: 36))
        field.clearsOnEscape = true
        nav.screens.last?.contentView.addSubview(field)
        #expect(field.becomeFocused())
        root.handle(.key(.escape, modifiers: [], time: 0))
        #expect(field.text.isEmpty && nav.screens.count == 2 && !root.lastBackWentUnhandled)
        root.handle(.key(.escape, modifiers: [], time: 0))
        settle(root)
        #expect(nav.screens.count == 1)
    }

    @Test("the focused view's accessible name: a button's title, then nothing")
    func focusLabel() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let button = PushButton(title: "Reset all settings", frame: Rect(x: 10, y: 10, width: 200, height: 44))
        button.isFocusable = true
        root.addSubview(button)
        #expect(root.focusedAccessibilityLabel == "")
        #expect(button.becomeFocused())
        #expect(root.focusedAccessibilityLabel == "Reset all settings")
        button.resignFocus()
        #expect(root.focusedAccessibilityLabel == "")
    }
}
