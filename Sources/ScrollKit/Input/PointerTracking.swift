// PointerTracking: the protocol of a view that follows the pointer itself while pressed (a slider, a knob),
// given the whole gesture by the router.

import Motion

/// A view that follows the pointer itself while pressed, as UIKit's `UIControl` tracks a touch: a slider,
/// a knob, a colour wheel.
///
/// A ``ViewNode`` subclass adopts it; the tree's router then gives it the whole gesture that begins on it
/// (or on a subview of it that does not track): ``beginTracking(at:)`` on the pointer down, and if that
/// returns true, ``continueTracking(at:)`` on every move and ``endTracking(at:)`` on the up, wherever the
/// pointer goes. No scroll view around it scrolls, and nothing is tapped. Points are in the view's own
/// coordinates. A view that leaves the tree mid-gesture gets ``cancelTracking()``.
///
/// ```swift
/// final class Knob: ViewNode, PointerTracking {
///     var angle = 0.0
///     func beginTracking(at point: Point) -> Bool { continueTracking(at: point); return true }
///     func continueTracking(at point: Point) { angle = atan2(point.y - bounds.midY, point.x - bounds.midX) }
///     func endTracking(at point: Point) { continueTracking(at: point) }
///     func cancelTracking() {}
/// }
/// ```
@MainActor
public protocol PointerTracking: AnyObject {
    /// The pointer went down at `point`: return true to track the gesture, false to let the tree route it
    /// as usual (presses and scrolling).
    func beginTracking(at point: Point) -> Bool
    /// The pointer moved to `point` (anywhere, inside the view or not).
    func continueTracking(at point: Point)
    /// The pointer went up at `point`.
    func endTracking(at point: Point)
    /// The gesture ended without an up this view will see (it left the tree).
    func cancelTracking()
}
