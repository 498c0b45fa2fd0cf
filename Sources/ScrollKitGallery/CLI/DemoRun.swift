// DemoRun, one run of the demo from checked options to stats; SceneDriver, the host client that plays the
// script and writes the trace; FrameRecorder, `--record`'s frames as PNGs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import ScrollKit
import ScrollKitSDL

/// One run of the demo: checks every input and output path, starts a host, plays the script,
/// writes the trace and screenshots, and prints the stats.
///
/// Order: options (already valid) → script (read, parsed, its screenshot paths checked) →
/// `--screenshot` and `--trace` paths → SDL and the host → the scene → the run → end-of-run
/// screenshots → trace closed → stats. Any failure is a `CLIError` (one line, exit status 2).
@MainActor
package struct DemoRun {
    let configuration: RunConfiguration

    package init(configuration: RunConfiguration) {
        self.configuration = configuration
    }

    /// Loads the script and checks every output path before anything starts. Its only side effect:
    /// the `--record` directory is made when missing.
    func prepare() throws(CLIError) -> Script? {
        var script: Script?
        if let path = configuration.scriptPath {
            let loaded = try Script.load(path: path)
            for (index, event) in loaded.events.enumerated() {
                if case .screenshot(let shot) = event.action {
                    do { try FileCheck.checkWritable(shot, what: "screenshot") } catch {
                        throw CLIError("\(path): event \(index): \(error.message)")
                    }
                }
            }
            script = loaded
        }
        if let shot = configuration.screenshotPath { try FileCheck.checkWritable(shot, what: "screenshot") }
        if let directory = configuration.recordDirectory { try FrameRecorder.prepare(directory) }
        if let trace = configuration.tracePath { try FileCheck.checkWritable(trace, what: "trace") }
        if let input = configuration.recordInputPath { try FileCheck.checkWritable(input, what: "input recording") }
        return script
    }

    package func run() throws(CLIError) {
        if let soak = configuration.soak {
            try SoakRun(configuration: configuration, soak: soak).run()
            return
        }
        let script = try prepare()
        guard let entry = SceneCatalog.entry(named: configuration.sceneName) else {
            throw CLIError("unknown scene \"\(configuration.sceneName)\" (valid: \(SceneCatalog.names.joined(separator: ", ")))")
        }

        var options = HostOptions(size: configuration.size, hz: configuration.hz, title: "ScrollKit Gallery",
                                  scale: configuration.scale)
        options.layoutDirection = configuration.layoutDirection
        options.textScale = configuration.textScale
        options.reduceMotion = configuration.reduceMotion
        options.theme = configuration.colorScheme.map(Theme.init(scheme:))
        options.fillsScreen = configuration.fillsScreen
        let host: any AppHost
        do {
            host = configuration.headless ? try HeadlessHost(options: options) : try WindowHost(options: options)
        } catch {
            throw CLIError("cannot start SDL: \(error)")
        }

        // The gallery shell hosts every scene under its tab bar, starting on --scene's tab.
        let scene = try GalleryShell(
            initialScene: entry.name,
            context: SceneContext(size: configuration.size, hz: configuration.hz,
                                  headless: configuration.headless, options: configuration.sceneOptions),
            displayLink: host.displayLink,
            stats: { [unowned host] in host.stats },
            options: configuration.gallery)
        let trace = try configuration.tracePath.map { path throws(CLIError) in try TraceWriter(path: path) }
        let driver = SceneDriver(scene: scene, trace: trace,
                                 player: script.map { ScriptPlayer(script: $0, windowSize: configuration.size) })
        driver.shownFrames = { [unowned host] in host.stats }

        // A window host idles (sleeps until input) only without a frame hook. A script or a frame
        // count needs frames to keep coming, or the run would wait for input forever.
        let keepRunning = script != nil || configuration.frames != nil
        // --record: each frame is written when the next one begins (it is on the target until then),
        // the last one after the run.
        let recorder = configuration.recordDirectory.map { FrameRecorder(directory: $0) }
        let beforeFrame: ((FrameTick) -> Void)? = keepRunning ? { [unowned host] tick in
            recorder?.frameBegins(tick, host: host)
            driver.beforeFrame(tick, host: host)
        } : nil
        // --record-input: the client records what it receives (the script's events too), from the first frame.
        let inputRecorder = configuration.recordInputPath.map { _ in RecordingClient(wrapping: driver) }
        do {
            try host.run(client: inputRecorder ?? driver, maxFrames: configuration.frames, beforeFrame: beforeFrame)
        } catch let lost as DisplayLostError {
            throw CLIError(lost.description)
        } catch {
            throw CLIError("SDL failed during the run: \(error)")
        }
        if let inputRecorder, let path = configuration.recordInputPath {
            do { try inputRecorder.recording.write(to: path) } catch {
                throw CLIError("cannot write the input recording \"\(path)\": \(error.reason)")
            }
        }
        recorder?.finish(host: host)
        driver.finishTrace()
        if let failure = recorder?.failure ?? driver.failure { throw failure }

        // Screenshots due at the end: a script's deferred ones, then --screenshot.
        let end = driver.finishScript()
        for path in end.screenshots + (configuration.screenshotPath.map { [$0] } ?? []) {
            do { try host.screenshot(to: path) } catch {
                throw CLIError("cannot write screenshot \"\(path)\": \(error)")
            }
        }
        try trace?.close()
        if end.undelivered > 0 {
            let last = script?.events.last?.t ?? 0
            CLIError.printLine("warning: \(end.undelivered) script event(s) not handled: the run ended before their time (the last is at t = \(TraceFormat.number(last)) s; raise --frames)")
        }
        if configuration.stats {
            if let window = host as? WindowHost {
                // SDL 2's Wayland driver makes every window an EGL window: OpenGL is loaded there anyway.
                let how = window.videoDriver == "wayland" ? "chosen without an OpenGL renderer" : "chosen without loading OpenGL"
                let chosen = window.rendererSelection == .software
                    ? " (\(how): no GPU for it; SCROLLKIT_RENDERER=gpu overrides)" : ""
                let aside = window.emulatedGLRenderer.map { " (instead of OpenGL on \($0), emulated on the CPU)" } ?? chosen
                print("renderer: \(window.rendererName)\(aside)")
            }
            print(host.stats.summary)
        }
    }
}

/// The host's client during a run: forwards to the scene, writes one trace row per frame (after
/// its first draw), and keeps a window host awake while scripted events are pending.
@MainActor
final class SceneDriver: HostClient {
    let scene: any DemoScene
    let trace: TraceWriter?
    private var player: ScriptPlayer?
    private var tick: FrameTick?
    private var tracedIndex: Int?
    /// The host's frame stats, where a display reports which vblank showed each frame (X Present, Wayland):
    /// the trace's `displayFrame`. Nil or a display that does not report: rows are written at once, -1.
    var shownFrames: (@MainActor () -> FrameStats)?
    /// Rows waiting for the display's report of their frame (it comes a frame or two after the present).
    private var waitingRows: [(tick: FrameTick, sample: TraceSample)] = []
    /// How many rows may wait: a frame not reported by then was not shown (nothing in it changed, or it
    /// was dropped) and gets -1.
    private static let rowsWaitingAtMost = 6
    /// The first error met during the run (a screenshot that could not be written).
    private(set) var failure: CLIError?

    init(scene: any DemoScene, trace: TraceWriter?, player: ScriptPlayer?) {
        self.scene = scene
        self.trace = trace
        self.player = player
    }

    /// The scene's tree (the gallery's window), published to assistive technology.
    var accessibilityRoot: ViewNode? { scene.accessibilityRoot }
    /// The scene's focused text field: the window host keeps SDL's text input on while there is one.
    var focusedTextInput: (any TextInputClient)? { scene.focusedTextInput }

    /// Plays the script's events due in this frame: input through the host, commands to the scene.
    func beforeFrame(_ tick: FrameTick, host: any AppHost) {
        guard var player else { return }
        let outputs = player.outputs(for: tick)
        self.player = player
        for output in outputs {
            switch output {
            case .input(let event): host.inject(event)
            case .scene(.change(let change, let animated, let event)):
                do { try scene.apply(change, animated: animated) } catch {
                    if failure == nil { failure = CLIError("event \(event) (\(Self.name(of: change))): \(error.message)") }
                }
            case .scene(let command): scene.perform(command)
            case .resize(let size): host.resize(to: size)
            case .screenshot(let path):
                do { try host.screenshot(to: path) } catch {
                    if failure == nil { failure = CLIError("cannot write screenshot \"\(path)\": \(error)") }
                }
            }
        }
    }

    /// Ends the script: deferred screenshots and the count of events never reached.
    func finishScript() -> (screenshots: [String], undelivered: Int) {
        guard var player else { return ([], 0) }
        let end = player.finish()
        self.player = player
        return end
    }

    func hostDidResize(to size: Size) { scene.hostDidResize(to: size) }
    func handle(_ event: InputEvent) { scene.handle(event) }

    func update(_ tick: FrameTick) {
        self.tick = tick
        scene.update(tick)
    }

    func draw(in canvas: DrawingCanvas) {
        scene.draw(in: canvas)
        // One row per frame: a window host's screenshot draws the last frame again.
        if let trace, let tick, tick.index != tracedIndex {
            tracedIndex = tick.index
            let stats = shownFrames?()
            switch stats?.vblank.source {
            case .present?, .wayland?, .kms?:
                waitingRows.append((tick, scene.traceSample))
                writeShownRows(stats, final: false)
            default:
                writeShownRows(stats, final: true)   // a display that stopped reporting: what waits goes first
                trace.write(tick, scene.traceSample)
            }
        }
    }

    /// Writes the waiting rows, oldest first, each once the display has said at which vblank its frame was
    /// shown, or with -1 once it can no longer say (`final`, or the row has waited too long).
    private func writeShownRows(_ stats: FrameStats?, final: Bool) {
        guard let trace else { return }
        while let first = waitingRows.first {
            var sample = first.sample
            if let shown = stats?.sample(index: first.tick.index)?.displayFrame {
                sample.displayFrame = shown
            } else if !final && waitingRows.count <= Self.rowsWaitingAtMost {
                return
            }
            trace.write(first.tick, sample)
            waitingRows.removeFirst()
        }
    }

    /// The run is over (the host has heard about the frames still in flight): writes the rows still waiting.
    func finishTrace() { writeShownRows(shownFrames?(), final: true) }

    var needsFrames: Bool { scene.needsFrames || (player?.hasPending ?? false) }
    var wantsQuit: Bool { scene.wantsQuit || failure != nil }

    /// The script's name for a change's event type.
    static func name(of change: ListChange) -> String {
        switch change {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .reload: "reload"
        }
    }
}

/// `--record DIR`: writes every frame of a headless run as `DIR/frame-NNNNN.png` (NNNNN the frame's
/// index), for turning runs into animations (`scripts/screenshots.sh`).
@MainActor
final class FrameRecorder {
    let directory: String
    /// The first frame that could not be written.
    private(set) var failure: CLIError?
    private var pending: Int?

    init(directory: String) { self.directory = directory }

    /// Makes `directory` if it is missing and checks a frame can be written into it.
    static func prepare(_ directory: String) throws(CLIError) {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard mkdir(directory, 0o755) == 0 else {
                throw CLIError("cannot make --record directory \"\(directory)\": \(FileCheck.errnoText())")
            }
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            throw CLIError("--record needs a directory: \"\(directory)\" is a file")
        }
        try FileCheck.checkWritable(path(directory, 0), what: "recorded frame")
    }

    static func path(_ directory: String, _ index: Int) -> String {
        let digits = String(index)
        return directory + "/frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Frame `tick` is about to be drawn: the one before it is still on the target.
    func frameBegins(_ tick: FrameTick, host: any AppHost) {
        writePending(host: host)
        pending = tick.index
    }

    /// The run ended: writes its last frame.
    func finish(host: any AppHost) { writePending(host: host) }

    private func writePending(host: any AppHost) {
        guard let index = pending, failure == nil else { return }
        pending = nil
        let path = Self.path(directory, index)
        do { try host.screenshot(to: path) } catch {
            failure = CLIError("cannot write recorded frame \"\(path)\": \(error)")
        }
    }
}

