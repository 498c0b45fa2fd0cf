// DesktopTextScale: the user's Larger text setting as the window host reads it (SCROLLKIT_TEXT_SCALE, else
// GNOME's org.gnome.desktop.interface text-scaling-factor through `gsettings get`), and the parsing of both.
// The process and GSettings plumbing is DesktopSettings', shared with DesktopReducedMotion.

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
        let (scale, warning) = fromEnvironment(DesktopSettings.environment(environmentVariable))
        if let warning { DesktopSettings.warn(warning) }
        if let scale { return scale }
        if readsDesktop, let desktop = desktopScale() { return desktop }
        return 1
    }

    /// GNOME's `text-scaling-factor`, clamped, or `nil` when `gsettings` is missing, has no such key, fails or
    /// takes longer than `timeout` seconds (then it is killed). One `posix_spawnp`; reads at most 256 bytes.
    public static func desktopScale(timeout: Double = desktopTimeout) -> Double? {
        guard let output = DesktopSettings.gsettings(schema: "org.gnome.desktop.interface", key: "text-scaling-factor",
                                                     timeout: timeout) else { return nil }
        return parseGSettings(output)
    }
}

private extension String {
    var trimmingSpaces: String { DesktopSettings.trimmed(self) }
}
