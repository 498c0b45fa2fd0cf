// ScrollingView's internal state types: Dim (one axis), TimedRequest (a timed scroll asked for) and
// PointerState (a held or dragging pointer).

import Motion

// The scroll view's input state types: the axes, a timed request waiting for its frame, the pointer.

extension ScrollingView {
    /// One axis of a 2-D value.
    enum Dim { case x, y }
    /// Both axes, for loops that must not allocate an array literal.
    static let dims: [Dim] = [.x, .y]

    /// A timed scroll asked for (`setContentOffset(_:duration:curve:completion:)`, `scrollToEnd`): it waits
    /// in ``ScrollingView/queuedRequest`` for the next frame, whose `timestamp` starts its clock, and becomes
    /// the `.driven` activity there.
    struct TimedRequest {
        /// A point (clamped when the scroll starts), or the end of the range (followed if it moves).
        enum Destination { case point(Point), end }
        var destination: Destination
        var duration: Double
        var curve: TimingCurve
        var completion: (@MainActor (Bool) -> Void)?
    }

    struct PointerState {
        var downLocation: Point
        var lastLocation: Point
        var lastTime: Double
        /// The unbanded ("raw") offset at the down: raw offset = anchor - (pointer - down).
        var anchor: Point
        /// The displayed offset at the down (the snap rules' drag start offset).
        var downOffset: Point
        var isDragging: Bool
        /// The down stopped a motion (with snapping, the release settles on a snap position).
        var stoppedMotion: Bool
        /// The motion it stopped was visibly moving (``ScrollingView/tapThroughSpeed`` or faster), so
        /// this touch is not a tap. A press on content that only looks still is a tap.
        var stoppedVisibleMotion: Bool
        /// The tree's router decides when (and whether) this touch drags: no drag starts by itself.
        var awaitsGrant = false
        /// The only axis this drag moves (directional lock), or `nil` for every scrolling axis.
        var lock: Dim?
        /// The fling the down caught, per axis: its velocity at the last frame before the down (0 on an
        /// axis that was not in a plain deceleration) and the time it started decelerating (its release).
        /// A fast fling in the same direction adds to it (see ``ScrollingView/flingBoostMinimumSpeed``).
        var caughtVelocity = Point.zero
        var caughtStart = Point.zero
        /// A touch drag: the content shows the finger resampled at each frame (see
        /// ``ScrollingView/touchResampleLatency``), not at each event.
        var resamples = false
        /// For `resamples`: the recent samples (time order) and the location the content shows.
        var recent: [TouchResampler.Sample] = []
        var shownLocation = Point.zero
        /// A continuous wheel stream (a trackpad) driving the view as a drag of a virtual pointer (see
        /// ``ScrollingView/wheelStream(dx:dy:time:)``); it ends at a frame, ``WheelStreamClassifier/streamEndGap``
        /// after its last event.
        var wheelStream = false
        /// For a wheel stream on a `.horizontal` view: its vertical steps scroll horizontally (decided by its first event).
        var wheelVerticalAsHorizontal = false
    }
}
