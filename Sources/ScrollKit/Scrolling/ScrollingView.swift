// ScrollingView: the scroll view — its stored state and tuning constants, offset, sizes, insets and range ends,
// per-frame update — and ScrollChaining.

import Motion

// ScrollingView: the scroll view's stored state, its public properties and geometry (see the type's notes
// for the model and the other files).

/// A scrollable viewport onto larger content: dragging with a rubber band, flings that decelerate
/// and bounce, timed scrolls, a smooth wheel and the keyboard, driven one frame at a time.
///
/// The scroll view is pure state and arithmetic: it never reads a clock and never draws. The host
/// feeds it ``InputEvent``s (each with its own timestamp) through ``handle(_:)`` and one
/// ``FrameTick`` per display frame through ``step(_:)``; views such as `ListView` read
/// ``contentOffset`` and draw.
///
/// ```swift
/// let scroll = ScrollingView(viewportSize: Size(width: 320, height: 480),
///                            contentSize: Size(width: 320, height: 6000))
/// scroll.handle(.pointerDown(location: Point(x: 10, y: 300), time: 0.000))
/// scroll.handle(.pointerMove(location: Point(x: 10, y: 200), time: 0.050))
/// scroll.handle(.pointerUp(location: Point(x: 10, y: 150), time: 0.066))
/// while scroll.isAnimating { scroll.step(nextTick()) }   // the fling decelerates to rest
/// ```
///
/// ## Coordinates and units
/// - ``contentOffset`` is the content point shown at the viewport's top-left: offset `o` shows
///   content `[o, o + viewport)` along an axis. The scrollable range per axis is
///   `minOffset = -inset.leading` ... `maxOffset = max(minOffset, content + inset.trailing - viewport)`.
/// - Velocities are **points per second** in the direction the offset moves (dragging the content
///   up makes the offset, and the velocity, positive).
/// - Times are seconds on the host's clock (the clock of the events and the frame ticks).
///
/// ## Constants (documented behaviour)
/// - ``touchSlop`` 4 pt: a pointer must move more than this (along the scrollable axes) before a
///   drag begins; then the content jumps under the pointer, 1:1 from the down position.
/// - Rubber band past an edge: `overscroll = rubberBand(raw, dimension: viewport length, c = 0.55)`
///   (``ScrollPhysics/rubberBandCoefficient``; every motion constant below that ``physics`` holds is its default).
/// - Flings that build: a fling (≥ ``flingBoostMinimumSpeed`` 1000 pt/s) in the same direction as a fast
///   deceleration it caught, released within ``flingBoostWindow`` 0.75 s of that deceleration's start,
///   adds the caught speed to its own, up to ``flingBoostMaximumSpeed`` 16,000 pt/s. Else it starts fresh.
/// - The release velocity fits the down and the moves; the up is not a sample (see `VelocityTracker`).
/// - Touch drags are resampled at each frame, ``touchResampleLatency`` (10 ms) back; several fingers on
///   one scroll view move it by their centroid (see ``GestureRecognizer`` for the per-pointer arenas).
/// - Flings: a `DecaySimulation` with ``decelerationRate``; crossing an edge hands the velocity to
///   `SpringDescription.bounce`, a critically damped spring that settles on the edge, stiffened when
///   needed so that it goes at most half the viewport's length past the edge.
/// - ``defaultAnimationDuration`` 0.3 s with ``defaultAnimationCurve`` (Core Animation's default,
///   cubic-bezier(0.25, 0.1, 0.25, 1)) for `setContentOffset(_:animated: true)`.
/// - Wheel notches and arrow keys: ``wheelStep`` (default ``lineStep``) and ``lineStep`` 40 pt per step
///   over ``lineGlideDuration`` 0.12 s, quick notches accelerated (see ``WheelStreamClassifier``);
///   a trackpad's continuous stream moves the content 1:1 as a drag, then flings (see `wheelStream`);
///   PageUp/PageDown/Space: the viewport less ``pageOverlap`` 40 pt (at least half the viewport)
///   over ``pageGlideDuration`` 0.2 s; Home/End over ``homeEndGlideDuration`` 0.3 s.
///
/// ## Bad input
/// Non-finite or negative sizes count as 0, non-finite insets as 0; non-finite offsets,
/// durations, locations, wheel deltas and timestamps are ignored or replaced by the last valid value
/// (each API says which). A zero-sized viewport or content leaves a single valid offset per axis
/// (`minOffset`). The offset is always finite and, at rest, inside the scrollable range.
///
/// ## Cost
/// ``step(_:)`` is O(1) and allocates nothing in steady motion: each axis's simulation is stored
/// unboxed (see `AxisSimulation`), and a new one is made only when a motion starts or hands over
/// (release, edge crossing, new request, retarget).
///
/// ## The model
/// As Flutter's `ScrollPosition` / `ScrollPhysics` / `ScrollActivity`: a position (``contentOffset``, the
/// range from ``contentSize``, ``viewportSize`` and ``contentInset``), a replaceable ``physics`` value (rubber
/// band, bounce spring, decay rate, fling boost, snapping) and exactly one current activity — idle, held,
/// dragging, ballistic, driven (a timed scroll or a glide) or zooming — that owns its clock, its simulations
/// (`Animated`) and its completion. ``phase``, ``isAnimating`` and the delegate's `didEnd…` calls are read
/// from the activity.
///
/// ## Source files
/// `ScrollingView.swift` (state and geometry), `ScrollActivity` (the activities and the projections),
/// `ScrollPhysics`, `+Frames` (stepping and stopping), `+Range` (resizing, replanning and the range
/// arithmetic), `+AxisSimulation` (the unboxed simulation of an axis), `+State` (the input state types),
/// `+Dragging`, `+Animation` (timed scrolls), `+Adjusting`, `+Input` (wheel notches, trackpad streams, keys
/// and glides), `+Routing` and `+Zoom`.
@MainActor
public final class ScrollingView: ViewNode {

    // MARK: - Documented constants

    /// The default slop (points) a pointer must move past before a drag begins.
    public static let defaultTouchSlop: Double = 4
    /// Points per second below which moving content counts as still for a press: 30 pt/s, half a point
    /// per frame at 60 Hz. A press on content slower than this (the long tail of a fling, the end of a
    /// bounce) stops it *and* is a tap (``ScrollingViewDelegate/scrollViewDidTap(_:at:)``, a list's
    /// `onSelectItem`); a press on faster content only stops it, as on iOS.
    public static let tapThroughSpeed: Double = 30
    /// Flings that build (as on iOS): a release at least this fast (pt/s), in the same direction as a fling
    /// its down caught that was itself moving at least this fast, adds that fling's speed to its own: 1000.
    /// The default of ``ScrollPhysics/flingBoost`` (``FlingBoost/minimumSpeed``), as are the next two.
    public static let flingBoostMinimumSpeed: Double = 1000
    /// Seconds from the start of the caught fling's deceleration to the new release within which the new
    /// fling adds to it: 0.75. Later (after a pause, or a long hold) it starts fresh.
    public static let flingBoostWindow: Double = 0.75
    /// The largest speed a built-up fling reaches (pt/s): 16,000, twice `VelocityTracker.maxFlingSpeed`.
    public static let flingBoostMaximumSpeed: Double = 2 * VelocityTracker.maxFlingSpeed
    /// Touch resampling: a touch drag shows the finger where it was at each frame's `timestamp` less this
    /// (seconds), interpolated between the two samples around that time, as Chrome and Flutter do: 0.010.
    /// Touchscreens report at 60–200 Hz against the display's rate; shown at each frame's latest sample, a
    /// steady finger moves the content by one sample's worth in some frames and two in others. Sampled
    /// 10 ms back, a digitizer of 100 Hz or more always has a sample on both sides, so the content moves
    /// by equal steps. No prediction: a frame later than the newest sample shows the newest sample. The
    /// up shows the finger's own location at once, so the content has moved exactly the finger's travel
    /// when it is released. The mouse is not resampled (its drag follows each event).
    public static let touchResampleLatency: Double = 0.010
    /// Points per arrow key, and the default of ``wheelStep`` (points per wheel step): 40.
    public static let lineStep: Double = 40
    /// How much of the old page stays visible after PageUp/PageDown/Space (points).
    public static let pageOverlap: Double = 40
    /// Seconds a wheel step or arrow-key glide takes.
    public static let lineGlideDuration: Double = 0.12
    /// Seconds a PageUp/PageDown/Space glide takes.
    public static let pageGlideDuration: Double = 0.2
    /// Seconds a Home/End glide takes.
    public static let homeEndGlideDuration: Double = 0.3
    /// The duration of `setContentOffset(_:animated: true)`, in seconds.
    public static let defaultAnimationDuration: Double = 0.3
    /// The curve of `setContentOffset(_:animated: true)`: Core Animation's default timing function.
    public static let defaultAnimationCurve: TimingCurve = .default

    // MARK: - Stored state

    // The state read in every frame is only touched on the main actor and never through an inout access
    // (no `&` on these, no mutating method that calls back into the view): no dynamic exclusivity checks.
    @exclusivity(unchecked) var storedViewportSize: Size
    @exclusivity(unchecked) var storedContentSize: Size
    @exclusivity(unchecked) var storedContentInset: Insets = .zero
    @exclusivity(unchecked) var storedAxis: ScrollAxis

    /// What the scroll view is doing: exactly one activity (see `ScrollActivity.swift`). Setting it keeps
    /// ``activitySummary`` with it.
    var activity: Activity {
        get { storedActivity }
        set {
            activitySummary = ActivitySummary(newValue)
            storedActivity = newValue
        }
    }
    /// Sets the activity with its summary already known (a frame writing back its ballistic or driven
    /// activity: `summary` must be `ActivitySummary(next)`).
    func setActivity(_ next: Activity, _ summary: ActivitySummary) {
        activitySummary = summary
        storedActivity = next
    }
    /// The activity; written only by ``activity``'s setter and ``setActivity(_:_:)``.
    @exclusivity(unchecked) private var storedActivity: Activity = .idle
    /// The current activity's kind and the facts a frame asks about it, read without copying the activity.
    @exclusivity(unchecked) private(set) var activitySummary = ActivitySummary()
    /// A timed scroll asked for since the last frame: the next frame starts it (its clock starts at that
    /// frame's `timestamp`). Not an activity yet: whatever runs keeps running until then.
    @exclusivity(unchecked) var queuedRequest: TimedRequest?
    /// How the content moves on its own and gives at its edges (see ``ScrollPhysics``).
    public var physics = ScrollPhysics()

    var trackerX = VelocityTracker()
    var trackerY = VelocityTracker()
    /// Fractional wheel steps not yet turned into snap steps (only with `snapping`).
    var wheelStepRemainder: Double = 0
    /// The fling the last wheel notch stopped (its velocity, start, and the notch's time), for a trackpad
    /// stream that notch turns out to begin.
    var wheelCaughtFling: (velocity: Point, start: Point, time: Double)?

    // Zoom (ScrollingView+Zoom.swift)
    @exclusivity(unchecked) var storedZoomScale: Double = 1
    var storedMinimumZoomScale: Double = 1
    var storedMaximumZoomScale: Double = 1
    /// The content's size at zoom scale 1: ``contentSize`` is this times ``zoomScale``.
    var unscaledContentSize: Size = .zero
    @exclusivity(unchecked) var pinch: PinchState?
    var lastTap: (time: Double, location: Point)?
    var storedDoubleTapZoomScale: Double?
    var storedPinchAnchor: Point?

    /// The `targetTimestamp` of the last frame stepped: the time the displayed offset belongs to.
    @exclusivity(unchecked) var lastShownTime: Double = 0
    /// The latest finite time seen (frames or events); stands in for non-finite event times.
    @exclusivity(unchecked) var latestTime: Double = 0

    // MARK: - Public state

    /// The content point shown at the viewport's top-left (see the type's coordinate notes).
    /// Always finite. At rest it lies in `minContentOffset ... maxContentOffset`; while dragging or
    /// bouncing it may lie past an edge (rubber band).
    ///
    /// Setting it is `setContentOffset(_:animated: false)`, as in UIKit: any motion stops where it is
    /// (a fling or bounce just stops, without `scrollViewDidEndDecelerating`; a running or pending timed
    /// scroll completes with `false`), the offset jumps to the new value and `scrollViewDidScroll`
    /// fires if it moved. During a drag the content moves and the drag continues from there.
    /// ``setContentOffset(_:animated:)`` (and ``setContentOffset(_:duration:curve:completion:)``) animate.
    ///
    /// Unlike UIKit, which lets you set any offset, the value is clamped to
    /// `minContentOffset ... maxContentOffset`: ScrollKit keeps the offset in range at rest.
    ///
    /// Bad input: a NaN or infinite component keeps its current value.
    public var contentOffset: Point {
        get { storedContentOffset }
        set { setContentOffset(newValue, animated: false) }
    }
    /// The displayed offset; only ``setOffset(_:)`` changes it after `init`.
    @exclusivity(unchecked) var storedContentOffset: Point
    /// The current velocity of ``contentOffset`` in points per second (0 at rest).
    @exclusivity(unchecked) public internal(set) var velocity: Point = .zero

    /// Receives scroll callbacks. Held weakly because a delegate is by nature an owner of the scroll
    /// view (a screen or controller that keeps it), exactly as UIKit's `UIScrollView.delegate`: a strong
    /// reference would be a cycle. Keep the delegate alive yourself; Swift warns that
    /// `scroll.delegate = MyDelegate()` is released at once.
    public weak var delegate: ScrollingViewDelegate?

    override var pathScrollView: ScrollingView? { self }

    /// Pull to refresh (``RefreshControl``), if attached: it hears each release and follows the pull each frame.
    /// Held strongly; replacing it detaches the old one (its spinner and its room go).
    public var refreshControl: RefreshControl? {
        didSet {
            guard oldValue !== refreshControl else { return }
            oldValue?.detach()
            refreshControl?.scrollView?.refreshControl = nil
            refreshControl?.scrollView = self
        }
    }
    /// Moves release targets, wheel steps and arrow-key steps onto snap positions. Held strongly because
    /// a snapper is a policy object the scroll view uses, not an owner: `scroll.snapping = MySnapper()`
    /// keeps working. A snapper that needs its scroll view gets it as a parameter; one that keeps a
    /// reference to the scroll view or its owner should hold it weakly (as ``ListView``'s does).
    public var snapping: (any ScrollSnapping)? {
        get { physics.snapping }
        set { physics.snapping = newValue }
    }
    /// Called after ``contentOffset`` changed, after the delegate's `scrollViewDidScroll`. Held strongly
    /// (a closure); capture its owner weakly.
    public var onDidScroll: (@MainActor (ScrollingView) -> Void)?
    /// Called on a tap (see `ScrollingViewDelegate.scrollViewDidTap`), after the delegate. Held strongly
    /// (a closure); capture its owner weakly. A ``ListView`` sets it to deliver `onSelectItem`.
    public var onTap: (@MainActor (Point) -> Void)?

    /// How fast flings slow down (per millisecond; `.normal` 0.998, `.fast` 0.99). Applies to the next release.
    /// The same as ``physics``' ``ScrollPhysics/decelerationRate``.
    public var decelerationRate: DecelerationRate {
        get { physics.decelerationRate }
        set { physics.decelerationRate = newValue }
    }
    /// Whether the content can be pulled past its edges (rubber band) and flings bounce there.
    /// When false, drags and flings stop at the edges. The same as ``physics``' ``ScrollPhysics/bounces``.
    public var bounces: Bool {
        get { physics.bounces }
        set { physics.bounces = newValue }
    }
    /// Whether a pinch can stretch ``zoomScale`` past its limits (rubber band), to spring back on release;
    /// when false the scale stops at the limits. Default true, as UIScrollView's `bouncesZoom`.
    public var bouncesZoom = true
    /// Whether a double-tap zooms (when zooming is on; see ``isZoomEnabled``). Default true.
    public var zoomsOnDoubleTap = true
    /// The view that zooms (UIKit's `viewForZooming`): a subview the scroll view lays out at the content's
    /// origin with the content's size (``contentSize``, at the current ``zoomScale``) whenever either changes.
    /// It draws itself at its size. Held strongly, as a subview is; add it as a subview yourself.
    public var zoomingView: ViewNode? { didSet { layoutZoomingView() } }
    /// Called after ``zoomScale`` changed, after the delegate's `scrollViewDidZoom`. Held strongly (a
    /// closure); capture its owner weakly.
    public var onDidZoom: (@MainActor (ScrollingView) -> Void)?
    /// Whether content shorter than the viewport along an axis sits in the middle of it (offset
    /// `-(viewport - content) / 2` with no insets) instead of at its leading edge: what a photo viewer
    /// does when the photo, zoomed out, is smaller than the screen. Default false (UIScrollView's
    /// behaviour). Changing it moves content at rest at once.
    public var centersContent = false { didSet { if centersContent != oldValue { geometryDidChange() } } }
    /// Points the pointer must move (along the scrollable axes) before a drag begins. Non-finite
    /// or negative values count as 0.
    public var touchSlop: Double = ScrollingView.defaultTouchSlop
    /// Points per wheel step (one notch of a mouse wheel, and the scale of a trackpad's fractional steps,
    /// which the content follows 1:1 at this many points per step): ``lineStep`` (40) by default.
    /// 0 turns the wheel off; non-finite or negative values count as ``lineStep``.
    ///
    /// SDL 2 has no lines-per-notch setting (no hint, and no query of the system's, such as Windows'
    /// "lines to scroll"): its wheel event carries notches (`y`) and fractions of a notch (`preciseY`,
    /// SDL 2.0.18+), so this is the whole conversion. One step of a precise device is about 10 px of
    /// finger travel in SDL on Wayland (its axis unit) and macOS (`deltaY`), 120 units of a Windows wheel
    /// delta; set 10 here for a trackpad whose content should move about as far as the fingers there.
    public var wheelStep: Double = ScrollingView.lineStep

    /// Creates a scroll view at rest at its minimum offset.
    /// Non-finite or negative sizes count as 0.
    /// As a view, its ``ViewNode/frame`` is at the origin with size `viewportSize`; move it with `frame`.
    public init(viewportSize: Size = .zero, contentSize: Size = .zero, axis: ScrollAxis = .vertical) {
        let viewport = ScrollingView.sanitized(viewportSize)
        storedViewportSize = viewport
        storedContentSize = ScrollingView.sanitized(contentSize)
        unscaledContentSize = storedContentSize
        storedAxis = axis
        storedContentOffset = .zero
        super.init(frame: Rect(origin: .zero, size: viewport))
        storedContentOffset = Point(x: range(.x).lo, y: range(.y).lo)
        clipsToBounds = true
    }

    /// Creates a scroll view with `frame` (its viewport) and `contentSize`, at rest at its minimum offset.
    public convenience init(frame: Rect, contentSize: Size = .zero, axis: ScrollAxis = .vertical) {
        self.init(viewportSize: frame.size, contentSize: contentSize, axis: axis)
        self.frame = frame
    }

    // MARK: - Composition

    /// What this scroll view passes on to the next scroll view up the tree on the same axis when it
    /// reaches an edge (LVGL's scroll chain): `.drag`, the rest of a drag; `.fling`, a fling's remaining
    /// velocity. The default, none, rubber-bands and bounces at the edge, as UIKit does.
    public var chaining: ScrollChaining = []
    /// For a `.both` scroll view: a drag that starts within 30° of an axis moves along that axis only
    /// (for the whole gesture); a diagonal drag moves freely. As UIKit's `isDirectionalLockEnabled`.
    public var isDirectionalLockEnabled = false
    /// Seconds and curve of the timed scroll that brings a newly focused view fully into view.
    public var focusScrollDuration: Double = ScrollingView.defaultAnimationDuration
    public var focusScrollCurve: TimingCurve = ScrollingView.defaultAnimationCurve

    // MARK: - Scroll indicators

    /// When the scroll indicators show: ``ScrollIndicatorMode/automatic`` (the default, as on iOS),
    /// `.alwaysVisible` (desktop) or `.hidden`. See `ScrollIndicator.swift`.
    public var indicatorVisibility: ScrollIndicatorMode = .automatic
    /// How the indicators look and take the pointer.
    public var indicatorStyle: ScrollIndicatorStyle = .standard
    @exclusivity(unchecked) var indicator = IndicatorState()

    override var boundsOrigin: Point { storedContentOffset }

    // MARK: - Right to left

    /// Whether the scroll view mirrors its content when its ``ViewNode/effectiveLayoutDirection`` is right to
    /// left (default true; UIKit's `flipsHorizontallyInOppositeLayoutDirection`). See ``mirrorsContent``.
    public var mirrorsInRightToLeft = true {
        didSet { if mirrorsInRightToLeft != oldValue { layoutDirectionDidChange() } }
    }

    /// Whether the content is shown mirrored now: right to left, ``mirrorsInRightToLeft``, and one scrolling axis
    /// (a `.both` view — a photo, a map — keeps its physical layout). Then, as Flutter's reversed horizontal
    /// axis: the content offset stays logical (0 is the start, now the right edge, and grows as later content
    /// comes in from the left), each subview's frame is placed reflected (`x` shows at
    /// `viewport − (x − offset) − width`), a drag, fling or horizontal wheel moves the content with the finger
    /// (a rightward swipe reveals later items), and the scroll indicators are reflected (the vertical one runs
    /// along the left edge). Lists, snapping, paging and `scrollToItem` work unchanged in logical coordinates.
    public var mirrorsContent: Bool { storedAxis != .both && mirrorsInRightToLeft && isRightToLeft }

    override var mirrorsSubviews: Bool { mirrorsContent }

    /// A point in viewport coordinates (physical, 0 = the frame's left edge) → the logical viewport
    /// coordinates the pointer code works in (x reflected when ``mirrorsContent``). Its own inverse.
    func logicalViewportPoint(_ p: Point) -> Point {
        mirrorsContent ? Point(x: storedViewportSize.width - p.x, y: p.y) : p
    }
    override var scrollsContent: Bool { true }

    /// After the content's views stepped: pull to refresh follows the pull (or collapses).
    override func didStepSubviews(_ tick: FrameTick) {
        refreshControl?.step(tick)
    }

    /// Advances to the frame `tick` (``ViewNode/step(_:)`` calls it, then steps the content's views):
    /// starts a pending timed request (its clock starts at `tick.timestamp`), then shows every running
    /// simulation at `tick.targetTimestamp`. O(1); no heap allocation unless a motion starts or hands over
    /// in this frame. Ticks with non-finite timestamps are ignored; ticks come in increasing time order.
    public override func update(_ tick: FrameTick) {
        stepWheelStream(tick)
        stepResampledDrag(tick)
        stepZoom(tick)
        stepMotion(tick)
        // A scale left past a limit with nothing holding it (a press on the indicator caught its return, say)
        // springs back.
        if isZoomOutsideLimits, !zoomAnimates, !hasPointer, pinch == nil, indicator.drag == nil,
           tick.targetTimestamp.isFinite {
            _ = returnZoomWithinLimits(time: tick.timestamp)
        }
        stepIndicator(tick)
    }
    override var takesPressesOutside: Bool { superview == nil }

    override func sizeDidChange() {
        storedViewportSize = storedFrame.size
        geometryDidChange()
        layoutSubviews()
    }

    // MARK: - Geometry

    /// The visible size in points. Setting it during any motion keeps the offset valid: at rest
    /// the offset is clamped; a running motion is retargeted to the new range. Non-finite or negative → 0.
    /// The same as ``ViewNode/frame``'s size.
    public var viewportSize: Size {
        get { storedViewportSize }
        set { frame.size = ScrollingView.sanitized(newValue) }
    }

    /// The content's size in points (same rules as ``viewportSize``), at the current ``zoomScale``, as
    /// UIScrollView reports it: zooming scales it, and a size set while zoomed is taken at that scale.
    public var contentSize: Size {
        get { storedContentSize }
        set {
            storedContentSize = ScrollingView.sanitized(newValue)
            unscaledContentSize = Size(width: storedContentSize.width / storedZoomScale,
                                       height: storedContentSize.height / storedZoomScale)
            layoutZoomingView()
            geometryDidChange()
        }
    }

    /// Extra scrollable space around the content (points; may be negative). Non-finite → 0.
    public var contentInset: Insets {
        get { storedContentInset }
        set {
            func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
            storedContentInset = Insets(top: f(newValue.top), left: f(newValue.left),
                                            bottom: f(newValue.bottom), right: f(newValue.right))
            geometryDidChange()
        }
    }

    /// The direction(s) the content scrolls in. Changing it stops any motion
    /// (a timed animation completes with `false`) and clamps the offset.
    public var axis: ScrollAxis {
        get { storedAxis }
        set {
            guard newValue != storedAxis else { return }
            storedAxis = newValue
            stopMotion()
        }
    }

    /// The smallest offset at rest: `(-contentInset.left, -contentInset.top)` (with ``centersContent``, on an
    /// axis where the content is shorter than the viewport: the centred offset, which is also the largest).
    public var minContentOffset: Point { Point(x: range(.x).lo, y: range(.y).lo) }
    /// The largest offset at rest: per axis `max(min, content + trailing inset - viewport)` (see
    /// ``centersContent``).
    public var maxContentOffset: Point { Point(x: range(.x).hi, y: range(.y).hi) }

    /// Whether anything needs frames: a deceleration, bounce, timed scroll or glide, a timed
    /// request waiting for the next ``step(_:)``, or a trackpad's wheel stream (a frame notices its end).
    /// False at rest and while a pointer drags (a drag moves on events, not frames), so the host can sleep.
    /// Content views inside that move count too (see ``ViewNode/isAnimating``).
    public override var isAnimating: Bool {
        activityMoves || queuedRequest != nil || refreshControl?.needsFrames == true || (hasPointer && (isCatchingUpWithTouch || pointer?.wheelStream == true))
            || (ViewNode.walkCountsFades && isIndicatorFading) || super.isAnimating
    }

    /// A resampled touch drag whose content does not show the latest sample yet.
    var isCatchingUpWithTouch: Bool {
        guard let p = pointer, p.resamples, p.isDragging else { return false }
        return p.shownLocation != p.lastLocation
    }

    override func drawOverlay(in canvas: any DrawingCanvas, frame: Rect) { drawIndicators(in: canvas, frame: frame) }

}

/// What a scroll view passes on to the next scroll view up the tree on the same axis at its edges
/// (see ``ScrollingView/chaining``).
public struct ScrollChaining: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The rest of a drag that pulls past the edge moves the next scroll view instead of rubber-banding.
    public static let drag = ScrollChaining(rawValue: 1)
    /// A fling that reaches the edge hands its velocity at that moment to the next scroll view.
    public static let fling = ScrollChaining(rawValue: 2)
    /// Both.
    public static let all: ScrollChaining = [.drag, .fling]
}
