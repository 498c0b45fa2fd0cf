import Foundation
import Motion
import ScrollKit
import ScrollKitTestSupport
import Testing

/// Scripted wheel gestures through the built binary: a trackpad's fractional, high-rate stream follows 1:1
/// and then coasts; quick notches accelerate; a shift-stream on the horizontal paging scene.
@MainActor @Suite struct WheelScriptTests {
    /// The trace's rows as named columns (numbers; `phase` as text).
    private func readTrace(_ path: String) throws -> [(numbers: [String: Double], phase: String)] {
        let table = try TraceTable(path: path)
        return table.rows.indices.map { (table.numbers($0), table.text($0, "phase") ?? "") }
    }

    /// Wheel events (dx, dy, shift) at the given times, as a script.
    private func script(_ events: [(t: Double, dx: Double, dy: Double)], shift: Bool = false) -> String {
        let lines = events.map { e in
            #"{"t": \#(e.t), "type": "wheel", "dx": \#(e.dx), "dy": \#(e.dy), "x": 400, "y": 300\#(shift ? #", "shift": true"# : "")}"#
        }
        return "{\"events\": [\n" + lines.joined(separator: ",\n") + "\n]}"
    }

    private func run(_ scriptText: String, scene: String, frames: Int) throws -> [(numbers: [String: Double], phase: String)] {
        let dir = try DemoProcess.temporaryDirectory("wheel")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(scriptText.utf8).write(to: file)
        let result = try DemoProcess.run(["--headless", "--scene", scene, "--frames", "\(frames)",
                                          "--script", file.path, "--trace", trace.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try readTrace(trace.path)
    }

    @Test("a trackpad stream (fractions 8 ms apart) follows 1:1 while dragging, then flings at its speed 50 ms after the last event")
    func trackpadStream() throws {
        let n = 30, interval = 0.008, start = 0.1, value = -0.3
        let events = (0..<n).map { (t: start + Double($0) * interval, dx: 0.0, dy: value) }
        let rows = try run(script(events), scene: "list", frames: 90)
        let t0 = rows[0].numbers["timestamp"]!
        func time(_ k: Int) -> Double { rows[k].numbers["timestamp"]! - t0 }
        func offset(_ k: Int) -> Double { rows[k].numbers["offsetY"]! }
        /// Events handled by frame k: those at or before its timestamp.
        func handled(_ k: Int) -> Int { events.filter { $0.t <= time(k) + 1e-6 }.count }
        let perEvent = -value * ScrollingView.lineStep          // 12 pt
        // The stream runs from the frame that handled its second event to the one that notices its end.
        let first = try #require(rows.indices.first { handled($0) >= 2 })
        let lastEvent = events.last!.t
        let end = lastEvent + WheelStreamClassifier.streamEndGap
        let released = try #require(rows.indices.first { time($0) >= end - 1e-6 })
        for k in first..<released {
            #expect(rows[k].phase == "dragging")
            #expect(abs(offset(k) - offset(first) - Double(handled(k) - handled(first)) * perEvent) < 1e-6)
        }
        // The content held still from the frame that handled the last event to the release.
        let held = offset(released - 1)
        let lastHandled = try #require(rows.indices.first { handled($0) == n })
        #expect(lastHandled < released - 1)
        for k in lastHandled..<released { #expect(offset(k) == held) }
        #expect(rows[released].phase == "decelerating")
        let speed = perEvent / interval                          // 1500 pt/s
        let decay = DecaySimulation(position: held, velocity: speed, rate: .normal)
        let target = rows[released].numbers["targetTimestamp"]! - t0
        #expect(abs(offset(released) - decay.position(at: target - end)) < 1e-6)
        #expect(abs(rows[released].numbers["velocityY"]! - decay.velocity(at: target - end)) < 1e-6)
        // It coasts on afterwards, slowing down.
        #expect(offset(released + 10) > offset(released) && rows[released + 10].phase == "decelerating")
        #expect(rows[released + 10].numbers["velocityY"]! < rows[released].numbers["velocityY"]!)
    }

    @Test("a stream toward the start at the top rubber-bands while dragging, then bounces back to 0")
    func streamRubberBand() throws {
        let events = (0..<25).map { (t: 0.1 + Double($0) * 0.01, dx: 0.0, dy: 0.4) }
        let rows = try run(script(events), scene: "list", frames: 120)
        let dragging = rows.filter { $0.phase == "dragging" }
        #expect(dragging.contains { $0.numbers["offsetY"]! < 0 })
        // Rubber band: never more than half the viewport past the edge; bounces home.
        let height = rows[0].numbers["viewportHeight"]!
        #expect(rows.allSatisfy { $0.numbers["offsetY"]! > -height / 2 })
        #expect(rows.contains { $0.phase == "bouncing" })
        #expect(rows.last?.numbers["offsetY"] == 0 && rows.last?.phase == "idle")
    }

    @Test("ten quick notches (12 ms apart) accelerate to 23.5 steps; ten slow ones (60 ms) move exactly 10")
    func notchAcceleration() throws {
        func total(_ interval: Double) -> Double {
            (0..<10).reduce(0) { sum, k in
                let n = interval < WheelStreamClassifier.accelerationInterval ? k : 0
                return sum + (n <= 2 ? 1 : min(1 + Double(n - 2) * 0.5, 4))
            }
        }
        for interval in [0.012, 0.06] {
            let events = (0..<10).map { (t: 0.1 + Double($0) * interval, dx: 0.0, dy: -1.0) }
            let rows = try run(script(events), scene: "list", frames: 90)
            #expect(rows.last?.numbers["offsetY"] == total(interval) * ScrollingView.lineStep)
            #expect(rows.allSatisfy { $0.phase != "dragging" })
        }
        #expect(total(0.012) == 23.5 && total(0.06) == 10)
    }

    @Test("a shift-wheel stream on the horizontal paging scene follows 1:1, then lands on the next page")
    func shiftStreamPages() throws {
        let events = (0..<12).map { (t: 0.1 + Double($0) * 0.01, dx: 0.0, dy: -0.5) }    // toward the user: right
        let rows = try run(script(events, shift: true), scene: "paging", frames: 240)
        let dragging = rows.filter { $0.phase == "dragging" }
        try #require(dragging.count >= 2)
        let steps = zip(dragging, dragging.dropFirst()).map { $1.numbers["offsetX"]! - $0.numbers["offsetX"]! }
        // Each frame of the stream moved by a whole number of 20 pt events (none to two per 60 Hz frame).
        #expect(steps.allSatisfy { s in s >= 0 && abs(s / 20 - (s / 20).rounded()) < 1e-9 })
        #expect(steps.reduce(0, +) > 0)
        #expect(rows.allSatisfy { $0.numbers["offsetY"] == 0 })
        let page = rows[0].numbers["viewportWidth"]!
        #expect(rows.last?.numbers["offsetX"] == page && rows.last?.phase == "idle")
    }
}
