import Foundation
import Testing
import Motion
@testable import ScrollKit

extension CompositionTests {
    /// Focus and keys in a home screen whose carousels' cards take focus: arrows move spatially (Left and
    /// Right within a carousel, Up and Down between shelves of different lengths), Tab and Backtab in
    /// order, Return activates, and each move scrolls the carousel and the list so the card shows whole.
    @Suite("Focus")
    @MainActor
    struct Focus {
        /// Shelf 1 is short (3 cards, no horizontal range), shelf 4 has 12 cards, the rest 30.
        static let shelves = [30, 3, 30, 30, 12] + Array(repeating: 30, count: 15)

        static func home() -> HomeScreen {
            HomeScreen(cards: shelves, pressable: true, focusable: true)
        }

        /// The focused card shows whole: inside its carousel, and its carousel's part of it inside the list.
        static func expectFocusShowsWhole(_ home: HomeScreen, sourceLocation: SourceLocation = #_sourceLocation) {
            guard let f = home.focus else {
                Issue.record("nothing focused", sourceLocation: sourceLocation)
                return
            }
            let card = home.cardRect(shelf: f.shelf, card: f.card)
            #expect(compositionContains(HomeScreen.listRect, card), "\(f) at \(card)", sourceLocation: sourceLocation)
            #expect(compositionContains(home.carouselRect(shelf: f.shelf), card), "\(f) at \(card)", sourceLocation: sourceLocation)
            // And the library agrees about where that card is.
            let carousel = home.carousels[f.shelf]
            if let frame = carousel.frame(of: f.card) {
                let inWindow = carousel.scrollView.convert(frame, to: nil)
                #expect(abs(inWindow.minX - card.minX) < 1e-9 && abs(inWindow.minY - card.minY) < 1e-9,
                        sourceLocation: sourceLocation)
            }
        }

        @Test("with nothing focused, an arrow focuses the top-left card and Tab the first card, without scrolling (also before the first frame)",
              arguments: [Key.down, .right, .up, .left, .tab], [true, false])
        func firstFocus(_ key: Key, afterFirstFrame: Bool) {
            let home = HomeScreen(cards: Self.shelves, pressable: true, focusable: true, showFirstFrame: afterFirstFrame)
            #expect(home.focus == nil)
            home.key(key)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 0, card: 0))
            #expect(home.listMoves == 0)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
        }

        @Test("Right and Left step through a carousel and scroll it the least distance that shows the card whole")
        func rightAndLeftWithinCarousel() {
            let home = Self.home()
            home.key(.down)
            // Five quick presses, no frame in between: each measures from where the scroll is heading.
            var heading = 0.0
            for card in 1...5 {
                home.key(.right)
                #expect(home.focus == ShelfCard(shelf: 0, card: card))
                heading = HomeScreen.visibleCarouselOffset(card: card, from: heading, cards: 30)
            }
            #expect(heading == 290)                            // card 5 ends at 670 + 20 inset - 400
            home.settle()
            #expect(home.carouselOffset(0) == heading)
            #expect(home.listMoves == 0)
            Self.expectFocusShowsWhole(home)
            for card in stride(from: 4, through: 0, by: -1) {
                home.key(.left)
                #expect(home.focus == ShelfCard(shelf: 0, card: card))
                heading = HomeScreen.visibleCarouselOffset(card: card, from: heading, cards: 30)
                home.step()
            }
            home.settle()
            #expect(heading == 0)
            #expect(home.carouselOffset(0) == 0)
            Self.expectFocusShowsWhole(home)
            // At the ends of a carousel, Left (and Right at the last card) keeps the focus.
            home.key(.left)
            #expect(home.focus == ShelfCard(shelf: 0, card: 0))
            #expect(home.carousels[1].focusItem(2))
            home.settle()
            home.key(.right)
            #expect(home.focus == ShelfCard(shelf: 1, card: 2))
        }

        @Test("Down and Up move between shelves of different lengths, to the card nearest horizontally that shows")
        func downAndUpAcrossShelves() {
            let home = Self.home()
            #expect(home.carousels[0].focusItem(20))
            home.settle()
            // Card 20 (x 2220 ..< 2320) came in at the trailing edge: 2320 + 20 - 400.
            #expect(home.carouselOffset(0) == 1940)
            #expect(home.focus == ShelfCard(shelf: 0, card: 20))
            Self.expectFocusShowsWhole(home)
            // Card 20 shows at x 280 ..< 380 (centre 330). Shelf 1 has 3 cards, centres 70, 180, 290: the last.
            home.key(.down)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 1, card: 2))
            #expect(home.listMoves == 0)                       // shelf 1 already shows whole
            Self.expectFocusShowsWhole(home)
            // Back up: from centre 290, shelf 0's whole cards are 18, 19, 20 (centres 110, 220, 330): card 20.
            home.key(.up)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 0, card: 20))
            #expect(home.carouselOffset(0) == 1940)
            // Into a scrolled carousel: shelf 2 at x 1000 shows cards 9 to 12; whole ones 9, 10, 11
            // (centres 60, 170, 280); from shelf 1's card 2 (centre 290), card 11.
            home.carousels[2].scrollView.contentOffset = Point(x: 1000, y: 0)
            home.key(.down)
            home.key(.down)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 2, card: 11))
            #expect(home.carouselOffset(2) == 1000)
            #expect(home.listMoves == 0)
            Self.expectFocusShowsWhole(home)
        }

        @Test("Down into shelves below the viewport scrolls the list so the focused card shows whole; Up brings it back")
        func downScrollsList() {
            let home = Self.home()
            home.key(.down)                                    // (0, 0)
            home.key(.right)
            home.key(.right)                                   // (0, 2): centre 290
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 0, card: 2))
            // Shelves s span list content y 200 s ..< 200 s + 200; the viewport is 600 pt.
            var listHeading = 0.0
            for shelf in 1...6 {
                home.key(.down)
                home.settle()
                #expect(home.focus == ShelfCard(shelf: shelf, card: 2), "down to shelf \(shelf)")
                let end = Double(shelf) * 200 + 200
                if end > listHeading + 600 { listHeading = end - 600 }
                #expect(home.listOffset == listHeading, "down to shelf \(shelf)")
                Self.expectFocusShowsWhole(home)
            }
            #expect(listHeading == 800)
            for shelf in stride(from: 5, through: 0, by: -1) {
                home.key(.up)
                home.settle()
                #expect(home.focus == ShelfCard(shelf: shelf, card: 2), "up to shelf \(shelf)")
                let start = Double(shelf) * 200
                if start < listHeading { listHeading = start }
                #expect(home.listOffset == listHeading, "up to shelf \(shelf)")
                Self.expectFocusShowsWhole(home)
            }
            #expect(home.listOffset == 0)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
        }

        @Test("focusItem scrolls both the carousel and the list: the card shows whole once the animations settle")
        func focusItemScrollsAncestors() {
            let home = Self.home()
            home.list.scrollView.contentOffset = Point(x: 0, y: 450)   // shelf 2 (400 ..< 600) cut at the top
            #expect(home.carousels[2].focusItem(25))
            #expect(home.root.isAnimating)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 2, card: 25))
            #expect(home.listOffset == 400)                     // its leading edge (no insets)
            #expect(home.carouselOffset(2) == 25 * 110 + 120 + 20 - 400)
            Self.expectFocusShowsWhole(home)
        }

        @Test("Down, Up, Tab and Backtab pass over shelves with nothing to focus (an empty shelf), on screen and below it")
        func skipsShelvesWithoutFocusables() {
            let home = HomeScreen(cards: [30, 0, 30, 0, 0, 30, 30], pressable: true, focusable: true)
            #expect(home.carousels[0].focusItem(2))
            home.settle()
            home.key(.down)                                     // shelf 1 is empty: shelf 2, card 2 (centre 290)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 2, card: 2))
            #expect(home.listOffset == 0)
            home.key(.up)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 0, card: 2))
            #expect(home.carousels[0].focusItem(29))
            home.settle()
            home.key(.tab)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 2, card: 0))
            home.key(.backtab)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 0, card: 29))
            // From shelf 2, down past shelves 3 and 4 (empty, below the viewport) to shelf 5 (1000 ..< 1200).
            #expect(home.carousels[2].focusItem(2))
            home.settle()
            home.key(.down)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 5, card: 2))
            #expect(home.listOffset == 600)                     // 1200 - 600
            Self.expectFocusShowsWhole(home)
            home.key(.up)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 2, card: 2))
            #expect(home.listOffset == 400)                     // shelf 2's start
            Self.expectFocusShowsWhole(home)
        }

        @Test("Tab and Backtab walk in order, from the end of one shelf to the start of the next and back")
        func tabWalksInOrder() {
            let home = Self.home()
            #expect(home.carousels[0].focusItem(28))
            home.settle()
            let forward: [ShelfCard] = [
                .init(shelf: 0, card: 29), .init(shelf: 1, card: 0), .init(shelf: 1, card: 1), .init(shelf: 1, card: 2),
                .init(shelf: 2, card: 0), .init(shelf: 2, card: 1),
            ]
            for expected in forward {
                home.key(.tab)
                home.settle()
                #expect(home.focus == expected)
                Self.expectFocusShowsWhole(home)
            }
            #expect(home.carouselOffset(0) == 2930)            // card 29 is the last: the carousel's end
            let backward: [ShelfCard] = [
                .init(shelf: 2, card: 0), .init(shelf: 1, card: 2), .init(shelf: 1, card: 1), .init(shelf: 1, card: 0),
                .init(shelf: 0, card: 29), .init(shelf: 0, card: 28),
            ]
            for expected in backward {
                home.key(.backtab)
                home.settle()
                #expect(home.focus == expected)
                Self.expectFocusShowsWhole(home)
            }
            // The same walk through moveFocus (a rotary encoder's clicks).
            #expect(home.root.moveFocus(.next))
            #expect(home.focus == ShelfCard(shelf: 0, card: 29))
            #expect(home.list.moveFocus(.next))
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 1, card: 0))
            #expect(home.root.moveFocus(.previous))
            #expect(home.focus == ShelfCard(shelf: 0, card: 29))
        }

        @Test("Tab from the last card of a shelf into a shelf below the viewport scrolls the list and focuses its first card")
        func tabIntoShelfBelow() {
            let home = Self.home()
            #expect(home.carousels[2].focusItem(29))
            home.settle()
            #expect(home.listOffset == 0)
            home.key(.tab)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 3, card: 0))
            #expect(home.listOffset == 200)                     // shelf 3 ends at 800: 800 - 600
            #expect(home.carouselOffset(3) == 0)
            Self.expectFocusShowsWhole(home)
            home.key(.backtab)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 2, card: 29))
            #expect(home.listOffset == 200)                     // shelf 2 (400 ..< 600) shows whole at 200
        }

        @Test("Backtab at the very first card keeps the focus there")
        func backtabAtStart() {
            let home = Self.home()
            home.key(.tab)
            home.key(.backtab)
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 0, card: 0))
        }

        @Test("Return activates the focused card (onSelectItem with its index) and highlights it briefly")
        func returnActivates() throws {
            let home = Self.home()
            #expect(home.carousels[1].focusItem(2))
            home.settle()
            home.key(.enter)
            #expect(home.activations == [ShelfCard(shelf: 1, card: 2)])
            let cell = try #require(home.carousels[1].cell(at: 2))
            #expect(cell.isHighlighted)
            home.settle()
            #expect(!cell.isHighlighted)
            home.key(.right)                                    // at the end of shelf 1: stays
            home.key(.enter)
            #expect(home.activations == [ShelfCard(shelf: 1, card: 2), ShelfCard(shelf: 1, card: 2)])
            #expect(home.listMoves == 0)
        }

        @Test("keys no longer reach every view: with focus, arrows move the focus and scroll by no line step")
        func arrowsMoveFocusNotContent() {
            let home = Self.home()
            home.key(.down)                                     // (0, 0)
            home.key(.right)                                    // (0, 1): shows whole, no scrolling
            home.key(.down)                                     // (1, 1): shows whole
            home.settle()
            #expect(home.focus == ShelfCard(shelf: 1, card: 1))
            #expect(home.listMoves == 0)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
        }

        @Test("PageDown and End act on the scroll views holding focus: End the focused carousel, PageDown the list around it")
        func scrollKeysActOnFocusedScrollViews() {
            let home = Self.home()
            home.key(.down)                                     // (0, 0)
            home.key(.end)
            home.settle()
            #expect(home.carouselOffset(0) == 2930)             // the focused carousel's end
            #expect(home.listOffset == 0)
            home.key(.home)
            home.settle()
            #expect(home.carouselOffset(0) == 0)
            #expect(home.focus == ShelfCard(shelf: 0, card: 0))
            home.key(.pageDown)
            home.settle()
            #expect(home.listOffset == 560)                     // 600 - pageOverlap 40
            #expect(home.carouselOffset(0) == 0)
            #expect(home.carouselMoves.enumerated().allSatisfy { $0.offset == 0 || $0.element == 0 })
        }

        @Test("the wheel: a vertical turn over a carousel scrolls the list, a horizontal one scrolls that carousel")
        func wheelOverCarousel() {
            let home = Self.home()
            let p = home.cardCenter(shelf: 1, card: 1)
            let q = home.cardCenter(shelf: 2, card: 1)
            home.send(.wheel(dx: 0, dy: -1, location: p, time: home.now))
            home.settle()
            #expect(home.listOffset == ScrollingView.lineStep)
            #expect(home.carouselMoves.allSatisfy { $0 == 0 })
            // Shelf 2's carousel moved up by 40 with the list but is still under q.
            home.send(.wheel(dx: 2, dy: 0, location: q, time: home.now))
            home.settle()
            #expect(home.carouselOffset(2) == 2 * ScrollingView.lineStep)
            #expect(home.listOffset == ScrollingView.lineStep)
            #expect(home.carouselMoves.enumerated().allSatisfy { $0.offset == 2 || $0.element == 0 })
            // A turn with both components over a carousel: each goes to its own axis.
            home.send(.wheel(dx: -1, dy: 1, location: q, time: home.now))
            home.settle()
            #expect(home.carouselOffset(2) == ScrollingView.lineStep)
            #expect(home.listOffset == 0)
        }
    }

    /// Keys in trees of plain lists: which scroll view a scroll key acts on.
    @Suite("Keys")
    @MainActor
    struct Keys {
        /// Two vertical lists side by side (each 400 x 600, 100 rows of 60 pt) in an 800 x 600 root.
        static func twoLists(focusable: Bool) -> (a: ListView, b: ListView, driver: TreeDriver) {
            let root = ViewNode(frame: Rect(x: 0, y: 0, width: 800, height: 600))
            let a = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 600), dataSource: RecordingListSource(count: 100))
            let b = ListView(frame: Rect(x: 400, y: 0, width: 400, height: 600), dataSource: RecordingListSource(count: 100))
            a.itemsAreFocusable = focusable
            b.itemsAreFocusable = focusable
            root.addSubview(a)
            root.addSubview(b)
            return (a, b, TreeDriver(root: root))
        }

        @Test("PageDown goes to the list holding focus, not the one under the pointer; without focus, to the one under the pointer")
        func pageDownFollowsFocus() {
            let (a, b, driver) = Self.twoLists(focusable: true)
            #expect(b.focusItem(0))
            driver.move(Point(x: 100, y: 100), at: 0.1)           // hovering over a
            driver.key(.pageDown)
            driver.settle()
            #expect(b.scrollView.contentOffset.y == 560)
            #expect(a.scrollView.contentOffset.y == 0)
            b.resignFocus()
            #expect(b.focusedItem == nil)
            driver.key(.pageDown)
            driver.settle()
            #expect(a.scrollView.contentOffset.y == 560)
            #expect(b.scrollView.contentOffset.y == 560)
        }

        @Test("arrows move focus within a list and across to the neighbouring list at the nearest row, without scrolling by a line")
        func arrowsBetweenLists() {
            let (a, b, driver) = Self.twoLists(focusable: true)
            a.scrollView.contentOffset = Point(x: 0, y: 20)
            #expect(b.focusItem(2))
            driver.key(.down)                                   // b row 3: y 180 ..< 240, whole
            driver.settle()
            #expect(b.focusedItem == 3)
            #expect(b.scrollView.contentOffset.y == 0)
            // Left: a's rows show at y 60 k - 20; row 3 (160 ..< 220) is nearest to 180 ..< 240.
            driver.key(.left)
            driver.settle()
            #expect(a.focusedItem == 3)
            #expect(b.focusedItem == nil)
            #expect(a.scrollView.contentOffset.y == 20)
            driver.key(.right)
            driver.settle()
            #expect(b.focusedItem == 3)
        }

        @Test("without focusable views, arrows scroll: the scroll view under the pointer, else the first of the tree")
        func arrowsScrollWithoutFocusables() {
            let home = HomeScreen(cards: Array(repeating: 30, count: 10))
            home.key(.down)
            home.settle()
            #expect(home.listOffset == ScrollingView.lineStep)
            #expect(home.focus == nil)
            home.move(home.cardCenter(shelf: 1, card: 1), at: home.now)   // hover over shelf 1's carousel
            home.key(.right)
            home.settle()
            #expect(home.carouselOffset(1) == ScrollingView.lineStep)
            home.key(.down)                                    // the carousel does not scroll vertically: the list
            home.settle()
            #expect(home.listOffset == 2 * ScrollingView.lineStep)
            #expect(home.carouselOffset(1) == ScrollingView.lineStep)
        }
    }
}
