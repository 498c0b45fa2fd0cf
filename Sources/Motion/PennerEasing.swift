// Robert Penner's easing equations: the PennerFamily and EaseMode names, and the Penner constants and
// ease-in, ease-out and ease-in-out functions.

import Foundation

/// The ten families of Robert Penner's easing equations, named as on easings.net.
enum PennerFamily: String, CaseIterable, Sendable, Hashable {
    case quad = "Quad", cubic = "Cubic", quart = "Quart", quint = "Quint", sine = "Sine"
    case expo = "Expo", circ = "Circ", back = "Back", elastic = "Elastic", bounce = "Bounce"
}

/// Which end of the motion an easing eases: the start (`in`), the end (`out`) or both (`inOut`).
enum EaseMode: String, CaseIterable, Sendable, Hashable {
    case `in` = "In", out = "Out", inOut = "InOut"
}

/// The constants of Robert Penner's easing equations (2001), as published.
enum Penner {
    /// Back overshoot `s`.
    static let backS = 1.70158
    /// Back overshoot for in-out: `s × 1.525`.
    static let backSInOut = 1.70158 * 1.525
    /// Elastic period as a fraction of the duration (in and out).
    static let elasticPeriod = 0.3
    /// Elastic period for in-out (`0.3 × 1.5`).
    static let elasticPeriodInOut = 0.45
    /// Bounce parabola factor.
    static let bounceN = 7.5625
    /// Bounce divisor.
    static let bounceD = 2.75

    /// The easing of `family` in `mode` at progress `x`, which must already be clamped to `0...1`.
    ///
    /// Endpoints are not special-cased here; `TimingCurve.value(at:)` does that.
    static func value(_ family: PennerFamily, _ mode: EaseMode, _ x: Double) -> Double {
        switch mode {
        case .in: return easeIn(family, x)
        case .out: return easeOut(family, x)
        case .inOut: return easeInOut(family, x)
        }
    }

    static func easeIn(_ family: PennerFamily, _ x: Double) -> Double {
        switch family {
        case .quad: return x * x
        case .cubic: return x * x * x
        case .quart: return x * x * x * x
        case .quint: return x * x * x * x * x
        case .sine: return 1 - cos(x * .pi / 2)
        case .expo: return x == 0 ? 0 : pow(2, 10 * x - 10)
        case .circ: return 1 - (1 - x * x).squareRoot()
        case .back:
            let s = backS
            return (s + 1) * x * x * x - s * x * x
        case .elastic:
            if x == 0 || x == 1 { return x }
            let c = 2 * Double.pi / elasticPeriod
            let shift = elasticPeriod / 4 // asin(1/a) · p / 2π with amplitude a = 1
            return -pow(2, 10 * (x - 1)) * sin((x - 1 - shift) * c)
        case .bounce: return 1 - bounceOut(1 - x)
        }
    }

    static func easeOut(_ family: PennerFamily, _ x: Double) -> Double {
        switch family {
        case .quad: return 1 - (1 - x) * (1 - x)
        case .cubic: return 1 - pow(1 - x, 3)
        case .quart: return 1 - pow(1 - x, 4)
        case .quint: return 1 - pow(1 - x, 5)
        case .sine: return sin(x * .pi / 2)
        case .expo: return x == 1 ? 1 : 1 - pow(2, -10 * x)
        case .circ: return (1 - (x - 1) * (x - 1)).squareRoot()
        case .back:
            let s = backS
            let y = x - 1
            return 1 + (s + 1) * y * y * y + s * y * y
        case .elastic:
            if x == 0 || x == 1 { return x }
            let c = 2 * Double.pi / elasticPeriod
            let shift = elasticPeriod / 4
            return pow(2, -10 * x) * sin((x - shift) * c) + 1
        case .bounce: return bounceOut(x)
        }
    }

    static func easeInOut(_ family: PennerFamily, _ x: Double) -> Double {
        switch family {
        case .quad: return x < 0.5 ? 2 * x * x : 1 - pow(-2 * x + 2, 2) / 2
        case .cubic: return x < 0.5 ? 4 * x * x * x : 1 - pow(-2 * x + 2, 3) / 2
        case .quart: return x < 0.5 ? 8 * x * x * x * x : 1 - pow(-2 * x + 2, 4) / 2
        case .quint: return x < 0.5 ? 16 * x * x * x * x * x : 1 - pow(-2 * x + 2, 5) / 2
        case .sine: return -(cos(.pi * x) - 1) / 2
        case .expo:
            if x == 0 || x == 1 { return x }
            return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
        case .circ:
            return x < 0.5
                ? (1 - (1 - 4 * x * x).squareRoot()) / 2
                : ((1 - pow(-2 * x + 2, 2)).squareRoot() + 1) / 2
        case .back:
            let s = backSInOut
            if x < 0.5 {
                let u = 2 * x
                return u * u * ((s + 1) * u - s) / 2
            }
            let u = 2 * x - 2
            return (u * u * ((s + 1) * u + s) + 2) / 2
        case .elastic:
            if x == 0 || x == 1 { return x }
            let c = 2 * Double.pi / elasticPeriodInOut
            let shift = elasticPeriodInOut / 4
            let u = 2 * x - 1
            return x < 0.5
                ? -0.5 * pow(2, 10 * u) * sin((u - shift) * c)
                : 0.5 * pow(2, -10 * u) * sin((u - shift) * c) + 1
        case .bounce:
            return x < 0.5 ? (1 - bounceOut(1 - 2 * x)) / 2 : (1 + bounceOut(2 * x - 1)) / 2
        }
    }

    /// Penner's bounce-out: four parabolas, 7.5625 and 2.75.
    static func bounceOut(_ x: Double) -> Double {
        let n = bounceN, d = bounceD
        if x < 1 / d {
            return n * x * x
        } else if x < 2 / d {
            let y = x - 1.5 / d
            return n * y * y + 0.75
        } else if x < 2.5 / d {
            let y = x - 2.25 / d
            return n * y * y + 0.9375
        } else {
            let y = x - 2.625 / d
            return n * y * y + 0.984375
        }
    }
}
