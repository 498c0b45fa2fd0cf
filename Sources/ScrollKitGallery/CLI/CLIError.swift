// CLIError, the demo's one-line error with exit status 2, and FileCheck, file-system helpers (writability,
// parent directory, reading a file) that report strerror text.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An error the demo reports as one line, `error: <message>`, with exit status 2.
///
/// Every failure the command can meet (bad options, a bad script, an unwritable path, SDL failing
/// to start) ends up as one of these; `oneLine` guarantees the printed text has no line breaks.
package struct CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message without the `error: ` prefix.
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }

    /// The line printed on stderr: `error: ` + the message, with any line breaks folded into "; ".
    package var line: String { "error: " + CLIError.oneLine(message) }

    /// The exit status for every CLI error.
    package static let exitStatus: Int32 = 2

    /// `text` with runs of line breaks replaced by "; " and surrounding whitespace trimmed.
    static func oneLine(_ text: String) -> String {
        var parts: [Substring] = []
        for part in text.split(whereSeparator: \.isNewline) {
            let trimmed = part.drop(while: { $0 == " " || $0 == "\t" })
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        var result = parts.joined(separator: "; ")
        while result.last == " " || result.last == "\t" { result.removeLast() }
        return result
    }

    /// Writes one line to stderr (unbuffered, in one `write` call).
    package static func printLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            offset += n
        }
    }
}

/// Small file-system helpers that report failures with `strerror` text.
enum FileCheck {
    /// The text of the current `errno`, e.g. "No such file or directory".
    static func errnoText(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Throws unless a file could be created or overwritten at `path`, without touching it:
    /// the path must not be empty or a directory, its directory must exist and be writable,
    /// and an existing file must be writable.
    static func checkWritable(_ path: String, what: String) throws(CLIError) {
        guard !path.isEmpty else { throw CLIError("\(what) path is empty") }
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw CLIError("cannot write \(what) \"\(path)\": Is a directory")
            }
            if access(path, W_OK) != 0 {
                throw CLIError("cannot write \(what) \"\(path)\": \(errnoText())")
            }
            return
        }
        let directory = parentDirectory(of: path)
        if stat(directory, &info) != 0 {
            throw CLIError("cannot write \(what) \"\(path)\": \(errnoText())")
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            throw CLIError("cannot write \(what) \"\(path)\": \(errnoText(ENOTDIR))")
        }
        if access(directory, W_OK | X_OK) != 0 {
            throw CLIError("cannot write \(what) \"\(path)\": \(errnoText())")
        }
    }

    /// The directory part of `path` ("." for a bare file name, "/" for a file at the root).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = path[..<slash]
        return dir.isEmpty ? "/" : String(dir)
    }

    /// Reads a whole file (at most `limit` bytes), reporting errors as `CLIError`s that name `what` and `path`.
    ///
    /// Opened non-blocking, so a FIFO with no writer never blocks the open silently. A FIFO is read as data
    /// arrives until its writer closes it; when nothing has come for ``fifoNoticeDelay`` seconds, one line on
    /// stderr says what the run waits for (`note: waiting for a writer on FIFO "…"`), and Ctrl+C stops it.
    static func readFile(_ path: String, what: String, limit: Int) throws(CLIError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError("cannot read \(what) \"\(path)\": \(errnoText())") }
        defer { close(fd) }
        var info = stat()
        let isFIFO = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        var noticed = false
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if isFIFO {
                // Until data comes or a writer closes it (Linux reports no hang-up before a first writer).
                if !noticed, result.isEmpty, !waitReadable(fd, milliseconds: Int32(fifoNoticeDelay * 1000)) {
                    noticed = true
                    CLIError.printLine("note: waiting for a writer on FIFO \"\(path)\" (the \(what) is read when the writer closes it; Ctrl+C stops)")
                }
                waitReadable(fd, milliseconds: -1)
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {   // a terminal or pipe with nothing yet
                    if !isFIFO { waitReadable(fd, milliseconds: -1) }
                    continue
                }
                throw CLIError("cannot read \(what) \"\(path)\": \(errnoText())")
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
            if result.count > limit {
                throw CLIError("cannot read \(what) \"\(path)\": larger than \(limit / (1024 * 1024)) MiB")
            }
        }
        return result
    }

    /// How long a FIFO may stay silent before the run says it waits for a writer.
    static let fifoNoticeDelay = 0.5

    /// Waits until `fd` has data or its writer hung up (`milliseconds` -1: no limit); false on a timeout.
    @discardableResult
    private static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&entry, 1, milliseconds)
            if n < 0 && errno == EINTR { continue }
            return n > 0
        }
    }
}
