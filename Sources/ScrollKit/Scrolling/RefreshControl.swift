// RefreshControl: pull to refresh as a part any ScrollingView carries (`refreshControl`) — its state read from the
// scroll view's overscroll each frame, the refresh started by the release, the spinner's room (an
// InteractivePosition driven back to 0 as the refresh ends) and the spinner drawn in it.

import Motion

/// Pull to refresh, attached to a scroll view (``ScrollingView/refreshControl``), as UIKit's `UIRefreshControl`.
///
/// Pulling the scroll view down past its top by ``threshold`` and letting go (a touch or mouse drag, a trackpad's
/// stream: all of them pull the scroll view past its edge) calls ``onRefresh`` with a completion; the content
/// rests below a spinner meanwhile, and the completion collapses it over ``collapseDuration``. ``state`` goes
/// idle → pulling → armed → refreshing → ending → idle. ``ListView/onRefresh`` attaches one to the list's
/// scroll view.
///
/// ```swift
/// scroll.refreshControl = RefreshControl { done in fetch { insert($0); done() } }
/// ```
@MainActor
public final class RefreshControl {
    /// The room the spinner takes above the content while refreshing, in points.
    public static let spinnerHeight = 60.0
    /// Seconds the spinner takes to collapse once the refresh completes.
    public static let collapseDuration = 0.3

    /// Called by a release past the threshold, with the completion to call when the new content is in. Held
    /// strongly; capture its owner weakly. Nil: pulls do nothing.
    public var onRefresh: (@MainActor (_ done: @escaping @MainActor () -> Void) -> Void)?
    /// How far past its top (points) the content must be pulled to arm the refresh. Default 80; NaN or below 1
    /// counts as 1.
    public var threshold: Double {
        get { storedThreshold }
        set { storedThreshold = newValue.isFinite ? max(1, newValue) : 1 }
    }
    private var storedThreshold = 80.0
    /// Where the pull to refresh is.
    public private(set) var state = RefreshState.idle

    /// The scroll view it is attached to.
    public internal(set) weak var scrollView: ScrollingView?

    /// The top inset the refresh added (the spinner's room), as applied to the scroll view.
    private(set) var inset = 0.0
    /// That room as an interactive position, driven back to 0 along a timed curve as the refresh ends.
    private var room = InteractivePosition(0, physics: .timed)
    /// Bumped by each refresh, so a stale completion is ignored.
    private var generation = 0
    /// Where the spinner's spokes turn (seconds), the last frame time.
    private var spinnerTime = 0.0
    /// The spinner in the scroll view's content above the first row, and whether it shows.
    private(set) var spinner: RefreshSpinnerView?
    private(set) var spinnerShown = false

    /// A control calling `onRefresh`.
    public init(onRefresh: (@MainActor (_ done: @escaping @MainActor () -> Void) -> Void)? = nil) {
        self.onRefresh = onRefresh
    }

    /// Whether a refresh or its collapse needs frames.
    var needsFrames: Bool { state == .refreshing || state == .ending }

    /// Starts a refresh as a release past the threshold would (the spinner shows, ``onRefresh`` runs). Ignored
    /// while one runs, without ``onRefresh`` or without a scroll view.
    public func beginRefreshing() {
        guard onRefresh != nil, scrollView != nil, state != .refreshing else { return }
        start()
    }

    /// Ends the refresh: the spinner collapses over ``collapseDuration`` (``RefreshState/ending``), then the
    /// state is idle. What ``onRefresh``'s completion does; ignored when no refresh runs.
    public func endRefreshing() {
        guard state == .refreshing else { return }
        generation &+= 1
        state = .ending
        room.jump(to: inset)
        room.animate(to: 0, duration: Self.collapseDuration, curve: .easeInOutCubic)
    }

    /// How far the content is down past its top (the top it has without a refresh, so this includes the spinner's
    /// room while refreshing), in points; 0 when not (or without a scroll view).
    public var pullDistance: Double {
        guard let s = scrollView else { return 0 }
        let pull = s.minContentOffset.y + inset - s.contentOffset.y
        return pull.isFinite ? max(0, pull) : 0
    }

    // MARK: - Internal

    /// The scroll view is letting go (a touch or mouse up, a trackpad stream's end), before it plans its settle:
    /// pulled past the threshold, the refresh starts, and the spinner's room is added to the range without
    /// moving the content, so the settle (with the release's velocity) lands below the spinner.
    func scrollViewWillRelease() {
        guard onRefresh != nil, state != .refreshing, state != .ending, pullDistance >= threshold else { return }
        start(quiet: true)
    }

    private func start(quiet: Bool = false) {
        state = .refreshing
        room.jump(to: Self.spinnerHeight)
        setInset(Self.spinnerHeight, quiet: quiet)
        generation &+= 1
        let generation = self.generation
        onRefresh? { [weak self] in
            guard let self, self.generation == generation else { return }
            self.endRefreshing()
        }
    }

    /// Sets the spinner's room; `quiet` changes the range alone (the release about to plan its settle reads it).
    private func setInset(_ value: Double, quiet: Bool = false) {
        let delta = value - inset
        guard delta != 0, let s = scrollView else { return }
        inset = value
        var i = s.contentInset
        i.top += delta
        if quiet { s.storedContentInset = i } else { s.contentInset = i }
    }

    /// Each frame, after the scroll view moved: the state follows the pull while held; the collapse runs.
    /// Lets go of `scrollView`: the spinner leaves it and the room it added goes.
    func detach() {
        spinner?.removeFromSuperview()
        spinnerShown = false
        setInset(0)
        state = .idle
        room.jump(to: 0)
        generation &+= 1
        scrollView = nil
    }

    func step(_ tick: FrameTick) {
        guard let s = scrollView else { return }
        spinnerTime = tick.targetTimestamp
        switch state {
        case .idle, .pulling, .armed:
            guard onRefresh != nil else { updateSpinner(); return }
            let held = s.phase == .dragging || s.phase == .tracking
            let pull = pullDistance
            state = held && pull > 0 ? (pull >= threshold ? .armed : .pulling) : .idle
        case .refreshing:
            break
        case .ending:
            guard room.isMoving else { state = .idle; return }
            setInset(room.sample(tick))
            if !room.isMoving {
                setInset(0)
                state = .idle
            }
        }
        updateSpinner()
    }

    /// Places the spinner in the room above the content (content coordinates, so it moves with the content and
    /// the damage renderer treats it as scrolled content): spokes appearing with the pull, turning while
    /// refreshing, shrinking as the refresh ends.
    private func updateSpinner() {
        guard let s = scrollView else { return }
        let gap = onRefresh == nil ? 0 : pullDistance
        let visible = gap > 4
        if visible != spinnerShown {
            spinnerShown = visible
            if visible, spinner == nil { spinner = RefreshSpinnerView() }
            // First among the content's subviews (a list that sets its scroll view's subviews puts it back there).
            if let view = spinner {
                if visible { s.insertSubview(view, at: 0) } else { view.removeFromSuperview() }
            }
        }
        guard visible, let view = spinner else { return }
        let spokes = RefreshSpinnerView.spokeCount
        let running = state == .refreshing || state == .ending
        let frame = Rect(x: 0, y: s.contentOffset.y, width: s.storedFrame.width, height: gap)
        if view.frame != frame { view.frame = frame }
        let grow = running ? min(1, inset / Self.spinnerHeight) : min(1, gap / 40)
        let shown = running ? spokes : Int.clamped((Double(spokes) * gap / threshold).rounded(.up), to: 0...spokes)
        let head = running ? RefreshSpinnerView.spinnerHead(time: spinnerTime, spokes: spokes) : -1
        if view.grow != grow { view.grow = grow }
        if view.shown != shown { view.shown = shown }
        if view.head != head { view.head = head }
    }
}

/// The pull-to-refresh spinner: twelve spokes (iOS's activity indicator), shown one by one as the list is pulled,
/// turning (the head spoke darkest, those behind it fading) while refreshing.
final class RefreshSpinnerView: ViewNode {
    static let spokeCount = 12
    /// The spoke directions (cos, sin), clockwise from 12 o'clock, 30° apart.
    static let directions: [(Double, Double)] = {
        let h = 0.8660254037844386
        return [(0, -1), (0.5, -h), (h, -0.5), (1, 0), (h, 0.5), (0.5, h),
                (0, 1), (-0.5, h), (-h, 0.5), (-1, 0), (-h, -0.5), (-0.5, -h)]
    }()
    @DrawingInput var shown = 0
    @DrawingInput var head = -1
    @DrawingInput var grow = 1.0

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        let n = Self.spokeCount
        let centre = Point(x: f.midX, y: f.minY + min(f.height, 2 * RefreshControl.spinnerHeight) / 2)
        let inner = 5.5 * grow, outer = 11 * grow
        for k in 0..<min(n, max(0, shown)) {
            let (c, s) = Self.directions[k]
            let behind = head >= 0 ? Double((head - k + n) % n) : 0
            let alpha = head >= 0 ? 235 - 175 * behind / Double(n - 1) : 200
            canvas.drawLine(from: Point(x: centre.x + c * inner, y: centre.y + s * inner),
                            to: Point(x: centre.x + c * outer, y: centre.y + s * outer),
                            color: RGBAColor(r: 120, g: 120, b: 128, a: UInt8(max(0, min(255, alpha)))),
                            width: 2.5 * max(0.4, grow))
        }
    }

    /// The spoke the turning spinner shows brightest at `time` (12 a second); 0 for a NaN, infinite or huge time
    /// (a host's bad frame tick must not trap). The remainder is taken before the conversion.
    static func spinnerHead(time: Double, spokes: Int) -> Int {
        let turns = time * Double(spokes)
        guard turns.isFinite, spokes > 0 else { return 0 }
        var k = turns.rounded(.down).truncatingRemainder(dividingBy: Double(spokes))
        if k < 0 { k += Double(spokes) }
        return Int.clamped(k, to: 0...(spokes - 1))
    }
}
