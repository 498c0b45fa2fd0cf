import Foundation
import Testing
import Motion
@testable import ScrollKit

extension CompositionTests {
    /// Pressable content: the highlight delay, drags that cancel a press, taps that activate, and presses
    /// that stop a moving list.
    @Suite("Presses")
    @MainActor
    struct Presses {
        static let shelves = Array(repeating: 30, count: 20)
        /// A press lands between frames (frames start at multiples of 1/60 s), away from any frame time.
        static let t0 = 1.005

        @Test("a press on a card highlights it only once highlightDelay (0.15 s) of frames has passed; released in place it activates once")
        func highlightAfterDelay() throws {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            let p = home.cardCenter(shelf: 0, card: 2)
            home.down(p, at: Self.t0)
            let cell = try #require(home.carousels[0].cell(at: 2))
            #expect(!cell.isHighlighted)
            var framesHighlighted = 0
            while home.now < Self.t0 + 0.3 {
                home.step()
                // The frame just stepped shows the time `now` (its target timestamp).
                let due = home.now >= Self.t0 + ViewNode.highlightDelay
                #expect(cell.isHighlighted == due, "frame shown at \(home.now)")
                if cell.isHighlighted { framesHighlighted += 1 }
            }
            #expect(framesHighlighted > 0)
            #expect(home.highlights == [HighlightChange(shelf: 0, card: 2, on: true)])
            #expect(home.activations.isEmpty)
            home.up(p, at: home.now - 0.005)
            #expect(home.activations == [ShelfCard(shelf: 0, card: 2)])
            #expect(!cell.isHighlighted)
            home.settle()
            #expect(home.activations == [ShelfCard(shelf: 0, card: 2)])
        }

        @Test("a quick tap activates exactly once, with the tapped card's index, and highlights it briefly (tapHighlightDuration)",
              arguments: [0.0, 1000, 2930])
        func quickTap(carouselOffset: Double) throws {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            home.carousels[1].scrollView.contentOffset = Point(x: carouselOffset, y: 0)
            home.resetMoves()
            // x 200 over shelf 1: carousel content x 200 + offset; card c spans 20 + 110 c ..< 120 + 110 c.
            let contentX = 200 + carouselOffset
            let card = Int(((contentX - 20) / 110).rounded(.down))
            #expect(contentX - 20 - Double(card) * 110 < 100)   // on a card, not in a gap
            let p = Point(x: 200, y: 50 + 200 + 40 + 80)
            home.down(p, at: Self.t0)
            let upTime = Self.t0 + 0.05
            home.up(p, at: upTime)
            #expect(home.activations == [ShelfCard(shelf: 1, card: card)])
            let cell = try #require(home.carousels[1].cell(at: card))
            #expect(cell.isHighlighted)
            var shown = 0
            while home.root.isAnimating && home.now < upTime + 1 {
                home.step()
                #expect(cell.isHighlighted == (home.now < upTime + ViewNode.tapHighlightDuration), "frame shown at \(home.now)")
                if cell.isHighlighted { shown += 1 }
            }
            #expect(shown > 0)
            #expect(!cell.isHighlighted)
            #expect(home.highlights == [HighlightChange(shelf: 1, card: card, on: true), HighlightChange(shelf: 1, card: card, on: false)])
            #expect(home.activations.count == 1)
            #expect(home.listMoves == 0)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
        }

        @Test("a press that wobbles within the slop still highlights and activates")
        func wobbleWithinSlop() {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            let p = home.cardCenter(shelf: 0, card: 1)
            home.down(p, at: Self.t0)
            home.move(Point(x: p.x + 2, y: p.y - 2), at: Self.t0 + 0.05)
            home.move(Point(x: p.x - 2, y: p.y + 1), at: Self.t0 + 0.25)
            #expect(home.highlights == [HighlightChange(shelf: 0, card: 1, on: true)])
            home.up(Point(x: p.x - 2, y: p.y + 1), at: Self.t0 + 0.3)
            home.settle()
            #expect(home.activations == [ShelfCard(shelf: 0, card: 1)])
            #expect(home.listMoves == 0)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
        }

        @Test("a drag beyond the slop before the delay never highlights and never activates",
              arguments: [Point(x: -120, y: 0), Point(x: 0, y: -120), Point(x: 60, y: 0), Point(x: 0, y: 80)])
        func dragBeforeDelayNeverHighlights(delta: Point) {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            home.carousels[3].scrollView.contentOffset = Point(x: 500, y: 0)
            home.list.scrollView.contentOffset = Point(x: 0, y: 300)
            // Shelf 3's carousel middle: content y 600 + 40 + 80, window y 50 + 720 - 300.
            let p = Point(x: 200, y: 470)
            #expect(HomeScreen.listRect.contains(p) && home.carouselRect(shelf: 3).contains(p))
            home.drag(from: p, by: delta, start: Self.t0, duration: 0.4)
            home.settle()
            #expect(home.highlights.isEmpty)
            #expect(home.activations.isEmpty)
            #expect(home.listMoves + home.carouselMoves.reduce(0, +) > 0)   // it did scroll something
        }

        @Test("a drag that starts after the highlight un-highlights at once and does not activate")
        func dragAfterHighlight() throws {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            let p = home.cardCenter(shelf: 0, card: 1)
            home.down(p, at: Self.t0)
            home.run(until: Self.t0 + 0.25)
            let cell = try #require(home.carousels[0].cell(at: 1))
            #expect(cell.isHighlighted)
            home.move(Point(x: p.x - 3, y: p.y), at: Self.t0 + 0.26)      // within the slop: still pressed
            #expect(cell.isHighlighted)
            home.move(Point(x: p.x - 30, y: p.y), at: Self.t0 + 0.27)     // past it: the carousel drags
            #expect(!cell.isHighlighted)
            #expect(home.carouselOffset(0) == 30)
            home.move(Point(x: p.x - 60, y: p.y), at: Self.t0 + 0.3)
            home.up(Point(x: p.x - 60, y: p.y), at: Self.t0 + 0.31)
            home.settle()
            #expect(home.activations.isEmpty)
            #expect(home.highlights == [HighlightChange(shelf: 0, card: 1, on: true), HighlightChange(shelf: 0, card: 1, on: false)])
        }

        @Test("stop on touch: a press on a moving list while its carousel is still stops the list and is not a tap (no activation, no highlight)")
        func pressStopsMovingList() throws {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            // Fling the list upward: 150 pt in 0.1 s, on a card, at 90°.
            home.drag(from: home.cardCenter(shelf: 1, card: 1), by: Point(x: 0, y: -150), start: 0.5, duration: 0.1)
            for _ in 0..<5 { home.step() }
            #expect(home.list.scrollView.velocity.y > ScrollingView.tapThroughSpeed)
            #expect(home.list.scrollView.phase == .decelerating)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
            // Press on a carousel in the middle of the list's viewport, between two frames.
            let shelf = try #require((0..<20).first { (150...550).contains(home.carouselRect(shelf: $0).midY) })
            let p = Point(x: 180, y: home.carouselRect(shelf: shelf).midY)
            let stoppedAt = home.listOffset
            home.down(p, at: home.now - 0.005)
            #expect(home.listOffset == stoppedAt)
            home.run(until: home.now + 0.3)                   // held past the highlight delay
            #expect(home.listOffset == stoppedAt)
            home.up(p, at: home.now - 0.005)
            home.settle()
            #expect(home.listOffset == stoppedAt)
            #expect(home.activations.isEmpty)
            #expect(home.highlights.isEmpty)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
            // At rest, the same press is a tap.
            home.down(p, at: home.now - 0.005)
            home.up(p, at: home.now + 0.04)
            #expect(home.activations.count == 1)
        }

        @Test("stop on touch: a press on a flinging carousel stops it and is not a tap; the list never moves")
        func pressStopsMovingCarousel() throws {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            let p = home.cardCenter(shelf: 1, card: 2)
            home.drag(from: p, by: Point(x: -150, y: 0), start: 0.5, duration: 0.1)
            for _ in 0..<5 { home.step() }
            #expect(home.carousels[1].scrollView.velocity.x > ScrollingView.tapThroughSpeed)
            let stoppedAt = home.carouselOffset(1)
            home.down(p, at: home.now - 0.005)
            home.run(until: home.now + 0.3)
            home.up(p, at: home.now - 0.005)
            home.settle()
            #expect(home.carouselOffset(1) == stoppedAt)
            #expect(home.activations.isEmpty)
            #expect(home.highlights.isEmpty)
            #expect(home.listMoves == 0)
        }

        @Test("the innermost pressable view takes the tap: a card activates its carousel's item, not its shelf; the title strip the shelf")
        func innermostPressableTakesTap() {
            let home = HomeScreen(cards: Self.shelves, pressable: true)
            var shelves: [Int] = []
            home.list.onSelectItem = { shelves.append($0) }
            let card = home.cardCenter(shelf: 1, card: 2)
            home.down(card, at: 0.505)
            home.up(card, at: 0.55)
            #expect(home.activations == [ShelfCard(shelf: 1, card: 2)])
            #expect(shelves.isEmpty)
            let title = Point(x: 200, y: 50 + 200 + 20)          // shelf 1's title strip
            home.down(title, at: 1.005)
            home.up(title, at: 1.05)
            #expect(shelves == [1])
            #expect(home.activations == [ShelfCard(shelf: 1, card: 2)])
        }

        @Test("a pressable view outside any scroll view highlights at once; a tap activates it once; leaving it before the up cancels")
        func pressableOutsideScrollViews() {
            let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            let button = ViewNode(frame: Rect(x: 100, y: 100, width: 120, height: 44))
            root.addSubview(button)
            var activated = 0
            button.onActivate = { _ in activated += 1 }
            #expect(button.isPressable)
            let driver = TreeDriver(root: root)
            driver.down(Point(x: 150, y: 120), at: 0.5)
            #expect(button.isHighlighted)
            driver.up(Point(x: 150, y: 120), at: 0.55)
            #expect(activated == 1)
            driver.settle()
            #expect(!button.isHighlighted)
            driver.down(Point(x: 150, y: 120), at: 1)
            driver.move(Point(x: 150, y: 200), at: 1.05)
            #expect(!button.isHighlighted)
            driver.up(Point(x: 150, y: 200), at: 1.1)
            #expect(activated == 1)
        }
    }
}
