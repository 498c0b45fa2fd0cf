// DesktopSettings: what the desktop's settings readers share (DesktopTextScale, DesktopReducedMotion): one
// `gsettings get` run with a time limit, an environment variable read, a warning line on stderr, trimming.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The plumbing behind the desktop settings a window host reads when it starts.
enum DesktopSettings {
    /// `gsettings get SCHEMA KEY`'s output, or `nil` when `gsettings` is missing, has no such key, fails or takes
    /// longer than `timeout` seconds (then it is killed).
    static func gsettings(schema: String, key: String, timeout: Double) -> String? {
        run(["gsettings", "get", schema, key], timeout: timeout)
    }

    /// `name`'s value in the process environment, as a one-entry dictionary (empty when unset), for the readers'
    /// `fromEnvironment` functions.
    static func environment(_ name: String) -> [String: String] {
        guard let value = getenv(name) else { return [:] }
        return [name: String(cString: value)]
    }

    /// Writes `line` and a newline to stderr.
    static func warn(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Runs `argv` (found on PATH) with its stdout on a pipe and stderr on /dev/null, and returns what it printed
    /// (at most 256 bytes) if it exits 0 within `timeout` seconds; otherwise kills it and returns `nil`.
    static func run(_ argv: [String], timeout: Double) -> String? {
        guard !argv.isEmpty else { return nil }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        defer { close(fds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
        close(fds[1])
        guard spawned == 0 else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = monotonicNow() + max(0, timeout.isFinite ? timeout : 0)
        var finished = false
        while bytes.count < buffer.count {
            let left = deadline - monotonicNow()
            if left <= 0 { break }
            var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let n = read(fds[0], &buffer, buffer.count - bytes.count)
            if n <= 0 { finished = true; break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        if !finished { kill(pid, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard finished, status == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
              let end = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }

    private static func monotonicNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
