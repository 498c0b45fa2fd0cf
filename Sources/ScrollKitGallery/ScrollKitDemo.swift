import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `scrollkit-demo`: the gallery of ScrollKit scenes, in a window or headless.
///
/// Every bad input ends with one line `error: …` on stderr and exit status 2 (see `DemoCLI`).
struct ScrollKitDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollkit-demo",
        abstract: "Scroll physics and a virtualized list on SDL2, in a window or headless.",
        discussion: """
        Every scene is a tab of one gallery window: keys 1-5 (or a click on the tab bar) switch tabs, \
        F shows the frame-time HUD, H or ? the help with every key and gesture. --scene picks the \
        first tab; the trace, the script and the screenshots follow the current tab. \
        Window mode runs until Escape or the window is closed (or --frames). Headless mode renders \
        --frames frames (default 120) on a virtual clock advancing exactly 1/HZ per frame (default 60 Hz). \
        Subcommand: "scrollkit-demo curves [--samples N] [--screenshot FILE.png]" prints every named \
        timing curve as CSV (see "scrollkit-demo curves --help"). \
        --headless --soak SECONDS plays seeded random input on the scene for that much simulated time, \
        checks its invariants every frame and prints frames, wall time and RSS (drawing 1 frame in \
        --soak-draw-every, default 10); a broken invariant is one line "error: soak: ..." and status 2. \
        The environment variable SCROLLKIT_DEMO_RESOURCES=DIR loads the demo's own assets (the picker's \
        emoji font, Fonts/NotoColorEmoji-Faces.ttf) from DIR instead. \
        Bad input prints one line "error: ..." and exits with status 2.
        """
    )

    @Option(help: ArgumentHelp("The scene to show: \(SceneCatalog.names.joined(separator: ", ")).", valueName: "NAME"))
    var scene: String = SceneCatalog.defaultName

    @Flag(help: "Render off-screen on a virtual clock (no window, never sleeps).")
    var headless = false

    @Option(help: ArgumentHelp("Frame rate, 1 to 1000 (default: the display's, or 60 headless).", valueName: "HZ"))
    var hz: String?

    @Option(help: ArgumentHelp("Frames to run, at least 1 (headless default: 120; window: until quit).", valueName: "N"))
    var frames: String?

    @Option(help: ArgumentHelp("Window size in points.", valueName: "WxH"))
    var size: String = "800x600"

    @Option(help: ArgumentHelp("A JSON script of input events and commands to play.", valueName: "FILE.json"))
    var script: String?

    @Option(help: ArgumentHelp("Write one CSV row per frame.", valueName: "FILE.csv"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a PNG of the last frame at the end.", valueName: "FILE.png"))
    var screenshot: String?

    @Flag(help: "Print frame statistics at exit.")
    var stats = false

    @Option(help: ArgumentHelp("Items in the list scene, 0 to 10000000 (default 1000).", valueName: "N"))
    var items: String?

    @Option(help: ArgumentHelp("Snapping for the list scene: none, items, paging or centered.", valueName: "RULE"))
    var snap: String?

    @Option(help: ArgumentHelp("How far past an item or page a release must go to move on, 0 to 1.", valueName: "R"))
    var snapRatio: String?

    @Option(help: ArgumentHelp("Moving views in the sprites scene, 1 to 100000 (default 60).", valueName: "N"))
    var sprites: String?

    @Option(help: ArgumentHelp("Seed for the scenes' random choices (default 1).", valueName: "S"))
    var seed: String?

    @Option(help: ArgumentHelp("Headless only: play random input for this many simulated seconds (0.1 to 1000000), checking invariants every frame; prints frames, wall time and RSS.", valueName: "SECONDS"))
    var soak: String?

    @Option(help: ArgumentHelp("With --soak: draw one frame in N (1 to 100000, default 10).", valueName: "N"))
    var soakDrawEvery: String?

    @Flag(help: "Start with the frame-time HUD shown (F toggles it).")
    var hud = false

    @Flag(help: "Start with the help overlay shown (H or ? toggles it).")
    var helpOverlay = false

    /// The validated configuration (no file-system access).
    func validated(validScenes: [String] = SceneCatalog.names) throws(CLIError) -> RunConfiguration {
        var configuration = try RunConfiguration(
            scene: scene, headless: headless, hz: hz, frames: frames, size: size,
            script: script, trace: trace, screenshot: screenshot, stats: stats,
            validScenes: validScenes)
        configuration.sceneOptions = try SceneOptions(items: items, snap: snap, snapRatio: snapRatio,
                                                      sprites: sprites, seed: seed)
        configuration.gallery = GalleryOptions(showsHUD: hud, showsHelp: helpOverlay)
        if let soak {
            guard headless else { throw CLIError("--soak needs --headless") }
            for (option, value) in [("--script", script), ("--trace", trace), ("--screenshot", screenshot), ("--frames", frames)] where value != nil {
                throw CLIError("--soak cannot be combined with \(option) (it plays its own random input for --soak seconds)")
            }
            configuration.soak = try SoakOptions(seconds: soak, drawEvery: soakDrawEvery)
        } else if let soakDrawEvery {
            throw CLIError("--soak-draw-every needs --soak (got \"\(soakDrawEvery)\")")
        }
        return configuration
    }
}

/// The command line's outer shell: parse, validate, run, and turn every failure into one line.
public enum DemoCLI {
    /// What parsing the arguments leads to.
    enum Parsed {
        /// Run with this configuration.
        case run(RunConfiguration)
        /// Run the `curves` subcommand.
        case curves(CurvesConfiguration)
        /// Exit at once: `stdout` text (help), `stderr` line (an error), status.
        case exit(status: Int32, stdout: String, stderr: String)
    }

    /// Parses and validates `arguments` (without the program name). Pure: no file-system access.
    static func parse(_ arguments: [String], validScenes: [String] = SceneCatalog.names) -> Parsed {
        if arguments.first == CurvesCommand.configuration.commandName {
            return parseCurves(Array(arguments.dropFirst()))
        }
        let command: ScrollKitDemo
        do {
            command = try ScrollKitDemo.parse(arguments)
        } catch {
            if ScrollKitDemo.exitCode(for: error) == .success {
                // --help and the like: print as ArgumentParser does, status 0.
                return .exit(status: 0, stdout: ScrollKitDemo.fullMessage(for: error), stderr: "")
            }
            let message = ScrollKitDemo.message(for: error)
            return .exit(status: CLIError.exitStatus, stdout: "", stderr: CLIError(message).line)
        }
        do {
            return .run(try command.validated(validScenes: validScenes))
        } catch {
            return .exit(status: CLIError.exitStatus, stdout: "", stderr: error.line)
        }
    }

    /// Parses the `curves` subcommand's arguments (after the word `curves`). Pure.
    static func parseCurves(_ arguments: [String]) -> Parsed {
        let command: CurvesCommand
        do {
            command = try CurvesCommand.parse(arguments)
        } catch {
            if CurvesCommand.exitCode(for: error) == .success {
                return .exit(status: 0, stdout: CurvesCommand.fullMessage(for: error), stderr: "")
            }
            return .exit(status: CLIError.exitStatus, stdout: "", stderr: CLIError(CurvesCommand.message(for: error)).line)
        }
        do {
            return .curves(try command.validated())
        } catch {
            return .exit(status: CLIError.exitStatus, stdout: "", stderr: error.line)
        }
    }

    /// Runs the command line and returns the process's exit status.
    @MainActor
    public static func main(arguments: [String]) -> Int32 {
        switch parse(arguments) {
        case .exit(let status, let out, let err):
            if !out.isEmpty { print(out) }
            if !err.isEmpty { printError(err) }
            return status
        case .run(let configuration):
            do {
                try DemoRun(configuration: configuration).run()
                return 0
            } catch {
                printError(error.line)
                return CLIError.exitStatus
            }
        case .curves(let configuration):
            do {
                try CurvesRun(configuration: configuration).run()
                return 0
            } catch {
                printError(error.line)
                return CLIError.exitStatus
            }
        }
    }

    /// Writes one line to stderr (unbuffered, in one `write` call).
    static func printError(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
    }
}
