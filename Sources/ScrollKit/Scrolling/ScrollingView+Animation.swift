// ScrollingView's timed scrolls: setContentOffset animated or over a duration and curve, scrollToEnd, queueing
// a TimedRequest and starting it as the driven activity.

import Motion

// Timed scrolls: setContentOffset(_:animated:), setContentOffset(_:duration:curve:completion:), scrollToEnd.

extension ScrollingView {

    // MARK: - Timed scrolling

    /// Scrolls to `offset`, either at once (`animated: false`, the same as setting ``contentOffset``) or
    /// over ``defaultAnimationDuration`` (0.3 s) with ``defaultAnimationCurve`` (see
    /// ``setContentOffset(_:duration:curve:completion:)`` for the animated rules).
    ///
    /// Without animation the offset is set immediately (clamped to the range; non-finite
    /// components keep their current value), any motion stops (a fling or bounce without a
    /// `didEnd…` callback, a running or pending timed scroll completing with `false`) and
    /// `scrollViewDidScroll` fires if the offset changed. During a drag the content moves and the
    /// drag continues from there.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        if animated {
            setContentOffset(offset, duration: ScrollingView.defaultAnimationDuration,
                             curve: ScrollingView.defaultAnimationCurve)
            return
        }
        stopMotion()
        let target = Point(x: clamp(offset.x.isFinite ? offset.x : contentOffset.x, .x),
                           y: clamp(offset.y.isFinite ? offset.y : contentOffset.y, .y))
        if var p = pointer {
            p.anchor = target
            p.downLocation = p.resamples ? p.shownLocation : p.lastLocation
            pointer = p
        }
        setOffset(target)
    }

    /// Scrolls to `offset` over `duration` seconds along `curve`, frame by frame.
    ///
    /// - The request is handled in the next ``step(_:)``: the motion starts from the offset shown
    ///   then, its clock starts at that frame's `timestamp`, and each frame shows the
    ///   `TimedSimulation` at the frame's `targetTimestamp`. The last frame shows exactly the
    ///   destination, which is clamped to the scrollable range (non-finite components: the current offset).
    /// - `completion` is called exactly once: `true` when the destination is reached, `false` when a
    ///   pointer down, ``stopMotion()``, `setContentOffset(_:animated: false)`, a new request or a
    ///   change of ``axis`` ends it first. A new request replaces this one (which completes with
    ///   `false` at once) and starts from wherever the content is at the next frame.
    /// - `duration <= 0` or non-finite: the next `step` jumps to the destination and completes with `true`.
    /// - Requested while a pointer is down, the animation does not start: it completes with `false`.
    /// - If the range changes meanwhile, the destination is re-clamped and the remaining time is
    ///   spent going there from the current offset.
    /// - A curve that overshoots (back, elastic, spring, a Bézier with y outside 0...1) goes past the
    ///   edges (or past its start, if that lies outside the range) only as far as the rubber band lets
    ///   a drag go (never the viewport's length); with ``bounces`` false it stops there. Inside the
    ///   range it overshoots freely.
    public func setContentOffset(_ offset: Point, duration: Double, curve: TimingCurve,
                                 completion: (@MainActor (Bool) -> Void)? = nil) {
        enqueue(TimedRequest(destination: .point(offset), duration: duration, curve: curve, completion: completion))
    }

    /// Scrolls to the end of the content (the bottom for `.vertical` and `.both`, the right edge for
    /// `.horizontal`) over `duration` seconds along `curve`. Same rules as
    /// ``setContentOffset(_:duration:curve:completion:)``; in addition the destination follows the
    /// end if the content or viewport size changes during the animation.
    public func scrollToEnd(duration: Double, curve: TimingCurve, completion: (@MainActor (Bool) -> Void)? = nil) {
        enqueue(TimedRequest(destination: .end, duration: duration, curve: curve, completion: completion))
    }

    /// Queues `request` for the next frame. A timed scroll it replaces (running or queued) completes with
    /// `false` at once; whatever else runs keeps running until that frame.
    func enqueue(_ request: TimedRequest) {
        let replacedQueued = queuedRequest?.completion
        var replacedActive: (@MainActor (Bool) -> Void)?
        if case .driven(var m) = activity, case .timed(var t) = m.kind {
            replacedActive = t.completion
            t.completion = nil
            m.kind = .timed(t)
            activity = .driven(m)
        }
        queuedRequest = request
        replacedActive?(false)
        replacedQueued?(false)
    }

    /// Starts a timed request at the frame that began at `timestamp`: the `.driven` activity.
    func beginTimed(_ request: TimedRequest, at timestamp: Double) {
        if pointer != nil {
            request.completion?(false)
            return
        }
        endZoomAnimation()
        let from = contentOffset
        var destination: Point
        switch request.destination {
        case .point(let p):
            destination = Point(x: p.x.isFinite ? p.x : from.x, y: p.y.isFinite ? p.y : from.y)
        case .end:
            destination = endOffset()
        }
        destination = clampPoint(destination)
        let duration = request.duration.isFinite ? max(0, request.duration) : 0
        let timed = Timed(destination: request.destination, curve: request.curve, end: timestamp + duration,
                          completion: request.completion)
        var m = Driven(kind: .timed(timed))
        for d in ScrollingView.dims {
            m[d] = Track(TimedSimulation(from: from[d], to: destination[d], duration: duration, curve: request.curve),
                         start: timestamp, target: destination[d], pacing: motionPolicy.pacing(for: .travel))
        }
        // Anything still running is replaced (a replaced timed scroll already completed with false).
        let leftover = beginActivity(.driven(m))
        velocity = .zero
        leftover?(false)
    }
}
