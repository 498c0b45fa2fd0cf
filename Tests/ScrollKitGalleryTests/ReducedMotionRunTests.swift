// `--reduce-motion` through the built binary, read from its traces: in the list scene a fling and a drag are row
// for row what they are without it, while scrollTo and scrollToItem land in the frame that starts them and a
// bounce off the top is shorter and ends on the edge; in the inbox the Compose sheet appears and leaves within
// the 0.2 s cross-fade, never at a place between hidden and its detent.

import Foundation
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

@Suite(.serialized) struct ReducedMotionRunTests {
    static func run(scene: String, _ events: [String], seconds: Double, reduced: Bool) throws -> TraceTable {
        let dir = try DemoProcess.temporaryDirectory("reduced")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", scene, "--hz", "60", "--frames", "\(Int(seconds * 60))",
                                          "--script", script.path, "--trace", trace.path,
                                          reduced ? "--reduce-motion" : "--no-reduce-motion"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try TraceTable(path: trace.path)
    }

    /// The first row whose frame starts at or after `time`.
    static func row(_ t: TraceTable, at time: Double) -> Int? {
        t.rows.indices.first { (t.number($0, "timestamp") ?? -1) >= time - 1e-9 }
    }

    static let listEvents = [
        // A fling down the list (the finger up the screen), then a pull past the top let go.
        #"{"t": 0.1, "type": "down", "x": 400, "y": 450}"#, #"{"t": 0.12, "type": "move", "x": 400, "y": 420}"#,
        #"{"t": 0.14, "type": "move", "x": 400, "y": 380}"#, #"{"t": 0.16, "type": "move", "x": 400, "y": 340}"#,
        #"{"t": 0.18, "type": "move", "x": 400, "y": 300}"#, #"{"t": 0.19, "type": "up", "x": 400, "y": 300}"#,
        #"{"t": 3.0, "type": "scrollTo", "x": 0, "y": 0, "duration": 0.3}"#,
        #"{"t": 3.5, "type": "down", "x": 400, "y": 150}"#, #"{"t": 3.6, "type": "move", "x": 400, "y": 300}"#,
        #"{"t": 3.7, "type": "move", "x": 400, "y": 450}"#, #"{"t": 4.0, "type": "up", "x": 400, "y": 450}"#,
        #"{"t": 5.5, "type": "scrollTo", "x": 0, "y": 5000, "duration": 1}"#,
        #"{"t": 6.5, "type": "scrollToItem", "index": 500, "duration": 1}"#,
    ]

    @Test("list: a fling and a drag are unchanged; scrollTo and scrollToItem land at once; the bounce is shorter")
    func list() throws {
        let normal = try Self.run(scene: "list", Self.listEvents, seconds: 8, reduced: false)
        let reduced = try Self.run(scene: "list", Self.listEvents, seconds: 8, reduced: true)
        #expect(normal.rows.count == reduced.rows.count)
        // The fling (and the drag, 1:1): every row before the first scrollTo, and every dragging row, the same.
        let scroll1 = try #require(Self.row(normal, at: 3.0))
        var flingRows = 0
        for r in normal.rows.indices where r < scroll1 || normal.text(r, "phase") == "dragging" {
            #expect(normal.text(r, "offsetY") == reduced.text(r, "offsetY"), "row \(r)")
            if normal.text(r, "phase") == "decelerating" { flingRows += 1 }
        }
        #expect(flingRows > 60)
        // The scroll back to the top: in the very frame it starts with reduced motion; over 0.3 s without.
        #expect(reduced.number(scroll1, "offsetY") == 0 && reduced.text(scroll1, "phase") == "idle")
        #expect((normal.number(scroll1, "offsetY") ?? 0) > 100 && normal.text(scroll1, "phase") == "animating")
        // The pull past the top, let go: the spring back is shorter, and ends at 0.
        func bounce(_ t: TraceTable) -> Int {
            t.rows.indices.filter { (t.number($0, "timestamp") ?? 0) >= 4.0 && t.text($0, "phase") == "bouncing" }.count
        }
        let back = try #require(Self.row(reduced, at: 5.4))
        #expect(reduced.number(back, "offsetY") == 0 && normal.number(back, "offsetY") == 0)
        #expect(bounce(reduced) < bounce(normal) * 6 / 10 && bounce(reduced) > 5)
        // scrollTo and scrollToItem: the frame that starts each shows its destination.
        let to = try #require(Self.row(reduced, at: 5.5)), item = try #require(Self.row(reduced, at: 6.5))
        #expect(reduced.number(to, "offsetY") == 5000)
        #expect(reduced.number(item, "firstVisible") == 500 && reduced.text(item, "phase") == "idle")
        #expect(normal.number(to, "offsetY") != 5000 && normal.number(item, "firstVisible") != 500)
    }

    @Test("inbox: the Compose sheet fades in and out within 0.2 s, shown only hidden or at its detent")
    func sheet() throws {
        let events = [#"{"t": 0.1, "type": "down", "x": 736, "y": 72}"#, #"{"t": 0.15, "type": "up", "x": 736, "y": 72}"#,
                      #"{"t": 1.0, "type": "key", "key": "Backspace"}"#]
        let medium = 44.0 + 556 - 278, hidden = 600.0   // the medium detent; the window's bottom (off)
        let reduced = try Self.run(scene: "inbox", events, seconds: 1.5, reduced: true)
        let normal = try Self.run(scene: "inbox", events, seconds: 1.5, reduced: false)
        let shown = reduced.rows.indices.compactMap { reduced.number($0, "sheetPosition") }
        #expect(shown.allSatisfy { $0 == -1 || $0 == hidden || $0 == medium }, "\(Set(shown))")
        // Up: from the tap's frame, at the detent within 0.2 s (12 frames); gone within 0.2 s of Backspace.
        let tap = try #require(Self.row(reduced, at: 0.15))
        let up = try #require(reduced.rows.indices.first { reduced.number($0, "sheetPosition") == medium })
        #expect(up - tap <= 12)
        let key = try #require(Self.row(reduced, at: 1.0))
        let gone = try #require(reduced.rows.indices.first { $0 > key && reduced.number($0, "sheetPosition") == -1 })
        #expect(gone - key <= 13)
        // Without: the sheet rises through the places between.
        let between = normal.rows.indices.filter {
            let p = normal.number($0, "sheetPosition") ?? -1
            return p > medium + 1 && p < hidden - 1
        }
        #expect(between.count > 10)
    }

    @Test("--reduce-motion and --no-reduce-motion; neither leaves the host's default; a value is an error")
    func flags() throws {
        guard case .run(let plain) = DemoCLI.parse([]),
              case .run(let on) = DemoCLI.parse(["--reduce-motion"]),
              case .run(let off) = DemoCLI.parse(["--no-reduce-motion", "--scene", "inbox"]) else {
            Issue.record("rejected"); return
        }
        #expect(plain.reduceMotion == nil && on.reduceMotion == true && off.reduceMotion == false)
        let bad = try DemoProcess.run(["--headless", "--reduce-motion=yes", "--frames", "1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: ") && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
    }
}
