// TestProcess: running some of this test binary's tests again in a process of their own — for a window test (the
// scrolling performance test's hitch ratio) in a test process whose SDL already runs headless — and running a
// program to see what it prints.

import Foundation

/// This test binary's tests, run again in a process of their own.
///
/// SDL runs one video driver per process: once a headless ``TestApp`` (or anything else) has started SDL's
/// dummy driver in the test process, a window cannot open there. A window test runs itself again, alone:
///
/// ```swift
/// @Test func hitchesInAWindow() throws {
///     guard TestProcess.isIsolated else {
///         let run = try TestProcess.rerun(filter: "hitchesInAWindow")
///         #expect(run.status == 0, "\(run.output)")
///         return
///     }
///     // … ScrollPerformance.measureInWindow(display:…) …
/// }
/// ```
public enum TestProcess {
    /// The variable that marks a process started by ``rerun(filter:environment:)``.
    public static let marker = "SCROLLKIT_TEST_PROCESS"

    /// Whether this process was started by ``rerun(filter:environment:)``.
    public static var isIsolated: Bool { ProcessInfo.processInfo.environment[marker] == "1" }

    /// What a rerun gave.
    public struct Result: Sendable {
        /// The process's exit status (0: every test it ran passed).
        public var status: Int32
        /// What it printed, standard output then standard error.
        public var output: String
    }

    /// Runs the Swift Testing tests of this test binary whose identifiers match `filter` (a regular expression, as
    /// `swift test --filter` takes) in a new process with ``marker`` set and `environment` added, and waits for it.
    /// - Throws: when the binary cannot be started.
    public static func rerun(filter: String, environment: [String: String] = [:]) throws -> Result {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var env = ProcessInfo.processInfo.environment
        env[marker] = "1"
        for (key, value) in environment { env[key] = value }
        let run = try Self.run(URL(fileURLWithPath: executable),
                               arguments: ["--testing-library", "swift-testing", "--filter", filter], environment: env)
        return Result(status: run.exited ? run.status : -1, output: run.standardOutput + run.standardError)
    }

    /// How a program ended and what it printed.
    public struct Output: Sendable {
        /// Its exit status, or the signal that ended it when ``exited`` is false.
        public var status: Int32
        /// False when a signal ended it (a trap), true when it exited.
        public var exited: Bool
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs `executable` with `arguments` (in `directory`, with exactly `environment`; nothing on standard input)
    /// and waits for it. Standard output and standard error are read at once, so that neither pipe can fill up and
    /// block the program.
    /// - Throws: when the program cannot be started.
    public static func run(_ executable: URL, arguments: [String], in directory: URL? = nil,
                           environment: [String: String]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errHandle = err.fileHandleForReading
        let errText = ErrorText()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errText.set(errHandle.readDataToEndOfFile())
            done.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return Output(status: process.terminationStatus, exited: process.terminationReason == .exit,
                      standardOutput: String(decoding: outData, as: UTF8.self), standardError: errText.text)
    }
}

/// Standard error, read on another thread.
private final class ErrorText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}
