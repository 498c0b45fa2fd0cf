// ScrollingPhase: what a scroll view is doing, as its public `phase` reports it (read from its activity).

/// What a ``ScrollingView`` is doing right now.
///
/// - `idle`: at rest; nothing needs frames.
/// - `tracking`: a pointer is down but has not yet moved past ``ScrollingView/touchSlop``.
/// - `dragging`: the content follows the pointer 1:1 (rubber-banded past the edges).
/// - `decelerating`: after a release, a decay (or a landing on a snap target) runs.
/// - `bouncing`: a critically damped spring settles on an edge (after crossing it, or after a
///   release while overscrolled).
/// - `animating`: a timed scroll (`setContentOffset(_:duration:curve:completion:)`), a wheel or a key glide.
public enum ScrollingPhase: String, Sendable, Hashable, CaseIterable {
    case idle, tracking, dragging, decelerating, bouncing, animating
}
