// GestureRecognizer: the recognizers views own and the tree's router puts in each pointer's arena — the base
// class and tap, double tap, long press, pan (slop, axis lock, several fingers), pinch, edge pan and tracking.

import Motion

/// Something a view recognizes from the pointers that go down on it: a tap, a pan, a pinch. Views own them
/// (``ViewNode/addGestureRecognizer(_:)``); every pointer that goes down enters an arena of its own with the
/// recognizers of the views on its hit path (innermost first) and the library's own gestures (scrolling,
/// presses, the edge swipe, row swipes); one of them wins the pointer, the others are told (see ``ViewNode``'s
/// *Gestures* notes, and the README's architecture section).
///
/// A view joins the arena in one line:
///
/// ```swift
/// let card = ViewNode(frame: Rect(x: 0, y: 100, width: 320, height: 100))
/// card.addGestureRecognizer(PanGestureRecognizer(axis: .horizontal) { r in
///     let pan = r as! PanGestureRecognizer
///     let x = pan.state == .ended || pan.state == .cancelled ? 0 : pan.translation.x
///     card.frame = Rect(x: x, y: 100, width: 320, height: 100)
/// })
/// ```
///
/// Inside a vertical scroll view, that card's horizontal drag is the pan's and a vertical one scrolls: the
/// first to pass the slop along its own axis claims the pointer. ``require(toFail:)`` makes one recognizer wait
/// for another to fail (a single tap waiting for a double tap), ``recognizeSimultaneously(with:)`` lets two
/// run together. A recognizer can follow several pointers (a two-finger pan moves by their centroid, a pinch
/// by their spread): each pointer's arena decides for it alone.
///
/// Subclass to make a recognizer of your own: override the `pointer…` hooks, ``claim()`` when the gesture is
/// yours, ``fail()`` when it cannot be; the action runs on each state change once the arena gave the pointer.
@MainActor
open class GestureRecognizer {
    /// Where the recognizer is in its gesture.
    public enum State: Sendable, Hashable {
        /// Waiting: pointers may be down, nothing is recognized yet.
        case possible
        /// A continuous gesture started (it won its pointers).
        case began
        /// A continuous gesture moved.
        case changed
        /// The gesture finished (a discrete one, a tap, only ever reports this).
        case ended
        /// The gesture stopped without finishing (its pointer was taken or went away).
        case cancelled
        /// It is not this recognizer's gesture.
        case failed
    }

    /// The view that owns it.
    public internal(set) weak var view: ViewNode?
    /// A disabled recognizer joins no arena.
    public var isEnabled = true
    /// The state, as the last action saw it.
    public internal(set) var state: State = .possible
    /// Runs on each state change while the recognizer holds its pointers (and once at ``State/ended`` or
    /// ``State/cancelled``).
    public var action: (@MainActor (GestureRecognizer) -> Void)?

    struct Weak { weak var value: GestureRecognizer? }
    var failureRequirements: [Weak] = []
    var simultaneous: [Weak] = []
    var simultaneousWithAll = false
    /// The pointers down on it, their arenas, and where each is (root coordinates).
    var tracked: [(pointer: PointerID, arena: GestureArena, location: Point, down: Point)] = []
    /// Whether the arena gave it its pointers.
    public internal(set) var isRecognized = false

    /// A recognizer whose action is `action`.
    public init(action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        self.action = action
    }

    /// Makes this recognizer's claims wait until `other` fails (it wins only then, and loses if `other` wins).
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(Weak(value: other))
    }

    /// Lets this recognizer and `other` both hold a pointer (neither takes it from the other).
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        simultaneous.append(Weak(value: other))
    }

    /// Whether this recognizer and `other` may both hold a pointer.
    func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
        if simultaneousWithAll || other.simultaneousWithAll { return true }
        return simultaneous.contains { $0.value === other } || other.simultaneous.contains { $0.value === self }
    }

    // MARK: What subclasses see

    /// The pointers down on the recognizer, in the order they went down.
    public var pointers: [PointerID] { tracked.map(\.pointer) }
    /// How many pointers are down on it.
    public var numberOfPointers: Int { tracked.count }

    /// Where `pointer` is, in the view's coordinates (nil: not one of its pointers).
    public func location(of pointer: PointerID) -> Point? {
        guard let t = tracked.last(where: { $0.pointer == pointer }) else { return nil }
        return local(t.location)
    }

    /// The centroid of its pointers, in the view's coordinates (nil with none down).
    public var centroid: Point? {
        guard !tracked.isEmpty else { return nil }
        var sx = 0.0, sy = 0.0
        for t in tracked { sx += t.location.x; sy += t.location.y }
        return local(Point(x: sx / Double(tracked.count), y: sy / Double(tracked.count)))
    }

    func local(_ p: Point) -> Point { view?.pointFromRootSpace(p) ?? p }

    // MARK: Hooks

    /// Whether the recognizer takes a pointer going down at `point` (view coordinates). The default: yes.
    open func shouldBegin(at point: Point) -> Bool { true }
    /// A pointer went down on it (it is in that pointer's arena).
    open func pointerDown(_ pointer: PointerID, at point: Point, time: Double) {}
    /// One of its pointers moved.
    open func pointerMoved(_ pointer: PointerID, to point: Point, time: Double) {}
    /// One of its pointers went up; `velocity` is the pointer's (points per second, from its arena's tracker).
    open func pointerUp(_ pointer: PointerID, at point: Point, time: Double, velocity: Point) {}
    /// The arena gave it `pointer`. The default reports ``State/began`` the first time.
    open func didWin(_ pointer: PointerID) {
        if state == .possible { report(.began) }
    }
    /// The arena took `pointer` away (another recognizer won it, or the pointer was cancelled).
    open func didLose(_ pointer: PointerID) {}
    /// Every pointer is gone: back to ``State/possible``.
    open func reset() {}
    /// A frame at `time`: deadlines (a long press, a double tap's interval) come due here.
    open func tick(_ time: Double) {}

    // MARK: Actions

    /// Claims its pointers: it wins those whose arenas allow it.
    public func claim() {
        for a in tracked.map(\.arena) { a.claim(self) }
    }

    /// Gives up its pointers: it is not this recognizer's gesture.
    public func fail() {
        let arenas = tracked.map(\.arena)
        for a in arenas { a.reject(self) }
    }

    /// Sets ``state`` and runs the action (only once the arena gave it its pointers, or for an end).
    public func report(_ newState: State) {
        state = newState
        if isRecognized || newState == .ended || newState == .cancelled { action?(self) }
    }

    /// Holds `pointer`'s arena open past the up (a double tap's first tap), or lets it go.
    public func holdArena(_ hold: Bool, for pointer: PointerID) {
        guard let t = tracked.last(where: { $0.pointer == pointer }) else { return }
        if hold { t.arena.hold() } else { t.arena.release() }
    }

    // MARK: The router's side

    func join(_ arena: GestureArena, at p: Point, time: Double) {
        if tracked.isEmpty { state = .possible }
        tracked.append((arena.pointer, arena, p, p))
        arena.add(self)
        pointerDown(arena.pointer, at: local(p), time: time)
    }

    func routeMove(_ arena: GestureArena, to p: Point, time: Double) {
        let pointer = arena.pointer
        guard let i = tracked.firstIndex(where: { $0.arena === arena }) else { return }
        tracked[i].location = p
        pointerMoved(pointer, to: local(p), time: time)
    }

    func routeUp(_ arena: GestureArena, at p: Point, time: Double, velocity: Point) {
        let pointer = arena.pointer
        guard let i = tracked.firstIndex(where: { $0.arena === arena }) else { return }
        tracked[i].location = p
        pointerUp(pointer, at: local(p), time: time, velocity: velocity)
    }

    /// The router is done with `pointer` (its up was handled and its arena swept): forget it.
    func forget(_ arena: GestureArena) {
        guard let i = tracked.firstIndex(where: { $0.arena === arena }) else { return }
        tracked.remove(at: i)
        finishIfIdle()
    }

    func arenaAccepted(_ pointer: PointerID) {
        isRecognized = true
        didWin(pointer)
    }

    func arenaRejected(_ arena: GestureArena) {
        let pointer = arena.pointer
        didLose(pointer)
        if let i = tracked.firstIndex(where: { $0.arena === arena }) { tracked.remove(at: i) }
        if isRecognized, state == .began || state == .changed {
            report(.cancelled)
        } else if !isRecognized, state == .possible {
            state = .failed
        }
        finishIfIdle()
    }

    func finishIfIdle() {
        guard tracked.isEmpty else { return }
        isRecognized = false
        state = .possible
        reset()
    }
}

/// Loose pointer travel a tap or long press allows, and that a pan must pass (points).
let gestureSlop = 10.0

/// Taps: `numberOfTaps` downs and ups in a row, each within ``gestureSlop`` of the first and
/// ``maximumInterval`` of the last (one tap, a double tap). Discrete: the action runs once, at
/// ``GestureRecognizer/State/ended``. Between taps it holds the first pointer's arena, so a view under it does
/// not take that tap for its own until the recognizer fails.
///
/// ```swift
/// photo.addGestureRecognizer(TapGestureRecognizer(numberOfTaps: 2) { _ in zoomToFit() })
/// ```
public final class TapGestureRecognizer: GestureRecognizer {
    /// The taps needed.
    public let numberOfTaps: Int
    /// Seconds allowed from one tap's up to the next down.
    public var maximumInterval = 0.3
    private var count = 0
    private var firstDown: Point?
    private var deadline: Double?
    private var heldArena: GestureArena?

    /// A recognizer of `numberOfTaps` taps (at least one).
    public init(numberOfTaps: Int = 1, action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        self.numberOfTaps = max(1, numberOfTaps)
        super.init(action: action)
    }

    public override func pointerDown(_ pointer: PointerID, at point: Point, time: Double) {
        if let deadline, time > deadline { giveUp(); return }
        if let first = firstDown, gestureDistance(first, point) > 2 * gestureSlop { giveUp(); return }
        if firstDown == nil { firstDown = point }
        deadline = nil
    }

    public override func pointerMoved(_ pointer: PointerID, to point: Point, time: Double) {
        if let first = firstDown, gestureDistance(first, point) > gestureSlop { giveUp() }
    }

    public override func pointerUp(_ pointer: PointerID, at point: Point, time: Double, velocity: Point) {
        count += 1
        if count >= numberOfTaps {
            let held = heldArena
            heldArena = nil
            claim()
            held?.release()
        } else {
            // Wait for the next tap with the first tap's arena held (nobody under it takes that tap yet).
            if heldArena == nil, let t = tracked.last(where: { $0.pointer == pointer }) {
                heldArena = t.arena
                t.arena.hold()
            }
            deadline = time + maximumInterval
        }
    }

    public override func tick(_ time: Double) {
        if let deadline, time > deadline { giveUp() }
    }

    public override func didWin(_ pointer: PointerID) {
        guard state == .possible, count >= numberOfTaps else { return }
        report(.ended)
    }

    public override func reset() {
        count = 0
        firstDown = nil
        deadline = nil
        heldArena = nil
    }

    /// Not this recognizer's taps: it leaves its arenas (a claim waiting for it wins now), then lets the held
    /// one be swept.
    private func giveUp() {
        deadline = nil
        let held = heldArena
        heldArena = nil
        fail()
        held?.release()
    }
}

/// A press held still for ``minimumDuration`` (within ``gestureSlop``): continuous — ``State/began`` when
/// the time comes, ``State/changed`` as the pointer then moves, ``State/ended`` at the up.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the pointer must stay down.
    public var minimumDuration: Double
    /// Where the pointer is now (view coordinates).
    public private(set) var location = Point.zero
    private var due: Double?
    private var start = Point.zero

    /// A long press of `minimumDuration` seconds.
    public init(minimumDuration: Double = 0.5, action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        self.minimumDuration = minimumDuration
        super.init(action: action)
    }

    public override func pointerDown(_ pointer: PointerID, at point: Point, time: Double) {
        guard numberOfPointers == 1 else { return }
        start = point
        location = point
        due = time + minimumDuration
    }

    public override func pointerMoved(_ pointer: PointerID, to point: Point, time: Double) {
        location = point
        if isRecognized { report(.changed); return }
        if let due, time >= due { self.due = nil; claim(); return }
        if gestureDistance(start, point) > gestureSlop { due = nil; fail() }
    }

    public override func pointerUp(_ pointer: PointerID, at point: Point, time: Double, velocity: Point) {
        location = point
        if isRecognized { report(.ended); return }
        if let due, time >= due { self.due = nil; claim(); if isRecognized { report(.ended) }; return }
        fail()
    }

    public override func tick(_ time: Double) {
        if let d = due, time >= d { due = nil; claim() }
    }

    public override func reset() { due = nil }
}

/// A drag: continuous, from the moment its pointers' travel passes ``slop`` along ``axis`` (a horizontal pan
/// fails when the drag is more vertical than horizontal at the slop, and the other way round; a free one
/// takes any direction). Several pointers pan by their centroid; one joining or lifting moves nothing.
///
/// ```swift
/// slider.addGestureRecognizer(PanGestureRecognizer(axis: .horizontal) { pan in
///     value = start + (pan as! PanGestureRecognizer).translation.x / width
/// })
/// ```
open class PanGestureRecognizer: GestureRecognizer {
    /// The directions a pan takes.
    public enum Axis: Sendable, Hashable {
        case horizontal, vertical, free
    }
    /// The direction it takes.
    public let axis: Axis
    /// Travel (points) before it claims.
    public var slop = gestureSlop
    /// The centroid's travel since the pan began (view coordinates' units).
    public private(set) var translation = Point.zero
    /// The release velocity (points per second): the mean of its pointers' at the last up.
    public private(set) var velocity = Point.zero
    /// The centroid's travel so far, re-based when a pointer joins or lifts (root units).
    var travel = Point.zero
    private var lastCentroid: Point?

    /// A pan along `axis`.
    public init(axis: Axis = .free, action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        self.axis = axis
        super.init(action: action)
    }

    var rootCentroid: Point? {
        guard !tracked.isEmpty else { return nil }
        var sx = 0.0, sy = 0.0
        for t in tracked { sx += t.location.x; sy += t.location.y }
        return Point(x: sx / Double(tracked.count), y: sy / Double(tracked.count))
    }

    open override func pointerDown(_ pointer: PointerID, at point: Point, time: Double) {
        lastCentroid = rootCentroid
        if isRecognized { claim() }   // a finger joining a pan in progress is the pan's too
    }

    open override func pointerMoved(_ pointer: PointerID, to point: Point, time: Double) {
        guard let c = rootCentroid else { return }
        if let last = lastCentroid { travel.x += c.x - last.x; travel.y += c.y - last.y }
        lastCentroid = c
        if isRecognized {
            translation = travel
            report(.changed)
            return
        }
        let d = (travel.x * travel.x + travel.y * travel.y).squareRoot()
        guard d > slop else { return }
        switch axis {
        case .horizontal where abs(travel.y) > abs(travel.x): fail()
        case .vertical where abs(travel.x) > abs(travel.y): fail()
        default: if shouldClaim(travel: travel) { claim() } else { fail() }
        }
    }

    /// Whether a drag of `travel` past the slop is this pan's (the edge pan's direction test).
    func shouldClaim(travel: Point) -> Bool { true }

    open override func pointerUp(_ pointer: PointerID, at point: Point, time: Double, velocity: Point) {
        if numberOfPointers <= 1 {
            self.velocity = velocity
            if isRecognized { translation = travel; report(.ended) } else { fail() }
        }
    }

    open override func didWin(_ pointer: PointerID) {
        guard state == .possible else { return }
        translation = travel
        report(.began)
    }

    open override func didLose(_ pointer: PointerID) {}

    open override func reset() {
        travel = .zero
        translation = .zero
        lastCentroid = nil
    }

    /// After a pointer left (its up handled): the centroid is re-based, nothing moves.
    func rebase() { lastCentroid = rootCentroid }

    override func forget(_ arena: GestureArena) {
        super.forget(arena)
        rebase()
    }
}

/// A pan that begins at an edge of its view (within ``edgeWidth``) and moves away from it, horizontally: the
/// back swipe. The edge is the leading one unless told (the trailing one in right-to-left layouts mirrors).
public final class EdgePanGestureRecognizer: PanGestureRecognizer {
    /// The edges an edge pan starts at.
    public enum Edge: Sendable, Hashable { case leading, trailing }
    /// The edge.
    public let edge: Edge
    /// How far from the edge a down may land (points).
    public var edgeWidth = 20.0
    private var fromRight = false

    /// An edge pan from `edge`.
    public init(edge: Edge = .leading, action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        self.edge = edge
        super.init(axis: .horizontal, action: action)
    }

    public override func shouldBegin(at point: Point) -> Bool {
        guard let view else { return false }
        let rtl = view.isRightToLeft
        fromRight = (edge == .trailing) != rtl
        return fromRight ? point.x >= view.bounds.width - edgeWidth : point.x <= edgeWidth
    }

    override func shouldClaim(travel: Point) -> Bool { fromRight ? travel.x < 0 : travel.x > 0 }
}

/// Two or more pointers' spread: ``scale`` is their mean distance from their centroid over its value when
/// the pinch began (re-based when a pointer joins or lifts, so nothing jumps); continuous. It claims once
/// the spread changed by more than ``gestureSlop``.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The scale since the pinch began.
    public private(set) var scale = 1.0
    private var baseSpread = 0.0
    private var baseScale = 1.0

    /// A pinch.
    public override init(action: (@MainActor (GestureRecognizer) -> Void)? = nil) {
        super.init(action: action)
    }

    /// The pointers' mean distance from their centroid (root units), nil with fewer than two.
    var spread: Double? {
        guard tracked.count >= 2 else { return nil }
        var sx = 0.0, sy = 0.0
        for t in tracked { sx += t.location.x; sy += t.location.y }
        let cx = sx / Double(tracked.count), cy = sy / Double(tracked.count)
        var sum = 0.0
        for t in tracked { sum += ((t.location.x - cx) * (t.location.x - cx) + (t.location.y - cy) * (t.location.y - cy)).squareRoot() }
        return sum / Double(tracked.count)
    }

    public override func pointerDown(_ pointer: PointerID, at point: Point, time: Double) {
        rebaseSpread()
        if isRecognized { claim() }
    }

    public override func pointerMoved(_ pointer: PointerID, to point: Point, time: Double) {
        guard let s = spread, baseSpread > 0 else { return }
        scale = baseScale * s / baseSpread
        if isRecognized { report(.changed); return }
        if abs(s - baseSpread) > gestureSlop { claim() }
    }

    public override func pointerUp(_ pointer: PointerID, at point: Point, time: Double, velocity: Point) {
        if numberOfPointers <= 1 {
            if isRecognized { report(.ended) } else { fail() }
        }
    }

    override func forget(_ arena: GestureArena) {
        super.forget(arena)
        rebaseSpread()
    }

    private func rebaseSpread() {
        baseScale = scale
        baseSpread = spread ?? 0
    }

    public override func reset() {
        scale = 1
        baseScale = 1
        baseSpread = 0
    }
}

/// A view following each pointer itself from its down (a key of a keyboard, a slider's thumb): it claims the
/// pointer at once when ``began`` returns true, so no scroll view around it scrolls and nothing is tapped, and
/// then gets every move and the up, wherever the pointer goes. Each pointer is its own: two fingers on it are
/// two tracks (``PointerTracking`` is the one-pointer protocol form).
public final class TrackingGestureRecognizer: GestureRecognizer {
    /// A pointer went down at a point (view coordinates): return true to track it.
    public var began: @MainActor (PointerID, Point) -> Bool
    /// A tracked pointer moved.
    public var moved: @MainActor (PointerID, Point) -> Void
    /// A tracked pointer went up.
    public var ended: @MainActor (PointerID, Point) -> Void
    /// A tracked pointer went away without an up this view sees.
    public var cancelled: @MainActor (PointerID) -> Void
    private var live: [PointerID] = []

    /// A tracker calling `began`, `moved`, `ended` and `cancelled` for each pointer.
    public init(began: @escaping @MainActor (PointerID, Point) -> Bool,
                moved: @escaping @MainActor (PointerID, Point) -> Void,
                ended: @escaping @MainActor (PointerID, Point) -> Void,
                cancelled: @escaping @MainActor (PointerID) -> Void) {
        self.began = began
        self.moved = moved
        self.ended = ended
        self.cancelled = cancelled
        super.init()
    }

    public override func pointerDown(_ pointer: PointerID, at point: Point, time: Double) {
        if began(pointer, point) {
            live.append(pointer)
            claim()
        } else {
            if let t = tracked.last(where: { $0.pointer == pointer }) { t.arena.reject(self) }
        }
    }

    public override func pointerMoved(_ pointer: PointerID, to point: Point, time: Double) {
        if live.contains(pointer) { moved(pointer, point) }
    }

    public override func pointerUp(_ pointer: PointerID, at point: Point, time: Double, velocity: Point) {
        if let i = live.firstIndex(of: pointer) {
            live.remove(at: i)
            ended(pointer, point)
        }
    }

    public override func didLose(_ pointer: PointerID) {
        if let i = live.firstIndex(of: pointer) {
            live.remove(at: i)
            cancelled(pointer)
        }
    }
}

func gestureDistance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}
