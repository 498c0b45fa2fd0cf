import Foundation
import Testing
import TestOracles
import Motion
@testable import ScrollKit

extension CompositionTests {
    /// Same-axis scroll chaining (`ScrollingView.chaining`) between nested vertical scroll views:
    /// the outer is 600 pt over 2000 pt of content; the inner sits at y 200 ..< 400 of it, 200 pt over
    /// 600 pt (range 0 ... 400). Frames at 60 Hz.
    @Suite("Chaining")
    @MainActor
    struct Chaining {
        /// Where a fling from `x0` at `v0` comes to rest at the normal rate (0.998 per ms), integrated.
        static func rest(_ x0: Double, _ v0: Double) -> Double { RK4.decayRest(rate: 0.998, x0: x0, v0: v0) }

        final class Record {
            var outer: [Double] = []
            var inner: [Double] = []
        }

        static func make(_ chaining: ScrollChaining, innerOffset: Double) -> (outer: ScrollingView, inner: ScrollingView,
                                                                               driver: TreeDriver, seen: Record) {
            let (outer, inner, driver) = Arbitration.nested()
            inner.chaining = chaining
            inner.contentOffset = Point(x: 0, y: innerOffset)
            let seen = Record()
            outer.onDidScroll = { seen.outer.append($0.contentOffset.y) }
            inner.onDidScroll = { seen.inner.append($0.contentOffset.y) }
            return (outer, inner, driver, seen)
        }

        @Test("with .drag, the drag past the inner edge moves the outer by the rest: the inner stays exactly at its edge, the outer follows 1:1",
              arguments: [ScrollChaining.drag, .all])
        func dragChains(_ chaining: ScrollChaining) {
            let (outer, inner, driver, seen) = Self.make(chaining, innerOffset: 380)
            let down = Point(x: 200, y: 380)
            driver.down(down, at: 0.5)
            for i in 1...40 {
                let pull = Double(i) * 4.5                   // pointer moves up 4.5 pt per event
                driver.move(Point(x: 200, y: down.y - pull), at: 0.5 + Double(i) * 0.008)
                // The inner takes what it has left (20 pt), the outer the rest; nothing before the slop.
                let innerExpected = pull > 4 ? min(380 + pull, 400) : 380
                let outerExpected = pull > 4 ? max(0, pull - 20) : 0
                #expect(abs(inner.contentOffset.y - innerExpected) < 1e-9, "pull \(pull)")
                #expect(abs(outer.contentOffset.y - outerExpected) < 1e-9, "pull \(pull)")
            }
            // Moving on: the outer follows each point of pointer movement exactly.
            let before = outer.contentOffset.y
            driver.move(Point(x: 200, y: down.y - 180 - 37), at: 0.9)
            #expect(abs(outer.contentOffset.y - (before + 37)) < 1e-9)
            #expect(inner.contentOffset.y == 400)
            #expect(seen.inner.allSatisfy { $0 <= 400 })      // never rubber-banded
            // Held still, then let go: nothing flings, nothing springs.
            driver.move(Point(x: 200, y: down.y - 217), at: 1.2)
            driver.up(Point(x: 200, y: down.y - 217), at: 1.3)
            driver.settle()
            #expect(inner.contentOffset.y == 400)
            #expect(seen.inner.allSatisfy { $0 <= 400 })
        }

        @Test("a chained drag that turns back moves the inner view first, then the outer, each move inner first")
        func dragBackMovesInnerFirst() {
            let (outer, inner, driver, _) = Self.make(.drag, innerOffset: 380)
            let down = Point(x: 200, y: 380)
            driver.down(down, at: 0.5)
            driver.move(Point(x: 200, y: down.y - 50), at: 0.55)       // up 50: inner +20 (to its edge), outer +30
            #expect(inner.contentOffset.y == 400 && outer.contentOffset.y == 30)
            driver.move(Point(x: 200, y: down.y - 10), at: 0.6)        // back down 40: the inner comes back first
            #expect(inner.contentOffset.y == 360 && outer.contentOffset.y == 30)
            driver.move(Point(x: 200, y: down.y - 90), at: 0.65)       // up 80: inner 40 to its edge, outer +40
            #expect(inner.contentOffset.y == 400 && outer.contentOffset.y == 70)
        }

        @Test("without .drag, the inner rubber-bands past its edge and the outer does not move",
              arguments: [ScrollChaining(), .fling])
        func noDragChainingRubberBands(_ chaining: ScrollChaining) {
            let (outer, inner, driver, seen) = Self.make(chaining, innerOffset: 380)
            let down = Point(x: 200, y: 380)
            driver.down(down, at: 0.5)
            for i in 1...40 {
                let pull = Double(i) * 4.5
                driver.move(Point(x: 200, y: down.y - pull), at: 0.5 + Double(i) * 0.008)
                if pull > 20 {
                    let banded = 400 + svReferenceBand(pull - 20, 200)
                    #expect(abs(inner.contentOffset.y - banded) < 1e-9, "pull \(pull)")
                }
            }
            #expect(inner.contentOffset.y > 400)
            driver.move(Point(x: 200, y: down.y - 180), at: 1.0)
            driver.up(Point(x: 200, y: down.y - 180), at: 1.1)
            driver.settle()
            #expect(seen.outer.isEmpty)
            #expect(outer.contentOffset.y == 0)
            #expect(inner.contentOffset.y == 400)             // sprang back
        }

        /// Flings the inner upward (the offset grows) from `innerOffset`: 60 pt in 48 ms, then lets go.
        @discardableResult
        static func fling(_ driver: TreeDriver) -> Double {
            driver.drag(from: Point(x: 200, y: 380), by: Point(x: 0, y: -60), start: 0.5, duration: 0.048)
        }

        @Test("with [.drag, .fling], a fling that reaches the inner edge hands its velocity on: the outer decelerates on, in the fling's direction")
        func flingHandsOff() throws {
            let (outer, inner, driver, seen) = Self.make(.all, innerOffset: 100)
            let recorder = SVRecorder()
            inner.delegate = recorder
            let outerRecorder = SVRecorder()
            outer.delegate = outerRecorder
            Self.fling(driver)
            let release = try #require(recorder.willEnd.first)
            let v0 = release.velocity.y
            let o0 = inner.contentOffset.y
            #expect(v0 > 1000)
            #expect(seen.outer.isEmpty)                       // the inner had room: the drag stayed inside it
            // Frames until the hand-off.
            var frames = 0
            while outer.contentOffset.y == 0 && frames < 600 {
                driver.step()
                frames += 1
            }
            #expect(inner.contentOffset.y == 400)             // exactly at its edge: no bounce
            #expect(!inner.isAnimating)
            #expect(outer.isAnimating)
            #expect(outer.phase == .decelerating)
            #expect(outer.velocity.y > 0)
            // The velocity at the edge is what the inner's own decay had left on reaching it.
            let vEdge = try #require(RK4.decayVelocity(rate: 0.998, x0: o0, v0: v0, reaching: 400))
            #expect(outer.velocity.y <= vEdge + 1)
            driver.settle()
            // Monotonic in the fling's direction; the fling's total travel is kept.
            #expect(zip(seen.outer, seen.outer.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(abs(outer.contentOffset.y - (Self.rest(o0, v0) - 400)) < 1)
            #expect(inner.contentOffset.y == 400)
            #expect(seen.inner.allSatisfy { $0 <= 400 })
            #expect(outerRecorder.didEndDecelerating == 1)
        }

        @Test("with .drag only (or none), a fling bounces at the inner edge and the outer does not move",
              arguments: [ScrollChaining.drag, []])
        func flingWithoutHandOffBounces(_ chaining: ScrollChaining) {
            let (outer, inner, driver, seen) = Self.make(chaining, innerOffset: 100)
            Self.fling(driver)
            driver.settle()
            #expect(seen.outer.isEmpty)
            #expect(outer.contentOffset.y == 0)
            #expect((seen.inner.max() ?? 0) > 400)             // went past the edge: the bounce
            #expect(inner.contentOffset.y == 400)
        }

        @Test("a chained drag let go while the inner sits at its edge flings the outer (the inner stays at its edge)")
        func chainedReleaseFlingsOuter() throws {
            let (outer, inner, driver, seen) = Self.make(.drag, innerOffset: 380)
            let recorder = SVRecorder()
            outer.delegate = recorder
            // 100 pt up in 80 ms: 20 pt for the inner, 80 for the outer.
            driver.drag(from: Point(x: 200, y: 380), by: Point(x: 0, y: -100), start: 0.5, duration: 0.08)
            let release = try #require(recorder.willEnd.first)
            let o0 = outer.contentOffset.y
            #expect(abs(o0 - 80) < 1e-9)
            #expect(release.velocity.y > 1000)
            #expect(outer.phase == .decelerating)
            driver.settle()
            #expect(abs(outer.contentOffset.y - Self.rest(o0, release.velocity.y)) < 1)
            #expect(inner.contentOffset.y == 400)
            #expect(seen.inner.allSatisfy { $0 <= 400 })
        }

        @Test("chaining passes a horizontal carousel's drag to nothing vertical: the next scroll view on the same axis only")
        func chainingIsSameAxisOnly() {
            let home = HomeScreen(cards: Array(repeating: 30, count: 10))
            home.carousels[0].scrollView.chaining = .all
            // Pull the first carousel right past its start: nothing horizontal above it, so it rubber-bands.
            let p = home.cardCenter(shelf: 0, card: 1)
            home.drag(from: p, by: Point(x: 80, y: 0), release: false)
            #expect(home.carouselOffset(0) < 0)
            #expect(home.listOffset == 0)
            home.up(Point(x: p.x + 80, y: p.y), at: home.now)
            home.settle()
            #expect(home.listMoves == 0)
            #expect(home.carouselOffset(0) == 0)
        }
    }
}
