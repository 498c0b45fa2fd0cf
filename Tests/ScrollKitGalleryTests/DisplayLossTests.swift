// DisplayLossTests: the demo in a window whose display server dies: one `error: lost the display` line, exit 2.

import Foundation
import Testing

/// The demo in a real window (Xvfb; weston nested on Xvfb) whose server is killed mid-run.
@Suite(.serialized) struct DisplayLossTests {
    @Test("killing the X server under a window ends the demo with one error line and exit 2 (was Xlib's text, exit 1)")
    func lostXServer() throws {
        let x = try Xvfb(first: 170)
        try Self.check(environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": nil],
                       ready: { _ in Self.hasWindow(on: x.display) }, kill: { x.killServer() })
    }

    @Test("killing weston under a Wayland window ends the demo with one error line and exit 2 (was exit 0, no message)")
    func lostCompositor() throws {
        let weston = try Weston()
        // Ready once weston has shown a frame: libwayland's protocol log (WAYLAND_DEBUG) has a surface's
        // frame request after the toplevel's configure, then a callback's done event.
        var environment = weston.clientEnvironment
        environment["WAYLAND_DEBUG"] = "client"
        try Self.check(environment: environment, ready: Self.framePresented,
                       kill: { weston.killServer() })
    }

    /// Runs the list scene with no frame limit, waits for `ready` of its stderr so far (30 s), kills the server, and expects the
    /// demo to exit 2 within 30 s with exactly one `error: lost the display` line.
    static func check(environment overrides: [String: String?], ready: (String) -> Bool, settle: useconds_t = 300_000,
                      kill killServer: () -> Void) throws {
        let executable = try #require(DemoProcess.executable, "scrollkit-demo was not found; build it first")
        let dir = try DemoProcess.temporaryDirectory("display-loss")
        defer { try? FileManager.default.removeItem(at: dir) }
        let errURL = dir.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? err.close() }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in overrides { environment[key] = value }
        let demo = Process()
        demo.executableURL = executable
        demo.arguments = ["--scene", "list"]
        demo.environment = environment
        demo.standardOutput = FileHandle.nullDevice
        demo.standardError = err
        try demo.run()
        defer { if demo.isRunning { Foundation.kill(demo.processIdentifier, SIGKILL); demo.waitUntilExit() } }
        var deadline = Date().addingTimeInterval(30)
        while !ready((try? String(contentsOf: errURL, encoding: .utf8)) ?? "") {
            try #require(demo.isRunning && Date() < deadline, "the demo's window did not appear")
            usleep(50_000)
        }
        usleep(settle)
        try #require(demo.isRunning, "the demo ended before its display was lost")
        killServer()
        deadline = Date().addingTimeInterval(30)
        while demo.isRunning, Date() < deadline { usleep(20_000) }
        try #require(!demo.isRunning, "the demo kept running 30 s after its display was lost")
        let text = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        #expect(demo.terminationReason == .exit && demo.terminationStatus == 2, "\(demo.terminationStatus): \(text)")
        let lost = text.split(separator: "\n").filter { $0.hasPrefix("error: lost the display") }
        #expect(lost.count == 1, "\(text)")
    }

    /// Whether a `WAYLAND_DEBUG` log shows a frame callback requested after a configure, and done.
    static func framePresented(_ log: String) -> Bool {
        guard let configure = log.range(of: "ack_configure("),
              let frame = log.range(of: ".frame(new id wl_callback", range: configure.upperBound..<log.endIndex)
        else { return false }
        return log.range(of: ".done(", range: frame.upperBound..<log.endIndex) != nil
    }

    /// Whether any window is mapped on `display` (xdotool; Xvfb has no window manager: only the demo's).
    static func hasWindow(on display: String) -> Bool {
        let search = Process()
        search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        search.arguments = ["search", "--onlyvisible", "--name", ".*"]
        search.environment = ["DISPLAY": display]
        search.standardOutput = FileHandle.nullDevice
        search.standardError = FileHandle.nullDevice
        guard (try? search.run()) != nil else { return false }
        search.waitUntilExit()
        return search.terminationStatus == 0
    }
}
