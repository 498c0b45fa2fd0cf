/// Rewrites where motion comes to rest so it lands on snap positions.
///
/// ``ScrollingView/snapping`` holds one strongly, so `scroll.snapping = MySnapper()` works; a snapper
/// that keeps a reference back to the scroll view (or to what owns it) should make it weak. `SnapBehavior`, through `ListView`, implements it.
/// Offsets are content offsets (see ``ScrollingView/contentOffset``); velocities are points per second
/// in the direction the offset moves. Only the components along the scroll view's axis (or axes)
/// are used; results are clamped to the scrollable range by the scroll view, and non-finite
/// components are ignored.
@MainActor
public protocol ScrollSnapping: AnyObject {
    /// The rest offset for a release.
    ///
    /// - Parameters:
    ///   - proposed: the decay's natural rest point, clamped to the scrollable range.
    ///   - velocity: the release velocity (pt/s).
    ///   - dragStartOffset: the offset when the pointer went down.
    ///   - currentOffset: the offset at the release (may be rubber-banded past an edge).
    func snapTarget(for proposed: Point, velocity: Point, dragStartOffset: Point, currentOffset: Point,
                    in scrollView: ScrollingView) -> Point

    /// The snap position `steps` positions away from `offset` (negative = toward the start).
    /// Used by the wheel and the keys. `steps == 0` should return the nearest snap position.
    func snapPosition(from offset: Point, steps: Int, in scrollView: ScrollingView) -> Point
}
