import Motion
import ScrollKit

/// The invariants the soak checks: pure functions of what a scene reports.
enum SoakInvariants {
    /// Finite offset and velocity (the main scroll view's and the inner carousel's); nil when they
    /// hold, else what broke.
    static func checkFinite(_ sample: TraceSample) -> String? {
        let values = [sample.offset.x, sample.offset.y, sample.velocity.x, sample.velocity.y]
        guard values.allSatisfy(\.isFinite) else {
            return "offset (\(sample.offset.x), \(sample.offset.y)) or velocity (\(sample.velocity.x), \(sample.velocity.y)) is not finite"
        }
        guard sample.innerOffsetX.isFinite && sample.innerVelocityX.isFinite else {
            return "inner offset \(sample.innerOffsetX) or inner velocity \(sample.innerVelocityX) is not finite"
        }
        return nil
    }

    /// `offset` within `lo...hi` widened by `overscroll` on both sides (a NaN offset fails).
    static func checkRange(offset: Double, lo: Double, hi: Double, overscroll: Double) -> String? {
        guard offset >= lo - overscroll && offset <= hi + overscroll else {
            return "offset \(offset) beyond the range \(lo)...\(hi) plus the overscroll limit \(overscroll)"
        }
        return nil
    }

    /// The items of a list of `count` rows `rowLength` long that intersect the viewport
    /// `offset ..< offset + viewport` (a row touching it only at an edge does not).
    static func expectedVisible(offset: Double, viewport: Double, count: Int, rowLength: Double) -> Range<Int> {
        guard count > 0, viewport > 0, rowLength > 0, offset.isFinite else { return 0..<0 }
        let total = Double(count) * rowLength
        let top = max(0, offset), bottom = min(total, offset + viewport)
        guard bottom > top else { return 0..<0 }
        let first = min(count - 1, Int((top / rowLength).rounded(.down)))
        let upper = min(count, Int((bottom / rowLength).rounded(.up)))
        return first..<max(first, upper)
    }

    /// Nil when `visible` equals `expectedVisible(...)`, else what broke.
    static func checkVisible(_ visible: Range<Int>, offset: Double, viewport: Double, count: Int, rowLength: Double) -> String? {
        let expected = expectedVisible(offset: offset, viewport: viewport, count: count, rowLength: rowLength)
        // An empty range may sit anywhere.
        if visible == expected || (visible.isEmpty && expected.isEmpty) { return nil }
        return "visible rows \(visible) but rows \(expected) intersect the viewport (offset \(offset), viewport \(viewport), \(count) rows)"
    }
}
