import Motion
import Testing
@testable import ScrollKit

/// `contentOffset` is settable, as in UIKit (but clamped to the range).
@MainActor
@Suite("ScrollingView: setting contentOffset")
struct ScrollingViewSetOffsetTests {
    // MARK: - contentOffset settable

    @Test("setting contentOffset at rest: moves there, clamped, one didScroll; the same value again does nothing")
    func setAtRest() {
        let h = SVHarness()                          // range y 0...4320
        h.view.contentOffset = Point(x: 0, y: 250)
        #expect(h.view.contentOffset == Point(x: 0, y: 250))
        #expect(h.recorder.didScroll == 1)
        h.view.contentOffset = Point(x: 0, y: 250)
        #expect(h.recorder.didScroll == 1)
        h.view.contentOffset = Point(x: 0, y: 99_999)
        #expect(h.view.contentOffset == Point(x: 0, y: 4320))
        h.view.contentOffset = Point(x: 0, y: -40)
        #expect(h.view.contentOffset == Point(x: 0, y: 0))
        h.view.contentOffset = Point(x: 0, y: 300)
        h.view.contentOffset = Point(x: 5, y: .nan)  // NaN keeps y; x does not scroll (range 0...0)
        #expect(h.view.contentOffset == Point(x: 0, y: 300))
        h.view.contentOffset = Point(x: .infinity, y: 120)
        #expect(h.view.contentOffset == Point(x: 0, y: 120))
        #expect(h.view.phase == .idle && !h.view.isAnimating)
    }

    @Test("setting contentOffset during a fling stops it there, with no didEndDecelerating")
    func setDuringFling() {
        let h = SVHarness()
        h.fling(speed: -2000)
        for _ in 0..<5 { h.tick() }
        #expect(h.view.phase == .decelerating)
        h.view.contentOffset = Point(x: 0, y: 42)
        #expect(h.view.contentOffset == Point(x: 0, y: 42))
        #expect(!h.view.isAnimating)
        #expect(h.view.velocity == .zero)
        #expect(h.view.phase == .idle)
        for _ in 0..<30 { h.tick() }
        #expect(h.view.contentOffset == Point(x: 0, y: 42))
        #expect(h.recorder.didEndDecelerating == 0)
    }

    @Test("setting contentOffset during a timed scroll completes it with false, once")
    func setDuringTimedScroll() {
        let h = SVHarness()
        var completions: [Bool] = []
        h.view.setContentOffset(Point(x: 0, y: 3000), duration: 1, curve: .linear) { completions.append($0) }
        for _ in 0..<10 { h.tick() }
        #expect(completions.isEmpty)
        let before = h.recorder.didScroll
        h.view.contentOffset = Point(x: 0, y: 10)
        #expect(completions == [false])
        #expect(h.recorder.didScroll == before + 1)
        for _ in 0..<90 { h.tick() }
        #expect(completions == [false])
        #expect(h.view.contentOffset == Point(x: 0, y: 10))
        #expect(h.recorder.didEndAnimation == 0)
    }
}
