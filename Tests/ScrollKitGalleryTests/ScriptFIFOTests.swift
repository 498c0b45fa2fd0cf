// ScriptFIFOTests: a FIFO given as --script with no writer yet says what the run waits for, then plays what a
// writer sends once it closes (it used to block in open() without a word).

import Foundation
import Testing

@Suite("A FIFO as --script", .serialized)
struct ScriptFIFOTests {
    @Test("no writer: one note line names the FIFO, then a writer's script is played and the run exits 0")
    func fifoWithoutWriter() throws {
        let executable = try #require(DemoProcess.executable)
        let dir = try DemoProcess.temporaryDirectory("fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("script.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let errFile = dir.appendingPathComponent("err.txt")
        try #require(FileManager.default.createFile(atPath: errFile.path, contents: nil))

        let process = Process()
        process.executableURL = executable
        process.arguments = ["--headless", "--scene", "list", "--frames", "30", "--script", fifo]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        func stderr() -> String { (try? String(contentsOf: errFile, encoding: .utf8)) ?? "" }

        // The note comes after half a second of silence; 10 s is ample on a loaded machine.
        let noted = Date().addingTimeInterval(10)
        while !stderr().contains("\n"), process.isRunning, Date() < noted { usleep(20_000) }
        #expect(stderr() == "note: waiting for a writer on FIFO \"\(fifo)\" (the script is read when the writer closes it; Ctrl+C stops)\n")

        // A writer comes, sends a script and closes: the run plays it (a screenshot event proves it) and ends.
        let shot = dir.appendingPathComponent("shot.png").path
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)   // the demo holds the read end: this does not block
        try #require(writer >= 0, "no reader on the FIFO")
        let script = Array(#"{"events": [{"t": 0.1, "type": "screenshot", "path": "\#(shot)"}]}"#.utf8)
        #expect(script.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == script.count)
        close(writer)
        let ends = Date().addingTimeInterval(30)
        while process.isRunning, Date() < ends { usleep(20_000) }
        #expect(!process.isRunning, "the run did not end after the writer closed the FIFO")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(stderr())")
        #expect(FileManager.default.fileExists(atPath: shot), "the script's screenshot was not written")
        #expect(stderr().split(separator: "\n").count == 1, "\(stderr())")
    }
}
