// ScrollingView's wheel and keys: wheel notches, continuous wheel streams (trackpads) as a virtual drag, key
// presses, and the glides they start.

import Motion

// Wheel notches, trackpad streams, keys, and the glides they start.

extension ScrollingView {

    // MARK: - Wheel

    /// A wheel notch (or a slow fractional step; see ``WheelStreamClassifier``): `dy` steps toward the start
    /// when positive (as SDL reports it), `dx` steps toward the end (right) when positive. Fractions are
    /// precise (a 0.25 step moves a quarter of ``wheelStep``). On a `.horizontal` scroll view a purely
    /// vertical turn scrolls horizontally.
    ///
    /// Each event adds `step × wheelStep × multiplier` to the glide's destination (clamped to the range)
    /// and starts a new glide there; see `GlideSimulation` (Motion) for how velocity carries over. `multiplier` is
    /// the notch acceleration the router measured (``WheelStreamClassifier/notchMultiplier(_:)``; 1 for a
    /// slow notch). With ``snapping`` set, whole steps (fractions accumulate; a reversal drops the remainder)
    /// move to the next or previous snap positions, one per step and never accelerated, so a burst moves
    /// several. Snapped wheel steps move along one axis: the horizontal one for `.horizontal` (and for
    /// `.both` when `dy` is 0), else the vertical one.
    /// A notch that comes while a trackpad stream is still waiting for its end ends it first (the stream's
    /// fling starts, and the glide takes over from it).
    func wheel(dx: Double, dy: Double, time: Double, multiplier: Double = 1) {
        if let p = pointer, p.wheelStream {
            endWheelStream(at: min(time, p.lastTime + WheelStreamClassifier.streamEndGap))
        }
        guard pointer == nil else { return }
        let dx = mirrorsContent ? -dx : dx   // the content follows a horizontal swipe, as a drag moves it
        let delta = wheelDelta(dx: dx, dy: dy, verticalAsHorizontal: nil)
        guard delta.x != 0 || delta.y != 0 else { return }

        if let snapping {
            let primary = axis == .horizontal ? delta.x : (delta.y != 0 ? delta.y : delta.x)
            if primary * wheelStepRemainder < 0 { wheelStepRemainder = 0 }
            wheelStepRemainder += primary
            let steps = wheelStepRemainder.rounded(.towardZero)
            guard steps != 0, abs(steps) < Double(Int32.max) else { return }
            wheelStepRemainder -= steps
            let base = glideBase()
            let main: Dim = axis == .horizontal || (axis == .both && delta.y == 0) ? .x : .y
            var target = base
            target[main] = snapping.snapPosition(from: base, steps: Int(steps), in: self)[main]
            glide(to: clampedOnScrollingAxes(target, fallback: base), duration: ScrollingView.lineGlideDuration, time: time)
            return
        }
        // The fling this notch stops, should it turn out to be the first event of a trackpad stream.
        wheelCaughtFling = caughtFling().map { (velocity: $0.velocity, start: $0.start, time: time) }
        let base = glideBase()
        let m = multiplier.isFinite && multiplier > 0 ? multiplier : 1
        let step = effectiveWheelStep * m
        let target = Point(x: base.x + delta.x * step, y: base.y + delta.y * step)
        glide(to: clampedOnScrollingAxes(target, fallback: base), duration: ScrollingView.lineGlideDuration, time: time)
    }

    /// The plain deceleration running now, per axis: its velocity at the last frame (0 on an axis that is
    /// not decelerating) and the time it started; nil when none is.
    func caughtFling() -> (velocity: Point, start: Point)? {
        guard let b = ballistic else { return nil }
        var v = Point.zero, start = Point.zero
        var any = false
        for d in ScrollingView.dims {
            guard let m = b[d], m.stage == .decay else { continue }
            v[d] = velocity[d]
            start[d] = m.track.start
            any = true
        }
        return any ? (v, start) : nil
    }

    /// ``wheelStep`` sanitised: non-finite or negative values count as ``lineStep``.
    var effectiveWheelStep: Double {
        wheelStep.isFinite && wheelStep >= 0 ? wheelStep : ScrollingView.lineStep
    }

    /// A wheel turn in steps as offset steps (positive = the offset increases) on this view's axes.
    /// On `.horizontal` the vertical steps scroll horizontally (toward the user = right): for a notch
    /// (`verticalAsHorizontal` nil) when `dx` is 0; for a stream when its first event decided so.
    /// Non-finite steps count as 0.
    func wheelDelta(dx: Double, dy: Double, verticalAsHorizontal: Bool?) -> Point {
        var ddx = dx.isFinite ? dx : 0
        let ddy = dy.isFinite ? dy : 0
        var delta = Point.zero
        switch axis {
        case .vertical:
            delta.y = -ddy
        case .horizontal:
            if verticalAsHorizontal ?? (ddx == 0) { ddx = -ddy }
            delta.x = ddx
        case .both:
            delta = Point(x: ddx, y: -ddy)
        }
        return delta
    }

    // MARK: - Trackpad streams

    /// One event of a continuous wheel stream (a trackpad's two-finger scroll; the router classifies it
    /// with ``WheelStreamClassifier``): the content follows it 1:1, as a drag does.
    ///
    /// The stream is a drag of a virtual pointer that moves `step × wheelStep` points against each
    /// step (`dy` positive = toward the start, as for notches): the content sits at the stream's total
    /// from where it was when the stream began, rubber-banded past the edges exactly like a drag (and
    /// pinned there without ``bounces``); each event is a velocity sample. `phase` is `.dragging`, the
    /// delegate hears `scrollViewWillBeginDragging` at the first event and the release callbacks at the
    /// end, and ``isAnimating`` stays true so that frames keep coming.
    ///
    /// - Start: the first stream event stops any motion where it is shown (a glide, the first event of
    ///   the stream taken for a notch; a fling), and the stream goes on from there.
    /// - End: the first frame whose `timestamp` is at least ``WheelStreamClassifier/streamEndGap`` (50 ms)
    ///   after the last event releases the content exactly as a touch release, at that moment (the last
    ///   event's time plus the gap): the velocity is the tracker's at the last event (as if the fingers
    ///   lifted with it), so a fling carries on at the stream's speed (capped at 8000 pt/s; a stream that
    ///   caught a fling builds on it as a touch does, see ``flingBoostMinimumSpeed``), bounces at
    ///   an edge, lands on a snap position with ``snapping``; a stream that ended past an edge without
    ///   speed springs back. A notch, or a press, ends it sooner.
    /// - On a `.horizontal` view the first event decides: more vertical than horizontal, the stream's
    ///   vertical steps scroll horizontally (toward the user = right) for its whole length; else it takes
    ///   the horizontal steps.
    /// - On a `.both` view with ``isDirectionalLockEnabled``, a stream whose first event lies within 30° of
    ///   an axis moves along that axis only, as a drag does; else it moves freely.
    /// - A pointer down on the view (a press, a touch) ends the stream without a fling: the content stops
    ///   where it is, as a press stops a fling. Events while a real pointer is down are ignored.
    /// No heap allocation per event or frame.
    func wheelStream(dx: Double, dy: Double, time: Double) {
        let dx = mirrorsContent ? -dx : dx   // the content follows the fingers (see ``mirrorsContent``)
        if pointer?.wheelStream != true {
            let ddx = dx.isFinite ? dx : 0, ddy = dy.isFinite ? dy : 0
            let first = wheelDelta(dx: ddx, dy: ddy, verticalAsHorizontal: nil)
            guard pointer == nil, first != .zero else { return }
            var lock: Dim?
            if axis == .both && isDirectionalLockEnabled {
                if abs(first.y) <= tan30Degrees * abs(first.x) { lock = .x } else if abs(first.x) <= tan30Degrees * abs(first.y) { lock = .y }
            }
            beginWheelStream(at: time, verticalAsHorizontal: axis == .horizontal && abs(ddy) > abs(ddx), lock: lock)
        }
        guard let p = pointer else { return }
        let delta = wheelDelta(dx: dx, dy: dy, verticalAsHorizontal: p.wheelVerticalAsHorizontal)
        let step = effectiveWheelStep
        let last = p.lastLocation
        let location = Point(x: scrolls(.x) ? last.x - delta.x * step : last.x,
                             y: scrolls(.y) ? last.y - delta.y * step : last.y)
        guard location.x.isFinite, location.y.isFinite else { return }
        pointerMove(location, time)
    }

    /// Starts a stream: stops any motion where it is shown and puts a virtual pointer down, already dragging.
    /// The fling it stops (or the one its first event, a notch, stopped just before) is caught as a press
    /// catches it, so the stream's own fling builds on it (``flingBoostMinimumSpeed``).
    func beginWheelStream(at time: Double, verticalAsHorizontal: Bool, lock: Dim? = nil) {
        var caught = caughtFling()
        if caught == nil, driven?.isGlide == true, let c = wheelCaughtFling,
           time - c.time < WheelStreamClassifier.streamStartInterval {
            caught = (velocity: c.velocity, start: c.start)
        }
        wheelCaughtFling = nil
        let stopped = interruptForTouch()
        let offset = contentOffset
        var p = PointerState(downLocation: .zero, lastLocation: .zero, lastTime: time,
                             anchor: Point(x: unband(offset.x, .x), y: unband(offset.y, .y)),
                             downOffset: offset, isDragging: true, stoppedMotion: stopped,
                             stoppedVisibleMotion: true,
                             caughtVelocity: caught?.velocity ?? .zero, caughtStart: caught?.start ?? .zero)
        p.wheelStream = true
        p.wheelVerticalAsHorizontal = verticalAsHorizontal
        p.lock = lock
        pointer = p
        trackerX.reset()
        trackerY.reset()
        trackerX.addSample(position: 0, time: time)
        trackerY.addSample(position: 0, time: time)
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// Ends a running stream at the frame that shows its end (see ``wheelStream(dx:dy:time:)``).
    func stepWheelStream(_ tick: FrameTick) {
        guard hasPointer, let p = pointer, p.wheelStream, tick.timestamp.isFinite else { return }
        let end = p.lastTime + WheelStreamClassifier.streamEndGap
        guard tick.timestamp >= end - WheelStreamClassifier.timeSlack else { return }
        endWheelStream(at: end)
    }

    /// Releases a running stream at `time` with the velocity it had at its last event (built on the fling
    /// it caught, as a touch release's is: ``boostedVelocity(_:caughtBy:time:)`` at the last event).
    func endWheelStream(at time: Double) {
        guard let p = pointer, p.wheelStream else { return }
        let v = boostedVelocity(pointerVelocity(at: p.lastTime), caughtBy: p, time: p.lastTime)
        pointer = nil
        release(velocity: v, dragStartOffset: p.downOffset, time: max(time, p.lastTime))
    }

    // MARK: - Keys

    /// A key press; every move is animated (a glide).
    ///
    /// - Up/Down (vertical and `.both`), Left/Right (horizontal and `.both`): one ``lineStep``,
    ///   or one snap position with ``snapping``.
    /// - PageUp/PageDown/Space (Space = PageDown): the viewport's length less ``pageOverlap``, but at
    ///   least half the viewport; with ``snapping``, to the snap position nearest that.
    /// - Home/End: the start or end of the range.
    /// Repeated keys accumulate like wheel steps. Other keys are ignored, and so are keys while a pointer is down.
    func key(_ key: Key, time: Double) {
        guard pointer == nil else { return }
        if zoomKey(key, time: time) { return }
        let main: Dim = axis == .horizontal ? .x : .y
        let base = glideBase()
        var target = base
        var duration = ScrollingView.lineGlideDuration
        switch key {
        case .up, .down, .left, .right:
            let d: Dim = (key == .up || key == .down) ? .y : .x
            guard scrolls(d) else { return }
            // Mirrored, the arrows move the content toward their side: left goes on to later content.
            let sign: Double = ((key == .up || key == .left) != (d == .x && mirrorsContent)) ? -1 : 1
            if let snapping {
                let snapped = snapping.snapPosition(from: base, steps: Int(sign), in: self)
                target[d] = snapped[d]
            } else {
                target[d] = base[d] + sign * ScrollingView.lineStep
            }
        case .pageUp, .pageDown, .space:
            let sign: Double = key == .pageUp ? -1 : 1
            let length = viewportLength(main)
            let page = max(length - ScrollingView.pageOverlap, length / 2)
            target[main] = base[main] + sign * page
            if let snapping {
                var snapped = snapping.snapPosition(from: target, steps: 0, in: self)[main]
                if !snapped.isFinite || (snapped - base[main]) * sign <= 0 {
                    snapped = snapping.snapPosition(from: base, steps: Int(sign), in: self)[main]
                }
                target[main] = snapped
            }
            duration = ScrollingView.pageGlideDuration
        case .home:
            target[main] = range(main).lo
            duration = ScrollingView.homeEndGlideDuration
        case .end:
            target[main] = range(main).hi
            duration = ScrollingView.homeEndGlideDuration
        default:
            return
        }
        glide(to: clampedOnScrollingAxes(target, fallback: base), duration: duration, time: time, role: .travel)
        if key == .end {
            if case .driven(var m) = activity, m.isGlide, m[main] != nil {
                m.kind = .glide(followsEnd: main)
                activity = .driven(m)
            }
        }
    }

    // MARK: - Glides

    /// Where the next wheel or key step counts from: the running glide's destination, else the
    /// displayed offset (clamped).
    func glideBase() -> Point {
        var base = clampPoint(contentOffset)
        if let m = driven, m.isGlide {
            for d in ScrollingView.dims { if let t = m[d] { base[d] = t.target } }
        }
        return base
    }

    /// Starts (or retargets) a glide to `target` from the displayed offset.
    ///
    /// The glide starts at `max(time, last frame's targetTimestamp)`. Retargeting a running glide
    /// keeps the displayed velocity (continuous); starting from rest, or after any other motion,
    /// uses the ease-out kick. A running timed scroll is replaced (completes with `false`). `role`: a wheel's
    /// glide follows the hand (`.gesture`, never reduced); a key's travels (`.travel`: a jump while motion is
    /// reduced).
    func glide(to target: Point, duration: Double, time: Double, role: MotionRole = .gesture) {
        endZoomAnimation()
        let running = driven.flatMap { $0.isGlide ? $0 : nil }
        let wasGliding = running != nil
        let start = max(time, lastShownTime)
        let from = contentOffset
        let v = wasGliding ? velocity : Point.zero
        let replacedQueued = queuedRequest?.completion
        queuedRequest = nil
        var m = Driven(kind: .glide(followsEnd: nil))
        for d in ScrollingView.dims {
            // Clamped on every axis: one that does not scroll may have been left outside its range by a
            // change of range during an interrupted timed scroll; the glide brings it back.
            let to = clamp(target[d], d)
            let moving = running?[d] != nil
            guard to != from[d] || (moving && v[d] != 0) else { continue }
            m[d] = Track(GlideSimulation(from: from[d], velocity: v[d], to: to, duration: duration, continuing: moving),
                         start: start, target: to, pacing: motionPolicy.pacing(for: role))
        }
        let replacedTimed = beginActivity(m.isEmpty ? .idle : .driven(m))
        if m.isEmpty || !wasGliding { velocity = .zero }
        replacedTimed?(false)
        replacedQueued?(false)
    }
}
