import Foundation
import ScrollKitTestSupport
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
        let trace = dir.appendingPathComponent("trace.csv")
        let result = try DemoProcess.run(["--scene", "list", "--items", "10000000", "--frames", "300",
                                          "--script", script.path, "--stats", "--trace", trace.path],
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
        let completions = seen.split(separator: "\n").filter { $0.hasPrefix("complete ") }.compactMap { line -> (pixmap: Bool, msc: UInt64, ust: UInt64)? in
            let f = line.split(separator: " ")
            guard f.count == 5, let msc = UInt64(f[3]), let ust = UInt64(f[4]) else { return nil }
            return (f[1] == "pixmap", msc, ust)
        }
        let frames = completions.filter(\.pixmap).map(\.msc)
        // Presents only while something changes: the scroll changes every frame, so the observer sees a
        // stream of frames, each completing at a later vblank than the one before.
        #expect(frames.count >= 30, "observer saw \(frames.count) frames: \(seen.prefix(400))")
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0 <= $1 }, "vblanks out of order: \(frames)")
        // Many land on the vblank after the previous frame's (a loaded machine — the suite runs tests in
        // parallel — misses some; the bench holds the strict target on a quiet one).
        let consecutive = zip(frames, frames.dropFirst()).filter { $1 == $0 + 1 }.count
        #expect(consecutive >= 10 && consecutive * 4 >= frames.count, "only \(consecutive) of \(frames.count) on consecutive vblanks")

        // The trace's displayFrame is the MSC the observer saw each frame complete at: every frame the
        // observer saw is a row, and every row shown while the observer listened is a frame it saw.
        let table = try TraceTable(path: trace.path)
        let shown = table.rows.indices.compactMap { table.number($0, "displayFrame") }.map(Int.init)
        #expect(shown.count == 300)
        let first = try #require(frames.first.map(Int.init)), last = try #require(frames.last.map(Int.init))
        // (Two frames can complete at one vblank, the first skipped, when the first was late: both are heard,
        // except at the ends of the observer's listening, which can fall between the two: the first and last
        // vblanks heard are left out.)
        let shownWhileHeard = shown.filter { $0 > first && $0 < last }
        let heardInside = frames.map(Int.init).filter { $0 > first && $0 < last }
        #expect(shownWhileHeard.sorted() == heardInside.sorted(),
                "trace \(shownWhileHeard.prefix(20)) … observer \(frames.prefix(20)) …")

        // The display link's timestamp is the UST of the vblank that showed the frame before (the vblank
        // before its own, when that frame was late): the trace's timestamps are the server's USTs, to 0.05 ms,
        // moved by one constant (the trace counts seconds from the run's start on the host clock). A loaded
        // machine can hear of a vblank too late and use the fitted prediction: the bench holds "every frame";
        // here half must.
        // (Xvfb stamps each event with the moment it ran it: a frame's completion and a notify at the same
        // vblank can differ by a fraction of a millisecond, so every UST heard counts.)
        let usts = completions.map { Double($0.ust) / 1_000_000 }.sorted()
        try #require(!usts.isEmpty)
        // The constant: the offset (to 0.01 ms) that most timestamps share with some UST.
        var votes: [Int: Int] = [:]
        for k in table.rows.indices {
            guard let t = table.number(k, "timestamp") else { continue }
            for u in usts { votes[Int(((t - u) * 100_000).rounded()), default: 0] += 1 }
        }
        let offset = Double(try #require(votes.max { $0.value < $1.value }).key) / 100_000
        let rowsHeard = table.rows.indices.filter { k in
            table.number(k, "timestamp").map { $0 - offset >= usts[0] && $0 - offset <= usts[usts.count - 1] } ?? false
        }
        let onAUST = rowsHeard.filter { k in
            let t = table.number(k, "timestamp")! - offset
            return usts.contains { abs($0 - t) <= 0.000_06 }   // 0.05 ms and the vote's 0.01 ms bin
        }
        #expect(rowsHeard.count >= 30)
        #expect(onAUST.count * 2 >= rowsHeard.count,
                "\(onAUST.count) of \(rowsHeard.count) timestamps are a reported UST (to 0.05 ms)")
    }

    @Test("with SCROLLKIT_PRESENT=0 the window keeps its timer and says why")
    func fallsBack() throws {
        let x = try Xvfb()
        let off = try DemoProcess.run(["--scene", "list", "--frames", "20", "--stats"],
                                      environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11", "SCROLLKIT_PRESENT": "0"])
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout.contains("vblank: source timer, refresh 60.000 Hz (no X Present: SCROLLKIT_PRESENT=0)"), "\(off.stdout)")
    }

    @Test("SDL 2's X11 driver has no high-DPI: SCROLLKIT_SCALE=1.5 makes the window 1.5 times the points, drawn at 1.5x and presented")
    func desktopScale() throws {
        let x = try Xvfb()
        let dir = try DemoProcess.temporaryDirectory("scale")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("shot.png")
        let result = try DemoProcess.run(["--scene", "list", "--size", "400x300", "--frames", "10", "--stats",
                                          "--screenshot", shot.path],
                                         environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11", "SCROLLKIT_SCALE": "1.5"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("vblank: source present"), "\(result.stdout)")
        let png = try Data(contentsOf: shot)
        try #require(png.count > 24)
        func be32(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 600 && be32(20) == 450, "\(be32(16))x\(be32(20))")

        let bad = try DemoProcess.run(["--scene", "list", "--size", "400x300", "--frames", "2", "--screenshot", shot.path],
                                      environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11", "SCROLLKIT_SCALE": "huge"])
        #expect(bad.status == 0)
        #expect(bad.stderr.contains("scrollkit: SCROLLKIT_SCALE=huge is not a scale between 0.5 and 4: ignored"), "\(bad.stderr)")
        let png1 = try Data(contentsOf: shot)
        #expect(png1[16..<24] == Data([0, 0, 1, 0x90, 0, 0, 1, 0x2C]))   // 400 × 300
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
