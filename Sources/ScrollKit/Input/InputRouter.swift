// InputRouter: the one router of a view tree's input — its gesture and focus state, the event switch and
// the per-frame step (pointer, pinch, wheel, keys and focus are in InputRouter+*.swift).

import Motion

/// Routes a tree's input: pointer gestures (arbitration between nested scroll views, chaining, presses),
/// the wheel, keys and focus. One per root, made by the root's first ``ViewNode/handle(_:)``.
/// The rules are in ``ViewNode``'s notes under *Composition*.
@MainActor
final class InputRouter {
    unowned let root: ViewNode

    init(root: ViewNode) {
        self.root = root
        let m = PointerSession()
        mouse = m
        current = m
        sessions = [m]
        m.attach(to: self)
    }

    // MARK: - Gesture state

    /// The gesture sessions: the mouse's (always first, never dropped) and one per group of fingers moving
    /// together (see ``PointerSession``).
    var sessions: [PointerSession] = []
    /// The session whose event (or frame) is being handled; the gesture code below reads its state.
    var current: PointerSession
    /// The mouse's session.
    let mouse: PointerSession
    /// Each pointer's arena, in the order they went down (an arena stays past its up while it is held).
    var arenas: [GestureArena] = []
    /// The last pointer location seen (root frame coordinates), for keys and the wheel.
    var lastPointer: Point?
    var latestTime: Double = 0
    /// Whether the last gesture that began was a touch.
    var lastDownWasTouch = false
    /// Whether the last Escape or Back key found no taker (``ViewNode/lastBackWentUnhandled``).
    var backWentUnhandled = false
    /// Tells trackpad streams from wheel notches, and measures the notches' rate.
    var wheelClassifier = WheelStreamClassifier()
    /// The views a running wheel stream is latched to (see ``wheel(dx:dy:at:time:)``).
    weak var streamXView: ScrollingView?
    weak var streamYView: ScrollingView?
    /// The list with an open row, if any (one row is open at a time; InputRouter+Rows.swift).
    weak var openRowList: ListView?

    // The current session's state, read and written in place.
    var chain: [ScrollingView] { get { current.chain } _modify { yield &current.chain } }
    var chainDown: [Point] { get { current.chainDown } _modify { yield &current.chainDown } }
    var gestureActive: Bool { get { current.gestureActive } _modify { yield &current.gestureActive } }
    var decided: Bool { get { current.decided } _modify { yield &current.decided } }
    var dragDim: ScrollingView.Dim? { get { current.dragDim } _modify { yield &current.dragDim } }
    var participants: [Int] { get { current.participants } _modify { yield &current.participants } }
    var shares: [Double] { get { current.shares } _modify { yield &current.shares } }
    var dealt: Double { get { current.dealt } _modify { yield &current.dealt } }
    var downPoint: Point { get { current.downPoint } _modify { yield &current.downPoint } }
    var downTime: Double { get { current.downTime } _modify { yield &current.downTime } }
    var tracker: VelocityTracker { get { current.tracker } _modify { yield &current.tracker } }
    var press: ViewNode? { get { current.press } _modify { yield &current.press } }
    var indicatorOwner: ScrollingView? { get { current.indicatorOwner } _modify { yield &current.indicatorOwner } }
    var trackingOwner: ViewNode? { get { current.trackingOwner } _modify { yield &current.trackingOwner } }
    var highlightAt: Double? { get { current.highlightAt } _modify { yield &current.highlightAt } }
    var unhighlightAt: Double? { get { current.unhighlightAt } _modify { yield &current.unhighlightAt } }
    var highlighted: ViewNode? { get { current.highlighted } _modify { yield &current.highlighted } }
    var touches: TouchTracker { get { current.touches } _modify { yield &current.touches } }
    var downByTouch: Bool { get { current.downByTouch } _modify { yield &current.downByTouch } }
    var pinchView: ScrollingView? { get { current.pinchView } _modify { yield &current.pinchView } }
    var pinchSpread: Double { get { current.pinchSpread } _modify { yield &current.pinchSpread } }
    var rows: RouterRowState { get { current.rows } _modify { yield &current.rows } }
    var nav: RouterNavState { get { current.nav } _modify { yield &current.nav } }
    var builtInClaimed: Bool { get { current.builtInClaimed } _modify { yield &current.builtInClaimed } }
    var builtIn: BuiltInGestures { current.builtIn }

    // MARK: - Focus state

    /// True while a key is handled: a text view focused then shows its focus ring.
    var focusMovesByKey = false
    var focus: FocusTarget? {
        didSet { if oldValue?.view !== focus?.view { focusMoved(from: oldValue?.view, to: focus?.view) } }
    }
    /// Held game controller buttons and the stick (repeat), and the rotary encoder's mode (Focus/InputRouter+Gamepad.swift).
    var pad = RouterPadState()
    /// A focus move into a list item whose cell is not showing yet: resolved when it shows.
    var pendingEntry: (list: ListView, item: Int, move: FocusMove, reference: Rect)?

    var focusMark: FocusMark {
        guard let f = focus, let view = f.view else { return .none }
        return FocusMark(view: ObjectIdentifier(view), item: f.item ?? -1)
    }

    var needsFrames: Bool {
        pendingEntry != nil || arenasNeedFrames || pad.needsFrames
            || sessions.contains { $0.highlightAt != nil || $0.unhighlightAt != nil || $0.rows.longPressAt != nil }
    }

    // MARK: - Events

    func handle(_ event: InputEvent) {
        switch event {
        case .pointerDown, .pointerMove, .pointerUp:
            // The mouse waits while a finger is down; an up then is a host's cancel of the touch gestures.
            if sessions.contains(where: { $0.touches.fingerCount > 0 }) {
                if case .pointerUp = event {
                    for s in sessions where s.touches.fingerCount > 0 { route(event, in: s) }
                }
            } else {
                route(event, in: mouse)
            }
        case .touchDown(let d, let id, let p, _):
            guard p.x.isFinite, p.y.isFinite, !mouse.touches.mouseIsDown else { break }
            if let s = sessions.first(where: { $0.touches.has(device: d, id: id) }) {
                route(event, in: s)   // a second down of a finger already down is a move
                break
            }
            // One touchscreen at a time: another one's fingers wait until every finger of this one is up.
            if sessions.contains(where: { $0.touches.fingerCount > 0 && $0.touches.device != d }) { break }
            // The finger joins the gesture whose view it lands on (a second finger on a scroll view pans and
            // pinches with the first), else it begins one of its own.
            let hit = hitView(at: p)
            let s = sessions.first { $0.touches.fingerCount > 0 && $0.takesFinger(on: hit) } ?? newTouchSession()
            route(event, in: s)
        case .touchMove(let d, let id, _, _), .touchUp(let d, let id, _, _):
            if let s = sessions.first(where: { $0.touches.has(device: d, id: id) }) { route(event, in: s) }
        default:
            dispatch(event)
        }
        purgeArenas()
        purgeSessions()
    }

    /// A pointer event of `session`: its pointers' arenas see it first (a down opens one, an up sweeps it),
    /// then the library's gestures see the session's one pointer stream (the mouse, or its fingers' centroid).
    func route(_ event: InputEvent, in session: PointerSession) {
        current = session
        let fromTouch: Bool
        switch event {
        case .touchDown, .touchMove, .touchUp: fromTouch = true
        default: fromTouch = false
        }
        let fingersBefore = touches.fingerCount
        var opened: (arena: GestureArena, at: Point, time: Double)?
        let eventTime = event.time.isFinite ? event.time : latestTime
        switch event {
        case .pointerDown(let p, _):
            if let a = arenaDown(.mouse, at: p, time: eventTime) { opened = (a, p, eventTime) }
        case .pointerMove(let p, _):
            if let a = liveArena(.mouse) { arenaMove(a, to: p, time: eventTime) }
        case .pointerUp(let p, _):
            if session === mouse {
                if let a = liveArena(.mouse) { arenaUp(a, at: p, time: eventTime) }
            } else if let d = touches.device {
                for f in touches.fingers {
                    if let a = liveArena(PointerID(device: d, id: f.id)) { arenaUp(a, at: f.location, time: eventTime) }
                }
            }
        case .touchDown(let d, let id, let p, _):
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
        current = session
        if let e = touches.pointerEvent(for: event) {
            if case .pointerDown(let p, _) = e {
                downByTouch = fromTouch
                lastDownWasTouch = fromTouch
                root.lastTouchDown = fromTouch && p.x.isFinite && p.y.isFinite ? p : nil
            }
            dispatch(e)
        }
        if let opened { arenaDownFinished(opened.arena, joined: gestureActive, at: opened.at, time: opened.time) }
        if fromTouch { followPinch(fingersBefore: fingersBefore, time: event.time) }
    }

    /// The view a pointer at `p` (root frame coordinates) lands on.
    func hitView(at p: Point) -> ViewNode? {
        var hit = root.hitTest(root.pointFromRootSpace(p))
        if hit == nil, root.takesPressesOutside, !root.isHidden, root.isUserInteractionEnabled { hit = root }
        return hit
    }

    func newTouchSession() -> PointerSession {
        let s = PointerSession()
        s.attach(to: self)
        sessions.append(s)
        return s
    }

    /// Touch sessions with nothing down and nothing pending leave.
    func purgeSessions() {
        guard sessions.count > 1, sessions.contains(where: { $0 !== mouse && $0.isIdle }) else { return }
        sessions.removeAll { $0 !== mouse && $0.isIdle }
        if !sessions.contains(where: { $0 === current }) { current = mouse }
    }

    /// Runs `body` with `session` current.
    func with(_ session: PointerSession, _ body: () -> Void) {
        let saved = current
        current = session
        body()
        current = sessions.contains(where: { $0 === saved }) ? saved : mouse
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
            if key == .contextMenu { openFocusedContextMenu(); return }
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
        case .secondaryClick(let p, _):
            guard p.x.isFinite, p.y.isFinite, !gestureActive else { return }
            lastPointer = p
            _ = root.openContextMenu(fromHit: hitView(at: p), atRoot: p)
        case .gamepad(let button, let pressed, _):
            gamepad(button, pressed: pressed, time: time)
        case .gamepadStick(let x, let y, _):
            gamepadStick(x: x, y: y, time: time)
        case .rotary(let steps, _):
            rotary(steps: steps, time: time)
        case .touchDown, .touchMove, .touchUp:
            break   // touches came back as pointer events
        }
    }

    // MARK: - Frames

    func beforeStep(_ tick: FrameTick) {
        let now = tick.targetTimestamp
        guard now.isFinite else { return }
        if !arenas.isEmpty { tickArenas(now) }
        if pad.needsFrames { padBeforeStep(now) }
        let saved = current
        var k = 0
        while k < sessions.count {
            current = sessions[k]
            if rows.longPressAt != nil { rowsBeforeStep(now) }
            navBeforeStep()
            if let at = highlightAt, now >= at {
                highlightAt = nil
                if let press, gestureActive { setHighlight(press) }
            }
            if let at = unhighlightAt, now >= at { clearHighlight() }
            k += 1
        }
        current = saved
        purgeSessions()
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

/// One gesture of the library's own: the mouse's, or a group of fingers moving together (a finger that lands
/// on the view another session's gesture holds joins it, and the group moves by its centroid; a finger
/// elsewhere begins a session of its own, so two fingers scroll two carousels, or press two keys, at once).
/// A session's pointers each have their arena; its ``builtIn`` member stands for its gestures in them.
@MainActor
final class PointerSession {
    unowned(unsafe) var router: InputRouter!
    private(set) var builtIn: BuiltInGestures!

    func attach(to router: InputRouter) {
        self.router = router
        builtIn = BuiltInGestures(router: router, session: self)
    }

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
    /// The session's pointer along its gesture's axis: a chained drag's (for its release velocity), a row's
    /// swipe, an edge swipe's or a sheet's drag (one tracker a session; they never run together).
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
    /// The session's fingers as one pointer at their centroid (the mouse's passes the mouse through).
    var touches = TouchTracker()
    /// Whether the gesture in progress is a touch (its drags are resampled at frames).
    var downByTouch = false
    /// The scroll view two or more fingers are zooming, and their spread when the pinch (re)began.
    weak var pinchView: ScrollingView?
    var pinchSpread: Double = 0
    /// A list row's swipe or reorder in progress (InputRouter+Rows.swift).
    var rows = RouterRowState()
    /// An edge swipe, a caught slide or a sheet's drag in progress (InputRouter+Navigation.swift).
    var nav = RouterNavState()
    /// Whether the gesture in progress took its pointers.
    var builtInClaimed = false

    /// The view the gesture holds, which a new finger landing on joins (nil: a press alone, which it does not).
    var anchor: ViewNode? {
        guard gestureActive else { return nil }
        return indicatorOwner ?? trackingOwner ?? nav.heldStack ?? nav.sheet ?? chain.first
    }

    func takesFinger(on hit: ViewNode?) -> Bool {
        guard let hit, let anchor else { return false }
        return hit.isDescendant(of: anchor)
    }

    /// Nothing down, timed or pending: the session may go.
    var isIdle: Bool {
        !gestureActive && touches.fingerCount == 0 && highlightAt == nil && unhighlightAt == nil && highlighted == nil
            && builtIn.pendingTap == nil && rows.longPressAt == nil && pinchView == nil
    }
}
