// The inbox scene through the built binary: scripted swipes, pulls (pointer and trackpad) and long presses at
// 30, 60 and 120 Hz end in the same state (the trace's row-interaction columns), and the directional lock holds
// in every frame.

import Foundation
import ScrollKitTestSupport
import Testing

@Suite(.serialized) struct InboxScriptTests {
    /// The list starts under the gallery's tab bar (44) and the inbox header (56); rows are 88 pt.
    static func rowY(_ i: Int) -> Double { 100 + 88 * Double(i) + 44 }

    /// Runs the inbox with `events` (JSON objects) for `seconds` at `hz`; returns the trace.
    static func run(_ events: [String], hz: Int, seconds: Double) throws -> TraceTable {
        let dir = try DemoProcess.temporaryDirectory("inbox")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "inbox", "--hz", "\(hz)",
                                          "--frames", "\(Int(seconds * Double(hz)))",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try TraceTable(path: trace.path)
    }

    static let stateColumns = ["offsetY", "firstVisible", "itemCount", "refreshState", "swipeRow", "swipeOffset",
                               "reorderRow", "reorderTarget"]

    /// The last row's state columns.
    static func endState(_ t: TraceTable) -> [String] {
        stateColumns.map { t.text(t.rows.count - 1, $0) ?? "?" }
    }

    /// A pointer drag: down, moves 20 ms apart, held, up.
    static func drag(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, at t: Double, steps: Int = 8,
                     hold: Double = 0.1) -> [String] {
        var e = [#"{"t": \#(t), "type": "down", "x": \#(x0), "y": \#(y0)}"#]
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            e.append(#"{"t": \#(t + 0.02 * Double(k)), "type": "move", "x": \#(x0 + (x1 - x0) * f), "y": \#(y0 + (y1 - y0) * f)}"#)
        }
        e.append(#"{"t": \#(t + 0.02 * Double(steps) + hold), "type": "up", "x": \#(x1), "y": \#(y1)}"#)
        return e
    }

    /// Runs at 30, 60 and 120 Hz and checks that the end states agree; returns the 60 Hz trace.
    @discardableResult
    static func sameAtEveryRate(_ events: [String], seconds: Double) throws -> TraceTable {
        var states: [[String]] = []
        var at60: TraceTable?
        for hz in [30, 60, 120] {
            let t = try run(events, hz: hz, seconds: seconds)
            states.append(endState(t))
            if hz == 60 { at60 = t }
        }
        #expect(states[0] == states[1] && states[1] == states[2], "\(stateColumns): \(states)")
        return try #require(at60)
    }

    @Test("a swipe within 30° of horizontal opens the row's trailing actions and never moves the list")
    func swipeOpens() throws {
        let y = Self.rowY(2)
        let t = try Self.sameAtEveryRate(Self.drag(600, y, 440, y + 20 * 0.4, at: 0.1, hold: 0.3), seconds: 2)
        let end = Self.endState(t)
        #expect(end[4] == "2" && end[5] == "-160")
        for r in t.rows.indices { #expect(t.number(r, "offsetY") == 0) }
    }

    @Test("a vertical scroll never swipes a row")
    func scrollDoesNotSwipe() throws {
        let t = try Self.sameAtEveryRate(Self.drag(400, 500, 340, 300, at: 0.1, hold: 0.2), seconds: 2)
        for r in t.rows.indices { #expect(t.text(r, "swipeRow") == "-1") }
        #expect((t.number(t.rows.count - 1, "offsetY") ?? 0) > 100)
    }

    @Test("a full swipe deletes the message")
    func fullSwipeDeletes() throws {
        let y = Self.rowY(1)
        let t = try Self.sameAtEveryRate(Self.drag(760, y, 200, y, at: 0.1, steps: 6, hold: 0.02), seconds: 2)
        let end = Self.endState(t)
        #expect(end[2] == "499" && end[4] == "-1" && end[5] == "0")
    }

    @Test("pull to refresh: pulling, armed, refreshing, ending, idle; three new messages after 1 s; the place kept")
    func pullToRefresh() throws {
        let t = try Self.sameAtEveryRate(Self.drag(400, 150, 400, 450, at: 0.1, steps: 10, hold: 0.1), seconds: 3)
        var states: [String] = []
        for r in t.rows.indices {
            let s = t.text(r, "refreshState") ?? "?"
            if states.last != s { states.append(s) }
        }
        #expect(states == ["idle", "pulling", "armed", "refreshing", "ending", "idle"])
        // The release at 0.4 s; the new messages arrive at 1.4 s on the scene's clock.
        let arrival = t.rows.indices.first { t.text($0, "itemCount") == "503" }.map { t.number($0, "targetTimestamp") ?? 0 }
        #expect(arrival.map { abs($0 - 1.4) < 1.0 / 60 + 1e-9 } == true, "\(String(describing: arrival))")
        let end = Self.endState(t)
        // The first message (now the fourth) stays 60 pt below the top, where it rested under the spinner.
        #expect(end[2] == "503" && end[0] == "\(3 * 88 - 60)")
    }

    @Test("a trackpad stream pulling past the top refreshes as a drag does")
    func trackpadRefresh() throws {
        var events: [String] = []
        for k in 0..<40 { events.append(#"{"t": \#(0.2 + 0.008 * Double(k)), "type": "wheel", "dy": 0.6, "x": 400, "y": 300}"#) }
        let t = try Self.sameAtEveryRate(events, seconds: 3)
        #expect(Self.endState(t)[2] == "503")
    }

    @Test("a long press lifts a message, the drop moves it, the other rows slide back to rest")
    func longPressReorders() throws {
        let y0 = Self.rowY(0), y1 = Self.rowY(3)
        var events = [#"{"t": 0.1, "type": "down", "x": 300, "y": \#(y0)}"#]
        for k in 1...6 { events.append(#"{"t": \#(0.7 + 0.03 * Double(k)), "type": "move", "x": 300, "y": \#(y0 + (y1 - y0) * Double(k) / 6)}"#) }
        events.append(#"{"t": 1.1, "type": "up", "x": 300, "y": \#(y1)}"#)
        let t = try Self.sameAtEveryRate(events, seconds: 2)
        let lifted = t.rows.indices.filter { t.text($0, "reorderRow") == "0" }
        #expect(!lifted.isEmpty)
        #expect(lifted.last.flatMap { t.text($0, "reorderTarget") } == "3")
        #expect(lifted.first.flatMap { t.number($0, "targetTimestamp") }.map { $0 >= 0.6 - 1e-9 } == true)
        #expect(Self.endState(t)[6] == "-1")
    }
}
