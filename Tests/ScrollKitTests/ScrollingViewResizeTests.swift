import Foundation
import Motion
import Testing
import TestOracles
@testable import ScrollKit

@MainActor
@Suite("ScrollingView resizing during motion")
struct ScrollViewResizeTests {

    func expectValid(_ frames: [(offset: Point, velocity: Point, phase: ScrollingPhase)]) {
        #expect(frames.allSatisfy { $0.offset.x.isFinite && $0.offset.y.isFinite && $0.velocity.y.isFinite })
    }

    @Test("resizing at rest clamps the offset and reports it")
    func clampAtRest() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 4000), animated: false)
        let calls = h.recorder.didScroll
        h.view.contentSize = Size(width: 320, height: 1000)
        #expect(h.view.contentOffset.y == 520)
        #expect(h.recorder.didScroll == calls + 1)
        h.view.viewportSize = Size(width: 320, height: 2000)
        #expect(h.view.contentOffset.y == 0)
        h.view.contentInset = Insets(top: 30, left: 0, bottom: 0, right: 0)
        #expect(h.view.contentOffset.y == -30)                  // content shorter than the viewport: sits at -inset
        h.view.viewportSize = Size(width: 320, height: 480)
        #expect(h.view.contentOffset.y == -30)                  // in range again: not moved
        #expect(!h.view.isAnimating)
    }

    @Test("content shrinking under a fling: it bounces back onto the new end")
    func shrinkDuringFling() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.fling(speed: -2000)
        var frames = (0..<10).map { _ in (offset: h.tick(), velocity: h.view.velocity, phase: h.view.phase) }
        #expect(h.view.contentOffset.y > 1300)
        h.view.contentSize = Size(width: 320, height: 1500)     // new max 1020, below the offset
        #expect(h.view.isAnimating)
        #expect(h.view.phase == .bouncing)
        frames += h.run()
        expectValid(frames)
        #expect(h.view.contentOffset.y == 1020)
        #expect(h.recorder.didEndDecelerating == 1)
    }

    @Test("content growing under a fling toward the end: it lands on the natural rest point instead")
    func growDuringFling() throws {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 3500), animated: false)
        h.fling(speed: -2000)
        let natural = try #require(h.recorder.willEnd.first)
        #expect(natural.target.y == 4320)
        for _ in 0..<5 { h.tick() }
        h.view.contentSize = Size(width: 320, height: 20_000)
        let frames = h.run()
        expectValid(frames)
        let projected = RK4.decayRest(rate: 0.998, x0: 3500 + 192, v0: natural.velocity.y)
        #expect(abs(h.view.contentOffset.y - projected) < 1e-6)
    }

    @Test("a landing whose target leaves the range is retargeted to the new edge")
    func landingRetarget() throws {
        let h = SVHarness()
        h.snapper = SVGridSnapping(spacing: 500)
        h.view.setContentOffset(Point(x: 0, y: 2000), animated: false)
        h.fling(speed: -2000)
        let target = try #require(h.recorder.willEnd.first).target.y
        #expect(target == 3000)
        for _ in 0..<5 { h.tick() }
        h.view.contentSize = Size(width: 320, height: 3000)     // new max 2520
        let frames = h.run()
        expectValid(frames)
        #expect(h.view.contentOffset.y == 2520)
    }

    @Test("a glide toward the end follows a shrinking end")
    func glideRetarget() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 4300), animated: false)
        h.view.handle(.key(.pageDown, time: 0))
        h.tick()
        h.view.contentSize = Size(width: 320, height: 4700)
        let frames = h.run()
        expectValid(frames)
        #expect(h.view.contentOffset.y == 4220)
    }

    @Test("a timed scroll whose destination leaves the range ends on the new edge, on time")
    func timedRetarget() {
        let h = SVHarness()
        var results: [Bool] = []
        h.view.setContentOffset(Point(x: 0, y: 3000), duration: 1, curve: .linear) { results.append($0) }
        for _ in 0..<30 { h.tick() }
        h.view.contentSize = Size(width: 320, height: 2000)     // new max 1520, offset 1500 still inside
        let frames = h.run()
        #expect(frames.count == 30)
        #expect(h.view.contentOffset.y == 1520)
        #expect(results == [true])
    }

    @Test("a drag keeps the pointer's position when the content changes beneath it")
    func resizeDuringDrag() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 4000), animated: false)
        h.down(Point(x: 10, y: 300), 0)
        h.move(Point(x: 10, y: 200), 0.016)
        #expect(h.view.contentOffset.y == 4100)
        h.view.contentSize = Size(width: 320, height: 4000)     // max 3520: now 580 past the end
        #expect(abs(h.view.contentOffset.y - (3520 + svReferenceBand(580, 480))) < 1e-9)
        h.up(Point(x: 10, y: 200), 0.3)
        h.frames(from: 0.3)
        h.run()
        #expect(h.view.contentOffset.y == 3520)
    }

    @Test("NaN and zero sizes mid-fling end in a valid resting state", arguments: [Double.nan, 0, -1, .infinity])
    func badSizeMidFling(_ bad: Double) {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.fling(speed: -2000)
        for _ in 0..<5 { h.tick() }
        h.view.viewportSize = Size(width: bad, height: bad)
        h.view.contentSize = Size(width: 320, height: bad)
        let frames = h.run()
        expectValid(frames)
        #expect(!h.view.isAnimating)
        #expect(h.view.contentOffset == .zero)
        #expect(h.view.phase == .idle)
    }
}
