// CheckedFile: writes a whole file with every byte checked (short writes, ENOSPC, EIO, the close), for every
// file ScrollKit writes (PNGs, input recordings, the gallery's traces).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be written to its last byte: the path and the system's reason
/// (`strerror` text, e.g. "No space left on device").
public struct FileWriteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The path that was being written.
    public let path: String
    /// Why it failed, e.g. "No space left on device".
    public let reason: String

    /// A failure to write `path`, for `reason` (the system's words, e.g. "No space left on device").
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write '\(path)': \(reason)" }
}

/// Writes files whole, checked to the last byte.
///
/// `write(_:to:)` opens (creating or truncating) `path`, writes every byte (retrying short writes and `EINTR`),
/// and checks `close` (where a network file system reports a deferred error). A write that returns 0 bytes
/// counts as a full device (`ENOSPC`). On any failure a regular file left half-written is removed, so a
/// failed run never leaves a truncated PNG or recording behind; a device or FIFO (`/dev/full`) is left alone.
/// No `fsync`: local file systems (ext4, tmpfs, btrfs) report a full disk at `write`, and a frame recorder
/// writing a PNG per frame should not wait for the disk.
package enum CheckedFile {
    /// Writes `bytes` to `path`.
    /// - Throws: ``FileWriteError`` naming `path` when it cannot be opened, written in full or closed.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: path, reason: errnoText()) }
        var info = stat()
        let regular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        var failure: Int32?
        var written = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { failure = ENOSPC; return }
                written += n
            }
        }
        if close(fd) != 0, failure == nil, errno != EINTR { failure = errno }
        if let failure {
            if regular { unlink(path) }
            throw FileWriteError(path: path, reason: errnoText(failure))
        }
    }

    private static func errnoText(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

// A free function so `CheckedFile.write` does not shadow the system call.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
