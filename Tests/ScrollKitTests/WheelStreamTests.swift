import Foundation
import Motion
import Testing
@testable import ScrollKit

// MARK: - Classification (plain values)

@Suite("WheelStreamClassifier")
struct WheelStreamClassifierTests {
    typealias Kind = WheelStreamClassifier.Kind

    /// Classifies (dy, seconds since the previous event) pairs; the first event is at 0.
    func kinds(_ events: [(dy: Double, interval: Double)]) -> [WheelStreamClassifier.Classification] {
        var c = WheelStreamClassifier()
        var t = 10.0
        return events.map { e in
            t += e.interval
            return c.classify(dx: 0, dy: e.dy, time: t)
        }
    }

    @Test("a notched mouse is notches at any speed, a slow fractional device too, and fractions delivered at once",
          arguments: [(1.0, 0.010), (-1, 0.001), (2, 0.004), (-1, 0.2),         // notched wheel, fast and slow
                      (-0.125, 0.040), (0.3, 0.030), (-0.5, 0.025),           // slow hi-res wheel, slow fractions
                      (-0.5, 0)])                                             // a burst with one timestamp
    func notches(_ dy: Double, _ interval: Double) {
        let out = kinds(Array(repeating: (dy, interval), count: 12))
        #expect(out.allSatisfy { $0.kind == .notch && !$0.startsStream })
    }

    @Test("a trackpad (fractions 8–16 ms apart) is a stream from its second event; so is a hi-res wheel spun fast",
          arguments: [[-0.31, -0.42, -0.57, -0.66, -0.5, -0.2, -0.05], [-0.125, -0.125, -0.125, -0.125]])
    func streams(_ values: [Double]) {
        let intervals = [0.5, 0.008, 0.016, 0.012, 0.009, 0.016, 0.008]
        let out = kinds(values.enumerated().map { ($0.element, intervals[$0.offset]) })
        #expect(out[0].kind == .notch)
        #expect(out[1].kind == .continuous && out[1].startsStream)
        #expect(out.dropFirst(2).allSatisfy { $0.kind == .continuous && !$0.startsStream && $0.notchMultiplier == 1 })
    }

    @Test("hysteresis: a running stream keeps whole steps, zero steps and slower intervals below the end gap")
    func hysteresis() {
        let gap = WheelStreamClassifier.streamEndGap
        let out = kinds([(-0.4, 1), (-0.4, 0.010),                   // a stream starts
                         (-1, 0.010), (0, 0.010),                     // whole and zero steps: still the stream
                         (-0.4, gap - 0.001),                         // slower than the start rule, under the gap
                         (-0.4, gap + 1e-9),                          // the gap: it ended; a notch
                         (-1, 0.010), (-2, 0.010),                    // whole steps never start a stream
                         (-0.4, 0.010), (-0.4, 0.010)])               // fractional after a whole step: a notch first
        #expect(out.map(\.kind) == [.notch, .continuous, .continuous, .continuous, .continuous,
                                    .notch, .notch, .notch, .notch, .continuous])
        #expect(out.map(\.startsStream) == [false, true, false, false, false, false, false, false, false, true])
    }

    @Test("non-finite values are not fractions; non-finite and backward times count as no interval")
    func badInput() {
        var c = WheelStreamClassifier()
        #expect(c.classify(dx: .nan, dy: -0.5, time: 1).kind == .notch)
        #expect(c.classify(dx: 0, dy: -0.5, time: .nan).kind == .notch)          // interval 0: no rate
        #expect(c.classify(dx: 0, dy: -0.5, time: 1.01).kind == .continuous)     // 10 ms: a stream
        #expect(c.classify(dx: .infinity, dy: 0, time: 0.5).kind == .continuous)  // backward: interval 0, it holds
        #expect(c.classify(dx: 0, dy: -0.5, time: .nan).kind == .continuous)
        #expect(!WheelStreamClassifier.isFractional(.nan) && !WheelStreamClassifier.isFractional(-3))
        #expect(WheelStreamClassifier.isFractional(-2.5) && WheelStreamClassifier.isFractional(1.0 / 120))
    }

    /// The documented rule, written out: notch n of a quick series moves min(1 + max(0, n − 2) / 2, 4).
    static func documentedMultiplier(_ n: Int) -> Double { n <= 2 ? 1 : min(1 + Double(n - 2) * 0.5, 4) }

    @Test("quick notches accelerate from the fourth, half a step more each, up to 4; slow ones never",
          arguments: [0.001, 0.010, 0.049])
    func acceleration(_ interval: Double) {
        let out = kinds(Array(repeating: (-1.0, interval), count: 14))
        #expect(out.enumerated().allSatisfy { $0.element.notchMultiplier == Self.documentedMultiplier($0.offset) })
        #expect(out.last?.notchMultiplier == WheelStreamClassifier.maximumNotchMultiplier)
        #expect(out[2].notchMultiplier == 1 && out[3].notchMultiplier > 1)
    }

    @Test("slow notches, a reversal or a stream start counting again")
    func accelerationResets() {
        let slow = kinds(Array(repeating: (-1.0, WheelStreamClassifier.accelerationInterval), count: 10))
        #expect(slow.allSatisfy { $0.notchMultiplier == 1 })
        // Five quick notches down, then one up: the up is notch 0 of a new series.
        let reversed = kinds(Array(repeating: (-1.0, 0.01), count: 5) + [(1, 0.01), (1, 0.01), (1, 0.01), (1, 0.01)])
        #expect(reversed[4].notchMultiplier == Self.documentedMultiplier(4))
        #expect(reversed[5...].map(\.notchMultiplier) == (0..<4).map { Self.documentedMultiplier($0) })
        // A pause of the acceleration interval restarts the series.
        let paused = kinds(Array(repeating: (-1.0, 0.01), count: 6) + [(-1, WheelStreamClassifier.accelerationInterval), (-1, 0.01)])
        #expect(paused[6].notchMultiplier == 1 && paused[7].notchMultiplier == 1)
    }
}

// MARK: - Scroll views (virtual clock)

@MainActor
@Suite("Wheel streams and notches on scroll views")
struct WheelStreamViewTests {
    static let step = ScrollingView.lineStep

    func wheel(_ h: SVHarness, dx: Double = 0, dy: Double, at t: Double, location: Point = Point(x: 10, y: 10)) {
        h.view.handle(.wheel(dx: dx, dy: dy, location: location, time: t))
    }

    /// Sends `values` (dy steps) `interval` apart from `start`, stepping 60 Hz frames up to each event's
    /// time first, as a host does. After each event `check(k)` runs. Returns the last event's time.
    @discardableResult
    func stream(_ h: SVHarness, _ values: [Double], dx: Bool = false, interval: Double = 0.010, start: Double = 1,
                check: (Int) -> Void = { _ in }) -> Double {
        h.frames(from: start)
        var t = start
        for (k, v) in values.enumerated() {
            t = start + Double(k) * interval
            while h.now <= t { h.tick() }
            wheel(h, dx: dx ? v : 0, dy: dx ? 0 : v, at: t)
            check(k)
        }
        return t
    }

    @Test("a stream moves the content 1:1 (steps × wheelStep) from its second event, as a drag")
    func followsOneToOne() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        let values = [-0.25, -0.3, -0.7, -1.1, -0.45, 0.2, -0.6, -0.05]
        var before = 0.0
        stream(h, values) { k in
            if k == 0 { #expect(h.view.phase == .animating) }    // the first event glides: not a stream yet
            if k >= 2 {
                #expect(abs(h.view.contentOffset.y - (before - values[k] * Self.step)) < 1e-9)
                #expect(h.view.phase == .dragging && h.view.isAnimating)
            }
            before = h.view.contentOffset.y
        }
        #expect(h.recorder.willBegin == 1)
    }

    @Test("wheelStep scales streams and notches; bad values count as lineStep, 0 turns the wheel off",
          arguments: [(10.0, 10.0), (25, 25), (0, 0), (-5, 40), (.nan, 40), (.infinity, 40)])
    func wheelStepSetting(_ setting: Double, _ expected: Double) {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        h.view.wheelStep = setting
        wheel(h, dy: -2, at: 0)
        h.run()
        #expect(h.view.contentOffset.y == 1000 + 2 * expected)
        var before = 0.0
        stream(h, [-0.5, -0.5, -0.5, -0.5]) { k in
            if k >= 2 { #expect(abs(h.view.contentOffset.y - (before + 0.5 * expected)) < 1e-9) }
            before = h.view.contentOffset.y
        }
    }

    @Test("past an edge a stream is rubber-banded exactly as a drag, then springs back to the edge")
    func rubberBand() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 30), animated: false)
        let values = Array(repeating: 0.5, count: 14) + [0, 0, 0, 0, 0, 0]   // toward the start, then still
        var raw = 0.0
        var sawOverscroll = false
        let last = stream(h, values) { k in
            if k == 1 { raw = h.view.contentOffset.y }    // the stream's start: in range, raw = shown
            if k >= 2 {
                raw -= values[k] * Self.step
                let expected = raw < 0 ? svReferenceBand(raw, 480) : raw
                #expect(abs(h.view.contentOffset.y - expected) < 1e-6)
                if raw < 0 { sawOverscroll = true }
            }
        }
        #expect(sawOverscroll && h.view.contentOffset.y < 0)
        // Still for the last 50 ms of events: no fling; the release springs back to 0.
        while h.now < last + WheelStreamClassifier.streamEndGap { h.tick(); #expect(h.view.phase == .dragging) }
        h.tick()
        #expect(h.recorder.willEnd.last?.velocity.y == 0)
        #expect(h.view.phase == .bouncing)
        h.run()
        #expect(h.view.contentOffset.y == 0)
        #expect(h.recorder.didEndDecelerating == 1)
    }

    @Test("the stream's end flings at the stream's velocity, starting the end gap after the last event",
          arguments: [0.008, 0.010, 0.016])
    func flingAtEnd(_ interval: Double) throws {
        let h = SVHarness(content: Size(width: 320, height: 48_000))
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        let perEvent = -0.3                                  // 12 pt an event
        let speed = -perEvent * Self.step / interval         // pt/s
        let last = stream(h, Array(repeating: perEvent, count: 20), interval: interval)
        let end = last + WheelStreamClassifier.streamEndGap
        let held = h.view.contentOffset.y
        while h.now < end - 1e-9 {
            h.tick()
            #expect(h.view.phase == .dragging && h.view.contentOffset.y == held)
        }
        let tickTime = h.now
        h.tick()
        #expect(h.view.phase == .decelerating)
        let released = try #require(h.recorder.willEnd.last).velocity.y
        #expect(abs(released - speed) < 1e-6 * speed)
        let reference = DecaySimulation(position: held, velocity: speed, rate: h.view.decelerationRate)
        #expect(abs(h.view.contentOffset.y - reference.position(at: tickTime + 1.0 / 60 - end)) < 1e-6)
        h.run()
        #expect(abs(h.view.contentOffset.y - reference.restPosition) < 1e-6)
        #expect(h.recorder.didEndDragging == [true] && h.recorder.didEndDecelerating == 1)
    }

    @Test("a stream's fling past the end bounces back onto the edge")
    func flingBounces() {
        let h = SVHarness()
        let maxY = h.view.maxContentOffset.y
        h.view.setContentOffset(Point(x: 0, y: maxY - 300), animated: false)
        stream(h, Array(repeating: -0.5, count: 12), interval: 0.008)    // 2500 pt/s toward the end
        var phases: [ScrollingPhase] = []
        var furthest = 0.0
        while h.view.isAnimating {
            h.tick()
            phases.append(h.view.phase)
            furthest = max(furthest, h.view.contentOffset.y)
        }
        #expect(phases.contains(.decelerating) && phases.contains(.bouncing))
        #expect(furthest > maxY)
        #expect(h.view.contentOffset.y == maxY)
    }

    @Test("a press during a stream's fling stops it where it is; a press during the stream stops it without a fling")
    func pressStops() {
        let h = SVHarness(content: Size(width: 320, height: 48_000))
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        let last = stream(h, Array(repeating: -0.5, count: 12))
        while h.now < last + 0.2 { h.tick() }
        #expect(h.view.phase == .decelerating)
        let shown = h.view.contentOffset.y
        h.down(Point(x: 100, y: 100), h.now)
        #expect(h.view.phase == .tracking && h.view.contentOffset.y == shown)
        h.up(Point(x: 100, y: 100), h.now + 0.05)
        #expect(h.run().isEmpty && h.view.contentOffset.y == shown)

        let last2 = stream(h, Array(repeating: -0.5, count: 12), start: h.now + 1)
        let atPress = h.view.contentOffset.y
        h.down(Point(x: 100, y: 100), last2 + 0.005)
        h.up(Point(x: 100, y: 100), last2 + 0.02)
        h.run()
        #expect(h.view.contentOffset.y == atPress)
    }

    @Test("flings that build: a second fast swipe during the first one's fling adds the caught speed")
    func streamsBuild() throws {
        let h = SVHarness(content: Size(width: 320, height: 480_000))
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        let swipe = Array(repeating: -0.5, count: 12)          // 20 pt per 8 ms: 2500 pt/s
        let last = stream(h, swipe, interval: 0.008)
        while h.now < last + 0.15 { h.tick() }
        #expect(h.view.phase == .decelerating)
        let caught = h.view.velocity.y                          // the last frame's, as a press catches it
        #expect(caught >= ScrollingView.flingBoostMinimumSpeed)
        let t = h.now - 1.0 / 120                               // between frames, as events come
        wheel(h, dy: swipe[0], at: t)
        for k in 1..<swipe.count { wheel(h, dy: swipe[k], at: t + Double(k) * 0.008) }
        h.frames(from: t + Double(swipe.count - 1) * 0.008 + WheelStreamClassifier.streamEndGap)
        h.tick()
        let second = try #require(h.recorder.willEnd.last).velocity.y
        #expect(abs(second - min(caught + 2500, ScrollingView.flingBoostMaximumSpeed)) < 1e-6 * second)
        // A swipe after the fling ended starts fresh.
        h.run()
        let lone = stream(h, swipe, interval: 0.008, start: h.now + 1)
        h.frames(from: lone + WheelStreamClassifier.streamEndGap)
        h.tick()
        #expect(abs(try #require(h.recorder.willEnd.last).velocity.y - 2500) < 1e-6)
    }

    @Test("on a horizontal view a vertical stream scrolls horizontally (toward the user = right); dx as it is",
          arguments: [(false, -0.25, 10.0), (false, 0.25, -10), (true, 0.25, 10), (true, -0.5, -20)])
    func horizontal(_ useDX: Bool, _ value: Double, _ perEvent: Double) {
        let h = SVHarness(content: Size(width: 5000, height: 480), axis: .horizontal)
        h.view.setContentOffset(Point(x: 1000, y: 0), animated: false)
        var before = 0.0
        stream(h, Array(repeating: value, count: 6), dx: useDX) { k in
            if k >= 2 { #expect(abs(h.view.contentOffset.x - (before + perEvent)) < 1e-9) }
            before = h.view.contentOffset.x
        }
        #expect(h.view.contentOffset.y == 0 && h.view.phase == .dragging)
    }

    @Test("on a two-axis view a stream moves freely, or along one axis with the directional lock, as a drag",
          arguments: [false, true])
    func directionalLock(_ locked: Bool) {
        let h = SVHarness(content: Size(width: 5000, height: 5000), axis: .both)
        h.view.isDirectionalLockEnabled = locked
        h.view.setContentOffset(Point(x: 1000, y: 1000), animated: false)
        let dx = 0.1, dy = -0.5                       // 11° off vertical
        var before = Point.zero
        h.frames(from: 1)
        for k in 0..<8 {
            let t = 1 + Double(k) * 0.01
            while h.now <= t { h.tick() }
            wheel(h, dx: dx, dy: dy, at: t)
            if k >= 2 {
                #expect(abs(h.view.contentOffset.y - (before.y - dy * Self.step)) < 1e-9)
                #expect(abs(h.view.contentOffset.x - (before.x + (locked ? 0 : dx * Self.step))) < 1e-9)
            }
            before = h.view.contentOffset
        }
    }

    @Test("a shift-wheel (dx = −dy) notch and stream scroll a horizontal view the way a vertical turn does")
    func shiftWheel() {
        let a = SVHarness(content: Size(width: 5000, height: 480), axis: .horizontal)
        let b = SVHarness(content: Size(width: 5000, height: 480), axis: .horizontal)
        stream(a, Array(repeating: -0.4, count: 8))
        stream(b, Array(repeating: 0.4, count: 8), dx: true)          // the same turn with Shift held
        #expect(a.view.contentOffset.x > 0 && a.view.contentOffset == b.view.contentOffset)
        a.run(); b.run()
        #expect(a.view.contentOffset == b.view.contentOffset)
    }

    @Test("a stream stays with the view it started on until it ends; then the wheel goes where the pointer is")
    func latching() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 480))
        let left = ScrollingView(frame: Rect(x: 0, y: 0, width: 200, height: 480), contentSize: Size(width: 200, height: 4800))
        let right = ScrollingView(frame: Rect(x: 200, y: 0, width: 200, height: 480), contentSize: Size(width: 200, height: 4800))
        root.addSubview(left)
        root.addSubview(right)
        var t = 0.0, frame = 0
        func send(_ x: Double, _ dy: Double) {
            root.handle(.wheel(dx: 0, dy: dy, location: Point(x: x, y: 100), time: t))
            root.step(FrameTick(index: frame, timestamp: t, duration: 0.008))
            frame += 1
            t += 0.008
        }
        send(100, -0.5)
        send(100, -0.5)                         // the stream starts on the left
        for _ in 0..<10 { send(300, -0.5) }     // the pointer moved over the right one
        #expect(left.phase == .dragging && right.contentOffset.y == 0)
        let leftShown = left.contentOffset.y
        #expect(leftShown >= 10 * 0.5 * Self.step)
        t += WheelStreamClassifier.streamEndGap
        send(300, -1)                           // after the gap: a notch, under the pointer
        #expect(right.phase == .animating && left.phase != .dragging)
    }

    @Test("slow notches move exactly one wheelStep each; a quick series adds more and more to the glide")
    func notchAcceleration() {
        let slow = SVHarness(), fast = SVHarness(content: Size(width: 320, height: 48_000))
        for k in 0..<10 { wheel(slow, dy: -1, at: Double(k) * WheelStreamClassifier.accelerationInterval) }
        slow.frames(from: 0.5)
        slow.run()
        #expect(slow.view.contentOffset.y == 10 * Self.step)
        for k in 0..<10 { wheel(fast, dy: -1, at: Double(k) * 0.012) }
        fast.frames(from: 0.2)
        fast.run()
        let expected = (0..<10).reduce(0.0) { $0 + WheelStreamClassifierTests.documentedMultiplier($1) } * Self.step
        #expect(fast.view.contentOffset.y == expected)
        #expect(expected > 10 * Self.step)
    }
}
