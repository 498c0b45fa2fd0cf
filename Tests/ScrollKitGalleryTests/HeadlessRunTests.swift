import Foundation
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

/// Whole headless runs of the built binary (a subprocess, so SDL never starts in the test process).
@Suite struct HeadlessRunTests {
    /// Rows of a trace file, split into fields (header first).
    private func readTrace(_ path: String) throws -> [[String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let table = TraceTable(text: text)
        return [table.header] + table.rows
    }

    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ path: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(data.count > 24)
        #expect(Array(data[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func defaultRunWritesTraceScreenshotAndStats() throws {
        let dir = try DemoProcess.temporaryDirectory("e2e")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("trace.csv").path
        let shot = dir.appendingPathComponent("shot.png").path
        let result = try DemoProcess.run(["--headless", "--trace", trace, "--screenshot", shot, "--stats"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)

        let rows = try readTrace(trace)
        #expect(rows.count == 121)  // header + 120 frames
        #expect(rows[0].joined(separator: ",") == TraceFormat.header)
        for (k, row) in rows.dropFirst().enumerated() {
            #expect(row.count == TraceFormat.columns.count)
            #expect(row[0] == "\(k)")
            #expect(Double(row[1]) == Double(k) / 60)           // the virtual clock: exactly k / 60
            #expect(row[7] == "idle")                             // nothing touched it
            #expect(row[8] == "800")                              // viewport width of the 800x600 window
        }
        #expect(try pngSize(shot) == (800, 600))
        #expect(result.stdout.contains("frames: 120"))
        #expect(result.stdout.contains("skipped frames: 0"))
        #expect(result.stdout.contains("peak memory:"))
    }

    /// `--record DIR` writes every frame; the last is the frame `--screenshot` writes, and frames differ
    /// while the list scrolls.
    @Test func recordWritesEveryFrame() throws {
        let dir = try DemoProcess.temporaryDirectory("record")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Data(#"{"events": [{"t": 0, "type": "scrollToEnd", "duration": 1, "curve": "linear"}]}"#.utf8).write(to: script)
        let frames = dir.appendingPathComponent("frames").path      // made by the run
        let shot = dir.appendingPathComponent("last.png").path
        let result = try DemoProcess.run(["--headless", "--frames", "6", "--script", script.path,
                                          "--record", frames, "--screenshot", shot])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(names == (0..<6).map { "frame-0000\($0).png" })
        #expect(try pngSize(frames + "/frame-00005.png") == (800, 600))
        let last = try Data(contentsOf: URL(fileURLWithPath: frames + "/frame-00005.png"))
        #expect(last == (try Data(contentsOf: URL(fileURLWithPath: shot))))
        let third = try Data(contentsOf: URL(fileURLWithPath: frames + "/frame-00002.png"))
        #expect(third != last)
    }

    @Test func scriptDrivesTheSceneFrameByFrame() throws {
        let dir = try DemoProcess.temporaryDirectory("script")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Data("""
        {"events": [
          {"t": 0.1,  "type": "down", "x": 400, "y": 500},
          {"t": 0.11, "type": "move", "x": 400, "y": 450},
          {"t": 0.12, "type": "move", "x": 400, "y": 400},
          {"t": 0.2,  "type": "up",   "x": 400, "y": 400},
          {"t": 0.5,  "type": "scrollTo", "x": 0, "y": 3000, "duration": 0},
          {"t": 0.75, "type": "resize", "width": 640, "height": 480},
          {"t": 1.0,  "type": "screenshot", "path": "mid.png"}
        ]}
        """.utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--hz", "120", "--frames", "150", "--script", script.path,
                                          "--trace", "t.csv"], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try readTrace(dir.appendingPathComponent("t.csv").path)
        #expect(rows.count == 151)
        func offsetY(_ frame: Int) -> Double? { Double(rows[frame + 1][4]) }
        // At 120 Hz: t = 0.1 → frame 12; the two moves (0.11, 0.12) → frames 14 and 15 (1.2 / 120 ≈ 0.01 is
        // not ≥ 0.11 - 1e-6 at frame 13 = 0.1083).
        #expect(offsetY(11) == 0)
        #expect(rows[13][7] == "tracking")
        #expect(offsetY(14) == 50)     // 1:1 drag in the placeholder scene
        #expect(offsetY(15) == 100)
        #expect(offsetY(59) == 100)    // frame 59 = 0.4917 s: not yet
        #expect(offsetY(60) == 3000)   // frame 60 = 0.5 s: the jump
        #expect(rows[90][8] == "800")  // frame 89: before the resize at 0.75 s (frame 90)
        #expect(rows[91][8] == "640")
        #expect(try pngSize(dir.appendingPathComponent("mid.png").path) == (640, 480))
    }

    /// The issue 14 script forms run through the built binary, and every row has the appended columns.
    @Test func returnTabShiftAndTheAppendedColumns() throws {
        let dir = try DemoProcess.temporaryDirectory("keys14")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Data("""
        {"events": [
          {"t": 0.05, "type": "wheel", "dy": -1, "shift": true},
          {"t": 0.1,  "type": "key", "key": "Return"},
          {"t": 0.15, "type": "key", "key": "Tab", "shift": true},
          {"t": 0.2,  "type": "wheel", "dy": -1, "shift": false, "x": 400, "y": 300}
        ]}
        """.utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--frames", "30", "--script", script.path,
                                          "--trace", "t.csv"], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let rows = try readTrace(dir.appendingPathComponent("t.csv").path)
        #expect(rows.count == 31)
        #expect(Array(rows[0][16..<25]) == ["innerIndex", "innerOffsetX", "innerVelocityX", "focusRow", "focusItem",
                                            "activatedRow", "activatedItem", "pinnedSection", "zoomScale"])
        for row in rows { #expect(row.count == TraceFormat.columns.count && row.count == 40) }
        #expect(rows.dropFirst().allSatisfy { $0[24] == "1" })   // the list does not zoom
        // The list has no carousel: its inner columns stay neutral.
        #expect(rows.dropFirst().allSatisfy { $0[16] == "-1" && $0[17] == "0" && $0[18] == "0" })
    }

    @Test func lateScriptEventsAreReportedNotSilentlyDropped() throws {
        let dir = try DemoProcess.temporaryDirectory("late")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Data(#"{"events": [{"t": 0, "type": "key", "key": "End"}, {"t": 5, "type": "key", "key": "Home"}]}"#.utf8)
            .write(to: script)
        let result = try DemoProcess.run(["--headless", "--frames", "10", "--script", script.path])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: 1 script event(s) not handled: the run ended before their time (the last is at t = 5 s; raise --frames)\n")
    }
}
