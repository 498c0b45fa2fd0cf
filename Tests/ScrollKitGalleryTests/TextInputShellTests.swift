// Typed text in the gallery: while a scene's text field has focus, digits and letters type into it (no tab
// switch, no HUD), Escape goes to it first, and a script's text, compose and key events give the trace's
// focusText, selectionStart, selectionEnd and composing columns a person would expect. The field is the tests'
// stand-in (StandInTextField), in a scene of its own.

import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

/// A scene holding one text field in its view tree.
@MainActor final class FieldScene: DemoScene {
    let root = ViewNode()
    let field = StandInTextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
    var escapes = 0

    init() { root.addSubview(field) }

    func hostDidResize(to size: Size) { root.frame = Rect(origin: .zero, size: size) }
    func handle(_ event: InputEvent) { root.handle(event) }
    func update(_ tick: FrameTick) { root.step(tick) }
    func draw(in canvas: DrawingCanvas) { root.draw(in: canvas) }
    var needsFrames: Bool { root.needsFrames }
    var wantsQuit: Bool { false }
    var focusedTextInput: (any TextInputClient)? { root.focusedTextInput }
    func handleEscape() -> Bool { escapes += 1; return false }
}

@MainActor @Suite("Typed text in the gallery")
struct TextInputShellTests {
    func makeShell() throws -> (GalleryShell, FieldScene) {
        let scene = FieldScene()
        let entries = [SceneEntry(name: "form") { _ throws(CLIError) in scene },
                       SceneEntry(name: "list") { _ throws(CLIError) in ProbeScene(name: "list") },
                       SceneEntry(name: "paging") { _ throws(CLIError) in ProbeScene(name: "paging") }]
        let shell = try GalleryShell(entries: entries, initialScene: "form",
                                     context: SceneContext(size: Size(width: 800, height: 600), hz: nil, headless: true))
        shell.hostDidResize(to: Size(width: 800, height: 600))
        return (shell, scene)
    }

    @Test("with a field focused, 1-9 and f, h, ? are typed into it; Escape goes to it and does not quit")
    func focusedFieldTakesTheShortcuts() throws {
        let (shell, scene) = try makeShell()
        let form = shell.selectedIndex
        #expect(shell.focusedTextInput == nil)
        #expect(scene.field.becomeFocused())
        #expect(shell.focusedTextInput === scene.field)
        for (i, typed) in ["1", "2", "f", "h", "?", "F", " ", "9"].enumerated() {
            shell.handle(.text(typed, time: Double(i)))
        }
        #expect(scene.field.text == "12fh?F 9")
        #expect(shell.selectedIndex == form && !shell.showsHUD && !shell.showsHelp)
        shell.handle(.key(.escape, time: 10))
        #expect(scene.field.log.last == "key:Escape" && !shell.wantsQuit && scene.escapes == 0)
        // Focus gone: the same keys are shortcuts again, whatever their case.
        scene.field.resignFocus()
        #expect(shell.focusedTextInput == nil)
        shell.handle(.text("F", time: 11))
        #expect(shell.showsHUD)
        shell.handle(.text("2", time: 12))
        #expect(shell.selectedIndex != form)
        #expect(scene.field.text == "12fh?F 9")
    }

    @Test("a script's typing gives the trace the text, the scalar selection and the composition")
    func scriptedTypingFillsTheTrace() throws {
        let (shell, scene) = try makeShell()
        _ = scene.field.becomeFocused()
        let json = #"""
        {"events": [
          {"t": 0.0, "type": "text", "text": "jo"},
          {"t": 0.1, "type": "compose", "text": "sé", "cursor": 1},
          {"t": 0.2, "type": "compose", "text": "", "cursor": 0},
          {"t": 0.3, "type": "text", "text": "sé"},
          {"t": 0.4, "type": "key", "key": "Backspace"},
          {"t": 0.5, "type": "key", "key": "Left", "shift": true},
          {"t": 0.6, "type": "key", "key": "A", "ctrl": true},
          {"t": 0.7, "type": "key", "key": "C", "ctrl": true},
          {"t": 0.8, "type": "key", "key": "Right"},
          {"t": 0.9, "type": "key", "key": "V", "ctrl": true},
          {"t": 1.0, "type": "text", "text": "\"a, b\"\n"}
        ]}
        """#
        ViewNode.clipboard = MemoryClipboard()
        let script = try Script.parse(Array(json.utf8))
        var player = ScriptPlayer(script: script, windowSize: Size(width: 800, height: 600))
        var csv = TraceFormat.header + "\n"
        for k in 0...66 {
            let tick = FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60)
            for output in player.outputs(for: tick) {
                if case .input(let event) = output { shell.handle(event) }
            }
            shell.update(tick)
            if k % 6 == 0 { csv += TraceFormat.row(tick, shell.traceSample) + "\n" }   // 0.0, 0.1, … 1.1 s
        }
        let table = TraceTable(text: csv)
        func row(_ i: Int) -> [String?] {
            ["focusText", "selectionStart", "selectionEnd", "composing"].map { table.text(i, $0) }
        }
        #expect(row(0) == ["jo", "2", "2", ""])
        #expect(row(1) == ["jo", "2", "2", "sé"])          // composing, not yet in the text
        #expect(row(2) == ["jo", "2", "2", ""])            // ended without committing
        #expect(row(3) == ["josé", "4", "4", ""])          // é is one scalar here (U+00E9)
        #expect(row(4) == ["jos", "3", "3", ""])
        #expect(row(5) == ["jos", "2", "3", ""])           // Shift+Left selects the "s"
        #expect(row(6) == ["jos", "0", "3", ""])           // Ctrl+A
        #expect(row(8) == ["jos", "3", "3", ""])           // Right collapses to the end
        #expect(row(9) == ["josjos", "6", "6", ""])        // Ctrl+V pastes what Ctrl+C copied
        #expect(row(10) == ["josjos\"a, b\"\n", "13", "13", ""])   // quotes, a comma and a line break survive the CSV
        // No field focused: the neutral values.
        scene.field.resignFocus()
        let neutral = TraceTable(text: TraceFormat.header + "\n" + TraceFormat.row(FrameTick(index: 0, timestamp: 0, duration: 1), shell.traceSample) + "\n")
        #expect(["focusText", "selectionStart", "selectionEnd", "composing"].map { neutral.text(0, $0) } == ["", "-1", "-1", ""])
    }
}
