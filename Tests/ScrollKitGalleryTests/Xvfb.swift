// Xvfb: a private X server for the tests that run the demo in a real window (X Present, weston nested on it).

import Foundation
import Testing

/// A private X server (Xvfb) on a free display number, stopped when released.
final class Xvfb {
    let display: String
    private var process = Process()

    /// Starts `Xvfb :N -screen 0 1024x768x24 -nolisten tcp` on the first free N from `first` (140), and
    /// waits for its socket; when another server takes N first (suites run in parallel), the next N.
    /// Throws (failing the test with the reason) when Xvfb is missing or will not start.
    init(first: Int = 140, extraArguments: [String] = []) throws {
        let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(xvfb, "Xvfb is not installed (make deps installs it: apt-get install xvfb)")
        var number = first
        while true {
            while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
            let candidate = Process()
            candidate.executableURL = URL(fileURLWithPath: path)
            candidate.arguments = [":\(number)", "-screen", "0", "1024x768x24", "-nolisten", "tcp"] + extraArguments
            candidate.standardOutput = FileHandle.nullDevice
            candidate.standardError = FileHandle.nullDevice
            try candidate.run()
            let deadline = Date().addingTimeInterval(10)
            while candidate.isRunning, Date() < deadline,
                  !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { usleep(20_000) }
            if candidate.isRunning, FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                process = candidate
                break
            }
            // The number was taken meanwhile (its lock belongs to the other server: left alone), or a hang.
            kill(candidate.processIdentifier, SIGKILL)
            candidate.waitUntilExit()
            try #require(number < first + 40, "Xvfb did not start on any display from :\(first) to :\(number)")
            number += 1
        }
        display = ":\(number)"
    }

    /// Kills the server now (a lost display, for the tests of it); the release then only tidies up.
    func killServer() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        // SIGKILL: a server spawned from a test runner's thread inherits its blocked signals, SIGTERM
        // among them. Then its socket and lock file are left behind: removed here.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let number = display.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }
}
