// InputRouter's arenas: each pointer (the mouse, each finger) gets a GestureArena of its own on its down, with
// the recognizers of the views on its hit path and the library's own gestures as one member; the router feeds
// them the pointer's events and its velocity, sweeps the arena at the up, and ticks deadlines each frame.

import Motion

/// The library's own gestures of the tree (scrolling and its chains, presses, the edge swipe and sheets, row
/// swipes and reorder, indicators, pointer tracking) as one member of each pointer's arena: it claims when
/// one of them takes the pointer, and when another recognizer wins, the router cancels them.
@MainActor
final class BuiltInGestures: GestureRecognizer {
    unowned let router: InputRouter
    unowned let session: PointerSession
    /// The arenas of the library's gesture in progress (its pointers' arenas).
    var gestureArenas: [GestureArena] = []
    /// A tap waiting for the verdict of the arenas it was made in (a recognizer holding one: a double tap's
    /// first tap).
    var pendingTap: (arenas: [GestureArena], run: @MainActor () -> Void)?

    init(router: InputRouter, session: PointerSession) {
        self.router = router
        self.session = session
        super.init()
    }

    /// Whether it won every one of `arenas` (so a tap made in them may run).
    func holds(_ arenas: [GestureArena]) -> Bool { arenas.allSatisfy { $0.winner === self } }

    override func didWin(_ pointer: PointerID) {
        if let tap = pendingTap, holds(tap.arenas) {
            pendingTap = nil
            router.with(session) { tap.run() }
        }
    }

    override func arenaRejected(_ arena: GestureArena) {
        super.arenaRejected(arena)
        if let tap = pendingTap, tap.arenas.contains(where: { $0 === arena }) {
            pendingTap = nil
            router.with(session) { router.clearHighlight() }
        }
        if gestureArenas.contains(where: { $0 === arena }) {
            gestureArenas.removeAll()
            router.with(session) { router.builtInLost(time: router.latestTime) }
        }
    }
}

extension InputRouter {
    /// The live (not yet up) arena of `pointer`.
    func liveArena(_ pointer: PointerID) -> GestureArena? {
        arenas.last { $0.pointer == pointer && !$0.isUp }
    }

    /// A pointer down at `p` (root coordinates): its arena opens with the recognizers on its hit path,
    /// innermost first. The library's own gestures join in ``arenaDownFinished(_:joined:time:)``.
    func arenaDown(_ pointer: PointerID, at p: Point, time: Double) -> GestureArena? {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        if let old = liveArena(pointer) { arenaUp(old, at: p, time: time) }
        guard let hit = hitView(at: p) else { return nil }
        let arena = GestureArena(pointer: pointer)
        arena.trackerX.addSample(position: p.x, time: time)
        arena.trackerY.addSample(position: p.y, time: time)
        arenas.append(arena)
        var view: ViewNode? = hit
        while let v = view {
            for r in v.gestureRecognizers where r.isEnabled && r.shouldBegin(at: v.pointFromRootSpace(p)) {
                r.join(arena, at: p, time: time)
            }
            view = v.isPresentationLayer ? nil : v.superview   // nothing beneath a presentation joins
        }
        return arena
    }

    /// After the library's gestures saw the down: they join when they took it, and the arena closes.
    func arenaDownFinished(_ arena: GestureArena, joined: Bool, at p: Point, time: Double) {
        if joined {
            builtIn.gestureArenas.append(arena)
            builtIn.join(arena, at: p, time: time)
            if builtInClaimed { builtIn.claim() }
        }
        arena.close()
    }

    func arenaMove(_ arena: GestureArena, to p: Point, time: Double) {
        guard p.x.isFinite, p.y.isFinite else { return }
        arena.trackerX.addSample(position: p.x, time: time)
        arena.trackerY.addSample(position: p.y, time: time)
        for m in arena.members where m !== builtIn { m.routeMove(arena, to: p, time: time) }
    }

    /// The pointer's up: the recognizers see it with its velocity, then the arena is swept.
    func arenaUp(_ arena: GestureArena, at p: Point, time: Double) {
        let q = p.x.isFinite && p.y.isFinite ? p : (lastPointer ?? .zero)
        let velocity = Point(x: arena.trackerX.velocity(at: time), y: arena.trackerY.velocity(at: time))
        let v = Point(x: velocity.x.isFinite ? velocity.x : 0, y: velocity.y.isFinite ? velocity.y : 0)
        for m in arena.members where m !== builtIn { m.routeUp(arena, at: q, time: time, velocity: v) }
        arena.sweep()
        arena.isUp = true
    }

    /// Arenas whose pointer is up and that are decided (or no longer held) let their members go.
    func purgeArenas() {
        guard arenas.contains(where: { $0.isUp && (!$0.isHeld || $0.isResolved) }) else { return }
        var k = 0
        while k < arenas.count {
            let a = arenas[k]
            if a.isUp && (!a.isHeld || a.isResolved) {
                arenas.remove(at: k)
                for m in a.members { m.forget(a) }
            } else {
                k += 1
            }
        }
    }

    /// Each frame: the recognizers' deadlines (long presses, a double tap's wait).
    func tickArenas(_ now: Double) {
        var k = 0
        while k < arenas.count {
            let a = arenas[k]
            var j = 0
            while j < a.members.count {
                let m = a.members[j]
                if m !== builtIn { m.tick(now) }
                j += 1
            }
            k += 1
        }
        purgeArenas()
    }

    /// Whether a recognizer other than the library's is in an arena (it may need frames for its deadlines).
    var arenasNeedFrames: Bool {
        arenas.contains { a in a.members.contains { $0 !== builtIn } }
    }

    /// The library's gestures take the pointer(s) of the gesture in progress.
    func claimBuiltIn() {
        builtInClaimed = true
        builtIn.claim()
    }

    /// Another recognizer won the pointer: the library's gesture in progress lets go.
    func builtInLost(time: Double) {
        guard gestureActive else { return }
        for s in chain { s.routedCancel(time) }
        if nav.sheetCaught, let sheet = nav.sheet { sheet.release(velocity: 0, time: time) }
        if let stack = nav.heldStack { stack.cancelInteractivePop(time: time) }
        if let owner = indicatorOwner {
            indicatorOwner = nil
            owner.indicatorRelease(time: time)
        }
        if let owner = trackingOwner {
            trackingOwner = nil
            (owner as? PointerTracking)?.cancelTracking()
        }
        if let view = pinchView {
            pinchView = nil
            view.pinchEnded()
        }
        nav = RouterNavState()
        rows = RouterRowState()
        cancelPress()
        finishGesture()
        gestureActive = false
    }
}
