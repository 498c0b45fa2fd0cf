import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

/// The chat scene and the data-change script events (`insert`, `delete`, `move`).
@MainActor @Suite("Chat scene") struct ChatSceneTests {
    private func chat(_ count: Int? = nil) throws -> (SceneHarness, ChatScene) {
        var options = SceneOptions()
        if let count { options.items = count; options.itemsGiven = true }
        let h = try SceneHarness("chat", size: Size(width: 800, height: 556), options: options)
        return (h, try #require(h.scene as? ChatScene))
    }

    @Test func itStartsAtTheNewestMessage() throws {
        let (h, scene) = try chat()
        h.run(2)
        #expect(h.last.lastVisible == ChatScene.defaultCount - 1)
        #expect(h.last.offset.y == h.last.contentSize.height - h.last.viewportSize.height)
        #expect(scene.list.layout.measuredItemCount < 40, "only the messages near the viewport were measured")
        // 10^6 messages start as fast: nothing but the last screen is measured.
        let (big, bigScene) = try chat(1_000_000)
        big.run(2)
        #expect(big.last.lastVisible == 999_999)
        #expect(bigScene.list.layout.measuredItemCount < 40)
        var options = SceneOptions()
        options.items = 1_000_001
        options.itemsGiven = true
        #expect(throws: CLIError.self) { _ = try SceneHarness("chat", options: options) }
    }

    @Test func aReplyAtTheEndSlidesIntoViewAndScrolledUpItCountsBelow() throws {
        let (h, scene) = try chat(60)
        h.run(2)
        scene.receive()
        _ = h.settle()
        #expect(h.last.lastVisible == 60)
        #expect(h.last.offset.y == h.last.contentSize.height - h.last.viewportSize.height)
        // Scrolled up, replies stay below and the pill counts them.
        h.drag(from: Point(x: 400, y: 200), by: Point(x: 0, y: 300), moves: 10)
        let offset = h.last.offset.y
        scene.receive()
        scene.receive()
        h.run(2)
        #expect(h.last.offset.y == offset)
        #expect(scene.list.newItemsBelow == 2)
        #expect(!scene.pill.isHidden)
        scene.scrollToNewest()
        _ = h.settle()
        #expect(scene.list.newItemsBelow == 0)
        h.step()
        #expect(scene.pill.isHidden)
    }

    /// The anchor check of the CLI contract: message M at the top, N inserted at 0, then firstVisible = M + N
    /// and the message at the top has not moved on screen.
    @Test(arguments: [(200, 7), (5, 30), (350, 1)])
    func insertingAboveKeepsTheTopMessage(m: Int, n: Int) throws {
        let (h, scene) = try chat()
        h.run(2)
        scene.perform(.scrollToItem(index: m, position: .start, duration: 0, curve: nil))
        h.run(2)
        scene.list.scrollView.contentOffset = Point(x: 0, y: scene.list.frame(of: m)!.minY)
        h.run(2)
        #expect(h.last.firstVisible == m)
        let top = scene.list.frame(of: m)!.minY - h.last.offset.y
        try scene.apply(.insert(at: 0, count: n), animated: true)
        h.run(2)
        #expect(h.last.firstVisible == m + n)
        #expect(scene.list.frame(of: m + n)!.minY - h.last.offset.y == top)
        // History loaded with the button keeps it too.
        scene.loadEarlier()
        h.run(30)
        #expect(h.last.firstVisible == m + n + 20)
        #expect(scene.list.frame(of: m + n + 20)!.minY - h.last.offset.y == top)
    }

    @Test func deletesAndMovesFollowTheModelAndBadIndicesThrow() throws {
        let (h, scene) = try chat(30)
        h.run(2)
        let ids = scene.messages.ids
        try scene.apply(.delete(at: 25, count: 2), animated: true)
        try scene.apply(.move(from: 20, to: 27), animated: false)
        var expected = ids
        expected.removeSubrange(25..<27)
        expected.insert(expected.remove(at: 20), at: 27)
        #expect(scene.messages.ids == expected)
        _ = h.settle()
        #expect(scene.list.numberOfItems == 28)
        #expect(throws: CLIError("insert at 29 is out of range (0...28)")) { try scene.apply(.insert(at: 29, count: 1), animated: true) }
        #expect(throws: CLIError("delete of 27..<29 is out of range (28 messages)")) { try scene.apply(.delete(at: 27, count: 2), animated: true) }
        #expect(throws: CLIError("move from 0 to 28 is out of range (28 messages)")) { try scene.apply(.move(from: 0, to: 28), animated: true) }
        #expect(scene.messages.ids == expected, "a refused change changes nothing")
    }

    @Test func theListSceneTakesDataChangesToo() throws {
        let h = try SceneHarness("list", size: Size(width: 800, height: 600))
        let scene = try #require(h.scene as? ListScene)
        h.run(2)
        scene.listView.scrollView.contentOffset = Point(x: 0, y: 600)
        h.run(2)
        let top = h.last.firstVisible
        let titleAtTop = scene.rows.title(ofRow: top)
        try scene.apply(.insert(at: 0, count: 3), animated: true)
        h.run(30)
        #expect(h.last.firstVisible == top + 3)
        #expect(scene.rows.title(ofRow: top + 3) == titleAtTop)
        #expect(scene.rows.count == 1003)
        // A move takes its device along; a delete removes rows; the configured cells show the model.
        let moving = scene.rows.title(ofRow: top + 4)
        try scene.apply(.move(from: top + 4, to: top + 8), animated: false)
        #expect(scene.rows.title(ofRow: top + 8) == moving)
        try scene.apply(.delete(at: 0, count: 3), animated: false)
        h.run(2)
        #expect(scene.rows.count == 1000)
        for cell in scene.listView.visibleCells {
            #expect((cell as? StandardCell)?.title == scene.rows.title(ofRow: cell.index))
        }
        #expect(throws: CLIError("insert at 1001 is out of range (0...1000)")) { try scene.apply(.insert(at: 1001, count: 1), animated: true) }
        #expect(throws: CLIError("move from 5 to 1000 is out of range (1000 rows)")) { try scene.apply(.move(from: 5, to: 1000), animated: true) }
    }

    @Test("insert, delete and move parse; the pointer's move keeps its meaning", arguments: [
        (#"{"t": 1, "type": "insert", "index": 0, "count": 5}"#, ScriptAction.scene(.change(.insert(at: 0, count: 5), animated: true, event: 0))),
        (#"{"t": 1, "type": "delete", "index": 3, "count": 2, "animated": false}"#, .scene(.change(.delete(at: 3, count: 2), animated: false, event: 0))),
        (#"{"t": 1, "type": "move", "from": 4, "to": 9}"#, .scene(.change(.move(from: 4, to: 9), animated: true, event: 0))),
        (#"{"t": 1, "type": "move", "x": 4, "y": 9}"#, .move(Point(x: 4, y: 9))),
    ])
    func parsing(event: String, action: ScriptAction) throws {
        let script = try Script.parse(Array((#"{"events": ["# + event + "]}").utf8))
        #expect(script.events == [ScriptEvent(t: 1, action)])
    }

    @Test("Bad data-change events are one-line errors naming the event and field", arguments: [
        (#"{"t": 0, "type": "insert", "index": 0}"#, #"event 0: missing field "count""#),
        (#"{"t": 0, "type": "delete", "index": -1, "count": 1}"#, #"event 0: "index" must be at least 0 (got -1)"#),
        (#"{"t": 0, "type": "move", "from": 1, "to": 2, "x": 3}"#,
         #"event 0: a move event takes "x" and "y" (the pointer) or "from" and "to" (an item), not both"#),
        (#"{"t": 0, "type": "insert", "index": 0, "count": 1, "animated": "no"}"#, #"event 0: "animated" must be true or false, not a string"#),
    ])
    func badEvents(event: String, expected: String) {
        do {
            _ = try Script.parse(Array((#"{"events": ["# + event + "]}").utf8))
            Issue.record("accepted \(event)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("Through the binary: the anchor check, an out-of-range index and a scene without data changes exit 2")
    nonisolated func scriptedRuns() throws {
        let dir = try DemoProcess.temporaryDirectory("chat-changes")
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data("""
        {"events": [
          {"t": 0.1, "type": "scrollToItem", "index": 120, "position": "start", "duration": 0},
          {"t": 1.5, "type": "insert", "index": 0, "count": 9},
          {"t": 1.6, "type": "delete", "index": 0, "count": 3, "animated": false},
          {"t": 1.7, "type": "move", "from": 200, "to": 201}
        ]}
        """.utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "chat", "--frames", "120",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "\(result.stderr)")
        let table = try TraceTable(path: trace.path)
        /// Column `name` of the trace's line `line` (line 0 is the header, so frame k is line k + 1).
        func value(_ line: Int, _ name: String) -> String { table.text(line - 1, name) ?? "" }
        #expect(table.column("zoomScale") == table.column("pinnedSection").map { $0 + 1 })
        #expect(table.rows.indices.allSatisfy { table.text($0, "pinnedSection") == "-1" })
        let m = Int(value(80, "firstVisible"))!
        #expect(abs(m - 120) <= 1)
        #expect(value(95, "firstVisible") == String(m + 9))
        #expect(value(table.rows.count, "firstVisible") == String(m + 6))

        try Data(#"{"events": [{"t": 0.1, "type": "delete", "index": 398, "count": 5}]}"#.utf8).write(to: script)
        let bad = try DemoProcess.run(["--headless", "--scene", "chat", "--frames", "30", "--script", script.path])
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: event 0 (delete): delete of 398..<403 is out of range (400 messages)\n")

        try Data(#"{"events": [{"t": 0.1, "type": "insert", "index": 0, "count": 1}]}"#.utf8).write(to: script)
        let none = try DemoProcess.run(["--headless", "--scene", "photos", "--frames", "30", "--script", script.path])
        #expect(none.status == 2)
        #expect(none.stderr == "error: event 0 (insert): the photos scene has no data changes (insert, delete and move apply to the chat, list and grid scenes)\n")
    }
}
