import Motion
import Testing
@testable import ScrollKit

/// Shrunk failing cases found by the property runs, kept as plain tests after their fixes.
@Suite("Property regressions", .serialized)
@MainActor
struct PropertyRegressionTests {
    func expectNoFailure(_ config: ListConfig, _ clock: ClockSpec, _ steps: [Step],
                         sourceLocation: SourceLocation = #_sourceLocation) {
        let failure = ScenarioRunner(config: config, clock: clock, steps: steps).run()
        #expect(failure == nil, sourceLocation: sourceLocation)
    }

    static let tiny = ListConfig(axis: .vertical, width: 0.0, height: 0.0, spacing: 0.0,
                                 insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0),
                                 fixed: nil, pattern: [1.0], count: 1, snap: .none, bounces: false)

    /// A timed scroll along an overshooting curve (elastic, back, a Bézier with y < 0) left the range by
    /// as much as the curve overshoots: with `bounces` off it must stay in range, with it on within the
    /// rubber band.
    /// Two tiny fractional wheel events 1 ms apart are a trackpad stream; a press during it stopped the stream
    /// but, not counting as a stopped motion, its end did not settle: the list rested between snap positions.
    @Test("a press that stops a trackpad stream settles onto a snap position")
    func pressStopsAStreamAndSettles() {
        let config = ListConfig(axis: .vertical, width: 1.0, height: 1.0, spacing: 0.0,
                                insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0),
                                fixed: nil, pattern: [1.0], count: 2, snap: .items(snapRatio: 0.0, alignment: .start),
                                bounces: false)
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []), [
            Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: 168.0, pause: 0.0, nanMove: false), wait: 0.018),
            Step(.wheel(dx: 0.0, dy: -0.0016, count: 2, interval: 0.001, nanTime: false), wait: 0.0),
            Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: 0.0, pause: 0.0, nanMove: false), wait: 0.2),
        ])
    }

    @Test("timed scrolls along overshooting curves stay within the rubber band", arguments: [false, true])
    func overshootingTimedScroll(bounces: Bool) {
        var config = Self.tiny
        config.bounces = bounces
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []),
                        [Step(.scrollTo(fraction: 0.5, duration: 0.05, curve: .named(26)), wait: 0.0)])
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []),
                        [Step(.scrollTo(fraction: 0.5, duration: 0.08, curve: .bezier(0.3231, -1.11, 0.0505, -0.808)), wait: 0.0)])

        // The same on a plain scroll view: easeInBack from the top dips below 0, easeOutElastic past the end.
        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 48_000))
        view.bounces = bounces
        var t = 0.0
        // easeInBack 0 → 47_520 dips below 0; easeOutElastic 47_520 → 0 overshoots below 0; easeOutBack 0 → 47_520
        // overshoots past 47_520.
        for (target, curve) in [(47_520.0, TimingCurve.easeInBack), (0, .easeOutElastic), (47_520, .easeOutBack)] {
            view.setContentOffset(Point(x: 0, y: target), duration: 1, curve: curve)
            var lowest = Double.infinity, highest = -Double.infinity
            defer { t += 0.5 }
            for k in 0...130 {
                view.step(FrameTick(index: k, timestamp: t, duration: 1.0 / 120))
                t += 1.0 / 120
                lowest = min(lowest, view.contentOffset.y)
                highest = max(highest, view.contentOffset.y)
            }
            #expect(view.contentOffset.y == target)
            if bounces {
                #expect(lowest > -480 && highest < 47_520 + 480)
                #expect(lowest < 0 || highest > 47_520)     // the overshoot still shows, rubber-banded
            } else {
                #expect(lowest >= 0 && highest <= 47_520)
            }
        }
    }
}

extension PropertyRegressionTests {
    /// A release moving out of the range at an edge planned a bounce spring that went |v| / (ω₀ e) past the
    /// edge: 10 pt past a 1 pt viewport without `bounces`, 187 pt past any viewport for a fling at 8000 pt/s.
    @Test("a release or fling against an edge goes no further than the viewport allows")
    func turningSpringStaysWithinTheViewport() {
        var config = Self.tiny
        config.width = 1
        config.height = 1
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []),
                        [Step(.drag(x: 0.0, y: 0.0, distance: -4.2, moves: 1, duration: 0.01, speed: 0.0, pause: 0.0, nanMove: false), wait: 0.0)])
        config.snap = .items(snapRatio: 0.0, alignment: .start)
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []),
                        [Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: -168.0, pause: 0.0, nanMove: false), wait: 0.0)])

        // A fling at the largest speed that crosses the end at about 3500 pt/s: the bounce peaks within half
        // the viewport (stiffened for 100 pt, the plain bounce spring for 480 pt).
        for viewport in [100.0, 480] {
            let end = 3000 - viewport
            let view = ScrollingView(viewportSize: Size(width: 320, height: viewport), contentSize: Size(width: 320, height: 3000))
            view.handle(.pointerDown(location: Point(x: 10, y: 90), time: 0))
            for k in 1...8 { view.handle(.pointerMove(location: Point(x: 10, y: 90 - Double(k) * 80), time: Double(k) * 0.01)) }
            view.handle(.pointerUp(location: Point(x: 10, y: 90 - 640), time: 0.08))
            var peak = 0.0
            var k = 0
            while view.isAnimating && k < 1000 {
                view.step(FrameTick(index: k, timestamp: 0.08 + Double(k) / 240, duration: 1.0 / 240))
                peak = max(peak, view.contentOffset.y - end)
                k += 1
            }
            #expect(peak > 0 && peak <= viewport / 2, "viewport \(viewport): peak \(peak)")
            #expect(view.contentOffset.y == end)
        }
    }
}

/// Plain regression tests for bugs found while writing the property tests.
@Suite("Glide regressions")
@MainActor
struct GlideRegressionTests {
    /// `v0 · D > 3Δ` was meant as |v0| D > 3|Δ|; for a backward glide (Δ < 0) it always held, so every
    /// wheel step or arrow key toward the start took 0.18 s (cubic) instead of 0.12 s (quadratic).
    @Test("a backward glide mirrors a forward one and ends on time")
    func backwardGlideMirrorsForward() {
        let forward = GlideSimulation(from: 100, velocity: 0, to: 140, duration: 0.12, continuing: false)
        let backward = GlideSimulation(from: 100, velocity: 0, to: 60, duration: 0.12, continuing: false)
        #expect(backward.duration == 0.12)
        #expect(backward.initialVelocity == -forward.initialVelocity)
        for k in 0...12 {
            let t = Double(k) * 0.01
            #expect(abs((backward.position(at: t) - 100) + (forward.position(at: t) - 100)) < 1e-9)
        }

        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 4800))
        view.setContentOffset(Point(x: 0, y: 2000), animated: false)
        view.handle(.wheel(dx: 0, dy: 1, location: Point(x: 10, y: 10), time: 0))
        for k in 0..<12 { view.step(FrameTick(index: k, timestamp: Double(k) / 100, duration: 0.01)) }
        #expect(view.contentOffset.y == 2000 - ScrollingView.lineStep)
        #expect(!view.isAnimating)
    }
}

extension GlideRegressionTests {
    /// The first version of the timed rubber band mapped a retargeted timed scroll that started more than a
    /// viewport past the new end through the inverse rubber band: it jumped to the band's asymptote and
    /// stayed there until the last frame. It now returns smoothly from where it is.
    @Test("a timed scroll retargeted far past a shrunken end comes back smoothly")
    func retargetedTimedScrollIsContinuous() {
        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 4800))
        view.scrollToEnd(duration: 1, curve: .smoothstep)
        var k = 0
        func tick() { view.step(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60)); k += 1 }
        for _ in 0..<30 { tick() }
        let shown = view.contentOffset.y
        view.contentSize = Size(width: 320, height: 2000)        // the new end, 1520, is 640 pt behind
        var previous = shown
        var largestStep = 0.0
        while view.isAnimating && k < 200 {
            tick()
            #expect(view.contentOffset.y <= previous)
            largestStep = max(largestStep, previous - view.contentOffset.y)
            previous = view.contentOffset.y
        }
        #expect(view.contentOffset.y == 1520)
        #expect(largestStep < 50)      // 640 pt over 30 frames along smoothstep: at most 1.5 × 640 / 30 ≈ 32
    }
}

extension PropertyRegressionTests {
    /// Two holes in the timed rubber band: a timed scroll starting overscrolled banded its overshoot from its
    /// start over a whole viewport (so up to two viewports past the edge in all); and one whose range shrank
    /// under it, with an unchanged destination, kept its old path and came back out past the new range.
    @Test("timed scrolls that start overscrolled, or whose range shrinks, stay within the rubber band")
    func timedScrollFromOverscrollAndShrinkingRange() {
        var config = Self.tiny
        config.width = 1
        config.height = 1
        config.bounces = true
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []),
                        [Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: -436.0, pause: 0.0, nanMove: false), wait: 0.0),
                         Step(.scrollTo(fraction: .nan, duration: 0.6704, curve: .named(26)), wait: 0.0)])
        config.snap = .centered
        expectNoFailure(config, ClockSpec(hz: 24.0, glitches: []),
                        [Step(.drag(x: 0.0, y: 0.0, distance: 4.2, moves: 1, duration: 0.01, speed: 0.0, pause: 0.0, nanMove: false), wait: 0.0),
                         Step(.scrollTo(fraction: .nan, duration: 0.20840000000000003, curve: .named(28)), wait: 0.115),
                         Step(.resize(width: 0.0, height: 0.0), wait: 0.0)])
        expectNoFailure(ListConfig(axis: .vertical, width: 0.0, height: 0.0, spacing: 0.0, insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0),
                                   fixed: nil, pattern: [1.0], count: 1000, snap: .paging(snapRatio: 0.0, pageSize: nil), bounces: false),
                        ClockSpec(hz: 24.0, glitches: []),
                        [Step(.scrollTo(fraction: 0.5, duration: 0.0, curve: .named(0)), wait: 0.0),
                         Step(.scrollTo(fraction: 0.005800000000000027, duration: 0.13640000000000002, curve: .spring(ratio: 0.0, response: -0.5)), wait: 0.05),
                         Step(.reload(count: 6), wait: 0.0)])
    }
}

extension PropertyRegressionTests {
    /// A still touch that stopped a motion past an edge sprang back to the edge, ignoring the snapping:
    /// with centred snapping the edge is not a snap position (here 0.25 vs 0.125).
    @Test("a touch that stops a motion past an edge lands on a snap position")
    func touchPastTheEdgeSnaps() {
        expectNoFailure(ListConfig(axis: .vertical, width: 1.0, height: 1.0, spacing: 0.0, insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0),
                                   fixed: nil, pattern: [1.25], count: 1, snap: .centered, bounces: true),
                        ClockSpec(hz: 24.0, glitches: []),
                        [Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: -168.0, pause: 0.0, nanMove: false), wait: 0.0),
                         Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: 0.0, pause: 0.0, nanMove: false), wait: 0.0)])
    }
}

extension PropertyRegressionTests {
    /// planAxis treats offsets within 10⁻⁶ of the target as "there": it planned no motion and left the
    /// content 10⁻⁶ off the snap position (and a decay within 10⁻⁶ of one rested on its own rest point).
    @Test("a release or touch within 1e-6 of a snap position lands on it exactly")
    func landsExactlyOnTheSnapPosition() {
        expectNoFailure(ListConfig(axis: .vertical, width: 0.0, height: 0.0, spacing: 0.0, insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0),
                                   fixed: nil, pattern: [1.0], count: 2, snap: .items(snapRatio: 0.0, alignment: .center), bounces: false),
                        ClockSpec(hz: 47.75, glitches: []),
                        [Step(.resize(width: 0.25, height: 1.0), wait: 0.0),
                         Step(.scrollTo(fraction: 0.5, duration: 0.289, curve: .named(11)), wait: 0.021),
                         Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: 0.0, pause: 0.0, nanMove: false), wait: 0.021)])

        // The same on a plain scroll view with a 100 pt grid: a still touch 5e-7 past a grid line.
        let grid = SVGrid(spacing: 100)
        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 4800))
        view.snapping = grid
        view.setContentOffset(Point(x: 0, y: 300.0000005), duration: 0.2, curve: .linear)
        view.step(FrameTick(index: 0, timestamp: 0, duration: 0.1))    // on the way
        view.handle(.pointerDown(location: Point(x: 10, y: 10), time: 0.1))
        view.setContentOffset(Point(x: 0, y: 300.0000005), animated: false)
        view.handle(.pointerUp(location: Point(x: 10, y: 10), time: 0.15))
        for k in 1...3 { view.step(FrameTick(index: k, timestamp: 0.1 * Double(k), duration: 0.1)) }
        #expect(view.contentOffset.y == 300)
        #expect(!view.isAnimating)
    }
}

/// Snap positions every `spacing` points (nearest for release targets).
@MainActor
final class SVGrid: ScrollSnapping {
    let spacing: Double
    init(spacing: Double) { self.spacing = spacing }
    func snapTarget(for proposed: Point, velocity: Point, dragStartOffset: Point, currentOffset: Point,
                    in scrollView: ScrollingView) -> Point {
        Point(x: (proposed.x / spacing).rounded() * spacing, y: (proposed.y / spacing).rounded() * spacing)
    }
    func snapPosition(from offset: Point, steps: Int, in scrollView: ScrollingView) -> Point {
        Point(x: ((offset.x / spacing).rounded() + Double(steps)) * spacing, y: ((offset.y / spacing).rounded() + Double(steps)) * spacing)
    }
}

/// Regressions in Motion found by the curve properties.
@Suite("Curve regressions")
struct CurveRegressionTests {
    /// A spring curve with a response of 10⁹ s had an infinite settling time: every interior value was NaN.
    @Test("spring curves with huge or tiny responses stay finite", arguments: [1e9, 1e300, 1e-300, 1e-9])
    func hugeResponse(response: Double) throws {
        let curve = TimingCurve.spring(dampingRatio: 0.999999, response: response)
        let duration = try #require(curve.naturalDuration)
        #expect(duration.isFinite && duration > 0)
        for p in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(curve(p).isFinite && curve.derivative(at: p).isFinite)
        }
        // The shape is the spring's, whatever the response.
        let reference = TimingCurve.spring(dampingRatio: 0.999999, response: 1)
        for p in stride(from: 0.0, through: 1.0, by: 0.1) { #expect(abs(curve(p) - reference(p)) < 1e-9) }
    }
}

extension GlideRegressionTests {
    /// A continuing glide to the point it is at (Δ = 0) kept its velocity: it went v₀·D·4/27 past that
    /// point and came back, against the documented monotonic curve (past the edge without bounces).
    @Test("a continuing glide to where it already is does not overshoot")
    func glideToItsOwnPosition() {
        let glide = GlideSimulation(from: 100, velocity: 800, to: 100, duration: 0.12, continuing: true)
        for k in 0...12 { #expect(glide.position(at: Double(k) * 0.01) == 100) }
        #expect(glide.position(at: 0.12) == 100 && glide.velocity(at: 0.2) == 0)
    }
}

extension GlideRegressionTests {
    /// A timed scroll's overshoot was rubber-banded on the axis that does not scroll too (x of a vertical
    /// scroll view), where no drag can pull the content past its edges.
    @Test("a timed overshoot on the axis that does not scroll stays in its range")
    func timedOvershootOnTheFixedAxis() {
        let failure = ScrollRunner(
            config: ScrollConfig(axis: .vertical, viewport: Size(width: 1.0, height: 1.0), content: Size(width: 1.25, height: 0.0),
                                 insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0), bounces: true),
            clock: ClockSpec(hz: 24.0, glitches: []),
            steps: [Step(.scrollTo(fraction: 0.5, duration: 0.050800000000000005, curve: .bezier(0.8149, -1.0825, 0.4315, -2.0375)), wait: 0.0)]).run()
        #expect(failure == nil)
    }
}

extension GlideRegressionTests {
    /// A change of range while one axis moved (a wheel glide on y) left the other axis where it was, outside
    /// its new range, for good: only moving axes were retargeted and nothing clamped the idle one.
    @Test("a resize during a motion on one axis keeps the other axis in range")
    func idleAxisClampedDuringMotion() {
        let failure = ScrollRunner(
            config: ScrollConfig(axis: .vertical, viewport: Size(width: 1.0, height: 1.0), content: Size(width: 0.25, height: 0.0),
                                 insets: Insets(top: 1.25, left: 1.0, bottom: 0.0, right: 0.0), bounces: false),
            clock: ClockSpec(hz: 24.0, glitches: []),
            steps: [Step(.wheel(dx: 0.0, dy: 0.0248, count: 1, interval: 0.001, nanTime: false), wait: 0.0), Step(.reload(count: 0), wait: 0.0)]).run()
        #expect(failure == nil)

        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 1000, height: 4800))
        view.setContentOffset(Point(x: 600, y: 1000), animated: false)
        view.handle(.wheel(dx: 0, dy: -2, location: .zero, time: 0))            // a glide on y
        view.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        view.contentSize = Size(width: 320, height: 4800)                       // x range becomes 0...0
        #expect(view.contentOffset.x == 0)
        for k in 1...20 { view.step(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60)) }
        #expect(view.contentOffset == Point(x: 0, y: 1080))
    }
}

extension GlideRegressionTests {
    /// A drag interrupting a timed scroll that a resize had left outside the range on the axis that does not
    /// scroll: the release planned only the scrolling axes, so that axis stayed outside its range for good.
    @Test("a release brings the axis that does not scroll back into its range")
    func releaseClampsTheFixedAxis() {
        let failure = ScrollRunner(
            config: ScrollConfig(axis: .vertical, viewport: Size(width: 1.0, height: 1.0), content: Size(width: 1.25, height: 0.0),
                                 insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0), bounces: false),
            clock: ClockSpec(hz: 24.0, glitches: []),
            steps: [Step(.scrollTo(fraction: 0.5, duration: 0.0, curve: .named(0)), wait: 0.0),
                    Step(.scrollTo(fraction: .nan, duration: 0.05, curve: .named(0)), wait: 0.05),
                    Step(.resize(width: 1.25, height: 0.0), wait: 0.0),
                    Step(.drag(x: 0.0, y: 0.0, distance: 0.0, moves: 0, duration: 0.01, speed: -168.0, pause: 0.0, nanMove: false), wait: 0.0)]).run()
        #expect(failure == nil)
    }
}

extension GlideRegressionTests {
    /// The same as `releaseClampsTheFixedAxis`, interrupted by a wheel step: the glide kept the axis that
    /// does not scroll where it was, outside its range.
    @Test("a glide brings the axis that does not scroll back into its range")
    func glideClampsTheFixedAxis() {
        let failure = ScrollRunner(
            config: ScrollConfig(axis: .vertical, viewport: Size(width: 1.0, height: 1.0), content: Size(width: 1.25, height: 0.0),
                                 insets: Insets(top: 0.0, left: 0.0, bottom: 0.0, right: 0.0), bounces: false),
            clock: ClockSpec(hz: 24.0, glitches: []),
            steps: [Step(.scrollTo(fraction: 0.5, duration: 0.05, curve: .named(0)), wait: 0.0), Step(.reload(count: 0), wait: 0.0),
                    Step(.wheel(dx: 0.0, dy: -0.0008, count: 1, interval: 0.001, nanTime: false), wait: 0.05)]).run()
        #expect(failure == nil)
    }
}
