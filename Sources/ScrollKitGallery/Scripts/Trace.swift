// TraceWriter: the gallery's `--trace` file — the per-frame trace (ScrollKitSDL's TraceSample and TraceFormat)
// written through a buffer, its errors reported as the command line reports them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import ScrollKit
import ScrollKitSDL

/// Writes a trace to a file through a 64 KiB buffer.
///
/// `init` creates (or truncates) the file at once, so an unwritable path fails before the run.
/// Write errors are remembered and reported by `close()`, which then removes the half-written file.
final class TraceWriter {
    private var fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private var failure: CLIError?
    private static let capacity = 64 * 1024

    /// Opens `path` for writing and writes the header line.
    init(path: String) throws(CLIError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError("cannot write trace \"\(path)\": Is a directory")
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CLIError("cannot write trace \"\(path)\": \(FileCheck.errnoText())") }
        buffer.reserveCapacity(Self.capacity)
        append(TraceFormat.header)
    }

    deinit {
        if fd >= 0 { _ = posixClose(fd) }
    }

    /// Appends one frame's row.
    func write(_ tick: FrameTick, _ sample: TraceSample) {
        append(TraceFormat.row(tick, sample))
    }

    /// Flushes and closes the file; throws the first write error met, if any.
    func close() throws(CLIError) {
        guard fd >= 0 else { return }
        flush()
        if posixClose(fd) != 0, failure == nil {
            failure = CLIError("cannot write trace \"\(path)\": \(FileCheck.errnoText())")
        }
        fd = -1
        if let failure {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }   // no half a trace left
            throw failure
        }
    }

    private func append(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.capacity { flush() }
    }

    private func flush() {
        guard fd >= 0, failure == nil else { buffer.removeAll(keepingCapacity: true); return }
        var written = 0
        while written < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                posixWrite(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                failure = CLIError("cannot write trace \"\(path)\": \(FileCheck.errnoText())")
                break
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

// Free functions so the class's own `write`/`close` methods do not shadow the system calls.
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
