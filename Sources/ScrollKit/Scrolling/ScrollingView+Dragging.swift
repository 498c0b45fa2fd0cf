// ScrollingView's pointer drags: down, move and up, taps, velocity sampling and boosted flings, resampled touch
// drags, and the rubber-banded drag offset.

import Motion

// Dragging: the pointer's down, moves and up, the rubber band, the release and the motion it plans.

extension ScrollingView {

    // MARK: - Pointer

    func pointerDown(_ location: Point, _ time: Double) {
        guard location.x.isFinite, location.y.isFinite else { return }
        var stoppedStream = false
        if let previous = pointer {
            if previous.wheelStream {
                // A press during a trackpad stream stops it where it is (no fling), as it stops a fling: the
                // press's end settles (onto a snap position, back from past an edge) as after a stopped fling.
                pointer = nil
                stoppedStream = true
            } else {
                // A down without an up: end the old gesture as if it had been released where it was.
                pointerUp(previous.lastLocation, max(time, previous.lastTime))
            }
        }
        let speed = max(abs(velocity.x), abs(velocity.y))
        // A timed scroll or glide is visible motion from its request on (its velocity reads 0 until
        // its first frame).
        let requested = driven != nil || queuedRequest != nil
        let caught = caughtFling()
        let caughtVelocity = caught?.velocity ?? .zero, caughtStart = caught?.start ?? .zero
        let stopped = interruptForTouch() || stoppedStream
        let offset = contentOffset
        pointer = PointerState(downLocation: location, lastLocation: location, lastTime: time,
                               anchor: Point(x: unband(offset.x, .x), y: unband(offset.y, .y)),
                               downOffset: offset, isDragging: false, stoppedMotion: stopped,
                               stoppedVisibleMotion: requested || (stopped && !(speed < Self.tapThroughSpeed)),
                               caughtVelocity: caughtVelocity, caughtStart: caughtStart)
        trackerX.reset()
        trackerY.reset()
        trackerX.addSample(position: location.x, time: time)
        trackerY.addSample(position: location.y, time: time)
    }

    /// A move; with `sample` false (the up's last deal through a chain) the content follows it, but
    /// velocity tracking does not sample it (see ``moveToUp(_:to:)``).
    func pointerMove(_ location: Point, _ time: Double, sample: Bool = true) {
        guard var p = pointer, location.x.isFinite, location.y.isFinite else { return }
        let previousTime = p.lastTime
        let previousOffset = contentOffset
        if sample { addSample(location, time, to: &p) } else { moveToUp(location, to: &p) }
        pointer = p
        if !p.isDragging {
            if p.awaitsGrant { return }
            let dx = scrolls(.x) ? location.x - p.downLocation.x : 0
            let dy = scrolls(.y) ? location.y - p.downLocation.y : 0
            let slop = touchSlop.isFinite ? max(0, touchSlop) : 0
            guard (dx * dx + dy * dy).squareRoot() > slop else { return }
            p.isDragging = true
            pointer = p
            delegate?.scrollViewWillBeginDragging(self)
        }
        // A resampled touch drag moves the content at frames (`stepResampledDrag`).
        if pointer?.resamples == true { return }
        updateDragOffset()
        // A cheap finite difference (the tracker's fit runs only at the release).
        if pointer != nil, time > previousTime {
            let dt = time - previousTime
            let v = Point(x: (contentOffset.x - previousOffset.x) / dt, y: (contentOffset.y - previousOffset.y) / dt)
            velocity = v.x.isFinite && v.y.isFinite ? v : .zero
        }
    }

    func pointerUp(_ location: Point, _ time: Double) {
        guard var p = pointer else { return }
        let location = location.x.isFinite && location.y.isFinite ? location : p.lastLocation
        moveToUp(location, to: &p)
        pointer = p
        if p.isDragging {
            updateDragOffset()
            let releaseVelocity = boostedVelocity(pointerVelocity(at: time), caughtBy: p, time: time)
            pointer = nil
            release(velocity: releaseVelocity, dragStartOffset: p.downOffset, time: time)
        } else if endTouch(p, time: time) {
            deliverTap(at: logicalViewportPoint(location))
        }
    }

    /// Ends a touch that did not drag: settles (back from past an edge, onto a snap position after a stop).
    /// Returns whether it counts as a tap: not when the down stopped visible motion (content slower than
    /// ``tapThroughSpeed`` only looked still) or the content is past an edge.
    func endTouch(_ p: PointerState, time: Double) -> Bool {
        pointer = nil
        velocity = .zero
        if returnZoomWithinLimits(time: time) { return false }
        let o = contentOffset
        let outside = o != clampPoint(o)
        if outside || (p.stoppedMotion && snapping != nil) {
            settle(dragStartOffset: p.downOffset, time: time)
        }
        return !outside && !p.stoppedVisibleMotion
    }

    /// Reports a tap at `location` (viewport coordinates): the delegate, then ``onTap``.
    func deliverTap(at location: Point) {
        delegate?.scrollViewDidTap(self, at: location)
        onTap?(location)
        if zoomsOnDoubleTap { noteTapForZoom(at: location) }
    }

    func addSample(_ location: Point, _ time: Double, to p: inout PointerState) {
        p.lastLocation = location
        // The tracker expects time to run forward; an out-of-order event still moves the content.
        guard time >= p.lastTime else { return }
        p.lastTime = time
        trackerX.addSample(position: location.x, time: time)
        trackerY.addSample(position: location.y, time: time)
        if p.resamples { TouchResampler.add(location, time: time, to: &p.recent) }
    }

    /// A resampled touch drag at the frame `tick`: the content shows the finger where it was at
    /// `tick.timestamp - touchResampleLatency`, interpolated between the samples around that time.
    func stepResampledDrag(_ tick: FrameTick) {
        guard hasPointer, var p = pointer, p.resamples, p.isDragging, tick.timestamp.isFinite else { return }
        let at = tick.timestamp - Self.touchResampleLatency
        guard let shown = TouchResampler.location(in: p.recent, at: at), shown != p.shownLocation else { return }
        let before = contentOffset
        let dt = tick.duration
        p.shownLocation = shown
        pointer = p
        updateDragOffset()
        let v = Point(x: (contentOffset.x - before.x) / dt, y: (contentOffset.y - before.y) / dt)
        velocity = dt > 0 && v.x.isFinite && v.y.isFinite ? v : .zero
    }

    /// The pointer-up: the content still goes to its location, but velocity tracking does not sample it.
    /// Real devices send the up 10–20 ms after the last move at the same place; fitting it as one more
    /// sample would see a pause that never happened (release velocities 16–85 % too low on recorded
    /// gestures). Flutter and Android leave the up out too. Its time still counts: the release velocity
    /// is read at the up's time, so a pointer that stopped `VelocityTracker.maximumGap` (40 ms) before
    /// it flings at zero.
    /// A resampled touch drag shows the up's location at once: the content has moved exactly the finger's
    /// travel when it is released.
    func moveToUp(_ location: Point, to p: inout PointerState) {
        p.lastLocation = location
        p.shownLocation = location
    }

    /// The offset's velocity implied by the pointer (pt/s), scaled by the rubber band's slope
    /// when past an edge so that it matches how fast the displayed offset moves.
    func pointerVelocity(at time: Double) -> Point {
        var v = Point.zero
        for d in ScrollingView.dims where dragScrolls(d) {
            let raw = -(d == .x ? trackerX : trackerY).velocity(at: time)
            let scaled = raw * bandSlope(at: contentOffset[d], d)
            v[d] = scaled.isFinite ? scaled : 0
        }
        return v
    }

    /// A release velocity `v` with the fling that the down of `p` caught added to it, as on iOS, along each
    /// axis where all of these hold (else `v` itself, a fresh fling):
    /// - the caught fling was a plain deceleration moving at least ``flingBoostMinimumSpeed`` at the last
    ///   frame before the down, and `v` is at least that fast too;
    /// - `v` goes the same way;
    /// - the release comes at most ``flingBoostWindow`` after the caught fling started decelerating
    ///   (a longer hold, or a pause, starts fresh);
    /// - the content is inside its range (a release past an edge is not boosted).
    /// The sum is capped at ``flingBoostMaximumSpeed``.
    func boostedVelocity(_ v: Point, caughtBy p: PointerState, time: Double) -> Point {
        var out = v
        let boost = physics.flingBoost
        for d in ScrollingView.dims where dragScrolls(d) {
            let caught = p.caughtVelocity[d], released = v[d]
            guard abs(caught) >= boost.minimumSpeed, abs(released) >= boost.minimumSpeed,
                  caught * released > 0, time - p.caughtStart[d] <= boost.window,
                  contentOffset[d] == clamp(contentOffset[d], d) else { continue }
            let sum = min(abs(caught + released), boost.maximumSpeed)
            out[d] = released > 0 ? sum : -sum
        }
        return out
    }

    /// Puts the content under the pointer, 1:1 from the down position, rubber-banded past the edges.
    /// A resampled touch drag puts it under the resampled location instead (``stepResampledDrag(_:)``).
    func updateDragOffset() {
        guard let p = pointer, p.isDragging else { return }
        var o = contentOffset
        let location = p.resamples ? p.shownLocation : p.lastLocation
        for d in ScrollingView.dims where dragScrolls(d) {
            o[d] = band(p.anchor[d] - (location[d] - p.downLocation[d]), d)
        }
        setOffset(o)
    }

    // MARK: - Rubber band

    /// The displayed offset for a raw (1:1) offset: unchanged inside the range, rubber-banded past
    /// it (``ScrollPhysics/rubberBandCoefficient``, dimension = the viewport's length), pinned to the edge
    /// when `bounces` is false.
    func band(_ raw: Double, _ d: Dim) -> Double {
        let r = range(d)
        guard raw.isFinite else { return clamp(contentOffset[d], d) }
        let c = physics.bandCoefficient
        if raw < r.lo {
            return bounces ? r.lo + rubberBand(offset: raw - r.lo, dimension: viewportLength(d), coefficient: c) : r.lo
        }
        if raw > r.hi {
            return bounces ? r.hi + rubberBand(offset: raw - r.hi, dimension: viewportLength(d), coefficient: c) : r.hi
        }
        return raw
    }

    /// The raw offset whose banded value is `offset` (the inverse of ``band(_:_:)``).
    /// Past the rubber band's asymptote (possible after a hard bounce) it returns `offset` itself.
    func unband(_ offset: Double, _ d: Dim) -> Double {
        let r = range(d)
        let edge: Double
        if offset < r.lo { edge = r.lo } else if offset > r.hi { edge = r.hi } else { return offset }
        let raw = edge + inverseRubberBand(offset - edge, dimension: viewportLength(d), coefficient: physics.bandCoefficient)
        return raw.isFinite ? raw : offset
    }

    /// d(displayed)/d(raw) at the displayed `offset`: 1 inside the range, less past the edges.
    func bandSlope(at offset: Double, _ d: Dim) -> Double {
        let r = range(d)
        guard offset < r.lo || offset > r.hi else { return 1 }
        let raw = unband(offset, d)
        let h = 0.01
        let slope = (band(raw + h, d) - band(raw - h, d)) / (2 * h)
        return slope.isFinite ? min(max(slope, 0), 1) : 1
    }

    // MARK: - Release

    /// Ends a drag: velocity → natural rest point → snapping → delegate → a motion that lands
    /// exactly on the (clamped) target.
    func release(velocity v: Point, dragStartOffset: Point, time: Double) {
        // A pinch that left the scale past a limit: the scale springs back (with the offset into range)
        // instead of a fling.
        if pointer == nil, returnZoomWithinLimits(time: time) {
            velocity = .zero
            delegate?.scrollViewDidEndDragging(self, willDecelerate: true)
            return
        }
        refreshControl?.scrollViewWillRelease()
        let o = contentOffset
        var natural = o
        for d in ScrollingView.dims where scrolls(d) {
            let rest = DecaySimulation.restPosition(position: o[d], velocity: v[d], rate: decelerationRate)
            natural[d] = rest.isFinite ? rest : o[d]
        }
        var target = clampedOnScrollingAxes(natural, fallback: clampPoint(natural))
        if let snapping {
            let snapped = snapping.snapTarget(for: target, velocity: v, dragStartOffset: dragStartOffset,
                                              currentOffset: o, in: self)
            target = clampedOnScrollingAxes(snapped, fallback: target)
        }
        if let delegate {
            // Swift style (pt/s), then the former name of it, then UIKit's shape (pt/ms, a pointer): each
            // sees the previous one's target, clamped, and each rewrite is clamped in turn.
            var proposed = target
            delegate.scrollViewWillEndDragging(self, velocityInPointsPerSecond: v, targetContentOffset: &proposed)
            target = clampedOnScrollingAxes(proposed, fallback: target)
            proposed = target
            callLegacyWillEndDragging(LegacyWillEndDragging(), delegate, velocity: v, target: &proposed)
            target = clampedOnScrollingAxes(proposed, fallback: target)
            proposed = target
            let perMillisecond = Point(x: v.x / 1000, y: v.y / 1000)
            withUnsafeMutablePointer(to: &proposed) { pointer in
                delegate.scrollViewWillEndDragging(self, withVelocity: perMillisecond, targetContentOffset: pointer)
            }
            target = clampedOnScrollingAxes(proposed, fallback: target)
        }

        // The delegate may have moved the content (setContentOffset): plan from what is shown.
        let from = contentOffset
        velocity = v
        if pointer == nil {
            // An axis that does not scroll only comes back into its range, if a change of range during an
            // interrupted timed scroll left it outside (planAxis plans nothing when it is in range).
            var b = Ballistic()
            for d in ScrollingView.dims {
                b[d] = scrolls(d) ? planAxis(d, position: from[d], velocity: v[d], natural: natural[d], target: target[d], start: time)
                                  : planAxis(d, position: from[d], velocity: 0, natural: from[d], target: from[d], start: time)
            }
            if !b.isEmpty { beginActivity(.ballistic(b)) }
        }
        let willDecelerate = ballistic.map { !$0.isEmpty } ?? false
        if !willDecelerate { velocity = .zero }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
    }

    /// Calls the deprecated delegate method through `call`'s non-deprecated requirement (no warning).
    private func callLegacyWillEndDragging(_ call: some LegacyWillEndDraggingCall, _ delegate: any ScrollingViewDelegate,
                                           velocity: Point, target: inout Point) {
        call.call(delegate, self, velocity: velocity, targetContentOffset: &target)
    }

    /// After a touch that did not drag: spring back if past an edge, and with `snapping` land on the snap
    /// position nearest the clamped offset (when the touch stopped a motion or the content is past an edge).
    func settle(dragStartOffset: Point, time: Double) {
        let o = contentOffset
        var target = clampPoint(o)
        if let snapping {
            // Past an edge too: the edge itself need not be a snap position (e.g. centred snapping).
            let snapped = snapping.snapTarget(for: target, velocity: .zero, dragStartOffset: dragStartOffset,
                                              currentOffset: o, in: self)
            target = clampedOnScrollingAxes(snapped, fallback: target)
        }
        var b = Ballistic()
        for d in ScrollingView.dims {
            b[d] = planAxis(d, position: o[d], velocity: 0, natural: o[d], target: target[d], start: time)
        }
        beginActivity(b.isEmpty ? .idle : .ballistic(b))
    }

    /// ``ScrollPhysics/bounceSpring`` as the reduced-motion setting plays it (twice as fast while it is on: see
    /// `MotionPolicy`): the spring of every bounce back onto an edge, settle on a snap position and zoom's return.
    var bounceSpring: SpringDescription { motionPolicy.spring(physics.bounceSpring, for: .bounce) }

    /// The critically damped spring from `o` with velocity `v` to rest on `target`, for a motion that must
    /// turn: `v` points away from `target` (or `o` is on it), as when a fling crosses an edge.
    ///
    /// ``ScrollPhysics/bounceSpring`` (`SpringDescription.bounce`), stiffened when needed so that the motion goes no further past the edge
    /// ahead than half the viewport's length (or than it already is): together with the rubber band, the
    /// offset never gets a viewport's length past an edge, whatever the viewport. A critically damped
    /// spring starting away from its target with speed |v| travels at most |v| / (ω₀ e) further, so
    /// ω₀ ≥ |v| / (e · room) keeps it within `room`. Without ``bounces`` (or with no room left, as for a
    /// zero-length viewport at the edge) the outward velocity is dropped: the motion stops where it is
    /// and settles on `target`.
    func turningSpring(_ d: Dim, position o: Double, velocity v: Double, target: Double) -> SpringSimulation {
        let r = range(d)
        // How far `o` already is past the edge ahead (negative: inside the range), and how far it may go.
        let beyond = v > 0 ? o - r.hi : r.lo - o
        let limit = bounces ? max(beyond, viewportLength(d) / 2) : max(beyond, 0)
        let room = limit - beyond
        var spring = bounceSpring
        var v0 = v.isFinite ? v : 0
        if v0 != 0 {
            let needed = abs(v0) / (2.718281828459045 * room)
            if !(room > 0) || !(needed * needed).isFinite {
                v0 = 0
            } else if needed > spring.angularFrequency {
                spring = SpringDescription(mass: 1, stiffness: needed * needed, damping: 2 * needed)
            }
        }
        return SpringSimulation(spring: spring, position: o, velocity: v0, target: target)
    }

    /// `p` clamped to the range on the scrolling axes (non-finite components take `fallback`'s);
    /// the other axes keep the current offset.
    func clampedOnScrollingAxes(_ p: Point, fallback: Point) -> Point {
        var out = contentOffset
        for d in ScrollingView.dims where scrolls(d) {
            out[d] = clamp(p[d].isFinite ? p[d] : fallback[d], d)
        }
        return out
    }

    /// The motion that takes one axis from (`position`, `velocity`) to rest exactly on `target`.
    ///
    /// - Past an edge with the target on that edge: the bounce spring (or a landing when already
    ///   moving back in).
    /// - Target = the natural rest point: a plain decay.
    /// - Target = the edge the natural rest point lies beyond (and `bounces`): a decay that hands
    ///   over to the bounce spring when it crosses the edge.
    /// - Otherwise `landingSimulation` (decay-through or critically damped spring).
    /// - Already at the target and still: nil; within 10⁻⁶ of it and (nearly) still: a zero-length
    ///   landing that shows the target exactly in the next frame.
    func planAxis(_ d: Dim, position o: Double, velocity v: Double, natural: Double, target: Double,
                  start: Double) -> Ballistic.Axis? {
        let r = range(d)
        let eps = 1e-6
        let v = v.isFinite ? v : 0
        let target = clamp(target, d)
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= eps }
        func decay(landingOnTarget: Bool) -> Ballistic.Axis {
            // When the decay's rest is within `eps` of `target`, the last frame shows `target` exactly
            // (a snap position stays exact); a decay heading past an edge keeps its own rest point.
            let sim = DecaySimulation(position: o, velocity: v, rate: decelerationRate)
            return Ballistic.Axis(stage: .decay, track: Track(sim, start: start,
                                                              target: landingOnTarget ? target : sim.restPosition))
        }
        func landing(_ stage: Ballistic.Stage) -> Ballistic.Axis {
            // Moving away from the target (or sitting on it): the motion turns, and must not go too far out.
            let turns = v != 0 && v * (target - o) <= 0
            if turns {   // the spring stored as it is, not boxed (see `AxisSimulation`)
                return Ballistic.Axis(stage: stage, track: Track(turningSpring(d, position: o, velocity: v, target: target),
                                                                 start: start, target: target))
            }
            let sim = landingSimulation(position: o, velocity: v, target: target, spring: bounceSpring)
            return Ballistic.Axis(stage: stage, track: Track(sim, start: start, target: target))
        }
        if o < r.lo - eps || o > r.hi + eps {
            let edge = o < r.lo ? r.lo : r.hi
            let inward = o < r.lo ? v > 0 : v < 0
            if same(target, edge) || !bounces {
                if inward { return landing(.bounce) }
                return Ballistic.Axis(stage: .bounce, track: Track(turningSpring(d, position: o, velocity: v, target: target),
                                                                   start: start, target: target))
            }
            if same(target, natural) && inward { return decay(landingOnTarget: true) }
            return landing(.landing)
        }
        if same(target, o) && abs(v) < DecaySimulation.restSpeedThreshold {
            // Already there; a last step of at most `eps` lands exactly on the target in the next frame.
            guard o != target else { return nil }
            return Ballistic.Axis(stage: .landing, track: Track(TimedSimulation(from: o, to: target, duration: 0),
                                                                start: start, target: target))
        }
        if same(target, natural) { return decay(landingOnTarget: true) }
        if bounces && ((natural > r.hi && same(target, r.hi)) || (natural < r.lo && same(target, r.lo))) {
            return decay(landingOnTarget: false)
        }
        return landing(.landing)
    }
}
