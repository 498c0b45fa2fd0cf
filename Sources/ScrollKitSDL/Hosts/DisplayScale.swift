// DisplayScale: the desktop's scale (points to pixels) where SDL 2 does not know it, X11: SCROLLKIT_SCALE, then
// GDK_SCALE, then the X resource Xft.dpi over 96.

import CScrollKitX11
import Foundation

/// The scale an X11 desktop asks for, which SDL 2's X11 driver does not know (it reports window sizes and
/// mouse positions in pixels, and no pixel scale).
///
/// Read in this order, the first that is set wins:
/// 1. `SCROLLKIT_SCALE`: ScrollKit's own, for one app (for example `1.5`);
/// 2. `GDK_SCALE`: the scale GNOME and GTK apps use (GTK takes whole numbers; ScrollKit takes fractions too);
/// 3. `Xft.dpi` from the X resource database (what GNOME, KDE and `xrdb` set for a fractional desktop scale), over 96.
///
/// Scales are between 0.5 and 4; fractional ones (1.25, 1.5, 1.75) are honoured, rounded to 1/100. A value
/// that is not a number in that range is ignored with a warning naming it. Without any, the scale is 1.
public struct DisplayScale: Sendable, Hashable {
    /// Pixels per point.
    public var scale: Double
    /// Where it came from: "SCROLLKIT_SCALE", "GDK_SCALE", "Xft.dpi" or "default".
    public var source: String
    /// Why a setting was ignored (a bad value), if one was.
    public var warning: String?

    /// The scales accepted.
    public static let range: ClosedRange<Double> = 0.5...4

    /// Decides from an environment and an X resource database (the text of RESOURCE_MANAGER, nil when
    /// unknown). Pure: the window host passes the process's environment and its display's resources.
    public static func resolve(environment: [String: String], resources: String?) -> DisplayScale {
        var warnings: [String] = []
        for name in ["SCROLLKIT_SCALE", "GDK_SCALE"] {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { continue }
            if let value = Double(text), value.isFinite, range.contains(value) {
                return DisplayScale(scale: rounded(value), source: name, warning: warnings.first)
            }
            warnings.append("\(name)=\(text) is not a scale between 0.5 and 4: ignored")
        }
        if let dpi = resources.flatMap(xftDPI), dpi.isFinite, dpi > 0 {
            let value = dpi / 96
            if range.contains(value) { return DisplayScale(scale: rounded(value), source: "Xft.dpi", warning: warnings.first) }
            warnings.append("Xft.dpi \(dpi) is not a scale between 0.5 and 4 (48 to 384 dpi): ignored")
        }
        return DisplayScale(scale: 1, source: "default", warning: warnings.first)
    }

    /// The X11 desktop's scale for the display in `DISPLAY`, from the process's environment and the display's
    /// resource database.
    public static func x11() -> DisplayScale {
        var buffer = [CChar](repeating: 0, count: 1 << 16)
        let length = sk_x11_resources(nil, &buffer, buffer.count)
        let resources = length >= 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        return resolve(environment: ProcessInfo.processInfo.environment, resources: resources)
    }

    /// The value of `Xft.dpi` in a resource database (lines `name:\tvalue`; the last one set wins, as in xrdb).
    static func xftDPI(_ resources: String) -> Double? {
        var found: Double?
        for line in resources.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard name == "Xft.dpi" || name == "*dpi" && found == nil else { continue }
            if let value = Double(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)) { found = value }
        }
        return found
    }

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
