// DesktopReducedMotion: the user's reduced-motion setting as the window host reads it (SCROLLKIT_REDUCE_MOTION,
// else GNOME's org.gnome.desktop.interface enable-animations through `gsettings get`), and the parsing of both.
// (A reader of its own, small and separate: the Larger text setting has another; they may share one later.)

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ScrollKit

/// Where the reduced-motion setting (`ViewNode.isReduceMotionEnabled`) comes from on a desktop.
///
/// ``WindowHost`` resolves it when it starts, first that applies:
/// 1. ``HostOptions/reduceMotion`` (the app's, e.g. the demo's `--reduce-motion`);
/// 2. the environment variable `SCROLLKIT_REDUCE_MOTION`: `1` (also `true`, `yes`, `on`) reduces, `0` (also
///    `false`, `no`, `off`) does not; anything else is ignored with one warning line on stderr;
/// 3. GNOME's `org.gnome.desktop.interface enable-animations` (Settings → Accessibility → Reduce Animation turns
///    it off): `false` reduces. Read once with `gsettings get`, given at most ``desktopTimeout`` seconds;
/// 4. off.
/// ``HeadlessHost`` uses ``HostOptions/reduceMotion`` or off and reads neither the environment nor the desktop,
/// so headless screenshots and traces stay the same on every machine.
public enum DesktopReducedMotion {
    /// The environment variable that sets it.
    public static let environmentVariable = "SCROLLKIT_REDUCE_MOTION"
    /// The longest the host waits for `gsettings` when it starts.
    public static let desktopTimeout = 0.3

    /// The setting from text (the environment variable's value): `true` for `1`, `true`, `yes`, `on`; `false` for
    /// `0`, `false`, `no`, `off` (any case, surrounding spaces allowed); `nil` for anything else.
    public static func parse(_ text: String) -> Bool? {
        switch trimmed(text).lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }

    /// Whether motion is reduced by `gsettings get org.gnome.desktop.interface enable-animations`'s output: a
    /// GVariant boolean in text form, `true` (animations on: not reduced) or `false` (reduced), trailing newline
    /// allowed; `nil` for anything else (an error message, an empty answer).
    public static func parseGSettings(_ output: String) -> Bool? {
        switch trimmed(output) {
        case "true": return false
        case "false": return true
        default: return nil
        }
    }

    /// The setting from `environment`'s `SCROLLKIT_REDUCE_MOTION`: `nil` when unset or empty; a value
    /// ``parse(_:)`` does not know gives `nil` and a warning line (else `warning` is nil).
    public static func fromEnvironment(_ environment: [String: String]) -> (reduce: Bool?, warning: String?) {
        guard let raw = environment[environmentVariable], !trimmed(raw).isEmpty else { return (nil, nil) }
        if let reduce = parse(raw) { return (reduce, nil) }
        return (nil, "warning: \(environmentVariable)=\(raw) is neither 1 nor 0; ignored")
    }

    /// Whether a window host starts with motion reduced (see the type's notes): `options`, else the
    /// environment, else the desktop (when `readsDesktop`), else off. Prints the environment's warning to stderr.
    @MainActor
    public static func resolve(options: HostOptions, readsDesktop: Bool = true) -> Bool {
        var environment: [String: String] = [:]
        if let value = getenv(environmentVariable) { environment[environmentVariable] = String(cString: value) }
        return resolve(options: options, environment: environment, readsDesktop: readsDesktop)
    }

    /// ``resolve(options:readsDesktop:)`` with the environment given.
    static func resolve(options: HostOptions, environment: [String: String], readsDesktop: Bool) -> Bool {
        if let asked = options.reduceMotion { return asked }
        let (reduce, warning) = fromEnvironment(environment)
        if let warning {
            let line = Array((warning + "\n").utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        if let reduce { return reduce }
        if readsDesktop, let desktop = desktopSetting() { return desktop }
        return false
    }

    /// GNOME's setting (`true`: animations are off), or `nil` when `gsettings` is missing, has no such key, fails
    /// or takes longer than `timeout` seconds (then it is killed). One `posix_spawnp`; reads at most 64 bytes.
    public static func desktopSetting(timeout: Double = desktopTimeout) -> Bool? {
        guard let output = run(["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"],
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
        var buffer = [UInt8](repeating: 0, count: 64)
        let deadline = now() + max(0, timeout)
        var finished = false
        while bytes.count < 64 {
            let left = deadline - now()
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

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = text.firstIndex(where: { !isSpace($0) }),
              let end = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }
}
