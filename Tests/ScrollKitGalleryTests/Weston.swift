// Weston: a private Wayland compositor nested on a private Xvfb, for the tests that run the demo on SDL's Wayland
// driver.

import Foundation
import Testing

/// A private weston on its X11 backend, nested on a private ``Xvfb`` (Debian's SDL 2.26 crashes at
/// `SDL_Init` on weston's headless backend, which has no seat), stopped when released.
///
/// Its runtime directory (`XDG_RUNTIME_DIR`) is a fresh 0700 temporary directory holding the socket and
/// the weston.ini: the pixman renderer (no emulated OpenGL in the compositor), a 10 ms repaint window and
/// a plain background of ``background`` (a colour the demo never draws, for screenshots). Weston's X11
/// backend has no vblank: it stamps each repaint's presentation 10 ms after it by a timer and starts the
/// next repaint a refresh period after that, less the repaint window. With the default window (7 ms)
/// that is one frame every ~20 ms; with 10 ms about one a refresh (60 Hz, its reported rate).
final class Weston {
    let x: Xvfb
    /// The socket name, for `WAYLAND_DISPLAY`.
    let socket: String
    /// The runtime directory, for `XDG_RUNTIME_DIR`.
    let runtimeDirectory: URL
    /// The desktop's colour, "#RRGGBB".
    static let background = "#336699"
    private let process = Process()

    /// Starts Xvfb and weston on it, and waits for weston's socket. Throws (failing the test with the
    /// reason) when either is missing or will not start.
    init() throws {
        let path = ["/usr/bin/weston", "/usr/local/bin/weston"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let weston = try #require(path, "weston is not installed (make deps installs it: apt-get install weston)")
        x = try Xvfb(first: 200)   // apart from the X Present tests' servers
        runtimeDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scrollkit-weston-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        socket = "wl-scrollkit-\(getpid())"
        let config = runtimeDirectory.appendingPathComponent("weston.ini")
        let color = "0xff" + Self.background.dropFirst()
        try "[core]\nrepaint-window=10\nidle-time=0\n[shell]\npanel-position=none\nbackground-color=\(color)\n"
            .write(to: config, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: weston)
        process.arguments = ["--backend=x11-backend.so", "--use-pixman", "--socket=\(socket)", "--width=1024",
                             "--height=768", "--config=\(config.path)"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let socketPath = runtimeDirectory.appendingPathComponent(socket).path
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socketPath) {
            try #require(process.isRunning && Date() < deadline, "weston did not start on \(x.display)")
            usleep(20_000)
        }
        usleep(300_000)   // the shell client starts after the socket
    }

    /// Whether weston is still running.
    var isRunning: Bool { process.isRunning }

    /// The environment for a client of this compositor on SDL's Wayland driver.
    var clientEnvironment: [String: String?] {
        ["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtimeDirectory.path,
         "DISPLAY": nil]
    }

    /// Kills weston now (a lost display, for the tests of it); Xvfb stays up until the release.
    func killServer() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        // SIGKILL, as for Xvfb: a process spawned from a test runner's thread inherits its blocked signals.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}
