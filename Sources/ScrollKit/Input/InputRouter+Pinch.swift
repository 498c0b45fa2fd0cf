// InputRouter's pinch: two or more fingers zoom the zoomable scroll view under them.

import Motion

extension InputRouter {
    // MARK: - Pinch

    /// After a touch event: two or more fingers on a gesture whose path holds a zoomable scroll view zoom it
    /// by their spread (see ``ScrollingView``'s zoom notes). The pinch (re)starts whenever the number of
    /// fingers changes, so a finger joining or lifting never jumps the scale; fewer than two end it.
    func followPinch(fingersBefore: Int, time: Double) {
        let n = touches.fingerCount
        guard n >= 2, gestureActive, indicatorOwner == nil, let spread = touches.spread, spread > 0 else {
            if let view = pinchView {
                pinchView = nil
                view.pinchEnded()
            }
            return
        }
        if let view = pinchView, n == fingersBefore {
            view.pinchChanged(ratio: spread / pinchSpread, centroid: viewportPoint(touches.centroid, in: view))
            return
        }
        if pinchView == nil {
            guard let k = chain.firstIndex(where: { $0.isZoomEnabled }) else { return }
            if !decided { grantPinch(k, time: time) }
            guard participants.contains(k) else { return }
            pinchView = chain[k]
        }
        pinchSpread = spread
        if let view = pinchView { view.pinchBegan(at: viewportPoint(touches.centroid, in: view)) }
    }

    /// Gives the gesture to the zoomable chain member `k` at once: a pinch needs no slop.
    func grantPinch(_ k: Int, time: Double) {
        decided = true
        claimBuiltIn()
        cancelPress()
        dragDim = nil
        participants = [k]
        shares = [0]
        dealt = 0
        for j in chain.indices where j != k { chain[j].routedCancel(time) }
        chain[k].routedBeginDrag(lock: nil, resetTracking: false, at: chainDown[k], time: time)
    }

    /// The view under `p` (root frame coordinates) and the scroll views on its path, innermost first.
    func path(at p: Point) -> (hit: ViewNode?, scrollViews: [ScrollingView]) {
        var hit = root.hitTest(root.pointFromRootSpace(p))
        if hit == nil, root.takesPressesOutside, !root.isHidden, root.isUserInteractionEnabled { hit = root }
        var scrollViews: [ScrollingView] = []
        var view = hit
        while let v = view {
            if let s = v.pathScrollView { scrollViews.append(s) }
            view = v.isPresentationLayer ? nil : v.superview   // a presentation's drag scrolls nothing beneath
        }
        return (hit, scrollViews)
    }

    /// `p` (root frame coordinates) in `s`'s viewport coordinates (0,0 = its frame's top-left).
    func viewportPoint(_ p: Point, in s: ScrollingView) -> Point {
        let origin = s.frameOriginInRoot()
        return Point(x: p.x - origin.x, y: p.y - origin.y)
    }
}
