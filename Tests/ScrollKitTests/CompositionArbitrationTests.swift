import Foundation
import Testing
import Motion
@testable import ScrollKit

extension CompositionTests {
    /// Who gets a drag: directional lock between a list and its carousels, a two-axis scroll view's
    /// `isDirectionalLockEnabled`, and the innermost scroll view first.
    @Suite("Arbitration")
    @MainActor
    struct Arbitration {
        static let shelves = Array(repeating: 30, count: 20)
        static let length = 120.0

        @Test("a drag within 30° of horizontal, or nearer horizontal than vertical, on a carousel moves the carousel, never the list",
              arguments: [0.0, 15, 29, 31, 44])
        func horizontalDragMovesCarousel(degrees: Double) {
            let home = HomeScreen(cards: Self.shelves)
            let d = upLeft(Self.length, degrees: degrees)
            var listEverMoved = false
            home.observer = { if home.listOffset != 0 { listEverMoved = true } }
            let p = home.cardCenter(shelf: 0, card: 1)
            home.drag(from: p, by: d, release: false)
            // 1:1 from the down point along x only.
            #expect(abs(home.carouselOffset(0) - (-d.x)) < 1e-9)
            #expect(home.carousels[0].scrollView.phase == .dragging)
            #expect(home.list.scrollView.phase == .idle)
            home.up(Point(x: p.x + d.x, y: p.y + d.y), at: home.now)
            home.settle()
            #expect(!listEverMoved)
            #expect(home.listMoves == 0)
            #expect(home.listOffset == 0)
            // The release flung the carousel on, in the drag's direction.
            #expect(home.carouselOffset(0) > -d.x)
            #expect(home.carouselMoves.dropFirst().allSatisfy { $0 == 0 })
        }

        @Test("a drag within 30° of vertical, or nearer vertical than horizontal (a tie too), on a carousel moves the list, never the carousel",
              arguments: [45.0, 46, 59, 61, 75, 90])
        func verticalDragMovesList(degrees: Double) {
            let home = HomeScreen(cards: Self.shelves)
            let d = upLeft(Self.length, degrees: degrees)
            var carouselEverMoved = false
            home.observer = { if home.carousels.contains(where: { $0.scrollView.contentOffset.x != 0 }) { carouselEverMoved = true } }
            let p = home.cardCenter(shelf: 0, card: 1)
            home.drag(from: p, by: d, release: false)
            #expect(abs(home.listOffset - (-d.y)) < 1e-9)
            #expect(home.list.scrollView.phase == .dragging)
            #expect(home.carousels[0].scrollView.phase == .idle)
            home.up(Point(x: p.x + d.x, y: p.y + d.y), at: home.now)
            home.settle()
            #expect(!carouselEverMoved)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
            #expect(home.listOffset > -d.y)
        }

        @Test("the axis is decided once, at the slop: a drag that turns keeps the scroll view it started with")
        func axisDecidedOnce() {
            // Starts horizontal, then goes straight up: the carousel keeps it, the list never moves.
            let home = HomeScreen(cards: Self.shelves)
            let p = home.cardCenter(shelf: 1, card: 1)      // (180, 370)
            home.down(p, at: 0.1)
            home.move(Point(x: p.x - 10, y: p.y), at: 0.11)
            home.move(Point(x: p.x - 20, y: p.y - 100), at: 0.12)
            home.move(Point(x: p.x - 30, y: p.y - 200), at: 0.13)
            #expect(home.carouselOffset(1) == 30)
            #expect(home.listOffset == 0)
            home.up(Point(x: p.x - 30, y: p.y - 200), at: 0.3)
            home.settle()
            #expect(home.listMoves == 0)

            // Starts vertical, then goes sideways: the list keeps it, no carousel moves.
            let other = HomeScreen(cards: Self.shelves)
            other.down(p, at: 0.1)
            other.move(Point(x: p.x, y: p.y - 10), at: 0.11)
            other.move(Point(x: p.x - 150, y: p.y - 20), at: 0.12)
            other.move(Point(x: p.x - 300, y: p.y - 30), at: 0.13)
            #expect(other.listOffset == 30)
            other.up(Point(x: p.x - 300, y: p.y - 30), at: 0.3)
            other.settle()
            #expect(other.carouselMoves.allSatisfy { $0 == 0 })
        }

        @Test("a carousel with nothing to scroll still keeps a horizontal drag from the list")
        func shortCarouselKeepsHorizontalDrag() {
            let home = HomeScreen(cards: [3, 30, 30, 30])   // shelf 0: 3 cards, no horizontal range
            let p = home.cardCenter(shelf: 0, card: 1), d = upLeft(100, degrees: 20)
            home.drag(from: p, by: d, release: false)
            #expect(home.listOffset == 0)
            #expect(home.carouselOffset(0) > 0)             // pulled past its end: rubber band
            home.up(Point(x: p.x + d.x, y: p.y + d.y), at: home.now)
            home.settle()
            #expect(home.listMoves == 0)
            #expect(home.carouselOffset(0) == 0)
        }

        @Test("a two-axis scroll view with isDirectionalLockEnabled: within 30° of an axis it moves along that axis only, else (and without the lock) freely",
              arguments: [0.0, 29, 31, 45, 59, 61, 90], [true, false])
        func twoAxisDirectionalLock(degrees: Double, lock: Bool) {
            let view = ScrollingView(frame: Rect(x: 0, y: 0, width: 400, height: 600),
                                     contentSize: Size(width: 3000, height: 3000), axis: .both)
            view.isDirectionalLockEnabled = lock
            view.contentOffset = Point(x: 1000, y: 1000)
            let driver = TreeDriver(root: view)
            let d = upLeft(100, degrees: degrees)
            let movesX = !lock || degrees < 60     // more than 30° from vertical
            let movesY = !lock || degrees > 30     // more than 30° from horizontal
            var xs: Set<Double> = [], ys: Set<Double> = []
            view.onDidScroll = { xs.insert($0.contentOffset.x); ys.insert($0.contentOffset.y) }
            driver.drag(from: Point(x: 300, y: 400), by: d, release: false)
            let expected = Point(x: movesX ? 1000 - d.x : 1000, y: movesY ? 1000 - d.y : 1000)
            #expect(abs(view.contentOffset.x - expected.x) < 1e-9)
            #expect(abs(view.contentOffset.y - expected.y) < 1e-9)
            driver.up(Point(x: 300 + d.x, y: 400 + d.y), at: driver.now)
            driver.settle()
            // A locked axis never moved, not even in the fling after the release.
            if !movesX { #expect(xs.isEmpty || xs == [1000]) }
            if !movesY { #expect(ys.isEmpty || ys == [1000]) }
            if movesX && abs(d.x) > 1 { #expect(view.contentOffset.x > expected.x - 1e-9) }
            if movesY && abs(d.y) > 1 { #expect(view.contentOffset.y > expected.y - 1e-9) }
        }

        /// An outer vertical scroll view (600 pt viewport, 2000 pt content) holding an inner vertical one
        /// at y 200 ..< 400 of its content (200 pt viewport, 600 pt content: range 0 ... 400).
        static func nested() -> (outer: ScrollingView, inner: ScrollingView, driver: TreeDriver) {
            let outer = ScrollingView(frame: Rect(x: 0, y: 0, width: 400, height: 600),
                                      contentSize: Size(width: 400, height: 2000))
            let inner = ScrollingView(frame: Rect(x: 0, y: 200, width: 400, height: 200),
                                      contentSize: Size(width: 400, height: 600))
            outer.addSubview(inner)
            return (outer, inner, TreeDriver(root: outer))
        }

        @Test("inner first: in nested vertical scroll views the inner one under the pointer takes the drag")
        func innerFirst() {
            let (outer, inner, driver) = Self.nested()
            var outerMoves = 0, innerMoves = 0
            outer.onDidScroll = { _ in outerMoves += 1 }
            inner.onDidScroll = { _ in innerMoves += 1 }
            driver.drag(from: Point(x: 200, y: 350), by: Point(x: 0, y: -60), release: false)
            #expect(inner.contentOffset.y == 60)
            #expect(outer.contentOffset.y == 0)
            driver.up(Point(x: 200, y: 290), at: driver.now)
            driver.settle()
            #expect(outerMoves == 0)
            #expect(inner.contentOffset.y > 60)

            // Outside the inner view, the outer one takes it.
            innerMoves = 0
            let before = inner.contentOffset.y
            driver.drag(from: Point(x: 200, y: 150), by: Point(x: 0, y: -60), release: false)
            #expect(outer.contentOffset.y == 60)
            #expect(inner.contentOffset.y == before)
            driver.up(Point(x: 200, y: 90), at: driver.now)
            driver.settle()
            #expect(innerMoves == 0)

            // With the outer scrolled, the inner is found where it now shows (window y 200 - o ..< 400 - o).
            outer.contentOffset = Point(x: 0, y: 100)
            inner.contentOffset = .zero
            outerMoves = 0
            driver.drag(from: Point(x: 200, y: 120), by: Point(x: 0, y: -30), release: false)
            #expect(inner.contentOffset.y == 30)
            #expect(outer.contentOffset.y == 100)
            driver.up(Point(x: 200, y: 90), at: driver.now)
            driver.settle()
            #expect(outerMoves == 0)
        }
    }
}
