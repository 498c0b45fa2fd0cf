import Foundation
import Motion
import Testing
import TestOracles
@testable import ScrollKit

@MainActor
@Suite("ScrollingView dragging and flings")
struct ScrollViewDraggingTests {

    // MARK: Slop and 1:1

    @Test("the slop: tracking until the pointer moves more than 4 pt, then 1:1 from the down position")
    func slop() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.down(Point(x: 100, y: 300), 0)
        #expect(h.view.phase == .tracking)
        h.move(Point(x: 100, y: 296), 0.01)            // exactly the slop: still tracking
        #expect(h.view.phase == .tracking)
        #expect(h.view.contentOffset.y == 1000)
        #expect(h.recorder.willBegin == 0)
        h.move(Point(x: 100, y: 295.5), 0.02)          // past it: dragging, no distance lost
        #expect(h.view.phase == .dragging)
        #expect(h.recorder.willBegin == 1)
        #expect(h.view.contentOffset.y == 1004.5)
    }

    @Test("movement across the scroll axis does not start a vertical drag")
    func slopAlongAxisOnly() {
        let h = SVHarness()
        h.down(Point(x: 100, y: 300), 0)
        h.move(Point(x: 160, y: 298), 0.01)
        #expect(h.view.phase == .tracking)
        h.move(Point(x: 160, y: 290), 0.02)
        #expect(h.view.phase == .dragging)
        #expect(h.view.contentOffset == Point(x: 0, y: 10))
    }

    @Test("the content sits under the pointer 1:1 at every move", arguments: [ScrollAxis.vertical, .horizontal, .both])
    func oneToOne(_ axis: ScrollAxis) {
        let h = SVHarness(content: Size(width: 5000, height: 5000), axis: axis)
        h.view.setContentOffset(Point(x: 2000, y: 2000), animated: false)
        let down = Point(x: 150, y: 250)
        h.down(down, 0)
        let path: [(Double, Double)] = [(7, -5), (-20, 40), (-133.25, 97.5), (60, -250), (0.5, 0.25), (300, 300)]
        for (i, (dx, dy)) in path.enumerated() {
            h.move(Point(x: down.x + dx, y: down.y + dy), Double(i + 1) * 0.016)
            let expectedX = axis == .vertical ? 2000 : 2000 - dx
            let expectedY = axis == .horizontal ? 2000 : 2000 - dy
            #expect(h.view.contentOffset == Point(x: expectedX, y: expectedY))
        }
        #expect(h.recorder.willBegin == 1)
    }

    // MARK: Rubber band

    @Test("past an edge the offset follows the rubber band (c = 0.55, d = viewport)",
          arguments: [5.0, 10, 55, 100, 480, 2000, 1e6])
    func rubberBandValues(_ pull: Double) {
        let h = SVHarness()
        // Past the top.
        h.down(Point(x: 100, y: 10), 0)
        h.move(Point(x: 100, y: 10 + pull), 0.016)
        #expect(abs(h.view.contentOffset.y - svReferenceBand(-pull, 480)) <= 1e-9 * max(1, pull))
        #expect(h.view.contentOffset.y > -480)
        h.up(Point(x: 100, y: 10 + pull), 0.5)          // stopped: no fling, springs back
        h.frames(from: 0.5)
        h.run()
        #expect(h.view.contentOffset.y == 0)
        // Past the bottom.
        h.view.setContentOffset(Point(x: 0, y: 4320), animated: false)
        h.down(Point(x: 100, y: 400), 1)
        h.move(Point(x: 100, y: 400 - pull), 1.016)
        #expect(abs(h.view.contentOffset.y - (4320 + svReferenceBand(pull, 480))) <= 1e-9 * max(1, pull))
    }

    @Test("bounces = false pins the drag to the edges")
    func noBounce() {
        let h = SVHarness()
        h.view.bounces = false
        h.down(Point(x: 100, y: 10), 0)
        h.move(Point(x: 100, y: 200), 0.016)
        #expect(h.view.contentOffset.y == 0)
        h.move(Point(x: 100, y: -40), 0.032)
        #expect(h.view.contentOffset.y == 50)
    }

    // MARK: Release

    @Test("a fling comes to rest where the velocity, kept at r per millisecond, takes it (RK4)", arguments: [0.998, 0.99])
    func flingRestPoint(_ rate: Double) throws {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        h.view.decelerationRate = DecelerationRate(rate)
        h.view.setContentOffset(Point(x: 0, y: 20_000), animated: false)
        h.fling(speed: -1200)
        let release = try #require(h.recorder.willEnd.first)
        // The tracker measured the pointer's speed (pt/s, offset direction).
        #expect(abs(release.velocity.y - 1200) < 1200 * 0.01)
        let x0 = 20_000 + 1200 * 0.096
        let projected = RK4.decayRest(rate: rate, x0: x0, v0: release.velocity.y)
        #expect(abs(release.target.y - projected) < 1e-6)
        #expect(h.recorder.didEndDragging == [true])
        #expect(h.view.phase == .decelerating)
        let frames = h.run()
        #expect(h.view.contentOffset.y == release.target.y)
        #expect(abs(h.view.contentOffset.y - projected) < 1e-6)
        #expect(!h.view.isAnimating)
        #expect(h.view.phase == .idle)
        #expect(h.recorder.didEndDecelerating == 1)
        // Monotonic, and the first frame continues with the release velocity.
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.offset.y >= a.offset.y) }
        let first = try #require(frames.first)
        let expectedV = RK4.decay(rate: rate, x0: x0, v0: release.velocity.y, dt: 1e-4, times: [1.0 / 60])[0].v
        #expect(abs(first.velocity.y - expectedV) < 1e-6 * release.velocity.y)
    }

    @Test("a release without velocity stays put and does not decelerate")
    func releaseStill() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 500), animated: false)
        h.down(Point(x: 100, y: 300), 0)
        h.move(Point(x: 100, y: 200), 0.05)
        h.up(Point(x: 100, y: 200), 0.2)                 // 150 ms still: velocity 0
        #expect(h.recorder.didEndDragging == [false])
        #expect(!h.view.isAnimating)
        #expect(h.view.phase == .idle)
        #expect(h.view.contentOffset.y == 600)
    }

    @Test("a fling into the end bounces on a critically damped spring and never passes back over the edge")
    func bounce() throws {
        let h = SVHarness(hz: 1000)
        let maxY = 4800.0 - 480
        h.view.setContentOffset(Point(x: 0, y: maxY - 300), animated: false)
        h.fling(speed: -4000, duration: 0.048)
        #expect(h.view.phase == .decelerating)
        let frames = h.run()
        var crossed = false
        var peak = -Double.infinity
        var handOver: Int?
        for (i, f) in frames.enumerated() {
            if f.offset.y > maxY { crossed = true }
            if crossed { #expect(f.offset.y >= maxY) }         // no overshoot back into the content
            peak = max(peak, f.offset.y)
            if handOver == nil, f.phase == .bouncing { handOver = i }
        }
        #expect(crossed)
        #expect(peak > maxY + 5)
        #expect(h.view.contentOffset.y == maxY)
        #expect(h.recorder.didEndDecelerating == 1)
        // Velocity is continuous at the hand-over: at 1 kHz it changes by a few percent per frame at most.
        let i = try #require(handOver)
        let before = frames[i - 1].velocity.y, after = frames[i].velocity.y
        #expect(before > 500)
        #expect(abs(after - before) < 0.1 * before)
        // The bounce phase lasts until rest.
        #expect(frames[i...].dropLast().allSatisfy { $0.phase == .bouncing })
    }

    @Test("velocity is continuous through a fling into an edge, at every frame")
    func continuityEverywhere() throws {
        let h = SVHarness(hz: 1000)
        h.view.setContentOffset(Point(x: 0, y: 200), animated: false)
        h.fling(speed: 3000, duration: 0.048)                 // toward the start
        let released = try #require(h.recorder.willEnd.first).velocity.y
        let frames = h.run()
        var previous = released
        var largest = 0.0
        for f in frames.dropLast() {
            largest = max(largest, abs(f.velocity.y - previous))
            previous = f.velocity.y
        }
        #expect(largest < 0.1 * abs(released))
        #expect(h.view.contentOffset.y == 0)
    }

    @Test("releasing while overscrolled springs back to the edge without passing it")
    func springBack() {
        let h = SVHarness()
        h.down(Point(x: 100, y: 100), 0)
        h.move(Point(x: 100, y: 400), 0.05)
        let pulled = h.view.contentOffset.y
        #expect(pulled < -100)
        h.up(Point(x: 100, y: 400), 0.2)
        #expect(h.view.phase == .bouncing)
        #expect(h.recorder.didEndDragging == [true])
        let frames = h.run()
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.offset.y >= a.offset.y) }
        #expect(frames.allSatisfy { $0.offset.y <= 0 })
        #expect(h.view.contentOffset.y == 0)
        #expect(h.recorder.didEndDecelerating == 1)
    }

    @Test("a fling released while overscrolled keeps its velocity, scaled by the band's slope")
    func overscrolledFling() throws {
        let h = SVHarness(hz: 1000)
        h.view.setContentOffset(Point(x: 0, y: 4320), animated: false)
        h.down(Point(x: 100, y: 400), 0)
        h.move(Point(x: 100, y: 200), 0.1)                    // pulled 200 past the end
        for i in 1...6 { h.move(Point(x: 100, y: 200 - Double(i) * 8), 0.1 + Double(i) * 0.008) }
        let end = 0.1 + 0.048
        h.up(Point(x: 100, y: 152), end)
        let v = try #require(h.recorder.willEnd.first).velocity.y
        let raw = 248.0
        // The band's slope at the release, by a central difference of the reference band.
        let slope = (svReferenceBand(raw + 1e-3, 480) - svReferenceBand(raw - 1e-3, 480)) / 2e-3
        #expect(abs(v - 1000 * slope) < 1000 * slope * 0.05)
        h.frames(from: end)
        let frames = h.run()
        #expect(abs(frames[0].velocity.y - v) < abs(v) * 0.15)   // one 1 ms frame of the spring
        #expect(h.view.contentOffset.y == 4320)
    }

    // MARK: Targets

    @Test("the delegate can rewrite the target; the motion lands on it exactly",
          arguments: [777.0, 1234.5, 20_000, -50, .nan])
    func delegateTarget(_ wanted: Double) throws {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 600), animated: false)
        h.recorder.rewrite = { _ in Point(x: 0, y: wanted) }
        h.fling(speed: -1500)
        let natural = try #require(h.recorder.willEnd.first).target.y
        let frames = h.run()
        let expected = wanted.isNaN ? natural : min(max(wanted, 0), 4320)
        #expect(h.view.contentOffset.y == expected)
        #expect(frames.allSatisfy { $0.offset.y.isFinite })
        #expect(h.recorder.didEndDecelerating == 1)
        // A landing never passes its target (except a bounce at an edge).
        if expected > 600 + 144 {
            #expect(frames.allSatisfy { $0.offset.y <= expected + 1e-9 })
        }
    }

    @Test("snapping rewrites the target before the delegate and the fling lands on the grid")
    func snappingTarget() throws {
        let h = SVHarness()
        let grid = SVGridSnapping(spacing: 100)
        h.snapper = grid
        h.view.setContentOffset(Point(x: 0, y: 600), animated: false)
        h.fling(speed: -1300)
        #expect(grid.snapTargetCalls == 1)
        let seen = try #require(h.recorder.willEnd.first).target.y
        #expect(seen.truncatingRemainder(dividingBy: 100) == 0)
        let frames = h.run()
        #expect(h.view.contentOffset.y == seen)
        #expect(frames.allSatisfy { $0.offset.y <= seen + 1e-9 })
    }

    @Test("the hand-over from the drag to a landing keeps the release velocity", arguments: [100.0, 250, 1000])
    func landingContinuity(_ spacing: Double) throws {
        let h = SVHarness(content: Size(width: 320, height: 20_000), hz: 1000)
        h.snapper = SVGridSnapping(spacing: spacing)
        h.view.setContentOffset(Point(x: 0, y: 3000), animated: false)
        h.fling(speed: -1800)
        let release = try #require(h.recorder.willEnd.first)
        let frames = h.run()
        #expect(abs(frames[0].velocity.y - release.velocity.y) < 0.05 * release.velocity.y)
        #expect(h.view.contentOffset.y == release.target.y)
        #expect(release.target.y.truncatingRemainder(dividingBy: spacing) == 0)
        #expect(frames.allSatisfy { $0.offset.y <= release.target.y + 1e-9 })
    }

    // MARK: Taps and interruption

    @Test("with snapping, a touch that stops a fling settles on a snap position when lifted")
    func touchStopSettlesOnSnap() {
        let h = SVHarness()
        h.snapper = SVGridSnapping(spacing: 100)
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.fling(speed: -2000)
        for _ in 0..<7 { h.tick() }
        let stopped = h.view.contentOffset.y
        #expect(stopped.truncatingRemainder(dividingBy: 100) != 0)
        h.down(Point(x: 50, y: 50), h.now)
        h.up(Point(x: 50, y: 50), h.now + 0.1)
        #expect(h.recorder.taps.isEmpty)
        h.frames(from: h.now + 0.1)
        h.run()
        #expect(h.view.contentOffset.y == (stopped / 100).rounded() * 100)
        #expect(h.recorder.didEndDecelerating == 1)
    }

    @Test("down and up without moving is a tap")
    func tap() {
        let h = SVHarness()
        var closureTaps: [Point] = []
        h.view.onTap = { closureTaps.append($0) }
        h.down(Point(x: 30, y: 40), 0)
        h.move(Point(x: 31, y: 42), 0.05)
        h.up(Point(x: 31, y: 42), 0.1)
        #expect(h.recorder.taps == [Point(x: 31, y: 42)])
        #expect(closureTaps == [Point(x: 31, y: 42)])
        #expect(h.view.phase == .idle)
        #expect(h.recorder.didEndDragging.isEmpty)
    }

    @Test("a touch during a fling stops it at once where it is; it is not a tap")
    func interruptFling() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        let end = h.fling(speed: -2500)
        for _ in 0..<10 { h.tick() }
        let shown = h.view.contentOffset
        #expect(h.view.phase == .decelerating)
        h.down(Point(x: 50, y: 50), end + 10.5 / 60)
        #expect(h.view.contentOffset == shown)
        #expect(h.view.phase == .tracking)
        #expect(!h.view.isAnimating)
        #expect(h.view.velocity == .zero)
        for _ in 0..<10 { h.tick() }
        #expect(h.view.contentOffset == shown)
        h.up(Point(x: 50, y: 50), end + 0.5)
        #expect(h.recorder.taps.isEmpty)
        #expect(h.view.phase == .idle)
        #expect(h.view.contentOffset == shown)
        #expect(h.recorder.didEndDecelerating == 0)
    }

    @Test("a touch during a bounce holds the overscroll; a drag continues from it; release springs back")
    func interruptBounce() {
        let h = SVHarness(hz: 120)
        h.view.setContentOffset(Point(x: 0, y: 3000), animated: false)
        let end = h.fling(speed: -5000)
        var t = end
        while h.view.contentOffset.y <= 4320 + 20 && h.frame < 1000 { h.tick(); t = h.now }
        #expect(h.view.phase == .bouncing)
        let shown = h.view.contentOffset
        h.down(Point(x: 50, y: 300), t)
        #expect(h.view.contentOffset == shown)
        // Past the slop, the raw offset continues from the unbanded position: a 10 pt pull upward.
        h.move(Point(x: 50, y: 290), t + 0.016)
        let raw = 4320 + inverseRubberBand(shown.y - 4320, dimension: 480) + 10
        #expect(abs(h.view.contentOffset.y - (4320 + svReferenceBand(raw - 4320, 480))) < 1e-9)
        h.up(Point(x: 50, y: 290), t + 0.2)
        h.frames(from: t + 0.2)
        h.run()
        #expect(h.view.contentOffset.y == 4320)
        #expect(h.recorder.taps.isEmpty)
    }

    @Test("a still touch that stops a bounce past the edge springs back on release")
    func touchStopInOverscroll() {
        let h = SVHarness(hz: 120)
        h.view.setContentOffset(Point(x: 0, y: 100), animated: false)
        let end = h.fling(speed: 2000, duration: 0.048)
        while h.view.contentOffset.y >= -20 && h.frame < 1000 { h.tick() }
        #expect(h.view.phase == .bouncing)
        let t = h.now
        h.down(Point(x: 50, y: 300), t)
        h.up(Point(x: 50, y: 300), t + 0.1)
        #expect(h.view.phase == .bouncing)
        h.frames(from: t + 0.1)
        h.run()
        #expect(h.view.contentOffset.y == 0)
        #expect(h.recorder.taps.isEmpty)
        _ = end
    }

    @Test("a fling on the horizontal axis and on both axes lands on each axis's projection")
    func twoAxes() throws {
        let h = SVHarness(content: Size(width: 50_000, height: 50_000), axis: .both)
        h.view.setContentOffset(Point(x: 10_000, y: 10_000), animated: false)
        h.down(Point(x: 200, y: 200), 0)
        for i in 1...12 {
            h.move(Point(x: 200 - 6 * Double(i), y: 200 + 10 * Double(i)), Double(i) * 0.008)
        }
        h.up(Point(x: 128, y: 320), 0.096)
        let release = try #require(h.recorder.willEnd.first)
        #expect(abs(release.velocity.x - 750) < 10)
        #expect(abs(release.velocity.y + 1250) < 10)
        h.frames(from: 0.096)
        h.run()
        #expect(abs(h.view.contentOffset.x - RK4.decayRest(rate: 0.998, x0: 10_072, v0: release.velocity.x)) < 1e-6)
        #expect(abs(h.view.contentOffset.y - RK4.decayRest(rate: 0.998, x0: 9_880, v0: release.velocity.y)) < 1e-6)
    }
}
