import Motion
import Testing
@testable import ScrollKit

// ScrollPhysics replaced: each part changes the motion it drives, checked against Motion's own
// simulations (the decay's projection, the rubber band, the spring) rather than restated formulas.

@MainActor
@Suite("ScrollPhysics")
struct ScrollPhysicsTests {
    /// A fling released at `speed` (pt/s of the pointer) with `physics`; returns the harness right after the up.
    func flung(_ physics: ScrollPhysics, speed: Double = -2400, content: Double = 40_000) -> SVHarness {
        let h = SVHarness(content: Size(width: 320, height: content))
        h.view.physics = physics
        h.fling(speed: speed)
        return h
    }

    @Test("the default physics is UIKit's names' values, so a plain scroll view and one given ScrollPhysics() move alike")
    func defaultIsToday() {
        let plain = SVHarness(content: Size(width: 320, height: 40_000))
        plain.fling(speed: -2400)
        let given = flung(ScrollPhysics())
        #expect(plain.run().map(\.offset) == given.run().map(\.offset))
        let view = ScrollingView()
        #expect(view.decelerationRate == .normal)
        #expect(view.bounces)
        #expect(view.snapping == nil)
    }

    @Test("a different decay rate rests a fling where that rate's DecaySimulation projects it", arguments: [0.99, 0.995, 0.998])
    func decayRate(perMillisecond: Double) {
        var physics = ScrollPhysics()
        physics.decelerationRate = DecelerationRate(perMillisecond)
        let h = flung(physics)
        let start = h.view.contentOffset.y, v = h.view.velocity.y
        #expect(v > 0)
        let projected = DecaySimulation.restPosition(position: start, velocity: v, rate: physics.decelerationRate)
        h.run()
        #expect(abs(h.view.contentOffset.y - projected) < 1e-6 * max(1, projected))
        #expect(h.view.phase == .idle)
        // The UIKit name reads the same value.
        #expect(h.view.decelerationRate == physics.decelerationRate)
    }

    @Test("without bounce a fling toward the end stops exactly on it, never past it")
    func noBounce() {
        let physics = ScrollPhysics(bounces: false)
        let h = flung(physics, speed: -6000, content: 2400)
        let frames = h.run()
        let end = h.view.maxContentOffset.y
        #expect(frames.allSatisfy { $0.offset.y <= end })
        #expect(!frames.contains { $0.phase == .bouncing })
        #expect(h.view.contentOffset.y == end)
        // With the default physics the same fling goes past the end and bounces back.
        let bouncy = flung(ScrollPhysics(), speed: -6000, content: 2400)
        let bounced = bouncy.run()
        #expect(bounced.contains { $0.offset.y > end })
        #expect(bounced.contains { $0.phase == .bouncing })
        #expect(bouncy.view.contentOffset.y == end)
    }

    @Test("the rubber band's coefficient sets how far a drag past the edge shows", arguments: [0.2, 0.55, 1.0])
    func rubberBand(coefficient: Double) {
        let h = SVHarness()
        h.view.physics.rubberBandCoefficient = coefficient
        h.down(Point(x: 100, y: 100), 0)
        h.move(Point(x: 100, y: 150), 0.016)
        h.move(Point(x: 100, y: 300), 0.032)   // 200 pt down from the top: 200 pt past the edge
        let shown = -h.view.contentOffset.y
        let expected = Motion.rubberBand(offset: 200, dimension: 480, coefficient: coefficient)
        #expect(abs(shown - expected) < 1e-9)
    }

    @Test("the bounce spring brings a release past an edge back as that spring does")
    func bounceSpring() {
        let spring = SpringDescription.criticallyDamped(response: 0.15)
        let h = SVHarness()
        h.view.physics.bounceSpring = spring
        h.down(Point(x: 100, y: 100), 0)
        h.move(Point(x: 100, y: 200), 0.1)
        h.move(Point(x: 100, y: 300), 0.6)
        h.move(Point(x: 100, y: 300), 0.8)   // held still: released without speed
        h.up(Point(x: 100, y: 300), 0.8)
        let start = h.view.contentOffset.y
        #expect(start < 0)
        let reference = SpringSimulation(spring: spring, position: start, velocity: 0, target: 0)
        h.frames(from: 0.8)
        let frames = h.run()
        for (k, f) in frames.enumerated().dropLast() {
            #expect(abs(f.offset.y - reference.position(at: Double(k + 1) / 60)) < 1e-9, "frame \(k)")
        }
        #expect(h.view.contentOffset.y == 0)
        // The default spring (response 0.4 s) takes longer to settle.
        let slow = SVHarness()
        slow.down(Point(x: 100, y: 100), 0)
        slow.move(Point(x: 100, y: 200), 0.1)
        slow.move(Point(x: 100, y: 300), 0.6)
        slow.move(Point(x: 100, y: 300), 0.8)
        slow.up(Point(x: 100, y: 300), 0.8)
        slow.frames(from: 0.8)
        #expect(slow.run().count > frames.count)
    }

    @Test("without a fling boost a second fling starts fresh; with it, it builds on the first")
    func flingBoost() {
        func secondReleaseSpeed(_ boost: FlingBoost) -> Double {
            let h = SVHarness(content: Size(width: 320, height: 400_000))
            h.view.physics.flingBoost = boost
            let end = h.fling(speed: -3000)
            for _ in 0..<6 { h.tick() }
            h.fling(speed: -3000, start: end + 0.1)
            return h.view.velocity.y
        }
        let fresh = secondReleaseSpeed(.none)
        let built = secondReleaseSpeed(FlingBoost())
        #expect(fresh > 0)
        #expect(built > fresh * 1.5)
        #expect(built <= FlingBoost().maximumSpeed)
    }
}
