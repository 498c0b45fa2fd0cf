import Foundation
import Motion
import Testing
@testable import ScrollKit

@MainActor
@Suite("ScrollingView wheel and keys")
struct ScrollViewInputTests {

    func wheel(_ h: SVHarness, dy: Double, dx: Double = 0, at t: Double) {
        h.view.handle(.wheel(dx: dx, dy: dy, location: Point(x: 10, y: 10), time: t))
    }

    @Test("one wheel step glides 40 pt with an ease-out in about 120 ms")
    func oneStep() {
        let h = SVHarness()
        wheel(h, dy: -1, at: 0)
        #expect(h.view.phase == .animating)
        let reference = GlideSimulation(from: 0, velocity: 0, to: 40, duration: 0.12, continuing: false)
        let frames = h.run()
        for (k, f) in frames.enumerated() {
            #expect(abs(f.offset.y - reference.position(at: Double(k + 1) / 60)) < 1e-9)
        }
        #expect(frames.count == 8)                               // 7.2 frames of 60 Hz
        #expect(frames[0].offset.y > 40.0 / 0.12 / 60 * 1.5)     // ease-out: well ahead of linear at first
        #expect(h.view.contentOffset.y == ScrollingView.lineStep)
        #expect(h.recorder.didEndAnimation == 1)
        #expect(h.view.phase == .idle)
    }

    @Test("wheel direction, fractions and the horizontal mapping",
          arguments: [(ScrollAxis.vertical, 0.0, -0.25, Point(x: 0, y: 1010)),
                      (.vertical, 0, 2, Point(x: 0, y: 920)),
                      (.vertical, 3, 0, Point(x: 0, y: 1000)),
                      (.horizontal, 0, -1, Point(x: 1040, y: 0)),
                      (.horizontal, -0.5, 0, Point(x: 980, y: 0)),
                      (.both, 1, -1.5, Point(x: 1040, y: 1060))])
    func directions(_ axis: ScrollAxis, _ dx: Double, _ dy: Double, _ expected: Point) {
        let h = SVHarness(content: Size(width: 5000, height: 5000), axis: axis)
        let start = Point(x: axis == .vertical ? 0 : 1000, y: axis == .horizontal ? 0 : 1000)
        h.view.setContentOffset(start, animated: false)
        wheel(h, dy: dy, dx: dx, at: 0)
        h.run()
        #expect(h.view.contentOffset == expected)
    }

    @Test("a step mid-glide retargets with continuous velocity and accumulates the destination")
    func retargetContinuity() {
        let h = SVHarness(hz: 1000)
        wheel(h, dy: -1, at: 0)
        for _ in 0..<50 { h.tick() }
        let before = h.view.velocity.y
        #expect(before > 100)
        wheel(h, dy: -1, at: h.now)
        h.tick()
        let after = h.view.velocity.y
        #expect(abs(after - before) < 0.05 * before)
        // A restart from rest would have jumped to the ease-out kick instead.
        let kick = 2 * (80 - 0) / 0.12
        #expect(abs(after - kick) > 0.3 * kick)
        var largest = 0.0
        var previous = after
        let frames = h.run()
        for f in frames.dropLast() {
            largest = max(largest, abs(f.velocity.y - previous))
            previous = f.velocity.y
        }
        #expect(largest < 0.05 * before)
        #expect(h.view.contentOffset.y == 80)
        #expect(h.recorder.didEndAnimation == 1)
    }

    @Test("a burst of steps in one frame glides like one bigger step")
    func burst() {
        let a = SVHarness(), b = SVHarness()
        for _ in 0..<3 { wheel(a, dy: -1, at: 0) }
        wheel(b, dy: -3, at: 0)
        let fa = a.run(), fb = b.run()
        #expect(fa.map(\.offset) == fb.map(\.offset))
        #expect(a.view.contentOffset.y == 120)
    }

    @Test("the wheel stops at the ends")
    func wheelClamps() {
        let h = SVHarness()
        wheel(h, dy: 3, at: 0)                                   // toward the start, already there
        #expect(!h.view.isAnimating)
        h.view.setContentOffset(Point(x: 0, y: 4300), animated: false)
        wheel(h, dy: -5, at: 0)
        let frames = h.run()
        #expect(frames.allSatisfy { $0.offset.y <= 4320 })
        #expect(h.view.contentOffset.y == 4320)
    }

    @Test("a wheel turn during a fling stops the fling and glides from where it is")
    func wheelDuringFling() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.fling(speed: -2000)
        for _ in 0..<5 { h.tick() }
        let shown = h.view.contentOffset.y
        wheel(h, dy: 1, at: h.now)
        #expect(h.view.phase == .animating)
        h.run()
        #expect(h.view.contentOffset.y == shown - 40)
        #expect(h.recorder.didEndDecelerating == 0)
    }

    @Test("with snapping each wheel step moves one snap position; a burst moves several; fractions accumulate")
    func wheelSnapping() {
        let h = SVHarness()
        let grid = SVGridSnapping(spacing: 100)
        h.snapper = grid
        wheel(h, dy: -1, at: 0)
        h.run()
        #expect(h.view.contentOffset.y == 100)
        for _ in 0..<3 { wheel(h, dy: -1, at: h.now) }
        h.run()
        #expect(h.view.contentOffset.y == 400)
        wheel(h, dy: -0.5, at: h.now)
        #expect(!h.view.isAnimating)
        wheel(h, dy: -0.5, at: h.now)
        h.run()
        #expect(h.view.contentOffset.y == 500)
        wheel(h, dy: 2, at: h.now)
        h.run()
        #expect(h.view.contentOffset.y == 300)
        // Steps arriving mid-glide count from the glide's destination.
        wheel(h, dy: -1, at: h.now)
        h.tick()
        wheel(h, dy: -1, at: h.now)
        h.run()
        #expect(h.view.contentOffset.y == 500)
    }

    @Test("keys move by a line, a page less the overlap, or to the ends, all animated",
          arguments: [(Key.down, 1000.0, 1040.0), (.up, 1000, 960), (.pageDown, 1000, 1440), (.space, 1000, 1440),
                      (.pageUp, 1000, 560), (.home, 1000, 0), (.end, 1000, 4320), (.left, 1000, 1000),
                      (.pageUp, 100, 0), (.down, 4320, 4320)])
    func keys(_ key: Key, _ start: Double, _ expected: Double) {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: start), animated: false)
        h.view.handle(.key(key, time: 0))
        #expect(h.view.isAnimating == (expected != start))
        let frames = h.run()
        if expected != start {
            #expect(frames.count > 1)
            #expect(frames[0].offset.y != expected)
        }
        #expect(h.view.contentOffset.y == expected)
    }

    @Test("arrow keys on a horizontal view; repeated keys accumulate")
    func horizontalKeys() {
        let h = SVHarness(content: Size(width: 3000, height: 480), axis: .horizontal)
        h.view.handle(.key(.right, time: 0))
        h.tick()
        h.view.handle(.key(.right, time: h.now))
        h.tick()
        h.view.handle(.key(.down, time: h.now))                  // not an axis of this view
        h.view.handle(.key(.right, time: h.now))
        h.run()
        #expect(h.view.contentOffset == Point(x: 120, y: 0))
        h.view.handle(.key(.pageDown, time: h.now))
        h.run()
        #expect(h.view.contentOffset.x == 120 + 320 - 40)
    }

    @Test("keys with snapping go to snap positions")
    func keySnapping() {
        let h = SVHarness()
        h.snapper = SVGridSnapping(spacing: 100)
        h.view.handle(.key(.down, time: 0))
        h.run()
        #expect(h.view.contentOffset.y == 100)
        h.view.handle(.key(.pageDown, time: h.now))          // 100 + 440 → nearest 500
        h.run()
        #expect(h.view.contentOffset.y == 500)
        h.view.handle(.key(.up, time: h.now))
        h.run()
        #expect(h.view.contentOffset.y == 400)
    }

    @Test("keys and wheel are ignored while a pointer is down")
    func ignoredWhileDragging() {
        let h = SVHarness()
        h.down(Point(x: 10, y: 300), 0)
        h.view.handle(.key(.end, time: 0.01))
        wheel(h, dy: -3, at: 0.02)
        #expect(!h.view.isAnimating)
        #expect(h.view.phase == .tracking)
    }

    @Test("the glide curve: exact ends, monotonic, no overshoot when the velocity is high")
    func glideCurve() {
        let g = GlideSimulation(from: 10, velocity: 5000, to: 50, duration: 0.12, continuing: true)
        #expect(g.duration < 0.12)                              // shortened to stay monotonic
        #expect(g.velocity(at: 0) == 5000)
        var previous = 10.0
        for i in 0...200 {
            let x = g.position(at: Double(i) * 0.001)
            #expect(x >= previous - 1e-12 && x <= 50 + 1e-12)
            previous = x
        }
        #expect(g.position(at: g.duration) == 50 && g.velocity(at: g.duration) == 0 && g.isDone(at: g.duration))
        let reverse = GlideSimulation(from: 0, velocity: -300, to: 40, duration: 0.12, continuing: true)
        #expect(reverse.velocity(at: 0) == 2 * 40 / 0.12)       // a reversal starts with the ease-out kick
        let bad = GlideSimulation(from: .nan, velocity: .infinity, to: 5, duration: .nan, continuing: true)
        #expect(bad.position(at: 0) == 5 && bad.isDone(at: 0))
        let g2 = GlideSimulation(from: 0, velocity: 0, to: 40, duration: 0.12, continuing: false)
        #expect(g2.position(at: .nan) == 0 && g2.position(at: -1) == 0 && !g2.isDone(at: .nan))
    }
}
