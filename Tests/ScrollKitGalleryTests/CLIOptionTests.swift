import ScrollKit
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

/// The configuration `DemoCLI.parse` gives for `arguments`, or nil when they are rejected.
private func run(_ arguments: [String]) -> RunConfiguration? {
    if case .run(let configuration) = DemoCLI.parse(arguments) { return configuration }
    return nil
}

/// The `curves` configuration `DemoCLI.parse` gives for `arguments`, or nil.
private func curves(_ arguments: [String]) -> CurvesConfiguration? {
    if case .curves(let configuration) = DemoCLI.parse(arguments) { return configuration }
    return nil
}

/// Typed options: ArgumentParser converts each option to its type, `validate()` checks its range.
@Suite struct CLITypedOptionTests {
    @Test(arguments: [("1", 1.0), ("1000", 1000.0), ("59.94", 59.94), ("1e3", 1000.0), ("144", 144.0)] as [(String, Double)])
    func hzIsANumber(text: String, value: Double) {
        #expect(run(["--hz", text])?.hz == value)
    }

    @Test(arguments: [("1", 1), ("120", 120), ("9223372036854775807", Int.max)] as [(String, Int)])
    func framesIsAWholeNumber(text: String, value: Int) {
        #expect(run(["--frames", text])?.frames == value)
        #expect(run(["--headless", "--frames", text])?.frames == value)
    }

    @Test(arguments: [("800x600", 800.0, 600.0), ("1x1", 1, 1), ("16384x16384", 16384, 16384), ("16384X1", 16384, 1),
                      ("0800x0600", 800, 600)] as [(String, Double, Double)])
    func sizeIsWidthByHeight(text: String, width: Double, height: Double) {
        #expect(run(["--size", text])?.size == Size(width: width, height: height))
    }

    @Test(arguments: ["list", "paging", "picker", "sprites", "curves"])
    func sceneIsOneOfTheCatalogs(name: String) {
        #expect(run(["--scene", name])?.sceneName == name)
    }

    @Test(arguments: [("none", SceneOptions.Snap.none), ("items", .items), ("paging", .paging), ("centered", .centered)] as [(String, SceneOptions.Snap)])
    func snapIsARule(text: String, rule: SceneOptions.Snap) {
        #expect(run(["--snap", text])?.sceneOptions.snap == rule)
    }

    @Test(arguments: [("0", 0), ("10000000", 10_000_000), ("40", 40)] as [(String, Int)])
    func itemsIsAWholeNumber(text: String, value: Int) {
        #expect(run(["--items", text])?.sceneOptions.items == value)
    }

    @Test(arguments: [("0", 0.0), ("1", 1.0), ("0.25", 0.25)] as [(String, Double)])
    func snapRatioIsANumber(text: String, value: Double) {
        #expect(run(["--snap-ratio", text])?.sceneOptions.snapRatio == value)
    }

    @Test(arguments: [("1", 1), ("100000", 100_000), ("60", 60)] as [(String, Int)])
    func spritesIsAWholeNumber(text: String, value: Int) {
        #expect(run(["--sprites", text])?.sceneOptions.sprites == value)
    }

    @Test(arguments: [("0", 0), ("18446744073709551615", UInt64.max), ("9", 9)] as [(String, UInt64)])
    func seedIsAnUnsigned64BitNumber(text: String, value: UInt64) {
        #expect(run(["--seed", text])?.sceneOptions.seed == value)
    }

    @Test(arguments: [("0.1", 0.1, 10), ("1000000", 1_000_000, 1), ("100000", 100_000, 10), ("20", 20, 100_000)] as [(String, Double, Int)])
    func soakIsSecondsAndDrawEveryAWholeNumber(seconds: String, value: Double, drawEvery: Int) {
        let c = run(["--headless", "--soak", seconds, "--soak-draw-every", String(drawEvery)])
        #expect(c?.soak == SoakOptions(seconds: value, drawEvery: drawEvery))
    }

    @Test func optionsNotGivenKeepTheirDefaults() {
        let c = run(["--headless"])
        #expect(c?.sceneOptions == SceneOptions())
        #expect(c?.sceneOptions.items == 1000)
        #expect(c?.sceneOptions.sprites == 60)
        #expect(c?.sceneOptions.seed == 1)
        #expect(c?.sceneOptions.snap == nil)
        #expect(c?.soak == nil)
        #expect(c?.size == Size(width: 800, height: 600))
        #expect(c?.sceneName == "list")
    }

    @Test(arguments: [("2", 2), ("100000", 100_000), ("11", 11)] as [(String, Int)])
    func samplesIsAWholeNumber(text: String, value: Int) {
        #expect(curves(["curves", "--samples", text])?.samples == value)
    }

    @Test(arguments: ["shot.png", "SHOT.PNG", "dir/a.Png"])
    func screenshotsEndInPNG(path: String) {
        #expect(run(["--screenshot", path])?.screenshotPath == path)
        #expect(curves(["curves", "--screenshot", path])?.screenshotPath == path)
    }

    /// The scene options a test builds from option texts go through the command line's own parser.
    @Test func sceneOptionsFromTextUseTheCommandLine() throws {
        #expect(try SceneOptions(items: "40", snap: "paging", snapRatio: "0.5", sprites: "7", seed: "3")
                == { var o = SceneOptions(); o.items = 40; o.itemsGiven = true; o.snap = .paging; o.snapRatio = 0.5; o.sprites = 7; o.seed = 3; return o }())
        #expect(throws: CLIError(#"--items must be a whole number from 0 to 10000000 (got "-1")"#)) {
            try SceneOptions(items: "-1")
        }
    }
}

/// Each range's two ends are accepted (above); one past each end, and text of the wrong type, give
/// one line naming the rule, with status 2.
@Suite struct CLIRangeErrorTests {
    @Test(arguments: [
        // --hz: 1 to 1000 (the neighbouring doubles).
        (["--hz", "0.9999999999999999"], #"error: --hz must be a number from 1 to 1000 (got "0.9999999999999999")"#),
        (["--hz", "1000.0000000000001"], #"error: --hz must be a number from 1 to 1000 (got "1000.0000000000001")"#),
        (["--hz", "-60"], #"error: --hz must be a number from 1 to 1000 (got "-60")"#),
        // --frames: at least 1 (one past the top is no Int at all).
        (["--frames", "0"], #"error: --frames must be a whole number of at least 1 (got "0")"#),
        (["--frames", "-1"], #"error: --frames must be a whole number of at least 1 (got "-1")"#),
        (["--frames", "9223372036854775808"], "error: The value '9223372036854775808' is invalid for '--frames <N>': must be a whole number of at least 1"),
        // --size: each side 1 to 16384.
        (["--size", "0x1"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "0x1")"#),
        (["--size", "1x0"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "1x0")"#),
        (["--size", "16385x1"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "16385x1")"#),
        (["--size", "1x16385"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "1x16385")"#),
        (["--size", "-800x600"], "error: The value '-800x600' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        // --items: 0 to 10000000; a negative number is out of range, not a missing value.
        (["--items", "-5"], #"error: --items must be a whole number from 0 to 10000000 (got "-5")"#),
        (["--items", "-1"], #"error: --items must be a whole number from 0 to 10000000 (got "-1")"#),
        (["--items", "10000001"], #"error: --items must be a whole number from 0 to 10000000 (got "10000001")"#),
        (["--items", "many"], "error: The value 'many' is invalid for '--items <N>': must be a whole number from 0 to 10000000"),
        // --snap-ratio: 0 to 1.
        (["--snap-ratio", "-5e-324"], #"error: --snap-ratio must be a number from 0 to 1 (got "-5e-324")"#),
        (["--snap-ratio", "1.0000000000000002"], #"error: --snap-ratio must be a number from 0 to 1 (got "1.0000000000000002")"#),
        (["--snap-ratio", "nan"], #"error: --snap-ratio must be a number from 0 to 1 (got "nan")"#),
        // --sprites: 1 to 100000.
        (["--sprites", "0"], #"error: --sprites must be a whole number from 1 to 100000 (got "0")"#),
        (["--sprites", "100001"], #"error: --sprites must be a whole number from 1 to 100000 (got "100001")"#),
        (["--sprites", "-3"], #"error: --sprites must be a whole number from 1 to 100000 (got "-3")"#),
        // --seed: every UInt64, so one past either end is not a seed at all.
        (["--seed", "-1"], "error: The value '-1' is invalid for '--seed <S>': must be a whole number from 0 to 18446744073709551615"),
        (["--seed", "18446744073709551616"], "error: The value '18446744073709551616' is invalid for '--seed <S>': must be a whole number from 0 to 18446744073709551615"),
        // --soak: 0.1 to 1000000 seconds; --soak-draw-every: 1 to 100000.
        (["--headless", "--soak", "0.09999999999999999"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "0.09999999999999999")"#),
        (["--headless", "--soak", "1000000.0000000001"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "1000000.0000000001")"#),
        (["--headless", "--soak", "-1"], #"error: --soak must be a number of seconds from 0.1 to 1000000 (got "-1")"#),
        (["--headless", "--soak", "5", "--soak-draw-every", "100001"], #"error: --soak-draw-every must be a whole number from 1 to 100000 (got "100001")"#),
        (["--headless", "--soak", "5", "--soak-draw-every", "-2"], #"error: --soak-draw-every must be a whole number from 1 to 100000 (got "-2")"#),
        // curves --samples: 2 to 100000.
        (["curves", "--samples", "1"], #"error: --samples must be a whole number from 2 to 100000 (got "1")"#),
        (["curves", "--samples", "100001"], #"error: --samples must be a whole number from 2 to 100000 (got "100001")"#),
        (["curves", "--samples", "-4"], #"error: --samples must be a whole number from 2 to 100000 (got "-4")"#),
        // Enumerations: ArgumentParser lists the values.
        (["--snap", "page"], "error: The value 'page' is invalid for '--snap <RULE>'. Please provide one of 'none', 'items', 'paging' or 'centered'."),
        (["--scene", "List"], "error: The value 'List' is invalid for '--scene <NAME>': must be one of list, paging, picker, sprites, curves, home, photos, reader, chat, grid, photo, world, inbox, contacts, settings or tv"),
        // PNG only, for the gallery and for curves.
        (["--screenshot", "out.jpg"], #"error: --screenshot writes PNG only: "out.jpg" does not end in .png"#),
        (["--headless", "--screenshot", "shots/out.png.bak"], #"error: --screenshot writes PNG only: "shots/out.png.bak" does not end in .png"#),
        (["curves", "--screenshot", "out.jpg"], #"error: --screenshot writes PNG only: "out.jpg" does not end in .png"#),
        (["--record", "frames"], #"error: --record needs --headless (a window's frames come at the display's pace)"#),
        (["--headless", "--record", ""], #"error: --record needs a file path (got an empty string)"#),
        (["--headless", "--soak", "5", "--record", "frames"], #"error: --soak cannot be combined with --record (it plays its own random input for --soak seconds)"#),
        (["curves", "--screenshot", ""], "error: --screenshot needs a file path (got an empty string)"),
        // A value that starts with "--" is the value (and not a number), not a missing value.
        (["--hz", "--headless"], "error: The value '--headless' is invalid for '--hz <HZ>': must be a number from 1 to 1000"),
        // Unknown subcommands and options.
        (["frobnicate"], "error: Unexpected argument 'frobnicate'"),
        (["curves", "stray"], "error: Unexpected argument 'stray'"),
        (["curves", "--bogus"], "error: Unknown option '--bogus'"),
        // The gallery's options are not the curves command's.
        (["curves", "--headless"], "error: Unknown option '--headless'"),
        (["curves", "--hz", "60"], "error: Unknown option '--hz'"),
        (["help", "--bogus"], "error: Unknown option '--bogus'"),
        // `help` names existing commands only.
        (["help", "frobnicate"], #"error: unknown subcommand "frobnicate" (valid: gallery, curves, text, help)"#),
        (["help", "curves", "x"], #"error: scrollkit-demo curves has no subcommands (got "x")"#),
        // A subcommand word goes first: after the gallery's options it is a stray argument.
        (["--headless", "curves"], "error: Unexpected argument 'curves'"),
        (["curves", "--samples"], "error: Missing value for '--samples <N>'"),
        (["--items"], "error: Missing value for '--items <N>'"),
    ] as [([String], String)])
    func outOfRangeIsOneLineAndStatus2(arguments: [String], line: String) throws {
        guard case .exit(let status, let out, let err) = DemoCLI.parse(arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(status == 2)
        #expect(out.isEmpty)
        #expect(err == line)
        #expect(!err.contains("\n"))
    }
}

/// `help` is a real subcommand (ArgumentParser's), beside `gallery` (the default) and `curves`.
@Suite struct CLISubcommandTests {
    static let rootUsage = """
        USAGE: scrollkit-demo [gallery] [<options>]
               scrollkit-demo curves [--samples <N>] [--screenshot <FILE.png>]
               scrollkit-demo text [--width <PT>] [--font-size <PT>] [--direction auto|ltr|rtl] [--json] <TEXT>
               scrollkit-demo help [<subcommand>]

        """
    static let galleryUsage = "USAGE: scrollkit-demo [gallery] [<options>]\n\nOPTIONS:\n  --scene <NAME> "
    static let curvesUsage = "USAGE: scrollkit-demo curves [--samples <N>] [--screenshot <FILE.png>]\n\nOPTIONS:\n  --samples <N> "

    @Test(arguments: [
        (["help"], rootUsage),
        (["--help"], galleryUsage),
        (["-h"], galleryUsage),
        (["help", "gallery"], galleryUsage),
        (["gallery", "--help"], galleryUsage),
        (["--headless", "--help"], galleryUsage),
        (["help", "curves"], curvesUsage),
        (["curves", "--help"], curvesUsage),
        (["curves", "-h"], curvesUsage),
        (["help", "help"], "USAGE: scrollkit-demo help [<subcommands> ...]"),
    ] as [([String], String)])
    func helpPrintsUsageWithStatus0(arguments: [String], usage: String) {
        guard case .exit(let status, let out, let err) = DemoCLI.parse(arguments) else {
            Issue.record("\(arguments) did not exit")
            return
        }
        #expect(status == 0)
        #expect(err.isEmpty)
        #expect(out.contains(usage))
    }

    @Test func helpListsTheSubcommands() {
        guard case .exit(0, let out, _) = DemoCLI.parse(["help"]) else {
            Issue.record("help did not exit with 0")
            return
        }
        #expect(out.contains("SUBCOMMANDS:\n  gallery (default) "))
        #expect(out.contains("\n  curves "))
        #expect(out.contains("See 'scrollkit-demo help <subcommand>' for detailed help."))
        #expect(!out.contains("--headless"))
    }

    @Test func galleryHelpShowsTheRanges() {
        guard case .exit(0, let help, _) = DemoCLI.parse(["--help"]) else {
            Issue.record("--help did not exit with 0")
            return
        }
        // Words only: the help wraps to the terminal's width.
        let out = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(out.contains("Frame rate, 1 to 1000 (default: the display's, or 60 headless)."))
        #expect(out.contains("--frames <N> Frames to run, at least 1 (headless default: 120; window: until quit)."))
        #expect(out.contains("Items in the list scene (messages in chat, cards in grid), 0 to 10000000 (default 1000)."))
        #expect(out.contains("The scene to show: list, paging, picker, sprites,"))
        #expect(out.contains("(values: none, items, paging, centered)"))
        #expect(out.contains("Window size in points, each 1 to 16384 (default 800x600)."))
        #expect(out.contains("--seed <S> Seed for the scenes' random choices, 0 to 18446744073709551615 (default 1)."))
        #expect(out.contains("(0.1 to 1000000)"))
        #expect(out.contains("With --soak: draw one frame in N (1 to 100000, default 10)."))
    }

    @Test func curvesHelpShowsItsRange() {
        guard case .exit(0, let help, _) = DemoCLI.parse(["help", "curves"]) else {
            Issue.record("help curves did not exit with 0")
            return
        }
        let out = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(out.contains("Samples per curve, 2 to 100000 (default 101)."))
        #expect(!out.contains("--headless"))
    }

    /// Without a subcommand the gallery runs (also with the word `gallery`); with `curves`, the curves command.
    @Test func theWordPicksTheCommand() {
        #expect(run(["--headless", "--frames", "3"])?.frames == 3)
        #expect(run(["gallery", "--headless", "--frames", "3"]) == run(["--headless", "--frames", "3"]))
        #expect(curves(["curves"]) == CurvesConfiguration(samples: 101, screenshotPath: nil))
        #expect(curves(["curves", "--screenshot", "g.png"]) == CurvesConfiguration(samples: 101, screenshotPath: "g.png"))
        #expect(run(["curves"]) == nil)
    }
}
