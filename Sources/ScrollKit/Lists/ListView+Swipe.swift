// ListView's swipe actions: a row dragged sideways 1:1 (the router's directional lock hands it over), snapped
// open or closed on release by the projection of its velocity, a full swipe running the first action, one row
// open at a time, closed by a tap elsewhere or a scroll.

import Motion

extension ListView {
    // MARK: - Public

    /// The width of one action button, in points.
    public static let swipeActionWidth = 80.0
    /// Formerly the speed a release needed to open a row short of half its actions. Releases now settle on the
    /// stop (open or closed) nearest the position their velocity projects to, as every interactive position
    /// does (``NavigationStackView/projectedPosition(_:velocity:)``): 300 pt/s projects about 150 pt.
    @available(*, deprecated, message: "a release picks open or closed by the projection of its velocity")
    public static let swipeOpenSpeed = 300.0

    /// The row whose swipe actions show (open, opening or closing), if any.
    public var swipedItem: Int? { swipePart.item }
    /// How far that row is moved aside, in points: negative when moved left (the trailing actions show in a
    /// left-to-right list, the leading ones in a right-to-left list), 0 when none.
    public var swipeOffset: Double { swipePart.offset.value }
    /// The fraction of the row's width past which a release runs the side's first action (a full swipe),
    /// 0.55 by default (values outside 0.2...0.95, and NaN, are clamped).
    public var fullSwipeFraction: Double {
        get { swipePart.fullSwipeFraction }
        set { swipePart.fullSwipeFraction = newValue.isFinite ? min(0.95, max(0.2, newValue)) : 0.55 }
    }

    /// Closes the open row: on a spring from the current frame, or at once.
    public func closeSwipeActions(animated: Bool = true) {
        guard swipePart.item != nil else { return }
        swipePart.pendingAction = nil
        setKeyboardAction(nil, side: 0)
        if animated, swipePart.offset.value != 0 {
            settleSwipe(to: 0, velocity: 0, time: nil)
        } else {
            endSwipe()
        }
    }

    // MARK: - Gesture (driven by the InputRouter)

    /// Whether item `index` has actions on either side (the data source is asked).
    func swipeActionsExist(for index: Int) -> Bool {
        guard storedLayout.axis == .vertical, grid == nil, let source = dataSource as? any ListSwipeActionsSource,
              index >= 0, index < numberOfItems else { return false }
        return !source.leadingSwipeActions(forItem: index, in: self).isEmpty
            || !source.trailingSwipeActions(forItem: index, in: self).isEmpty
    }

    /// A horizontal drag on `index` begins: its actions are read, another open row closes at once, and a settle
    /// in progress stops where it is shown (the new touch takes over).
    func beginSwipe(item index: Int, time: Double) {
        guard let source = dataSource as? any ListSwipeActionsSource else { return }
        if swipePart.item != index { endSwipe() }
        swipePart.leadingActions = source.leadingSwipeActions(forItem: index, in: self)
        swipePart.trailingActions = source.trailingSwipeActions(forItem: index, in: self)
        swipePart.offset.hold(at: time)   // a settle in progress stops where it is at the touch's time
        swipePart.pendingAction = nil
        swipePart.item = index
        swipePart.anchorOffset = axisOffset
        if swipePart.actionsView == nil { swipePart.actionsView = SwipeActionsView() }
        syncSubviews()
        applyRowFrames()
    }

    /// The drag moved `dx` points from its down: the row follows 1:1 towards a side with actions (up to its
    /// width), and does not move towards a side without.
    func moveSwipe(dx: Double) {
        guard swipePart.offset.isHeld else { return }
        let w = max(1, itemCrossLength)
        let noLeft = swipeActions(forOffset: -1).isEmpty, noRight = swipeActions(forOffset: 1).isEmpty
        swipePart.offset.drag(to: swipePart.offset.grabbed + (dx.isFinite ? dx : 0)) { x in
            (x > 0 && noRight) || (x < 0 && noLeft) ? 0 : min(w, max(-w, x))
        }
        applyRowFrames()
    }

    /// The drag ended at `time` with `velocity` (points per second along x). By the position the velocity
    /// projects the row to (the one release rule of every interactive position): a row past the full-swipe
    /// fraction whose projection stays past it runs the first action; else the row settles on the nearer of
    /// open and closed to the projection (a tie opens).
    func releaseSwipe(velocity v: Double, time: Double) {
        guard swipePart.offset.isHeld else { return }
        let x = swipePart.offset.value, v = v.isFinite ? v : 0
        let actions = swipeActions(forOffset: x)
        guard x != 0, !actions.isEmpty else { settleSwipe(to: 0, velocity: v, time: time); return }
        let sign: Double = x < 0 ? -1 : 1
        let w = max(1, itemCrossLength)
        let open = Self.swipeActionWidth * Double(actions.count)
        let projected = swipePart.offset.projection(velocity: v)
        let full = fullSwipeFraction * w
        if let item = swipePart.item, abs(x) >= full && projected * sign >= full {
            swipePart.pendingAction = (actions[0], item)
            settleSwipe(to: actions[0].isDestructive ? sign * w : 0, velocity: v, time: time)
            return
        }
        swipePart.offset.release(velocity: v, time: time, stops: [sign * open, 0])
    }

    /// A tap at `point` (the list's coordinates) on the open row's revealed buttons runs that button's action
    /// (the row closes first; a destructive one slides out). Returns false when no button is there.
    func tapSwipeAction(at point: Point, time: Double) -> Bool {
        guard let item = swipePart.item, !swipePart.offset.isHeld, let view = swipePart.actionsView,
              let frame = frame(of: item) else { return false }
        let offset = scrollView.contentOffset
        let local = Point(x: point.x + offset.x - frame.minX, y: point.y + offset.y - frame.minY)
        guard local.y >= 0, local.y < frame.height, let k = view.action(atX: local.x) else { return false }
        return runRevealedAction(k, side: swipePart.offset.value < 0 ? -1 : 1, time: time)
    }

    /// Runs button `k` of the open row's `side` (the sign of the offset that shows it) as a tap on it does: the
    /// row closes first (a destructive action slides it out that way), then the handler runs. Returns false
    /// when there is no such button.
    func runRevealedAction(_ k: Int, side: Double, time: Double?) -> Bool {
        let actions = swipeActions(forOffset: side)
        guard let item = swipePart.item, k >= 0, k < actions.count else { return false }
        swipePart.pendingAction = (actions[k], item)
        setKeyboardAction(nil, side: 0)
        let w = max(1, itemCrossLength)
        settleSwipe(to: actions[k].isDestructive ? side * w : 0, velocity: 0, time: time)
        return true
    }

    /// A touch landed on the open row: a settle in progress stops where it is shown at `time` (the touch holds
    /// the row; a drag goes on from there, a tap closes it).
    func holdSwipe(at time: Double) {
        guard swipePart.offset.isMoving, swipePart.pendingAction == nil else { return }
        swipePart.offset.stop(at: time)
        applyRowFrames()
    }

    /// Whether `point` (the list's coordinates) is on the open row.
    func isOnSwipedRow(_ point: Point) -> Bool {
        swipePart.item != nil && item(at: point) == swipePart.item
    }

    /// The actions a row moved by `offset` shows: a row moved right shows those at its left edge, the leading
    /// ones in a left-to-right list and the trailing ones in a right-to-left list (``ViewNode/isRightToLeft``).
    func swipeActions(forOffset offset: Double) -> [SwipeAction] {
        (offset > 0) != isRightToLeft ? swipePart.leadingActions : swipePart.trailingActions
    }

    // MARK: - Frames

    /// Settles the offset on its spring to `target`, from `time` (an event's) or from the next frame.
    func settleSwipe(to target: Double, velocity: Double, time: Double?) {
        swipePart.offset.settle(to: target, velocity: velocity, time: time)
    }

    /// Each frame: the settle is sampled; when it ends the pending action runs, and a row back at 0 closes.
    /// A scroll of the list (a drag, the wheel, code) closes the open row.
    func stepSwipe(_ tick: FrameTick) {
        guard swipePart.item != nil else { return }
        if !swipePart.offset.isHeld, !swipePart.offset.isMoving, swipePart.pendingAction == nil,
           abs(axisOffset - swipePart.anchorOffset) > 0.5 {
            settleSwipe(to: 0, velocity: 0, time: nil)
        }
        guard swipePart.offset.isMoving else { return }
        swipePart.offset.sample(tick)
        guard !swipePart.offset.isMoving else { return }
        if let (action, item) = swipePart.pendingAction {
            swipePart.pendingAction = nil
            let slidOut = swipePart.offset.value
            let cell = self.cells.first { $0.index == item }
            let count = numberOfItems
            action.handler(item)
            if numberOfItems < count, let cell { keepGhostAside(cell, by: slidOut) }
            endSwipe()
        } else if swipePart.offset.value == 0 {
            endSwipe()
        }
    }

    /// A deleted row that slid out stays out while it fades (its ghost keeps the offset).
    func keepGhostAside(_ cell: ListCell, by dx: Double) {
        let id = ObjectIdentifier(cell)
        guard ghosts.contains(where: { $0 === cell }), var a = itemAnimations[id], var frame = a.ghostFrame else { return }
        frame.origin.x += dx
        a.ghostFrame = frame
        itemAnimations[id] = a
        cell.frame = frame
    }

    /// Drops the swipe: the row back in place, the buttons gone.
    func endSwipe() {
        guard swipePart.item != nil else { return }
        swipePart.item = nil
        swipePart.offset.jump(to: 0)
        setKeyboardAction(nil, side: 0)
        swipePart.leadingActions = []
        swipePart.trailingActions = []
        swipePart.actionsView?.actions = []
        framesDirty = true
        syncSubviews()
        updateCells()
    }

    /// Places the swiped row's cell at its offset and its buttons under it.
    func applySwipeFrame() {
        guard let item = swipePart.item, cellRange.contains(item),
              var frame = geometry.frame(ofItem: item, crossLength: crossLength) else { return }
        let cell = cells[item - cellRange.lowerBound]
        let base = frame
        let offset = swipePart.offset.value
        frame.origin.x += offset
        if cell.frame != frame { cell.frame = frame }
        guard let view = swipePart.actionsView else { return }
        if view.frame != base { view.frame = base }
        if view.offset != offset { view.offset = offset }
        let actions = swipeActions(forOffset: offset)
        if view.actions.count != actions.count || zip(view.actions, actions).contains(where: { $0.title != $1.title }) {
            view.actions = actions
        }
        let expanded = abs(offset) >= fullSwipeFraction * max(1, itemCrossLength)
        if view.expanded != expanded { view.expanded = expanded }
    }
}
