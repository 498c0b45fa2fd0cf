import Foundation
import Motion
import Testing
@testable import ScrollKit

// MARK: - Harness (shared by the ScrollingView*Tests files)

/// Records every delegate callback.
@MainActor
final class SVRecorder: ScrollingViewDelegate {
    var didScroll = 0
    var willBegin = 0
    var willEnd: [(velocity: Point, target: Point)] = []
    var didEndDragging: [Bool] = []
    var didEndDecelerating = 0
    var didEndAnimation = 0
    var taps: [Point] = []
    /// Rewrites the release target when set.
    var rewrite: ((Point) -> Point)?

    func scrollViewDidScroll(_ scrollView: ScrollingView) { didScroll += 1 }
    func scrollViewWillBeginDragging(_ scrollView: ScrollingView) { willBegin += 1 }
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocityInPointsPerSecond velocity: Point,
                                   targetContentOffset: inout Point) {
        willEnd.append((velocity, targetContentOffset))
        if let rewrite { targetContentOffset = rewrite(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollingView, willDecelerate: Bool) { didEndDragging.append(willDecelerate) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollingView) { didEndDecelerating += 1 }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollingView) { didEndAnimation += 1 }
    func scrollViewDidTap(_ scrollView: ScrollingView, at location: Point) { taps.append(location) }
}

/// A snap grid every `spacing` points along y (or x), for the snapping hooks.
@MainActor
final class SVGridSnapping: ScrollSnapping {
    let spacing: Double
    var snapTargetCalls = 0
    init(spacing: Double) { self.spacing = spacing }
    func snapTarget(for proposed: Point, velocity: Point, dragStartOffset: Point, currentOffset: Point,
                    in scrollView: ScrollingView) -> Point {
        snapTargetCalls += 1
        return Point(x: (proposed.x / spacing).rounded() * spacing, y: (proposed.y / spacing).rounded() * spacing)
    }
    func snapPosition(from offset: Point, steps: Int, in scrollView: ScrollingView) -> Point {
        func along(_ v: Double) -> Double {
            let nearest = (v / spacing).rounded() * spacing
            return nearest + Double(steps) * spacing
        }
        return Point(x: along(offset.x), y: along(offset.y))
    }
}

/// A scroll view on a virtual clock: frames at exact multiples of 1/hz from `t0`.
@MainActor
final class SVHarness {
    let view: ScrollingView
    let recorder = SVRecorder()
    var hz: Double
    var t0: Double = 0
    var frame = 0
    /// The snapping object, kept here too so tests can read its counters.
    var snapper: SVGridSnapping? { didSet { view.snapping = snapper } }

    init(viewport: Size = Size(width: 320, height: 480), content: Size = Size(width: 320, height: 4800),
         axis: ScrollAxis = .vertical, hz: Double = 60) {
        view = ScrollingView(viewportSize: viewport, contentSize: content, axis: axis)
        view.delegate = recorder
        self.hz = hz
    }

    /// The timestamp of the next frame.
    var now: Double { t0 + Double(frame) / hz }

    /// Frames continue from `time` (frame k at time + k/hz).
    func frames(from time: Double) { t0 = time; frame = 0 }

    @discardableResult
    func tick() -> Point {
        view.step(FrameTick(index: frame, timestamp: now, duration: 1 / hz))
        frame += 1
        return view.contentOffset
    }

    /// Steps until the view is idle; returns the offset after each frame (with the velocity and phase).
    @discardableResult
    func run(maxFrames: Int = 20_000) -> [(offset: Point, velocity: Point, phase: ScrollingPhase)] {
        var out: [(Point, Point, ScrollingPhase)] = []
        while view.isAnimating && out.count < maxFrames {
            tick()
            out.append((view.contentOffset, view.velocity, view.phase))
        }
        return out
    }

    func down(_ p: Point, _ t: Double) { view.handle(.pointerDown(location: p, time: t)) }
    func move(_ p: Point, _ t: Double) { view.handle(.pointerMove(location: p, time: t)) }
    func up(_ p: Point, _ t: Double) { view.handle(.pointerUp(location: p, time: t)) }

    /// A vertical fling: the pointer moves from `y0` at `speed` pt/s (negative = upward, so the
    /// offset grows) with an event every 8 ms for `duration` s, then lifts. Frames then start at
    /// the release time. Returns the release time.
    @discardableResult
    func fling(fromY y0: Double = 300, speed: Double, duration: Double = 0.096, start: Double = 0) -> Double {
        let dt = 0.008
        let n = Int((duration / dt).rounded())
        down(Point(x: 100, y: y0), start)
        for i in 1...n {
            move(Point(x: 100, y: y0 + speed * Double(i) * dt), start + Double(i) * dt)
        }
        let end = start + Double(n) * dt
        up(Point(x: 100, y: y0 + speed * Double(n) * dt), end)
        frames(from: end)
        return end
    }
}

/// The reference rubber band (UIKit's, as measured and published): (1 − 1 / (x c / d + 1)) d.
func svReferenceBand(_ x: Double, _ d: Double, c: Double = 0.55) -> Double {
    (1 - 1 / (abs(x) * c / d + 1)) * d * (x < 0 ? -1 : 1)
}

// MARK: - State and geometry

@MainActor
@Suite("ScrollingView state")
struct ScrollViewTests {

    @Test("ranges follow content, viewport and insets")
    func ranges() {
        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 1000, height: 2000), axis: .both)
        view.contentInset = Insets(top: 10, left: 5, bottom: 20, right: 7)
        #expect(view.minContentOffset == Point(x: -5, y: -10))
        #expect(view.maxContentOffset == Point(x: 1000 + 7 - 320, y: 2000 + 20 - 480))
        view.contentSize = Size(width: 100, height: 100)   // smaller than the viewport
        #expect(view.maxContentOffset == view.minContentOffset)
    }

    @Test("starts at rest at the minimum offset")
    func initialState() {
        let view = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 2000))
        #expect(view.contentOffset == .zero)
        #expect(view.phase == .idle)
        #expect(!view.isAnimating)
        #expect(view.velocity == .zero)
    }

    @Test("idle frames neither move nor report scrolling")
    func idleFrames() {
        let h = SVHarness()
        for _ in 0..<30 { h.tick() }
        #expect(h.recorder.didScroll == 0)
        #expect(h.view.contentOffset == .zero)
        h.view.setContentOffset(.zero, animated: false)    // same offset: no callback
        #expect(h.recorder.didScroll == 0)
        h.view.setContentOffset(Point(x: 0, y: 123), animated: false)
        #expect(h.recorder.didScroll == 1)
        #expect(h.view.contentOffset.y == 123)
    }

    @Test("setContentOffset without animation clamps and keeps finite values")
    func setOffsetClamps() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 50, y: 1e9), animated: false)
        #expect(h.view.contentOffset == Point(x: 0, y: 4800 - 480))
        h.view.setContentOffset(Point(x: .nan, y: .nan), animated: false)
        #expect(h.view.contentOffset == Point(x: 0, y: 4800 - 480))
        h.view.setContentOffset(Point(x: 0, y: -.infinity), animated: false)
        #expect(h.view.contentOffset.y == 4800 - 480)    // non-finite component ignored
        h.view.setContentOffset(Point(x: 0, y: -300), animated: false)
        #expect(h.view.contentOffset.y == 0)
    }

    @Test("bad sizes and insets give a valid resting state", arguments: [Double.nan, .infinity, -.infinity, -50, 0])
    func badSizes(_ bad: Double) {
        let view = ScrollingView(viewportSize: Size(width: bad, height: bad), contentSize: Size(width: bad, height: bad))
        #expect(view.viewportSize == .zero)
        #expect(view.contentSize == .zero)
        #expect(view.contentOffset == .zero)
        view.contentInset = Insets(top: bad, left: bad, bottom: bad, right: bad)
        #expect(view.minContentOffset.x.isFinite && view.minContentOffset.y.isFinite)
        #expect(view.maxContentOffset.y >= view.minContentOffset.y)
        view.handle(.pointerDown(location: Point(x: 10, y: 10), time: 0))
        view.handle(.pointerMove(location: Point(x: 10, y: -200), time: 0.016))
        view.handle(.pointerUp(location: Point(x: 10, y: -300), time: 0.032))
        view.handle(.wheel(dx: 0, dy: -3, location: .zero, time: 0.04))
        view.handle(.key(.end, time: 0.05))
        var t = 0.05
        while view.isAnimating && t < 10 {
            view.step(FrameTick(index: 0, timestamp: t, duration: 1.0 / 60))
            t += 1.0 / 60
        }
        #expect(!view.isAnimating)
        #expect(view.contentOffset.x.isFinite && view.contentOffset.y.isFinite)
        #expect(view.contentOffset == view.minContentOffset)
        #expect(view.phase == .idle)
    }

    @Test("non-finite ticks and event values are ignored")
    func nonFiniteInputs() {
        let h = SVHarness()
        h.view.step(FrameTick(index: 0, timestamp: .nan, duration: 1.0 / 60))
        h.view.handle(.pointerDown(location: Point(x: .nan, y: 3), time: 0))
        #expect(h.view.phase == .idle)
        h.view.handle(.wheel(dx: .nan, dy: .nan, location: .zero, time: 0))
        #expect(!h.view.isAnimating)
        h.down(Point(x: 10, y: 300), .nan)
        h.move(Point(x: 10, y: .infinity), 0.01)
        h.move(Point(x: 10, y: 250), .nan)
        #expect(h.view.contentOffset.y == 50)
        h.up(Point(x: .nan, y: .nan), .nan)
        h.frames(from: 0)
        h.run()
        #expect(h.view.contentOffset.y.isFinite)
        #expect(h.view.phase == .idle)
        // A timed scroll with NaN everywhere: jumps nowhere, completes once, stays valid.
        var results: [Bool] = []
        h.view.setContentOffset(Point(x: .nan, y: .nan), duration: .nan, curve: .linear) { results.append($0) }
        let before = h.view.contentOffset
        h.tick()
        #expect(results == [true])
        #expect(h.view.contentOffset == before)
        // A tick with a non-finite target timestamp is skipped entirely.
        h.view.setContentOffset(Point(x: 0, y: 1000), duration: 1, curve: .linear)
        h.view.step(FrameTick(index: 0, timestamp: 5, targetTimestamp: .infinity, duration: 1))
        #expect(h.view.contentOffset == before)
        #expect(h.view.isAnimating)
    }

    @Test("delegate methods have no-op defaults")
    func defaultDelegate() {
        final class Minimal: ScrollingViewDelegate {}
        let minimal = Minimal()
        let h = SVHarness()
        h.view.delegate = minimal
        h.fling(speed: -1500)
        h.run()
        #expect(!h.view.isAnimating)
        #expect(h.view.contentOffset.y > 0)
    }

    @Test("onDidScroll fires with the delegate, only on change")
    func didScrollClosure() {
        let h = SVHarness()
        var calls = 0
        h.view.onDidScroll = { _ in calls += 1 }
        h.view.setContentOffset(Point(x: 0, y: 100), duration: 0.2, curve: .linear)
        let frames = h.run()
        let changes = zip([Point.zero] + frames.map(\.offset), frames.map(\.offset)).filter { $0 != $1 }.count
        #expect(calls == changes)
        #expect(h.recorder.didScroll == changes)
        #expect(calls > 5)
    }
}
