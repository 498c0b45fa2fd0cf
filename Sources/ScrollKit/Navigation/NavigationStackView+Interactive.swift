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
        guard var s = slide, !s.held else { return false }
        s.motion = nil
        s.held = true
        s.heldFrom = s.position
        slide = s
        return true
    }

    /// The edge swipe begins: the top screen is held at its place (the one below shows, parallaxed and dimmed).
    func beginInteractivePop() {
        guard screens.count > 1 else { return }
        var s = slide ?? Slide(position: 0)
        s.motion = nil
        s.held = true
        s.heldFrom = s.position
        slide = s
        arrange()
    }

    /// The finger moved `dx` points from where it took the slide (positive towards the trailing edge):
    /// the top screen follows 1:1, kept within the width.
    func moveInteractivePop(dx: Double) {
        guard var s = slide, s.held else { return }
        let d = dx.isFinite ? dx : 0
        s.position = min(max(s.heldFrom + d, 0), max(0, frame.width))
        slide = s
        arrange()
    }

    /// The finger let go at `time` moving at `velocity` (points per second towards the trailing edge): the
    /// slide settles off screen (the pop completes) when the projected position is past half the width, else
    /// back in place, on the spring that starts with the release velocity.
    func releaseInteractivePop(velocity: Double, time: Double) {
        guard var s = slide, s.held else { return }
        let w = max(0, frame.width)
        let v = velocity.isFinite ? velocity : 0
        let target = Self.projectedPosition(s.position, velocity: v) > w / 2 ? w : 0
        s.held = false
        s.motion = Animated(spring(from: s.position, velocity: v, to: target), start: time.isFinite ? time : nil)
        slide = s
    }

    /// The finger's gesture ended without a release this stack sees: settle by position alone.
    func cancelInteractivePop(time: Double) {
        releaseInteractivePop(velocity: 0, time: time)
    }
}
