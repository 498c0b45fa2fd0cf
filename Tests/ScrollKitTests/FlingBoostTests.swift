import Foundation
import Motion
import Testing
import TestOracles
@testable import ScrollKit

/// Flings that build (as on iOS): a fast fling in the same direction as a fast deceleration it caught
/// adds that speed to its own, capped; any other fling starts fresh.
@MainActor
@Suite("Flings that build")
struct FlingBoostTests {

    /// A tall list at rest far from both edges, so no fling here reaches an edge.
    func harness() -> SVHarness {
        let h = SVHarness(content: Size(width: 320, height: 2_000_000))
        h.view.setContentOffset(Point(x: 0, y: 1_000_000), animated: false)
        return h
    }

    /// Steps the frames due before `time` and returns the content's velocity (offset direction) at the
    /// last of them: what a down at `time` catches.
    func frames(_ h: SVHarness, before time: Double) -> Double {
        while h.now < time { h.tick() }
        return h.view.velocity.y
    }

    /// A second fling at pointer speed `speed` whose down comes at `start`, held still for `hold` seconds
    /// first; returns the release velocity the delegate saw.
    func secondFling(_ h: SVHarness, speed: Double, start: Double, hold: Double = 0) throws -> Double {
        if hold > 0 {
            h.down(Point(x: 100, y: 300), start)
            h.move(Point(x: 100, y: 300), start + hold)
            h.up(Point(x: 100, y: 300), start + hold)
        }
        let count = h.recorder.willEnd.count
        h.fling(speed: speed, start: start + hold)
        #expect(h.recorder.willEnd.count == count + 1)
        return try #require(h.recorder.willEnd.last).velocity.y
    }

    @Test("same direction, both fast, soon enough: the speeds add", arguments: [0.05, 0.2, 0.5])
    func builds(after: Double) throws {
        let h = harness()
        let end = h.fling(speed: -3000)                           // offset moves at +3000
        let caught = frames(h, before: end + after)
        #expect(caught > ScrollingView.flingBoostMinimumSpeed)
        let v = try secondFling(h, speed: -2500, start: end + after)
        #expect(abs(v - (caught + 2500)) <= 1e-6 * v, "\(v) vs \(caught) + 2500")
        // ... and the fling that follows runs with it: it comes to rest where that velocity takes it.
        let target = try #require(h.recorder.willEnd.last).target.y
        let rate = h.view.decelerationRate.perMillisecond
        #expect(abs(target - RK4.decayRest(rate: rate, x0: h.view.contentOffset.y, v0: v)) < 1e-6)
    }

    @Test("a fling the other way starts fresh")
    func otherDirection() throws {
        let h = harness()
        let end = h.fling(speed: -3000)
        #expect(frames(h, before: end + 0.1) > 1000)
        let v = try secondFling(h, speed: 2500, start: end + 0.1)
        #expect(abs(v - -2500) <= 1e-6 * 2500)
    }

    @Test("too slow: a caught fling under 1000 pt/s, or a new fling under 1000 pt/s, starts fresh")
    func tooSlow() throws {
        // The caught fling has slowed below the threshold (1500 · 0.998^250 ≈ 909 pt/s) within the window.
        let slowed = harness()
        let end = slowed.fling(speed: -1500)
        let caught = frames(slowed, before: end + 0.25)
        #expect(caught > 0 && caught < ScrollingView.flingBoostMinimumSpeed)
        let v1 = try secondFling(slowed, speed: -3000, start: end + 0.25)
        #expect(abs(v1 - 3000) <= 1e-6 * 3000)
        // The new fling is too slow, though the caught one is fast.
        let weak = harness()
        let end2 = weak.fling(speed: -4000)
        #expect(frames(weak, before: end2 + 0.05) > 1000)
        let v2 = try secondFling(weak, speed: -900, start: end2 + 0.05)
        #expect(abs(v2 - 900) <= 1e-6 * 900)
    }

    @Test("released more than 0.75 s after the caught fling started decelerating: fresh")
    func window() throws {
        // Down 0.62 s after the first release, released 0.096 s later: 0.716 s, inside.
        let inside = harness()
        let end = inside.fling(speed: -8000)
        let caught = frames(inside, before: end + 0.62)
        #expect(caught > 1000)
        let v1 = try secondFling(inside, speed: -3000, start: end + 0.62)
        #expect(abs(v1 - (caught + 3000)) <= 1e-6 * v1)
        // Down 0.66 s after, released at 0.756 s: outside, though the content was still fast.
        let outside = harness()
        let end2 = outside.fling(speed: -8000)
        #expect(frames(outside, before: end2 + 0.66) > 1000)
        let v2 = try secondFling(outside, speed: -3000, start: end2 + 0.66)
        #expect(abs(v2 - 3000) <= 1e-6 * 3000)
    }

    @Test("after a pause (the finger held the content, then flung) the fling starts fresh")
    func afterAPause() throws {
        let h = harness()
        let end = h.fling(speed: -8000)
        #expect(frames(h, before: end + 0.1) > 1000)
        // The press at +0.1 s catches the fling; the finger stays put for 0.7 s, lifts, and flings again.
        let v = try secondFling(h, speed: -3000, start: end + 0.1, hold: 0.7)
        #expect(abs(v - 3000) <= 1e-6 * 3000)
    }

    @Test("the built-up speed is capped at 16,000 pt/s")
    func cap() throws {
        let h = harness()
        var end = h.fling(speed: -8000)
        var caught = frames(h, before: end + 0.05)
        let v2 = try secondFling(h, speed: -8000, start: end + 0.05)
        #expect(abs(v2 - (caught + 8000)) <= 1e-6 * v2)
        #expect(v2 < ScrollingView.flingBoostMaximumSpeed)
        end += 0.05 + 0.096
        caught = frames(h, before: end + 0.05)
        #expect(caught + 8000 > ScrollingView.flingBoostMaximumSpeed)
        let v3 = try secondFling(h, speed: -8000, start: end + 0.05)
        #expect(v3 == ScrollingView.flingBoostMaximumSpeed)
    }

    @Test("a caught bounce or glide is not a fling: no boost")
    func onlyDecelerations() throws {
        let h = harness()
        h.view.handle(.wheel(dx: 0, dy: -40, location: Point(x: 100, y: 100), time: 0))   // a long, fast glide
        h.frames(from: 0)
        let caught = frames(h, before: 0.05)
        #expect(caught > 1000)
        let v = try secondFling(h, speed: -3000, start: 0.05)
        #expect(abs(v - 3000) <= 1e-6 * 3000)
    }
}
