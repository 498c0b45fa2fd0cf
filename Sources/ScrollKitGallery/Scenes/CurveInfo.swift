// CurveInfo: one line about where a named timing curve comes from, for the curves list's subtitles.

import Motion

/// One line about where a named curve comes from, for the list's subtitles.
enum CurveInfo {
    static func detail(for curve: TimingCurve) -> String {
        let name = curve.name
        switch name {
        case "linear": return "f(t) = t"
        case "smoothstep": return "t² (3 − 2t), no overshoot"
        case "ease": return "cubic-bezier(.25, .1, .25, 1)"
        case "easeIn": return "cubic-bezier(.42, 0, 1, 1)"
        case "easeOut": return "cubic-bezier(0, 0, .58, 1)"
        case "easeInOut": return "cubic-bezier(.42, 0, .58, 1)"
        case "default": return "Core Animation's default"
        default: break
        }
        guard name.hasPrefix("ease") else { return name }
        var rest = name.dropFirst(4)
        let mode: String
        if rest.hasPrefix("InOut") { mode = "in-out"; rest = rest.dropFirst(5) }
        else if rest.hasPrefix("In") { mode = "in"; rest = rest.dropFirst(2) }
        else if rest.hasPrefix("Out") { mode = "out"; rest = rest.dropFirst(3) }
        else { return name }
        return "Penner · \(rest.lowercased()), \(mode)"
    }
}
