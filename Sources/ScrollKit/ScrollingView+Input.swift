import Motion

extension ScrollingView {

    // MARK: - Wheel

    /// A wheel turn: `dy` steps toward the start when positive (as SDL reports it), `dx` steps
    /// toward the end (right) when positive. Fractions are precise (a 0.25 step moves 10 pt).
    /// On a `.horizontal` scroll view a purely vertical turn scrolls horizontally.
    ///
    /// Each event adds `step × lineStep` (40 pt) to the glide's destination (clamped to the range) and
    /// starts a new glide there; see ``GlideSimulation`` for how velocity carries over.
    /// With ``snapping`` set, whole steps (fractions accumulate; a reversal drops the remainder) move
    /// to the next or previous snap positions, one per step, so a burst moves several. Snapped wheel
    /// steps move along one axis: the horizontal one for `.horizontal` (and for `.both` when `dy` is 0),
    /// else the vertical one.
    func wheel(dx: Double, dy: Double, time: Double) {
        guard pointer == nil else { return }
        var ddx = dx.isFinite ? dx : 0
        let ddy = dy.isFinite ? dy : 0
        var delta = Point.zero      // in steps, positive = offset increases
        switch axis {
        case .vertical:
            delta.y = -ddy
        case .horizontal:
            if ddx == 0 { ddx = -ddy }
            delta.x = ddx
        case .both:
            delta = Point(x: ddx, y: -ddy)
        }
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
        let base = glideBase()
        let target = Point(x: base.x + delta.x * ScrollingView.lineStep, y: base.y + delta.y * ScrollingView.lineStep)
        glide(to: clampedOnScrollingAxes(target, fallback: base), duration: ScrollingView.lineGlideDuration, time: time)
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
            let sign: Double = (key == .up || key == .left) ? -1 : 1
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
        glide(to: clampedOnScrollingAxes(target, fallback: base), duration: duration, time: time)
        if key == .end {
            if main == .x { motionX?.followsEnd = true } else { motionY?.followsEnd = true }
        }
    }

    // MARK: - Glides

    /// Where the next wheel or key step counts from: the running glide's destination, else the
    /// displayed offset (clamped).
    func glideBase() -> Point {
        var base = clampPoint(contentOffset)
        if session == .glide {
            if let m = motionX, m.kind == .glide { base.x = m.target }
            if let m = motionY, m.kind == .glide { base.y = m.target }
        }
        return base
    }

    /// Starts (or retargets) a glide to `target` from the displayed offset.
    ///
    /// The glide starts at `max(time, last frame's targetTimestamp)`. Retargeting a running glide
    /// keeps the displayed velocity (continuous); starting from rest, or after any other motion,
    /// uses the ease-out kick. A running timed scroll is replaced (completes with `false`).
    func glide(to target: Point, duration: Double, time: Double) {
        let wasGliding = session == .glide
        let start = max(time, lastShownTime)
        let from = contentOffset
        let v = wasGliding ? velocity : Point.zero
        let replacedTimed = timedCompletion
        let replacedPending = pendingRequest?.completion
        timedCompletion = nil
        pendingRequest = nil
        var newX: AxisMotion?, newY: AxisMotion?
        for d in ScrollingView.dims {
            // Clamped on every axis: one that does not scroll may have been left outside its range by a
            // change of range during an interrupted timed scroll; the glide brings it back.
            let to = clamp(target[d], d)
            let moving = wasGliding && (d == .x ? motionX : motionY)?.kind == .glide
            guard to != from[d] || (moving && v[d] != 0) else { continue }
            let m = AxisMotion(kind: .glide,
                               simulation: GlideSimulation(from: from[d], velocity: v[d], to: to,
                                                           duration: duration, continuing: moving),
                               start: start, target: to, decay: nil)
            if d == .x { newX = m } else { newY = m }
        }
        motionX = newX
        motionY = newY
        if newX != nil || newY != nil {
            session = .glide
        } else {
            session = .none
            velocity = .zero
        }
        if !wasGliding { velocity = .zero }
        updatePhase()
        replacedTimed?(false)
        replacedPending?(false)
    }
}

/// The wheel and key glide: a cubic Hermite curve from (`from`, `velocity`) to rest at `to` in
/// `duration` seconds, in closed form.
///
/// `x(s) = from + v0·D·s(1−s)² + Δ·s²(3−2s)` with `s = t/D`, `Δ = to − from`. It ends exactly at `to`
/// with zero velocity.
/// - From rest (or against the current motion, or when `to == from`) `v0 = 2Δ/D`: a quadratic ease-out
///   (fast start, soft stop); for `to == from` that is no motion at all.
/// - When retargeting a running glide (`continuing`), `v0` is the current velocity, so velocity is
///   continuous; if that would overshoot (`v0·D > 3Δ`), the duration shrinks to `3Δ/v0` instead,
///   which keeps the curve monotonic and still continuous.
/// - `duration <= 0` or non-finite: done at once, at `to`.
public struct GlideSimulation: Simulation {
    /// The start position.
    public let from: Double
    /// The rest position, reached exactly at `duration`.
    public let to: Double
    /// The velocity at time 0 (units per second), after the rules above.
    public let initialVelocity: Double
    /// The duration in seconds, possibly shortened to avoid an overshoot (0 = done at once).
    public let duration: Double

    /// Creates a glide; see the type's notes for how `velocity` and `continuing` pick the start slope.
    public init(from: Double, velocity: Double, to: Double, duration: Double, continuing: Bool) {
        let from = from.isFinite ? from : (to.isFinite ? to : 0)
        let to = to.isFinite ? to : from
        var duration = duration.isFinite ? max(0, duration) : 0
        let delta = to - from
        var v0 = velocity.isFinite ? velocity : 0
        // From rest, against the motion, or to where it already is (Δ = 0: it stops there, no excursion).
        if !continuing || v0 * delta <= 0 {
            v0 = duration > 0 ? 2 * delta / duration : 0
        }
        if delta != 0, v0 * delta > 0, abs(v0) * duration > 3 * abs(delta) {
            duration = 3 * delta / v0
        }
        self.from = from
        self.to = to
        self.initialVelocity = v0
        self.duration = duration
    }

    /// The position at `time` seconds (negative or NaN times count as 0); exactly `to` from `duration` on.
    public func position(at time: Double) -> Double {
        let time = time.isNaN ? 0 : time
        guard duration > 0, time < duration else { return to }
        let s = max(0, time) / duration
        let u = 1 - s
        return from + initialVelocity * duration * s * u * u + (to - from) * s * s * (3 - 2 * s)
    }

    /// The velocity at `time` seconds; 0 from `duration` on.
    public func velocity(at time: Double) -> Double {
        let time = time.isNaN ? 0 : time
        guard duration > 0, time < duration else { return 0 }
        let s = max(0, time) / duration
        let u = 1 - s
        return initialVelocity * u * (1 - 3 * s) + (to - from) / duration * 6 * s * u
    }

    /// Whether `time >= duration`.
    public func isDone(at time: Double) -> Bool {
        !(duration > 0) || (time.isNaN ? 0 : time) >= duration
    }
}
