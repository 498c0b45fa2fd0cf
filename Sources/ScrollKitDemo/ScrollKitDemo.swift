// `scrollkit-demo`'s command tree (swift-argument-parser): the root, the gallery command, and DemoCLI, the outer
// shell that parses, validates, runs and turns every failure into one line.
import ArgumentParser
import ScrollKit
import ScrollKitGallery
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `scrollkit-demo`: the root of the command tree. Its subcommands are `gallery` (the default: with no
/// subcommand word the gallery runs), `curves`, and ArgumentParser's own `help`.
///
/// `--help`/`-h` belong to the subcommands (the root has none of its own), so `scrollkit-demo --help`
/// is the gallery's help with every option, and `scrollkit-demo help` the overview of the tree.
/// Every bad input ends with one line `error: …` on stderr and exit status 2 (see `DemoCLI`).
struct ScrollKitDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollkit-demo",
        abstract: "Scroll physics and a virtualized list on SDL2, in a window or headless.",
        usage: """
        scrollkit-demo [gallery] [<options>]
        scrollkit-demo curves [--samples <N>] [--screenshot <FILE.png>]
        scrollkit-demo text [--width <PT>] [--font-size <PT>] [--direction auto|ltr|rtl] [--json] <TEXT>
        scrollkit-demo help [<subcommand>]
        """,
        discussion: """
        With no subcommand, scrollkit-demo runs the gallery ("scrollkit-demo --help" lists its options). \
        Bad input prints one line "error: ..." and exits with status 2.
        """,
        subcommands: [GalleryCommand.self, CurvesCommand.self, TextCommand.self],
        defaultSubcommand: GalleryCommand.self,
        helpNames: []
    )
}

/// `scrollkit-demo [gallery]`: the gallery of ScrollKit scenes, in a window or headless.
///
/// ArgumentParser converts every option to its type (a text that is not one is its error, with the
/// option's rule appended); `validate()` checks the ranges (`OptionRanges`) and the combinations.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Run the gallery of scenes, in a window or headless.",
        usage: "scrollkit-demo [gallery] [<options>]",
        discussion: """
        The default subcommand: the word gallery may be left out. \
        Every scene is a tab of one gallery window: keys 1-7 (or a click on the tab bar) switch tabs, \
        F shows the frame-time HUD, H or ? the help with every key and gesture. --scene picks the \
        first tab; the trace, the script and the screenshots follow the current tab. \
        Window mode runs until Escape or the window is closed (or --frames). Headless mode renders \
        --frames frames (default 120) on a virtual clock advancing exactly 1/HZ per frame (default 60 Hz). \
        Subcommand: "scrollkit-demo curves [--samples N] [--screenshot FILE.png]" prints every named \
        timing curve as CSV (see "scrollkit-demo help curves"). \
        --headless --soak SECONDS plays seeded random input on the scene for that much simulated time, \
        checks its invariants every frame and prints frames, wall time and RSS (drawing 1 frame in \
        --soak-draw-every, default 10); a broken invariant is one line "error: soak: ..." and status 2. \
        The environment variable SCROLLKIT_DEMO_RESOURCES=DIR loads the demo's own assets (the picker's \
        emoji font, Fonts/NotoColorEmoji-Faces.ttf) from DIR instead. \
        Bad input prints one line "error: ..." and exits with status 2.
        """,
        helpNames: [.short, .long]
    )

    @Option(help: ArgumentHelp("The scene to show: \(SceneName.namesSentence) (default \(SceneCatalog.defaultName)).", valueName: "NAME"),
            transform: SceneName.convert)
    var scene: SceneName = .default

    @Flag(help: "Render off-screen on a virtual clock (no window, never sleeps).")
    var headless = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frame rate, \(OptionRanges.hz.span) (default: the display's, or 60 headless).", valueName: "HZ"),
            transform: OptionRanges.hz.convert)
    var hz: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Pixels per point, \(OptionRanges.scale.span): headless, the surface's (default 1); in a window on X11, instead of the desktop's (SCROLLKIT_SCALE, GDK_SCALE or Xft.dpi/96). Fractions such as 1.5 too.", valueName: "S"),
            transform: OptionRanges.scale.convert)
    var scale: Double?

    @Option(name: .customLong("text-scale"), parsing: .unconditional,
            help: ArgumentHelp("Larger text: every text style \(OptionRanges.textScale.span) times its size (default: in a window SCROLLKIT_TEXT_SCALE, else GNOME's text-scaling-factor; 1 headless).", valueName: "X"),
            transform: OptionRanges.textScale.convert)
    var textScale: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames to run, \(OptionRanges.frames.span) (headless default: \(RunConfiguration.defaultHeadlessFrames); window: until quit).", valueName: "N"),
            transform: OptionRanges.frames.convert)
    var frames: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Window size in points, each \(OptionRanges.windowDimension.span) (default \(RunConfiguration.defaultWindowSize)).", valueName: "WxH"),
            transform: WindowSize.convert)
    var size: WindowSize?

    @Option(help: ArgumentHelp("A JSON script of input events and commands to play.", valueName: "FILE.json"))
    var script: String?

    @Option(help: ArgumentHelp("Write one CSV row per frame.", valueName: "FILE.csv"))
    var trace: String?

    @Option(help: ArgumentHelp("Write a PNG of the last frame at the end.", valueName: "FILE.png"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Headless only: write every frame as DIR/frame-NNNNN.png (made if missing), for animations.", valueName: "DIR"))
    var record: String?

    @Option(name: .customLong("record-input"),
            help: ArgumentHelp("Write every input event the run receives (pointer, touch, wheel, keys, text, compositions, resizes), at its own time, as a --script file: replaying it headless at the same --hz reproduces the session.", valueName: "FILE.json"))
    var recordInput: String?

    @Flag(help: "Print frame statistics at exit.")
    var stats = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Items in the list scene (messages in chat, cards in grid), \(OptionRanges.items.span) (default \(SceneOptions().items)).", valueName: "N"),
            transform: OptionRanges.items.convert)
    var items: Int?

    @Option(help: ArgumentHelp("Snapping for the list scene.", valueName: "RULE"))
    var snap: SceneOptions.Snap?

    @Option(help: ArgumentHelp("Layout direction: ltr or rtl, right to left as under an Arabic or Hebrew locale (default: the locale's in a window, ltr headless).", valueName: "DIR"))
    var direction: DirectionOption?

    @Option(name: .customLong("color-scheme"),
            help: ArgumentHelp("Theme: light, dark or high-contrast (default: SCROLLKIT_COLOR_SCHEME, else in a window GNOME's color-scheme; light).", valueName: "SCHEME"))
    var colorScheme: ColorSchemeOption?

    @Flag(inversion: .prefixedNo,
          help: "Reduce motion: pushes and sheets cross-fade, timed scrolls jump, bounces are shorter (default: SCROLLKIT_REDUCE_MOTION, else GNOME's enable-animations, in a window; off headless).")
    var reduceMotion: Bool?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How far past an item or page a release must go to move on, \(OptionRanges.snapRatio.span).", valueName: "R"),
            transform: OptionRanges.snapRatio.convert)
    var snapRatio: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Moving views in the sprites scene, \(OptionRanges.sprites.span) (default \(SceneOptions().sprites)).", valueName: "N"),
            transform: OptionRanges.sprites.convert)
    var sprites: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seed for the scenes' random choices, \(OptionRanges.seed.span) (default \(SceneOptions().seed)).", valueName: "S"),
            transform: OptionRanges.seed.convert)
    var seed: UInt64?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The contacts scene's search query at start (at most 1,024 scalars; Escape empties it).", valueName: "TEXT"))
    var query: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Headless only: play random input for this many simulated seconds (\(OptionRanges.soakSeconds.span)), checking invariants every frame; prints frames, wall time and RSS.", valueName: "SECONDS"),
            transform: OptionRanges.soakSeconds.convert)
    var soak: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --soak: draw one frame in N (\(OptionRanges.soakDrawEvery.span), default \(SoakOptions.defaultDrawEvery)).", valueName: "N"),
            transform: OptionRanges.soakDrawEvery.convert)
    var soakDrawEvery: Int?

    @Flag(help: "Start with the frame-time HUD shown (F toggles it).")
    var hud = false

    @Flag(help: "Start with the help overlay shown (H or ? toggles it).")
    var helpOverlay = false

    /// Checks the ranges and combinations ArgumentParser's types cannot express. Pure: no file-system access.
    func validate() throws {
        try OptionRanges.hz.check(hz, option: "--hz")
        try OptionRanges.scale.check(scale, option: "--scale")
        try OptionRanges.textScale.check(textScale, option: "--text-scale")
        try OptionRanges.frames.check(frames, option: "--frames")
        if let size, !size.isInRange { throw CLIError("--size must be \(WindowSize.rule) (got \"\(size)\")") }
        for (option, path) in [("--script", script), ("--trace", trace), ("--screenshot", screenshot), ("--record", record),
                             ("--record-input", recordInput)] {
            if let path, path.isEmpty { throw CLIError("\(option) needs a file path (got an empty string)") }
        }
        try PNGPath.check(screenshot, option: "--screenshot")
        if record != nil && !headless { throw CLIError("--record needs --headless (a window's frames come at the display's pace)") }
        try OptionRanges.items.check(items, option: "--items")
        try OptionRanges.snapRatio.check(snapRatio, option: "--snap-ratio")
        try OptionRanges.sprites.check(sprites, option: "--sprites")
        try OptionRanges.seed.check(seed, option: "--seed")
        if let query {
            guard scene.name == "contacts" else { throw CLIError("--query is for the contacts scene (got --scene \(scene.name))") }
            guard query.unicodeScalars.count <= 1024 else { throw CLIError("--query must be at most 1024 scalars (got \(query.unicodeScalars.count))") }
        }
        if let soak {
            guard headless else { throw CLIError("--soak needs --headless") }
            for (option, given) in [("--script", script != nil), ("--trace", trace != nil),
                                    ("--screenshot", screenshot != nil), ("--frames", frames != nil),
                                    ("--record", record != nil), ("--record-input", recordInput != nil)] where given {
                throw CLIError("--soak cannot be combined with \(option) (it plays its own random input for --soak seconds)")
            }
            try OptionRanges.soakSeconds.check(soak, option: "--soak")
            try OptionRanges.soakDrawEvery.check(soakDrawEvery, option: "--soak-draw-every")
        } else if let soakDrawEvery {
            throw CLIError("--soak-draw-every needs --soak (got \"\(soakDrawEvery)\")")
        }
    }

    /// The run these options ask for (after `validate()`).
    var runConfiguration: RunConfiguration {
        var configuration = RunConfiguration(
            sceneName: scene.name, headless: headless, hz: hz,
            frames: frames ?? (headless ? RunConfiguration.defaultHeadlessFrames : nil),
            size: (size ?? RunConfiguration.defaultWindowSize).points,
            scriptPath: script, tracePath: trace, screenshotPath: screenshot, stats: stats)
        configuration.recordDirectory = record
        configuration.fillsScreen = size == nil
        configuration.recordInputPath = recordInput
        configuration.scale = scale
        configuration.textScale = textScale
        var options = SceneOptions()
        if let items { options.items = items; options.itemsGiven = true }
        options.snap = snap
        options.snapRatio = snapRatio
        if let sprites { options.sprites = sprites }
        if let seed { options.seed = seed }
        options.query = query
        configuration.sceneOptions = options
        configuration.gallery = GalleryOptions(showsHUD: hud, showsHelp: helpOverlay)
        configuration.layoutDirection = direction?.direction
        configuration.colorScheme = colorScheme?.scheme
        configuration.reduceMotion = reduceMotion
        if let soak {
            configuration.soak = SoakOptions(seconds: soak, drawEvery: soakDrawEvery ?? SoakOptions.defaultDrawEvery)
        }
        return configuration
    }
}

/// The rule for options that write a PNG.
enum PNGPath {
    /// Throws `<option> writes PNG only: "<path>" does not end in .png` unless `path` is nil or ends
    /// in ".png" (any case).
    static func check(_ path: String?, option: String) throws(CLIError) {
        guard let path, !path.lowercased().hasSuffix(".png") else { return }
        throw CLIError("\(option) writes PNG only: \"\(path)\" does not end in .png")
    }
}

/// The command line's outer shell: parse, validate, run, and turn every failure into one line.
enum DemoCLI {
    /// What parsing the arguments leads to.
    enum Parsed {
        /// Run with this configuration.
        case run(RunConfiguration)
        /// Run the `curves` subcommand.
        case curves(CurvesConfiguration)
        /// Run the `text` subcommand.
        case text(TextDumpConfiguration)
        /// Exit at once: `stdout` text (help), `stderr` line (an error), status.
        case exit(status: Int32, stdout: String, stderr: String)
    }

    /// Parses and validates `arguments` (without the program name) through the whole command tree:
    /// the gallery (no subcommand), `curves`, or `help [subcommand]`. Pure: no file-system access,
    /// nothing runs.
    static func parse(_ arguments: [String]) -> Parsed {
        let command: any ParsableCommand
        do {
            command = try ScrollKitDemo.parseAsRoot(arguments)
        } catch {
            return outcome(of: error)
        }
        switch command {
        case let gallery as GalleryCommand:
            return .run(gallery.runConfiguration)
        case let curves as CurvesCommand:
            return .curves(curves.curvesConfiguration)
        case let text as TextCommand:
            return .text(text.textConfiguration)
        default:
            // ArgumentParser's `help` subcommand: its `run()` only throws the help request, which
            // `outcome(of:)` turns into the help text of the command it names. (The root itself is
            // never the result: without a subcommand word the gallery is parsed.)
            if let error = unknownHelpTopic(arguments) {
                return .exit(status: CLIError.exitStatus, stdout: "", stderr: error.line)
            }
            var help = command
            do {
                try help.run()
            } catch {
                return outcome(of: error)
            }
            return .exit(status: 0, stdout: ScrollKitDemo.helpMessage(), stderr: "")
        }
    }

    /// For `help NAME…` naming a command that does not exist, the error; nil otherwise.
    /// (ArgumentParser's `help` would quietly show the help of the last command it recognized.)
    static func unknownHelpTopic(_ arguments: [String]) -> CLIError? {
        guard arguments.first == "help" else { return nil }
        var subcommands: [any ParsableCommand.Type] = ScrollKitDemo.configuration.subcommands
        var path = "scrollkit-demo"
        for (depth, name) in arguments.dropFirst().enumerated() {
            // `help help` is ArgumentParser's own.
            if depth == 0, name == "help" { return nil }
            var names: [String] = []
            for subcommand in subcommands { names.append(subcommand.configuration.commandName ?? "") }
            guard let index = names.firstIndex(of: name) else {
                if depth == 0 { names.append("help") }
                return CLIError(names.isEmpty
                    ? "\(path) has no subcommands (got \"\(name)\")"
                    : "unknown subcommand \"\(name)\" (valid: \(names.joined(separator: ", ")))")
            }
            subcommands = subcommands[index].configuration.subcommands
            path += " " + name
        }
        return nil
    }

    /// What an error thrown while parsing leads to: help (status 0, stdout) or one `error: …` line
    /// (status 2). ArgumentParser's messages (and `validate()`'s `CLIError`s) are folded onto one line.
    static func outcome(of error: any Error) -> Parsed {
        if ScrollKitDemo.exitCode(for: error) == .success {
            return .exit(status: 0, stdout: ScrollKitDemo.fullMessage(for: error), stderr: "")
        }
        return .exit(status: CLIError.exitStatus, stdout: "", stderr: CLIError(ScrollKitDemo.message(for: error)).line)
    }

    /// Flushes standard output and says why it failed, if any write to it did (nil: all of it was written).
    static func standardOutputError() -> String? {
        let out = stdout
        let flushed = fflush(out) == 0
        let code = errno
        guard !flushed || ferror(out) != 0 else { return nil }
        return flushed ? "an earlier write to it failed" : String(cString: strerror(code))
    }

    /// Runs the command line and returns the process's exit status.
    @MainActor
    static func main(arguments: [String]) -> Int32 {
        switch parse(arguments) {
        case .exit(let status, let out, let err):
            if !out.isEmpty { print(out) }
            if !err.isEmpty { CLIError.printLine(err) }
            return status
        case .run(let configuration):
            do {
                try DemoRun(configuration: configuration).run()
                return 0
            } catch {
                CLIError.printLine(error.line)
                return CLIError.exitStatus
            }
        case .text(let configuration):
            print(TextDump.output(configuration), terminator: configuration.json ? "\n" : "")
            return 0
        case .curves(let configuration):
            do {
                try CurvesRun(configuration: configuration).run()
                return 0
            } catch {
                CLIError.printLine(error.line)
                return CLIError.exitStatus
            }
        }
    }
}
