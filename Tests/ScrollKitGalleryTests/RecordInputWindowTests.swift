// --record-input in a real window: a session driven by xdotool under Xvfb (a drag, a fling and a key) is recorded,
// then replayed headless at the same rate, and the list comes to rest at the same offset.

import Foundation
import ScrollKitTestSupport
import Testing

@Suite("Recorded window sessions", .serialized)
struct RecordInputWindowTests {
    /// Runs `xdotool` with `arguments` on `display`; returns its output.
    @discardableResult
    private func xdotool(_ display: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = arguments
        p.environment = ["DISPLAY": display]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a drag, a fling and Page Down recorded in a window replay headless to the same offset (0.5 pt)")
    func windowSessionReplays() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"),
                     "xdotool is not installed (make deps installs it)")
        let x = try Xvfb(first: 170)
        let dir = try DemoProcess.temporaryDirectory("record-input")
        defer { try? FileManager.default.removeItem(at: dir) }
        let recording = dir.appendingPathComponent("session.json").path
        let live = dir.appendingPathComponent("live.csv").path
        let demo = try #require(DemoProcess.executable, "scrollkit-demo was not built")
        let run = Process()
        run.executableURL = demo
        run.arguments = ["--scene", "list", "--items", "2000", "--record-input", recording, "--trace", live]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        environment["SDL_VIDEODRIVER"] = "x11"
        run.environment = environment
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        try run.run()
        defer { if run.isRunning { run.terminate() } }

        // The window, once mapped.
        var window = ""
        for _ in 0..<100 where window.isEmpty {
            usleep(100_000)
            window = (try? xdotool(x.display, ["search", "--name", "ScrollKit Gallery"]))?.split(separator: "\n").first.map(String.init) ?? ""
        }
        try #require(!window.isEmpty, "the demo's window did not appear")
        usleep(500_000)
        // A slow drag up by 200 points, a pause, then a quick flick, a pause, then Page Down, then Escape.
        try xdotool(x.display, ["mousemove", "--window", window, "400", "450", "mousedown", "1"])
        for i in 1...20 {
            usleep(25_000)
            try xdotool(x.display, ["mousemove", "--window", window, "400", "\(450 - 10 * i)"])
        }
        usleep(200_000)
        try xdotool(x.display, ["mouseup", "1"])
        usleep(300_000)
        try xdotool(x.display, ["mousemove", "--window", window, "400", "500", "mousedown", "1"])
        for i in 1...6 {
            usleep(12_000)
            try xdotool(x.display, ["mousemove", "--window", window, "400", "\(500 - 30 * i)"])
        }
        try xdotool(x.display, ["mouseup", "1"])
        usleep(3_000_000)                                   // the fling comes to rest
        try xdotool(x.display, ["key", "--window", window, "Next"])
        usleep(1_500_000)
        try xdotool(x.display, ["key", "--window", window, "Escape"])
        for _ in 0..<100 where run.isRunning { usleep(100_000) }
        #expect(!run.isRunning && run.terminationStatus == 0)

        let liveTable = try TraceTable(path: live)
        let liveEnd = try #require(liveTable.number(liveTable.rows.count - 1, "offsetY"))
        #expect(liveEnd > 400, "the session hardly scrolled: \(liveEnd)")
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(text.contains("\"type\": \"down\"") && text.contains("\"type\": \"key\", \"key\": \"PageDown\""))

        // Replayed headless, long enough for the last event and the motion after it.
        let lastT = text.split(separator: "\n").compactMap { line -> Double? in
            guard let r = line.range(of: "\"t\": ") else { return nil }
            return Double(line[r.upperBound...].prefix { "0123456789.".contains($0) })
        }.max() ?? 0
        let replay = dir.appendingPathComponent("replay.csv").path
        let result = try DemoProcess.run(["--headless", "--scene", "list", "--items", "2000", "--hz", "60",
                                          "--script", recording, "--frames", "\(Int((lastT + 3) * 60))",
                                          "--trace", replay])
        #expect(result.status == 0, "\(result.stderr)")
        let replayTable = try TraceTable(path: replay)
        let replayEnd = try #require(replayTable.number(replayTable.rows.count - 1, "offsetY"))
        #expect(abs(replayEnd - liveEnd) <= 0.5, "window \(liveEnd), replayed \(replayEnd)")
    }
}
