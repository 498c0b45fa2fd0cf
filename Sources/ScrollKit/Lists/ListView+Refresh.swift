// ListView's pull-to-refresh: the list's names for the RefreshControl it attaches to its scroll view (the state,
// the threshold, the spinner's room and its collapse are the control's).

import Motion

extension ListView {
    /// The room the spinner takes above the first item while refreshing, in points (``RefreshControl/spinnerHeight``).
    public static let refreshSpinnerHeight = RefreshControl.spinnerHeight
    /// Seconds the spinner takes to collapse once the refresh completes (``RefreshControl/collapseDuration``).
    public static let refreshCollapseDuration = RefreshControl.collapseDuration

    /// Turns on pull-to-refresh (a vertical list): pulling the list down past its top by
    /// ``refreshThreshold`` and letting go calls this with a completion; call it when the new data is in
    /// (insert the new items with ``performChanges(_:animation:)`` first, so the reader's place is kept). The
    /// list rests below a spinner meanwhile. Works from a touch or mouse drag and a trackpad's stream alike,
    /// since all of them pull the scroll view past its edge. Held strongly; capture its owner weakly. It is the
    /// handler of the ``RefreshControl`` the list attaches to its ``scrollView`` (``ScrollingView/refreshControl``).
    ///
    /// ```swift
    /// list.onRefresh = { [weak self] done in self?.fetch { items in self?.insert(items); done() } }
    /// ```
    public var onRefresh: (@MainActor (_ done: @escaping @MainActor () -> Void) -> Void)? {
        get { scrollView.refreshControl?.onRefresh }
        set {
            if newValue == nil { scrollView.refreshControl?.onRefresh = nil } else { refreshControl.onRefresh = newValue }
        }
    }

    /// Where the pull-to-refresh is (see ``RefreshState``).
    public var refreshState: RefreshState { scrollView.refreshControl?.state ?? .idle }

    /// How far past its top (points) the list must be pulled to arm the refresh. Default 80; NaN or below 1
    /// counts as 1.
    public var refreshThreshold: Double {
        get { scrollView.refreshControl?.threshold ?? 80 }
        set { refreshControl.threshold = newValue }
    }

    /// Starts a refresh as a release past the threshold would (the spinner shows, ``onRefresh`` runs).
    /// Ignored while one runs or without ``onRefresh``.
    public func beginRefreshing() {
        scrollView.refreshControl?.beginRefreshing()
    }

    /// Ends the refresh: the spinner collapses over ``refreshCollapseDuration`` (``RefreshState/ending``), then
    /// the state is idle. What ``onRefresh``'s completion does; ignored when no refresh runs.
    public func endRefreshing() {
        scrollView.refreshControl?.endRefreshing()
    }

    /// How far the content is down past its top (the top it has without a refresh, so this includes the spinner's
    /// room while refreshing), in points; 0 when not.
    public var refreshPullDistance: Double {
        guard storedLayout.axis == .vertical else { return 0 }
        return scrollView.refreshControl?.pullDistance ?? 0
    }

    /// The scroll view's refresh control, attached on first use.
    var refreshControl: RefreshControl {
        if let c = scrollView.refreshControl { return c }
        let c = RefreshControl()
        scrollView.refreshControl = c
        return c
    }
}

