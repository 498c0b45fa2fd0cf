import ScrollKit

// An independent reference for what a ListView should show, written from the documented rules
// (ListView, ListLayout, SnapBehavior docs), not from their code.
//
// Exactness: the generators produce every length (item sizes, spacing, insets, viewport, page size) as a
// multiple of 1/4 pt, and the sanitised special values (1 pt, 10^6 pt, 0) are integers, so every start,
// end, content length, range end and snap position is exact in Double (all sums stay far below 2^50).
// The reference and the library must therefore agree to the bit, and the checks compare with `==`.

/// A size from a data source as `ListLayout` documents it: below 1 pt (also 0, negative, NaN) → 1 pt;
/// above 10^6 pt (also +infinity) → 10^6 pt.
func referenceItemSize(_ s: Double) -> Double {
    if s.isNaN || s < 1 { return 1 }
    return min(s, 1_000_000)
}

/// A spacing or inset as documented: negative, NaN, infinite → 0; above 10^6 → 10^6.
func referenceLength(_ v: Double) -> Double {
    v.isFinite && v > 0 ? min(v, 1_000_000) : 0
}

/// A frame dimension as documented: NaN, infinite or negative → 0.
func referenceDimension(_ v: Double) -> Double {
    v.isFinite && v > 0 ? v : 0
}

/// What a list with the given geometry looks like, by the documented rules.
struct ListModel {
    let horizontal: Bool
    let count: Int
    /// The sanitised fixed size, or nil for the pattern.
    let fixed: Double?
    /// Sanitised sizes; item i has size `pattern[i % pattern.count]` (variable sizes).
    let pattern: [Double]
    let spacing: Double
    let insets: Insets
    /// Viewport length along the axis and across it.
    let viewport: Double
    let cross: Double
    /// prefix[j] = sum over k < j of (pattern[k] + spacing); prefix[m] is one period.
    private let prefix: [Double]

    init(axis: ScrollAxis, frame: Size, spacing: Double, insets: Insets, fixed: Double?, pattern: [Double], count: Int) {
        horizontal = axis == .horizontal
        self.count = max(0, count)
        self.fixed = fixed.map(referenceItemSize)
        let clean = pattern.isEmpty ? [44] : pattern.map(referenceItemSize)
        self.pattern = clean
        self.spacing = referenceLength(spacing)
        self.insets = Insets(top: referenceLength(insets.top), left: referenceLength(insets.left),
                                 bottom: referenceLength(insets.bottom), right: referenceLength(insets.right))
        let w = referenceDimension(frame.width), h = referenceDimension(frame.height)
        viewport = horizontal ? w : h
        cross = horizontal ? h : w
        var p: [Double] = [0]
        for s in clean { p.append(p.last! + s + self.spacing) }
        prefix = p
    }

    var lead: Double { horizontal ? insets.left : insets.top }
    var trail: Double { horizontal ? insets.right : insets.bottom }

    func size(_ i: Int) -> Double { fixed ?? pattern[i % pattern.count] }

    func start(_ i: Int) -> Double {
        if let fixed { return lead + Double(i) * (fixed + spacing) }
        let m = pattern.count
        return lead + Double(i / m) * prefix[m] + prefix[i % m]
    }

    func end(_ i: Int) -> Double { start(i) + size(i) }

    var contentLength: Double { count > 0 ? end(count - 1) + trail : lead + trail }

    /// The scroll range along the axis: 0 ... max(0, content − viewport) (the list's insets are content).
    var minOffset: Double { 0 }
    var maxOffset: Double { max(0, contentLength - viewport) }

    /// The item's frame in content coordinates; the cross-axis insets narrow it.
    func frame(of i: Int) -> Rect {
        let s = start(i), l = size(i)
        if horizontal {
            return Rect(x: s, y: insets.top, width: l, height: max(0, cross - insets.top - insets.bottom))
        }
        return Rect(x: insets.left, y: s, width: max(0, cross - insets.left - insets.right), height: l)
    }

    /// Items `[start, end)` with `start < offset + viewport` and `end > offset`; none for a zero viewport.
    func visible(offset o: Double) -> Range<Int> {
        guard count > 0, viewport > 0 else { return 0..<0 }
        let first = firstIndex { end($0) > o }
        let upper = firstIndex { !(start($0) < o + viewport) }
        return first < upper ? first..<upper : first..<first
    }

    /// First index in 0..<count where `p` holds (p false then true), `count` if none.
    func firstIndex(_ p: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if p(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    // MARK: Snap positions

    /// The rest positions a snap behaviour allows, as documented (each clamped to the range).
    enum Snaps {
        /// No constraint (no snapping, no items, or no usable page size).
        case free
        /// Item k at `itemStart(k) − itemStart(0) + min` (.start) or centred (`.center`, `.centered`).
        case aligned(center: Bool)
        /// Pages `min + k·size` up to the maximum, plus the maximum itself.
        case pages(size: Double)
    }

    func snaps(_ behavior: SnapBehavior) -> Snaps {
        switch behavior {
        case .none: return .free
        case .items(_, let alignment): return count > 0 ? .aligned(center: alignment == .center) : .free
        case .centered: return count > 0 ? .aligned(center: true) : .free
        case .paging(_, let pageSize):
            let size: Double
            if let p = pageSize, p.isFinite, p > 0 { size = p } else { size = viewport }
            return size > 0 ? .pages(size: size) : .free
        }
    }

    func clamp(_ v: Double) -> Double { min(max(v, minOffset), maxOffset) }

    private func alignedPosition(_ k: Int, center: Bool) -> Double {
        center ? clamp(start(k) + size(k) / 2 - viewport / 2) : clamp(start(k) - start(0) + minOffset)
    }

    /// Whether `o` is exactly one of the snap positions.
    func isSnapPosition(_ o: Double, _ snaps: Snaps) -> Bool {
        switch snaps {
        case .free:
            return true
        case .aligned(let center):
            let k = firstIndex { alignedPosition($0, center: center) >= o }
            return k < count && alignedPosition(k, center: center) == o
        case .pages(let size):
            if o == maxOffset || o == minOffset { return true }
            let k = ((o - minOffset) / size).rounded(.down)
            for j in [k - 1, k, k + 1] where j >= 0 {
                let p = minOffset + j * size
                if p == o && p <= maxOffset { return true }
            }
            return false
        }
    }

    /// Whether some snap position lies more than `positionTolerance` ahead of `o` in direction `dir`.
    func hasSnapPosition(beyond o: Double, direction dir: Int, _ snaps: Snaps) -> Bool {
        let tolerance = SnapBehavior.positionTolerance
        switch snaps {
        case .free:
            return false
        case .aligned(let center):
            return dir > 0 ? alignedPosition(count - 1, center: center) > o + tolerance
                           : alignedPosition(0, center: center) < o - tolerance
        case .pages:
            return dir > 0 ? maxOffset > o + tolerance : minOffset < o - tolerance
        }
    }
}
