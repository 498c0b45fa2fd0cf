// ScrollingView's zooming, the UIScrollView model: zoomScale within its limits, pinch, double-tap, Ctrl + wheel
// and keys, animated zooms and zooming to a rect.

import Motion

// Zooming: the scale, its limits, pinch, double-tap, Ctrl + wheel, the zoom keys and the zooming activity.

/// Zooming, the UIScrollView model: ``zoomScale`` between ``minimumZoomScale`` and ``maximumZoomScale``;
/// pinch (two fingers, about their centroid, while they pan), double-tap, Ctrl + wheel (``InputEvent/magnify(scale:location:time:)``)
/// and the zoom keys (``Key/zoomIn``, ``Key/zoomOut``, ``Key/zoomReset``).
///
/// - **Sizes.** ``contentSize`` is in points at the current scale, as UIScrollView reports it: zooming
///   multiplies it, and so does every offset. The scroll view does not scale its subviews' drawing: it lays
///   out ``zoomingView`` (UIKit's `viewForZooming`) at the content's origin with the content's size at each
///   scale, and that view draws itself at its size (as ``TiledImageView`` does).
/// - **Pinch.** The content point under the fingers' centroid stays under it while the scale follows the
///   fingers' spread and the centroid pans the content, 1:1. A pinch released at once does not fling (a
///   finger that carries on alone does). Past a limit the scale is rubber-banded
///   (``ZoomScale/banded(_:minimum:maximum:bounces:)``: at most one octave past it) and, on release, returns
///   to the limit about the centroid with the offset brought into range, as the critically damped spring
///   of bounces (`SpringDescription.bounce`) drives it. A pinch follows each event (it is not resampled).
/// - **Double-tap** (two taps within ``doubleTapInterval`` and ``doubleTapSlop``): zooms in to
///   ``doubleTapZoomScale`` about the tapped point, or back out to ``minimumZoomScale`` when zoomed in,
///   animated (``zoomAnimationDuration``, ``defaultAnimationCurve``). Each tap is still delivered as a tap.
/// - **Ctrl + wheel** zooms about the pointer by ``wheelZoomStep`` per wheel step, at once, within the limits.
/// - **Keys:** ``Key/zoomIn`` and ``Key/zoomOut`` (hosts report Ctrl + `+` / `-`) zoom by
///   ``keyZoomStep`` about the viewport's centre, animated; repeated presses build on the zoom in progress.
///   ``Key/zoomReset`` (Ctrl + 0) goes back to ``minimumZoomScale``.
///
/// Every animated zoom is a `Simulation` of its progress from 0 to 1, sampled at each frame's
/// `targetTimestamp`: the scale goes geometrically from its start to its end
/// (``ZoomScale/interpolated(from:to:progress:)``), the anchor point stays put, and the offset is blended
/// into its final value, clamped to the range at the final scale, so the last frame is exact.
///
/// Bad input: non-finite or non-positive scales and limits are ignored (the property keeps its value);
/// a maximum below the minimum counts as the minimum.
extension ScrollingView {
    // MARK: - Constants

    /// The factor one wheel step zooms by with Ctrl held: 2^(1/4) ≈ 1.19, four steps double the scale.
    nonisolated public static let wheelZoomStep: Double = 1.189207115002721
    /// The factor ``Key/zoomIn`` and ``Key/zoomOut`` zoom by: √2, two presses double the scale.
    nonisolated public static let keyZoomStep: Double = 1.4142135623730951
    /// Seconds an animated zoom takes (double-tap, keys, `setZoomScale(_:animated: true)`): 0.3.
    public static let zoomAnimationDuration: Double = 0.3
    /// Most seconds between the two taps of a double-tap: 0.3.
    public static let doubleTapInterval: Double = 0.3
    /// Most points between the two taps of a double-tap: 30.
    public static let doubleTapSlop: Double = 30

    // MARK: - State types

    struct PinchState {
        /// The unbanded scale when the pinch (re)started.
        var rawAtStart: Double
        /// The centroid, viewport coordinates (the anchor of the return to a limit).
        var anchor: Point
    }

    // MARK: - Public API

    /// How much the content is scaled: 1 is its natural size. Kept within ``minimumZoomScale`` ...
    /// ``maximumZoomScale`` at rest (a pinch may stretch it past them; it comes back on release).
    /// Setting it is `setZoomScale(_:animated: false)`: about the viewport's centre, offset kept in range.
    /// Non-finite or non-positive values are ignored.
    public var zoomScale: Double {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// The smallest scale at rest (default 1). Setting it brings ``zoomScale`` within the limits (during a
    /// gesture, when the gesture ends).
    /// Non-finite or non-positive values are ignored.
    public var minimumZoomScale: Double {
        get { storedMinimumZoomScale }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            storedMinimumZoomScale = newValue
            keepScaleWithinLimits()
        }
    }

    /// The largest scale at rest (default 1; below ``minimumZoomScale`` it counts as the minimum). Zooming is
    /// on when it is larger than the minimum. Setting it brings ``zoomScale`` within the limits.
    /// Non-finite or non-positive values are ignored.
    public var maximumZoomScale: Double {
        get { max(storedMinimumZoomScale, storedMaximumZoomScale) }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            storedMaximumZoomScale = newValue
            keepScaleWithinLimits()
        }
    }

    /// Whether pinch, double-tap, Ctrl + wheel and the zoom keys zoom: ``maximumZoomScale`` is larger than
    /// ``minimumZoomScale``.
    public var isZoomEnabled: Bool { maximumZoomScale > minimumZoomScale }

    /// Whether a pinch is zooming the content now.
    public var isZooming: Bool { pinch != nil }

    /// Whether an animated zoom (a double-tap's, a key's, a return to a limit) is running.
    public var isZoomAnimating: Bool { zooming != nil }

    /// Whether ``zoomScale`` shows past ``minimumZoomScale`` or ``maximumZoomScale`` (during or after a pinch).
    public var isZoomOutsideLimits: Bool {
        storedZoomScale < minimumZoomScale * (1 - 1e-12) || storedZoomScale > maximumZoomScale * (1 + 1e-12)
    }

    /// The scale a double-tap zooms in to: when nil (the default), the natural size (1) or twice the
    /// minimum, whichever is larger, at most the maximum.
    public var doubleTapZoomScale: Double? {
        get { storedDoubleTapZoomScale }
        set { storedDoubleTapZoomScale = newValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
    }

    /// Zooms to `scale` (clamped to the limits) about the viewport's centre, keeping the offset in range;
    /// animated over ``zoomAnimationDuration`` with ``defaultAnimationCurve``, or at once.
    public func setZoomScale(_ scale: Double, animated: Bool) {
        let centre = Point(x: storedViewportSize.width / 2, y: storedViewportSize.height / 2)
        zoom(toScale: scale, about: centre, animated: animated)
    }

    /// Zooms to `scale` (clamped to the limits) keeping the content point under `anchor` (viewport
    /// coordinates: 0,0 is the viewport's top-left) where it is, as far as the range allows; animated over
    /// ``zoomAnimationDuration`` with ``defaultAnimationCurve`` and completing with `true` (or `false` when
    /// interrupted), or at once. Stops other motion; ignored during a drag or when `scale` is not finite
    /// and positive.
    public func zoom(toScale scale: Double, about anchor: Point, animated: Bool,
                     completion: (@MainActor (Bool) -> Void)? = nil) {
        guard scale.isFinite, scale > 0, pointer == nil else { completion?(false); return }
        let anchor = Point(x: anchor.x.isFinite ? anchor.x : storedViewportSize.width / 2,
                           y: anchor.y.isFinite ? anchor.y : storedViewportSize.height / 2)
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        if animated {
            startZoomMotion(to: target, about: anchor, spring: false, time: max(latestTime, lastShownTime),
                            completion: completion)
        } else {
            stopMotion()
            let o = contentOffset
            let moved = Point(x: ZoomScale.anchoredOffset(o.x, anchor: anchor.x, scale: storedZoomScale, newScale: target),
                              y: ZoomScale.anchoredOffset(o.y, anchor: anchor.y, scale: storedZoomScale, newScale: target))
            applyZoomScale(target)
            setOffset(clampPoint(moved))
            completion?(true)
        }
    }

    /// Zooms so that `rect` (content coordinates at scale 1) fills the viewport as far as the limits allow,
    /// centred: UIScrollView's `zoom(to:animated:)`. Ignored for an empty or non-finite `rect`.
    public func zoom(to rect: Rect, animated: Bool) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return }
        let scale = min(storedViewportSize.width / rect.width, storedViewportSize.height / rect.height)
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        let centre = Point(x: rect.midX * target - storedViewportSize.width / 2,
                           y: rect.midY * target - storedViewportSize.height / 2)
        guard pointer == nil, target.isFinite else { return }
        let end = clampPoint(centre, atScale: target)
        if animated {
            // About the point that stays fixed between the two views, when there is one: a zoom that also pans.
            startZoomMotion(to: target, endOffset: end, time: max(latestTime, lastShownTime), completion: nil)
        } else {
            stopMotion()
            applyZoomScale(target)
            setOffset(end)
        }
    }

    // MARK: - Input

    /// A relative zoom (Ctrl + wheel): multiplies the scale by `scale` about `anchor` (viewport coordinates),
    /// within the limits, at once. Ignored during a drag, when zooming is off, or for a bad `scale`.
    func magnify(by scale: Double, about anchor: Point, time: Double) {
        guard isZoomEnabled, pointer == nil, scale.isFinite, scale > 0, scale != 1 else { return }
        let base = zooming?.toScale ?? storedZoomScale
        zoom(toScale: base * scale, about: anchor, animated: false)
    }

    /// The zoom keys; returns whether `key` was one (and zooming is on).
    func zoomKey(_ key: Key, time: Double) -> Bool {
        guard isZoomEnabled else { return false }
        let base = zooming?.toScale ?? storedZoomScale
        let target: Double
        switch key {
        case .zoomIn: target = base * Self.keyZoomStep
        case .zoomOut: target = base / Self.keyZoomStep
        case .zoomReset: target = minimumZoomScale
        default: return false
        }
        let centre = Point(x: storedViewportSize.width / 2, y: storedViewportSize.height / 2)
        let clamped = min(max(target, minimumZoomScale), maximumZoomScale)
        startZoomMotion(to: clamped, about: centre, spring: false, time: max(time, lastShownTime), completion: nil)
        return true
    }

    /// A tap at `location` (viewport coordinates): the second of a double-tap zooms (see the type's notes).
    func noteTapForZoom(at location: Point) {
        guard isZoomEnabled, location.x.isFinite, location.y.isFinite else { return }
        let now = latestTime
        if let last = lastTap, now - last.time <= Self.doubleTapInterval,
           abs(location.x - last.location.x) <= Self.doubleTapSlop, abs(location.y - last.location.y) <= Self.doubleTapSlop {
            lastTap = nil
            let zoomedIn = storedZoomScale > minimumZoomScale * (1 + 1e-6)
            let target = zoomedIn ? minimumZoomScale : resolvedDoubleTapScale
            startZoomMotion(to: target, about: location, spring: false, time: max(now, lastShownTime), completion: nil)
        } else {
            lastTap = (now, location)
        }
    }

    var resolvedDoubleTapScale: Double {
        let natural = storedDoubleTapZoomScale ?? max(1, 2 * minimumZoomScale)
        return min(max(natural, minimumZoomScale), maximumZoomScale)
    }

    // MARK: - Pinch (the router's entry points)

    /// Two or more fingers are down on this view (or their number changed): the scale follows their spread
    /// from here. The drag shows each event from now on (a pinch is not resampled).
    func pinchBegan(at centroid: Point) {
        guard isZoomEnabled else { return }
        if zooming != nil { activity = .idle }
        pinch = PinchState(rawAtStart: ZoomScale.unbanded(storedZoomScale, minimum: minimumZoomScale,
                                                          maximum: maximumZoomScale),
                           anchor: centroid)
        if var p = pointer, p.resamples {
            p.resamples = false
            p.shownLocation = p.lastLocation
            pointer = p
            updateDragOffset()
        }
    }

    /// The fingers' spread is `ratio` times what it was at ``pinchBegan(at:)``: zooms about `centroid` (the
    /// fingers' centroid, viewport coordinates), rubber-banded past the limits. Call after the pointer moved
    /// for the same event.
    func pinchChanged(ratio: Double, centroid: Point) {
        guard let pinch, var p = pointer, ratio.isFinite, ratio > 0 else { return }
        let raw = pinch.rawAtStart * ratio
        let s = ZoomScale.banded(raw, minimum: minimumZoomScale, maximum: maximumZoomScale, bounces: bouncesZoom)
        let old = storedZoomScale
        guard centroid.x.isFinite, centroid.y.isFinite else { return }
        let location = p.lastLocation
        self.pinch?.anchor = centroid
        guard s != old, s.isFinite else { return }
        // The drag's raw (unbanded) offset is what zooms about the centroid; the band is applied anew at the
        // new scale's range.
        for d in ScrollingView.dims {
            let shift = location[d] - p.downLocation[d]
            let raw = p.anchor[d] - shift
            p.anchor[d] = ZoomScale.anchoredOffset(raw, anchor: centroid[d], scale: old, newScale: s) + shift
        }
        if !p.isDragging {
            p.isDragging = true
            p.awaitsGrant = false
        }
        pointer = p
        applyZoomScale(s)
        updateDragOffset()
        for d in ScrollingView.dims where !dragScrolls(d) {
            var o = contentOffset
            o[d] = clamp(ZoomScale.anchoredOffset(o[d], anchor: centroid[d], scale: old, newScale: s), d)
            setOffset(o)
        }
    }

    /// The pinch is over (fewer than two fingers): the scale stays where it shows until the release.
    /// Velocity tracking starts afresh from here: the centroid's jitter while fingers spread is not a throw,
    /// so a pinch released at once does not fling, while a finger that carries on dragging flings as usual.
    func pinchEnded() {
        guard pinch != nil else { return }
        pinch = nil
        if let p = pointer {
            trackerX.reset()
            trackerY.reset()
            trackerX.addSample(position: p.lastLocation.x, time: p.lastTime)
            trackerY.addSample(position: p.lastLocation.y, time: p.lastTime)
        }
    }

    // MARK: - Frames and internals

    /// Steps an animated zoom to `tick.targetTimestamp`.
    func stepZoom(_ tick: FrameTick) {
        guard zoomAnimates, var z = zooming, tick.targetTimestamp.isFinite else { return }
        z.progress.sample(at: tick.targetTimestamp)
        let done = z.progress.isFinished
        let u = done ? 1 : z.progress.value
        let s = done ? z.toScale : ZoomScale.interpolated(from: z.fromScale, to: z.toScale, progress: u)
        let offset: Point
        if done {
            // In range at the final scale (the viewport may have changed on the way: clamp again).
            offset = clampPoint(z.toOffset, atScale: z.toScale)
        } else {
            // The anchor stays put while the scale changes; the difference to the final offset (the range at the
            // final scale) is blended in with the progress.
            func axis(_ d: Dim) -> Double {
                let about = ZoomScale.anchoredOffset(z.fromOffset[d], anchor: z.anchor[d], scale: z.fromScale, newScale: s)
                let aboutEnd = ZoomScale.anchoredOffset(z.fromOffset[d], anchor: z.anchor[d], scale: z.fromScale, newScale: z.toScale)
                return about + (z.toOffset[d] - aboutEnd) * u
            }
            offset = Point(x: axis(.x), y: axis(.y))
        }
        activity = .zooming(z)
        applyZoomScale(s)
        setOffset(offset)
        if done, zooming != nil {
            activity = .idle
            z.completion?(true)
        }
    }

    /// Starts an animated zoom to `scale` about `anchor` (viewport coordinates), ending with the offset in
    /// range at that scale: timed (``zoomAnimationDuration``, ``defaultAnimationCurve``) or, for the return
    /// from past a limit, the bounce spring.
    func startZoomMotion(to scale: Double, about anchor: Point, spring: Bool, time: Double,
                         completion: (@MainActor (Bool) -> Void)?) {
        let o = contentOffset
        let aimed = Point(x: ZoomScale.anchoredOffset(o.x, anchor: anchor.x, scale: storedZoomScale, newScale: scale),
                          y: ZoomScale.anchoredOffset(o.y, anchor: anchor.y, scale: storedZoomScale, newScale: scale))
        startZoomMotion(to: scale, anchor: anchor, endOffset: clampPoint(aimed, atScale: scale), spring: spring,
                        time: time, completion: completion)
    }

    /// Starts an animated zoom that ends at `scale` and `endOffset`, about the point that the start and end
    /// views share (if none, the viewport's centre).
    func startZoomMotion(to scale: Double, endOffset: Point, time: Double, completion: (@MainActor (Bool) -> Void)?) {
        let k = scale / storedZoomScale
        let o = contentOffset
        var anchor = Point(x: storedViewportSize.width / 2, y: storedViewportSize.height / 2)
        if abs(k - 1) > Precision.slack {
            // (o + a) k - a = end  →  a = (end - o k) / (k - 1)
            let a = Point(x: (endOffset.x - o.x * k) / (k - 1), y: (endOffset.y - o.y * k) / (k - 1))
            if a.x.isFinite, a.y.isFinite { anchor = a }
        }
        startZoomMotion(to: scale, anchor: anchor, endOffset: endOffset, spring: false, time: time, completion: completion)
    }

    private func startZoomMotion(to scale: Double, anchor: Point, endOffset: Point, spring: Bool, time: Double,
                                 completion: (@MainActor (Bool) -> Void)?) {
        stopMotion()   // a running zoom completes with false
        let from = storedZoomScale
        let o = contentOffset
        guard from != scale || o != endOffset else {
            completion?(true)
            return
        }
        let progress: AxisSimulation
        if spring {
            progress = .spring(SpringSimulation(spring: bounceSpring, position: 0, velocity: 0, target: 1,
                                                tolerance: .init(distance: 1e-4, velocity: 1e-3)))
        } else {
            progress = .timed(TimedSimulation(from: 0, to: 1, duration: Self.zoomAnimationDuration,
                                              curve: Self.defaultAnimationCurve))
        }
        // A timed zoom travels (a jump while motion is reduced); a return to a limit bounces (a stiffer spring).
        let pacing = spring ? .natural : motionPolicy.pacing(for: .travel)
        activity = .zooming(Zooming(progress: Animated(progress, start: time, rest: 1, pacing: pacing), returnsToLimit: spring,
                                    fromScale: from, toScale: scale, anchor: anchor,
                                    fromOffset: o, toOffset: endOffset, completion: completion))
    }

    /// A scroll that starts during an animated zoom (a wheel or key glide, a timed scroll) takes over: the zoom
    /// stops where it is (completing with `false`), brought within the limits at once if it was returning to
    /// them, so the scroll plans in the range it will end in.
    func endZoomAnimation() {
        guard let z = zooming else { return }
        activity = .idle
        if isZoomOutsideLimits {
            let o = contentOffset, s = min(max(storedZoomScale, minimumZoomScale), maximumZoomScale)
            let moved = Point(x: ZoomScale.anchoredOffset(o.x, anchor: z.anchor.x, scale: storedZoomScale, newScale: s),
                              y: ZoomScale.anchoredOffset(o.y, anchor: z.anchor.y, scale: storedZoomScale, newScale: s))
            applyZoomScale(s)
            setOffset(moved)
        }
        z.completion?(false)
    }

    /// After a release or a touch that ended with the scale past a limit: the spring back to the limit
    /// about the last pinch's centroid (or the viewport's centre). Returns whether it started.
    func returnZoomWithinLimits(time: Double) -> Bool {
        guard isZoomOutsideLimits else { return false }
        let target = min(max(storedZoomScale, minimumZoomScale), maximumZoomScale)
        let anchor = pinch?.anchor ?? lastPinchAnchor
        pinch = nil
        startZoomMotion(to: target, about: anchor, spring: true, time: time, completion: nil)
        return true
    }

    /// Where the last pinch's fingers were (the anchor of a return to a limit), or the viewport's centre.
    var lastPinchAnchor: Point {
        storedPinchAnchor ?? Point(x: storedViewportSize.width / 2, y: storedViewportSize.height / 2)
    }

    /// Sets the scale: the content size follows, the zooming view is laid out, observers hear of it.
    func applyZoomScale(_ scale: Double) {
        guard scale.isFinite, scale > 0, scale != storedZoomScale else { return }
        storedZoomScale = scale
        storedContentSize = Size(width: unscaledContentSize.width * scale, height: unscaledContentSize.height * scale)
        if let pinch { storedPinchAnchor = pinch.anchor }
        layoutZoomingView()
        delegate?.scrollViewDidZoom(self)
        onDidZoom?(self)
    }

    /// Lays out ``zoomingView`` at the content's origin with the content's size.
    func layoutZoomingView() {
        guard let view = zoomingView else { return }
        view.frame = Rect(origin: .zero, size: storedContentSize)
    }

    /// Brings the scale within changed limits at once (about the viewport's centre); during a gesture, when it
    /// ends (see `returnZoomWithinLimits`).
    func keepScaleWithinLimits() {
        guard isZoomOutsideLimits, pointer == nil else { return }
        zoom(toScale: storedZoomScale, about: Point(x: storedViewportSize.width / 2, y: storedViewportSize.height / 2),
             animated: false)
    }

    /// `p` clamped to the range the content would have at `scale`.
    func clampPoint(_ p: Point, atScale scale: Double) -> Point {
        let w = unscaledContentSize.width * scale, h = unscaledContentSize.height * scale
        let i = storedContentInset
        let rx = Self.range(-i.left, w + i.right - storedViewportSize.width, centred: centersContent)
        let ry = Self.range(-i.top, h + i.bottom - storedViewportSize.height, centred: centersContent)
        func c(_ v: Double, _ r: (lo: Double, hi: Double)) -> Double { v.isFinite ? min(max(v, r.lo), r.hi) : r.lo }
        return Point(x: c(p.x, rx), y: c(p.y, ry))
    }
}
