// InputRouter's wheel: notches and trackpad streams, latched to one scroll view.

import Motion

extension InputRouter {
    // MARK: - Wheel

    /// Routes a wheel event. ``WheelStreamClassifier`` decides whether it is a notch or part of a
    /// trackpad's continuous stream.
    ///
    /// Each component goes to the innermost view scrolling along it under the pointer (else the innermost
    /// view); when both land on one view it gets the whole turn, so its own rule applies (a horizontal view
    /// takes a purely vertical turn as horizontal, and dx when there is one). A stream is latched, as
    /// browsers do: the views chosen at its first continuous event get all of it until it ends, wherever
    /// the pointer (or the content under it) goes; a latched view that left the tree is chosen again. When
    /// the two components went to different views, each view's stream starts with its first nonzero step
    /// and then hears every event of the stream (a zero step is a sample that did not move).
    /// Notches are not latched. Ignored while a pointer drag is in progress.
    func wheel(dx: Double, dy: Double, at p: Point, time: Double) {
        guard !gestureActive || !decided else { return }
        let ddx = dx.isFinite ? dx : 0, ddy = dy.isFinite ? dy : 0
        let c = wheelClassifier.classify(dx: ddx, dy: ddy, time: time)
        if c.kind == .continuous {
            if c.startsStream || !isLatchedInTree(streamXView) || !isLatchedInTree(streamYView) {
                let (_, scrollViews) = path(at: p)
                guard !scrollViews.isEmpty else { streamXView = nil; streamYView = nil; return }
                streamYView = scrollViews.first { $0.scrolls(.y) } ?? scrollViews[0]
                streamXView = scrollViews.first { $0.scrolls(.x) } ?? scrollViews[0]
            }
            guard let xView = streamXView, let yView = streamYView else { return }
            if xView === yView {
                xView.wheelStream(dx: ddx, dy: ddy, time: xView.eventTime(time))
                return
            }
            // Split: a view whose stream runs hears every event (a zero step is a sample: it stopped).
            yView.wheelStream(dx: 0, dy: ddy, time: yView.eventTime(time))
            xView.wheelStream(dx: ddx, dy: 0, time: xView.eventTime(time))
            return
        }
        streamXView = nil
        streamYView = nil
        let (_, scrollViews) = path(at: p)
        guard !scrollViews.isEmpty else { return }
        let yView = scrollViews.first { $0.scrolls(.y) } ?? scrollViews[0]
        let xView = scrollViews.first { $0.scrolls(.x) } ?? scrollViews[0]
        let m = c.notchMultiplier
        if ddx != 0, ddy != 0, xView === yView {
            xView.wheel(dx: ddx, dy: ddy, time: xView.eventTime(time), multiplier: m)
            return
        }
        if ddy != 0 { yView.wheel(dx: 0, dy: ddy, time: yView.eventTime(time), multiplier: m) }
        if ddx != 0 { xView.wheel(dx: ddx, dy: 0, time: xView.eventTime(time), multiplier: m) }
    }

    /// Whether a latched stream view is still in this tree.
    func isLatchedInTree(_ view: ScrollingView?) -> Bool {
        guard let view else { return false }
        return view.isDescendant(of: root)
    }
}
