// Scroll-to-focus in a list: the offset that shows a focused item, at the list's focus pivot if it has one, moved
// onto a snap position that still shows the item whole when the list snaps, inside the scroll range.

import Motion

extension ListView {
    /// The content offset a focus move onto item `index` scrolls to: the least scroll that shows it whole (or the
    /// offset that puts it at ``focusPivot``), then, when the list snaps, the snap position nearest that in the
    /// direction of travel that still shows it whole; clamped to the scroll range, so the insets stay reachable.
    func focusScrollOffset(forItem index: Int) -> Point {
        let s = scrollView
        var target = contentOffset(forItem: index, position: .visible)
        guard numberOfItems > 0, let f = frame(of: index) else { return target }
        let horizontal = axis == .horizontal
        let length = viewportLength
        let lo = axisComponent(f.origin), hi = lo + (horizontal ? f.width : f.height)
        if let pivot = focusPivot, pivot.isFinite {
            let t = lo - min(max(pivot, 0), 1) * length
            target = s.clampPoint(horizontal ? Point(x: t, y: target.y) : Point(x: target.x, y: t))
        }
        guard let snapping = s.snapping, hi - lo <= length else { return target }
        let current = axisComponent(s.contentOffset), wanted = axisComponent(target)
        func shows(_ p: Point) -> Bool {
            let o = axisComponent(p)
            return lo >= o - 0.5 && hi <= o + length + 0.5
        }
        let nearest = s.clampPoint(snapping.snapPosition(from: target, steps: 0, in: s))
        if shows(nearest) { return nearest }
        // The nearest snap position cuts the item: the next one the way the list is going.
        let forward = wanted >= current
        let next = s.clampPoint(snapping.snapPosition(from: nearest, steps: forward ? 1 : -1, in: s))
        if shows(next) { return next }
        let back = s.clampPoint(snapping.snapPosition(from: nearest, steps: forward ? -1 : 1, in: s))
        return shows(back) ? back : target
    }

    /// Scrolls so that focused item `index` shows (``focusScrollOffset(forItem:)``) with the focus scroll's timing.
    func scrollToFocusedItem(_ index: Int) {
        let s = scrollView
        guard storedLayout.estimatedItemSize == nil else {
            // A self-sizing list: the item's place is corrected on the way; scrollToItem follows it.
            scrollToItem(index, position: .visible, duration: s.focusScrollDuration, curve: s.focusScrollCurve)
            return
        }
        let target = focusScrollOffset(forItem: index)
        if target != s.contentOffset || s.isAnimating {
            s.setContentOffset(target, duration: s.focusScrollDuration, curve: s.focusScrollCurve)
        }
    }
}
