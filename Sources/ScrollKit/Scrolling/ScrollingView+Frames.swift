import Motion

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
        if let request = pendingRequest {
            pendingRequest = nil
            beginTimed(request, at: tick.timestamp)
        }
        guard motionX != nil || motionY != nil else { return }
        var offset = contentOffset
        var newVelocity = velocity
        advance(&motionX, .x, to: now, position: &offset.x, velocity: &newVelocity.x)
        advance(&motionY, .y, to: now, position: &offset.y, velocity: &newVelocity.y)
        velocity = newVelocity
        updatePhase()
        setOffset(offset)
        finishSessionIfDone()
    }

    /// Moves one axis's motion to `time`, handing a decay that crosses an edge over to the bounce spring.
    func advance(_ slot: inout AxisMotion?, _ d: Dim, to time: Double,
                 position: inout Double, velocity: inout Double) {
        guard var m = slot else { return }
        var local = max(0, time - m.start)
        if m.kind == .decay, let decay = m.decay {
            let r = range(d)
            let direction = decay.velocity(at: 0)
            let p = m.position(at: local)
            let edge: Double? = direction > 0 && p > r.hi ? r.hi : (direction < 0 && p < r.lo ? r.lo : nil)
            if let edge {
                if chaining.contains(.fling), let next = nextChainTarget(d) {
                    // Hand the fling on at the moment it reaches the edge.
                    let crossing = decay.time(toReach: edge - m.shift).flatMap { $0.isFinite && $0 >= 0 && $0 <= local ? $0 : nil } ?? local
                    let v = decay.velocity(at: crossing)
                    position = edge; velocity = 0; slot = nil
                    next.adoptFling(d, velocity: v, start: m.start + crossing)
                    return
                }
                guard bounces else {
                    position = edge; velocity = 0; slot = nil
                    return
                }
                if let crossing = decay.time(toReach: edge - m.shift), crossing.isFinite, crossing >= 0, crossing <= local {
                    let v = decay.velocity(at: crossing)
                    m = AxisMotion(kind: .bounce,
                                   simulation: turningSpring(d, position: edge, velocity: v, target: edge),
                                   start: m.start + crossing, target: edge, decay: nil)
                    local -= crossing
                } else {
                    // Numerically unsolvable crossing: bounce from where the decay is now.
                    let v = decay.velocity(at: local)
                    m = AxisMotion(kind: .bounce,
                                   simulation: turningSpring(d, position: p, velocity: v, target: edge),
                                   start: time, target: edge, decay: nil)
                    local = 0
                }
            }
        }
        // Fixed-duration motions end at their duration; frame times built by summing periods may
        // fall a few ulps short of it, so a nanosecond of slack makes the last frame exact.
        let slack = (m.kind == .timed || m.kind == .glide) ? ScrollingView.timeSlack : 0
        if m.simulation.isDone(at: local + slack) {
            position = m.target.isFinite ? m.target : clamp(position, d)
            velocity = 0
            slot = nil
            return
        }
        let p = m.position(at: local)
        let v = m.simulation.velocity(at: local)
        guard p.isFinite, v.isFinite else {
            position = clamp(m.target.isFinite ? m.target : position, d)
            velocity = 0
            slot = nil
            return
        }
        if m.kind == .timed, let from = m.timedFrom {
            // A curve that overshoots (back, elastic, spring) is rubber-banded past the edges like a drag.
            (position, velocity) = bandTimed(p, velocity: v, from: from, d)
        } else {
            position = p
            velocity = v
        }
        slot = m
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
        let c = 0.55, length = viewportLength(d) - abs(edge - (p < lo ? r.lo : r.hi))
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
        if session != .deceleration { _ = interruptForTouch() }
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
        let motion = planAxis(d, position: o, velocity: v, natural: natural, target: target, start: start)
        if d == .x { motionX = motion } else { motionY = motion }
        guard motion != nil else { return }
        session = .deceleration
        self.velocity[d] = v
        updatePhase()
        if lastShownTime > start {
            var offset = contentOffset
            var newVelocity = self.velocity
            if d == .x {
                advance(&motionX, .x, to: lastShownTime, position: &offset.x, velocity: &newVelocity.x)
            } else {
                advance(&motionY, .y, to: lastShownTime, position: &offset.y, velocity: &newVelocity.y)
            }
            self.velocity = newVelocity
            updatePhase()
            setOffset(offset)
            finishSessionIfDone()
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
        updatePhase()
        owed.active?(false)
        owed.pending?(false)
    }

    /// Stops motion for a pointer down: exactly at the displayed offset (no clamping, no jump).
    /// Returns whether a motion was running.
    func interruptForTouch() -> Bool {
        let wasMoving = motionX != nil || motionY != nil || zoomMotion != nil
        let zoom = zoomMotion
        zoomMotion = nil
        zoom?.completion?(false)
        let owed = dropMotions()
        owed.active?(false)
        owed.pending?(false)
        return wasMoving
    }

    /// Drops every motion, the session and any pending timed request, and returns the completions owed,
    /// for the caller to call (with `false`) once its own state is settled.
    private func dropMotions() -> (active: (@MainActor (Bool) -> Void)?, pending: (@MainActor (Bool) -> Void)?) {
        let owed = (active: timedCompletion, pending: pendingRequest?.completion)
        timedCompletion = nil
        pendingRequest = nil
        motionX = nil
        motionY = nil
        session = .none
        velocity = .zero
        return owed
    }

    /// Sends the callback owed by the session once all its motions have ended.
    func finishSessionIfDone() {
        guard motionX == nil, motionY == nil, session != .none else { return }
        let ended = session
        session = .none
        velocity = .zero
        updatePhase()
        switch ended {
        case .none:
            break
        case .deceleration:
            delegate?.scrollViewDidEndDecelerating(self)
        case .timed:
            let completion = timedCompletion
            timedCompletion = nil
            completion?(true)
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .glide:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    func updatePhase() {
        if let pointer {
            phase = pointer.isDragging ? .dragging : .tracking
            return
        }
        if indicator.drag != nil {   // a pointer holds the indicator's thumb
            phase = .tracking
            return
        }
        if let z = zoomMotion {
            if case .spring = z.progress { phase = .bouncing } else { phase = .animating }
            return
        }
        let kx = motionX?.kind, ky = motionY?.kind
        if kx == .bounce || ky == .bounce {
            phase = .bouncing
        } else if kx == .decay || ky == .decay || kx == .landing || ky == .landing {
            phase = .decelerating
        } else if kx != nil || ky != nil || pendingRequest != nil {
            phase = .animating
        } else {
            phase = .idle
        }
    }
}
