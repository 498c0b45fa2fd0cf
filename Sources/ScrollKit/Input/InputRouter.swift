// InputRouter: the one router of a view tree's input — its gesture and focus state, the event switch and
// the per-frame step (pointer, pinch, wheel, keys and focus are in InputRouter+*.swift).

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
    /// Each pointer's arena, in the order they went down (an arena stays past its up while it is held).
    var arenas: [GestureArena] = []
    /// The library's own gestures, one member of each arena their gesture is in.
    lazy var builtIn = BuiltInGestures(router: self)
    /// Whether the library's gesture in progress took its pointers.
    var builtInClaimed = false
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
    /// A list row's swipe or reorder in progress, and the list with an open row (InputRouter+Rows.swift).
    var rows = RouterRowState()
    /// An edge swipe, a caught slide or a sheet's drag in progress (InputRouter+Navigation.swift).
    var nav = RouterNavState()

    // MARK: - Focus state

    /// True while a key is handled: a text view focused then shows its focus ring.
    var focusMovesByKey = false
    var focus: FocusTarget? {
        didSet { if oldValue?.view !== focus?.view { focusMoved(from: oldValue?.view, to: focus?.view) } }
    }
    /// A focus move into a list item whose cell is not showing yet: resolved when it shows.
    var pendingEntry: (list: ListView, item: Int, move: FocusMove, reference: Rect)?

    var focusMark: FocusMark {
        guard let f = focus, let view = f.view else { return .none }
        return FocusMark(view: ObjectIdentifier(view), item: f.item ?? -1)
    }

    var needsFrames: Bool {
        highlightAt != nil || unhighlightAt != nil || pendingEntry != nil || rows.longPressAt != nil || arenasNeedFrames
    }

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
        // Each pointer's arena sees its own events first (a down opens it, an up sweeps it).
        var opened: (arena: GestureArena, at: Point, time: Double)?
        let eventTime = event.time.isFinite ? event.time : latestTime
        switch event {
        case .pointerDown(let p, _) where touches.fingerCount == 0:
            if let a = arenaDown(.mouse, at: p, time: eventTime) { opened = (a, p, eventTime) }
        case .pointerMove(let p, _) where touches.fingerCount == 0:
            if let a = liveArena(.mouse) { arenaMove(a, to: p, time: eventTime) }
        case .pointerUp(let p, _):
            if touches.fingerCount == 0 {
                if let a = liveArena(.mouse) { arenaUp(a, at: p, time: eventTime) }
            } else {
                for a in arenas where !a.isUp && a.pointer.isTouch { arenaUp(a, at: lastPointer ?? p, time: eventTime) }
            }
        case .touchDown(let d, let id, let p, _) where touches.accepts(device: d) && p.x.isFinite && p.y.isFinite:
            let pointer = PointerID(device: d, id: id)
            if let a = liveArena(pointer) {
                arenaMove(a, to: p, time: eventTime)
            } else if let a = arenaDown(pointer, at: p, time: eventTime) {
                opened = (a, p, eventTime)
            }
        case .touchMove(let d, let id, let p, _):
            if let a = liveArena(PointerID(device: d, id: id)) { arenaMove(a, to: p, time: eventTime) }
        case .touchUp(let d, let id, let p, _):
            if let a = liveArena(PointerID(device: d, id: id)) { arenaUp(a, at: p, time: eventTime) }
        default:
            break
        }
        if let event = touches.pointerEvent(for: event) {
            if case .pointerDown = event { downByTouch = fromTouch }
            dispatch(event)
        }
        if let opened { arenaDownFinished(opened.arena, joined: gestureActive, at: opened.at, time: opened.time) }
        purgeArenas()
    }

    /// The library's own gestures: the one pointer stream (the mouse, or the fingers' centroid).
    func dispatch(_ event: InputEvent) {
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
        case .key(let key, let modifiers, _):
            if textKey(key, modifiers: modifiers, time: time) { return }
            focusMovesByKey = true
            self.key(key, time: time)
            focusMovesByKey = false
        case .text(let text, _):
            typedText(text, time: time)
        case .composition(let text, let cursor, _):
            composition(text, cursor: cursor, time: time)
        case .magnify(let scale, let p, _):
            guard p.x.isFinite, p.y.isFinite, !gestureActive else { return }
            lastPointer = p
            guard let s = path(at: p).scrollViews.first(where: { $0.isZoomEnabled }) else { return }
            s.magnify(by: scale, about: viewportPoint(p, in: s), time: s.eventTime(time))
        case .pastePrimary(let p, _):
            pastePrimary(at: p)
        case .touchDown, .touchMove, .touchUp:
            break   // touches came back as pointer events
        }
    }

    // MARK: - Frames

    func beforeStep(_ tick: FrameTick) {
        let now = tick.targetTimestamp
        guard now.isFinite else { return }
        if !arenas.isEmpty { tickArenas(now) }
        if rows.longPressAt != nil { rowsBeforeStep(now) }
        navBeforeStep()
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
}
