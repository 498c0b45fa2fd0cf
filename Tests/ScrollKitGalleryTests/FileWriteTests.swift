// FileWriteTests: every file the demo writes (screenshots headless, in a window and from a script, --record frames,
// --trace, --record-input) on a full device and a full file system: one `error:` line naming the path, exit 2, and
// no truncated file left behind.

import Foundation
import Testing

/// A tmpfs of 64 KiB mounted on a fresh directory and filled to within `free` bytes of full, unmounted when
/// released. Needs root (the tests run as root in CI); ``canMount`` says whether mounting works here.
final class FullFileSystem {
    let directory: URL

    init(free: Int) throws {
        directory = try DemoProcess.temporaryDirectory("fullfs")
        let mounted = try Self.mount(at: directory.path)
        try #require(mounted, "cannot mount a tmpfs at \(directory.path)")
        // Fill in 1 KiB steps until the space left is at most `free` bytes.
        let fill = directory.appendingPathComponent("fill")
        let fd = open(fill.path, O_WRONLY | O_CREAT, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 1024)
        while Self.available(directory.path) > free {
            let n = block.withUnsafeBytes { write(fd, $0.baseAddress, min($0.count, Self.available(directory.path) - free)) }
            if n <= 0 { break }
        }
    }

    deinit {
        _ = Self.command("/bin/umount", [directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Bytes a file could still grow by.
    static func available(_ path: String) -> Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    private static func mount(at path: String) throws -> Bool {
        command("/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", path])
    }

    @discardableResult
    private static func command(_ path: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Whether a tmpfs can be mounted here (root, a `mount` that allows it).
    static let canMount: Bool = {
        guard getuid() == 0, let probe = try? DemoProcess.temporaryDirectory("mountprobe") else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? mount(at: probe.path)) == true else { return false }
        command("/bin/umount", [probe.path])
        return true
    }()
}

/// A private character device like /dev/full (1, 7: every write fails with ENOSPC) in a fresh directory, so that
/// a writer that replaces its target (an atomic rename) replaces only this node, never the system's /dev/full.
private func privateFullDevice(_ directory: URL) -> String? {
    let path = directory.appendingPathComponent("full").path
    return mknod(path, S_IFCHR | 0o666, makedev(1, 7)) == 0 ? path : nil
}

private func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t(major & 0xfff) << 8 | dev_t(minor & 0xff) | dev_t(minor & ~0xff) << 12 | dev_t(major & ~0xfff) << 32
}

private func isCharacterDevice(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
}

/// The one stderr line of a failed write, checked: `error: …` naming `path` and the full disk.
private func expectOneWriteError(_ result: DemoProcess.Result, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.exited && result.status == 2, "status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    let line = result.stderrLines.first.map(String.init) ?? ""
    #expect(line.hasPrefix("error: ") && line.contains(path) && line.contains("No space left on device"), "\(line)",
            sourceLocation: sourceLocation)
}

@Suite("Files written on a full disk", .serialized)
struct FileWriteTests {
    /// A script whose one event, at t = 0.05 s, is a screenshot to `path`.
    static func screenshotScript(_ path: String, in directory: URL) throws -> String {
        let script = directory.appendingPathComponent("shot.json")
        try #"{"events": [{"t": 0.05, "type": "screenshot", "path": "\#(path)"}]}"#
            .write(to: script, atomically: true, encoding: .utf8)
        return script.path
    }

    @Test("--screenshot, a script's screenshot and --record on a full file system: exit 2, one error line, no truncated PNG",
          .enabled(if: FullFileSystem.canMount, "needs root to mount a small tmpfs"),
          arguments: ["screenshot", "script", "record"])
    func pngsOnAFullFileSystem(kind: String) throws {
        // 8 KiB left: a 800x600 PNG (tens of KiB) starts to be written and runs out part way.
        let full = try FullFileSystem(free: 8192)
        let dir = try DemoProcess.temporaryDirectory("pngfull")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = full.directory.appendingPathComponent("shot.png").path
        let record = full.directory.appendingPathComponent("frames").path
        let arguments: [String]
        switch kind {
        case "screenshot": arguments = ["--screenshot", shot]
        case "script": arguments = ["--script", try Self.screenshotScript(shot, in: dir)]
        default: arguments = ["--record", record]
        }
        let result = try DemoProcess.run(["--headless", "--scene", "list", "--frames", "6"] + arguments)
        expectOneWriteError(result, path: kind == "record" ? record + "/frame-00000.png" : shot)
        #expect(!FileManager.default.fileExists(atPath: shot), "a truncated PNG was left behind")
        let frames = (try? FileManager.default.contentsOfDirectory(atPath: record)) ?? []
        #expect(frames.isEmpty, "frames left behind: \(frames)")
    }

    @Test("a screenshot from a window (Xvfb) on a full file system: exit 2, one error line",
          .enabled(if: FullFileSystem.canMount, "needs root to mount a small tmpfs"))
    func windowScreenshotOnAFullFileSystem() throws {
        let full = try FullFileSystem(free: 8192)
        let x = try Xvfb()
        let shot = full.directory.appendingPathComponent("window.png").path
        let result = try DemoProcess.run(["--scene", "list", "--frames", "20", "--screenshot", shot],
                                         environment: ["DISPLAY": x.display, "SDL_VIDEODRIVER": "x11"])
        expectOneWriteError(result, path: shot)
        #expect(!FileManager.default.fileExists(atPath: shot))
    }

    @Test("the same PNG with room to spare is written whole: SDL2_image reads it back at the window's size")
    func pngWithRoomIsWhole() throws {
        let dir = try DemoProcess.temporaryDirectory("pngok")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("shot.png").path
        let result = try DemoProcess.run(["--headless", "--scene", "list", "--frames", "3", "--size", "320x240", "--screenshot", shot])
        #expect(result.status == 0, "\(result.stderr)")
        // ImageMagick, an independent PNG reader, agrees on the size.
        let identify = Process()
        identify.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
        identify.arguments = ["-format", "%w %h", shot]
        let out = Pipe()
        identify.standardOutput = out
        try identify.run()
        identify.waitUntilExit()
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "320 240")
    }

    @Test("--record-input and --trace on a full device: exit 2, one error line, and the device is left a device")
    func fullDevice() throws {
        let dir = try DemoProcess.temporaryDirectory("fulldev")
        defer { try? FileManager.default.removeItem(at: dir) }
        for option in ["--record-input", "--trace"] {
            let device = try #require(privateFullDevice(dir), "cannot make a device node (needs root)")
            let result = try DemoProcess.run(["--headless", "--scene", "list", "--frames", "3", option, device])
            expectOneWriteError(result, path: device)
            #expect(isCharacterDevice(device), "\(option) replaced the device with a file")
            try? FileManager.default.removeItem(atPath: device)
        }
    }

    @Test("standard output on a full device (--stats, text, a text dump past stdio's buffer): exit 2, one error line",
          arguments: [["--headless", "--scene", "list", "--frames", "3", "--stats"], ["text", "hello"],
                      ["text", String(repeating: "a", count: 20_000)]])
    func standardOutputOnAFullDevice(arguments: [String]) throws {
        let executable = try #require(DemoProcess.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 2, "status \(process.terminationStatus): \(stderr)")
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error: cannot write to standard output"), "\(stderr)")
    }

    @Test("--record-input and --trace on a full file system: exit 2, one error line, no file left half-written",
          .enabled(if: FullFileSystem.canMount, "needs root to mount a small tmpfs"))
    func recordingsOnAFullFileSystem() throws {
        let full = try FullFileSystem(free: 0)
        for option in ["--record-input", "--trace"] {
            let path = full.directory.appendingPathComponent("out-\(option.dropFirst(2))").path
            let result = try DemoProcess.run(["--headless", "--scene", "list", "--frames", "3", option, path])
            expectOneWriteError(result, path: path)
            #expect(!FileManager.default.fileExists(atPath: path), "\(option) left a half-written file")
        }
    }
}
