// DesktopTextScale: the user's Larger text setting as the window host reads it (SCROLLKIT_TEXT_SCALE, else
// GNOME's org.gnome.desktop.interface text-scaling-factor through `gsettings get`), and the parsing of both.
// (A reader of its own, small and separate: the reduced-motion setting has another; they may share one later.)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrollKit

/// Where the *Larger text* scale (`ViewNode.textScale`, 1.0–2.0) comes from on a desktop.
///
/// ``WindowHost`` resolves it when it starts, first that applies:
/// 1. ``HostOptions/textScale`` (the app's, e.g. the demo's `--text-scale`);
/// 2. the environment variable `SCROLLKIT_TEXT_SCALE` (a decimal number; garbage or NaN counts as 1.0, with one
///    warning line on stderr);
/// 3. GNOME's `org.gnome.desktop.interface text-scaling-factor` (Settings → Accessibility → Large Text sets
///    1.25), read once with `gsettings get`, given at most ``desktopTimeout`` seconds;
/// 4. 1.0.
/// The value is clamped to 1.0–2.0. ``HeadlessHost`` uses ``HostOptions/textScale`` or 1.0 and reads neither
/// the environment nor the desktop, so headless screenshots stay the same on every machine.
public enum DesktopTextScale {
    /// The environment variable that sets the scale.
    public static let environmentVariable = "SCROLLKIT_TEXT_SCALE"
    /// The longest the host waits for `gsettings` when it starts.
    public static let desktopTimeout = 0.3

    /// A requested scale from text (the environment variable's value, a command-line argument): a decimal
    /// number, surrounding spaces allowed, clamped to 1.0–2.0. `nil` for anything else (empty, `"big"`,
    /// `"nan"`, `"inf"`), so the caller can say so.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") }),
              let value = Double(trimmed), value.isFinite else { return nil }
        return TextScale.clamped(value)
    }

    /// The scale in `gsettings get org.gnome.desktop.interface text-scaling-factor`'s output: a GVariant
    /// double in text form (`1.25`, `1.0`, `2`, with or without the `@d ` type prefix and a trailing
    /// newline), clamped to 1.0–2.0; `nil` for anything else (an error message, an empty answer).
    public static func parseGSettings(_ output: String) -> Double? {
        var text = Substring(output.trimmingSpaces)
        if text.hasPrefix("@d ") { text = text.dropFirst(3) }
        return parse(String(text))
    }

    /// The scale from `environment`'s `SCROLLKIT_TEXT_SCALE`: `nil` when unset or empty; a garbage value gives
    /// 1.0 and a warning line (else `warning` is nil).
    public static func fromEnvironment(_ environment: [String: String]) -> (scale: Double?, warning: String?) {
        guard let raw = environment[environmentVariable], !raw.trimmingSpaces.isEmpty else { return (nil, nil) }
        if let scale = parse(raw) { return (scale, nil) }
        return (1, "warning: \(environmentVariable)=\(raw) is not a number from 1.0 to 2.0; using 1.0")
    }

    /// The scale a window host starts with (see the type's notes): `options`, else the environment, else the
    /// desktop (when `readsDesktop`), else 1.0. Prints the environment's warning, if any, to stderr.
    @MainActor
    public static func resolve(options: HostOptions, readsDesktop: Bool = true) -> Double {
        if let asked = options.textScale { return TextScale.clamped(asked) }
        var environment: [String: String] = [:]
        if let value = getenv(environmentVariable) { environment[environmentVariable] = String(cString: value) }
        let (scale, warning) = fromEnvironment(environment)
        if let warning {
            let line = Array((warning + "\n").utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        if let scale { return scale }
        if readsDesktop, let desktop = desktopScale() { return desktop }
        return 1
    }

    /// GNOME's `text-scaling-factor`, clamped, or `nil` when `gsettings` is missing, has no such key, fails or
    /// takes longer than `timeout` seconds (then it is killed). One `posix_spawnp`; reads at most 256 bytes.
    public static func desktopScale(timeout: Double = desktopTimeout) -> Double? {
        guard let output = run(["gsettings", "get", "org.gnome.desktop.interface", "text-scaling-factor"],
                               timeout: timeout) else { return nil }
        return parseGSettings(output)
    }

    /// Runs `argv` with its stdout on a pipe (stderr to /dev/null) and returns what it printed if it exits 0
    /// within `timeout` seconds.
    static func run(_ argv: [String], timeout: Double) -> String? {
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
        let deadline = monotonicNow() + max(0, timeout)
        var finished = false
        while bytes.count < 256 {
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

    private static func monotonicNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

private extension String {
    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
