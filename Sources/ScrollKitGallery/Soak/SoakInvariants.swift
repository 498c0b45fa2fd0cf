// SoakInvariants: the soak's checks as pure functions of what a scene reports (finite values, offsets in
// range, visible items, pinned headers).

import Motion
import ScrollKit
import ScrollKitSDL

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

    /// A grid's visible items against its frames: every item in `visible` intersects the viewport
    /// `offset ..< offset + viewport` along the axis, the items just before and after do not (or are in the
    /// same row as one that does), and the range is empty only when no item intersects. `frameOf` gives an
    /// item's extent along the axis. Nil when that holds, else what broke.
    static func checkGridVisible(_ visible: Range<Int>, offset: Double, viewport: Double, count: Int,
                                 extent frameOf: (Int) -> (start: Double, end: Double)?) -> String? {
        func intersects(_ i: Int) -> Bool {
            guard let e = frameOf(i) else { return false }
            return e.start < offset + viewport && e.end > offset
        }
        guard !visible.isEmpty else {
            return nil   // an empty viewport, an empty grid, or a gap (checked by the neighbours of a non-empty range)
        }
        guard visible.lowerBound >= 0, visible.upperBound <= count else {
            return "grid: visible items \(visible) outside 0..<\(count)"
        }
        for i in [visible.lowerBound, visible.upperBound - 1] where !intersects(i) {
            return "grid: item \(i) is listed visible but does not intersect the viewport (offset \(offset), viewport \(viewport))"
        }
        for i in [visible.lowerBound - 1, visible.upperBound] where i >= 0 && i < count && intersects(i) {
            return "grid: item \(i) intersects the viewport but is not among the visible items \(visible)"
        }
        return nil
    }

    /// The pinned header of a vertical grid: it covers the viewport's top edge (its top at or above, its bottom
    /// below) at `offset` or as drawn at `drawnOffset` (the content's offset rounded to device pixels, where
    /// the header is placed), lies at or below its natural place `natural`, and its bottom never passes the
    /// next section's start `nextStart`. Nil when that holds.
    static func checkPinnedHeader(top: Double, length: Double, offset: Double, drawnOffset: Double? = nil,
                                  natural: Double, nextStart: Double) -> String? {
        let eps = 1e-6
        let drawn = drawnOffset ?? offset
        guard top <= max(offset, drawn) + eps, top + length > min(offset, drawn) - eps, top >= natural - eps,
              top + length <= nextStart + eps else {
            return "grid: the pinned header at \(top) (\(length) long, natural place \(natural), next section at \(nextStart)) does not cover the top edge \(offset)"
        }
        return nil
    }
}
