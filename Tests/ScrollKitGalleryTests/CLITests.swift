import Foundation
import ScrollKit
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

/// The error line `DemoCLI.parse` gives for `arguments`, or nil when they are valid.
private func parseError(_ arguments: [String]) -> (status: Int32, line: String)? {
    if case .exit(let status, _, let err) = DemoCLI.parse(arguments) {
        return (status, err)
    }
    return nil
}

private func configuration(_ arguments: [String]) -> RunConfiguration? {
    if case .run(let c) = DemoCLI.parse(arguments) { return c }
    return nil
}

@Suite struct CLIParsingTests {
    @Test func defaults() throws {
        let window = try #require(configuration([]))
        #expect(window == RunConfiguration.testValue(headless: false, frames: nil))
        let headless = try #require(configuration(["--headless"]))
        #expect(headless.frames == 120)
        #expect(headless.size == Size(width: 800, height: 600))
        #expect(headless.hz == nil)
        #expect(headless.sceneName == "list")
    }

    @Test func everyOption() throws {
        let c = try #require(configuration([
            "--scene", "picker", "--headless", "--hz", "144", "--frames", "30", "--size", "1024x768",
            "--script", "s.json", "--trace", "t.csv", "--screenshot", "p.png", "--stats",
        ]))
        var expected = RunConfiguration(sceneName: "picker", headless: true, hz: 144, frames: 30,
                                        size: Size(width: 1024, height: 768), scriptPath: "s.json",
                                        tracePath: "t.csv", screenshotPath: "p.png", stats: true)
        expected.fillsScreen = false   // --size given: on a bare console, that size rather than the whole screen
        #expect(c == expected)
        #expect(configuration([])?.fillsScreen == true)
        #expect(configuration(["--hz", "1"])?.hz == 1)
        #expect(configuration(["--hz", "1000"])?.hz == 1000)
        #expect(configuration(["--hz", "59.94"])?.hz == 59.94)
        #expect(configuration(["--frames", "5"])?.frames == 5)   // window mode: --frames limits it too
        #expect(configuration(["--size", "16384X1"])?.size == Size(width: 16384, height: 1))
    }

    @Test(arguments: [
        (["--scene", "lists"], "error: The value 'lists' is invalid for '--scene <NAME>': must be one of list, paging, picker, sprites, curves, home, photos, reader, chat, grid, photo, world, inbox, contacts, settings or tv"),
        (["--hz", "0"], #"error: --hz must be a number from 1 to 1000 (got "0")"#),
        (["--hz", "1001"], #"error: --hz must be a number from 1 to 1000 (got "1001")"#),
        (["--hz", "0.999"], #"error: --hz must be a number from 1 to 1000 (got "0.999")"#),
        (["--hz", "nan"], #"error: --hz must be a number from 1 to 1000 (got "nan")"#),
        (["--hz", "inf"], #"error: --hz must be a number from 1 to 1000 (got "inf")"#),
        (["--hz", "sixty"], "error: The value 'sixty' is invalid for '--hz <HZ>': must be a number from 1 to 1000"),
        (["--frames", "0"], #"error: --frames must be a whole number of at least 1 (got "0")"#),
        (["--frames=-3"], #"error: --frames must be a whole number of at least 1 (got "-3")"#),
        (["--frames", "2.5"], "error: The value '2.5' is invalid for '--frames <N>': must be a whole number of at least 1"),
        (["--size", "800"], "error: The value '800' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        (["--size", "0x600"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "0x600")"#),
        (["--size", "axb"], "error: The value 'axb' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        (["--size", "800x600x2"], "error: The value '800x600x2' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        (["--size", "16385x600"], #"error: --size must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600 (got "16385x600")"#),
        (["--size", "+800x600"], "error: The value '+800x600' is invalid for '--size <WxH>': must be WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600"),
        (["--trace", ""], "error: --trace needs a file path (got an empty string)"),
        // ArgumentParser's own errors, folded to one line.
        (["--bogus"], "error: Unknown option '--bogus'"),
        (["--hz"], "error: Missing value for '--hz <HZ>'"),
        (["stray"], "error: Unexpected argument 'stray'"),
    ] as [([String], String)])
    func badOptionsGiveOneLineAndStatus2(arguments: [String], line: String) throws {
        let error = try #require(parseError(arguments))
        #expect(error.status == 2)
        #expect(error.line == line)
        #expect(!error.line.contains("\n"))
    }

    @Test func helpGoesToStdoutWithStatus0() throws {
        guard case .exit(let status, let out, let err) = DemoCLI.parse(["--help"]) else {
            Issue.record("--help did not exit")
            return
        }
        #expect(status == 0)
        #expect(err.isEmpty)
        #expect(out.contains("USAGE: scrollkit-demo"))
        for option in ["--scene", "--headless", "--hz", "--frames", "--size", "--script", "--trace", "--screenshot", "--stats"] {
            #expect(out.contains(option), "help lacks \(option)")
        }
    }

    @Test func oneLineFoldsLineBreaks() {
        #expect(CLIError.oneLine("a\n  b\r\n\nc  ") == "a; b; c")
        #expect(CLIError("x\ny").line == "error: x; y")
    }

    @Test func writableChecks() throws {
        let tmp = FileManager.default.temporaryDirectory.path
        try FileCheck.checkWritable(tmp + "/skdemo-new-file.png", what: "screenshot")
        try FileCheck.checkWritable("relative-file.png", what: "screenshot")
        #expect(throws: CLIError(#"cannot write screenshot "/nonexistent-skdemo/a.png": No such file or directory"#)) {
            try FileCheck.checkWritable("/nonexistent-skdemo/a.png", what: "screenshot")
        }
        #expect(throws: CLIError("cannot write screenshot \"\(tmp)\": Is a directory")) {
            try FileCheck.checkWritable(tmp, what: "screenshot")
        }
        let file = tmp + "/skdemo-plain-file-\(getpid())"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: CLIError("cannot write trace \"\(file)/x.csv\": Not a directory")) {
            try FileCheck.checkWritable(file + "/x.csv", what: "trace")
        }
        #expect(FileCheck.parentDirectory(of: "a.png") == ".")
        #expect(FileCheck.parentDirectory(of: "/a.png") == "/")
        #expect(FileCheck.parentDirectory(of: "x/y/a.png") == "x/y")
    }
}

extension RunConfiguration {
    static func testValue(headless: Bool, frames: Int?) -> RunConfiguration {
        RunConfiguration(sceneName: "list", headless: headless, hz: nil, frames: frames,
                         size: Size(width: 800, height: 600), scriptPath: nil, tracePath: nil,
                         screenshotPath: nil, stats: false)
    }
}
