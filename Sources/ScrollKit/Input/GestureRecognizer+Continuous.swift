// The continuous recognizers, which report every move: pan (slop, axis lock, several fingers by their centroid),
// edge pan, pinch (centroid and spread) and tracking (a slider's finger).

import Motion

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
