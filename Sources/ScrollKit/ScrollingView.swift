import Motion

/// A scrollable viewport onto larger content: dragging with a rubber band, flings that decelerate
/// and bounce, timed scrolls, a smooth wheel and the keyboard, driven one frame at a time.
///
/// The scroll view is pure state and arithmetic: it never reads a clock and never draws. The host
/// feeds it ``InputEvent``s (each with its own timestamp) through ``handle(_:)`` and one
/// ``FrameTick`` per display frame through ``step(_:)``; views such as `ListView` read
/// ``contentOffset`` and draw.
///
/// ```swift
/// let scroll = ScrollingView(viewportSize: Size(width: 320, height: 480),
///                         contentSize: Size(width: 320, height: 6000))
/// scroll.handle(.pointerDown(location: Point(x: 10, y: 300), time: 0.000))
/// scroll.handle(.pointerMove(location: Point(x: 10, y: 200), time: 0.050))
/// scroll.handle(.pointerUp(location: Point(x: 10, y: 150), time: 0.066))
/// while scroll.isAnimating { scroll.step(nextTick()) }   // the fling decelerates to rest
/// ```
///
/// ## Coordinates and units
/// - ``contentOffset`` is the content point shown at the viewport's top-left: offset `o` shows
///   content `[o, o + viewport)` along an axis. The scrollable range per axis is
///   `minOffset = -inset.leading` ... `maxOffset = max(minOffset, content + inset.trailing - viewport)`.
/// - Velocities are **points per second** in the direction the offset moves (dragging the content
///   up makes the offset, and the velocity, positive).
/// - Times are seconds on the host's clock (the clock of the events and the frame ticks).
///
/// ## Constants (documented behaviour)
/// - ``touchSlop`` 4 pt: a pointer must move more than this (along the scrollable axes) before a
///   drag begins; then the content jumps under the pointer, 1:1 from the down position.
/// - Rubber band past an edge: `overscroll = rubberBand(raw, dimension: viewport length, c = 0.55)`.
/// - Flings: a `DecaySimulation` with ``decelerationRate``; crossing an edge hands the velocity to
///   `SpringDescription.bounce`, a critically damped spring that settles on the edge, stiffened when
///   needed so that it goes at most half the viewport's length past the edge.
/// - ``defaultAnimationDuration`` 0.3 s with ``defaultAnimationCurve`` (Core Animation's default,
///   cubic-bezier(0.25, 0.1, 0.25, 1)) for `setContentOffset(_:animated: true)`.
/// - Wheel and arrow keys: ``lineStep`` 40 pt per step over ``lineGlideDuration`` 0.12 s;
///   PageUp/PageDown/Space: the viewport less ``pageOverlap`` 40 pt (at least half the viewport)
///   over ``pageGlideDuration`` 0.2 s; Home/End over ``homeEndGlideDuration`` 0.3 s.
///
/// ## Bad input
/// Non-finite or negative sizes count as 0, non-finite insets as 0; non-finite offsets,
/// durations, locations, wheel deltas and timestamps are ignored or replaced by the last valid value
/// (each API says which). A zero-sized viewport or content leaves a single valid offset per axis
/// (`minOffset`). The offset is always finite and, at rest, inside the scrollable range.
///
/// ## Cost
/// ``step(_:)`` is O(1) and allocates nothing in steady motion: simulations are created (boxed)
/// only when a motion starts or hands over (release, edge crossing, new request, retarget).
@MainActor
public final class ScrollingView {

    // MARK: - Documented constants

    /// The default slop (points) a pointer must move past before a drag begins.
    public static let defaultTouchSlop: Double = 4
    /// Points per wheel step and per arrow key.
    public static let lineStep: Double = 40
    /// How much of the old page stays visible after PageUp/PageDown/Space (points).
    public static let pageOverlap: Double = 40
    /// Seconds a wheel step or arrow-key glide takes.
    public static let lineGlideDuration: Double = 0.12
    /// Seconds a PageUp/PageDown/Space glide takes.
    public static let pageGlideDuration: Double = 0.2
    /// Seconds a Home/End glide takes.
    public static let homeEndGlideDuration: Double = 0.3
    /// The duration of `setContentOffset(_:animated: true)`, in seconds.
    public static let defaultAnimationDuration: Double = 0.3
    /// The curve of `setContentOffset(_:animated: true)`: Core Animation's default timing function.
    public static let defaultAnimationCurve: TimingCurve = .default

    /// Seconds of slack when deciding whether a timed scroll or glide has reached its end (1 ns).
    static let timeSlack: Double = 1e-9

    // MARK: - Internal state types

    /// One axis of a 2-D value.
    enum Dim { case x, y }
    /// Both axes, for loops that must not allocate an array literal.
    static let dims: [Dim] = [.x, .y]

    /// What one axis is doing: a simulation and the host time at which its clock reads 0.
    struct AxisMotion {
        enum Kind { case decay, landing, bounce, timed, glide }
        var kind: Kind
        var simulation: AxisSimulation
        /// Host time at which `simulation`'s time is 0.
        var start: Double
        /// Where the motion comes to rest: the final frame shows exactly this.
        var target: Double
        /// For `.decay`: the concrete simulation, for the edge hand-over.
        var decay: DecaySimulation?

        init(kind: Kind, simulation: some Simulation, start: Double, target: Double, decay: DecaySimulation?) {
            self.kind = kind
            self.simulation = AxisSimulation(simulation)
            self.start = start
            self.target = target
            self.decay = decay
        }
    }

    /// An axis's simulation held without an existential box. A `SpringSimulation` does not fit an
    /// existential's inline buffer, so `any Simulation` would allocate for the bounce spring a decay hands
    /// over to when it crosses an edge — inside a frame. The library's own simulations are stored inline;
    /// any other kind (none today) stays boxed in `.other`.
    enum AxisSimulation: Simulation {
        case decay(DecaySimulation)
        case spring(SpringSimulation)
        case timed(TimedSimulation)
        case glide(GlideSimulation)
        case other(any Simulation)

        /// Wraps `simulation`: one of the known kinds inline, anything else boxed.
        init(_ simulation: some Simulation) {
            switch simulation {
            case let s as AxisSimulation: self = s
            case let s as DecaySimulation: self = .decay(s)
            case let s as SpringSimulation: self = .spring(s)
            case let s as TimedSimulation: self = .timed(s)
            case let s as GlideSimulation: self = .glide(s)
            default: self = .other(simulation)
            }
        }

        /// The timed scroll's simulation, if that is what this is.
        var timed: TimedSimulation? {
            if case .timed(let s) = self { return s }
            return nil
        }

        func position(at time: Double) -> Double {
            switch self {
            case .decay(let s): s.position(at: time)
            case .spring(let s): s.position(at: time)
            case .timed(let s): s.position(at: time)
            case .glide(let s): s.position(at: time)
            case .other(let s): s.position(at: time)
            }
        }

        func velocity(at time: Double) -> Double {
            switch self {
            case .decay(let s): s.velocity(at: time)
            case .spring(let s): s.velocity(at: time)
            case .timed(let s): s.velocity(at: time)
            case .glide(let s): s.velocity(at: time)
            case .other(let s): s.velocity(at: time)
            }
        }

        func isDone(at time: Double) -> Bool {
            switch self {
            case .decay(let s): s.isDone(at: time)
            case .spring(let s): s.isDone(at: time)
            case .timed(let s): s.isDone(at: time)
            case .glide(let s): s.isDone(at: time)
            case .other(let s): s.isDone(at: time)
            }
        }
    }

    /// Which callback the current set of motions owes when it ends.
    enum Session { case none, deceleration, timed, glide }

    enum TimedDestination { case point(Point), end }

    struct TimedRequest {
        var destination: TimedDestination
        var duration: Double
        var curve: TimingCurve
        var completion: (@MainActor (Bool) -> Void)?
    }

    struct PointerState {
        var downLocation: Point
        var lastLocation: Point
        var lastTime: Double
        /// The unbanded ("raw") offset at the down: raw offset = anchor - (pointer - down).
        var anchor: Point
        /// The displayed offset at the down (the snap rules' drag start offset).
        var downOffset: Point
        var isDragging: Bool
        /// The down stopped a motion, so this touch is not a tap.
        var stoppedMotion: Bool
    }

    // MARK: - Stored state

    var storedViewportSize: Size
    var storedContentSize: Size
    var storedContentInset: Insets = .zero
    var storedAxis: ScrollAxis

    var motionX: AxisMotion?
    var motionY: AxisMotion?
    var session: Session = .none

    var pendingRequest: TimedRequest?
    var timedCompletion: (@MainActor (Bool) -> Void)?
    var timedDestination: TimedDestination = .end
    var timedResolved: Point = .zero
    var timedCurve: TimingCurve = .linear
    var timedEnd: Double = 0

    var pointer: PointerState?
    var trackerX = VelocityTracker()
    var trackerY = VelocityTracker()
    /// Fractional wheel steps not yet turned into snap steps (only with `snapping`).
    var wheelStepRemainder: Double = 0

    /// The `targetTimestamp` of the last frame stepped: the time the displayed offset belongs to.
    var lastShownTime: Double = 0
    /// The latest finite time seen (frames or events); stands in for non-finite event times.
    var latestTime: Double = 0

    // MARK: - Public state

    /// The content point shown at the viewport's top-left (see the type's coordinate notes).
    /// Always finite. At rest it lies in `minContentOffset ... maxContentOffset`; while dragging or
    /// bouncing it may lie past an edge (rubber band).
    ///
    /// Setting it is `setContentOffset(_:animated: false)`, as in UIKit: any motion stops where it is
    /// (a fling or bounce just stops, without `scrollViewDidEndDecelerating`; a running or pending timed
    /// scroll completes with `false`), the offset jumps to the new value and `scrollViewDidScroll`
    /// fires if it moved. During a drag the content moves and the drag continues from there.
    /// ``setContentOffset(_:animated:)`` (and ``setContentOffset(_:duration:curve:completion:)``) animate.
    ///
    /// Unlike UIKit, which lets you set any offset, the value is clamped to
    /// `minContentOffset ... maxContentOffset`: ScrollKit keeps the offset in range at rest.
    ///
    /// Bad input: a NaN or infinite component keeps its current value.
    public var contentOffset: Point {
        get { storedContentOffset }
        set { setContentOffset(newValue, animated: false) }
    }
    /// The displayed offset; only ``setOffset(_:)`` changes it after `init`.
    var storedContentOffset: Point
    /// The current velocity of ``contentOffset`` in points per second (0 at rest).
    public internal(set) var velocity: Point = .zero
    /// What the scroll view is doing.
    public internal(set) var phase: ScrollingPhase = .idle

    /// Receives scroll callbacks. Held weakly because a delegate is by nature an owner of the scroll
    /// view (a screen or controller that keeps it), exactly as UIKit's `UIScrollView.delegate`: a strong
    /// reference would be a cycle. Keep the delegate alive yourself; Swift warns that
    /// `scroll.delegate = MyDelegate()` is released at once.
    public weak var delegate: ScrollingViewDelegate?
    /// Moves release targets, wheel steps and arrow-key steps onto snap positions. Held strongly because
    /// a snapper is a policy object the scroll view uses, not an owner: `scroll.snapping = MySnapper()`
    /// keeps working. A snapper that needs its scroll view gets it as a parameter; one that keeps a
    /// reference to the scroll view or its owner should hold it weakly (as ``ListView``'s does).
    public var snapping: (any ScrollSnapping)?
    /// Called after ``contentOffset`` changed, after the delegate's `scrollViewDidScroll`. Held strongly
    /// (a closure); capture its owner weakly.
    public var onDidScroll: (@MainActor (ScrollingView) -> Void)?
    /// Called on a tap (see `ScrollingViewDelegate.scrollViewDidTap`), after the delegate. Held strongly
    /// (a closure); capture its owner weakly. A ``ListView`` sets it to deliver `onSelectItem`.
    public var onTap: (@MainActor (Point) -> Void)?

    /// How fast flings slow down (per millisecond; `.normal` 0.998, `.fast` 0.99). Applies to the next release.
    public var decelerationRate: DecelerationRate = .normal
    /// Whether the content can be pulled past its edges (rubber band) and flings bounce there.
    /// When false, drags and flings stop at the edges.
    public var bounces: Bool = true
    /// Points the pointer must move (along the scrollable axes) before a drag begins. Non-finite
    /// or negative values count as 0.
    public var touchSlop: Double = ScrollingView.defaultTouchSlop

    /// Creates a scroll view at rest at its minimum offset.
    /// Non-finite or negative sizes count as 0.
    public init(viewportSize: Size = .zero, contentSize: Size = .zero, axis: ScrollAxis = .vertical) {
        storedViewportSize = ScrollingView.sanitized(viewportSize)
        storedContentSize = ScrollingView.sanitized(contentSize)
        storedAxis = axis
        storedContentOffset = .zero
        storedContentOffset = Point(x: range(.x).lo, y: range(.y).lo)
    }

    // MARK: - Geometry

    /// The visible size in points. Setting it during any motion keeps the offset valid: at rest
    /// the offset is clamped; a running motion is retargeted to the new range. Non-finite or negative → 0.
    public var viewportSize: Size {
        get { storedViewportSize }
        set { storedViewportSize = ScrollingView.sanitized(newValue); geometryDidChange() }
    }

    /// The content's size in points (same rules as ``viewportSize``).
    public var contentSize: Size {
        get { storedContentSize }
        set { storedContentSize = ScrollingView.sanitized(newValue); geometryDidChange() }
    }

    /// Extra scrollable space around the content (points; may be negative). Non-finite → 0.
    public var contentInset: Insets {
        get { storedContentInset }
        set {
            func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
            storedContentInset = Insets(top: f(newValue.top), left: f(newValue.left),
                                            bottom: f(newValue.bottom), right: f(newValue.right))
            geometryDidChange()
        }
    }

    /// The direction(s) the content scrolls in. Changing it stops any motion
    /// (a timed animation completes with `false`) and clamps the offset.
    public var axis: ScrollAxis {
        get { storedAxis }
        set {
            guard newValue != storedAxis else { return }
            storedAxis = newValue
            stopMotion()
        }
    }

    /// The smallest offset at rest: `(-contentInset.left, -contentInset.top)`.
    public var minContentOffset: Point { Point(x: range(.x).lo, y: range(.y).lo) }
    /// The largest offset at rest: per axis `max(min, content + trailing inset - viewport)`.
    public var maxContentOffset: Point { Point(x: range(.x).hi, y: range(.y).hi) }

    /// Whether anything needs frames: a deceleration, bounce, timed scroll or glide, or a timed
    /// request waiting for the next ``step(_:)``. False at rest and while a pointer drags (a drag
    /// moves on events, not frames), so the host can sleep.
    public var isAnimating: Bool { motionX != nil || motionY != nil || pendingRequest != nil }

    // MARK: - Frames

    /// Advances to the frame `tick`: starts a pending timed request (its clock starts at
    /// `tick.timestamp`), then shows every running simulation at `tick.targetTimestamp`.
    ///
    /// O(1); no heap allocation unless a motion starts or hands over in this frame. Ticks with
    /// non-finite timestamps are ignored. Ticks are expected in increasing time order.
    public func step(_ tick: FrameTick) {
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
            let p = m.simulation.position(at: local)
            let edge: Double? = direction > 0 && p > r.hi ? r.hi : (direction < 0 && p < r.lo ? r.lo : nil)
            if let edge {
                guard bounces else {
                    position = edge; velocity = 0; slot = nil
                    return
                }
                if let crossing = decay.time(toReach: edge), crossing.isFinite, crossing >= 0, crossing <= local {
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
        let p = m.simulation.position(at: local)
        let v = m.simulation.velocity(at: local)
        guard p.isFinite, v.isFinite else {
            position = clamp(m.target.isFinite ? m.target : position, d)
            velocity = 0
            slot = nil
            return
        }
        if m.kind == .timed, let timed = m.simulation.timed {
            // A curve that overshoots (back, elastic, spring) is rubber-banded past the edges like a drag.
            (position, velocity) = bandTimed(p, velocity: v, from: timed.from, d)
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

    // MARK: - Stopping

    /// Stops any deceleration, bounce, glide or timed scroll where it is (clamped into the range
    /// if a bounce was past an edge). A running or pending timed scroll completes with `false`.
    /// No `didEnd…` delegate callback is sent. Does nothing to a drag in progress.
    public func stopMotion() {
        let active = timedCompletion
        let pending = pendingRequest?.completion
        timedCompletion = nil
        pendingRequest = nil
        motionX = nil
        motionY = nil
        session = .none
        velocity = .zero
        if pointer?.isDragging == true {
            updateDragOffset()
        } else {
            setOffset(clampPoint(contentOffset))
        }
        updatePhase()
        active?(false)
        pending?(false)
    }

    /// Stops motion for a pointer down: exactly at the displayed offset (no clamping, no jump).
    /// Returns whether a motion was running.
    func interruptForTouch() -> Bool {
        let wasMoving = motionX != nil || motionY != nil
        let active = timedCompletion
        let pending = pendingRequest?.completion
        timedCompletion = nil
        pendingRequest = nil
        motionX = nil
        motionY = nil
        session = .none
        velocity = .zero
        active?(false)
        pending?(false)
        return wasMoving
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

    // MARK: - Resizing

    /// Keeps the offset valid after a change of viewport, content or insets.
    func geometryDidChange() {
        if pointer?.isDragging == true {
            updateDragOffset()
        } else if motionX == nil && motionY == nil {
            if pointer == nil { setOffset(clampPoint(contentOffset)) }
        } else {
            // An axis that is not moving stays put: keep it in the new range like an offset at rest.
            var o = contentOffset
            if motionX == nil { o.x = clamp(o.x, .x) }
            if motionY == nil { o.y = clamp(o.y, .y) }
            setOffset(o)
            retarget(&motionX, .x)
            retarget(&motionY, .y)
            updatePhase()
            finishSessionIfDone()
        }
    }

    /// Replans one axis's motion from the displayed state when the range no longer holds its target.
    func retarget(_ slot: inout AxisMotion?, _ d: Dim) {
        guard let m = slot else { return }
        let x = contentOffset[d], v = velocity[d]
        let start = lastShownTime
        let r = range(d)
        switch m.kind {
        case .timed:
            var destination = m.target
            if case .end = timedDestination, scrolls(d) {
                destination = endOffset()[d]
            }
            destination = clamp(destination, d)
            // Replan when the destination moved, or when the path starts outside the new range (it would
            // come back out there: the rubber band counts from a timed scroll's start).
            let pathStart = m.simulation.timed?.from ?? x
            guard destination != m.target || pathStart != clamp(pathStart, d) else { return }
            let remaining = max(0, timedEnd - start)
            slot = AxisMotion(kind: .timed,
                              simulation: TimedSimulation(from: x, to: destination, duration: remaining, curve: timedCurve),
                              start: start, target: destination, decay: nil)
        case .glide:
            let destination = clamp(m.target, d)
            guard destination != m.target else { return }
            slot = AxisMotion(kind: .glide,
                              simulation: GlideSimulation(from: x, velocity: v, to: destination,
                                                          duration: ScrollingView.lineGlideDuration, continuing: true),
                              start: start, target: destination, decay: nil)
        case .decay, .landing, .bounce:
            let clampedTarget = clamp(m.target, d)
            let outside = x < r.lo || x > r.hi
            let needsPlan = m.kind == .decay ? outside : (outside || clampedTarget != m.target)
            guard needsPlan else { return }
            let natural = DecaySimulation.restPosition(position: x, velocity: v, rate: decelerationRate)
            slot = planAxis(d, position: x, velocity: v, natural: natural, target: clampedTarget, start: start)
        }
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
            return (lo, hi.isFinite ? max(lo, hi) : lo)
        case .y:
            let lo = -storedContentInset.top
            let hi = storedContentSize.height + storedContentInset.bottom - storedViewportSize.height
            return (lo, hi.isFinite ? max(lo, hi) : lo)
        }
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
