// CurvePlot: drawing a timing curve as a plot (its value range, sampled points, grid and reference lines).

import Motion
import ScrollKit

/// Draws a timing curve as a plot: a card-free drawing routine shared by the curves scene and the
/// `curves --screenshot` gallery.
enum CurvePlot {
    /// The value range a plot of `curve` shows: 0...1 widened to the curve's overshoot, plus a margin.
    /// O(samples) curve evaluations.
    static func valueRange(of curve: TimingCurve, samples: Int = 200) -> ClosedRange<Double> {
        var lo = 0.0, hi = 1.0
        for i in 0...samples {
            let v = curve.value(at: Double(i) / Double(samples))
            lo = min(lo, v); hi = max(hi, v)
        }
        let margin = 0.06 * (hi - lo)
        return (lo - margin)...(hi + margin)
    }

    /// Points of `curve` mapped into `rect` for values in `range`, `count` + 1 evenly spaced samples.
    static func points(of curve: TimingCurve, in rect: Rect, range: ClosedRange<Double>, count: Int) -> [Point] {
        let n = max(2, count)
        return (0...n).map { i in
            let t = Double(i) / Double(n)
            return map(t: t, value: curve.value(at: t), in: rect, range: range)
        }
    }

    /// Where (t, value) lands in `rect` (t across, value up).
    static func map(t: Double, value: Double, in rect: Rect, range: ClosedRange<Double>) -> Point {
        let span = range.upperBound - range.lowerBound
        let y = span > 0 ? (value - range.lowerBound) / span : 0.5
        return Point(x: rect.minX + t * rect.width, y: rect.maxY - y * rect.height)
    }

    /// The points of one run of the curve (reused from frame to frame).
    @MainActor private static var runScratch: [Point] = []

    /// Grid, the 0 and 1 lines, the linear diagonal for reference, and the curve.
    @MainActor
    static func draw(_ points: [Point], in rect: Rect, range: ClosedRange<Double>, canvas: DrawingCanvas,
                     lineWidth: Double, color: RGBAColor = GalleryTheme.accent, gridLines: Int = 4) {
        guard rect.width > 0, rect.height > 0 else { return }
        for i in 0...gridLines {
            let x = rect.minX + rect.width * Double(i) / Double(gridLines)
            canvas.drawLine(from: Point(x: x, y: rect.minY), to: Point(x: x, y: rect.maxY), color: GalleryTheme.grid, width: 1)
        }
        for i in 0..<2 {   // the 0 and 1 lines (no array literal: nothing allocated per frame)
            let y = map(t: 0, value: Double(i), in: rect, range: range).y
            canvas.drawLine(from: Point(x: rect.minX, y: y), to: Point(x: rect.maxX, y: y), color: GalleryTheme.cardBorder, width: 1)
        }
        // The linear reference, dashed: short strokes keep the anti-aliased rasteriser's boxes small.
        let a = map(t: 0, value: 0, in: rect, range: range), b = map(t: 1, value: 1, in: rect, range: range)
        let dashes = max(1, Int(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / 8))
        for i in 0..<dashes {
            let t0 = Double(i) / Double(dashes), t1 = t0 + 0.55 / Double(dashes)
            canvas.drawLine(from: Point(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0),
                            to: Point(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1),
                            color: RGBAColor(hex: 0xB4B4BB), width: 1)
        }
        // The curve in overlapping runs of points, for the same reason (a run's box hugs the curve).
        let run = 12
        var start = 0
        while start < points.count - 1 {
            let end = min(points.count, start + run + 1)
            runScratch.removeAll(keepingCapacity: true)   // reused: no array per run per frame
            runScratch.append(contentsOf: points[start..<end])
            canvas.drawPolyline(runScratch, color: color, width: lineWidth)
            start = end - 1
        }
    }
}
