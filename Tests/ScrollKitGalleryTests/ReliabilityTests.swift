import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

/// Issue 8's hostile-input and soak cases that the other suites do not already cover.

/// The error line `DemoCLI.parse` gives for `arguments`, or nil when they are valid.
private func parseError(_ arguments: [String]) -> String? {
    if case .exit(let status, _, let err) = DemoCLI.parse(arguments), status == CLIError.exitStatus { return err }
    return nil
}

/// Runs the built demo with `arguments` and extra `environment` (SDL_VIDEODRIVER defaults to dummy).
private func runDemo(_ arguments: [String], environment extra: [String: String] = [:]) throws -> DemoProcess.Result {
    let executable = try #require(DemoProcess.executable, "scrollkit-demo was not found beside the test bundle")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SDL_VIDEODRIVER"] = "dummy"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let outFile = try DemoProcess.temporaryDirectory("out").appendingPathComponent("out.txt")
    let errFile = outFile.deletingLastPathComponent().appendingPathComponent("err.txt")
    try #require(FileManager.default.createFile(atPath: outFile.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: errFile.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: outFile.deletingLastPathComponent()) }
    process.standardOutput = try FileHandle(forWritingTo: outFile)
    process.standardError = try FileHandle(forWritingTo: errFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return DemoProcess.Result(status: process.terminationStatus, exited: process.terminationReason == .exit,
                              stdout: try String(contentsOf: outFile, encoding: .utf8),
                              stderr: try String(contentsOf: errFile, encoding: .utf8))
}

@Suite struct SoakOptionTests {
    @Test(arguments: [
        (["--headless", "--soak", "0"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "0")"#),
        (["--headless", "--soak", "nan"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "nan")"#),
        (["--headless", "--soak", "1e7"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "10000000")"#),
        (["--headless", "--soak=-5"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "-5")"#),
        (["--soak", "5"], "error: --soak needs --headless"),
        (["--headless", "--soak", "5", "--script", "a.json"], "error: --soak cannot be combined with --script (it plays its own random input for --soak seconds)"),
        (["--headless", "--soak", "5", "--frames", "9"], "error: --soak cannot be combined with --frames (it plays its own random input for --soak seconds)"),
        (["--headless", "--soak", "5", "--soak-draw-every", "0"], #"error: --soak-draw-every must be a whole number from 1 to 100000 (got "0")"#),
        (["--headless", "--soak-draw-every", "3"], #"error: --soak-draw-every needs --soak (got "3")"#),
    ] as [([String], String)])
    func badSoakOptions(arguments: [String], expected: String) {
        #expect(parseError(arguments) == expected)
    }

    @Test func soakOptionsParse() throws {
        guard case .run(let configuration) = DemoCLI.parse(["--headless", "--soak", "20", "--soak-draw-every", "1", "--hz", "144"]) else {
            Issue.record("did not parse"); return
        }
        let soak = try #require(configuration.soak)
        #expect(soak == SoakOptions(seconds: 20, drawEvery: 1))
        #expect(soak.frameCount(hz: 144) == 2880)
        #expect(SoakOptions(seconds: 3600).frameCount(hz: 60) == 216_000)
        #expect(SoakOptions(seconds: 0.1).frameCount(hz: 1) == 1)
    }
}

@Suite struct SoakInvariantTests {
    @Test func finiteness() {
        var sample = TraceSample.neutral
        sample.offset = Point(x: 0, y: 120)
        #expect(SoakInvariants.checkFinite(sample) == nil)
        sample.velocity = Point(x: 0, y: .nan)
        #expect(SoakInvariants.checkFinite(sample) != nil)
        sample.velocity = .zero
        sample.offset = Point(x: .infinity, y: 0)
        #expect(SoakInvariants.checkFinite(sample) != nil)
    }

    @Test func rangePlusOverscroll() {
        #expect(SoakInvariants.checkRange(offset: -600, lo: 0, hi: 1000, overscroll: 600) == nil)
        #expect(SoakInvariants.checkRange(offset: 1600, lo: 0, hi: 1000, overscroll: 600) == nil)
        #expect(SoakInvariants.checkRange(offset: -600.5, lo: 0, hi: 1000, overscroll: 600) != nil)
        #expect(SoakInvariants.checkRange(offset: .nan, lo: 0, hi: 1000, overscroll: 600) != nil)
    }

    @Test(arguments: [
        // offset, viewport, count, expected
        (0.0, 600.0, 1_000_000, 0..<10),
        (30, 600, 1_000_000, 0..<11),
        (60, 600, 1_000_000, 1..<11),
        (-100, 600, 1_000_000, 0..<9),         // pulled down past the top
        (-600, 600, 1_000_000, 0..<0),         // the whole viewport is overscroll
        (59_999_400, 600, 1_000_000, 999_990..<1_000_000),
        (59_999_700, 600, 1_000_000, 999_995..<1_000_000),  // pulled past the end
        (0, 600, 0, 0..<0),
        (0, 0, 1_000_000, 0..<0),
        (0, 600, 3, 0..<3),
    ] as [(Double, Double, Int, Range<Int>)])
    func expectedVisibleRows(offset: Double, viewport: Double, count: Int, expected: Range<Int>) {
        #expect(SoakInvariants.expectedVisible(offset: offset, viewport: viewport, count: count, rowLength: 60) == expected)
    }

    @Test func visibleMismatchIsReported() {
        #expect(SoakInvariants.checkVisible(0..<10, offset: 0, viewport: 600, count: 100, rowLength: 60) == nil)
        #expect(SoakInvariants.checkVisible(5..<5, offset: 0, viewport: 0, count: 100, rowLength: 60) == nil)
        #expect(SoakInvariants.checkVisible(0..<9, offset: 0, viewport: 600, count: 100, rowLength: 60) != nil)
        #expect(SoakInvariants.checkVisible(1..<11, offset: 0, viewport: 600, count: 100, rowLength: 60) != nil)
    }
}

@Suite struct HugeScriptTests {
    /// `count` events cycling through down, move, up and wheel, 1 ms apart, as one JSON document.
    static func script(events count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 52)
        bytes += Array(#"{"events": ["#.utf8)
        for i in 0..<count {
            if i > 0 { bytes += [UInt8(ascii: ","), 0x0A] }
            let t = "\(i / 1000).\(String(1000 + i % 1000).dropFirst())"
            switch i % 4 {
            case 0: bytes += Array(#"{"t": \#(t), "type": "down", "x": 100, "y": 300}"#.utf8)
            case 1: bytes += Array(#"{"t": \#(t), "type": "move", "x": 100, "y": \#(300 - i % 200)}"#.utf8)
            case 2: bytes += Array(#"{"t": \#(t), "type": "up", "x": 100, "y": 100}"#.utf8)
            default: bytes += Array(#"{"t": \#(t), "type": "wheel", "dy": -1}"#.utf8)
            }
        }
        bytes += Array("]}".utf8)
        return bytes
    }

    /// 10^6 events (about 48 MB, under the 64 MB file limit) parse into 10^6 events in order.
    @Test func millionEventScriptParses() throws {
        let bytes = Self.script(events: 1_000_000)
        #expect(bytes.count < Script.Limits.maxFileSize)
        let script = try Script.parse(bytes)
        #expect(script.events.count == 1_000_000)
        #expect(script.events.first == ScriptEvent(t: 0, .down(Point(x: 100, y: 300))))
        #expect(script.events[999_999] == ScriptEvent(t: 999.999, .wheel(dx: 0, dy: -1, location: nil)))
        #expect(script.events[1] == ScriptEvent(t: 0.001, .move(Point(x: 100, y: 299))))
    }

    /// The events array is streamed: each element reaches the callback as it is read, in order,
    /// and the tree returned holds an empty array there (no tree of 10^6 objects in memory).
    @Test func eventsArrayIsStreamed() throws {
        let bytes = Self.script(events: 100_000)
        var next = 0
        var inOrder = true
        let root = try JSONParser.parse(bytes, streamingArrayAt: "events") { index, value in
            if index != next { inOrder = false }
            if case .object = value {} else { inOrder = false }
            next += 1
        }
        #expect(next == 100_000)
        #expect(inOrder)
        #expect(root == .object([JSONMember(key: "events", value: .array([]))]))
        // Only the top-level member is streamed: nested arrays stay in the tree.
        var calls = 0
        let nested = try JSONParser.parse(Array(#"{"a": {"events": [1, 2]}, "events": [[3]]}"#.utf8),
                                          streamingArrayAt: "events") { _, _ in calls += 1 }
        #expect(calls == 1)
        #expect(nested == .object([
            JSONMember(key: "a", value: .object([JSONMember(key: "events", value: .array([.number(1, text: "1"), .number(2, text: "2")]))])),
            JSONMember(key: "events", value: .array([])),
        ]))
    }

    /// Streaming keeps the error precedence of a whole-tree parse: syntax anywhere first, then the top
    /// level, then the first bad event.
    @Test(arguments: [
        (#"{"events": [{"t": -1, "type": "down", "x": 1, "y": 2}, {"t": 0, "#,
         "line 1, column 65: unexpected end of file: expected a field name (truncated JSON?)"),
        (#"{"events": [{"t": "x"}], "speed": 1}"#, #"unknown field "speed" at the top level (only "events" is allowed)"#),
        (#"{"events": [{"t": "x"}], "events": []}"#, #"duplicate field "events""#),
        (#"{"events": [{"t": 0, "type": "key", "key": "Up"}, {"t": "x"}, {"t": 5}]}"#, #"event 1: "t" must be a number"#),
        (#"{"events": [{"t": 2, "type": "key", "key": "Up"}, {"t": 1, "type": "key", "key": "Up"}, {"t": -1}]}"#,
         #"event 1: "t" is 1, earlier than event 0's 2: events must be in time order"#),
    ] as [(String, String)])
    func errorPrecedence(text: String, expected: String) {
        do {
            _ = try Script.parse(Array(text.utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.description == expected)
        }
    }
}

@Suite(.serialized) @MainActor struct HostileEnvironmentTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// SDL cannot start (an unknown video driver): one line with SDL's own text, exit status 2.
    @Test func sdlFailingToStartIsOneLine() throws {
        let result = try runDemo(["--frames", "1"], environment: ["SDL_VIDEODRIVER": "nonexistent"])
        #expect(result.exited)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("error: cannot start SDL: "))
        #expect(result.stderr.contains("nonexistent not available"))   // SDL_GetError()'s text
    }

    /// The picker's emoji font missing or corrupt (SCROLLKIT_DEMO_RESOURCES points at a directory
    /// holding a broken copy): one line naming the file, exit status 2.
    @Test(arguments: [true, false])
    func brokenEmojiFontNamesTheFile(corrupt: Bool) throws {
        let directory = try DemoProcess.temporaryDirectory("res")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fonts = directory.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let font = fonts.appendingPathComponent(PickerScene.emojiFontFile)
        if corrupt { try Data("not a TrueType font at all".utf8).write(to: font) }
        let result = try runDemo(["--headless", "--scene", "picker", "--frames", "1"],
                                 environment: ["SCROLLKIT_DEMO_RESOURCES": directory.path])
        #expect(result.exited)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("error: cannot load the picker's emoji font: "))
        #expect(result.stderr.contains(font.path))
    }

    /// The short soak of `make test`: 20 s simulated on the list at 10^6 items, every invariant checked.
    @Test func shortSoakThroughTheBinary() throws {
        let result = try runDemo(["--headless", "--soak", "20", "--seed", "7", "--items", "1000000"])
        #expect(result.exited)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("soak: scene list, 1200 frames at 60 Hz (20 s simulated), seed 7, items 1000000"))
        #expect(result.stdout.contains("soak: RSS after warm-up (frame 600) "))
        #expect(result.stdout.contains("soak: OK, every invariant held"))
    }

    /// Every scene survives a few seconds of random input at 144 Hz, with snapping on the list.
    @Test(arguments: [["--scene", "paging"], ["--scene", "picker"], ["--scene", "sprites"], ["--scene", "curves"],
                      ["--scene", "home"], ["--scene", "home", "--items", "1000000"], ["--scene", "home", "--items", "0"],
                      ["--scene", "photos"], ["--scene", "reader"], ["--scene", "chat"], ["--scene", "chat", "--items", "0"], ["--scene", "grid"], ["--scene", "grid", "--items", "0"], ["--scene", "grid", "--items", "10000000"],
                      ["--snap", "items", "--items", "40"], ["--snap", "paging", "--items", "3"], ["--items", "0"]])
    func shortSoakOnEveryScene(options: [String]) throws {
        let result = try runDemo(["--headless", "--soak", "4", "--hz", "144", "--seed", "3"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("soak: OK, every invariant held"))
    }

    /// A headless host asked for 0x0 (or NaN) gets a 1x1 surface and runs; the client sees that size.
    @Test(arguments: [Size(width: 0, height: 0), Size(width: .nan, height: -5)])
    func zeroSizedHostRuns(size: Size) throws {
        let host = try HeadlessHost(options: HostOptions(size: size, hz: 60))
        #expect(host.logicalSize == Size(width: 1, height: 1))
        let client = SizeRecorder()
        try host.run(client: client, maxFrames: 3, beforeFrame: nil)
        #expect(client.sizes == [Size(width: 1, height: 1)])
        #expect(client.updates == 3)
        host.resize(to: Size(width: 0, height: 0))   // already 1x1: no change
        #expect(client.sizes.count == 1)
    }

    /// Every scene at 0x0 takes input without a non-finite value and then stops asking for frames,
    /// so a host showing a 0x0 or minimized window can sleep (no busy loop).
    @Test(arguments: ["list", "paging", "picker", "sprites", "curves"])
    func zeroSizedScenesGoQuiet(name: String) throws {
        let h = try SceneHarness(name)
        h.step()
        h.scene.hostDidResize(to: Size(width: 0, height: 0))
        let t = h.now
        h.step([.pointerDown(location: Point(x: 0, y: 0), time: t),
                .pointerMove(location: Point(x: 0, y: -300), time: t + 0.01)])
        h.step([.pointerUp(location: Point(x: 0, y: -600), time: t + 0.02),
                .wheel(dx: 3, dy: -40, location: .zero, time: t + 0.02),
                .key(.pageDown, time: t + 0.02), .key(.right, time: t + 0.02)])
        h.scene.scroll(to: Point(x: 500, y: 500), duration: 0.3, curve: .easeInOutBack)
        h.run(30)
        let ran = h.settle()
        if ["list", "paging", "picker"].contains(name) {   // sprites and curves animate on their own
            #expect(!h.scene.needsFrames, "\(name) still asks for frames after \(ran) frames at 0x0")
        }
        for sample in h.trace {
            #expect(SoakInvariants.checkFinite(sample) == nil)
        }
    }
}

/// A client that records the sizes it is given.
@MainActor
private final class SizeRecorder: HostClient {
    var sizes: [Size] = []
    var updates = 0
    func hostDidResize(to size: Size) { sizes.append(size) }
    func handle(_ event: InputEvent) {}
    func update(_ tick: FrameTick) { updates += 1 }
    func draw(in canvas: DrawingCanvas) {}
    var needsFrames: Bool { false }
    var wantsQuit: Bool { false }
}
