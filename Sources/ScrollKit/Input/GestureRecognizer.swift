// GestureRecognizer: the base class of the recognizers views own and the tree's router puts in each pointer's
// arena (its states, the arena's calls, failure requirements). The kinds: GestureRecognizer+Discrete.swift (tap,
// double tap, long press) and GestureRecognizer+Continuous.swift (pan, edge pan, pinch, tracking).

import Motion

/// Something a view recognizes from the pointers that go down on it: a tap, a pan, a pinch. Views own them
/// (``ViewNode/addGestureRecognizer(_:)``); every pointer that goes down enters an arena of its own with the
/// recognizers of the views on its hit path (innermost first) and the library's own gestures (scrolling,
/// presses, the edge swipe, row swipes); one of them wins the pointer, the others are told (see ``ViewNode``'s
/// *Gestures* notes, and <doc:Architecture>).
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
