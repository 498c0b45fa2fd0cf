import Foundation
import Motion
import ScrollKit
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

@Suite struct CurvesCSVTests {
    /// Every named curve, N evenly spaced samples from exactly 0 to exactly 1, values that read back to
    /// the curve's own Doubles.
    @Test(arguments: [2, 3, 11, 101])
    func csvHasEveryCurveAndSample(samples: Int) throws {
        let text = CurvesCSV.text(samples: samples)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "curve,t,value")
        let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let curves = TimingCurve.allNamed
        #expect(curves.count == 37)
        #expect(rows.count == curves.count * samples)
        for (c, curve) in curves.enumerated() {
            for i in 0..<samples {
                let row = rows[c * samples + i]
                try #require(row.count == 3)
                #expect(row[0] == Substring(curve.name))
                let t = try #require(Double(row[1]))
                let value = try #require(Double(row[2]))
                #expect(abs(t - Double(i) / Double(samples - 1)) < 1e-15)
                #expect(value == curve.value(at: t))
            }
            #expect(rows[c * samples][1] == "0" && rows[c * samples][2] == "0")
            #expect(rows[c * samples + samples - 1][1] == "1" && rows[c * samples + samples - 1][2] == "1")
        }
        // Names are unique and parse back to the same curve.
        #expect(Set(curves.map(\.name)).count == curves.count)
        for curve in curves { #expect(try TimingCurve(parsing: curve.name).value(at: 0.3) == curve.value(at: 0.3)) }
    }

    @Test func parsingTheSubcommand() throws {
        guard case .curves(let defaults) = DemoCLI.parse(["curves"]) else { Issue.record("not the curves command"); return }
        #expect(defaults == CurvesConfiguration(samples: 101, screenshotPath: nil))
        guard case .curves(let c) = DemoCLI.parse(["curves", "--samples", "5", "--screenshot", "g.png"]) else {
            Issue.record("not the curves command"); return
        }
        #expect(c == CurvesConfiguration(samples: 5, screenshotPath: "g.png"))
        if case .exit(let status, let out, _) = DemoCLI.parse(["curves", "--help"]) {
            #expect(status == 0 && out.contains("--samples") && out.contains("--screenshot"))
        } else {
            Issue.record("--help should exit")
        }
        // The main command still runs without it, and mentions it in its help.
        if case .exit(_, let out, _) = DemoCLI.parse(["--help"]) { #expect(out.contains("curves")) }
    }

    @Test(arguments: [
        (["curves", "--samples", "1"], #"error: --samples must be a whole number from 2 to 100000 (got "1")"#),
        (["curves", "--samples", "0"], #"error: --samples must be a whole number from 2 to 100000 (got "0")"#),
        (["curves", "--samples=-4"], #"error: --samples must be a whole number from 2 to 100000 (got "-4")"#),
        (["curves", "--samples", "2.5"], "error: The value '2.5' is invalid for '--samples <N>': must be a whole number from 2 to 100000"),
        (["curves", "--samples", "many"], "error: The value 'many' is invalid for '--samples <N>': must be a whole number from 2 to 100000"),
        (["curves", "--samples", "100001"], #"error: --samples must be a whole number from 2 to 100000 (got "100001")"#),
        (["curves", "--screenshot", ""], "error: --screenshot needs a file path (got an empty string)"),
    ])
    func badInputIsOneLine(arguments: [String], line: String) {
        guard case .exit(let status, let out, let err) = DemoCLI.parse(arguments) else {
            Issue.record("\(arguments) was accepted"); return
        }
        #expect(status == 2 && out.isEmpty)
        #expect(err == line)
    }

    @Test func unknownOptionIsOneLine() {
        guard case .exit(let status, _, let err) = DemoCLI.parse(["curves", "--bogus"]) else {
            Issue.record("accepted"); return
        }
        #expect(status == 2 && err.hasPrefix("error: ") && !err.contains("\n"))
    }
}

/// The built binary (a subprocess: SDL never starts in the test process).
@Suite struct CurvesProcessTests {
    @Test func printsTheCSV() throws {
        let result = try DemoProcess.run(["curves", "--samples", "3"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == CurvesCSV.text(samples: 3))
        let big = try DemoProcess.run(["curves"])
        #expect(big.stdout.split(separator: "\n").count == 1 + 101 * TimingCurve.allNamed.count)
    }

    @MainActor @Test func rendersTheGalleryHeadless() throws {
        let dir = try DemoProcess.temporaryDirectory("curves")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("g.png").path
        let result = try DemoProcess.run(["curves", "--samples", "2", "--screenshot", path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == CurvesCSV.text(samples: 2))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(data.count > 24)
        #expect(Array(data[0..<4]) == [0x89, 0x50, 0x4E, 0x47])
        func be32(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let size = CurveGallery().size
        #expect(be32(16) == Int(size.width) && be32(20) == Int(size.height))
        #expect(data.count > 40_000)     // 37 labelled plots, not a blank picture
    }

    @Test func unwritableScreenshotIsOneLineAndPrintsNothing() throws {
        let result = try DemoProcess.run(["curves", "--screenshot", "/nonexistent-dir/g.png"])
        #expect(result.status == 2 && result.exited)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("error: cannot write screenshot \"/nonexistent-dir/g.png\""))
    }
}

@MainActor @Suite struct CurvesSceneTests {
    static let size = Size(width: 800, height: 556)

    /// Frame `k` at `hz`, starting at `start`.
    func tick(_ k: Int, hz: Double = 60) -> FrameTick {
        FrameTick(index: k, timestamp: Double(k) / hz, duration: 1 / hz)
    }

    /// The table goes to exactly 500 along the curve over the duration, waits, and comes back along it;
    /// the plot's dot (progress, value) agrees with the table's offset in every frame.
    @Test(arguments: ["linear", "easeInOutCubic", "easeOutBack", "easeOutElastic", "easeOutBounce"])
    func tableScrollsTo500AndBackAlongTheCurve(name: String) throws {
        let scene = CurvesScene(size: Self.size)
        let index = try #require(scene.curves.firstIndex { $0.name == name })
        scene.select(index)
        let curve = scene.curve
        var sawForward = false, sawBack = false, peak = 0.0
        var k = 0
        while k < 200 {
            scene.update(tick(k))
            let offset = scene.traceSample.offset.y
            peak = max(peak, offset)
            switch scene.leg {
            case .forward where scene.progress < 1:
                sawForward = true
                #expect(abs(offset - 500 * curve.value(at: scene.progress)) < 1e-6, "frame \(k)")
            case .back where scene.progress < 1:
                sawBack = true
                let expected = 500 * (1 - curve.value(at: scene.progress))
                if expected >= 0 {
                    #expect(abs(offset - expected) < 1e-6, "frame \(k)")
                } else {
                    // An overshoot past the top is rubber-banded by the scroll view: less deep, never past 0's side.
                    #expect(offset < 0 && offset > expected, "frame \(k)")
                }
            case .hold:
                #expect(offset == 500)
            default: break
            }
            if scene.leg == .idle { break }
            k += 1
        }
        #expect(sawForward && sawBack)
        #expect(scene.leg == .idle)
        #expect(scene.traceSample.offset.y == 0)
        // The table's scroll indicator then fades (held 0.5 s, faded over 0.3 s), and the scene sleeps.
        #expect(scene.needsFrames)
        var fading = 0
        while scene.needsFrames && fading < 120 { fading += 1; scene.update(tick(k + fading)) }
        #expect(!scene.needsFrames)
        #expect(fading >= 47 && fading <= 50)                       // 0.8 s at 60 Hz
        #expect(peak >= 500)
        // 0.25 s there, 0.35 s hold, 0.25 s back, plus a frame or two to start each leg.
        #expect(k >= 50 && k <= 56)
        #expect(scene.traceSample.selected == index)
    }

    @Test func keysChooseCurvesAndDurations() {
        let scene = CurvesScene(size: Self.size)
        let start = scene.selected
        scene.handle(.key(.down, time: 0))
        #expect(scene.selected == start + 1 && scene.leg == .forward)
        scene.handle(.key(.up, time: 0))
        scene.handle(.key(.up, time: 0))
        #expect(scene.selected == start - 1)
        scene.handle(.key(.home, time: 0))
        scene.handle(.key(.up, time: 0))
        #expect(scene.selected == 0)
        scene.handle(.key(.end, time: 0))
        scene.handle(.key(.down, time: 0))
        #expect(scene.selected == scene.curves.count - 1)

        #expect(scene.duration == 0.25)
        scene.handle(.key(.right, time: 0))
        #expect(abs(scene.duration - 0.30) < 1e-12)
        scene.handle(.text("-", time: 0))
        scene.handle(.text("-", time: 0))
        #expect(abs(scene.duration - 0.20) < 1e-12)
        for _ in 0..<10 { scene.handle(.key(.left, time: 0)) }
        #expect(scene.duration == CurvesScene.durationRange.lowerBound)
        scene.setDuration(.nan)
        #expect(scene.duration == CurvesScene.durationRange.lowerBound)
        scene.setDuration(99)
        #expect(scene.duration == CurvesScene.durationRange.upperBound)
    }

    /// The slider is logarithmic from 0.05 to 4 s, and dragging it sets the duration; a click on a
    /// curve's row selects it.
    @Test func sliderAndListClicks() throws {
        let scene = CurvesScene(size: Self.size)
        let track = scene.sliderTrack
        try #require(track.width > 100)
        #expect(scene.duration(atSliderX: track.minX - 50) == 0.05)
        #expect(scene.duration(atSliderX: track.maxX + 50) == 4)
        for d in [0.1, 0.25, 1, 2.5] {
            #expect(abs(scene.duration(atSliderX: scene.sliderX(for: d)) - d) < 0.006)
        }
        let y = track.midY
        scene.handle(.pointerDown(location: Point(x: track.maxX, y: y), time: 1))
        #expect(scene.duration == 4)
        scene.handle(.pointerMove(location: Point(x: scene.sliderX(for: 1), y: y + 30), time: 1.1))
        #expect(abs(scene.duration - 1) < 0.006)
        scene.handle(.pointerUp(location: Point(x: scene.sliderX(for: 1), y: y + 30), time: 1.2))
        #expect(scene.leg == .forward)

        // Row 2 of the curve list (rows are 50 pt under a 40 pt header).
        for k in 0..<3 { scene.update(tick(k)) }
        scene.handle(.pointerDown(location: Point(x: 60, y: 40 + 2 * 50 + 25), time: 2))
        scene.handle(.pointerUp(location: Point(x: 60, y: 40 + 2 * 50 + 25), time: 2.05))
        #expect(scene.selected == 2)
        #expect(scene.curve.name == TimingCurve.allNamed[2].name)
    }

    /// Script commands act on the table and stop the demonstration run.
    @Test func scriptCommandsDriveTheTable() {
        let scene = CurvesScene(size: Self.size)
        scene.update(tick(0))
        scene.scroll(to: Point(x: 0, y: 1200), duration: 0, curve: nil)
        #expect(scene.leg == .idle)
        scene.update(tick(1))
        #expect(scene.traceSample.offset.y == 1200)
        scene.scrollToItem(99, position: .end, duration: 0, curve: .linear)
        scene.update(tick(2))
        #expect(scene.traceSample.lastVisible == 99)
        #expect(scene.traceSample.offset.y == scene.traceSample.contentSize.height - scene.traceSample.viewportSize.height)
    }

    /// The scene draws the selected curve's name, a plot polyline, the table's rows and the controls.
    @Test func drawsPlotTableAndControls() throws {
        let scene = CurvesScene(size: Self.size)
        for k in 0..<8 { scene.update(tick(k)) }
        let canvas = RecordingCanvas(size: Self.size)
        scene.draw(in: canvas)
        #expect(canvas.texts.contains("easeInOutCubic"))
        #expect(canvas.texts.contains { $0.hasPrefix("Row ") })
        #expect(canvas.texts.contains("0.25 s"))
        #expect(canvas.texts.contains("linear"))          // the list's first row
        // The curve: runs of points in the accent colour, each starting where the last ended, from
        // (0, 0) to (1, 1) of the plot, through the curve's values.
        let runs = canvas.commands.compactMap {
            if case .polyline(let p, let color, _) = $0, color == GalleryTheme.accent { p } else { nil }
        }
        #expect(runs.count > 5)
        for (a, b) in zip(runs, runs.dropFirst()) { #expect(a.last == b.first) }
        let points = runs.flatMap { $0 }
        let first = try #require(points.first), last = try #require(points.last)
        #expect(first.x < last.x && first.y > last.y)            // value 0 at the bottom left, 1 at the top right
        #expect(points.count > 100)
    }
}
