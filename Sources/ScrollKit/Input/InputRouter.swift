import Motion

/// Routes a tree's input: pointer gestures (arbitration between nested scroll views, chaining, presses),
/// the wheel, keys and focus. One per root, made by the root's first ``ViewNode/handle(_:)``.
/// The rules are in ``ViewNode``'s notes under *Composition*.
@MainActor
final class InputRouter {
    unowned let root: ViewNode

    init(root: ViewNode) { self.root = root }

    // MARK: - Gesture state

    /// The scroll views on the path from the pressed view up to the root, innermost first.
    var chain: [ScrollingView] = []
    /// Each chain member's down location, in its viewport's coordinates.
    var chainDown: [Point] = []
    /// Whether a pointer gesture is in progress (its down landed in the tree).
    var gestureActive = false
    /// Whether the drag has been given to a scroll view (the slop was passed).
    var decided = false
    /// The axis the drag moves along once decided; `nil` before, or for a free two-axis drag.
    var dragDim: ScrollingView.Dim?
    /// The scroll views moving with the drag, innermost first (more than one when chaining), as indices
    /// into `chain`.
    var participants: [Int] = []
    /// Each participant's share of the drag so far (pointer displacement along the drag axis), and the
    /// total dealt out.
    var shares: [Double] = []
    var dealt: Double = 0
    var downPoint = Point.zero
    var downTime: Double = 0
    /// The real pointer along the drag axis, for a chained release's velocity.
    var tracker = VelocityTracker()
    /// The press: the innermost pressable view on the path; dropped when a drag starts.
    var press: ViewNode?
    /// The scroll view whose indicator took the gesture (a thumb drag or a track click), if any.
    var indicatorOwner: ScrollingView?
    /// The view following the pointer itself (``PointerTracking``), if one took the gesture.
    var trackingOwner: ViewNode?
    var highlightAt: Double?
    var unhighlightAt: Double?
    var highlighted: ViewNode?
    /// The last pointer location seen (root frame coordinates), for keys and the wheel.
    var lastPointer: Point?
    var latestTime: Double = 0
    /// Turns the fingers of one touchscreen into the pointer (their centroid).
    var touches = TouchTracker()
    /// Whether the gesture in progress is a touch (its drags are resampled at frames).
    var downByTouch = false
    /// Tells trackpad streams from wheel notches, and measures the notches' rate.
    var wheelClassifier = WheelStreamClassifier()
    /// The views a running wheel stream is latched to (see ``wheel(dx:dy:at:time:)``).
    weak var streamXView: ScrollingView?
    weak var streamYView: ScrollingView?
    /// The scroll view two or more fingers are zooming, and their spread when the pinch (re)began.
    weak var pinchView: ScrollingView?
    var pinchSpread: Double = 0

    // MARK: - Focus state

    var focus: FocusTarget?
    /// A focus move into a list item whose cell is not showing yet: resolved when it shows.
    var pendingEntry: (list: ListView, item: Int, move: FocusMove, reference: Rect)?

    var focusMark: FocusMark {
        guard let f = focus, let view = f.view else { return .none }
        return FocusMark(view: ObjectIdentifier(view), item: f.item ?? -1)
    }

    var needsFrames: Bool { highlightAt != nil || unhighlightAt != nil || pendingEntry != nil }

    // MARK: - Events

    func handle(_ event: InputEvent) {
        // Fingers become one pointer at their centroid; mouse events wait while a finger is down.
        let fromTouch: Bool
        switch event {
        case .touchDown, .touchMove, .touchUp: fromTouch = true
        default: fromTouch = false
        }
        let fingersBefore = touches.fingerCount
        defer { if fromTouch { followPinch(fingersBefore: fingersBefore, time: event.time) } }
        guard let event = touches.pointerEvent(for: event) else { return }
        if case .pointerDown = event { downByTouch = fromTouch }
        let t = event.time
        let time = t.isFinite ? t : latestTime
        latestTime = max(latestTime, time)
        switch event {
        case .pointerDown(let p, _):
            guard p.x.isFinite, p.y.isFinite else { return }
            lastPointer = p
            pointerDown(p, time)
        case .pointerMove(let p, _):
            guard p.x.isFinite, p.y.isFinite else { return }
            lastPointer = p
            pointerMove(p, time)
        case .pointerUp(let p, _):
            if p.x.isFinite && p.y.isFinite { lastPointer = p }
            pointerUp(p, time)
        case .wheel(let dx, let dy, let p, _):
            if p.x.isFinite && p.y.isFinite { lastPointer = p }
            wheel(dx: dx, dy: dy, at: p, time: time)
        case .key(let key, _):
            self.key(key, time: time)
        case .magnify(let scale, let p, _):
            guard p.x.isFinite, p.y.isFinite, !gestureActive else { return }
            lastPointer = p
            guard let s = path(at: p).scrollViews.first(where: { $0.isZoomEnabled }) else { return }
            s.magnify(by: scale, about: viewportPoint(p, in: s), time: s.eventTime(time))
        case .character, .touchDown, .touchMove, .touchUp:
            break   // touches came back as pointer events
        }
    }

    // MARK: - Pinch

    /// After a touch event: two or more fingers on a gesture whose path holds a zoomable scroll view zoom it
    /// by their spread (see ``ScrollingView``'s zoom notes). The pinch (re)starts whenever the number of
    /// fingers changes, so a finger joining or lifting never jumps the scale; fewer than two end it.
    func followPinch(fingersBefore: Int, time: Double) {
        let n = touches.fingerCount
        guard n >= 2, gestureActive, indicatorOwner == nil, let spread = touches.spread, spread > 0 else {
            if let view = pinchView {
                pinchView = nil
                view.pinchEnded()
            }
            return
        }
        if let view = pinchView, n == fingersBefore {
            view.pinchChanged(ratio: spread / pinchSpread, centroid: viewportPoint(touches.centroid, in: view))
            return
        }
        if pinchView == nil {
            guard let k = chain.firstIndex(where: { $0.isZoomEnabled }) else { return }
            if !decided { grantPinch(k, time: time) }
            guard participants.contains(k) else { return }
            pinchView = chain[k]
        }
        pinchSpread = spread
        if let view = pinchView { view.pinchBegan(at: viewportPoint(touches.centroid, in: view)) }
    }

    /// Gives the gesture to the zoomable chain member `k` at once: a pinch needs no slop.
    func grantPinch(_ k: Int, time: Double) {
        decided = true
        cancelPress()
        dragDim = nil
        participants = [k]
        shares = [0]
        dealt = 0
        for j in chain.indices where j != k { chain[j].routedCancel(time) }
        chain[k].routedBeginDrag(lock: nil, resetTracking: false, at: chainDown[k], time: time)
    }

    /// The view under `p` (root frame coordinates) and the scroll views on its path, innermost first.
    func path(at p: Point) -> (hit: ViewNode?, scrollViews: [ScrollingView]) {
        let f = root.storedFrame, b = root.boundsOrigin
        var hit = root.hitTest(Point(x: p.x - f.minX + b.x, y: p.y - f.minY + b.y))
        if hit == nil, root.takesPressesOutside, !root.isHidden, root.isUserInteractionEnabled { hit = root }
        var scrollViews: [ScrollingView] = []
        var view = hit
        while let v = view {
            if let s = v as? ScrollingView { scrollViews.append(s) }
            view = v.superview
        }
        return (hit, scrollViews)
    }

    /// `p` (root frame coordinates) in `s`'s viewport coordinates (0,0 = its frame's top-left).
    func viewportPoint(_ p: Point, in s: ScrollingView) -> Point {
        let origin = s.superview?.pointInRootSpace(s.storedFrame.origin) ?? s.storedFrame.origin
        return Point(x: p.x - origin.x, y: p.y - origin.y)
    }

    // MARK: - Pointer

    func pointerDown(_ p: Point, _ time: Double) {
        if gestureActive { pointerUp(lastPointer ?? p, time) }
        let (hit, scrollViews) = path(at: p)
        guard let hit else { return }
        // A press on a shown scroll indicator (innermost first) takes the gesture before arbitration.
        for s in scrollViews where s.indicatorPress(at: viewportPoint(p, in: s), time: time) {
            gestureActive = true
            indicatorOwner = s
            downPoint = p
            clearHighlight()
            press = nil
            return
        }
        // A view that tracks the pointer itself (a slider) takes the gesture before arbitration too.
        var candidate: ViewNode? = hit
        while let view = candidate {
            if let tracker = view as? PointerTracking {
                if tracker.beginTracking(at: view.pointFromRootSpace(p)) {
                    gestureActive = true
                    trackingOwner = view
                    downPoint = p
                    clearHighlight()
                    press = nil
                    return
                }
                break
            }
            candidate = view.superview
        }
        gestureActive = true
        decided = false
        dragDim = nil
        participants.removeAll()
        chain = scrollViews
        chainDown = scrollViews.map { viewportPoint(p, in: $0) }
        downPoint = p
        downTime = time
        tracker.reset()
        var stoppedVisible = false
        for (k, s) in chain.enumerated() {
            s.routedPointerDown(chainDown[k], time, touch: downByTouch)
            if s.pointer?.stoppedVisibleMotion == true { stoppedVisible = true }
        }
        clearHighlight()
        press = nil
        if !stoppedVisible, let pressable = Self.pressable(from: hit) {
            press = pressable
            if chain.isEmpty {
                setHighlight(pressable)
            } else {
                highlightAt = time + ViewNode.highlightDelay
            }
        }
    }

    static func pressable(from view: ViewNode) -> ViewNode? {
        var v: ViewNode? = view
        while let c = v {
            if c.isPressable { return c }
            v = c.superview
        }
        return nil
    }

    func pointerMove(_ p: Point, _ time: Double) {
        guard gestureActive else { return }
        if let owner = indicatorOwner {
            owner.indicatorDragMove(to: viewportPoint(p, in: owner))
            return
        }
        if let owner = trackingOwner {
            (owner as? PointerTracking)?.continueTracking(at: owner.pointFromRootSpace(p))
            return
        }
        let dx = p.x - downPoint.x, dy = p.y - downPoint.y
        if !decided {
            for (k, s) in chain.enumerated() { s.routedPointerMove(Point(x: chainDown[k].x + dx, y: chainDown[k].y + dy), time) }
            if chain.isEmpty {
                if let press, !press.frameInRoot.contains(p) { cancelPress() }
                return
            }
            guard chain.contains(where: { $0.passedSlop(dx: dx, dy: dy) }) else { return }
            decide(dx: dx, dy: dy, time: time)
        }
        if let dim = dragDim { tracker.addSample(position: dim == .x ? p.x : p.y, time: time) }
        feedParticipants(dx: dx, dy: dy, time: time)
    }

    /// Gives the drag to one scroll view (and its chain) once the slop is passed.
    func decide(dx: Double, dy: Double, time: Double) {
        decided = true
        cancelPress()
        let dim: ScrollingView.Dim = abs(dx) > abs(dy) ? .x : .y
        var owner = chain.firstIndex { $0.scrolls(dim) && $0.hasRange(dim) }
        if owner == nil { owner = chain.firstIndex { $0.scrolls(dim) } }
        let ownerIndex = owner ?? 0
        let s = chain[ownerIndex]
        // A two-axis view: locked within 30° of an axis when it asks for it, else free.
        var lock: ScrollingView.Dim?
        if s.axis == .both {
            if s.isDirectionalLockEnabled {
                if abs(dy) <= tan30Degrees * abs(dx) { lock = .x } else if abs(dx) <= tan30Degrees * abs(dy) { lock = .y }
            }
        } else {
            lock = s.axis == .horizontal ? .x : .y
        }
        dragDim = lock
        participants = [ownerIndex]
        if let lock {
            var k = ownerIndex
            while chain[k].chaining.contains(.drag),
                  let next = chain.indices.first(where: { $0 > k && chain[$0].scrolls(lock) }) {
                participants.append(next)
                k = next
            }
        }
        shares = Array(repeating: 0, count: participants.count)
        dealt = 0
        for k in chain.indices where !participants.contains(k) {
            chain[k].routedCancel(time)
        }
        for (n, k) in participants.enumerated() {
            chain[k].routedBeginDrag(lock: s.axis == .both ? lock : nil, resetTracking: n > 0,
                                     at: chainDown[k], time: time)
        }
        if let lock {
            tracker.reset()
            tracker.addSample(position: lock == .x ? downPoint.x + dx : downPoint.y + dy, time: time)
        }
    }

    /// Moves the participants: one alone follows the pointer; a chain deals out each move inner first
    /// (in either direction): a participant takes what keeps it inside its range, the next one the rest,
    /// the last one all that is left (rubber-banded at its own edge).
    func feedParticipants(dx: Double, dy: Double, time: Double, sample: Bool = true) {
        guard let first = participants.first else { return }
        guard participants.count > 1, let dim = dragDim else {
            chain[first].routedPointerMove(Point(x: chainDown[first].x + dx, y: chainDown[first].y + dy), time,
                                           sample: sample)
            return
        }
        let total = dim == .x ? dx : dy
        var rest = total - dealt        // pointer displacement not yet dealt out
        dealt = total
        for (n, k) in participants.enumerated() {
            let s = chain[k]
            if n < participants.count - 1 {
                let anchor = s.pointer?.anchor[dim] ?? s.contentOffset[dim]
                let r = s.range(dim)
                let raw = anchor - shares[n]
                let target = min(max(raw - rest, r.lo), r.hi)
                let took = raw - target
                shares[n] += took
                rest -= took
            } else {
                shares[n] += rest
                rest = 0
            }
            var q = chainDown[k]
            q[dim] += shares[n]
            s.routedPointerMove(q, time, sample: sample)
        }
    }

    func pointerUp(_ p: Point, _ time: Double) {
        guard gestureActive else { return }
        gestureActive = false
        let p = p.x.isFinite && p.y.isFinite ? p : (lastPointer ?? downPoint)
        if let owner = indicatorOwner {
            indicatorOwner = nil
            owner.indicatorDragMove(to: viewportPoint(p, in: owner))
            owner.indicatorRelease(time: time)
            return
        }
        if let owner = trackingOwner {
            trackingOwner = nil
            (owner as? PointerTracking)?.endTracking(at: owner.pointFromRootSpace(p))
            return
        }
        let dx = p.x - downPoint.x, dy = p.y - downPoint.y
        if decided {
            // The up moves the content but is not a velocity sample (see `ScrollingView.moveToUp`); its
            // time is the release time.
            feedParticipants(dx: dx, dy: dy, time: time, sample: false)
            releaseParticipants(dx: dx, dy: dy, time: time)
            finishGesture()
            return
        }
        // No drag: a tap, unless a press stopped visible motion or a scroll view was pulled past an edge.
        var tappable = true
        var upLocations: [Point] = []
        for (k, s) in chain.enumerated() {
            let q = Point(x: chainDown[k].x + dx, y: chainDown[k].y + dy)
            upLocations.append(q)
            if !s.routedTouchEnd(q, time) { tappable = false }
        }
        let pressed = press
        let inner = chain.first
        finishGesture()
        guard tappable else { clearHighlight(); return }
        if let pressed {
            if highlightAt != nil || highlighted !== pressed {
                setHighlight(pressed)
                unhighlightAt = time + ViewNode.tapHighlightDuration
            } else {
                clearHighlight()
            }
            highlightAt = nil
            pressed.activate()
        } else {
            clearHighlight()
        }
        if let inner, let q = upLocations.first { inner.deliverTap(at: q) }
    }

    func releaseParticipants(dx: Double, dy: Double, time: Double) {
        guard participants.count > 1, let dim = dragDim else {
            if let k = participants.first {
                chain[k].routedPointerUp(Point(x: chainDown[k].x + dx, y: chainDown[k].y + dy), time, velocity: nil)
            }
            return
        }
        // The real pointer's velocity goes to the innermost participant that can still move that way.
        let v = -tracker.velocity(at: time)
        var receiver: Int?
        for k in participants {
            let s = chain[k], r = s.range(dim), o = s.contentOffset[dim]
            if (v > 0 && o < r.hi - 1e-6) || (v < 0 && o > r.lo + 1e-6) { receiver = k; break }
        }
        for k in participants {
            let s = chain[k]
            var q = chainDown[k]
            q[dim] = s.pointer?.lastLocation[dim] ?? q[dim]
            if receiver == nil {
                s.routedPointerUp(q, time, velocity: nil)
            } else {
                var velocity = Point.zero
                if k == receiver { velocity[dim] = v * s.bandSlope(at: s.contentOffset[dim], dim) }
                s.routedPointerUp(q, time, velocity: velocity.x.isFinite && velocity.y.isFinite ? velocity : .zero)
            }
        }
    }

    func finishGesture() {
        chain.removeAll(keepingCapacity: true)
        chainDown.removeAll(keepingCapacity: true)
        participants.removeAll(keepingCapacity: true)
        decided = false
        dragDim = nil
        press = nil
    }

    func cancelPress() {
        press = nil
        highlightAt = nil
        clearHighlight()
    }

    func setHighlight(_ view: ViewNode) {
        if highlighted !== view { highlighted?.isHighlighted = false }
        highlighted = view
        view.isHighlighted = true
    }

    func clearHighlight() {
        highlighted?.isHighlighted = false
        highlighted = nil
        unhighlightAt = nil
    }

    // MARK: - Frames

    func beforeStep(_ tick: FrameTick) {
        let now = tick.targetTimestamp
        guard now.isFinite else { return }
        if let at = highlightAt, now >= at {
            highlightAt = nil
            if let press, gestureActive { setHighlight(press) }
        }
        if let at = unhighlightAt, now >= at { clearHighlight() }
        if let pending = pendingEntry {
            if let cell = pending.list.cell(at: pending.item) {
                pendingEntry = nil
                if let target = entry(in: cell, move: pending.move, reference: pending.reference) {
                    setFocus(target, scroll: true)
                } else if let next = pending.list.neighbourItem(from: pending.item, pending.move) {
                    // Nothing to focus in that item (an empty shelf): on to the next one.
                    enterItem(next, of: pending.list, move: pending.move, reference: pending.reference)
                }
            } else if !pending.list.isAnimating || !pending.list.isDescendant(of: root) {
                pendingEntry = nil
            }
        }
    }

    // MARK: - Wheel

    /// Routes a wheel event. ``WheelStreamClassifier`` decides whether it is a notch or part of a
    /// trackpad's continuous stream.
    ///
    /// Each component goes to the innermost view scrolling along it under the pointer (else the innermost
    /// view); when both land on one view it gets the whole turn, so its own rule applies (a horizontal view
    /// takes a purely vertical turn as horizontal, and dx when there is one). A stream is latched, as
    /// browsers do: the views chosen at its first continuous event get all of it until it ends, wherever
    /// the pointer (or the content under it) goes; a latched view that left the tree is chosen again. When
    /// the two components went to different views, each view's stream starts with its first nonzero step
    /// and then hears every event of the stream (a zero step is a sample that did not move).
    /// Notches are not latched. Ignored while a pointer drag is in progress.
    func wheel(dx: Double, dy: Double, at p: Point, time: Double) {
        guard !gestureActive || !decided else { return }
        let ddx = dx.isFinite ? dx : 0, ddy = dy.isFinite ? dy : 0
        let c = wheelClassifier.classify(dx: ddx, dy: ddy, time: time)
        if c.kind == .continuous {
            if c.startsStream || !isLatchedInTree(streamXView) || !isLatchedInTree(streamYView) {
                let (_, scrollViews) = path(at: p)
                guard !scrollViews.isEmpty else { streamXView = nil; streamYView = nil; return }
                streamYView = scrollViews.first { $0.scrolls(.y) } ?? scrollViews[0]
                streamXView = scrollViews.first { $0.scrolls(.x) } ?? scrollViews[0]
            }
            guard let xView = streamXView, let yView = streamYView else { return }
            if xView === yView {
                xView.wheelStream(dx: ddx, dy: ddy, time: xView.eventTime(time))
                return
            }
            // Split: a view whose stream runs hears every event (a zero step is a sample: it stopped).
            yView.wheelStream(dx: 0, dy: ddy, time: yView.eventTime(time))
            xView.wheelStream(dx: ddx, dy: 0, time: xView.eventTime(time))
            return
        }
        streamXView = nil
        streamYView = nil
        let (_, scrollViews) = path(at: p)
        guard !scrollViews.isEmpty else { return }
        let yView = scrollViews.first { $0.scrolls(.y) } ?? scrollViews[0]
        let xView = scrollViews.first { $0.scrolls(.x) } ?? scrollViews[0]
        let m = c.notchMultiplier
        if ddx != 0, ddy != 0, xView === yView {
            xView.wheel(dx: ddx, dy: ddy, time: xView.eventTime(time), multiplier: m)
            return
        }
        if ddy != 0 { yView.wheel(dx: 0, dy: ddy, time: yView.eventTime(time), multiplier: m) }
        if ddx != 0 { xView.wheel(dx: ddx, dy: 0, time: xView.eventTime(time), multiplier: m) }
    }

    /// Whether a latched stream view is still in this tree.
    func isLatchedInTree(_ view: ScrollingView?) -> Bool {
        guard let view else { return false }
        return view.isDescendant(of: root)
    }

    // MARK: - Keys

    func key(_ key: Key, time: Double) {
        switch key {
        case .tab:
            if moveFocus(.next) { return }
        case .backtab:
            if moveFocus(.previous) { return }
        case .enter:
            activateFocus(time: time)
            return
        case .space:
            // Space presses a focused control (a button, a switch, a tab), as on the web and macOS; with a
            // list's item or nothing pressable focused it pages the scroll view as before.
            if let view = focus?.view, focus?.item == nil, view.isPressable, view.isDescendant(of: root) {
                activateFocus(time: time)
                return
            }
        case .up, .down, .left, .right:
            if treeHasFocusables() {
                let move: FocusMove = key == .up ? .up : key == .down ? .down : key == .left ? .left : .right
                moveFocus(move)
                return
            }
        default:
            break
        }
        guard let target = keyTarget(for: key) else { return }
        target.key(key, time: target.eventTime(time))
    }

    /// The scroll view a scroll key acts on: the innermost holding focus, else under the pointer, else the
    /// first of the tree; preferring one that scrolls along the key's axis.
    func keyTarget(for key: Key) -> ScrollingView? {
        var candidates: [ScrollingView] = []
        if let view = focus?.view, view.isDescendant(of: root) {
            var v: ViewNode? = view
            if let list = view as? ListView { v = list.scrollView }
            while let c = v {
                if let s = c as? ScrollingView { candidates.append(s) }
                v = c.superview
            }
        }
        if candidates.isEmpty, let p = lastPointer { candidates = path(at: p).scrollViews }
        if candidates.isEmpty, let first = Self.firstScrollView(in: root) { candidates = [first] }
        guard let innermost = candidates.first else { return nil }
        if key == .zoomIn || key == .zoomOut || key == .zoomReset {
            return candidates.first { $0.isZoomEnabled } ?? innermost
        }
        let dim: ScrollingView.Dim?
        switch key {
        case .left, .right: dim = .x
        case .up, .down, .pageUp, .pageDown, .space: dim = .y
        default: dim = nil
        }
        guard let dim else { return innermost }
        return candidates.first { $0.scrolls(dim) } ?? innermost
    }

    static func firstScrollView(in view: ViewNode) -> ScrollingView? {
        if let s = view as? ScrollingView, !s.isHidden { return s }
        for sub in view.storedSubviews where !sub.isHidden {
            if let s = firstScrollView(in: sub) { return s }
        }
        return nil
    }

    func activateFocus(time: Double) {
        guard let f = focus, let view = f.view, view.isDescendant(of: root) else { return }
        if let list = view as? ListView, let item = f.item {
            if let cell = list.cell(at: item) {
                setHighlight(cell)
                unhighlightAt = time + ViewNode.tapHighlightDuration
            }
            list.activateItem(item)
        } else {
            setHighlight(view)
            unhighlightAt = time + ViewNode.tapHighlightDuration
            view.activate()
        }
    }

    func subtreeRemoved(_ view: ViewNode) {
        if let f = focus?.view, f.isDescendant(of: view) { focus = nil }
        if let h = highlighted, h.isDescendant(of: view) { clearHighlight() }
        if let p = press, p.isDescendant(of: view) { press = nil }
        if let t = trackingOwner, t.isDescendant(of: view) {
            trackingOwner = nil
            gestureActive = false
            (t as? PointerTracking)?.cancelTracking()
        }
        if let s = indicatorOwner, s.isDescendant(of: view) { s.indicatorRelease(time: latestTime); indicatorOwner = nil; gestureActive = false }
    }
}

/// tan 30°: a drag (dx, dy) lies within 30° of horizontal when |dy| ≤ tan 30° · |dx|.
let tan30Degrees = 0.57735026918962576
