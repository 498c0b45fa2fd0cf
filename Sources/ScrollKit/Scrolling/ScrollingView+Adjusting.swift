// ScrollingView's adjustments: adjustContentOffset and setContentSize(_:adjustingContentOffsetBy:) moving the
// offset together with any motion, and re-aiming a timed scroll.

import Motion

// Moving the content under the offset (size corrections, items inserted above) without a visible jump,
// and re-aiming a running timed scroll.

extension ScrollingView {
    /// Moves ``contentOffset`` by `delta` together with whatever is moving it, for content that moved
    /// under the viewport: items above it that grew or shrank once measured, or were inserted or removed.
    ///
    /// The visible content stays where the reader sees it, and the motion carries on exactly as it would
    /// have, relative to the content: a drag keeps its finger on the same point, a fling or bounce keeps its
    /// velocity and its path (shifted, not replanned), and a timed scroll keeps its curve and its timing,
    /// its destination moved by `delta` as well. `scrollViewDidScroll` fires as for any offset change; the
    /// scroll indicators are not shown for it (nothing scrolled under the reader).
    ///
    /// Afterwards the offset is kept valid as after a change of content size: at rest it is clamped to the
    /// range; a motion whose shifted path would end outside the range is replanned from where it is.
    ///
    /// Bad input: non-finite components count as 0; a zero delta does nothing.
    public func adjustContentOffset(by delta: Point) {
        setContentSize(storedContentSize, adjustingContentOffsetBy: delta)
    }

    /// Sets ``contentSize`` and moves the offset by `delta` in one step, as ``adjustContentOffset(by:)``
    /// does: for content that grew or shrank above the viewport, so that what is in view stays in place.
    /// (Setting the size first and adjusting after would clamp the offset to a range that is about to move.)
    ///
    /// Bad input: the size follows ``contentSize``'s rules; non-finite components of `delta` count as 0.
    public func setContentSize(_ size: Size, adjustingContentOffsetBy delta: Point) {
        let dx = delta.x.isFinite ? delta.x : 0, dy = delta.y.isFinite ? delta.y : 0
        let newSize = ScrollingView.sanitized(size)
        guard dx != 0 || dy != 0 else {
            if newSize != storedContentSize { contentSize = newSize }
            return
        }
        storedContentSize = newSize
        func shifted(_ t: inout Track, _ delta: Double) { t.shift += delta; t.target += delta }
        switch activity {
        case .ballistic(var b):
            if dx != 0, b.x != nil { shifted(&b.x!.track, dx) }
            if dy != 0, b.y != nil { shifted(&b.y!.track, dy) }
            activity = .ballistic(b)
        case .driven(var m):
            if dx != 0, m.x != nil { shifted(&m.x!, dx) }
            if dy != 0, m.y != nil { shifted(&m.y!, dy) }
            if case .timed(var t) = m.kind, case .point(let q) = t.destination {
                t.destination = .point(Point(x: q.x + dx, y: q.y + dy))
                m.kind = .timed(t)
            }
            activity = .driven(m)
        case .held(var p), .dragging(var p):
            p.anchor.x += dx; p.anchor.y += dy
            p.downOffset.x += dx; p.downOffset.y += dy
            pointer = p
        case .idle, .zooming:
            break
        }
        if var request = queuedRequest, case .point(let q) = request.destination {
            request.destination = .point(Point(x: q.x + dx, y: q.y + dy))
            queuedRequest = request
        }
        // The content did not scroll under the reader: the indicators are not shown for it.
        let poked = indicator.poked
        setOffset(Point(x: storedContentOffset.x + dx, y: storedContentOffset.y + dy))
        indicator.poked = poked
        geometryDidChange()
    }

    /// Moves the destination of the running (or pending) timed scroll to `destination` (clamped) without
    /// restarting it: the offset shown stays where it is and the rest of the curve is stretched to end at
    /// the new place at the same time (for a target that moves a little while the scroll runs, such as an
    /// item whose estimated position is corrected on the way). Does nothing when no timed scroll runs.
    func reaimTimedScroll(to destination: Point) {
        if var request = queuedRequest {
            request.destination = .point(destination)
            queuedRequest = request
            return
        }
        guard case .driven(var m) = activity, case .timed(var t) = m.kind else { return }
        let target = clampPoint(destination)
        t.destination = .point(target)
        m.kind = .timed(t)
        for d in ScrollingView.dims { reaim(&m[d], to: target[d]) }
        activity = .driven(m)
    }

    /// One axis of ``reaimTimedScroll(to:)``: a timed simulation with the same clock and curve whose
    /// remaining path runs from the position it shows now to `target`. With `c0` the curve's progress now,
    /// a start `from'` with `from' + (target - from') * c0 = now` keeps the position continuous.
    private func reaim(_ slot: inout Track?, to target: Double) {
        guard let m = slot, let timed = m.simulation.timed, target != m.target else { return }
        let local = max(0, lastShownTime - m.start)
        let now = m.position(at: local)
        guard timed.duration > 0, local < timed.duration else { return }
        let c0 = timed.curve.value(at: local / timed.duration)
        let from: Double
        if abs(1 - c0) < 1e-6 {
            from = target   // at the very end: finish there
        } else {
            from = (now - target * c0) / (1 - c0)
        }
        guard from.isFinite else { return }
        slot = Track(TimedSimulation(from: from, to: target, duration: timed.duration, curve: timed.curve),
                     start: m.start, target: target, pacing: m.animated.pacing)
    }
}
