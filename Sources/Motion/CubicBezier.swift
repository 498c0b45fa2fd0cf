/// A CSS / Core Animation cubic Bézier timing function from (0, 0) to (1, 1).
///
/// The control points are (x1, y1) and (x2, y2); x1 and x2 lie in `0...1`, so x(t) is monotonic and
/// every progress has exactly one parameter t. `y(forX:)` solves x(t) = x to `xTolerance` with
/// Newton–Raphson (8 steps at most) and falls back to bisection when Newton does not converge.
///
/// Complexity: O(1); at most 8 Newton steps plus about 30 bisection steps per evaluation.
struct CubicBezier: Sendable, Hashable {
    let x1: Double, y1: Double, x2: Double, y2: Double

    /// The precision of the solve in x.
    static let xTolerance = 1e-7

    // Polynomial coefficients: x(t) = ((ax t + bx) t + cx) t, the same for y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// A curve with control points already sanitised by the caller (x in 0...1, all finite).
    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(x1); hasher.combine(y1); hasher.combine(x2); hasher.combine(y2)
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t in `0...1` with |x(t) − x| ≤ `xTolerance`, for x in `0...1`.
    func parameter(forX x: Double) -> Double {
        // Newton–Raphson from t = x (a good guess: x(t) ≈ t for gentle curves).
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) <= Self.xTolerance, t >= 0, t <= 1 { return t }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
            if !(t >= 0 && t <= 1) { break }
        }
        // Bisection: x(t) is non-decreasing on 0...1 because x1, x2 are in 0...1.
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) <= Self.xTolerance { return t }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    /// The curve's y at progress x (x in `0...1`).
    func y(forX x: Double) -> Double { y(parameter(forX: x)) }
}
