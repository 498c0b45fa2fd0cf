// NavigationStackView's interactive slide: the edge swipe that pops 1:1, a touch that catches a slide where it
// is shown, and the release that completes or cancels by the projected position with the release velocity.

import Motion

extension NavigationStackView {
    /// Whether a down at `point` (the stack's own coordinates) starts an edge-swipe candidate: within
    /// ``edgeSwipeWidth`` of the leading edge with a screen to go back to, and no sheet up.
    func acceptsEdgeSwipe(at point: Point) -> Bool {
        guard screens.count > 1, sheet == nil, slide == nil, frame.width > 0 else { return false }
        let fromLeading = isRightToLeft ? frame.width - point.x : point.x
        return fromLeading >= 0 && fromLeading <= Self.edgeSwipeWidth
    }

    /// A touch on the stack while a slide moves by itself: it stops where it is shown and the finger holds it.
    /// Returns false when no slide is moving.
    func catchSlide() -> Bool {
        guard var s = slide, !s.isHeld else { return false }
        s.hold()
        slide = s
        return true
    }

    /// The edge swipe begins: the top screen is held at its place (the one below shows, parallaxed and dimmed).
    func beginInteractivePop() {
        guard screens.count > 1 else { return }
        var s = slide ?? InteractivePosition(0, physics: .navigationSlide)
        s.hold()
        slide = s
        arrange()
    }

    /// The finger moved `dx` points from where it took the slide (positive towards the trailing edge):
    /// the top screen follows 1:1, kept within the width.
    func moveInteractivePop(dx: Double) {
        guard var s = slide, s.isHeld else { return }
        let w = max(0, frame.width)
        s.drag(to: s.grabbed + (dx.isFinite ? dx : 0)) { min(max($0, 0), w) }
        slide = s
        arrange()
    }

    /// The finger let go at `time` moving at `velocity` (points per second towards the trailing edge): the
    /// slide settles on the nearer of its two stops to the projected position — off screen (the pop completes)
    /// or back in place (a tie cancels) — on the spring that starts with the release velocity.
    func releaseInteractivePop(velocity: Double, time: Double) {
        guard var s = slide, s.isHeld else { return }
        s.release(velocity: velocity, time: time, stops: [0, max(0, frame.width)])
        slide = s
    }

    /// The finger's gesture ended without a release this stack sees: settle by position alone.
    func cancelInteractivePop(time: Double) {
        releaseInteractivePop(velocity: 0, time: time)
    }
}
