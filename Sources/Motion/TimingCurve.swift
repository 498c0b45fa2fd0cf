/// A timing curve: maps the progress of a timed animation, 0...1, to the fraction of the way travelled.
///
/// Every curve is exactly 0 at 0 and exactly 1 at 1. In between, `back`, `elastic` and `spring`
/// curves may overshoot (go below 0 or above 1).
///
/// ```swift
/// let curve = TimingCurve.easeOutCubic
/// curve(0.5)                                        // 0.875
/// let css = TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1)
/// let named = try TimingCurve(parsing: "easeOutBounce")
/// ```
///
/// The Penner curves follow Robert Penner's equations as published on easings.net, with his
/// constants: back s = 1.70158 (in-out: s × 1.525), elastic period 0.3 (in-out 0.45) and amplitude 1,
/// bounce 7.5625 and 2.75.
///
/// Two curves are equal when they are the same kind with the same parameters *and* the same name:
/// `.ease`, `.default` and `.cubicBezier(0.25, 0.1, 0.25, 1)` trace the same curve but are three values.
///
/// ## Bad input
/// `value(at:)` never traps and never returns NaN: progress is clamped to `0...1` and NaN progress is 0.
/// `cubicBezier(_:_:_:_:)` and `spring(dampingRatio:response:)` sanitise their parameters (see each);
/// `init(parsing:)` instead throws a `TimingCurveError` that says what was expected.
public struct TimingCurve: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case linear
        case smoothstep
        case penner(PennerFamily, EaseMode)
        case bezier(CubicBezier)
        case spring(SpringCurve)
    }

    let kind: Kind
    /// The name of a named curve (`ease`, `default`…). A `StaticString`, not a `String`: a curve (and so a
    /// `TimedSimulation`, and a scroll view's motions that hold one) stays a plain value that copies
    /// without reference counting, several times a frame.
    private let storedName: StaticString?

    init(_ kind: Kind, name: StaticString? = nil) {
        self.kind = kind
        self.storedName = name
    }

    public static func == (a: TimingCurve, b: TimingCurve) -> Bool {
        a.kind == b.kind && a.storedName?.description == b.storedName?.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(storedName?.description)
    }

    /// The canonical name, e.g. `easeOutBounce`, `cubic-bezier(0.25,0.1,0.25,1)` or `spring(0.8,0.4)`.
    ///
    /// `TimingCurve(parsing: curve.name)` gives the curve back.
    public var name: String {
        if let storedName { return storedName.description }
        switch kind {
        case .linear: return "linear"
        case .smoothstep: return "smoothstep"
        case let .penner(family, mode): return "ease\(mode.rawValue)\(family.rawValue)"
        case let .bezier(b):
            return "cubic-bezier(\(formatNumber(b.x1)),\(formatNumber(b.y1)),\(formatNumber(b.x2)),\(formatNumber(b.y2)))"
        case let .spring(s):
            return "spring(\(formatNumber(s.dampingRatio)),\(formatNumber(s.response)))"
        }
    }

    /// The name.
    public var description: String { name }

    /// The curve's value at `progress`.
    ///
    /// Exactly 0 at 0 and exactly 1 at 1. Progress is clamped to `0...1`; NaN is treated as 0.
    /// Complexity: O(1) (a cubic Bézier does a bounded Newton/bisection solve).
    public func value(at progress: Double) -> Double {
        let x = clampedProgress(progress)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return interiorValue(x)
    }

    /// Same as `value(at:)`.
    public func callAsFunction(_ progress: Double) -> Double {
        value(at: progress)
    }

    /// The slope d value / d progress at `progress`, by a central difference (step 10⁻⁶).
    ///
    /// Taken at `progress` clamped to `2·10⁻⁶ ... 1 − 2·10⁻⁶`, so the exact endpoints of Expo and
    /// Elastic (which jump by 2⁻¹⁰ there) do not produce a spike. NaN progress is 0.
    public func derivative(at progress: Double) -> Double {
        let h = 1e-6
        let x = min(max(clampedProgress(progress), 2 * h), 1 - 2 * h)
        return (interiorValue(x + h) - interiorValue(x - h)) / (2 * h)
    }

    /// For a spring curve, the spring's own duration in seconds: its settling time for the response
    /// it was made with. Use it as a `TimedSimulation`'s duration to move at the spring's pace.
    /// `nil` for every other curve.
    public var naturalDuration: Double? {
        if case let .spring(s) = kind { return s.duration }
        return nil
    }

    /// The value for x strictly inside 0...1.
    private func interiorValue(_ x: Double) -> Double {
        switch kind {
        case .linear: return x
        case .smoothstep: return x * x * (3 - 2 * x)
        case let .penner(family, mode): return Penner.value(family, mode, x)
        case let .bezier(b): return b.y(forX: x)
        case let .spring(s): return s.value(x)
        }
    }

    // MARK: Named curves

    /// Constant speed: value = progress.
    public static let linear = TimingCurve(.linear)
    /// f²(3 − 2f): the smoothstep ease-in-out, gentle at both ends, no overshoot.
    public static let smoothstep = TimingCurve(.smoothstep)

    /// Penner's quadratic ease-in: x².
    public static let easeInQuad = TimingCurve(.penner(.quad, .in))
    /// Penner's quadratic ease-out: 1 − (1 − x)².
    public static let easeOutQuad = TimingCurve(.penner(.quad, .out))
    /// Penner's quadratic ease-in-out.
    public static let easeInOutQuad = TimingCurve(.penner(.quad, .inOut))
    /// Penner's cubic ease-in: x³.
    public static let easeInCubic = TimingCurve(.penner(.cubic, .in))
    /// Penner's cubic ease-out: 1 − (1 − x)³.
    public static let easeOutCubic = TimingCurve(.penner(.cubic, .out))
    /// Penner's cubic ease-in-out.
    public static let easeInOutCubic = TimingCurve(.penner(.cubic, .inOut))
    /// Penner's quartic ease-in: x⁴.
    public static let easeInQuart = TimingCurve(.penner(.quart, .in))
    /// Penner's quartic ease-out: 1 − (1 − x)⁴.
    public static let easeOutQuart = TimingCurve(.penner(.quart, .out))
    /// Penner's quartic ease-in-out.
    public static let easeInOutQuart = TimingCurve(.penner(.quart, .inOut))
    /// Penner's quintic ease-in: x⁵.
    public static let easeInQuint = TimingCurve(.penner(.quint, .in))
    /// Penner's quintic ease-out: 1 − (1 − x)⁵.
    public static let easeOutQuint = TimingCurve(.penner(.quint, .out))
    /// Penner's quintic ease-in-out.
    public static let easeInOutQuint = TimingCurve(.penner(.quint, .inOut))
    /// Penner's sine ease-in: 1 − cos(xπ/2).
    public static let easeInSine = TimingCurve(.penner(.sine, .in))
    /// Penner's sine ease-out: sin(xπ/2).
    public static let easeOutSine = TimingCurve(.penner(.sine, .out))
    /// Penner's sine ease-in-out: (1 − cos πx) / 2.
    public static let easeInOutSine = TimingCurve(.penner(.sine, .inOut))
    /// Penner's exponential ease-in: 2^(10x − 10), exactly 0 at 0.
    public static let easeInExpo = TimingCurve(.penner(.expo, .in))
    /// Penner's exponential ease-out: 1 − 2^(−10x), exactly 1 at 1.
    public static let easeOutExpo = TimingCurve(.penner(.expo, .out))
    /// Penner's exponential ease-in-out, exact at both ends.
    public static let easeInOutExpo = TimingCurve(.penner(.expo, .inOut))
    /// Penner's circular ease-in: 1 − √(1 − x²).
    public static let easeInCirc = TimingCurve(.penner(.circ, .in))
    /// Penner's circular ease-out: √(1 − (x − 1)²).
    public static let easeOutCirc = TimingCurve(.penner(.circ, .out))
    /// Penner's circular ease-in-out.
    public static let easeInOutCirc = TimingCurve(.penner(.circ, .inOut))
    /// Penner's back ease-in (s = 1.70158): dips below 0 before leaving.
    public static let easeInBack = TimingCurve(.penner(.back, .in))
    /// Penner's back ease-out (s = 1.70158): overshoots 1 before settling.
    public static let easeOutBack = TimingCurve(.penner(.back, .out))
    /// Penner's back ease-in-out (s = 1.70158 × 1.525).
    public static let easeInOutBack = TimingCurve(.penner(.back, .inOut))
    /// Penner's elastic ease-in (period 0.3, amplitude 1).
    public static let easeInElastic = TimingCurve(.penner(.elastic, .in))
    /// Penner's elastic ease-out (period 0.3, amplitude 1).
    public static let easeOutElastic = TimingCurve(.penner(.elastic, .out))
    /// Penner's elastic ease-in-out (period 0.45, amplitude 1).
    public static let easeInOutElastic = TimingCurve(.penner(.elastic, .inOut))
    /// Penner's bounce ease-in (7.5625, 2.75).
    public static let easeInBounce = TimingCurve(.penner(.bounce, .in))
    /// Penner's bounce ease-out (7.5625, 2.75).
    public static let easeOutBounce = TimingCurve(.penner(.bounce, .out))
    /// Penner's bounce ease-in-out (7.5625, 2.75).
    public static let easeInOutBounce = TimingCurve(.penner(.bounce, .inOut))

    // MARK: Cubic Bézier

    /// A cubic Bézier curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as CSS
    /// `cubic-bezier()` and `CAMediaTimingFunction(controlPoints:)`.
    ///
    /// Solved for x to 10⁻⁷ (Newton–Raphson, bisection fallback). y may leave 0...1 (overshoot).
    /// Bad input is sanitised: x1 and x2 are clamped to `0...1`; if any parameter is NaN or infinite the
    /// curve is `cubic-bezier(0,0,1,1)` (linear). `init(parsing:)` rejects both instead.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingCurve {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
            return TimingCurve(.bezier(CubicBezier(0, 0, 1, 1)))
        }
        return TimingCurve(.bezier(CubicBezier(min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)))
    }

    /// CSS `ease`: cubic-bezier(0.25, 0.1, 0.25, 1).
    public static let ease = TimingCurve(.bezier(CubicBezier(0.25, 0.1, 0.25, 1)), name: "ease")
    /// CSS `ease-in`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(.bezier(CubicBezier(0.42, 0, 1, 1)), name: "easeIn")
    /// CSS `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(.bezier(CubicBezier(0, 0, 0.58, 1)), name: "easeOut")
    /// CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(.bezier(CubicBezier(0.42, 0, 0.58, 1)), name: "easeInOut")
    /// Core Animation's default timing function (`kCAMediaTimingFunctionDefault`): (0.25, 0.1, 0.25, 1.0).
    public static let `default` = TimingCurve(.bezier(CubicBezier(0.25, 0.1, 0.25, 1)), name: "default")

    // MARK: Spring

    /// A damped spring from 0 to 1 at rest, as a curve for timed animations.
    ///
    /// Progress p is the time p · T, where T is the spring's settling time (within 10⁻³ of 1); the curve
    /// is s(pT) + p (1 − s(T)), a correction below 10⁻³ that makes it end exactly at 1. The shape depends
    /// only on the damping ratio; the response sets `naturalDuration` (= T for that response).
    /// Bad input is sanitised: a damping ratio that is NaN or infinite becomes 1 and is otherwise clamped to
    /// `0.05...20` (0 would never settle); a response that is not a positive finite number becomes 0.5 s,
    /// and one outside `0.001...1000` s is clamped to it (the shape does not depend on it; beyond 1000 s the
    /// settling time could not be computed and the curve was NaN).
    public static func spring(dampingRatio: Double, response: Double) -> TimingCurve {
        TimingCurve(.spring(SpringCurve(dampingRatio: dampingRatio, response: response)))
    }

    /// Every named curve (no aliases, no parameterised curves), in a stable order for galleries:
    /// linear, smoothstep, Penner's 30 (Quad, Cubic, Quart, Quint, Sine, Expo, Circ, Back, Elastic, Bounce,
    /// each in, out, in-out), then ease, easeIn, easeOut, easeInOut and default.
    public static let allNamed: [TimingCurve] = {
        var curves: [TimingCurve] = [.linear, .smoothstep]
        for family in PennerFamily.allCases {
            for mode in EaseMode.allCases {
                curves.append(TimingCurve(.penner(family, mode)))
            }
        }
        curves += [.ease, .easeIn, .easeOut, .easeInOut, .default]
        return curves
    }()
}

/// The spring behind `TimingCurve.spring(dampingRatio:response:)`.
struct SpringCurve: Sendable, Hashable {
    let dampingRatio: Double
    let response: Double
    /// Settling time in seconds (distance tolerance 10⁻³ on a travel of 1).
    let duration: Double
    /// s(T) − 1: the small miss at T that the linear correction removes.
    let endError: Double
    let simulation: SpringSimulation

    init(dampingRatio: Double, response: Double) {
        let ratio = dampingRatio.isFinite ? min(max(dampingRatio, 0.05), 20) : 1
        let period = (response.isFinite && response > 0) ? min(max(response, 1e-3), 1e3) : 0.5
        self.dampingRatio = ratio
        self.response = period
        let simulation = SpringSimulation(
            spring: SpringDescription(dampingRatio: ratio, response: period),
            position: 0, velocity: 0, target: 1,
            tolerance: .init(distance: 1e-3, velocity: .infinity))
        self.simulation = simulation
        self.duration = simulation.settlingTime
        self.endError = simulation.displacement(at: simulation.settlingTime)
    }

    /// s(pT) + p (1 − s(T)) with s = 1 + displacement.
    func value(_ p: Double) -> Double {
        1 + simulation.displacement(at: p * duration) - p * endError
    }
}
