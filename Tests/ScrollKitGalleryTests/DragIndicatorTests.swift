import Foundation
import Motion
import ScrollKit
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

/// The `drag-indicator` script event: parsing, and its effect on the scenes with a main vertical
/// scroll view (offsetY = F × (contentHeight − viewportHeight) within one point).
@Suite("drag-indicator")
@MainActor
struct DragIndicatorTests {
    private func parse(_ event: String) throws(ScriptError) -> Script {
        try Script.parse(Array((#"{"events": ["# + event + "]}").utf8))
    }

    private func message(_ event: String) -> String? {
        do { _ = try parse(event); return nil } catch { return error.description }
    }

    @Test("It parses into the scene command", arguments: [0.0, 0.25, 1.0])
    func parses(fraction: Double) throws {
        let script = try parse(#"{"t": 1, "type": "drag-indicator", "fraction": \#(fraction)}"#)
        #expect(script.events == [ScriptEvent(t: 1, .scene(.dragIndicator(fraction: fraction)))])
    }

    @Test("Bad fractions are one-line errors naming the event and the field", arguments: [
        (#"{"t": 0, "type": "drag-indicator"}"#, #"event 0: missing field "fraction""#),
        (#"{"t": 0, "type": "drag-indicator", "fraction": 1.5}"#, #"event 0: "fraction" must be at most 1 (got 1.5)"#),
        (#"{"t": 0, "type": "drag-indicator", "fraction": -0.1}"#, #"event 0: "fraction" must be at least 0 (got -0.1)"#),
        (#"{"t": 0, "type": "drag-indicator", "fraction": "half"}"#, #"event 0: "fraction" must be a number"#),
        (#"{"t": 0, "type": "drag-indicator", "fraction": 0.5, "x": 3}"#,
         #"event 0: unknown field "x" for type "drag-indicator" (valid: t, type, fraction)"#),
    ])
    func badInput(event: String, expected: String) {
        #expect(message(event) == expected)
    }

    @Test("The main scroll view's offset goes to F × (content − viewport) within a point", arguments: [
        ("list", 0.0), ("list", 0.37), ("list", 1.0), ("home", 0.5), ("home", 1.0), ("curves", 0.5),
        ("reader", 0.0), ("reader", 0.42), ("reader", 1.0),
    ])
    func effect(scene name: String, fraction: Double) throws {
        let harness = try SceneHarness(name)
        harness.run(2)
        harness.scene.perform(.dragIndicator(fraction: fraction))
        harness.run(1)
        let sample = try #require(harness.trace.last)
        let range = sample.contentSize.height - sample.viewportSize.height
        #expect(range > 0)
        #expect(abs(sample.offset.y - fraction * range) <= 1)
        // It stays there (a thumb drag does not fling).
        harness.run(30)
        #expect(abs((harness.trace.last?.offset.y ?? .nan) - fraction * range) <= 1)
    }

    @Test("At 10^7 rows the list lands within a point of F × range")
    func effectAtScale() throws {
        var options = SceneOptions()
        options.items = 10_000_000
        let harness = try SceneHarness("list", options: options)
        harness.run(1)
        harness.scene.perform(.dragIndicator(fraction: 0.123456))
        harness.run(1)
        let sample = try #require(harness.trace.last)
        #expect(abs(sample.offset.y - 0.123456 * (sample.contentSize.height - sample.viewportSize.height)) <= 1)
    }

    @Test("A scripted headless run: the trace's offsetY is F × (contentHeight − viewportHeight); a bad F exits 2")
    nonisolated func scriptedRun() throws {
        let dir = try DemoProcess.temporaryDirectory("drag-indicator")
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(#"{"events": [{"t": 0.1, "type": "drag-indicator", "fraction": 0.75}]}"#.utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "list", "--frames", "20",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0)
        let table = try TraceTable(path: trace.path)
        func column(_ name: String) -> Double { table.number(table.rows.count - 1, name) ?? .nan }
        let range = column("contentHeight") - column("viewportHeight")
        #expect(abs(column("offsetY") - 0.75 * range) <= 1)

        try Data(#"{"events": [{"t": 0.1, "type": "drag-indicator", "fraction": 2}]}"#.utf8).write(to: script)
        let bad = try DemoProcess.run(["--headless", "--frames", "2", "--script", script.path])
        #expect(bad.status == 2)
        #expect(bad.stderrLines.count == 1)
        #expect(bad.stderr.contains(#""fraction" must be at most 1 (got 2)"#))
    }
}
