import Foundation
import Motion
import Testing
import TestOracles
@testable import ScrollKit

/// The release velocity from event streams shaped like recorded ones: moves at the device's rate, then
/// the up 10–20 ms after the last move, at the same place. The up is not a velocity sample (as in
/// Flutter and Android): the expectation is the velocity of the moves themselves.
@MainActor
@Suite("Release velocity (the up is not sampled)")
struct ReleaseVelocityTests {

    /// Drags from y = 400 along `y(t)` (t from the down) with a move every `spacing` s for `count` moves,
    /// then lifts `gap` s after the last move at the last move's position. Returns the release velocity
    /// the delegate saw (offset direction) and the last move's time.
    func release(spacing: Double, count: Int, gap: Double, _ y: (Double) -> Double) -> (v: Point?, last: Double, h: SVHarness) {
        let h = SVHarness(content: Size(width: 320, height: 1_000_000))
        h.view.setContentOffset(Point(x: 0, y: 500_000), animated: false)
        h.down(Point(x: 100, y: 400 + y(0)), 0)
        var last = 0.0
        for i in 1...count {
            last = Double(i) * spacing
            h.move(Point(x: 100, y: 400 + y(last)), last)
        }
        h.up(Point(x: 100, y: 400 + y(last)), last + gap)
        return (h.recorder.willEnd.first?.velocity, last, h)
    }

    @Test("constant speed, the up after a gap at the same place: the moves' speed",
          arguments: [(-1500.0, 0.008, 0.010), (-1500, 0.008, 0.020), (2400, 0.008, 0.016),
                      (-800, 0.0167, 0.012), (600, 0.004, 0.018), (-3000, 0.011, 0.015)])
    func constantSpeed(speed: Double, spacing: Double, gap: Double) throws {
        let r = release(spacing: spacing, count: 12, gap: gap) { speed * $0 }
        let v = try #require(r.v)
        // The pointer moves at `speed`; the offset moves the other way.
        #expect(abs(v.y - -speed) <= 1e-6 * abs(speed), "\(v.y)")
        #expect(v.x == 0)
    }

    @Test("a finger slowing down: the slope at the last move, not pulled down by the up",
          arguments: [(-2000.0, 9000.0, 0.012), (1800, -6000, 0.018)])
    func decelerating(v0: Double, a: Double, gap: Double) throws {
        let r = release(spacing: 0.008, count: 12, gap: gap) { v0 * $0 + a * $0 * $0 / 2 }
        let v = try #require(r.v)
        let expected = -(v0 + a * r.last)
        #expect(abs(v.y - expected) <= 1e-6 * abs(expected), "\(v.y) vs \(expected)")
    }

    @Test("the up's time still decides a stop: 40 ms after the last move flings at zero")
    func stopRuleUsesTheUpTime() throws {
        let moving = release(spacing: 0.008, count: 12, gap: 0.039) { -1000 * $0 }
        #expect(abs(try #require(moving.v).y - 1000) <= 1e-6 * 1000)
        #expect(moving.h.recorder.didEndDragging == [true])

        let stopped = release(spacing: 0.008, count: 12, gap: 0.040) { -1000 * $0 }
        #expect(try #require(stopped.v).y == 0)
        #expect(stopped.h.recorder.didEndDragging == [false])
        #expect(!stopped.h.view.isAnimating)
    }

    @Test("the fling starts from where the up put the content, with the moves' velocity")
    func flingFromTheUp() throws {
        let r = release(spacing: 0.008, count: 12, gap: 0.015) { -1200 * $0 }
        let v = try #require(r.v)
        let released = 500_000 + 1200 * r.last
        #expect(r.h.view.contentOffset.y == released)
        let rate = r.h.view.decelerationRate.perMillisecond
        let rest = try #require(r.h.recorder.willEnd.first).target.y
        #expect(abs(rest - RK4.decayRest(rate: rate, x0: released, v0: v.y)) < 1e-6)
    }
}
