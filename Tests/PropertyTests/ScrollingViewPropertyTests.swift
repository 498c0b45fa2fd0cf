import Motion
import PropertyBased
import Testing
@testable import ScrollKit

/// A bare ScrollingView: both axes, content insets (negative too), no list. ListView never uses `.both` or
/// `contentInset`; this covers them.
struct ScrollConfig: Sendable, Hashable, CustomStringConvertible {
    var axis: ScrollAxis
    var viewport: Size
    var content: Size
    var insets: Insets
    var bounces: Bool

    var description: String {
        let i = insets
        return "ScrollConfig(axis: .\(axis), viewport: Size(width: \(lit(viewport.width)), height: \(lit(viewport.height))), "
            + "content: Size(width: \(lit(content.width)), height: \(lit(content.height))), "
            + "insets: Insets(top: \(lit(i.top)), left: \(lit(i.left)), bottom: \(lit(i.bottom)), right: \(lit(i.right))), bounces: \(bounces))"
    }
}

extension Gens {
    static var scrollConfig: Generator<ScrollConfig, some SendableSequenceType> {
        let dimension = mixed(quarters(1, 1200), specials: [0, .nan, .infinity, -10], percent: 10)
        let extent = mixed(quarters(0, 20_000), specials: [0, .nan, .infinity, 1e9], percent: 10)
        let inset = mixed(quarters(-200, 200), specials: [.nan, .infinity, -.infinity], percent: 10)
        return zip(Gen.int(in: 0...2), zip(dimension, dimension), zip(extent, extent), zip(inset, inset, inset, inset), Gen.bool(0.9)).map {
            axis, viewport, content, i, bounces in
            ScrollConfig(axis: [ScrollAxis.vertical, .horizontal, .both][axis], viewport: Size(width: viewport.0, height: viewport.1),
                         content: Size(width: content.0, height: content.1),
                         insets: Insets(top: i.0, left: i.1, bottom: i.2, right: i.3), bounces: bounces)
        }
    }
}

/// Plays `Action`s on a bare ScrollingView (drags move along the scroll axes, `.both` diagonally; `reload(n)`
/// sets the content to n × (3, 5) pt; `scrollToItem` becomes `scrollToEnd`) and checks, every frame: finite
/// offset and velocity; each axis within its range plus the viewport's length (0 without `bounces` or when
/// the axis does not scroll), widened by what a resize left; at rest in range, velocity 0, phase idle;
/// rest within `ScenarioRunner.restBound` of the last input; completions once each, finishing exactly on
/// their destination.
@MainActor
final class ScrollRunner {
    let config: ScrollConfig
    let steps: [Step]
    let view: ScrollingView
    var clock: FrameClock
    let log = CompletionLog()
    var now: Double = 0
    var lastInputTime: Double = 0
    var pointerDown = false
    var failure: String?
    var frames = 0
    var stepIndex = -1
    var extra = Point.zero
    var geometryGeneration = 0

    init(config: ScrollConfig, clock spec: ClockSpec, steps: [Step]) {
        self.config = config
        self.steps = steps
        view = ScrollingView(viewportSize: config.viewport, contentSize: config.content, axis: config.axis)
        view.contentInset = config.insets
        view.bounces = config.bounces
        clock = FrameClock(spec, start: 0)
    }

    // The reference range, from the documented rules: sizes non-finite or negative → 0, insets non-finite → 0.
    func dim(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
    func fin(_ v: Double) -> Double { v.isFinite ? v : 0 }
    func range(_ horizontal: Bool) -> (lo: Double, hi: Double) {
        let i = config.insets
        let lo = horizontal ? -fin(i.left) : -fin(i.top)
        let content = horizontal ? dim(view.contentSize.width) : dim(view.contentSize.height)
        let viewport = horizontal ? dim(view.viewportSize.width) : dim(view.viewportSize.height)
        let hi = content + (horizontal ? fin(i.right) : fin(i.bottom)) - viewport
        return (lo, max(lo, hi))
    }
    func scrolls(_ horizontal: Bool) -> Bool { config.axis == .both || (config.axis == .horizontal) == horizontal }

    func run() -> String? {
        check()
        for (i, step) in steps.enumerated() where failure == nil {
            stepIndex = i
            perform(step.action)
            lastInputTime = now
            at(now + step.wait)
        }
        stepIndex = steps.count
        while failure == nil && view.isAnimating {
            if clock.nextTime > lastInputTime + ScenarioRunner.restBound {
                fail("still moving \(ScenarioRunner.restBound) s after the last input (phase \(view.phase))")
                break
            }
            at(clock.nextTime)
        }
        if failure == nil {
            for id in 0..<log.issued where log.calls[id]?.count != 1 {
                fail("completion of request \(id) fired \(log.calls[id]?.count ?? 0) times")
                break
            }
        }
        return failure
    }

    func at(_ t: Double) {
        while failure == nil && clock.nextTime <= t {
            for tick in clock.popFrame() where failure == nil {
                view.step(tick)
                frames += 1
                check()
            }
        }
        now = max(now, t)
    }

    func fail(_ message: String) {
        if failure == nil { failure = "step \(stepIndex), frame \(frames), t = \(now): \(message)" }
    }

    func check() {
        let o = view.contentOffset, v = view.velocity
        guard o.x.isFinite && o.y.isFinite && v.x.isFinite && v.y.isFinite else {
            return fail("not finite: offset \(o), velocity \(v)")
        }
        if let duplicate = log.duplicate { return fail(duplicate) }
        let atRest = !view.isAnimating && !pointerDown
        if atRest { extra = .zero }
        for horizontal in [true, false] {
            let r = range(horizontal)
            let x = horizontal ? o.x : o.y
            let length = horizontal ? dim(view.viewportSize.width) : dim(view.viewportSize.height)
            let allowance = (config.bounces && scrolls(horizontal) ? length : 0) + (horizontal ? extra.x : extra.y)
            let lib = horizontal ? (view.minContentOffset.x, view.maxContentOffset.x) : (view.minContentOffset.y, view.maxContentOffset.y)
            if lib != r { return fail("range \(lib), reference \(r)") }
            if !(r.lo - x <= allowance && x - r.hi <= allowance) {
                return fail("\(horizontal ? "x" : "y") offset \(x) beyond \(r.lo)...\(r.hi) ± \(allowance) (phase \(view.phase))")
            }
            if atRest && !(x >= r.lo && x <= r.hi) { return fail("at rest outside the range: \(x) not in \(r.lo)...\(r.hi)") }
        }
        if atRest && (v != .zero || view.phase != .idle) { fail("at rest with velocity \(v), phase \(view.phase)") }
    }

    /// Where a timed scroll must finish: the target clamped per axis (a non-finite component: not checked).
    func arrival(_ target: Point?) -> @MainActor (Bool) -> Void {
        let generation = geometryGeneration
        let goal = target.map { t in
            Point(x: t.x.isFinite ? min(max(t.x, range(true).lo), range(true).hi) : .nan,
                  y: t.y.isFinite ? min(max(t.y, range(false).lo), range(false).hi) : .nan)
        }
        return { [weak self] finished in
            guard let self, finished, let goal, generation == self.geometryGeneration else { return }
            let o = self.view.contentOffset
            if (goal.x.isFinite && o.x != goal.x) || (goal.y.isFinite && o.y != goal.y) {
                self.fail("a timed scroll finished at \(o), not at its destination \(goal)")
            }
        }
    }

    func target(_ f: Double) -> Point {
        let rx = range(true), ry = range(false)
        return Point(x: rx.lo + f * (rx.hi - rx.lo), y: ry.lo + f * (ry.hi - ry.lo))
    }

    func direction() -> Point {
        switch config.axis {
        case .vertical: return Point(x: 0, y: 1)
        case .horizontal: return Point(x: 1, y: 0)
        case .both: return Point(x: 0.6, y: 1)
        }
    }

    func geometryChanged() {
        geometryGeneration += 1
        guard view.isAnimating else { return }
        let rx = range(true), ry = range(false), o = view.contentOffset
        extra.x = max(extra.x, rx.lo - o.x, o.x - rx.hi)
        extra.y = max(extra.y, ry.lo - o.y, o.y - ry.hi)
    }

    func perform(_ action: Action) {
        let size = view.viewportSize
        switch action {
        case let .drag(x, y, distance, moves, duration, speed, pause, nanMove):
            let d = direction()
            var p = Point(x: x * size.width, y: y * size.height)
            view.handle(.pointerDown(location: p, time: now))
            pointerDown = true
            for _ in 0..<moves {
                at(now + duration / Double(moves))
                p = Point(x: p.x + d.x * distance / Double(moves), y: p.y + d.y * distance / Double(moves))
                view.handle(.pointerMove(location: p, time: now))
            }
            if nanMove { view.handle(.pointerMove(location: Point(x: .nan, y: 0), time: .nan)) }
            for _ in 0..<(speed != 0 ? 3 : 0) {
                at(now + 0.008)
                p = Point(x: p.x + d.x * speed * 0.008, y: p.y + d.y * speed * 0.008)
                view.handle(.pointerMove(location: p, time: now))
            }
            at(now + pause)
            view.handle(.pointerUp(location: p, time: now))
            pointerDown = false
        case let .tap(x, y):
            let p = Point(x: x * size.width, y: y * size.height)
            view.handle(.pointerDown(location: p, time: now))
            pointerDown = true
            at(now + 0.05)
            view.handle(.pointerUp(location: p, time: now))
            pointerDown = false
        case let .wheel(dx, dy, count, interval, nanTime):
            for i in 0..<count {
                if i > 0 { at(now + interval) }
                view.handle(.wheel(dx: dx, dy: dy, location: .zero, time: nanTime && i % 2 == 1 ? .nan : now))
            }
        case let .key(key, repeats):
            for i in 0..<repeats {
                if i > 0 { at(now + 0.03) }
                view.handle(.key(key, time: now))
            }
        case let .scrollTo(fraction, duration, curve):
            let t = target(fraction)
            view.setContentOffset(t, duration: duration, curve: curve.curve, completion: log.issue(onFinish: arrival(t)))
        case let .scrollToItem(_, _, duration, curve):
            let end = config.axis == .horizontal ? Point(x: range(true).hi, y: .nan) : Point(x: .nan, y: range(false).hi)
            view.scrollToEnd(duration: duration, curve: curve.curve, completion: log.issue(onFinish: arrival(end)))
        case let .jump(fraction):
            view.setContentOffset(target(fraction), animated: false)
        case let .resize(width, height):
            view.viewportSize = Size(width: width, height: height)
            geometryChanged()
        case let .reload(count):
            view.contentSize = Size(width: Double(count) * 3, height: Double(count) * 5)
            geometryChanged()
        }
    }
}

@Suite("ScrollingView under random input", .serialized)
@MainActor
struct ScrollViewPropertyTests {
    static let scenarios = 2000

    @Test("random input on a bare ScrollingView (both axes, negative insets) keeps every invariant")
    func invariants() async {
        await propertyCheck(count: Self.scenarios, input: Gens.scrollConfig, Gens.clock, Gens.steps) { config, clock, steps in
            if let failure = ScrollRunner(config: config, clock: clock, steps: steps).run() { Issue.record("\(failure)") }
        }
    }
}
