import Foundation
import ScrollKitTesting
import Testing

/// Runs the built `scrollkit-demo` executable as a subprocess.
enum DemoProcess {
    struct Result {
        var status: Int32
        /// False when the process died of a signal (a trap), true when it exited.
        var exited: Bool
        var stdout: String
        var stderr: String

        var stderrLines: [Substring] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    }

    /// The executable beside the test bundle in the build products directory (`swift test` builds it),
    /// or nil when it cannot be found.
    static let executable: URL? = {
        var directories: [URL] = []
        if let main = Bundle.main.executableURL { directories.append(main.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        for directory in directories {
            // The products directory, or the bundle's parent when the runner sits inside an .xctest bundle.
            for candidate in [directory, directory.deletingLastPathComponent()] {
                let url = candidate.appendingPathComponent("scrollkit-demo")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }()

    /// Runs the demo with `arguments` (headless SDL driver in its environment, unless `environment`
    /// sets other values: a nil value removes a variable) and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil,
                    environment overrides: [String: String?] = [:]) throws -> Result {
        let executable = try #require(executable, "scrollkit-demo was not found beside the test bundle; build it (swift build) first")
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        for (key, value) in overrides { environment[key] = value }
        let run = try TestProcess.run(executable, arguments: arguments, in: directory,
                                      environment: environment)
        return Result(status: run.status, exited: run.exited, stdout: run.standardOutput, stderr: run.standardError)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("skdemo-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
