import Motion
import Testing
@testable import ScrollKit

/// A press on content that only looks still is a tap; a press on visibly moving content only stops it.
@MainActor
@Suite("ScrollingView: taps on content that looks still")
struct ScrollingViewTapThroughTests {
    /// Flings, then runs frames until the content moves slower than `speed` pt/s (still decelerating).
    private func flungUntil(slowerThan speed: Double, _ h: SVHarness) -> Int {
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.fling(speed: -1500)
        var frames = 0
        while abs(h.view.velocity.y) >= speed && frames < 2000 { h.tick(); frames += 1 }
        return frames
    }

    @Test("the tail of a fling, under 30 pt/s (half a point a frame at 60 Hz): the press stops it and is a tap")
    func slowTailTakesTaps() {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        let frames = flungUntil(slowerThan: 30, h)
        #expect(frames > 30 && frames < 2000)
        #expect(h.view.phase == .decelerating)                    // moving, by less than half a point a frame
        let speed = abs(h.view.velocity.y)
        #expect(speed > 0 && speed < ScrollingView.tapThroughSpeed)
        let at = h.view.contentOffset
        let t = h.now
        h.down(Point(x: 50, y: 200), t)
        h.up(Point(x: 50, y: 201), t + 0.08)
        #expect(h.recorder.taps == [Point(x: 50, y: 201)])
        #expect(h.view.phase == .idle && !h.view.isAnimating)
        #expect(h.view.contentOffset == at)                          // stopped where it was
        #expect(h.recorder.didEndDecelerating == 0)                  // stopped, not ended on its own
    }

    @Test("visibly moving content (a fling at hundreds of pt/s): the press only stops it")
    func fastMotionSwallowsThePress() {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.fling(speed: -1500)
        for _ in 0..<10 { h.tick() }
        #expect(abs(h.view.velocity.y) > 500)
        let t = h.now
        h.down(Point(x: 50, y: 200), t)
        h.up(Point(x: 50, y: 200), t + 0.08)
        #expect(h.recorder.taps.isEmpty)
        #expect(h.view.phase == .idle)
    }

    @Test("the threshold sits between the two: just above it the press is not a tap")
    func justAboveTheThreshold() {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        _ = flungUntil(slowerThan: 45, h)
        #expect(abs(h.view.velocity.y) >= ScrollingView.tapThroughSpeed)
        let t = h.now
        h.down(Point(x: 50, y: 200), t)
        h.up(Point(x: 50, y: 200), t + 0.05)
        #expect(h.recorder.taps.isEmpty)
    }

    @Test("with snapping, a tap on a slow landing still settles on a snap position")
    func slowLandingWithSnappingSettles() {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        h.snapper = SVGridSnapping(spacing: 100)
        _ = flungUntil(slowerThan: 30, h)
        let t = h.now
        h.down(Point(x: 50, y: 200), t)
        h.up(Point(x: 50, y: 200), t + 0.05)
        #expect(h.recorder.taps.count == 1)
        h.frames(from: t + 0.05)
        h.run()
        let y = h.view.contentOffset.y
        #expect(abs(y - (y / 100).rounded() * 100) < 1e-6)          // on the 100 pt grid
    }

    @Test("a press right after a timed scroll was requested (before its first frame) stops it and is not a tap")
    func requestedScrollIsVisibleMotion() {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        var completed: [Bool] = []
        h.view.setContentOffset(Point(x: 0, y: 5000), duration: 1, curve: .linear) { completed.append($0) }
        h.down(Point(x: 50, y: 200), 0)
        h.up(Point(x: 50, y: 200), 0.05)
        #expect(h.recorder.taps.isEmpty)
        #expect(completed == [false])
        #expect(h.view.contentOffset.y == 0)
    }
}
