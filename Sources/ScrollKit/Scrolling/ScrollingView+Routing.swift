// ScrollingView's routed entry points: the presses, drags, cancels and releases the tree's InputRouter drives
// it through, and the slop and direction checks it asks about.

import Motion

// The entry points the InputRouter drives a scroll view through, and where the content is heading.

/// The entry points the tree's ``InputRouter`` drives a scroll view through. Locations are in the scroll
/// view's viewport coordinates (0,0 = its frame's top-left).
extension ScrollingView {
    /// A press on the path: stops any motion (see `pointerDown`); the drag waits for the router's grant.
    /// With `touch`, a drag shows the finger resampled at each frame (``touchResampleLatency``).
    func routedPointerDown(_ location: Point, _ time: Double, touch: Bool = false) {
        let time = eventTime(time), location = logicalViewportPoint(location)
        pointerDown(location, time)
        pointer?.awaitsGrant = true
        if touch, var p = pointer {
            p.resamples = true
            p.shownLocation = location
            TouchResampler.add(location, time: time, to: &p.recent)
            pointer = p
        }
    }

    /// A move before the router decided (samples only) or after it granted the drag (moves the content).
    func routedPointerMove(_ location: Point, _ time: Double, sample: Bool = true) {
        pointerMove(logicalViewportPoint(location), eventTime(time), sample: sample)
    }

    /// Whether the pointer, moved by (dx, dy) from its down, has passed the slop along this view's axes.
    func passedSlop(dx: Double, dy: Double) -> Bool {
        guard pointer != nil else { return false }
        let x = scrolls(.x) ? dx : 0, y = scrolls(.y) ? dy : 0
        let slop = touchSlop.isFinite ? max(0, touchSlop) : 0
        return (x * x + y * y).squareRoot() > slop
    }

    /// Whether the content is longer than the viewport along `d` (there is somewhere to scroll).
    func hasRange(_ d: Dim) -> Bool {
        let r = range(d)
        return r.hi > r.lo
    }

    /// The router gives this view the drag: it starts at once, 1:1 from the down location, along `lock`
    /// only when given. `resetTracking` starts velocity tracking afresh at `location` (a view that joins a
    /// chain follows a displacement of its own, which starts at zero).
    func routedBeginDrag(lock: Dim?, resetTracking: Bool, at location: Point, time: Double) {
        guard var p = pointer else { return }
        let location = logicalViewportPoint(location)
        p.awaitsGrant = false
        p.lock = lock
        if resetTracking {
            p.lastLocation = location
            trackerX.reset()
            trackerY.reset()
            trackerX.addSample(position: location.x, time: time)
            trackerY.addSample(position: location.y, time: time)
            if p.resamples {
                // Its own displacement starts here: shown from here, resampled from here on.
                p.recent.removeAll(keepingCapacity: true)
                TouchResampler.add(location, time: time, to: &p.recent)
                p.shownLocation = location
            }
        }
        p.isDragging = true
        pointer = p
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// The drag moves the content at each move, not resampled at frames (a sheet's hand-over deals the moves
    /// between the sheet and this view, and must see each move land where it was dealt).
    func routedStopResampling() {
        guard var p = pointer, p.resamples else { return }
        p.resamples = false
        pointer = p
    }

    /// Another view took the drag: this touch ends here, without a tap (settling as a touch does).
    func routedCancel(_ time: Double) {
        guard let p = pointer else { return }
        _ = endTouch(p, time: eventTime(time))
    }

    /// The end of a touch that did not drag. Returns whether it may count as a tap (the router decides
    /// and calls ``deliverTap(at:)`` on the innermost scroll view).
    func routedTouchEnd(_ location: Point, _ time: Double) -> Bool {
        guard var p = pointer else { return false }
        let time = eventTime(time), location = logicalViewportPoint(location)
        if location.x.isFinite, location.y.isFinite { moveToUp(location, to: &p) }
        pointer = p
        if p.isDragging {
            pointerUp(location, time)
            return false
        }
        return endTouch(p, time: time)
    }

    /// The end of a drag: released with its own tracked velocity, or with `velocity` (a chain's share).
    func routedPointerUp(_ location: Point, _ time: Double, velocity override: Point?) {
        guard var p = pointer else { return }
        let time = eventTime(time), location = logicalViewportPoint(location)
        guard let override, p.isDragging else {
            pointerUp(location, time)
            return
        }
        if location.x.isFinite, location.y.isFinite { moveToUp(location, to: &p) }
        pointer = p
        updateDragOffset()
        let v = boostedVelocity(override, caughtBy: p, time: time)
        pointer = nil
        release(velocity: v, dragStartOffset: p.downOffset, time: time)
    }

    /// Whether a drag moves the content along `d`: it scrolls along `d` and no directional lock forbids it.
    func dragScrolls(_ d: Dim) -> Bool {
        guard scrolls(d) else { return false }
        guard let lock = pointer?.lock else { return true }
        return lock == d
    }

    /// Where the content is heading: a running (or requested) timed scroll's or glide's destination, else
    /// the displayed offset, clamped.
    func headingOffset() -> Point {
        var o = clampPoint(contentOffset)
        if let request = queuedRequest {
            switch request.destination {
            case .point(let p): return clampedOnScrollingAxes(p, fallback: o)
            case .end: return endOffset()
            }
        }
        if let m = driven {
            for d in ScrollingView.dims { if let t = m[d] { o[d] = t.target } }
        }
        return o
    }

    /// The content offset that shows `rect` (content coordinates) whole with the least movement from the
    /// current one (or its start when it is longer than the viewport), clamped to the range.
    public func contentOffset(toReveal rect: Rect) -> Point {
        var o = headingOffset()
        for d in ScrollingView.dims where scrolls(d) {
            let lo = d == .x ? rect.minX : rect.minY
            let hi = d == .x ? rect.maxX : rect.maxY
            let length = viewportLength(d)
            guard lo.isFinite, hi.isFinite else { continue }
            if hi - lo > length || lo < o[d] {
                o[d] = lo
            } else if hi > o[d] + length {
                o[d] = hi - length
            }
            o[d] = clamp(o[d], d)
        }
        return o
    }
}
