// ScrollingView's range: keeping the offset valid when the geometry changes, replanning activities, the
// scrollable range per axis, clamping, and setOffset.

import Motion

// Keeping the offset valid when the geometry changes (replanning the activity), and the range arithmetic.

extension ScrollingView {
    // MARK: - Resizing

    /// Keeps the offset valid after a change of viewport, content or insets.
    func geometryDidChange() {
        if pointer?.isDragging == true {
            updateDragOffset()
            return
        }
        switch activity {
        case .ballistic(var b) where !b.isEmpty:
            // An axis that is not moving stays put: keep it in the new range like an offset at rest. Moving
            // ones are replanned from where they are (`planAxis` brings them back in).
            var o = contentOffset
            // A viewport with no length along a moving axis leaves no room past the edge: that axis stops there.
            for d in ScrollingView.dims where b[d] != nil && !(viewportLength(d) > 0) { b[d] = nil }
            for d in ScrollingView.dims where b[d] == nil { o[d] = clamp(o[d], d) }
            setOffset(o)
            for d in ScrollingView.dims { retarget(&b[d], d) }
            activity = .ballistic(b)
            finishActivityIfDone()
        case .driven(var m) where !m.isEmpty:
            // Without `bounces` a glide is kept in range too (it may never show past an edge; `retarget`
            // replans it from there).
            var o = contentOffset
            for d in ScrollingView.dims where m[d] == nil || (!bounces && m.isGlide) { o[d] = clamp(o[d], d) }
            setOffset(o)
            for d in ScrollingView.dims { retarget(&m, d) }
            activity = .driven(m)
            finishActivityIfDone()
        default:
            if pointer == nil { setOffset(clampPoint(contentOffset)) }
        }
    }

    /// Replans one axis of a driven activity from the displayed state when the range no longer holds its
    /// destination (a timed scroll spends its remaining time; a glide starts afresh, velocity kept).
    func retarget(_ m: inout Driven, _ d: Dim) {
        guard let track = m[d] else { return }
        let x = contentOffset[d], v = velocity[d]
        let start = lastShownTime
        let r = range(d)
        switch m.kind {
        case .timed(let t):
            var destination = track.target
            if case .end = t.destination, scrolls(d) {
                destination = endOffset()[d]
            }
            destination = clamp(destination, d)
            // Replan when the destination moved, or when the path starts outside the new range (it would
            // come back out there: the rubber band counts from a timed scroll's start).
            let pathStart = track.timedFrom ?? x
            guard destination != track.target || pathStart != clamp(pathStart, d) else { return }
            let remaining = max(0, t.end - start)
            m[d] = Track(TimedSimulation(from: x, to: destination, duration: remaining, curve: t.curve),
                         start: start, target: destination, pacing: track.animated.pacing)
        case .glide(let followsEnd):
            let destination = followsEnd == d ? r.hi : clamp(track.target, d)
            // Replan when the destination moved, or when the glide's path starts outside the new range (a
            // frame sampled near its start, as after a clock step backwards, would show it there).
            var pathStart = x
            if case .glide(let g) = track.simulation { pathStart = g.from + track.shift }
            guard destination != track.target || pathStart != clamp(pathStart, d) else { return }
            m[d] = Track(GlideSimulation(from: x, velocity: v, to: destination,
                                         duration: ScrollingView.lineGlideDuration, continuing: true),
                         start: start, target: destination, pacing: track.animated.pacing)
        }
    }

    /// Replans one axis of a ballistic activity from the displayed state when the range no longer holds
    /// its target (or, for a free decay, when it shows outside the range).
    func retarget(_ slot: inout Ballistic.Axis?, _ d: Dim) {
        guard let m = slot else { return }
        let x = contentOffset[d], v = velocity[d]
        let r = range(d)
        let clampedTarget = clamp(m.track.target, d)
        let outside = x < r.lo || x > r.hi
        let needsPlan = m.stage == .decay ? outside : (outside || clampedTarget != m.track.target)
        guard needsPlan else { return }
        let natural = DecaySimulation.restPosition(position: x, velocity: v, rate: decelerationRate)
        slot = planAxis(d, position: x, velocity: v, natural: natural, target: clampedTarget, start: lastShownTime)
    }

    // MARK: - Helpers

    static func sanitized(_ s: Size) -> Size {
        func f(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        return Size(width: f(s.width), height: f(s.height))
    }

    /// The scrollable range along `d`.
    func range(_ d: Dim) -> (lo: Double, hi: Double) {
        switch d {
        case .x:
            let lo = -storedContentInset.left
            let hi = storedContentSize.width + storedContentInset.right - storedViewportSize.width
            return Self.range(lo, hi, centred: centersContent)
        case .y:
            let lo = -storedContentInset.top
            let hi = storedContentSize.height + storedContentInset.bottom - storedViewportSize.height
            return Self.range(lo, hi, centred: centersContent)
        }
    }

    /// The range from its two ends as computed: content shorter than the viewport (`hi < lo`) stays at the
    /// leading edge, or in the middle with ``centersContent``.
    static func range(_ lo: Double, _ hi: Double, centred: Bool) -> (lo: Double, hi: Double) {
        guard hi.isFinite else { return (lo, lo) }
        if hi >= lo { return (lo, hi) }
        if centred {
            let mid = (lo + hi) / 2
            return (mid, mid)
        }
        return (lo, lo)
    }

    /// The viewport's length along `d` (the rubber band's dimension).
    func viewportLength(_ d: Dim) -> Double {
        d == .x ? storedViewportSize.width : storedViewportSize.height
    }

    /// Whether the content scrolls along `d`.
    func scrolls(_ d: Dim) -> Bool {
        switch storedAxis {
        case .both: return true
        case .vertical: return d == .y
        case .horizontal: return d == .x
        }
    }

    func clamp(_ v: Double, _ d: Dim) -> Double {
        let r = range(d)
        guard v.isFinite else { return r.lo }
        return min(max(v, r.lo), r.hi)
    }

    func clampPoint(_ p: Point) -> Point { Point(x: clamp(p.x, .x), y: clamp(p.y, .y)) }

    /// The offset `scrollToEnd` and the End key go to: the far end along the scroll axis
    /// (the bottom for `.vertical` and `.both`, the right for `.horizontal`).
    func endOffset() -> Point {
        var p = contentOffset
        if storedAxis == .horizontal { p.x = range(.x).hi } else { p.y = range(.y).hi }
        return p
    }

    /// Sets the displayed offset (non-finite components keep their old value) and reports a change.
    func setOffset(_ p: Point) {
        let new = Point(x: p.x.isFinite ? p.x : contentOffset.x, y: p.y.isFinite ? p.y : contentOffset.y)
        guard new != contentOffset else { return }
        storedContentOffset = new
        indicator.poked = true   // the indicators show while the offset changes
        delegate?.scrollViewDidScroll(self)
        onDidScroll?(self)
    }

    /// A sanitised event time: non-finite times become the latest time seen.
    func eventTime(_ t: Double) -> Double {
        guard t.isFinite else { return latestTime }
        latestTime = max(latestTime, t)
        return t
    }
}

extension Point {
    /// The component along `d`.
    subscript(d: ScrollingView.Dim) -> Double {
        get { d == .x ? x : y }
        set { if d == .x { x = newValue } else { y = newValue } }
    }
}
