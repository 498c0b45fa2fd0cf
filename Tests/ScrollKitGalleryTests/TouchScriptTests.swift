import Foundation
import ScrollKitTestSupport
import Testing

/// Scripted touch events through the built binary: two fingers pan the list by their centroid.
@Suite struct TouchScriptTests {
    /// The trace's rows as named columns.
    private func readTrace(_ path: String) throws -> [[String: Double]] {
        try TraceTable(path: path).numericRows
    }

    @Test("two fingers pan the list by their centroid's travel (not twice it); one lifts, the other carries on")
    func twoFingerPan() throws {
        let dir = try DemoProcess.temporaryDirectory("touch")
        defer { try? FileManager.default.removeItem(at: dir) }
        var events = [
            #"{"t": 0.1, "type": "touchDown", "id": 1, "x": 300, "y": 400}"#,
            #"{"t": 0.1, "type": "touchDown", "id": 2, "x": 500, "y": 420, "device": 0}"#,
        ]
        // Both fingers move up 10 pt per event: 100 pt in all.
        for k in 1...10 {
            let t = 0.1 + Double(k) * 0.016
            events.append(#"{"t": \#(t), "type": "touchMove", "id": 1, "x": 300, "y": \#(400 - 10 * k)}"#)
            events.append(#"{"t": \#(t), "type": "touchMove", "id": 2, "x": 500, "y": \#(420 - 10 * k)}"#)
        }
        // A finger on another touchscreen: ignored.
        events.append(#"{"t": 0.3, "type": "touchDown", "id": 1, "x": 100, "y": 500, "device": 1}"#)
        events.append(#"{"t": 0.31, "type": "touchMove", "id": 1, "x": 100, "y": 100, "device": 1}"#)
        // Finger 1 lifts; finger 2 alone moves the list 40 pt more, holds, and lifts (no fling).
        events.append(#"{"t": 0.32, "type": "touchUp", "id": 1, "x": 300, "y": 300}"#)
        events.append(#"{"t": 0.34, "type": "touchMove", "id": 2, "x": 500, "y": 300}"#)
        events.append(#"{"t": 0.36, "type": "touchMove", "id": 2, "x": 500, "y": 280}"#)
        events.append(#"{"t": 0.5, "type": "touchUp", "id": 2, "x": 500, "y": 280}"#)
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "list", "--frames", "45",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try readTrace(trace.path)
        #expect(rows.count == 45)
        func offsetY(at t: Double) -> Double? { rows.last { ($0["timestamp"] ?? .infinity) - rows[0]["timestamp"]! <= t + 1e-6 }?["offsetY"] }
        // The list shows the fingers resampled 10 ms before each frame (`touchResampleLatency`): these
        // frames come at least 10 ms after the samples they look at.
        #expect(offsetY(at: 0.09) == 0)
        // Mid-pan, the frame at 0.2 s shows the centroid at 0.19 s: between the samples at 0.18 (50) and 0.196 (60).
        #expect(abs((offsetY(at: 0.2) ?? 0) - 56.25) < 1e-6)
        #expect(offsetY(at: 0.3) == 100)        // after the last two-finger move (t = 0.26)
        #expect(offsetY(at: 0.34) == 100)       // the other screen's finger and the lift moved nothing
        #expect(offsetY(at: 0.4) == 140)
        #expect(rows.last?["offsetY"] == 140)   // held still 140 ms before the up: no fling
    }

    @Test("a bad touch event is one line on stderr and exit status 2", arguments: [
        (#"{"t": 0, "type": "touchDown", "x": 1, "y": 2}"#, #"event 0: missing field "id""#),
        (#"{"t": 0, "type": "touchMove", "id": "one", "x": 1, "y": 2}"#, #"event 0: "id" must be a number"#),
        (#"{"t": 0, "type": "touchUp", "id": 1, "x": 1, "y": 2, "device": "a"}"#, #"event 0: "device" must be a number"#),
    ])
    func badTouchEvent(event: String, expected: String) throws {
        let dir = try DemoProcess.temporaryDirectory("touch-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Data((#"{"events": ["# + event + "]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--frames", "2", "--script", script.path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }
}
