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
    /// The drag ends. `velocity` is the release velocity of the offset in **points per second**
    /// (positive = offset increasing). `targetContentOffset` is where the motion will come to rest
    /// (the decay's natural rest point clamped to the range, possibly already moved by
    /// ``ScrollingView/snapping``); rewrite it to land elsewhere. The result is clamped to the
    /// scrollable range and the motion lands on it exactly. Non-finite values are ignored.
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocity: Point, targetContentOffset: inout Point)
    /// The drag ended; `willDecelerate` is true when a motion (decay, landing or bounce) follows.
    func scrollViewDidEndDragging(_ scrollView: ScrollingView, willDecelerate: Bool)
    /// A motion that followed a release (decay, landing, bounce) came to rest on its own.
    /// Not called when a touch, a new request or ``ScrollingView/stopMotion()`` stops it.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollingView)
    /// A timed scroll, wheel glide or key glide reached its destination.
    /// Not called when it is interrupted or replaced.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollingView)
    /// A pointer went down and up without passing the touch slop, and the down did not stop a motion.
    /// `location` is the up location, in the coordinates the events were given in.
    func scrollViewDidTap(_ scrollView: ScrollingView, at location: Point)
}

extension ScrollingViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollingView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollingView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocity: Point, targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollingView, willDecelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollingView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollingView) {}
    public func scrollViewDidTap(_ scrollView: ScrollingView, at location: Point) {}
}
