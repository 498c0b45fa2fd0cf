// A script's `text` events and typed keys make the same undo steps (issue 41): "maria" then " x" is undone a word at
// a time, through the gallery shell into a real TextFieldView, as the same characters typed one event each are.

import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

/// A scene holding one real text field.
@MainActor private final class RealFieldScene: DemoScene {
    let root = ViewNode()
    let field = TextFieldView(placeholder: "Name", frame: Rect(x: 20, y: 20, width: 300, height: TextFieldView.height))

    init() {
        field.textMeasurer = ApproximateTextMeasurer.shared
        root.addSubview(field)
    }

    func hostDidResize(to size: Size) { root.frame = Rect(origin: .zero, size: size) }
    func handle(_ event: InputEvent) { root.handle(event) }
    func update(_ tick: FrameTick) { root.step(tick) }
    func draw(in canvas: DrawingCanvas) { root.draw(in: canvas) }
    var needsFrames: Bool { root.needsFrames }
    var wantsQuit: Bool { false }
    var focusedTextInput: (any TextInputClient)? { root.focusedTextInput }
}

@MainActor @Suite("Undo steps of a script's text events")
struct UndoStepScriptTests {
    /// Plays `typing` (one `text` event each, a tenth of a second apart), then Ctrl+Z until nothing changes;
    /// returns the field's text after each Ctrl+Z.
    func undoTexts(typing: [String]) throws -> (typed: String, undone: [String]) {
        let scene = RealFieldScene()
        let entries = [SceneEntry(name: "form") { _ throws(CLIError) in scene }]
        let shell = try GalleryShell(entries: entries, initialScene: "form",
                                     context: SceneContext(size: Size(width: 800, height: 600), hz: nil, headless: true))
        shell.hostDidResize(to: Size(width: 800, height: 600))
        #expect(scene.field.becomeFocused())
        let undos = 4
        var events: [String] = []
        var t = 0.0
        for text in typing {
            let escaped = text.replacingOccurrences(of: "\"", with: "\\\"")
            events.append(#"{"t": \#(t), "type": "text", "text": "\#(escaped)"}"#)
            t += 0.1
        }
        let undoStart = t
        for _ in 0..<undos {
            events.append(#"{"t": \#(t), "type": "key", "key": "Z", "ctrl": true}"#)
            t += 0.1
        }
        let script = try Script.parse(Array(#"{"events": [\#(events.joined(separator: ","))]}"#.utf8))
        var player = ScriptPlayer(script: script, windowSize: Size(width: 800, height: 600))
        var typed = "", undone: [String] = []
        var k = 0
        while Double(k) / 60 < t + 0.1 {
            let tick = FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60)
            var undid = false
            for output in player.outputs(for: tick) {
                if case .input(let event) = output {
                    shell.handle(event)
                    if case .key(.z, _, _) = event { undid = true }
                }
            }
            shell.update(tick)
            if Double(k) / 60 < undoStart { typed = scene.field.text }
            if undid { undone.append(scene.field.text) }
            k += 1
        }
        return (typed, undone)
    }

    @Test("\"maria\" then \" x\": Ctrl+Z takes x away, then maria, as typing the letters one by one does")
    func aSpaceStartingATextEvent() throws {
        let events = try undoTexts(typing: ["maria", " x"])
        #expect(events.typed == "maria x")
        #expect(events.undone == ["maria ", "", "", ""])
        let keys = try undoTexts(typing: "maria x".map { String($0) })
        #expect(keys.typed == "maria x")
        #expect(keys.undone == events.undone)
    }
}
