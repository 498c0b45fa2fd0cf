// Typing into the contacts scene's search field through the binary: text, a composition, Backspace, undo, select
// all, copy, paste and Shift+Left give the trace values a person expects, and itemCount follows the query by the
// search rule (Python's unicodedata as the oracle).

import Foundation
import ScrollKitTestSupport
import Testing

@Suite("Contacts: typing through the binary", .serialized)
struct ContactsTypingTests {
    /// How many people Python's oracle finds for each query.
    private func counts(_ queries: [String]) throws -> [String: Int] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [root.appendingPathComponent("scripts/contacts-search-oracle.py").path,
                       root.appendingPathComponent("Assets/Contacts/people.csv").path] + queries
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["counts"] as? [String: Int])
    }

    @Test("jo, a composition, Backspace, Ctrl+Z, Ctrl+A, Ctrl+C, End, Ctrl+V, Shift+Left")
    func typingSession() throws {
        let oracle = try counts(["", "jo", "j", "jojo"])
        let dir = try DemoProcess.temporaryDirectory("typing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        // Each step at a whole tenth of a second; the rows read are those just before the next step.
        try """
        {"events": [
          {"t": 0.1, "type": "text", "text": "jo"},
          {"t": 0.2, "type": "compose", "text": "ni", "cursor": 1},
          {"t": 0.3, "type": "compose", "text": ""},
          {"t": 0.4, "type": "key", "key": "Backspace"},
          {"t": 0.5, "type": "key", "key": "Z", "ctrl": true},
          {"t": 0.6, "type": "key", "key": "A", "ctrl": true},
          {"t": 0.7, "type": "key", "key": "C", "ctrl": true},
          {"t": 0.8, "type": "key", "key": "End"},
          {"t": 0.9, "type": "key", "key": "V", "ctrl": true},
          {"t": 1.0, "type": "key", "key": "Left", "shift": true}
        ]}
        """.write(to: script, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("t.csv")
        let result = try DemoProcess.run(["--headless", "--scene", "contacts", "--hz", "60", "--frames", "70",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let t = try TraceTable(path: trace.path)
        func state(at seconds: Double) -> (String, Int, Int, String, Int) {
            let row = Int((seconds * 60).rounded()) - 1   // the frame just before the next step
            return (t.text(row, "focusText") ?? "?", Int(t.number(row, "selectionStart") ?? -9),
                    Int(t.number(row, "selectionEnd") ?? -9), t.text(row, "composing") ?? "?",
                    Int(t.number(row, "itemCount") ?? -9))
        }
        let all = oracle[""] ?? -1, jo = oracle["jo"] ?? -1, j = oracle["j"] ?? -1, jojo = oracle["jojo"] ?? -1
        #expect(state(at: 0.1) == ("", 0, 0, "", all))           // the field has focus from the start
        #expect(state(at: 0.2) == ("jo", 2, 2, "", jo))
        #expect(state(at: 0.3) == ("jo", 2, 2, "ni", jo))        // composing: the text is not changed yet
        #expect(state(at: 0.4) == ("jo", 2, 2, "", jo))          // an empty composition ends it, committing nothing
        #expect(state(at: 0.5) == ("j", 1, 1, "", j))
        #expect(state(at: 0.6) == ("jo", 2, 2, "", jo))          // undo
        #expect(state(at: 0.7) == ("jo", 0, 2, "", jo))          // select all
        #expect(state(at: 0.9) == ("jo", 2, 2, "", jo))          // End: the caret after the text
        #expect(state(at: 1.0) == ("jojo", 4, 4, "", jojo))      // pasted
        #expect(state(at: 70.0 / 60) == ("jojo", 3, 4, "", jojo)) // Shift+Left selects the last o
    }
}
