import Foundation
import Motion
import Testing
@testable import ScrollKit

@MainActor
@Suite("ScrollingView timed scrolling")
struct ScrollViewAnimationTests {

    @Test("each frame shows the TimedSimulation at its targetTimestamp; the clock starts at the handling frame")
    func framesSampleTheSimulation() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 300), animated: false)
        h.frames(from: 2.5)
        var results: [Bool] = []
        h.view.setContentOffset(Point(x: 0, y: 2300), duration: 0.5, curve: .smoothstep) { results.append($0) }
        #expect(h.view.isAnimating)
        #expect(h.view.contentOffset.y == 300)                 // nothing moves before the next frame
        let reference = TimedSimulation(from: 300, to: 2300, duration: 0.5, curve: .smoothstep)
        var k = 0
        while h.view.isAnimating {
            h.tick()
            k += 1
            let shown = Double(k) / 60                          // targetTimestamp − start timestamp
            let expected = reference.position(at: shown)
            #expect(abs(h.view.contentOffset.y - expected) < 1e-9)
            #expect(h.view.phase == (h.view.isAnimating ? .animating : .idle))
        }
        #expect(k == 30)                                       // target of frame 29 is exactly 0.5 s
        #expect(h.view.contentOffset.y == 2300)                // the last frame: exactly the destination
        #expect(results == [true])
        #expect(h.recorder.didEndAnimation == 1)
    }

    @Test("30, 60 and 120 Hz show the same positions at the same times")
    func frameRateIndependence() {
        func positions(_ hz: Double) -> [Double: Double] {
            let h = SVHarness(hz: hz)
            h.view.scrollToEnd(duration: 2, curve: .easeInOutCubic)
            var out: [Double: Double] = [:]
            while h.view.isAnimating {
                let target = (h.now + 1 / hz)
                h.tick()
                out[(target * 1000).rounded()] = h.view.contentOffset.y
            }
            return out
        }
        let p30 = positions(30), p60 = positions(60), p120 = positions(120)
        #expect(p30.count == 60 && p60.count == 120 && p120.count == 240)
        for (ms, y) in p30 {
            #expect(abs((p60[ms] ?? .nan) - y) < 1e-9)
            #expect(abs((p120[ms] ?? .nan) - y) < 1e-9)
        }
        #expect(p30[2000] == 4320 && p60[2000] == 4320 && p120[2000] == 4320)
    }

    @Test("destinations are clamped to the scrollable range", arguments: [(-500.0, 0.0), (1e7, 4320.0), (100, 100)])
    func clampedDestination(_ asked: Double, _ reached: Double) {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 900, y: asked), duration: 0.25, curve: .linear)
        let frames = h.run()
        #expect(h.view.contentOffset == Point(x: 0, y: reached))
        #expect(frames.allSatisfy { $0.offset.y >= 0 && $0.offset.y <= 4320 })
    }

    enum Path: String, CaseIterable, Sendable {
        case end, interruptedByPointer, replaced, replacedBeforeStart, zeroDuration, negativeDuration,
             nanDuration, stopMotion, setWithoutAnimation, wheel, pointerDownBeforeStart, axisChange
    }

    @Test("the completion fires exactly once in every path", arguments: Path.allCases)
    func completionOnce(_ path: Path) {
        let h = SVHarness()
        var first: [Bool] = []
        var second: [Bool] = []
        let duration: Double = switch path {
        case .zeroDuration: 0
        case .negativeDuration: -1
        case .nanDuration: .nan
        default: 0.5
        }
        h.view.setContentOffset(Point(x: 0, y: 1000), duration: duration, curve: .linear) { first.append($0) }
        switch path {
        case .end:
            break
        case .interruptedByPointer:
            for _ in 0..<5 { h.tick() }
            let shown = h.view.contentOffset
            h.down(Point(x: 10, y: 10), h.now)
            #expect(first == [false])
            #expect(h.view.contentOffset == shown)              // no jump
            h.up(Point(x: 10, y: 10), h.now + 0.05)
            #expect(h.recorder.taps.isEmpty)                    // not a tap
        case .replaced:
            for _ in 0..<5 { h.tick() }
            let shown = h.view.contentOffset.y
            h.view.setContentOffset(Point(x: 0, y: 200), duration: 0.3, curve: .easeInOutCubic) { second.append($0) }
            #expect(first == [false])
            // The replacement starts from where the content is, with its own curve.
            let reference = TimedSimulation(from: shown, to: 200, duration: 0.3, curve: .easeInOutCubic)
            h.tick()
            #expect(abs(h.view.contentOffset.y - reference.position(at: 1.0 / 60)) < 1e-9)
        case .replacedBeforeStart:
            h.view.scrollToEnd(duration: 0.3, curve: .linear) { second.append($0) }
            #expect(first == [false])
        case .zeroDuration, .negativeDuration, .nanDuration:
            #expect(h.view.contentOffset.y == 0)
            h.tick()                                            // handled, jumped and completed in one step
            #expect(h.view.contentOffset.y == 1000)
            #expect(first == [true])
            #expect(!h.view.isAnimating)
        case .stopMotion:
            for _ in 0..<5 { h.tick() }
            h.view.stopMotion()
        case .setWithoutAnimation:
            for _ in 0..<5 { h.tick() }
            h.view.setContentOffset(Point(x: 0, y: 10), animated: false)
            #expect(h.view.contentOffset.y == 10)
        case .wheel:
            for _ in 0..<5 { h.tick() }
            h.view.handle(.wheel(dx: 0, dy: -1, location: .zero, time: h.now))
        case .pointerDownBeforeStart:
            h.down(Point(x: 10, y: 10), 0)
            h.tick()
            h.up(Point(x: 10, y: 10), 0.1)
        case .axisChange:
            for _ in 0..<5 { h.tick() }
            h.view.axis = .both
        }
        h.run()
        h.run()
        let expectedFirst = path == .end || path == .zeroDuration || path == .negativeDuration || path == .nanDuration
        #expect(first == [expectedFirst])
        if path == .replaced || path == .replacedBeforeStart {
            #expect(second == [true])
        }
        #expect(!h.view.isAnimating)
        #expect(h.view.phase == .idle)
        if path == .end {
            #expect(h.recorder.didEndAnimation == 1)
        }
    }

    @Test("a completion may start the next animation")
    func chaining() {
        let h = SVHarness()
        var log: [String] = []
        h.view.setContentOffset(Point(x: 0, y: 500), duration: 0.2, curve: .linear) { finished in
            log.append("a\(finished)")
            h.view.setContentOffset(Point(x: 0, y: 100), duration: 0.2, curve: .linear) { log.append("b\($0)") }
        }
        h.run()
        #expect(log == ["atrue", "btrue"])
        #expect(h.view.contentOffset.y == 100)
    }

    @Test("setContentOffset(animated: true) uses the documented default duration")
    func animatedDefault() {
        let h = SVHarness()
        h.view.setContentOffset(Point(x: 0, y: 800), animated: true)
        let frames = h.run()
        #expect(frames.count == 18)                      // 0.3 s at 60 Hz
        #expect(h.view.contentOffset.y == 800)
        let reference = TimedSimulation(from: 0, to: 800, duration: 0.3, curve: ScrollingView.defaultAnimationCurve)
        #expect(abs(frames[5].offset.y - reference.position(at: 6.0 / 60)) < 1e-9)
    }

    @Test("scrollToEnd follows the end when the content grows or shrinks mid-animation", arguments: [9000.0, 2000])
    func scrollToEndFollowsContent(_ newHeight: Double) {
        let h = SVHarness()
        var results: [Bool] = []
        h.view.scrollToEnd(duration: 1, curve: .smoothstep) { results.append($0) }
        for _ in 0..<30 { h.tick() }
        let shown = h.view.contentOffset.y
        h.view.contentSize = Size(width: 320, height: newHeight)
        #expect(h.view.contentOffset.y == shown)               // retargeted, not jumped
        let frames = h.run()
        #expect(h.view.contentOffset.y == newHeight - 480)
        #expect(results == [true])
        #expect(frames.count == 30)                             // the remaining half second
    }

    @Test("a timed scroll requested while a pointer is down does not start")
    func requestDuringDrag() {
        let h = SVHarness()
        h.down(Point(x: 10, y: 300), 0)
        h.move(Point(x: 10, y: 250), 0.016)
        var results: [Bool] = []
        h.view.setContentOffset(Point(x: 0, y: 2000), duration: 0.3, curve: .linear) { results.append($0) }
        h.tick()
        #expect(results == [false])
        #expect(h.view.contentOffset.y == 50)
        #expect(h.view.phase == .dragging)
    }

    @Test("setContentOffset(animated: false) during a drag moves the content and the drag continues from there")
    func setDuringDrag() {
        let h = SVHarness()
        h.down(Point(x: 10, y: 300), 0)
        h.move(Point(x: 10, y: 250), 0.016)
        h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
        #expect(h.view.contentOffset.y == 1000)
        h.move(Point(x: 10, y: 240), 0.032)
        #expect(h.view.contentOffset.y == 1010)
    }
}
