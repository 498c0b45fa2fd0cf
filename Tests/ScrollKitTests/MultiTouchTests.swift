import Foundation
import Motion
import Testing
@testable import ScrollKit

/// Several fingers drive one pointer at their centroid (`TouchTracker`, run by every tree's router).
@MainActor
@Suite("Multi-touch")
struct MultiTouchTests {

    func touchDown(_ h: SVHarness, _ id: Int, _ p: Point, _ t: Double, device: Int = 0) {
        h.view.handle(.touchDown(device: device, id: id, location: p, time: t))
    }
    func touchMove(_ h: SVHarness, _ id: Int, _ p: Point, _ t: Double, device: Int = 0) {
        h.view.handle(.touchMove(device: device, id: id, location: p, time: t))
    }
    func touchUp(_ h: SVHarness, _ id: Int, _ p: Point, _ t: Double, device: Int = 0) {
        h.view.handle(.touchUp(device: device, id: id, location: p, time: t))
    }

    /// A frame at `t`: a touch drag shows the finger resampled 10 ms back (`touchResampleLatency`), so a
    /// frame 11 ms after the last sample shows that sample exactly.
    func frame(_ h: SVHarness, _ t: Double) {
        h.view.step(FrameTick(index: h.frame, timestamp: t, duration: 1.0 / 60))
        h.frame += 1
    }

    func harness() -> SVHarness {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        h.view.setContentOffset(Point(x: 0, y: 50_000), animated: false)
        return h
    }

    // MARK: The tracker alone

    @Test("the pointer starts at the first finger and moves by the centroid's travel")
    func trackerCentroid() {
        var t = TouchTracker()
        #expect(t.pointerEvent(for: .touchDown(device: 0, id: 1, location: Point(x: 100, y: 300), time: 0))
                == .pointerDown(location: Point(x: 100, y: 300), time: 0))
        #expect(t.pointerEvent(for: .touchDown(device: 0, id: 2, location: Point(x: 200, y: 400), time: 0.01)) == nil)
        #expect(t.fingerCount == 2)
        #expect(t.pointerLocation == Point(x: 100, y: 300))
        // One finger moves 40 pt: the centroid moves 20.
        #expect(t.pointerEvent(for: .touchMove(device: 0, id: 2, location: Point(x: 200, y: 360), time: 0.02))
                == .pointerMove(location: Point(x: 100, y: 280), time: 0.02))
        // The other follows: together they moved 40, and so has the pointer (not 80).
        #expect(t.pointerEvent(for: .touchMove(device: 0, id: 1, location: Point(x: 100, y: 260), time: 0.02))
                == .pointerMove(location: Point(x: 100, y: 260), time: 0.02))
        // A finger lifts: no event, the pointer stays; the last one's up is the pointer's up.
        #expect(t.pointerEvent(for: .touchUp(device: 0, id: 1, location: Point(x: 100, y: 260), time: 0.03)) == nil)
        #expect(t.pointerLocation == Point(x: 100, y: 260))
        #expect(t.pointerEvent(for: .touchMove(device: 0, id: 2, location: Point(x: 200, y: 330), time: 0.04))
                == .pointerMove(location: Point(x: 100, y: 230), time: 0.04))
        #expect(t.pointerEvent(for: .touchUp(device: 0, id: 2, location: Point(x: 200, y: 330), time: 0.05))
                == .pointerUp(location: Point(x: 100, y: 230), time: 0.05))
        #expect(t.fingerCount == 0 && t.device == nil && t.pointerLocation == nil)
    }

    @Test("mouse and touch do not mix; other events pass through; bad locations are ignored")
    func trackerMouse() {
        var t = TouchTracker()
        let wheel = InputEvent.wheel(dx: 0, dy: 1, location: .zero, time: 0)
        #expect(t.pointerEvent(for: wheel) == wheel)
        // A finger while the mouse button is held: ignored, and so are its move and up.
        #expect(t.pointerEvent(for: .pointerDown(location: Point(x: 1, y: 1), time: 0)) == .pointerDown(location: Point(x: 1, y: 1), time: 0))
        #expect(t.pointerEvent(for: .touchDown(device: 0, id: 1, location: Point(x: 5, y: 5), time: 0.01)) == nil)
        #expect(t.pointerEvent(for: .touchMove(device: 0, id: 1, location: Point(x: 5, y: 9), time: 0.02)) == nil)
        #expect(t.pointerEvent(for: .pointerUp(location: Point(x: 1, y: 1), time: 0.03)) == .pointerUp(location: Point(x: 1, y: 1), time: 0.03))
        // Mouse events while a finger is down: dropped; a pointer-up ends the touch where its pointer is.
        #expect(t.pointerEvent(for: .touchDown(device: 0, id: 1, location: Point(x: .nan, y: 5), time: 0.04)) == nil)
        #expect(t.pointerEvent(for: .touchDown(device: 0, id: 1, location: Point(x: 5, y: 5), time: 0.04)) != nil)
        #expect(t.pointerEvent(for: .pointerDown(location: Point(x: 50, y: 50), time: 0.05)) == nil)
        #expect(t.pointerEvent(for: .pointerMove(location: Point(x: 50, y: 60), time: 0.06)) == nil)
        #expect(t.pointerEvent(for: .touchMove(device: 0, id: 1, location: Point(x: 5, y: .infinity), time: 0.06)) == nil)
        #expect(t.pointerEvent(for: .pointerUp(location: Point(x: 50, y: 60), time: 0.07)) == .pointerUp(location: Point(x: 5, y: 5), time: 0.07))
        #expect(t.fingerCount == 0)
        // A last up at a bad location lifts where the finger was.
        _ = t.pointerEvent(for: .touchDown(device: 2, id: 9, location: Point(x: 7, y: 8), time: 1))
        #expect(t.pointerEvent(for: .touchUp(device: 2, id: 9, location: Point(x: .nan, y: 0), time: 1.1)) == .pointerUp(location: Point(x: 7, y: 8), time: 1.1))
    }

    // MARK: Through a scroll view

    @Test("two fingers panning together move the content by the centroid's travel, not twice it")
    func twoFingerPan() {
        let h = harness()
        touchDown(h, 1, Point(x: 100, y: 300), 0)
        touchDown(h, 2, Point(x: 220, y: 320), 0.004)
        for k in 1...10 {
            let t = 0.004 + Double(k) * 0.008
            touchMove(h, 1, Point(x: 100, y: 300 - 12 * Double(k)), t)
            touchMove(h, 2, Point(x: 220, y: 320 - 12 * Double(k)), t)
        }
        #expect(h.view.phase == .dragging)
        frame(h, 0.095)
        #expect(abs(h.view.contentOffset.y - (50_000 + 120)) < 1e-9)
        // Spread apart symmetrically (a pinch): the centroid stays, so does the content.
        touchMove(h, 1, Point(x: 100, y: 150), 0.1)
        touchMove(h, 2, Point(x: 220, y: 230), 0.1)
        frame(h, 0.111)
        #expect(abs(h.view.contentOffset.y - (50_000 + 120)) < 1e-9)
    }

    @Test("a finger lifting or joining hands the drag over with no jump",
          arguments: [1, 2])
    func handOver(lifting: Int) {
        let h = harness()
        touchDown(h, 1, Point(x: 100, y: 300), 0)
        touchDown(h, 2, Point(x: 200, y: 500), 0.004)
        for k in 1...5 {
            let t = 0.004 + Double(k) * 0.008
            touchMove(h, 1, Point(x: 100, y: 300 - 10 * Double(k)), t)
            touchMove(h, 2, Point(x: 200, y: 500 - 10 * Double(k)), t)
        }
        frame(h, 0.055)
        let before = h.view.contentOffset.y
        #expect(abs(before - 50_050) < 1e-9)
        // One finger lifts (its up 12 ms after its last move, where it was): the content stays.
        let staying = 3 - lifting
        touchUp(h, lifting, lifting == 1 ? Point(x: 100, y: 250) : Point(x: 200, y: 450), 0.056)
        frame(h, 0.06)
        #expect(h.view.contentOffset.y == before)
        #expect(h.view.phase == .dragging)
        // The other carries on 1:1 from there.
        let y0 = staying == 1 ? 250.0 : 450.0
        let x0 = staying == 1 ? 100.0 : 200.0
        touchMove(h, staying, Point(x: x0, y: y0 - 30), 0.064)
        frame(h, 0.075)
        #expect(abs(h.view.contentOffset.y - (before + 30)) < 1e-9)
        // A new finger joins far away: no jump either; the two then move by their centroid.
        touchDown(h, 3, Point(x: 300, y: 100), 0.0752)
        frame(h, 0.0755)
        #expect(abs(h.view.contentOffset.y - (before + 30)) < 1e-9)
        touchMove(h, 3, Point(x: 300, y: 60), 0.078)          // centroid: 20 pt up
        frame(h, 0.09)
        #expect(abs(h.view.contentOffset.y - (before + 50)) < 1e-9)
    }

    @Test("the release velocity is the centroid's: fingers at 1000 and 2000 pt/s fling at 1500")
    func releaseVelocityFromTheCentroid() throws {
        let h = harness()
        touchDown(h, 1, Point(x: 100, y: 400), 0)
        touchDown(h, 2, Point(x: 200, y: 400), 0)
        var last = 0.0
        for k in 1...12 {
            last = Double(k) * 0.008
            touchMove(h, 1, Point(x: 100, y: 400 - 1000 * last), last)
            touchMove(h, 2, Point(x: 200, y: 400 - 2000 * last), last)
        }
        // The ups come later, where the fingers were; the first lifts without releasing.
        touchUp(h, 1, Point(x: 100, y: 400 - 1000 * last), last + 0.010)
        #expect(h.recorder.willEnd.isEmpty)
        touchUp(h, 2, Point(x: 200, y: 400 - 2000 * last), last + 0.016)
        let release = try #require(h.recorder.willEnd.first)
        #expect(abs(release.velocity.y - 1500) <= 1e-6 * 1500, "\(release.velocity.y)")
        #expect(abs(h.view.contentOffset.y - (50_000 + 1500 * last)) < 1e-9)
        #expect(h.view.phase == .decelerating)
    }

    @Test("a second touchscreen does not mix its fingers with the first")
    func secondDevice() {
        let h = harness()
        touchDown(h, 1, Point(x: 100, y: 300), 0, device: 0)
        touchDown(h, 1, Point(x: 200, y: 300), 0.004, device: 7)     // same id, other device: ignored
        for k in 1...5 {
            let t = Double(k) * 0.008
            touchMove(h, 1, Point(x: 100, y: 300 - 10 * Double(k)), t, device: 0)
            touchMove(h, 1, Point(x: 200, y: 300 - 100 * Double(k)), t, device: 7)
        }
        frame(h, 0.051)
        #expect(abs(h.view.contentOffset.y - 50_050) < 1e-9)
        touchUp(h, 1, Point(x: 200, y: 0), 0.05, device: 7)
        #expect(h.view.phase == .dragging)
        touchUp(h, 1, Point(x: 100, y: 250), 0.05, device: 0)
        #expect(h.recorder.didEndDragging.count == 1)
        // Once the first screen is clear, the other may start a gesture of its own.
        touchDown(h, 4, Point(x: 150, y: 300), 2, device: 7)
        touchMove(h, 4, Point(x: 150, y: 280), 2.01, device: 7)
        #expect(h.view.phase == .dragging)
        #expect(h.recorder.willBegin == 2)
    }

    @Test("a finger tap is a tap; the mouse waits while a finger is down")
    func tapAndMouse() {
        let h = harness()
        touchDown(h, 5, Point(x: 100, y: 300), 0)
        h.move(Point(x: 100, y: 100), 0.01)                          // a mouse move: ignored
        #expect(h.view.phase == .tracking)
        touchUp(h, 5, Point(x: 101, y: 301), 0.08)
        #expect(h.recorder.taps == [Point(x: 101, y: 301)])
        #expect(h.view.contentOffset.y == 50_000)
    }
}
