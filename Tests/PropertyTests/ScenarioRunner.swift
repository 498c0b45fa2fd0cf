import Motion
import Testing
@testable import ScrollKit

/// A data source with a settable count, a fixed size or a repeating size pattern.
@MainActor
final class PropSource: ListDataSource {
    var count: Int
    let fixed: Double?
    let pattern: [Double]
    var configureCalls = 0

    init(count: Int, fixed: Double?, pattern: [Double]) {
        self.count = count
        self.fixed = fixed
        self.pattern = pattern.isEmpty ? [44] : pattern
    }

    var numberOfItems: Int { count }
    var fixedItemSize: Double? { fixed }
    func sizeOfItem(at index: Int) -> Double { pattern[index % pattern.count] }
    func cell(at index: Int, in list: ListView) -> ListCell {
        configureCalls += 1
        return list.dequeueCell(ListCell.self, for: index)
    }
}

/// Completion calls per request id.
@MainActor
final class CompletionLog {
    var calls: [Int: [Bool]] = [:]
    var issued = 0
    /// Set when a completion fires a second time.
    var duplicate: String?

    func issue(onFinish: (@MainActor (Bool) -> Void)? = nil) -> @MainActor (Bool) -> Void {
        let id = issued
        issued += 1
        return { [self] finished in
            calls[id, default: []].append(finished)
            if calls[id]!.count > 1, duplicate == nil {
                duplicate = "completion of request \(id) fired \(calls[id]!.count) times: \(calls[id]!)"
            }
            onFinish?(finished)
        }
    }
}

/// The display link on a virtual clock: frames every 1/hz, with the spec's glitches.
struct FrameClock {
    let period: Double
    private var glitches: [Int: [Glitch]] = [:]
    /// Frames emitted so far (the glitches' `at` counts these).
    private(set) var emitted = 0
    private var tickIndex = 0
    /// When the next frame is due, on the host clock.
    private(set) var nextTime: Double
    private var lastTimestamp: Double

    init(_ spec: ClockSpec, start: Double) {
        period = 1 / spec.hz
        for g in spec.glitches { glitches[g.frame, default: []].append(g) }
        nextTime = start
        lastTimestamp = start - period
        applyDrops()
    }

    private mutating func applyDrops() {
        for case .drop(_, let gap) in glitches[emitted] ?? [] {
            nextTime += gap
            tickIndex += Int(gap / period)
        }
    }

    /// The ticks of the next frame: glitch ticks (repeated, backwards, NaN) first, then the frame itself.
    mutating func popFrame() -> [FrameTick] {
        var ticks: [FrameTick] = []
        for g in glitches[emitted] ?? [] {
            switch g {
            case .repeatTimestamp:
                ticks.append(FrameTick(index: tickIndex, timestamp: lastTimestamp, duration: period))
            case .backwards(_, let by):
                ticks.append(FrameTick(index: tickIndex, timestamp: lastTimestamp - by, duration: period))
            case .nanTick:
                ticks.append(FrameTick(index: tickIndex, timestamp: .nan, targetTimestamp: .nan, duration: period))
            case .drop:
                break
            }
        }
        ticks.append(FrameTick(index: tickIndex, timestamp: nextTime, duration: period))
        lastTimestamp = nextTime
        emitted += 1
        tickIndex += 1
        nextTime += period
        applyDrops()
        return ticks
    }
}

/// Plays a scenario on a ListView and checks the invariants after every frame.
///
/// Invariants (each documented by ScrollingView / ListView / SnapBehavior):
/// - offset and velocity finite; the cross-axis offset stays 0;
/// - the offset within [min − V, max + V] where V is the viewport length along the axis (the rubber band
///   never reaches V; 0 when `bounces` is false), widened by how far past the range a resize or reload
///   left a running motion (which is retargeted from there, not jumped), until the next rest;
/// - the cells are exactly the items intersecting [offset, offset + viewport) by the reference model, in
///   order, each with its reference frame; the reuse pool holds at most cells + `ListView.reuseMargin`;
/// - at rest (nothing animating, no pointer down): offset in [min, max], velocity 0, phase idle; with
///   snapping, after a release, a touch that stopped a motion, or a wheel/key step that could reach a snap
///   position, exactly on a snap position of the reference model;
/// - every motion rests within `restBound` seconds after the last input;
/// - every completion fires exactly once; a timed scroll or scrollToItem that finishes (`true`) with no
///   resize or reload since its request shows exactly its destination (computed from the reference).
@MainActor
final class ScenarioRunner {
    /// The longest a motion may run after the last input, in seconds. The slowest motion the library
    /// plans is a decay through a snap target at the slowest accepted rate, 0.999 per ms, from the
    /// largest release speed, 8000 pt/s: ln(8000 / 0.25) / (−1000 ln 0.999) ≈ 10.4 s. A bounce spring
    /// from a distance of 10^12 pt settles in < 3 s but never follows a decay-through; timed scrolls here
    /// last ≤ 2.05 s, glides ≤ 0.3 s. 12 s leaves room for a last frame 250 ms late.
    static let restBound: Double = 12

    /// The largest delay from the last input to rest seen (for the report).
    static var longestRest: Double = 0
    static var framesRun = 0
    static var scenariosRun = 0
    /// Rest frames checked, and how many of them on a snap position (nonempty snap set).
    static var restChecks = 0
    static var snapChecks = 0
    static var completionsTrue = 0
    static var completionsFalse = 0

    let config: ListConfig
    var steps: [Step]
    let source: PropSource
    let list: ListView
    var scroll: ScrollingView { list.scrollView }
    var model: ListModel
    var frameRect: Rect
    var clock: FrameClock
    let log = CompletionLog()

    var now: Double = 0
    var lastInputTime: Double = 0
    var pointerDown = false
    /// Whether the current or next rest must be on a snap position (see the type's notes).
    var snapExpected = false
    /// How far past the range a change of range left a running motion (the motion may start there, and
    /// the rubber band's reach counts from there until the next rest).
    var extraOverscroll: Double = 0
    var failure: String?
    var frames = 0
    var stepIndex = -1

    init(config: ListConfig, clock spec: ClockSpec, steps: [Step]) {
        self.config = config
        self.steps = steps
        source = PropSource(count: config.count, fixed: config.fixed, pattern: config.pattern)
        frameRect = Rect(x: 10, y: 20, width: config.width, height: config.height)
        list = ListView(frame: frameRect, axis: config.axis, dataSource: source)
        list.itemSpacing = config.spacing
        list.insets = config.insets
        list.snapBehavior = config.snap
        list.scrollView.bounces = config.bounces
        model = ListModel(axis: config.axis, frame: frameRect.size, spacing: config.spacing, insets: config.insets,
                          fixed: config.fixed, pattern: config.pattern, count: config.count)
        clock = FrameClock(spec, start: 0)
    }

    // MARK: Running

    /// Plays every step, then frames until rest. Returns the first broken invariant, or nil.
    func run() -> String? {
        Self.scenariosRun += 1
        checkFrame(nil)
        for (i, step) in steps.enumerated() where failure == nil {
            stepIndex = i
            perform(step.action)
            lastInputTime = now
            at(now + step.wait)
        }
        stepIndex = steps.count
        // The tail: every motion must come to rest within restBound of the last input.
        while failure == nil && list.isAnimating {
            if clock.nextTime > lastInputTime + Self.restBound {
                fail("still moving \(Self.restBound) s after the last input (phase \(scroll.phase), offset \(scroll.contentOffset))")
                break
            }
            at(clock.nextTime)
        }
        if failure == nil {
            Self.longestRest = max(Self.longestRest, now - lastInputTime)
            for calls in log.calls.values { for c in calls { if c { Self.completionsTrue += 1 } else { Self.completionsFalse += 1 } } }
            for id in 0..<log.issued where log.calls[id]?.count != 1 {
                fail("completion of request \(id) fired \(log.calls[id]?.count ?? 0) times")
                break
            }
        }
        Self.framesRun += frames
        return failure
    }

    /// Steps every frame due by host time `t`, then sets the host clock to `t`.
    func at(_ t: Double) {
        while failure == nil && clock.nextTime <= t {
            for tick in clock.popFrame() where failure == nil {
                list.step(tick)
                frames += 1
                checkFrame(tick)
            }
        }
        now = max(now, t)
    }

    func fail(_ message: String) {
        guard failure == nil else { return }
        failure = "step \(stepIndex), frame \(frames), t = \(now): \(message)"
    }

    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    // MARK: Invariants

    var along: Double { model.horizontal ? scroll.contentOffset.x : scroll.contentOffset.y }
    var across: Double { model.horizontal ? scroll.contentOffset.y : scroll.contentOffset.x }

    func checkFrame(_ tick: FrameTick?) {
        let o = scroll.contentOffset, v = scroll.velocity
        require(o.x.isFinite && o.y.isFinite, "offset not finite: \(o)")
        require(v.x.isFinite && v.y.isFinite, "velocity not finite: \(v)")
        require(across == 0, "cross-axis offset \(across)")
        let lo = model.minOffset, hi = model.maxOffset
        let libLo = model.horizontal ? scroll.minContentOffset.x : scroll.minContentOffset.y
        let libHi = model.horizontal ? scroll.maxContentOffset.x : scroll.maxContentOffset.y
        require(libLo == lo && libHi == hi, "range \(libLo)...\(libHi), reference \(lo)...\(hi)")
        let overscroll = (config.bounces ? model.viewport : 0) + extraOverscroll
        let x = along
        require(lo - x <= overscroll && x - hi <= overscroll,
                "offset \(x) beyond the range \(lo)...\(hi) plus the overscroll limit \(overscroll) (phase \(scroll.phase))")

        let cells = list.visibleCells
        let expected = model.visible(offset: x)
        if cells.count != expected.count || zip(cells, expected).contains(where: { $0.index != $1 }) {
            fail("cells \(cells.first?.index ?? -1)..<\((cells.last?.index ?? -2) + 1) (\(cells.count)), "
                 + "reference \(expected) at offset \(x), viewport \(model.viewport)")
        }
        for cell in cells where failure == nil {
            let f = model.frame(of: cell.index)
            require(cell.frame == f, "cell \(cell.index) frame \(cell.frame), reference \(f)")
        }
        require(list.reusePoolCount <= cells.count + ListView.reuseMargin,
                "reuse pool \(list.reusePoolCount) > \(cells.count) visible + \(ListView.reuseMargin)")
        if let duplicate = log.duplicate { fail(duplicate) }

        if !list.isAnimating && !pointerDown {
            extraOverscroll = 0
            require(x >= lo && x <= hi, "at rest outside the range: \(x) not in \(lo)...\(hi)")
            require(v == .zero, "at rest with velocity \(v)")
            require(scroll.phase == .idle, "at rest in phase \(scroll.phase)")
            Self.restChecks += 1
            if snapExpected {
                let snaps = model.snaps(config.snap)
                if case .free = snaps {} else { Self.snapChecks += 1 }
                require(model.isSnapPosition(x, snaps), "at rest at \(x), not on a snap position of \(snapLiteral(config.snap)) "
                        + "(range \(lo)...\(hi), viewport \(model.viewport))")
            }
        }
    }

    // MARK: Actions

    var isMoving: Bool {
        switch scroll.activity {
        case .ballistic(let b): !b.isEmpty
        case .driven(let d): !d.isEmpty
        default: false
        }
    }
    var isGliding: Bool { scroll.driven?.isGlide == true && isMoving }

    func event(_ e: InputEvent) {
        list.handle(e)
    }

    func point(_ fx: Double, _ fy: Double) -> Point {
        let f = list.frame
        return Point(x: f.minX + fx * f.width, y: f.minY + fy * f.height)
    }

    func moved(_ p: Point, by d: Double) -> Point {
        model.horizontal ? Point(x: p.x + d, y: p.y) : Point(x: p.x, y: p.y + d)
    }

    func perform(_ action: Action) {
        switch action {
        case let .drag(x, y, distance, moves, duration, speed, pause, nanMove):
            drag(from: point(x, y), distance: distance, moves: moves, duration: duration, speed: speed,
                 pause: pause, nanMove: nanMove)
        case let .tap(x, y):
            drag(from: point(x, y), distance: 0, moves: 0, duration: 0, speed: 0, pause: 0.05, nanMove: false)
        case let .wheel(dx, dy, count, interval, nanTime):
            for i in 0..<count {
                if i > 0 { at(now + interval) }
                let dir: Int
                if model.horizontal {
                    let primary = dx.isFinite && dx != 0 ? dx : -(dy.isFinite ? dy : 0)
                    dir = primary > 0 ? 1 : (primary < 0 ? -1 : 0)
                } else {
                    let primary = dy.isFinite ? -dy : 0
                    dir = primary > 0 ? 1 : (primary < 0 ? -1 : 0)
                }
                glideEvent(.wheel(dx: dx, dy: dy, location: point(0.5, 0.5), time: nanTime && i % 2 == 1 ? .nan : now), direction: dir)
            }
        case let .key(key, repeats):
            for i in 0..<repeats {
                if i > 0 { at(now + 0.03) }
                let dir: Int
                switch key {
                case .up, .left, .pageUp: dir = -1
                case .home, .end: dir = 0
                default: dir = 1
                }
                glideEvent(.key(key, time: now), direction: dir)
            }
        case let .scrollTo(fraction, duration, curve):
            let t = target(fraction)
            let goal = model.horizontal ? t.x : t.y
            scroll.setContentOffset(t, duration: duration, curve: curve.curve,
                                    completion: log.issue(onFinish: arrival(goal.isFinite ? model.clamp(goal) : nil)))
            snapExpected = false
        case let .scrollToItem(fraction, position, duration, curve):
            let v = fraction * Double(model.count)
            let index = v.isNaN ? 0 : (v >= 9e18 ? Int.max : (v <= -9e18 ? Int.min : Int(v)))
            list.scrollToItem(index, position: position, duration: duration, curve: curve.curve,
                              completion: log.issue(onFinish: arrival(itemOffset(index, position))))
            snapExpected = false
        case let .jump(fraction):
            scroll.setContentOffset(target(fraction), animated: false)
            snapExpected = false
        case let .resize(width, height):
            list.frame = Rect(x: frameRect.minX, y: frameRect.minY, width: width, height: height)
            rebuildModel()
            snapExpected = false
        case let .reload(count):
            source.count = count
            list.reloadData()
            rebuildModel()
            snapExpected = false
        }
    }

    /// Bumped by every resize and reload (a timed scroll's destination then moves with the range).
    var geometryGeneration = 0

    /// A completion check: a timed scroll that finishes (`true`) with no resize or reload since it was
    /// requested shows exactly its destination (`goal`, from the reference; nil: not checked).
    func arrival(_ goal: Double?) -> @MainActor (Bool) -> Void {
        let generation = geometryGeneration
        return { [weak self] finished in
            guard let self, finished, let goal, generation == self.geometryGeneration else { return }
            self.require(self.along == goal, "a timed scroll finished at \(self.along), not at its destination \(goal)")
        }
    }

    /// Where `scrollToItem(index, position:)` must end, by ListView's documented rule, from the reference.
    func itemOffset(_ index: Int, _ position: ItemPosition) -> Double {
        guard model.count > 0 else { return model.minOffset }
        let i = min(max(index, 0), model.count - 1)
        let s = model.start(i), l = model.size(i)
        switch position {
        case .start: return model.clamp(s - model.lead)
        case .center: return model.clamp(s + l / 2 - model.viewport / 2)
        case .end: return model.clamp(s + l + model.trail - model.viewport)
        case .visible:
            // From rest (the generators do not send it mid-scroll): no move when whole, else the nearer edge.
            let base = model.clamp(along)
            if l > model.viewport { return model.clamp(s - model.lead) }
            if s >= base && s + l <= base + model.viewport { return base }
            return s < base ? model.clamp(s - model.lead) : model.clamp(s + l + model.trail - model.viewport)
        }
    }

    func rebuildModel() {
        geometryGeneration += 1
        model = ListModel(axis: config.axis, frame: list.frame.size, spacing: config.spacing, insets: config.insets,
                          fixed: config.fixed, pattern: config.pattern, count: source.count)
        if list.isAnimating {
            extraOverscroll = max(extraOverscroll, model.minOffset - along, along - model.maxOffset)
        }
    }

    /// A point along the axis at `fraction` of the current range (cross axis 0).
    func target(_ fraction: Double) -> Point {
        let lo = model.minOffset, hi = model.maxOffset
        let t = lo + fraction * (hi - lo)
        return model.horizontal ? Point(x: t, y: 0) : Point(x: 0, y: t)
    }

    /// A wheel or key event, and what it means for the next rest: a glide that starts from rest (or from a
    /// fling) steps from the clamped offset, so it ends on a snap position if that offset is one or one
    /// lies ahead; a glide retargeted keeps its kind; Home/End and glides that stop nothing do not snap.
    func glideEvent(_ e: InputEvent, direction: Int) {
        let wasGlide = isGliding
        let wasMoving = isMoving
        let base = model.clamp(along)
        let before = scroll.contentOffset
        event(e)
        let gliding = isGliding
        if direction == 0 {
            if gliding || wasMoving || scroll.contentOffset != before { snapExpected = false }
        } else if gliding {
            if !wasGlide {
                let snaps = model.snaps(config.snap)
                snapExpected = model.isSnapPosition(base, snaps) || model.hasSnapPosition(beyond: base, direction: direction, snaps)
            }
        } else if wasMoving {
            snapExpected = false
        }
    }

    func drag(from p0: Point, distance: Double, moves: Int, duration: Double, speed: Double, pause: Double, nanMove: Bool) {
        let wasMoving = isMoving
        event(.pointerDown(location: p0, time: now))
        let accepted = scroll.phase == .tracking
        pointerDown = accepted
        var p = p0
        if moves > 0 {
            for _ in 0..<moves {
                at(now + duration / Double(moves))
                p = moved(p, by: distance / Double(moves))
                event(.pointerMove(location: p, time: now))
            }
        }
        if nanMove {
            event(.pointerMove(location: Point(x: .nan, y: p.y), time: now))
            event(.pointerMove(location: p, time: .nan))
        }
        if speed != 0 {
            for _ in 0..<3 {
                at(now + 0.008)
                p = moved(p, by: speed * 0.008)
                event(.pointerMove(location: p, time: now))
            }
        }
        let dragged = scroll.phase == .dragging
        at(now + pause)
        event(.pointerUp(location: p, time: now))
        pointerDown = false
        if accepted && (dragged || wasMoving) { snapExpected = true }
    }
}
