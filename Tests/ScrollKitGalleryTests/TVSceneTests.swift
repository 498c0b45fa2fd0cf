// The tv scene through the built binary, by script: D-pad rights move focus one poster each (the trace's
// focusLabel against the scene's titles), Down then Up comes back to the same poster, a held D-pad repeats on
// KeyRepeat's schedule, rotary notches move one poster each, B never fails the run; and the script events'
// errors are one line and exit 2.

import Foundation
import ScrollKit
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

@Suite(.serialized) struct TVSceneTests {
    /// Runs the tv scene with `events` for `seconds` at `hz`; returns the trace.
    static func run(_ events: [String], hz: Int = 60, seconds: Double) throws -> TraceTable {
        let dir = try DemoProcess.temporaryDirectory("tv")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "tv", "--size", "1280x720", "--hz", "\(hz)",
                                          "--frames", "\(Int(seconds * Double(hz)))",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try TraceTable(path: trace.path)
    }

    static func press(_ button: String, at t: Double, hold: Double = 0.05) -> [String] {
        [#"{"t": \#(t), "type": "gamepad", "button": "\#(button)", "state": "down"}"#,
         #"{"t": \#(t + hold), "type": "gamepad", "button": "\#(button)", "state": "up"}"#]
    }

    /// The focused poster (row, item, label) in the last frame at or before `t`.
    static func focus(_ table: TraceTable, at t: Double) -> (Int, Int, String) {
        var last = (-1, -1, "")
        for r in table.rows.indices {
            guard let time = table.number(r, "timestamp"), time <= t + 1e-9 else { break }
            last = (Int(table.number(r, "focusRow") ?? -1), Int(table.number(r, "focusItem") ?? -1), table.text(r, "focusLabel") ?? "")
        }
        return last
    }

    @Test("three D-pad rights move focus three posters; Down then Up returns to the same poster")
    func rightsAndMemory() throws {
        let events = Self.press("dpadRight", at: 0.2) + Self.press("dpadRight", at: 0.4) + Self.press("dpadRight", at: 0.6)
            + Self.press("dpadDown", at: 1.0) + Self.press("dpadRight", at: 1.5) + Self.press("dpadUp", at: 2.0)
        let t = try Self.run(events, seconds: 2.5)
        let start = Self.focus(t, at: 0.1)
        #expect(start.0 == 0 && start.1 == 0 && start.2 == TVArt.title(row: 0, poster: 0))
        let afterRights = Self.focus(t, at: 0.9)
        #expect(afterRights.0 == 0 && afterRights.1 == 3)
        #expect(afterRights.2 == TVArt.title(row: 0, poster: 3))
        let below = Self.focus(t, at: 1.9)
        #expect(below.0 == 1)
        #expect(below.2 == TVArt.title(row: 1, poster: below.1))
        let back = Self.focus(t, at: 2.5)
        #expect(back.0 == 0 && back.1 == 3 && back.2 == afterRights.2)
    }

    @Test("a D-pad held 1.5 s repeats: the press, then every KeyRepeat interval after its delay")
    func heldRepeats() throws {
        let t = try Self.run(Self.press("dpadRight", at: 0.5, hold: 1.5), seconds: 2.5)
        let r = KeyRepeat.standard
        let expected = 1 + r.repeatCount(pressed: 0.5, now: 2.0 - 1e-6)
        let end = Self.focus(t, at: 2.5)
        #expect(end.0 == 0)
        // A repeat due exactly at the up plays when a frame's target time reached it first.
        #expect(end.1 == expected || end.1 == expected + 1, "focusItem \(end.1), expected \(expected)")
        #expect(end.1 > 5)
    }

    @Test("rotary notches move one poster each, clockwise forward and counter-clockwise back")
    func rotary() throws {
        let events = [#"{"t": 0.2, "type": "rotary", "steps": 1}"#, #"{"t": 0.4, "type": "rotary", "steps": 1}"#,
                      #"{"t": 0.6, "type": "rotary", "steps": 3}"#, #"{"t": 0.8, "type": "rotary", "steps": -2}"#]
        let t = try Self.run(events, seconds: 1)
        #expect(Self.focus(t, at: 0.3).1 == 1)
        #expect(Self.focus(t, at: 0.5).1 == 2)
        #expect(Self.focus(t, at: 0.7).1 == 5)
        #expect(Self.focus(t, at: 1.0).1 == 3 && Self.focus(t, at: 1.0).2 == TVArt.title(row: 0, poster: 3))
    }

    @Test("B, Back and Escape-less gamepad buttons never fail the run; A opens the poster")
    func bNeverFails() throws {
        let events = Self.press("b", at: 0.2) + Self.press("back", at: 0.4) + Self.press("x", at: 0.5)
            + Self.press("start", at: 0.6) + Self.press("a", at: 0.8) + Self.press("b", at: 1.0)
        let t = try Self.run(events, seconds: 1.5)
        let last = t.rows.count - 1
        #expect(t.number(last, "activatedRow") == 0 && t.number(last, "activatedItem") == 0)
        #expect(Self.focus(t, at: 1.5).1 == 0)
    }

    @Test("bad gamepad and rotary events are one error line and exit 2", arguments: [
        (#"{"t": 0, "type": "gamepad", "button": "triangle", "state": "down"}"#, #""button" must be one of dpadUp"#),
        (#"{"t": 0, "type": "gamepad", "button": "a", "state": "pressed"}"#, #""state" must be down or up"#),
        (#"{"t": 0, "type": "gamepad", "button": "a"}"#, #"missing field "state""#),
        (#"{"t": 0, "type": "gamepad", "button": "a", "state": "up", "x": 1}"#, #"unknown field "x""#),
        (#"{"t": 0, "type": "rotary", "steps": 1.5}"#, #""steps" must be a whole number"#),
        (#"{"t": 0, "type": "rotary", "steps": 0}"#, #""steps" must not be 0"#),
        (#"{"t": 0, "type": "rotary", "steps": 100000}"#, #""steps" must be between -1000 and 1000"#),
    ])
    func badEvents(event: String, message: String) throws {
        let dir = try DemoProcess.temporaryDirectory("tv-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Data(("{\"events\": [" + event + "]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "tv", "--frames", "2", "--script", script.path])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("error: ") == true && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("the parser reads gamepad and rotary events into the actions they name")
    func parses() throws {
        let text = #"{"events": [{"t": 0, "type": "gamepad", "button": "leftShoulder", "state": "down"}, {"t": 0.1, "type": "rotary", "steps": -3}]}"#
        let script = try Script.parse(Array(text.utf8))
        #expect(script.events.map(\.action) == [.gamepad(.leftShoulder, pressed: true), .rotary(steps: -3)])
        #expect(Script.gamepadButtonNames == ["dpadUp", "dpadDown", "dpadLeft", "dpadRight", "a", "b", "x", "y",
                                              "leftShoulder", "rightShoulder", "start", "back"])
    }
}
