import Foundation

// Reference implementations written independently of the code under test: Robert Penner's original
// (t, b, c, d) equations with b = 0, c = 1, d = 1 (as in ScrollTimingFunction, the UIKit code whose curve names are aliases here), the
// easings.net form for Elastic, and a Bernstein-form Bézier solved by plain bisection.

enum Reference {
    static let s = 1.70158

    /// Expected value of every named curve, by name.
    static let curves: [String: @Sendable (Double) -> Double] = [
        "linear": { t in t },
        "smoothstep": { t in 3 * t * t - 2 * t * t * t },

        "easeInQuad": { t in t * t },
        "easeOutQuad": { t in -t * (t - 2) },
        "easeInOutQuad": { t in
            var t = t * 2
            if t < 1 { return 0.5 * t * t }
            t -= 1
            return -0.5 * (t * (t - 2) - 1)
        },
        "easeInCubic": { t in t * t * t },
        "easeOutCubic": { t in let t = t - 1; return t * t * t + 1 },
        "easeInOutCubic": { t in
            var t = t * 2
            if t < 1 { return 0.5 * t * t * t }
            t -= 2
            return 0.5 * (t * t * t + 2)
        },
        "easeInQuart": { t in t * t * t * t },
        "easeOutQuart": { t in let t = t - 1; return -(t * t * t * t - 1) },
        "easeInOutQuart": { t in
            var t = t * 2
            if t < 1 { return 0.5 * t * t * t * t }
            t -= 2
            return -0.5 * (t * t * t * t - 2)
        },
        "easeInQuint": { t in t * t * t * t * t },
        "easeOutQuint": { t in let t = t - 1; return t * t * t * t * t + 1 },
        "easeInOutQuint": { t in
            var t = t * 2
            if t < 1 { return 0.5 * t * t * t * t * t }
            t -= 2
            return 0.5 * (t * t * t * t * t + 2)
        },
        "easeInSine": { t in -cos(t * .pi / 2) + 1 },
        "easeOutSine": { t in sin(t * .pi / 2) },
        "easeInOutSine": { t in -0.5 * (cos(.pi * t) - 1) },
        "easeInExpo": { t in t == 0 ? 0 : pow(2, 10 * (t - 1)) },
        "easeOutExpo": { t in t == 1 ? 1 : -pow(2, -10 * t) + 1 },
        "easeInOutExpo": { t in
            if t == 0 { return 0 }
            if t == 1 { return 1 }
            var t = t * 2
            if t < 1 { return 0.5 * pow(2, 10 * (t - 1)) }
            t -= 1
            return 0.5 * (-pow(2, -10 * t) + 2)
        },
        "easeInCirc": { t in -(sqrt(1 - t * t) - 1) },
        "easeOutCirc": { t in let t = t - 1; return sqrt(1 - t * t) },
        "easeInOutCirc": { t in
            var t = t * 2
            if t < 1 { return -0.5 * (sqrt(1 - t * t) - 1) }
            t -= 2
            return 0.5 * (sqrt(1 - t * t) + 1)
        },
        "easeInBack": { t in t * t * ((s + 1) * t - s) },
        "easeOutBack": { t in let t = t - 1; return t * t * ((s + 1) * t + s) + 1 },
        "easeInOutBack": { t in
            let s = Reference.s * 1.525
            var t = t * 2
            if t < 1 { return 0.5 * (t * t * ((s + 1) * t - s)) }
            t -= 2
            return 0.5 * (t * t * ((s + 1) * t + s) + 2)
        },
        // easings.net's form of Penner's elastic (period 0.3 → c4 = 2π/3; in-out 0.45 → c5 = 2π/4.5).
        "easeInElastic": { x in
            let c4 = 2 * Double.pi / 3
            return x == 0 ? 0 : x == 1 ? 1 : -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
        },
        "easeOutElastic": { x in
            let c4 = 2 * Double.pi / 3
            return x == 0 ? 0 : x == 1 ? 1 : pow(2, -10 * x) * sin((x * 10 - 0.75) * c4) + 1
        },
        "easeInOutElastic": { x in
            let c5 = 2 * Double.pi / 4.5
            if x == 0 || x == 1 { return x }
            return x < 0.5
                ? -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2
                : (pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5)) / 2 + 1
        },
        "easeInBounce": { t in 1 - bounceOut(1 - t) },
        "easeOutBounce": { t in bounceOut(t) },
        "easeInOutBounce": { t in
            t < 0.5 ? (1 - bounceOut(1 - t * 2)) * 0.5 : bounceOut(t * 2 - 1) * 0.5 + 0.5
        },

        "ease": { x in bezier(0.25, 0.1, 0.25, 1, x) },
        "easeIn": { x in bezier(0.42, 0, 1, 1, x) },
        "easeOut": { x in bezier(0, 0, 0.58, 1, x) },
        "easeInOut": { x in bezier(0.42, 0, 0.58, 1, x) },
        "default": { x in bezier(0.25, 0.1, 0.25, 1, x) },
    ]

    static func bounceOut(_ t: Double) -> Double {
        var t = t
        if t < 1 / 2.75 {
            return 7.5625 * t * t
        } else if t < 2 / 2.75 {
            t -= 1.5 / 2.75
            return 7.5625 * t * t + 0.75
        } else if t < 2.5 / 2.75 {
            t -= 2.25 / 2.75
            return 7.5625 * t * t + 0.9375
        } else {
            t -= 2.625 / 2.75
            return 7.5625 * t * t + 0.984375
        }
    }

    /// A CSS cubic-bezier in Bernstein form, solved for x by 200 bisection steps.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bernstein(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bernstein(y1, y2, (lo + hi) / 2)
    }
}
