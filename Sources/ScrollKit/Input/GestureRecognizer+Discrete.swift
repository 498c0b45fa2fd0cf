// The discrete recognizers, whose action runs once: tap (any number of taps: a double tap) and long press.

import Motion

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
