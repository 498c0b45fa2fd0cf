// Xvfb: a private X server for the tests that run the demo in a real window (X Present, weston nested on it).

import Foundation
import Testing

/// A private X server (Xvfb) on a free display number, stopped when released.
final class Xvfb {
    let display: String
    private let process = Process()

    /// Starts `Xvfb :N -screen 0 1024x768x24 -nolisten tcp` on the first free N from 140, and waits
    /// for its socket. Throws (failing the test with the reason) when Xvfb is missing or will not start.
    init(extraArguments: [String] = []) throws {
        let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(xvfb, "Xvfb is not installed (make deps installs it: apt-get install xvfb)")
        var number = 140
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
        display = ":\(number)"
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"] + extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            try #require(process.isRunning && Date() < deadline, "Xvfb \(display) did not start")
            usleep(20_000)
        }
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
