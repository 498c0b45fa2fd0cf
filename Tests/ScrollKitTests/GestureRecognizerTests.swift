import Foundation
import Motion
import Testing
import ScrollKit

/// An app's own views with their own recognizers, through the public API only: they compete with the scroll
/// view around them in each pointer's arena.
@MainActor
@Suite("Gesture recognizers")
struct GestureRecognizerTests {
    /// A vertical scroll view (320 × 480 over 4800 pt of content) with a card at content y 100 ..< 200.
    @MainActor
    final class Scene {
        let scroll = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 4800))
        let card = ViewNode(frame: Rect(x: 0, y: 100, width: 320, height: 100))
        var frame = 0
        init() { scroll.addSubview(card) }
        func send(_ e: InputEvent) { scroll.handle(e) }
        func step(to t: Double) {
            while Double(frame) / 60 <= t {
                scroll.step(FrameTick(index: frame, timestamp: Double(frame) / 60, duration: 1.0 / 60))
                frame += 1
            }
        }
        /// A mouse drag from `a` by `d` over `n` moves 8 ms apart, starting at `t`; returns the up's time.
        @discardableResult
        func drag(from a: Point, by d: Point, steps n: Int = 10, at t: Double = 0) -> Double {
            send(.pointerDown(location: a, time: t))
            for k in 1...n {
                let f = Double(k) / Double(n)
                send(.pointerMove(location: Point(x: a.x + d.x * f, y: a.y + d.y * f), time: t + 0.008 * Double(k)))
            }
            let end = t + 0.008 * Double(n + 1)
            send(.pointerUp(location: Point(x: a.x + d.x, y: a.y + d.y), time: end))
            return end
        }
    }

    @Test("a horizontal pan on a card in a vertical scroll view: sideways it is the pan's, up and down it scrolls")
    func panCompetesWithScrolling() {
        let s = Scene()
        var states: [GestureRecognizer.State] = []
        var lastTranslation = Point.zero
        var releaseVelocity = Point.zero
        let pan = PanGestureRecognizer(axis: .horizontal) { r in
            let pan = r as! PanGestureRecognizer
            states.append(pan.state)
            lastTranslation = pan.translation
            releaseVelocity = pan.velocity
        }
        s.card.addGestureRecognizer(pan)
        // Sideways, 80 pt in 88 ms: the pan's; the scroll view does not move.
        let end = s.drag(from: Point(x: 100, y: 150), by: Point(x: 80, y: 4))
        s.step(to: end + 0.1)
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(abs(lastTranslation.x - 80) < 1e-9)
        #expect(releaseVelocity.x > 500)
        #expect(s.scroll.contentOffset.y == 0)
        #expect(s.scroll.phase == .idle)
        // Up: the scroll view's (60 pt under the pointer); the pan never begins.
        states.removeAll()
        let t = end + 1
        s.send(.pointerDown(location: Point(x: 100, y: 150), time: t))
        for k in 1...6 { s.send(.pointerMove(location: Point(x: 100, y: 150 - 10 * Double(k)), time: t + 0.008 * Double(k))) }
        #expect(abs(s.scroll.contentOffset.y - 60) < 1e-9)
        s.send(.pointerUp(location: Point(x: 100, y: 90), time: t + 0.06))
        #expect(states.isEmpty)
        #expect(pan.state == .possible)
    }

    @Test("a tap on a card inside a scroll view is the card's; a drag over it scrolls and taps nothing")
    func tapInsideAScrollView() {
        let s = Scene()
        var taps = 0
        s.card.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        s.send(.pointerDown(location: Point(x: 50, y: 150), time: 0))
        s.send(.pointerUp(location: Point(x: 52, y: 151), time: 0.05))
        #expect(taps == 1)
        s.drag(from: Point(x: 50, y: 150), by: Point(x: 0, y: -60), at: 1)
        #expect(taps == 1)
        #expect(s.scroll.contentOffset.y > 50)
    }

    @Test("a single tap that requires a double tap to fail waits for it; two quick taps are the double tap's")
    func singleWaitsForDouble() {
        let s = Scene()
        var log: [String] = []
        let double = TapGestureRecognizer(numberOfTaps: 2) { _ in log.append("double") }
        let single = TapGestureRecognizer { _ in log.append("single") }
        single.require(toFail: double)
        s.card.addGestureRecognizer(single)
        s.card.addGestureRecognizer(double)
        // Two taps 150 ms apart: the double tap.
        s.send(.pointerDown(location: Point(x: 50, y: 150), time: 0))
        s.send(.pointerUp(location: Point(x: 50, y: 150), time: 0.05))
        s.step(to: 0.1)
        #expect(log.isEmpty)
        s.send(.pointerDown(location: Point(x: 52, y: 151), time: 0.2))
        s.send(.pointerUp(location: Point(x: 52, y: 151), time: 0.25))
        #expect(log == ["double"])
        // One tap: the single tap, once the double tap's interval has passed (not before).
        s.send(.pointerDown(location: Point(x: 50, y: 150), time: 2))
        s.send(.pointerUp(location: Point(x: 50, y: 150), time: 2.05))
        s.step(to: 2.3)
        #expect(log == ["double"])
        s.step(to: 2.5)
        #expect(log == ["double", "single"])
    }

    @Test("a long press on a card begins when its time comes; a drag before it scrolls instead")
    func longPress() {
        let s = Scene()
        var states: [GestureRecognizer.State] = []
        s.card.addGestureRecognizer(LongPressGestureRecognizer(minimumDuration: 0.5) { r in states.append(r.state) })
        s.send(.pointerDown(location: Point(x: 50, y: 150), time: 0))
        s.step(to: 0.45)
        #expect(states.isEmpty)
        s.step(to: 0.55)
        #expect(states == [.began])
        // Moving now moves the long press, not the content.
        s.send(.pointerMove(location: Point(x: 50, y: 100), time: 0.6))
        s.send(.pointerUp(location: Point(x: 50, y: 100), time: 0.62))
        #expect(states == [.began, .changed, .ended])
        #expect(s.scroll.contentOffset.y == 0)
        states.removeAll()
        s.drag(from: Point(x: 50, y: 150), by: Point(x: 0, y: -60), at: 2)
        s.step(to: 3)
        #expect(states.isEmpty)
        #expect(s.scroll.contentOffset.y > 50)
    }

    @Test("a two-finger pinch on a card: its scale is the fingers' spread over the spread it began with")
    func pinch() {
        let s = Scene()
        var scale = 1.0
        var centroid = Point.zero
        let pinch = PinchGestureRecognizer { r in
            scale = (r as! PinchGestureRecognizer).scale
            centroid = r.centroid ?? .zero
        }
        s.card.addGestureRecognizer(pinch)
        s.send(.touchDown(device: 0, id: 1, location: Point(x: 100, y: 150), time: 0))
        s.send(.touchDown(device: 0, id: 2, location: Point(x: 200, y: 150), time: 0.01))
        for k in 1...5 {
            let d = 10 * Double(k)
            s.send(.touchMove(device: 0, id: 1, location: Point(x: 100 - d, y: 150), time: 0.01 + 0.008 * Double(k)))
            s.send(.touchMove(device: 0, id: 2, location: Point(x: 200 + d, y: 150), time: 0.01 + 0.008 * Double(k)))
        }
        // Spread 50 → 100: scale 2, about the card's point (150, 50).
        #expect(abs(scale - 2) < 1e-9)
        #expect(abs(centroid.x - 150) < 1e-9 && abs(centroid.y - 50) < 1e-9)
        #expect(s.scroll.contentOffset.y == 0)
        s.send(.touchUp(device: 0, id: 1, location: Point(x: 50, y: 150), time: 0.1))
        s.send(.touchUp(device: 0, id: 2, location: Point(x: 250, y: 150), time: 0.1))
        #expect(pinch.state == .possible)
    }

    @Test("an edge pan starts only at its edge and only away from it")
    func edgePan() {
        let s = Scene()
        var began = 0
        s.card.addGestureRecognizer(EdgePanGestureRecognizer(edge: .leading) { r in if r.state == .began { began += 1 } })
        s.drag(from: Point(x: 100, y: 150), by: Point(x: 80, y: 0))        // not at the edge
        s.drag(from: Point(x: 5, y: 150), by: Point(x: -30, y: 0), at: 1)  // towards the edge
        #expect(began == 0)
        s.drag(from: Point(x: 5, y: 150), by: Point(x: 80, y: 0), at: 2)
        #expect(began == 1)
    }
}
