// ScrollingViewDelegate: the callbacks a scroll view sends (projections of its activity's changes).

/// Observes a ``ScrollingView``. Every method has a default no-op implementation, so conformers
/// implement only what they need.
///
/// Callbacks arrive on the main actor, from inside ``ScrollingView/handle(_:)``, ``ScrollingView/step(_:)``
/// or the setter that caused them, after the scroll view's state is up to date. They may call back
/// into the scroll view (start an animation, set the offset); such calls take effect at once or in
/// the next `step`, never re-entrantly inside the current frame's arithmetic.
@MainActor
public protocol ScrollingViewDelegate: AnyObject {
    /// The content offset changed (called only when it really changed, at most once per event or frame).
    func scrollViewDidScroll(_ scrollView: ScrollingView)
    /// The pointer moved past the touch slop: a drag begins.
    func scrollViewWillBeginDragging(_ scrollView: ScrollingView)
    /// The drag ends (ScrollKit's Swift-style form, units in the name). `velocity` is the release
    /// velocity of the offset in **points per second** (positive = offset increasing).
    /// `targetContentOffset` is where the motion will come to rest (the decay's natural rest point
    /// clamped to the range, possibly already moved by ``ScrollingView/snapping``); rewrite it to land
    /// elsewhere.
    ///
    /// Order at a release: this method first; its target, clamped to the scrollable range, is then
    /// handed to ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`` (UIKit's form), which
    /// may rewrite it again. Both rewrites are honoured, each clamped; the motion lands exactly on the
    /// final target. Non-finite components are ignored (the previous target's stay).
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocityInPointsPerSecond velocity: Point,
                                   targetContentOffset: inout Point)
    /// The drag ends: UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with its
    /// exact shape and units, so a delegate ported from UIKit runs as written. `velocity` is in **points
    /// per millisecond**, as UIKit passes it (the points-per-second release velocity divided by 1000);
    /// write `targetContentOffset.pointee` to land elsewhere.
    ///
    /// Called after ``scrollViewWillEndDragging(_:velocityInPointsPerSecond:targetContentOffset:)``:
    /// `pointee` starts as that method's (clamped) target. The pointer is valid only during the call.
    /// The new target is clamped to the scrollable range; non-finite components are ignored.
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, withVelocity velocity: Point,
                                   targetContentOffset: UnsafeMutablePointer<Point>)
    /// The former name of ``scrollViewWillEndDragging(_:velocityInPointsPerSecond:targetContentOffset:)``,
    /// still called (right after it, with the same points-per-second velocity and its clamped target), so
    /// delegates written for it keep working. Implement the new name instead.
    @available(*, deprecated, renamed: "scrollViewWillEndDragging(_:velocityInPointsPerSecond:targetContentOffset:)",
               message: "velocity is in points per second: the new name says so")
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocity: Point, targetContentOffset: inout Point)
    /// The drag ended; `willDecelerate` is true when a motion (decay, landing or bounce) follows.
    func scrollViewDidEndDragging(_ scrollView: ScrollingView, willDecelerate: Bool)
    /// A motion that followed a release (decay, landing, bounce) came to rest on its own.
    /// Not called when a touch, a new request or ``ScrollingView/stopMotion()`` stops it.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollingView)
    /// A timed scroll, wheel glide or key glide reached its destination.
    /// Not called when it is interrupted or replaced.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollingView)
    /// A pointer went down and up without passing the touch slop, and the down did not stop a visible
    /// motion: content slower than ``ScrollingView/tapThroughSpeed`` (30 pt/s) only looks still, so a
    /// press there stops it and is a tap. `location` is the up location, in the coordinates the events
    /// were given in.
    func scrollViewDidTap(_ scrollView: ScrollingView, at location: Point)
    /// ``ScrollingView/zoomScale`` changed (a pinch, a double-tap, Ctrl + wheel, a zoom key or a call);
    /// ``ScrollingView/contentSize`` and the offset are already those of the new scale.
    func scrollViewDidZoom(_ scrollView: ScrollingView)
}

extension ScrollingViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollingView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollingView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocityInPointsPerSecond velocity: Point,
                                          targetContentOffset: inout Point) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollingView, withVelocity velocity: Point,
                                          targetContentOffset: UnsafeMutablePointer<Point>) {}
    @available(*, deprecated, renamed: "scrollViewWillEndDragging(_:velocityInPointsPerSecond:targetContentOffset:)")
    public func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocity: Point, targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollingView, willDecelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollingView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollingView) {}
    public func scrollViewDidTap(_ scrollView: ScrollingView, at location: Point) {}
    public func scrollViewDidZoom(_ scrollView: ScrollingView) {}
}

/// Calls the deprecated `scrollViewWillEndDragging(_:velocity:targetContentOffset:)` through a
/// protocol requirement that is not deprecated, so the library itself builds without a warning.
protocol LegacyWillEndDraggingCall {
    @MainActor func call(_ delegate: any ScrollingViewDelegate, _ scrollView: ScrollingView, velocity: Point,
                         targetContentOffset: inout Point)
}

struct LegacyWillEndDragging: LegacyWillEndDraggingCall {
    @available(*, deprecated)
    @MainActor func call(_ delegate: any ScrollingViewDelegate, _ scrollView: ScrollingView, velocity: Point,
                         targetContentOffset: inout Point) {
        delegate.scrollViewWillEndDragging(scrollView, velocity: velocity, targetContentOffset: &targetContentOffset)
    }
}
