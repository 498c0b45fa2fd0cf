import Foundation
import Motion
import Testing
@testable import ScrollKit

/// Per-pointer input: every finger is its own pointer with its own arena; fingers on one scroll view move it
/// together (by their centroid), fingers on two scroll views move each its own.
@MainActor
@Suite("Per-pointer input")
struct PerPointerTests {
    @Test("two fingers on two carousels scroll both at once, each by its own finger's travel")
    func twoCarouselsAtOnce() {
        let home = HomeScreen(cards: [12, 12, 12])
        let t0 = home.now
        // Shelf 0's carousel: window y 90 ..< 250; shelf 1's: 290 ..< 450.
        let a = Point(x: 300, y: 170), b = Point(x: 300, y: 370)
        home.send(.touchDown(device: 0, id: 1, location: a, time: t0))
        home.send(.touchDown(device: 0, id: 2, location: b, time: t0 + 0.004))
        var last = t0
        for k in 1...10 {
            last = t0 + 0.004 + 0.008 * Double(k)
            home.send(.touchMove(device: 0, id: 1, location: Point(x: a.x - 8 * Double(k), y: a.y + 1), time: last))
            home.send(.touchMove(device: 0, id: 2, location: Point(x: b.x - 15 * Double(k), y: b.y - 1), time: last))
        }
        // Held still: the resampled drags reach the fingers' last points.
        home.run(until: last + 0.05)
        #expect(abs(home.carouselOffset(0) - 80) < 1e-9, "\(home.carouselOffset(0))")
        #expect(abs(home.carouselOffset(1) - 150) < 1e-9, "\(home.carouselOffset(1))")
        #expect(home.listOffset == 0)
        #expect(home.carousels[0].scrollView.phase == .dragging && home.carousels[1].scrollView.phase == .dragging)
        // One lifts; the other still drags its own carousel on.
        home.send(.touchUp(device: 0, id: 1, location: Point(x: a.x - 80, y: a.y + 1), time: home.now))
        let t1 = home.now
        home.send(.touchMove(device: 0, id: 2, location: Point(x: b.x - 170, y: b.y - 1), time: t1 + 0.008))
        home.run(until: t1 + 0.1)
        #expect(abs(home.carouselOffset(0) - 80) < 1e-9)
        #expect(abs(home.carouselOffset(1) - 170) < 1e-9)
        home.send(.touchUp(device: 0, id: 2, location: Point(x: b.x - 170, y: b.y - 1), time: home.now))
        home.settle()
        #expect(home.listOffset == 0)
        #expect(home.carouselOffset(0) > 0 && home.carouselOffset(1) > home.carouselOffset(0))
    }

    @Test("a second finger on the same carousel pans it with the first, by their centroid")
    func secondFingerOnTheSameCarousel() {
        let home = HomeScreen(cards: [12, 12])
        let t0 = home.now
        home.send(.touchDown(device: 0, id: 1, location: Point(x: 300, y: 170), time: t0))
        home.send(.touchDown(device: 0, id: 2, location: Point(x: 200, y: 170), time: t0 + 0.004))
        var last = t0
        for k in 1...10 {
            last = t0 + 0.004 + 0.008 * Double(k)
            home.send(.touchMove(device: 0, id: 1, location: Point(x: 300 - 10 * Double(k), y: 170), time: last))
            home.send(.touchMove(device: 0, id: 2, location: Point(x: 200 - 10 * Double(k), y: 170), time: last))
        }
        home.run(until: last + 0.05)
        #expect(abs(home.carouselOffset(0) - 100) < 1e-9, "\(home.carouselOffset(0))")
    }
}
