// ListView's swipe actions without a finger: the arrows on a focused row open its actions and choose one, Return
// or Space runs it; an assistive technology runs them by name (each is an action of the item).

import Motion

extension ListView {
    /// The titles of item `index`'s swipe actions (``ListSwipeActionsSource``): the leading side's, then the
    /// trailing side's; empty when it has none (or the list is not a one-column vertical list).
    public func swipeActionTitles(forItem index: Int) -> [String] {
        guard swipeActionsExist(for: index), let source = dataSource as? any ListSwipeActionsSource else { return [] }
        return source.leadingSwipeActions(forItem: index, in: self).map(\.title)
            + source.trailingSwipeActions(forItem: index, in: self).map(\.title)
    }

    /// Runs item `index`'s swipe action titled `title` as a tap on its revealed button does (a destructive one
    /// slides the row out first; the handler runs when the row has settled, on a coming frame). This is what an
    /// assistive technology's action of that name does. Returns false when the item has no such action.
    @discardableResult
    public func performSwipeAction(titled title: String, forItem index: Int) -> Bool {
        guard swipeActionsExist(for: index), let source = dataSource as? any ListSwipeActionsSource else { return false }
        let leadingSide: Double = isRightToLeft ? -1 : 1
        let side: Double, k: Int
        if let found = source.leadingSwipeActions(forItem: index, in: self).firstIndex(where: { $0.title == title }) {
            side = leadingSide; k = found
        } else if let found = source.trailingSwipeActions(forItem: index, in: self).firstIndex(where: { $0.title == title }) {
            side = -leadingSide; k = found
        } else {
            return false
        }
        prepareSwipe(item: index)
        return runRevealedAction(k, side: side, time: nil)
    }

    /// A key on focused item `index` (the router asks before anything else). On a row with actions that way,
    /// ← or → opens them as a swipe that way would, the button next to the row's content chosen (ringed). On a
    /// row the keyboard opened: the arrows move the choice (towards the row's content past the last button
    /// closes it), Return or Space runs it, Escape closes; any other key closes the row and goes on. Returns
    /// whether the key was used.
    func handleSwipeKey(_ key: Key, item index: Int, time: Double) -> Bool {
        if swipePart.item == index, let chosen = swipePart.keyboardAction, swipePart.pendingAction == nil,
           !swipePart.offset.isHeld {
            let side = swipePart.keyboardSide
            let n = swipeActions(forOffset: side).count
            switch key {
            case .left, .right:
                // The buttons show on the side the row left (the opposite of the way it moved): an arrow that
                // way goes towards the row's edge, the other way towards its content.
                let towardsEdge = (key == .left ? -1.0 : 1.0) == -side
                let k = chosen
                if towardsEdge {
                    setKeyboardAction(max(0, k - 1), side: side)        // the first action is outermost
                } else if k >= n - 1 {
                    closeSwipeActions()
                } else {
                    setKeyboardAction(k + 1, side: side)
                }
                return true
            case .enter, .space:
                return runRevealedAction(chosen, side: side, time: time)
            case .escape:
                closeSwipeActions()
                return true
            default:
                closeSwipeActions()
                return false
            }
        }
        guard key == .left || key == .right, swipeActionsExist(for: index) else { return false }
        let side: Double = key == .left ? -1 : 1
        prepareSwipe(item: index)
        let actions = swipeActions(forOffset: side)
        guard !actions.isEmpty else {
            endSwipe()
            return false
        }
        setKeyboardAction(actions.count - 1, side: side)
        settleSwipe(to: side * Self.swipeActionWidth * Double(actions.count), velocity: 0, time: time)
        return true
    }

    /// Makes item `index` the swiped row without a finger: its actions read, another open row closed, the row
    /// where it shows now.
    func prepareSwipe(item index: Int) {
        guard let source = dataSource as? any ListSwipeActionsSource else { return }
        if swipePart.item != index { endSwipe() }
        swipePart.leadingActions = source.leadingSwipeActions(forItem: index, in: self)
        swipePart.trailingActions = source.trailingSwipeActions(forItem: index, in: self)
        swipePart.offset.stop()
        swipePart.pendingAction = nil
        swipePart.item = index
        swipePart.anchorOffset = axisOffset
        if swipePart.actionsView == nil { swipePart.actionsView = SwipeActionsView() }
        syncSubviews()
        applyRowFrames()
    }

    /// The keyboard's chosen button (nil: none) on `side`, kept and ringed.
    func setKeyboardAction(_ k: Int?, side: Double) {
        swipePart.keyboardAction = k
        swipePart.keyboardSide = side
        swipePart.actionsView?.keyboardIndex = k
    }
}
