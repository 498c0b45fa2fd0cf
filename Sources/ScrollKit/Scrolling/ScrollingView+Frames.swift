// ScrollingView's frames: stepping the current activity to each frame's target time, handing flings over at
// edges and along chains, and stopping motion.

import Motion

// Stepping frames (the activity at each targetTimestamp), the fling hand-off along a chain, and stopping.

/// Stepping frames and stopping motion.
extension ScrollingView {
    // MARK: - Frames

    /// Advances to the frame `tick` (``ViewNode/step(_:)`` calls it, then steps the content's views):
    /// starts a pending timed request (its clock starts at `tick.timestamp`), then shows every running
    /// simulation at `tick.targetTimestamp`.
    ///
    /// O(1); no heap allocation unless a motion starts or hands over in this frame. Ticks with
    /// non-finite timestamps are ignored. Ticks are expected in increasing time order.
    func stepMotion(_ tick: FrameTick) {
        guard tick.timestamp.isFinite, tick.targetTimestamp.isFinite else { return }
        let now = tick.targetTimestamp
        lastShownTime = now
        latestTime = max(latestTime, now)
        if let request = queuedRequest {
            queuedRequest = nil
            beginTimed(request, at: tick.timestamp)
        }
        advanceActivity(to: now)
    }

    /// Shows the ballistic or driven activity at host time `now` (only the axis `dim`, if given), then ends
    /// it if every axis is at rest.
    func advanceActivity(to now: Double, only dim: Dim? = nil) {
        guard activitySummary.moves else { return }   // no copy of a resting activity
        var offset = contentOffset
        var newVelocity = velocity
        // Each axis's track is advanced in place (`&b.x`, not through the `Dim` subscript: no copies).
        switch activity {
        case .ballistic(var b) where !b.isEmpty:
            if dim != .y { advanceBallistic(&b.x, .x, to: now, position: &offset.x, velocity: &newVelocity.x) }
            if dim != .x { advanceBallistic(&b.y, .y, to: now, position: &offset.y, velocity: &newVelocity.y) }
            setActivity(.ballistic(b), ActivitySummary(ballistic: b))
        case .driven(var m) where !m.isEmpty:
            let timed = m.isTimed
            if dim != .y { advanceDriven(&m.x, .x, timed: timed, to: now, position: &offset.x, velocity: &newVelocity.x) }
            if dim != .x { advanceDriven(&m.y, .y, timed: timed, to: now, position: &offset.y, velocity: &newVelocity.y) }
            setActivity(.driven(m), ActivitySummary(driven: m))
        default:
            return
        }
        velocity = newVelocity
        setOffset(offset)
        finishActivityIfDone()
    }

    /// Moves one axis of a ballistic activity to `time`, handing a decay that crosses an edge over to the
    /// bounce spring (or, with ``chaining``, to the next scroll view up).
    func advanceBallistic(_ slot: inout Ballistic.Axis?, _ d: Dim, to time: Double,
                          position: inout Double, velocity: inout Double) {
        guard case .some = slot else { return }
        if slot!.stage == .decay, case .decay(let decay) = slot!.track.animated.simulation {
            let local = slot!.track.animated.localTime(time)
            let r = range(d)
            let direction = decay.velocity(at: 0)
            let p = slot!.track.position(at: local)
            let edge: Double? = direction > 0 && p > r.hi ? r.hi : (direction < 0 && p < r.lo ? r.lo : nil)
            if let edge {
                let shift = slot!.track.shift, start = slot!.track.start
                if chaining.contains(.fling), let next = nextChainTarget(d) {
                    // Hand the fling on at the moment it reaches the edge.
                    let crossing = decay.time(toReach: edge - shift).flatMap { $0.isFinite && $0 >= 0 && $0 <= local ? $0 : nil } ?? local
                    let v = decay.velocity(at: crossing)
                    position = edge; velocity = 0; slot = nil
                    next.adoptFling(d, velocity: v, start: start + crossing)
                    return
                }
                guard bounces else {
                    position = edge; velocity = 0; slot = nil
                    return
                }
                if let crossing = decay.time(toReach: edge - shift), crossing.isFinite, crossing >= 0, crossing <= local {
                    let v = decay.velocity(at: crossing)
                    slot = Ballistic.Axis(stage: .bounce, track: Track(turningSpring(d, position: edge, velocity: v, target: edge),
                                                                   start: start + crossing, target: edge))
                } else {
                    // Numerically unsolvable crossing: bounce from where the decay is now.
                    let v = decay.velocity(at: local)
                    slot = Ballistic.Axis(stage: .bounce, track: Track(turningSpring(d, position: p, velocity: v, target: edge),
                                                                   start: time, target: edge))
                }
            }
        }
        if !advance(&slot!.track, d, to: time, position: &position, velocity: &velocity, timedFrom: nil) { slot = nil }
    }

    /// Moves one axis of a driven activity to `time`; a timed scroll's curve that overshoots is banded.
    func advanceDriven(_ slot: inout Track?, _ d: Dim, timed: Bool, to time: Double,
                       position: inout Double, velocity: inout Double) {
        guard case .some = slot else { return }
        let from = timed ? slot!.timedFrom : nil
        if !advance(&slot!, d, to: time, position: &position, velocity: &velocity, timedFrom: from) { slot = nil }
    }

    /// Shows a track at `time`: its target exactly once it is done (within `Precision.slack`, so that a
    /// fixed-duration motion whose frame times sum periods a few ulps short still ends exactly), else its
    /// position and velocity. `timedFrom`: a timed scroll's start, for the rubber band past the edges.
    /// Returns false when the track has ended (the caller drops it).
    func advance(_ m: inout Track, _ d: Dim, to time: Double,
                 position: inout Double, velocity: inout Double, timedFrom from: Double?) -> Bool {
        if m.animated.isDone(at: time) {
            position = m.target.isFinite ? m.target : clamp(position, d)
            velocity = 0
            return false
        }
        let local = m.animated.localTime(time)
        let p = m.animated.simulation.position(at: local) + m.shift
        let v = m.animated.simulation.velocity(at: local)
        guard p.isFinite, v.isFinite else {
            position = clamp(m.target.isFinite ? m.target : position, d)
            velocity = 0
            return false
        }
        if let from {
            // A curve that overshoots (back, elastic, spring) is rubber-banded past the edges like a drag.
            (position, velocity) = bandTimed(p, velocity: v, from: from, d)
        } else {
            position = p
            velocity = v
        }
        return true
    }

    /// A timed scroll's position `p` (velocity `v`) as shown: past the range, widened to include the
    /// scroll's start `from` (which may lie outside, overscrolled or after the content shrank), it is
    /// rubber-banded like a drag (c = 0.55) over what is left of the viewport's length past the real
    /// edge, so it never gets a viewport's length past it; pinned without ``bounces`` and on an axis that
    /// does not scroll (a drag cannot pull it there either).
    func bandTimed(_ p: Double, velocity v: Double, from: Double, _ d: Dim) -> (Double, Double) {
        let r = range(d)
        let lo = min(r.lo, from), hi = max(r.hi, from)
        guard p < lo || p > hi else { return (p, v) }
        let edge = p < lo ? lo : hi
        guard bounces && scrolls(d) else { return (edge, 0) }
        let c = physics.bandCoefficient, length = viewportLength(d) - abs(edge - (p < lo ? r.lo : r.hi))
        guard length > 0 else { return (edge, 0) }
        let excess = abs(p - edge) * c / length + 1
        return (edge + rubberBand(offset: p - edge, dimension: length, coefficient: c), v * c / (excess * excess))
    }

    // MARK: - Fling hand-off

    /// The next scroll view up the tree that scrolls along `d` (the one chaining hands over to).
    func nextChainTarget(_ d: Dim) -> ScrollingView? {
        var v = superview
        while let c = v {
            if let s = c as? ScrollingView, s.scrolls(d) { return s }
            v = c.superview
        }
        return nil
    }

    /// Takes over a fling along `d` with velocity `v` from `start` (host time): a decay from the displayed
    /// offset, shown at once at the last frame's time when that is later (so it moves in this very frame).
    func adoptFling(_ d: Dim, velocity v: Double, start: Double) {
        guard v.isFinite, v != 0, pointer == nil else { return }
        var b: Ballistic
        if let running = ballistic {
            b = running
        } else {
            _ = interruptForTouch()
            b = Ballistic()
        }
        let o = contentOffset[d]
        let natural = DecaySimulation.restPosition(position: o, velocity: v, rate: decelerationRate)
        var target = clamp(natural.isFinite ? natural : o, d)
        if let snapping {
            var proposed = contentOffset
            proposed[d] = target
            var velocity2 = Point.zero
            velocity2[d] = v
            target = clamp(snapping.snapTarget(for: proposed, velocity: velocity2, dragStartOffset: contentOffset,
                                               currentOffset: contentOffset, in: self)[d], d)
        }
        b[d] = planAxis(d, position: o, velocity: v, natural: natural, target: target, start: start)
        activity = b.isEmpty ? .idle : .ballistic(b)
        guard b[d] != nil else { return }
        self.velocity[d] = v
        if lastShownTime > start {
            advanceActivity(to: lastShownTime, only: d)
        }
    }

    // MARK: - Stopping

    /// Stops any deceleration, bounce, glide, timed scroll or animated zoom where it is (clamped into the range
    /// if a bounce was past an edge, and into the zoom limits if a zoom was returning to them). A running or
    /// pending timed scroll, and an animated zoom, complete with `false`.
    /// No `didEnd…` delegate callback is sent. Does nothing to a drag in progress.
    public func stopMotion() {
        endZoomAnimation()   // stopped where it is, within the limits
        let owed = dropMotions()
        if pointer?.isDragging == true {
            updateDragOffset()
        } else {
            setOffset(clampPoint(contentOffset))
        }
        owed.active?(false)
        owed.queued?(false)
    }

    /// Stops motion for a pointer down: exactly at the displayed offset (no clamping, no jump).
    /// Returns whether a motion was running.
    func interruptForTouch() -> Bool {
        let wasMoving = activityMoves
        if let zoom = zooming {
            activity = .idle
            zoom.completion?(false)
        }
        let owed = dropMotions()
        owed.active?(false)
        owed.queued?(false)
        return wasMoving
    }

    /// Ends a ballistic or driven activity (a pointer's stays) and drops any queued request, and returns
    /// the completions owed, for the caller to call (with `false`) once its own state is settled.
    private func dropMotions() -> (active: (@MainActor (Bool) -> Void)?, queued: (@MainActor (Bool) -> Void)?) {
        let queued = queuedRequest?.completion
        queuedRequest = nil
        var active: (@MainActor (Bool) -> Void)?
        if pointer == nil { active = beginActivity(.idle) }
        velocity = .zero
        return (active, queued)
    }

    /// Ends a ballistic or driven activity whose axes are all at rest, and sends what it owes: a ballistic
    /// one `scrollViewDidEndDecelerating`, a timed scroll its completion (`true`) and
    /// `scrollViewDidEndScrollingAnimation`, a glide `scrollViewDidEndScrollingAnimation`.
    func finishActivityIfDone() {
        guard !activitySummary.moves else { return }   // no copy of a running activity
        switch activitySummary.kind {
        case .ballistic:
            activity = .idle
            velocity = .zero
            delegate?.scrollViewDidEndDecelerating(self)
        case .driven:
            let completion = driven?.timed?.completion
            activity = .idle
            velocity = .zero
            completion?(true)
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .idle, .held, .dragging, .zooming:
            break
        }
    }
}
