// SnapBehavior's targets: where a fling or a step lands for each behaviour, and the sanitised ranges, positions and
// pages they use.

import Motion

extension SnapBehavior {
    /// The offset a released scroll should come to rest at: the rule of this case applied to `context`.
    ///
    /// O(log n) calls into `geometry` for `.items` and `.centered`, O(1) for `.none` and `.paging`.
    /// The result is always finite and within `minOffset...maxOffset` (see *Bad input* on
    /// ``SnapBehavior``).
    public func target(_ context: SnapContext, geometry: some SnapGeometry) -> Double {
        let range = SnapRange(min: context.minOffset, max: context.maxOffset)
        let current = finiteOr(context.currentOffset, finiteOr(context.dragStartOffset, range.min))
        let dragStart = finiteOr(context.dragStartOffset, current)
        let rest = range.clamp(finiteOr(context.proposedRest, current))
        let viewport = length(context.viewportLength)
        let direction = Self.direction(velocity: context.velocity, displacement: current - dragStart)

        switch self {
        case .none:
            return rest
        case .items(let ratio, let alignment):
            let positions = SnapPositions(geometry: geometry, alignment: alignment, viewport: viewport, range: range)
            return positions.rest(near: rest, direction: direction, rule: .ratio(Self.ratio(ratio, default: 0.3)))
        case .centered:
            let positions = SnapPositions(geometry: geometry, alignment: .center, viewport: viewport, range: range)
            return positions.rest(near: rest, direction: direction, rule: .nearest)
        case .paging(let ratio, let pageSize):
            guard let pages = Pages(range: range, size: Self.pageLength(pageSize, viewport: viewport)) else { return rest }
            return pages.target(current: range.clamp(current), dragStart: range.clamp(dragStart),
                                velocity: finiteOr(context.velocity, 0), ratio: Self.ratio(ratio, default: 0.1))
        }
    }

    /// The snap position `steps` snap positions away from `offset`, for wheel steps and arrow keys.
    ///
    /// Positive `steps` move toward the end, negative toward the start. An offset within
    /// ``positionTolerance`` of a snap position counts as on it; from an offset between two snap
    /// positions, one step forward goes to the one ahead and one step backward to the one behind.
    /// `steps == 0` gives the nearest snap position. Stops at the first and last snap positions (with
    /// nothing ahead, the offset stays where it is, clamped). To let a burst of steps move several
    /// positions, pass the destination of the step animation still running as `offset`.
    ///
    /// `.none` has no snap positions: it returns `offset` clamped (scroll views scroll wheel and keys
    /// by their own amounts then). `.items` steps over the same positions ``target(_:geometry:)``
    /// rests on, `.centered` over the centred items, `.paging` over the pages.
    /// O(min(|steps|, n) · log n) calls into `geometry`. NaN `offset` counts as `minOffset`; the result
    /// is finite and within `minOffset...maxOffset`.
    public func stepTarget(from offset: Double, steps: Int, viewportLength: Double, minOffset: Double,
                           maxOffset: Double, geometry: some SnapGeometry) -> Double {
        let range = SnapRange(min: minOffset, max: maxOffset)
        let origin = range.clamp(offset)
        let viewport = length(viewportLength)
        switch self {
        case .none:
            return origin
        case .items(_, let alignment):
            let positions = SnapPositions(geometry: geometry, alignment: alignment, viewport: viewport, range: range)
            return positions.step(from: origin, steps: steps)
        case .centered:
            let positions = SnapPositions(geometry: geometry, alignment: .center, viewport: viewport, range: range)
            return positions.step(from: origin, steps: steps)
        case .paging(_, let pageSize):
            guard let pages = Pages(range: range, size: Self.pageLength(pageSize, viewport: viewport)) else { return origin }
            return pages.positions.step(from: origin, steps: steps)
        }
    }

    /// The direction of motion at a release: +1 forward, -1 backward, 0 none (see ``SnapBehavior``).
    static func direction(velocity: Double, displacement: Double) -> Int {
        let v = finiteOr(velocity, 0)
        if abs(v) >= minimumFlingSpeed { return v > 0 ? 1 : -1 }
        let d = finiteOr(displacement, 0)
        return d > 0 ? 1 : (d < 0 ? -1 : 0)
    }

    /// A snap ratio made usable: NaN takes `default`, others are clamped to 0...1.
    static func ratio(_ value: Double, default defaultValue: Double) -> Double {
        value.isNaN ? defaultValue : min(max(value, 0), 1)
    }

    /// The page length: `pageSize` when it is positive and finite, else the viewport's length.
    static func pageLength(_ pageSize: Double?, viewport: Double) -> Double {
        if let size = pageSize, size.isFinite, size > 0 { return size }
        return viewport
    }
}

// MARK: - Internals

/// `value` when finite, else `fallback`.
@inline(__always)
func finiteOr(_ value: Double, _ fallback: Double) -> Double { value.isFinite ? value : fallback }

/// A length: NaN, infinite or negative counts as 0.
@inline(__always)
func length(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

/// The valid offsets `min...max`, sanitised: non-finite `min` = 0; non-finite or smaller `max` = `min`.
struct SnapRange {
    let min: Double
    let max: Double

    init(min: Double, max: Double) {
        let lo = min.isFinite ? min : 0
        self.min = lo
        self.max = max.isFinite && max > lo ? max : lo
    }

    /// `value` limited to the range; NaN gives `min`.
    func clamp(_ value: Double) -> Double {
        value.isNaN ? min : Swift.min(Swift.max(value, min), max)
    }
}

/// A non-decreasing sequence of snap positions, each already clamped to the scroll range.
struct SnapPositions {
    let count: Int
    let position: (Int) -> Double
    /// A guess at the last index whose position is `<=` a value (may be wrong or nil; only speeds up search).
    let hint: (Double) -> Int?

    init(count: Int, position: @escaping (Int) -> Double, hint: @escaping (Double) -> Int? = { _ in nil }) {
        self.count = max(0, count)
        self.position = position
        self.hint = hint
    }

    /// The items' aligned offsets. `.start`: item i rests at `itemStart(i) - itemStart(0) + min`, where
    /// the first item rests at the top of the range (a leading inset acts as scroll padding). `.center`:
    /// `itemStart(i) + itemLength(i) / 2 - viewport / 2`. The geometry's `itemIndex(containing:)` is
    /// the search hint.
    init(geometry: some SnapGeometry, alignment: SnapAlignment, viewport: Double, range: SnapRange) {
        let n = geometry.itemCount
        switch alignment {
        case .start:
            let first = n > 0 ? finiteOr(geometry.itemStart(0), 0) : 0
            self.init(count: n, position: { i in
                range.clamp(finiteOr(geometry.itemStart(i), first) - first + range.min)
            }, hint: { value in
                geometry.itemIndex(containing: value + first - range.min)
            })
        case .center:
            self.init(count: n, position: { i in
                range.clamp(finiteOr(geometry.itemStart(i), 0) + length(geometry.itemLength(i)) / 2 - viewport / 2)
            }, hint: { value in
                geometry.itemIndex(containing: value + viewport / 2)
            })
        }
    }

    /// The first index whose position is `> value` (`count` if none), searching outward from the
    /// hint: O(1) position reads when the hint is right, O(log n) whatever it is.
    func firstIndex(above value: Double) -> Int {
        firstIndex(near: value) { position($0) > value }
    }

    /// The first index whose position is `>= value` (`count` if none); see ``firstIndex(above:)``.
    func firstIndex(atOrAbove value: Double) -> Int {
        firstIndex(near: value) { position($0) >= value }
    }

    /// The first index for which `isAbove` holds (false then true), galloping out from `hint(value)`.
    private func firstIndex(near value: Double, _ isAbove: (Int) -> Bool) -> Int {
        guard count > 0 else { return 0 }
        guard let guess = hint(value) else { return partitionPoint(in: 0..<count, isAbove) }
        let h = min(max(guess, 0), count - 1)
        var stride = 1
        if !isAbove(h) {
            // The answer is after h: gallop forward.
            var known = h
            while true {
                let probe = h + stride
                if probe >= count { return partitionPoint(in: (known + 1)..<count, isAbove) }
                if isAbove(probe) { return partitionPoint(in: (known + 1)..<probe, isAbove) }
                known = probe
                stride *= 2
            }
        } else {
            // The answer is h or before: gallop backward.
            var known = h
            while true {
                let probe = h - stride
                if probe < 0 { return partitionPoint(in: 0..<known, isAbove) }
                if !isAbove(probe) { return partitionPoint(in: (probe + 1)..<known, isAbove) }
                known = probe
                stride *= 2
            }
        }
    }

    enum Rule {
        /// `.items`: move on to the position ahead once `ratio` of the way there.
        case ratio(Double)
        /// `.centered`: the nearest position; a tie goes in the direction of motion.
        case nearest
    }

    /// The snap position a motion resting at `rest` (already clamped) should land on.
    func rest(near rest: Double, direction: Int, rule: Rule) -> Double {
        guard count > 0 else { return rest }
        let j = firstIndex(above: rest)
        if j == 0 { return position(0) }
        if j == count { return position(count - 1) }
        let a = position(j - 1), b = position(j)   // a <= rest < b
        if rest == a { return a }
        let behind = rest - a, ahead = b - rest, span = b - a
        switch (rule, direction) {
        case (.ratio(let ratio), 1): return behind / span >= ratio ? b : a
        case (.ratio(let ratio), -1): return ahead / span >= ratio ? a : b
        case (_, _):
            if behind < ahead { return a }
            if ahead < behind { return b }
            return direction > 0 ? b : a
        }
    }

    /// The position `steps` distinct positions away from `origin` (see `SnapBehavior.stepTarget`).
    func step(from origin: Double, steps: Int) -> Double {
        guard count > 0 else { return origin }
        let tolerance = SnapBehavior.positionTolerance
        if steps == 0 {
            let j = firstIndex(above: origin)
            if j == 0 { return position(0) }
            if j == count { return position(count - 1) }
            let a = position(j - 1), b = position(j)
            return origin - a <= b - origin ? a : b
        }
        var current = origin
        // Each pass lands on a strictly further distinct position, so at most `count` passes matter.
        var remaining = min(steps.magnitude, UInt(count))
        while remaining > 0 {
            if steps > 0 {
                let j = firstIndex(above: current + tolerance)
                guard j < count else { break }
                current = position(j)
            } else {
                let j = firstIndex(atOrAbove: current - tolerance) - 1
                guard j >= 0 else { break }
                current = position(j)
            }
            remaining -= 1
        }
        return current
    }
}

/// Pages of `size` points from `range.min`; the last page is clamped to `range.max`.
struct Pages {
    let range: SnapRange
    let size: Double
    /// The index of the last page (0 when the range is shorter than a page).
    let last: Int

    /// `nil` when `size` is not a usable page length (zero, NaN, or so small the pages cannot be counted).
    init?(range: SnapRange, size: Double) {
        guard size.isFinite, size > 0 else { return nil }
        let pages = ((range.max - range.min) / size - Precision.slack).rounded(.up)
        guard pages.isFinite, pages < 1e15 else { return nil }
        self.range = range
        self.size = size
        self.last = Int(max(0, pages))
    }

    /// The offset of page `k` (`0...last`).
    func offset(_ k: Int) -> Double { min(range.min + Double(k) * size, range.max) }

    var positions: SnapPositions {
        let pages = self
        return SnapPositions(count: last + 1, position: { pages.offset($0) }, hint: { value in
            let k = ((value - pages.range.min) / pages.size).rounded(.down)
            return k.isFinite ? Int(min(max(k, 0), Double(pages.last))) : nil
        })
    }

    /// The fractional page index of `offset` (already clamped): page k's offset maps to k exactly.
    func coordinate(_ offset: Double) -> Double {
        guard last > 0, !offset.isNaN else { return 0 }   // NaN is page 0, not a trap
        let raw = ((offset - range.min) / size).rounded(.down)
        let k = Int(min(max(raw, 0), Double(last - 1)))
        let a = self.offset(k), b = self.offset(k + 1)
        return min(max(Double(k) + (offset - a) / (b - a), 0), Double(last))
    }

    /// The `.paging` rule (see `SnapBehavior.paging`).
    func target(current: Double, dragStart: Double, velocity: Double, ratio: Double) -> Double {
        let start = Int(coordinate(dragStart).rounded())
        var page: Int
        if abs(velocity) >= SnapBehavior.pagingFlingSpeed {
            var q = coordinate(current)
            let nearest = q.rounded()
            if abs(q - nearest) * size <= SnapBehavior.positionTolerance { q = nearest }
            page = velocity > 0 ? Int(q.rounded(.down)) + 1 : Int(q.rounded(.up)) - 1
        } else {
            let moved = (current - dragStart) / size
            if moved > 0 && moved >= ratio {
                page = start + 1
            } else if moved < 0 && -moved >= ratio {
                page = start - 1
            } else {
                page = start
            }
        }
        page = min(max(page, start - 1, 0), start + 1, last)
        return offset(page)
    }
}
