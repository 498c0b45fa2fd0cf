import Foundation
import Testing
@testable import ScrollKitGallery

/// The built `scrollkit-demo` binary, run as a subprocess: every bad input is exactly one line
/// on stderr, nothing on stdout, and exit status 2 (not a signal).
@Suite struct CLIProcessTests {
    /// Files the cases below refer to, made once (a failure to make them fails each case that needs them).
    static let fixtures: Result<URL, FixtureError> = {
        do { return .success(try makeFixtures()) } catch { return .failure(FixtureError(description: "\(error)")) }
    }()

    /// Why the fixtures could not be made.
    struct FixtureError: Error, CustomStringConvertible { let description: String }

    static func makeFixtures() throws -> URL {
        let dir = try DemoProcess.temporaryDirectory("cli")
        try Data(#"{"events": [{"t": 0, "type": "down", "x": 1, "y": 2}, {"t": 0.5"#.utf8)
            .write(to: dir.appendingPathComponent("truncated.json"))
        try Data(#"{"events": [{"t": 0, "type": "down", "x": "1", "y": 2}]}"#.utf8)
            .write(to: dir.appendingPathComponent("wrongtype.json"))
        try Data(#"{"events": [{"t": 0, "type": "screenshot", "path": "/nonexistent-skdemo/shot.png"}]}"#.utf8)
            .write(to: dir.appendingPathComponent("badshot.json"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
        return dir
    }

    @Test(arguments: [
        (["--scene", "nope"], "error: The value 'nope' is invalid for '--scene <NAME>': must be one of list, paging, picker, sprites, curves, home, photos, reader, chat, grid, photo, world, inbox, contacts, settings or tv"),
        (["--hz", "0"], #"error: --hz must be a number from 1 to 1000 (got "0")"#),
        (["--hz", "1001"], #"error: --hz must be a number from 1 to 1000 (got "1001")"#),
        (["--frames", "0"], #"error: --frames must be a whole number of at least 1 (got "0")"#),
        (["--size", "800"], "error: The value '800' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        (["--size", "0x600"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "0x600")"#),
        (["--size", "axb"], "error: The value 'axb' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        (["--headless", "--script", "$DIR/missing.json"], #"error: cannot read script "$DIR/missing.json": No such file or directory"#),
        (["--headless", "--script", "$DIR/truncated.json"], #"error: $DIR/truncated.json: line 1, column 64: unexpected end of file: expected ',' or '}' (truncated JSON?)"#),
        (["--headless", "--script", "$DIR/wrongtype.json"], #"error: $DIR/wrongtype.json: event 0: "x" must be a number"#),
        (["--headless", "--script", "$DIR/badshot.json"], #"error: $DIR/badshot.json: event 0: cannot write screenshot "/nonexistent-skdemo/shot.png": No such file or directory"#),
        (["--headless", "--trace", "/nonexistent-skdemo/t.csv"], #"error: cannot write trace "/nonexistent-skdemo/t.csv": No such file or directory"#),
        (["--headless", "--trace", "$DIR"], #"error: cannot write trace "$DIR": Is a directory"#),
        (["--headless", "--screenshot", "/nonexistent-skdemo/s.png"], #"error: cannot write screenshot "/nonexistent-skdemo/s.png": No such file or directory"#),
        (["--headless", "--screenshot", "$DIR/dir.png"], #"error: cannot write screenshot "$DIR/dir.png": Is a directory"#),
        (["--headless", "--screenshot", "$DIR/out.jpg"], #"error: --screenshot writes PNG only: "$DIR/out.jpg" does not end in .png"#),
        (["curves", "--screenshot", "out.jpg"], #"error: --screenshot writes PNG only: "out.jpg" does not end in .png"#),
        (["--items", "-5"], #"error: --items must be a whole number from 0 to 10000000 (got "-5")"#),
        (["--hz", "sixty"], "error: The value 'sixty' is invalid for '--hz <HZ>': must be a number from 1 to 1000"),
        (["frobnicate"], "error: Unexpected argument 'frobnicate'"),
        (["help", "frobnicate"], #"error: unknown subcommand "frobnicate" (valid: gallery, curves, text, help)"#),
        (["--frames"], "error: Missing value for '--frames <N>'"),
        (["--bogus"], "error: Unknown option '--bogus'"),
    ] as [([String], String)])
    func badInputIsOneLineAndStatus2(arguments: [String], expected: String) throws {
        let dir = try Self.fixtures.get().path
        let result = try DemoProcess.run(arguments.map { $0.replacingOccurrences(of: "$DIR", with: dir) })
        #expect(result.exited, "killed by a signal")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr == expected.replacingOccurrences(of: "$DIR", with: dir) + "\n")
    }

    @Test func helpExitsZero() throws {
        let result = try DemoProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("USAGE: scrollkit-demo"))
        for option in ["--scene <NAME>", "--headless", "--hz <HZ>", "--frames <N>", "--size <WxH>", "--script <FILE.json>",
                       "--trace <FILE.csv>", "--screenshot <FILE.png>", "--stats"] {
            #expect(result.stdout.contains(option), "--help does not list \(option)")
        }
    }

    /// `help` is a subcommand: the main help, or a subcommand's, on stdout with status 0.
    @Test(arguments: [
        (["help"], "USAGE: scrollkit-demo [gallery] [<options>]\n       scrollkit-demo curves [--samples <N>] [--screenshot <FILE.png>]\n       scrollkit-demo text [--width <PT>] [--font-size <PT>] [--direction auto|ltr|rtl] [--json] <TEXT>\n       scrollkit-demo help [<subcommand>]\n"),
        (["help", "curves"], "USAGE: scrollkit-demo curves [--samples <N>] [--screenshot <FILE.png>]\n"),
    ] as [([String], String)])
    func helpSubcommandExitsZero(arguments: [String], usage: String) throws {
        let result = try DemoProcess.run(arguments)
        #expect(result.exited)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains(usage))
    }

    @Test func badInputLeavesNoTraceFileBehind() throws {
        let dir = try DemoProcess.temporaryDirectory("notrace")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("t.csv").path
        let result = try DemoProcess.run(["--headless", "--trace", trace, "--screenshot", "/nonexistent-skdemo/s.png"])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: trace))
    }
}
