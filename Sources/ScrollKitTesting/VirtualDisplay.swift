// VirtualDisplay: a private X server (Xvfb) for tests that need a real window — the window performance test's
// hitch ratio — started on a free display number and stopped when released.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private X server (Xvfb) on a free display number, stopped when released: a real window, with X11's
/// Present extension and a 60 Hz vblank, on a machine without a screen (CI).
///
/// ```swift
/// guard let display = try VirtualDisplay.start() else { return }   // no Xvfb here: nothing to measure
/// let result = try ScrollPerformance.measureInWindow(display: display.name, input: flings) { MyScreen() }
/// ```
public final class VirtualDisplay {
    /// The X display's name (":140"): what `DISPLAY` is set to for a window on it.
    public let name: String
    private let process: Process

    private init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Where Xvfb is installed, nil when it is not (Debian: `apt-get install xvfb`).
    public static var xvfbPath: String? {
        ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `Xvfb :N -screen 0 WxHx24 -nolisten tcp` on the first free N from `first`, and waits for its socket.
    /// - Returns: the display, or nil when Xvfb is not installed (a test can then skip).
    /// - Throws: ``VirtualDisplayError`` when Xvfb is installed but will not start.
    public static func start(first: Int = 140, width: Int = 1024, height: Int = 768) throws -> VirtualDisplay? {
        guard let path = xvfbPath else { return nil }
        let files = FileManager.default
        var number = max(0, first)
        while true {
            while files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") || files.fileExists(atPath: "/tmp/.X\(number)-lock") {
                number += 1
            }
            let candidate = Process()
            candidate.executableURL = URL(fileURLWithPath: path)
            candidate.arguments = [":\(number)", "-screen", "0", "\(max(64, width))x\(max(64, height))x24", "-nolisten", "tcp"]
            candidate.standardOutput = FileHandle.nullDevice
            candidate.standardError = FileHandle.nullDevice
            do { try candidate.run() } catch { throw VirtualDisplayError(message: "Xvfb will not start: \(error)") }
            let deadline = Date().addingTimeInterval(10)
            while candidate.isRunning, Date() < deadline, !files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                usleep(20_000)
            }
            if candidate.isRunning, files.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                return VirtualDisplay(name: ":\(number)", process: candidate)
            }
            // Another server took the number meanwhile (its lock is left alone), or Xvfb hung: the next number.
            kill(candidate.processIdentifier, SIGKILL)
            candidate.waitUntilExit()
            guard number < first + 40 else {
                throw VirtualDisplayError(message: "Xvfb did not start on any display from :\(first) to :\(number)")
            }
            number += 1
        }
    }

    deinit {
        // SIGKILL: a server spawned from a test runner's thread inherits its blocked signals, SIGTERM among
        // them. Its socket and lock file are then left behind: removed here.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    }
}

/// Why a ``VirtualDisplay`` could not start.
public struct VirtualDisplayError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    public var description: String { message }
}
