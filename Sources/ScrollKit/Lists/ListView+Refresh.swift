// ListView's pull-to-refresh: the state read from the scroll view's overscroll each frame, the refresh started
// by the release (touch, mouse drag or trackpad stream alike), the list resting below the spinner, and the
// spinner collapsing when the app calls the completion.

import Motion

extension ListView {
    /// The room the spinner takes above the first item while refreshing, in points.
    public static let refreshSpinnerHeight = 60.0
    /// Seconds the spinner takes to collapse once the refresh completes.
    public static let refreshCollapseDuration = 0.3

    /// Turns on pull-to-refresh (a vertical list): pulling the list down past its top by
    /// ``refreshThreshold`` and letting go calls this with a completion; call it when the new data is in
    /// (insert the new items with ``performChanges(_:animation:)`` first, so the reader's place is kept). The
    /// list rests below a spinner meanwhile. Works from a touch or mouse drag and a trackpad's stream alike,
    /// since all of them pull the scroll view past its edge. Held strongly; capture its owner weakly.
    ///
    /// ```swift
    /// list.onRefresh = { [weak self] done in self?.fetch { items in self?.insert(items); done() } }
    /// ```
    public var onRefresh: (@MainActor (_ done: @escaping @MainActor () -> Void) -> Void)? {
        get { rowState.refreshHandler }
        set {
            rowState.refreshHandler = newValue
            scrollView.releaseObserver = newValue == nil ? nil : self
        }
    }

    /// Where the pull-to-refresh is (see ``RefreshState``).
    public var refreshState: RefreshState { rowState.refreshState }

    /// How far past its top (points) the list must be pulled to arm the refresh. Default 80; NaN or below 1
    /// counts as 1.
    public var refreshThreshold: Double {
        get { rowState.refreshThreshold }
        set { rowState.refreshThreshold = newValue.isFinite ? max(1, newValue) : 1 }
    }

    /// Starts a refresh as a release past the threshold would (the spinner shows, ``onRefresh`` runs).
    /// Ignored while one runs or without ``onRefresh``.
    public func beginRefreshing() {
        guard rowState.refreshHandler != nil, rowState.refreshState != .refreshing else { return }
        startRefresh()
    }

    /// Ends the refresh: the spinner collapses over ``refreshCollapseDuration`` (``RefreshState/ending``), then
    /// the state is idle. What ``onRefresh``'s completion does; ignored when no refresh runs.
    public func endRefreshing() {
        guard rowState.refreshState == .refreshing else { return }
        rowState.refreshGeneration &+= 1
        rowState.refreshState = .ending
        rowState.refreshRoom.jump(to: rowState.refreshInset)
        rowState.refreshRoom.animate(to: 0, duration: Self.refreshCollapseDuration, curve: .easeInOutCubic)
    }

    /// How far the content is down past its top (the top it has without a refresh, so this includes the spinner's
    /// room while refreshing), in points; 0 when not.
    public var refreshPullDistance: Double {
        guard storedLayout.axis == .vertical else { return 0 }
        let top = scrollView.minContentOffset.y + rowState.refreshInset
        let pull = top - scrollView.contentOffset.y
        return pull.isFinite ? max(0, pull) : 0
    }

    // MARK: - Internal


    /// The scroll view is letting go (a touch or mouse up, a trackpad stream's end), before it plans its settle:
    /// pulled past the threshold, the refresh starts, and the spinner's room is added to the range without
    /// moving the content, so the settle (with the release's velocity) lands below the spinner.
    func scrollViewWillRelease() {
        guard rowState.refreshHandler != nil, rowState.refreshState != .refreshing, rowState.refreshState != .ending,
              refreshPullDistance >= rowState.refreshThreshold else { return }
        startRefresh(quiet: true)
    }

    func startRefresh(quiet: Bool = false) {
        rowState.refreshState = .refreshing
        rowState.refreshRoom.jump(to: Self.refreshSpinnerHeight)
        setRefreshInset(Self.refreshSpinnerHeight, quiet: quiet)
        rowState.refreshGeneration &+= 1
        let generation = rowState.refreshGeneration
        rowState.refreshHandler? { [weak self] in
            guard let self, self.rowState.refreshGeneration == generation else { return }
            self.endRefreshing()
        }
    }

    /// Sets the spinner's room; `quiet` changes the range alone (the release about to plan its settle reads it).
    func setRefreshInset(_ value: Double, quiet: Bool = false) {
        let delta = value - rowState.refreshInset
        guard delta != 0 else { return }
        rowState.refreshInset = value
        var inset = scrollView.contentInset
        inset.top += delta
        if quiet { scrollView.storedContentInset = inset } else { scrollView.contentInset = inset }
    }

    /// Each frame, after the scroll view moved: the state follows the pull while held; the collapse runs.
    func stepRefresh(_ tick: FrameTick) {
        rowState.spinnerTime = tick.targetTimestamp
        switch rowState.refreshState {
        case .idle, .pulling, .armed:
            guard rowState.refreshHandler != nil else { updateRefreshSpinner(); return }
            let held = scrollView.phase == .dragging || scrollView.phase == .tracking
            let pull = refreshPullDistance
            rowState.refreshState = held && pull > 0 ? (pull >= rowState.refreshThreshold ? .armed : .pulling) : .idle
        case .refreshing:
            break
        case .ending:
            guard rowState.refreshRoom.isMoving else { rowState.refreshState = .idle; return }
            setRefreshInset(rowState.refreshRoom.sample(tick))
            if !rowState.refreshRoom.isMoving {
                setRefreshInset(0)
                rowState.refreshState = .idle
            }
        }
        updateRefreshSpinner()
    }

    /// Places the spinner in the room above the first item (content coordinates, so it moves with the content
    /// and the damage renderer treats it as scrolled content): spokes appearing with the pull, turning while
    /// refreshing, shrinking as the refresh ends.
    func updateRefreshSpinner() {
        // The gap above the first item (it holds the spinner's room while refreshing).
        let room = rowState.refreshHandler == nil ? 0 : refreshPullDistance
        let visible = room > 4
        if visible != rowState.spinnerVisible {
            rowState.spinnerVisible = visible
            if visible, rowState.spinnerView == nil { rowState.spinnerView = RefreshSpinnerView() }
            syncSubviews()
        }
        guard visible, let view = rowState.spinnerView else { return }
        let state = rowState.refreshState
        let spokes = RefreshSpinnerView.spokeCount
        let running = state == .refreshing || state == .ending
        let frame = Rect(x: 0, y: scrollView.contentOffset.y, width: storedFrame.width, height: room)
        if view.frame != frame { view.frame = frame }
        let grow = running ? min(1, rowState.refreshInset / Self.refreshSpinnerHeight) : min(1, room / 40)
        let shown = running ? spokes
            : Int.clamped((Double(spokes) * room / rowState.refreshThreshold).rounded(.up), to: 0...spokes)
        let head = running ? RefreshSpinnerView.spinnerHead(time: rowState.spinnerTime, spokes: spokes) : -1
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
        let centre = Point(x: f.midX, y: f.minY + min(f.height, 2 * ListView.refreshSpinnerHeight) / 2)
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
