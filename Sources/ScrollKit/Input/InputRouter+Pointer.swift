// InputRouter's pointer gestures: hit paths, arbitration between nested scroll views, chaining, presses
// and highlights.

import Motion

extension InputRouter {
    // MARK: - Pointer

    func pointerDown(_ p: Point, _ time: Double) {
        if gestureActive { pointerUp(lastPointer ?? p, time) }
        builtInClaimed = false
        builtIn.gestureArenas.removeAll(keepingCapacity: true)
        var (hit, scrollViews) = path(at: p)
        guard let hit else { return }
        // A scroll view another session's gesture holds is that gesture's alone.
        if sessions.count > 1 {
            scrollViews.removeAll { s in
                sessions.contains { $0 !== current && $0.gestureActive && $0.chain.contains { $0 === s } }
            }
        }
        // A press on a shown scroll indicator (innermost first) takes the gesture before arbitration.
        for s in scrollViews where s.indicatorPress(at: viewportPoint(p, in: s), time: time) {
            gestureActive = true
            indicatorOwner = s
            claimBuiltIn()
            downPoint = p
            clearHighlight()
            press = nil
            return
        }
        // A view that tracks the pointer itself (a slider) takes the gesture before arbitration too.
        var candidate: ViewNode? = hit
        while let view = candidate {
            if let tracker = view as? PointerTracking {
                if tracker.beginTracking(at: view.pointFromRootSpace(p)) {
                    gestureActive = true
                    trackingOwner = view
                    claimBuiltIn()
                    downPoint = p
                    clearHighlight()
                    press = nil
                    return
                }
                break
            }
            candidate = view.superview
        }
        if navPointerDown(p, time, hit: hit) { return }
        gestureActive = true
        decided = false
        dragDim = nil
        participants.removeAll()
        if rowsPointerDown(p, time, scrollViews: scrollViews) {
            downPoint = p
            clearHighlight()
            press = nil
            return
        }
        chain = scrollViews
        chainDown = scrollViews.map { viewportPoint(p, in: $0) }
        downPoint = p
        downTime = time
        tracker.reset()
        var stoppedVisible = false
        for (k, s) in chain.enumerated() {
            s.routedPointerDown(chainDown[k], time, touch: downByTouch)
            if s.pointer?.stoppedVisibleMotion == true { stoppedVisible = true }
        }
        clearHighlight()
        press = nil
        if !stoppedVisible, let pressable = Self.pressable(from: hit) {
            press = pressable
            if chain.isEmpty {
                setHighlight(pressable)
            } else {
                highlightAt = time + ViewNode.highlightDelay
            }
        }
    }

    static func pressable(from view: ViewNode) -> ViewNode? {
        var v: ViewNode? = view
        while let c = v {
            if c.isPressable { return c }
            v = c.superview
        }
        return nil
    }

    func pointerMove(_ p: Point, _ time: Double) {
        guard gestureActive else { return }
        if let owner = indicatorOwner {
            owner.indicatorDragMove(to: viewportPoint(p, in: owner))
            return
        }
        if let owner = trackingOwner {
            (owner as? PointerTracking)?.continueTracking(at: owner.pointFromRootSpace(p))
            return
        }
        if navPointerMove(p, time) { return }
        if rowsPointerMove(p, time) { return }
        let dx = p.x - downPoint.x, dy = p.y - downPoint.y
        if !decided {
            for (k, s) in chain.enumerated() { s.routedPointerMove(Point(x: chainDown[k].x + dx, y: chainDown[k].y + dy), time) }
            if chain.isEmpty {
                if let press, !press.frameInRoot.contains(p) { cancelPress() }
                return
            }
            guard chain.contains(where: { $0.passedSlop(dx: dx, dy: dy) }) else { return }
            decide(dx: dx, dy: dy, time: time)
        }
        if let dim = dragDim { tracker.addSample(position: dim == .x ? p.x : p.y, time: time) }
        feedParticipants(dx: dx, dy: dy, time: time)
    }

    /// Gives the drag to one scroll view (and its chain) once the slop is passed.
    func decide(dx: Double, dy: Double, time: Double) {
        decided = true
        claimBuiltIn()
        cancelPress()
        let dim: ScrollingView.Dim = abs(dx) > abs(dy) ? .x : .y
        var owner = chain.firstIndex { $0.scrolls(dim) && $0.hasRange(dim) }
        if owner == nil { owner = chain.firstIndex { $0.scrolls(dim) } }
        let ownerIndex = owner ?? 0
        let s = chain[ownerIndex]
        // A two-axis view: locked within 30° of an axis when it asks for it, else free.
        var lock: ScrollingView.Dim?
        if s.axis == .both {
            if s.isDirectionalLockEnabled {
                if abs(dy) <= tan30Degrees * abs(dx) { lock = .x } else if abs(dx) <= tan30Degrees * abs(dy) { lock = .y }
            }
        } else {
            lock = s.axis == .horizontal ? .x : .y
        }
        dragDim = lock
        participants = [ownerIndex]
        if let lock {
            var k = ownerIndex
            while chain[k].chaining.contains(.drag),
                  let next = chain.indices.first(where: { $0 > k && chain[$0].scrolls(lock) }) {
                participants.append(next)
                k = next
            }
        }
        shares = Array(repeating: 0, count: participants.count)
        dealt = 0
        for k in chain.indices where !participants.contains(k) {
            chain[k].routedCancel(time)
        }
        for (n, k) in participants.enumerated() {
            chain[k].routedBeginDrag(lock: s.axis == .both ? lock : nil, resetTracking: n > 0,
                                     at: chainDown[k], time: time)
        }
        if let lock {
            tracker.reset()
            tracker.addSample(position: lock == .x ? downPoint.x + dx : downPoint.y + dy, time: time)
        }
    }

    /// Moves the participants: one alone follows the pointer; a chain deals out each move inner first
    /// (in either direction): a participant takes what keeps it inside its range, the next one the rest,
    /// the last one all that is left (rubber-banded at its own edge).
    func feedParticipants(dx: Double, dy: Double, time: Double, sample: Bool = true) {
        guard let first = participants.first else { return }
        guard participants.count > 1, let dim = dragDim else {
            chain[first].routedPointerMove(Point(x: chainDown[first].x + dx, y: chainDown[first].y + dy), time,
                                           sample: sample)
            return
        }
        let total = dim == .x ? dx : dy
        var rest = total - dealt        // pointer displacement not yet dealt out
        dealt = total
        for (n, k) in participants.enumerated() {
            let s = chain[k]
            if n < participants.count - 1 {
                let anchor = s.pointer?.anchor[dim] ?? s.contentOffset[dim]
                let r = s.range(dim)
                let raw = anchor - shares[n]
                let target = min(max(raw - rest, r.lo), r.hi)
                let took = raw - target
                shares[n] += took
                rest -= took
            } else {
                shares[n] += rest
                rest = 0
            }
            var q = chainDown[k]
            q[dim] += shares[n]
            s.routedPointerMove(q, time, sample: sample)
        }
    }

    func pointerUp(_ p: Point, _ time: Double) {
        guard gestureActive else { return }
        gestureActive = false
        let p = p.x.isFinite && p.y.isFinite ? p : (lastPointer ?? downPoint)
        if let owner = indicatorOwner {
            indicatorOwner = nil
            owner.indicatorDragMove(to: viewportPoint(p, in: owner))
            owner.indicatorRelease(time: time)
            return
        }
        if let owner = trackingOwner {
            trackingOwner = nil
            (owner as? PointerTracking)?.endTracking(at: owner.pointFromRootSpace(p))
            return
        }
        if navPointerUp(p, time) { return }
        if rowsPointerUp(p, time) { return }
        let dx = p.x - downPoint.x, dy = p.y - downPoint.y
        if decided {
            // The up moves the content but is not a velocity sample (see `ScrollingView.moveToUp`); its
            // time is the release time.
            feedParticipants(dx: dx, dy: dy, time: time, sample: false)
            releaseParticipants(dx: dx, dy: dy, time: time)
            finishGesture()
            return
        }
        // No drag: a tap, unless a press stopped visible motion or a scroll view was pulled past an edge.
        var tappable = true
        var upLocations: [Point] = []
        for (k, s) in chain.enumerated() {
            let q = Point(x: chainDown[k].x + dx, y: chainDown[k].y + dy)
            upLocations.append(q)
            if !s.routedTouchEnd(q, time) { tappable = false }
        }
        let pressed = press
        let inner = chain.first
        finishGesture()
        guard tappable else { clearHighlight(); return }
        // The tap waits while another recognizer holds the pointer's arena (a double tap's first tap).
        let arenas = builtIn.gestureArenas
        guard builtIn.holds(arenas) else {
            builtIn.pendingTap = (arenas, { [weak self] in self?.tap(pressed: pressed, inner: inner, at: upLocations.first, time: time) })
            return
        }
        tap(pressed: pressed, inner: inner, at: upLocations.first, time: time)
    }

    /// A tap the library's gestures won: the pressed view activates, the innermost scroll view hears it.
    func tap(pressed: ViewNode?, inner: ScrollingView?, at q: Point?, time: Double) {
        if let pressed {
            if highlightAt != nil || highlighted !== pressed {
                setHighlight(pressed)
                unhighlightAt = time + ViewNode.tapHighlightDuration
            } else {
                clearHighlight()
            }
            highlightAt = nil
            pressed.activate()
        } else {
            clearHighlight()
        }
        if let inner, let q { inner.deliverTap(at: q) }
    }

    func releaseParticipants(dx: Double, dy: Double, time: Double) {
        guard participants.count > 1, let dim = dragDim else {
            if let k = participants.first {
                chain[k].routedPointerUp(Point(x: chainDown[k].x + dx, y: chainDown[k].y + dy), time, velocity: nil)
            }
            return
        }
        // The real pointer's velocity goes to the innermost participant that can still move that way.
        let v = -tracker.velocity(at: time)
        var receiver: Int?
        for k in participants {
            let s = chain[k], r = s.range(dim), o = s.contentOffset[dim]
            if (v > 0 && o < r.hi - 1e-6) || (v < 0 && o > r.lo + 1e-6) { receiver = k; break }
        }
        for k in participants {
            let s = chain[k]
            var q = chainDown[k]
            q[dim] = s.pointer?.lastLocation[dim] ?? q[dim]
            if receiver == nil {
                s.routedPointerUp(q, time, velocity: nil)
            } else {
                var velocity = Point.zero
                if k == receiver { velocity[dim] = v * s.bandSlope(at: s.contentOffset[dim], dim) }
                s.routedPointerUp(q, time, velocity: velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero)
            }
        }
    }

    func finishGesture() {
        chain.removeAll(keepingCapacity: true)
        chainDown.removeAll(keepingCapacity: true)
        participants.removeAll(keepingCapacity: true)
        decided = false
        dragDim = nil
        press = nil
    }

    func cancelPress() {
        press = nil
        highlightAt = nil
        clearHighlight()
    }

    func setHighlight(_ view: ViewNode) {
        if highlighted !== view { highlighted?.isHighlighted = false }
        highlighted = view
        view.isHighlighted = true
    }

    func clearHighlight() {
        highlighted?.isHighlighted = false
        highlighted = nil
        unhighlightAt = nil
    }
}


/// tan 30°: a drag (dx, dy) lies within 30° of horizontal when |dy| ≤ tan 30° · |dx|.
let tan30Degrees = 0.57735026918962576
