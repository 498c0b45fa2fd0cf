// InputRouter's row gestures: a list row's swipe (a drag within 30° of horizontal, told from a scroll by the
// same directional lock), the long press that lifts a row to reorder it, and the taps that run or close an open
// row's actions.

import Motion

/// What the router holds about a row gesture in progress (one per router).
struct RouterRowState {
    /// The vertical list under the down whose row has swipe actions, and that row.
    weak var swipeList: ListView?
    var swipeItem = -1
    var swiping = false
    /// The list under the down that lets its rows be lifted, that row, and when the long press lifts it.
    weak var reorderList: ListView?
    var reorderItem = -1
    var longPressAt: Double?
    var reordering = false
    /// The down landed on an open row's button (the action runs; the rest of the gesture is ignored).
    var consumed = false
    /// The gesture closed an open row: its up is not a tap.
    var noTap = false
    /// The down landed on the open row itself: a tap closes it.
    var tapCloses = false
}

extension InputRouter {
    /// A down: an open row's button runs, an open row elsewhere closes; the row under the pointer becomes a
    /// swipe candidate and, if its list reorders, the long press starts timing. Returns true when the down was
    /// taken (a button).
    func rowsPointerDown(_ p: Point, _ time: Double, scrollViews: [ScrollingView]) -> Bool {
        let open = openRowList
        rows = RouterRowState()
        if let open, open.swipedItem != nil, open.isDescendant(of: root) {
            let local = open.pointFromRootSpace(p)
            let inside = open.frameInRoot.contains(p)
            if inside, open.tapSwipeAction(at: local, time: time) {
                rows.consumed = true
                claimBuiltIn()
                return true
            }
            if inside && open.isOnSwipedRow(local) {
                open.holdSwipe(at: time)
                rows.tapCloses = true
            } else {
                open.closeSwipeActions()
                rows.noTap = true
            }
        }
        // Each list whose scroll view is on the path notes its row (innermost first).
        for s in scrollViews { s.superview?.rowsDown(at: p, time: time, in: s, &rows) }
        return false
    }

    /// A move: drives a swipe or a lifted row, or starts one (a long press whose time passed; a drag past the
    /// slop within 30° of horizontal on a row with actions). Returns true when the move was the row's.
    func rowsPointerMove(_ p: Point, _ time: Double) -> Bool {
        if rows.consumed { return true }
        if rows.swiping, let list = rows.swipeList {
            tracker.addSample(position: p.x, time: time)
            list.moveSwipe(dx: p.x - downPoint.x)
            return true
        }
        if rows.reordering, let list = rows.reorderList {
            list.moveReorder(finger: list.pointFromRootSpace(p), time: time)
            return true
        }
        guard !decided else { return false }
        let dx = p.x - downPoint.x, dy = p.y - downPoint.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if let at = rows.longPressAt, time >= at {
            liftRow(at: at)
            if rows.reordering, let list = rows.reorderList {
                list.moveReorder(finger: list.pointFromRootSpace(p), time: time)
                return true
            }
        }
        let slop = rows.swipeList.map { max(0, $0.scrollView.touchSlop) } ?? ScrollingView.defaultTouchSlop
        guard distance > slop else { return false }
        rows.longPressAt = nil   // moved: not a long press
        guard let list = rows.swipeList else { return false }
        guard abs(dy) <= tan30Degrees * abs(dx), list.isDescendant(of: root) else {
            rows.swipeList = nil   // a vertical drag: the list scrolls, the row stays
            return false
        }
        // Within 30° of horizontal: the row takes the drag, the scroll views on the path let go.
        for s in chain { s.routedCancel(time) }
        cancelPress()
        claimBuiltIn()
        rows.swiping = true
        rows.noTap = true
        openRowList = list
        tracker.reset()
        tracker.addSample(position: downPoint.x, time: downTime)
        tracker.addSample(position: p.x, time: time)
        list.beginSwipe(item: rows.swipeItem, time: time)
        list.moveSwipe(dx: dx)
        return true
    }

    /// An up: ends a swipe (snap by position and velocity, or a full swipe) or drops a lifted row. Returns true
    /// when the gesture was the row's; otherwise a tap that closed an open row is kept from activating.
    func rowsPointerUp(_ p: Point, _ time: Double) -> Bool {
        defer { rows.longPressAt = nil }
        if rows.consumed {
            rows.consumed = false
            finishGesture()
            return true
        }
        if rows.swiping, let list = rows.swipeList {
            rows.swiping = false
            tracker.addSample(position: p.x, time: time)
            list.moveSwipe(dx: p.x - downPoint.x)
            list.releaseSwipe(velocity: tracker.velocity(at: time), time: time)
            finishGesture()
            return true
        }
        if !rows.reordering, !decided, let at = rows.longPressAt, time >= at { liftRow(at: at) }
        if rows.reordering, let list = rows.reorderList {
            rows.reordering = false
            list.moveReorder(finger: list.pointFromRootSpace(p), time: time)
            list.endReorder(time: time)
            finishGesture()
            return true
        }
        if !decided, rows.tapCloses, let open = openRowList {
            open.closeSwipeActions()
            cancelPress()
        } else if rows.noTap {
            cancelPress()
        }
        return false
    }

    /// Each frame: a press held still for the long-press duration lifts its row.
    func rowsBeforeStep(_ now: Double) {
        guard let at = rows.longPressAt, now >= at else { return }
        guard gestureActive, !decided, !rows.swiping else { rows.longPressAt = nil; return }
        liftRow(at: at)
    }

    /// Lifts the candidate row at `time`: the scroll views on the path let go, the press is dropped.
    func liftRow(at time: Double) {
        rows.longPressAt = nil
        guard let list = rows.reorderList, list.isDescendant(of: root), list.canLift(rows.reorderItem) else { return }
        for s in chain { s.routedCancel(time) }
        cancelPress()
        claimBuiltIn()
        rows.reordering = true
        rows.noTap = true
        rows.swipeList = nil
        list.beginReorder(item: rows.reorderItem, finger: list.pointFromRootSpace(downPoint), time: time)
    }
}
