// RGBAColor's mixing, compositing and WCAG contrast: what themes, cross-fades and contrast checks compute.

import Foundation

extension RGBAColor {
    /// This colour with its alpha set to `alpha` (0...255, clamped; NaN counts as 0).
    public func withAlphaValue(_ alpha: Double) -> RGBAColor {
        RGBAColor(r: r, g: g, b: b, a: UInt8(min(max(alpha.isNaN ? 0 : alpha, 0), 255).rounded()))
    }

    /// This colour mixed with `other` by `fraction` (0 is this colour, 1 is `other`; clamped, NaN counts as 0),
    /// channel by channel, alpha included. Exactly `self` at 0 and `other` at 1.
    public func mixed(with other: RGBAColor, fraction: Double) -> RGBAColor {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if f == 0 { return self }
        if f == 1 { return other }
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return RGBAColor(r: m(r, other.r), g: m(g, other.g), b: m(b, other.b), a: m(a, other.a))
    }

    /// This colour drawn over the opaque `background` (source-over): the opaque colour a reader sees.
    public func composited(over background: RGBAColor) -> RGBAColor {
        let alpha = Double(a) / 255
        func m(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8((Double(s) * alpha + Double(d) * (1 - alpha)).rounded()) }
        return RGBAColor(r: m(r, background.r), g: m(g, background.g), b: m(b, background.b))
    }

    /// WCAG 2.2's relative luminance of the colour's RGB (alpha ignored): 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2.2's contrast ratio of this colour (composited over `background` if translucent) against the opaque
    /// `background`: 1 (none) to 21 (black on white). Text needs 4.5 (AA), large text and controls 3, AAA 7.
    public func contrastRatio(against background: RGBAColor) -> Double {
        let opaque = a == 255 ? self : composited(over: background)
        let l1 = opaque.relativeLuminance, l2 = background.relativeLuminance
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }
}
