// DesktopReducedMotion: the user's reduced-motion setting as the window host reads it (SCROLLKIT_REDUCE_MOTION,
// else GNOME's org.gnome.desktop.interface enable-animations through `gsettings get`), and the parsing of both.
// The process and GSettings plumbing is DesktopSettings', shared with DesktopTextScale.

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
        resolve(options: options, environment: DesktopSettings.environment(environmentVariable), readsDesktop: readsDesktop)
    }

    /// ``resolve(options:readsDesktop:)`` with the environment given.
    static func resolve(options: HostOptions, environment: [String: String], readsDesktop: Bool) -> Bool {
        if let asked = options.reduceMotion { return asked }
        let (reduce, warning) = fromEnvironment(environment)
        if let warning { DesktopSettings.warn(warning) }
        if let reduce { return reduce }
        if readsDesktop, let desktop = desktopSetting() { return desktop }
        return false
    }

    /// GNOME's setting (`true`: animations are off), or `nil` when `gsettings` is missing, has no such key, fails
    /// or takes longer than `timeout` seconds (then it is killed). One `posix_spawnp`; reads at most 256 bytes.
    public static func desktopSetting(timeout: Double = desktopTimeout) -> Bool? {
        guard let output = DesktopSettings.gsettings(schema: "org.gnome.desktop.interface", key: "enable-animations",
                                                     timeout: timeout) else { return nil }
        return parseGSettings(output)
    }

    private static func trimmed(_ text: String) -> String { DesktopSettings.trimmed(text) }
}
