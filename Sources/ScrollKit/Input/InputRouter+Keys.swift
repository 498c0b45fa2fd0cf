// InputRouter's keys: Tab, Return, arrows and page keys go to the focused view or to the scroll view that takes
// them; and what the router forgets when a subtree leaves the tree.

import Motion

extension InputRouter {
    // MARK: - Keys

    func key(_ key: Key, time: Double) {
        backWentUnhandled = false
        // A rotary encoder's Return and Back on a control it edits (Focus/InputRouter+Gamepad.swift).
        if rotaryModeKey(key) { return }
        // The focused view (or a focused item's cell) first: a picker steps with its arrows, a row's switch flips
        // with Space, a row's swipe actions open with ← → and Return runs one.
        if let view = focus?.view, view.isDescendant(of: root) {
            if let item = focus?.item {
                if let host = view as? ItemFocusHost, host.handleItemKey(key, item: item, time: time) { return }
            } else if view.handleFocusedKey(key) {
                return
            }
        }
        switch key {
        case .tab:
            if moveFocus(.next) { return }
        case .backtab:
            if moveFocus(.previous) { return }
        case .enter:
            activateFocus(time: time)
            return
        case .escape, .back:
            // The one Back: the topmost taker in the tree, else the app (see ViewNode.performBack).
            if !root.performBack() { backWentUnhandled = true }
            return
        case .space:
            // Space presses a focused control (a button, a switch, a tab) or activates a focused item that
            // takes a tap, as Return does (the web, macOS, GTK); with nothing pressable focused it pages the
            // scroll view as before.
            if let view = focus?.view, view.isDescendant(of: root) {
                let pressable: Bool
                if let host = view as? ItemFocusHost, let item = focus?.item {
                    pressable = host.itemIsPressable(item)
                } else {
                    pressable = focus?.item == nil && view.isPressable
                }
                if pressable {
                    activateFocus(time: time)
                    return
                }
            }
        case .up, .down, .left, .right:
            // Arrows move focus; one that finds nothing to focus its way scrolls instead (the article under a
            // header's only button still scrolls with ↓).
            if treeHasFocusables() {
                let move: FocusMove = key == .up ? .up : key == .down ? .down : key == .left ? .left : .right
                if moveFocus(move) { return }
            }
        default:
            break
        }
        guard let target = keyTarget(for: key) else { return }
        target.key(key, time: target.eventTime(time))
    }

    /// The scroll view a scroll key acts on: the innermost holding focus, else under the pointer, else the
    /// first of the tree; preferring one that scrolls along the key's axis.
    func keyTarget(for key: Key) -> (any KeyScrollTarget)? {
        var candidates: [any KeyScrollTarget] = []
        if let view = focus?.view, view.isDescendant(of: root) {
            var v: ViewNode? = view
            if let host = view as? ItemFocusHost { v = host.keyScrollStart }
            while let c = v {
                if let s = c as? KeyScrollTarget { candidates.append(s) }
                v = c.isPresentationLayer ? nil : c.superview
            }
        }
        if candidates.isEmpty, let p = lastPointer { candidates = path(at: p).scrollViews }
        if candidates.isEmpty, let first = Self.firstScrollView(in: root) { candidates = [first] }
        guard let innermost = candidates.first else { return nil }
        if key == .zoomIn || key == .zoomOut || key == .zoomReset {
            return candidates.first { $0.isZoomEnabled } ?? innermost
        }
        let horizontal: Bool
        switch key {
        case .left, .right: horizontal = true
        case .up, .down, .pageUp, .pageDown, .space: horizontal = false
        default: return innermost
        }
        return candidates.first { $0.scrollsForKey(horizontal: horizontal) } ?? innermost
    }

    static func firstScrollView(in view: ViewNode) -> (any KeyScrollTarget)? {
        if let s = view as? KeyScrollTarget, !s.isHidden { return s }
        for sub in view.storedSubviews where !sub.isHidden {
            if let s = firstScrollView(in: sub) { return s }
        }
        return nil
    }

    func activateFocus(time: Double) {
        guard let f = focus, let view = f.view, view.isDescendant(of: root) else { return }
        if let host = view as? ItemFocusHost, let item = f.item {
            if let cell = host.itemView(item) {
                setHighlight(cell)
                unhighlightAt = time + ViewNode.tapHighlightDuration
            }
            host.activateItem(item)
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
