// InputRouter's navigation gestures: the edge swipe that pops a NavigationStackView (it beats a list's vertical
// scroll and a row's swipe), a touch that catches a slide or a settling sheet, and a sheet's drag with its
// hand-over to the list inside it — one mover per frame, the velocity to whichever moved last.

import Motion

/// What the router holds about a navigation gesture in progress (one per router).
struct RouterNavState {
    /// The stack whose leading edge the down landed on (a candidate until the slop decides).
    weak var edgeStack: NavigationStackView?
    /// The stack whose slide the finger holds (an edge swipe, or a caught slide).
    weak var heldStack: NavigationStackView?
    /// The sheet under the down, and whether the down caught it settling.
    weak var sheet: SheetView?
    var sheetCaught = false
    /// The sheet drags (with its list, `listIndex` in the chain, when the drag began on it).
    var sheetMode = false
    var listIndex: Int?
    /// Pointer displacement (y) dealt so far, and what is waiting for the next frame (the other mover moved in
    /// this one).
    var dealt = 0.0
    var pending = 0.0
    /// The sheet's top before the rubber band, and the list's share of the drag.
    var sheetRaw = 0.0
    var listShare = 0.0
    /// Who moved in the current frame's span, and last (0: none, 1: the sheet, 2: the list).
    var spanMover = 0
    var lastMover = 0
}

extension InputRouter {
    /// A down: a moving slide or a settling sheet is caught where it is shown; a down near a stack's leading
    /// edge becomes an edge-swipe candidate. Returns true when the stack took the whole gesture (a caught slide).
    func navPointerDown(_ p: Point, _ time: Double, hit: ViewNode) -> Bool {
        nav = RouterNavState()
        // The views on the path note themselves, innermost first (SheetView, NavigationStackView).
        var v: ViewNode? = hit
        while let view = v, !view.isPresentationLayer, view.navigationDown(at: p, time: time, &nav) { v = view.superview }
        guard nav.heldStack != nil else { return false }
        // A caught slide: the stack takes the whole gesture.
        gestureActive = true
        claimBuiltIn()
        downPoint = p
        downTime = time
        tracker.reset()
        tracker.addSample(position: p.x, time: time)
        clearHighlight()
        press = nil
        return true
    }

    /// A move: drives a held slide or a dragging sheet, or decides for one past the slop (a horizontal drag
    /// towards the trailing edge from the edge; a vertical drag on a sheet). Returns true when the move was theirs.
    func navPointerMove(_ p: Point, _ time: Double) -> Bool {
        if let stack = nav.heldStack {
            tracker.addSample(position: p.x, time: time)
            stack.moveInteractivePop(dx: trailing(p.x - downPoint.x, stack))
            return true
        }
        if nav.sheetMode {
            tracker.addSample(position: p.y, time: time)
            sheetDeal(total: p.y - downPoint.y, time: time)
            return true
        }
        guard !decided, nav.edgeStack != nil || nav.sheet != nil else { return false }
        let dx = p.x - downPoint.x, dy = p.y - downPoint.y
        guard (dx * dx + dy * dy).squareRoot() > ScrollingView.defaultTouchSlop else { return false }
        if let stack = nav.edgeStack {
            nav.edgeStack = nil
            if abs(dy) <= abs(dx), trailing(dx, stack) > 0, stack.isDescendant(of: root) {
                takeGestureForNavigation(time)
                nav.heldStack = stack
                stack.beginInteractivePop()
                stack.moveInteractivePop(dx: trailing(dx, stack))
                tracker.reset()
                tracker.addSample(position: downPoint.x, time: downTime)
                tracker.addSample(position: p.x, time: time)
                return true
            }
        }
        if let sheet = nav.sheet {
            guard abs(dy) > abs(dx), sheet.isDescendant(of: root) else {
                if nav.sheetCaught { sheet.release(velocity: 0, time: time) }
                nav.sheet = nil
                return false
            }
            let inner = chain.indices.first { chain[$0].isDescendant(of: sheet) && chain[$0].scrolls(.y) }
            for (k, s) in chain.enumerated() where k != inner { s.routedCancel(time) }
            takeGestureForNavigation(time, cancellingChain: false)
            if let k = inner {
                participants = [k]
                chain[k].routedBeginDrag(lock: nil, resetTracking: false, at: chainDown[k], time: time)
                chain[k].routedStopResampling()
            }
            if sheet.heldTop == nil { sheet.hold() }
            nav.sheetMode = true
            nav.listIndex = inner
            nav.sheetRaw = sheet.heldTop ?? sheet.top
            tracker.reset()
            tracker.addSample(position: downPoint.y, time: downTime)
            tracker.addSample(position: p.y, time: time)
            sheetDeal(total: dy, time: time)
            return true
        }
        return false
    }

    /// An up: releases a held slide (complete or cancel by the projected position, with the velocity) or a
    /// dragging sheet (the velocity to whichever moved last). Returns true when the gesture was theirs.
    func navPointerUp(_ p: Point, _ time: Double) -> Bool {
        if let stack = nav.heldStack {
            tracker.addSample(position: p.x, time: time)
            stack.moveInteractivePop(dx: trailing(p.x - downPoint.x, stack))
            stack.releaseInteractivePop(velocity: trailing(tracker.velocity(at: time), stack), time: time)
            nav = RouterNavState()
            finishGesture()
            return true
        }
        if nav.sheetMode, let sheet = nav.sheet {
            tracker.addSample(position: p.y, time: time)
            sheetDeal(total: p.y - downPoint.y, time: time)
            nav.pending = 0
            let v = tracker.velocity(at: time)
            if let k = nav.listIndex, k < chain.count {
                let s = chain[k]
                var q = chainDown[k]
                q.y += nav.listShare
                let listMoves = nav.lastMover == 2
                s.routedPointerUp(q, time, velocity: Point(x: 0, y: listMoves ? -v * s.bandSlope(at: s.contentOffset.y, .y) : 0))
                sheet.release(velocity: listMoves ? 0 : v, time: time)
            } else {
                sheet.release(velocity: v, time: time)
            }
            nav = RouterNavState()
            finishGesture()
            return true
        }
        if nav.sheetCaught, let sheet = nav.sheet { sheet.release(velocity: 0, time: time) }
        nav = RouterNavState()
        return false
    }

    /// Each frame: what waited for a new frame moves now if this frame's mover allows it; a new span begins.
    func navBeforeStep() {
        if nav.sheetMode, gestureActive, nav.pending != 0 { sheetDeal(total: nav.dealt, time: latestTime) }
        nav.spanMover = 0
    }

    /// Deals the pointer's vertical displacement `total` (from the down) between the sheet and its list: going
    /// up, the sheet rises to its largest detent first, then the list scrolls; going down, the list scrolls back
    /// to its top first, then the sheet follows. Only one of them moves in a frame: a share for the other waits
    /// for the next frame.
    func sheetDeal(total: Double, time: Double) {
        guard let sheet = nav.sheet else { return }
        var rest = total - nav.dealt + nav.pending
        nav.dealt = total
        nav.pending = 0
        guard rest.isFinite, rest != 0 else { return }
        let list: ScrollingView? = nav.listIndex.flatMap { $0 < chain.count ? chain[$0] : nil }
        var parts: [(who: Int, amount: Double)] = []
        if let list {
            if rest < 0 {
                let sheetTake = max(rest, -max(0, nav.sheetRaw - sheet.highestTop))
                parts = [(1, sheetTake), (2, rest - sheetTake)]
            } else {
                let offset = (list.pointer?.anchor.y ?? list.contentOffset.y) - nav.listShare
                let listTake = min(rest, max(0, offset - list.range(.y).lo))
                parts = [(2, listTake), (1, rest - listTake)]
            }
        } else {
            parts = [(1, rest)]
        }
        for part in parts where part.amount != 0 {
            guard nav.spanMover == 0 || nav.spanMover == part.who else {
                nav.pending += rest
                return
            }
            nav.spanMover = part.who
            nav.lastMover = part.who
            rest -= part.amount
            if part.who == 1 {
                nav.sheetRaw += part.amount
                sheet.moveHeld(to: nav.sheetRaw)
            } else if let list, let k = nav.listIndex {
                nav.listShare += part.amount
                var q = chainDown[k]
                q.y += nav.listShare
                list.routedPointerMove(q, time)
            }
        }
    }

    /// The navigation gesture takes the pointer: the scroll views on the path let go (unless told), the press
    /// and any row gesture are dropped.
    func takeGestureForNavigation(_ time: Double, cancellingChain: Bool = true) {
        if cancellingChain { for s in chain { s.routedCancel(time) } }
        cancelPress()
        rows = RouterRowState()
        rows.noTap = true
        decided = true
        claimBuiltIn()
        dragDim = nil
        participants.removeAll()
    }

    /// `dx` towards the stack's trailing edge (right to left: leftwards).
    func trailing(_ dx: Double, _ stack: NavigationStackView) -> Double {
        stack.isRightToLeft ? -dx : dx
    }
}
