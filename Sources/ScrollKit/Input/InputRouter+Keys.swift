// InputRouter's keys: Tab, Return, arrows and page keys go to the focused view or to the scroll view that takes
// them; and what the router forgets when a subtree leaves the tree.

import Motion

extension InputRouter {
    // MARK: - Keys

    func key(_ key: Key, time: Double) {
        switch key {
        case .tab:
            if moveFocus(.next) { return }
        case .backtab:
            if moveFocus(.previous) { return }
        case .enter:
            activateFocus(time: time)
            return
        case .space:
            // Space presses a focused control (a button, a switch, a tab), as on the web and macOS; with a
            // list's item or nothing pressable focused it pages the scroll view as before.
            if let view = focus?.view, focus?.item == nil, view.isPressable, view.isDescendant(of: root) {
                activateFocus(time: time)
                return
            }
        case .up, .down, .left, .right:
            if treeHasFocusables() {
                let move: FocusMove = key == .up ? .up : key == .down ? .down : key == .left ? .left : .right
                moveFocus(move)
                return
            }
        default:
            break
        }
        guard let target = keyTarget(for: key) else { return }
        target.key(key, time: target.eventTime(time))
    }

    /// The scroll view a scroll key acts on: the innermost holding focus, else under the pointer, else the
    /// first of the tree; preferring one that scrolls along the key's axis.
    func keyTarget(for key: Key) -> ScrollingView? {
        var candidates: [ScrollingView] = []
        if let view = focus?.view, view.isDescendant(of: root) {
            var v: ViewNode? = view
            if let list = view as? ListView { v = list.scrollView }
            while let c = v {
                if let s = c as? ScrollingView { candidates.append(s) }
                v = c.superview
            }
        }
        if candidates.isEmpty, let p = lastPointer { candidates = path(at: p).scrollViews }
        if candidates.isEmpty, let first = Self.firstScrollView(in: root) { candidates = [first] }
        guard let innermost = candidates.first else { return nil }
        if key == .zoomIn || key == .zoomOut || key == .zoomReset {
            return candidates.first { $0.isZoomEnabled } ?? innermost
        }
        let dim: ScrollingView.Dim?
        switch key {
        case .left, .right: dim = .x
        case .up, .down, .pageUp, .pageDown, .space: dim = .y
        default: dim = nil
        }
        guard let dim else { return innermost }
        return candidates.first { $0.scrolls(dim) } ?? innermost
    }

    static func firstScrollView(in view: ViewNode) -> ScrollingView? {
        if let s = view as? ScrollingView, !s.isHidden { return s }
        for sub in view.storedSubviews where !sub.isHidden {
            if let s = firstScrollView(in: sub) { return s }
        }
        return nil
    }

    func activateFocus(time: Double) {
        guard let f = focus, let view = f.view, view.isDescendant(of: root) else { return }
        if let list = view as? ListView, let item = f.item {
            if let cell = list.cell(at: item) {
                setHighlight(cell)
                unhighlightAt = time + ViewNode.tapHighlightDuration
            }
            list.activateItem(item)
        } else {
            setHighlight(view)
            unhighlightAt = time + ViewNode.tapHighlightDuration
            view.activate()
        }
    }

    func subtreeRemoved(_ view: ViewNode) {
        if let f = focus?.view, f.isDescendant(of: view) { focus = nil }
        if let h = highlighted, h.isDescendant(of: view) { clearHighlight() }
        if let p = press, p.isDescendant(of: view) { press = nil }
        if let t = trackingOwner, t.isDescendant(of: view) {
            trackingOwner = nil
            gestureActive = false
            (t as? PointerTracking)?.cancelTracking()
        }
        if let s = indicatorOwner, s.isDescendant(of: view) { s.indicatorRelease(time: latestTime); indicatorOwner = nil; gestureActive = false }
    }
}
