// DesktopColorScheme: the theme a host starts with (the app's, else SCROLLKIT_COLOR_SCHEME, else GNOME's
// org.gnome.desktop.interface color-scheme through `gsettings get`, else light), and the parsing of each.
// The process and GSettings plumbing is DesktopSettings', shared with DesktopTextScale.

import ScrollKit

/// Where the tree's theme (``ScrollKit/ViewNode/defaultTheme``) comes from.
///
/// ``WindowHost`` resolves it when it starts, first that applies:
/// 1. ``HostOptions/theme`` (the app's, e.g. the demo's `--color-scheme`);
/// 2. the environment variable `SCROLLKIT_COLOR_SCHEME` (`light`, `dark` or `high-contrast`; anything else
///    counts as light, with one warning line on stderr);
/// 3. GNOME's `org.gnome.desktop.interface color-scheme` (`'prefer-dark'` is dark; `'default'` and
///    `'prefer-light'` are light), read once with `gsettings get`, given at most ``desktopTimeout`` seconds;
/// 4. ``ScrollKit/Theme/light``.
/// ``HeadlessHost`` takes 1 and 2 only (a run told nothing is light on every machine).
public enum DesktopColorScheme {
    /// The environment variable that names the scheme.
    public static let environmentVariable = "SCROLLKIT_COLOR_SCHEME"
    /// The longest the host waits for `gsettings` when it starts.
    public static let desktopTimeout = 0.3

    /// The scheme `text` names (`light`, `dark`, `high-contrast`; surrounding spaces allowed), or `nil`.
    public static func parse(_ text: String) -> Theme.ColorScheme? {
        Theme.ColorScheme(name: DesktopSettings.trimmed(text))
    }

    /// The scheme in `gsettings get org.gnome.desktop.interface color-scheme`'s output (`'prefer-dark'` with its
    /// quotes and newline): dark for `prefer-dark`, light for `default` and `prefer-light`, `nil` otherwise.
    public static func parseGSettings(_ output: String) -> Theme.ColorScheme? {
        var text = Substring(DesktopSettings.trimmed(output))
        if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 { text = text.dropFirst().dropLast() }
        switch text {
        case "prefer-dark": return .dark
        case "default", "prefer-light": return .light
        default: return nil
        }
    }

    /// The scheme from `environment`'s `SCROLLKIT_COLOR_SCHEME`: `nil` when unset or empty; a bad value gives
    /// light and a warning line (else `warning` is nil).
    public static func fromEnvironment(_ environment: [String: String]) -> (scheme: Theme.ColorScheme?, warning: String?) {
        guard let raw = environment[environmentVariable], !DesktopSettings.trimmed(raw).isEmpty else { return (nil, nil) }
        if let scheme = parse(raw) { return (scheme, nil) }
        return (.light, "warning: \(environmentVariable)=\(raw) is not light, dark or high-contrast; using light")
    }

    /// The theme a host starts with (see the type's notes); the desktop is read only when `readsDesktop`.
    @MainActor
    public static func resolve(options: HostOptions, readsDesktop: Bool = true) -> Theme {
        resolve(options: options, environment: DesktopSettings.environment(environmentVariable), readsDesktop: readsDesktop)
    }

    @MainActor
    static func resolve(options: HostOptions, environment: [String: String], readsDesktop: Bool) -> Theme {
        if let theme = options.theme { return theme }
        let (scheme, warning) = fromEnvironment(environment)
        if let warning { DesktopSettings.warn(warning) }
        if let scheme { return Theme(scheme: scheme) }
        if readsDesktop, let desktop = desktopScheme() { return Theme(scheme: desktop) }
        return .light
    }

    /// GNOME's `color-scheme`, or `nil` when `gsettings` is missing, has no such key, fails or takes longer than
    /// `timeout` seconds (then it is killed).
    public static func desktopScheme(timeout: Double = desktopTimeout) -> Theme.ColorScheme? {
        guard let output = DesktopSettings.gsettings(schema: "org.gnome.desktop.interface", key: "color-scheme",
                                                     timeout: timeout) else { return nil }
        return parseGSettings(output)
    }
}
