import Foundation
import Testing

/// The demo in a real window under Xvfb, its frames shown through X11's Present extension: what
/// `--stats` says, and what an independent X client watching the window's Present traffic sees
/// (Tests/Tools/present-observer.c, built here with `cc`: it shares no code with ScrollKit).
/// Timing targets (every frame on the next vblank in 9 of 10 runs) live in `make bench`
/// (scripts/measure-pacing.sh), not here: this suite checks the mechanism, on a machine under any load.
@Suite(.serialized) struct PresentWindowTests {
    /// A scroll that outlasts every run: the list moves in every frame.
    static let scroll = #"{"events": [{"t": 0.05, "type": "scrollToEnd", "duration": 120, "curve": "linear"}]}"#

    @Test("under Xvfb the window presents through X Present: --stats names the source and the display's measured rate, and an observer sees every frame complete on a vblank")
    func presentsOnVBlanks() throws {
        let x = try Xvfb()
        let dir = try DemoProcess.temporaryDirectory("present")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("scroll.json")
        try Self.scroll.write(to: script, atomically: true, encoding: .utf8)
        let observer = try Self.buildObserver(in: dir)

        // The observer waits for the window, then listens for 2.5 s while the demo scrolls for 300 frames.
        let watch = Process()
        watch.executableURL = observer
        watch.arguments = ["ScrollKit Gallery", "2.5"]
        watch.environment = ["DISPLAY": x.display]
        let watched = Pipe()
        watch.standardOutput = watched
        try watch.run()
        let result = try DemoProcess.run(["--scene", "list", "--items", "10000000", "--frames", "300",
                                          "--script", script.path, "--stats"],
                                         environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11"])
        let seen = String(decoding: watched.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        watch.waitUntilExit()

        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("vblank: ") },
                                "no vblank line in:\n\(result.stdout)")
        #expect(line.hasPrefix("vblank: source present, refresh "), "\(line)")
        // Xvfb's vblanks are a 60 Hz timer: the rate is measured from them (not SDL's 0 Hz).
        let rate = Double(line.split(separator: " ")[4]) ?? 0
        #expect(rate > 59 && rate < 61, "\(line)")

        #expect(watch.terminationStatus == 0, "observer: \(seen)")
        let frames = seen.split(separator: "\n").filter { $0.hasPrefix("complete pixmap ") }
            .compactMap { UInt64($0.split(separator: " ")[3]) }
        // Presents only while something changes: the scroll changes every frame, so the observer sees a
        // stream of frames, each completing at a later vblank than the one before.
        #expect(frames.count >= 30, "observer saw \(frames.count) frames: \(seen.prefix(400))")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0 <= $1 }, "vblanks out of order: \(frames)")
        // Most land on the vblank after the previous frame's (a loaded machine may miss some; the bench
        // holds the strict target).
        let consecutive = zip(frames, frames.dropFirst()).filter { $1 == $0 + 1 }.count
        #expect(consecutive * 2 >= frames.count, "only \(consecutive) of \(frames.count) on consecutive vblanks")
    }

    @Test("with SCROLLKIT_PRESENT=0 the window keeps its timer and says why")
    func fallsBack() throws {
        let x = try Xvfb()
        let off = try DemoProcess.run(["--scene", "list", "--frames", "20", "--stats"],
                                      environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11", "SCROLLKIT_PRESENT": "0"])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout.contains("vblank: source timer, refresh 60.000 Hz (no X Present: SCROLLKIT_PRESENT=0)"), "\(off.stdout)")
    }

    /// Compiles the observer into `directory`.
    static func buildObserver(in directory: URL) throws -> URL {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/present-observer.c")
        let output = directory.appendingPathComponent("present-observer")
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-O2", source.path, "-o", output.path, "-lxcb", "-lxcb-present"]
        try cc.run()
        cc.waitUntilExit()
        try #require(cc.terminationStatus == 0, "cannot build \(source.path) (cc, libxcb-present-dev)")
        return output
    }
}
