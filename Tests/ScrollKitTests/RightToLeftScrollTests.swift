// Right-to-left layouts (issue 29, item 6), scrolling: carousels that start at the right edge and fling the
// other way, paging, the scroll indicator on the left, hit testing, conversions and focus, driven by scripted
// input on the composition suite's home screen and checked against its independent geometry reflected.

import Testing
@testable import ScrollKit

@Suite("Right to left: scrolling")
@MainActor
struct RightToLeftScrollTests {
    /// The home screen (shelves of carousels) flipped right to left at its root.
    func screen(cards: [Int] = [12, 12, 12], pressable: Bool = false, focusable: Bool = false) -> HomeScreen {
        let s = HomeScreen(cards: cards, pressable: pressable, focusable: focusable, showFirstFrame: false)
        s.root.layoutDirection = .rightToLeft
        s.step()
        return s
    }

    /// Card `card` in window points: the model's left-to-right rectangle reflected in the window's width.
    func mirroredCard(_ s: HomeScreen, shelf: Int, card: Int) -> Rect {
        reflected(s.cardRect(shelf: shelf, card: card), in: 0, HomeScreen.width)
    }

    @Test func carouselsStartAtTheRightEdge() throws {
        let s = screen()
        #expect(s.carousels[0].scrollView.mirrorsContent)
        #expect(!s.list.scrollView.mirrorsContent || s.list.scrollView.axis == .vertical)
        #expect(s.carouselOffset(0) == 0, "the offset stays logical: 0 is the start, now the right edge")
        for card in s.carousels[0].visibleRange {
            let cell = try #require(s.carousels[0].cell(at: card))
            #expect(same(cell.frameInRoot, mirroredCard(s, shelf: 0, card: card)))
        }
        // Card 0 sits at the right inset: x = 400 − 20 − 100.
        #expect(try #require(s.carousels[0].cell(at: 0)).frameInRoot.minX == 280)
    }

    @Test func aTapHitsTheMirroredCard() {
        let s = screen(pressable: true)
        for card in [0, 1, 2] {
            let r = mirroredCard(s, shelf: 1, card: card)
            s.down(Point(x: r.midX, y: r.midY), at: s.now + 0.1)
            s.up(Point(x: r.midX, y: r.midY), at: s.now + 0.15)
            s.settle()
        }
        #expect(s.activations == [ShelfCard(shelf: 1, card: 0), ShelfCard(shelf: 1, card: 1), ShelfCard(shelf: 1, card: 2)])
    }

    /// A drag moves the content with the finger: to the right reveals later cards (the offset grows), to the
    /// left past the start rubber-bands (the offset goes below 0 and comes back).
    @Test func dragsMoveTheContentWithTheFinger() throws {
        let s = screen()
        let y = s.carouselRect(shelf: 0).midY
        s.drag(from: Point(x: 100, y: y), by: Point(x: 150, y: 0), duration: 0.5, release: false)
        #expect(abs(s.carouselOffset(0) - 150) < 1e-6, "a 150 pt rightward drag scrolls 150 pt forward")
        let cell = try #require(s.carousels[0].cell(at: 1))
        #expect(same(cell.frameInRoot, mirroredCard(s, shelf: 0, card: 1)))
        s.up(Point(x: 250, y: y), at: s.now + 0.3)   // held still 0.3 s: no fling
        s.settle()
        #expect(abs(s.carouselOffset(0) - 150) < 1e-6)
        s.drag(from: Point(x: 300, y: y), by: Point(x: -250, y: 0), duration: 0.5, release: false)
        #expect(s.carouselOffset(0) < 0, "pulled past the start (the right edge): rubber band")
        s.up(Point(x: 50, y: y), at: s.now + 0.3)
        s.settle()
        #expect(s.carouselOffset(0) == 0)
    }

    /// The same flick, mirrored, flings the same distance the other way on screen: the offsets match the
    /// left-to-right run's.
    @Test func flingsGoTheOtherWay() {
        func fling(_ direction: ReadingDirection) -> (Double, [Double]) {
            let s = HomeScreen(cards: [30], showFirstFrame: false)
            s.root.layoutDirection = direction
            s.step()
            let y = s.carouselRect(shelf: 0).midY
            let dx = direction == .rightToLeft ? 120.0 : -120.0
            s.drag(from: Point(x: 200 - dx / 2, y: y), by: Point(x: dx, y: 0), duration: 0.1)
            var samples: [Double] = []
            for _ in 0..<30 { s.step(); samples.append(s.carouselOffset(0)) }
            s.settle()
            return (s.carouselOffset(0), samples)
        }
        let (ltrRest, ltrSamples) = fling(.leftToRight), (rtlRest, rtlSamples) = fling(.rightToLeft)
        #expect(ltrRest > 300, "the flick flung")
        #expect(rtlRest == ltrRest)
        #expect(rtlSamples == ltrSamples)
    }

    @Test func pagingStartsAtTheRightAndPagesLeftward() throws {
        let source = CompositionCardsSource(count: 8)
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let pages = ListView(frame: Rect(x: 0, y: 0, width: 300, height: 200), axis: .horizontal, dataSource: source)
        pages.snapBehavior = .paging()
        root.addSubview(pages)
        root.layoutDirection = .rightToLeft
        let driver = TreeDriver(root: root)
        driver.step()
        // Card width 100: pages of 300 pt hold cards 0–2, 3–5, 6–7; card 0 at the right edge.
        #expect(try #require(pages.cell(at: 0)).frameInRoot == Rect(x: 200, y: 0, width: 100, height: 200))
        driver.drag(from: Point(x: 60, y: 100), by: Point(x: 120, y: 0), duration: 0.15)
        driver.settle()
        #expect(pages.scrollView.contentOffset.x == 300, "a rightward swipe turns to the next page")
        #expect(try #require(pages.cell(at: 3)).frameInRoot.minX == 200)
        driver.drag(from: Point(x: 240, y: 100), by: Point(x: -120, y: 0), duration: 0.15)
        driver.settle()
        #expect(pages.scrollView.contentOffset.x == 0, "a leftward swipe turns back")
    }

    /// A horizontal wheel turn moves the content as on screen (dx < 0 moves it right: on to later cards, right
    /// to left); the arrow keys move it toward their side (left: on to later cards).
    @Test func wheelAndKeysFollowTheMirror() {
        let s = screen()
        let carousel = s.carousels[0].scrollView
        let p = Point(x: 200, y: s.carouselRect(shelf: 0).midY)
        s.send(.wheel(dx: 3, dy: 0, location: p, time: s.now + 0.01))
        s.settle()
        #expect(carousel.contentOffset.x == 0, "toward the start (the right edge): nowhere to go")
        s.send(.wheel(dx: -3, dy: 0, location: p, time: s.now + 0.5))
        s.settle()
        let afterWheel = carousel.contentOffset.x
        #expect(afterWheel > 0, "on to later cards")
        s.key(.left)
        s.settle()
        #expect(carousel.contentOffset.x > afterWheel, "left arrow: on to later cards")
        let afterLeft = carousel.contentOffset.x
        s.key(.right)
        s.settle()
        #expect(carousel.contentOffset.x < afterLeft)
    }

    @Test func theIndicatorRunsAlongTheLeftEdge() throws {
        let s = screen(cards: [12, 12, 12, 12, 12])
        s.list.scrollView.flashScrollIndicators()
        s.step()
        let scroll = s.list.scrollView
        let rtl = try #require(scroll.indicatorThumbRect(.vertical))
        #expect(rtl.maxX < 20, "on the left: \(rtl)")
        scroll.layoutDirection = .leftToRight
        let ltr = try #require(scroll.indicatorThumbRect(.vertical))
        #expect(same(rtl, reflected(ltr, in: 0, scroll.viewportSize.width)))
        scroll.layoutDirection = nil
        // A horizontal indicator starts at the right and moves left as the content scrolls on.
        let carousel = s.carousels[0].scrollView
        carousel.indicatorVisibility = .alwaysVisible
        let start = try #require(carousel.indicatorThumbRect(.horizontal))
        carousel.contentOffset = Point(x: 200, y: 0)
        let later = try #require(carousel.indicatorThumbRect(.horizontal))
        #expect(abs(start.maxX - (HomeScreen.width - carousel.indicatorStyle.inset)) < 1e-9)
        #expect(later.minX < start.minX)
    }

    @Test func conversionsAreMirrored() throws {
        let s = screen()
        let carousel = s.carousels[0]
        let cell = try #require(carousel.cell(at: 2))
        let inCell = Point(x: 10, y: 5)   // a cell's own coordinates are not reflected inside
        let model = mirroredCard(s, shelf: 0, card: 2)
        let p = cell.convert(inCell, to: nil)
        #expect(abs(p.x - (model.minX + 10)) < 1e-9 && abs(p.y - (model.minY + 5)) < 1e-9)
        #expect(cell.convert(p, from: s.root) == inCell)
        #expect(s.root.hitTest(p) === cell)
        // A rectangle in the carousel's content coordinates reflects whole.
        let f = try #require(carousel.frame(of: 2))
        #expect(same(carousel.scrollView.convert(f, to: nil), model))
    }

    @Test func focusMovesTheMirroredWay() {
        let s = screen(focusable: true)
        s.key(.down)                   // nothing focused: the first card
        #expect(s.focus == ShelfCard(shelf: 0, card: 0))
        s.key(.left)                   // the next card is on the left
        #expect(s.focus == ShelfCard(shelf: 0, card: 1))
        s.key(.left)
        #expect(s.focus == ShelfCard(shelf: 0, card: 2))
        s.key(.right)
        #expect(s.focus == ShelfCard(shelf: 0, card: 1))
        s.key(.right)
        s.key(.right)                  // at the first card: no further to the right
        #expect(s.focus == ShelfCard(shelf: 0, card: 0))
        s.key(.down)                   // down to the next shelf's card nearest on screen
        #expect(s.focus == ShelfCard(shelf: 1, card: 0))
    }

    /// Down from a card enters the next shelf on the card nearest it on screen (the same column, mirrored).
    @Test func focusDownKeepsTheColumnOnScreen() {
        let s = screen(focusable: true)
        s.key(.down)
        s.key(.left)
        s.key(.left)
        s.settle()
        #expect(s.focus == ShelfCard(shelf: 0, card: 2))
        s.key(.down)
        s.settle()
        #expect(s.focus == ShelfCard(shelf: 1, card: 2))
    }

    /// A left-to-right screen flipped right to left and back shows what it showed at first.
    @Test func flippingTwiceIsTheIdentity() throws {
        let s = HomeScreen(cards: [12, 12, 12])
        s.carousels[1].scrollView.contentOffset = Point(x: 170, y: 0)
        s.step()
        s.step()
        let frames = try (2..<5).map { try #require(s.carousels[1].cell(at: $0)).frameInRoot }
        let first = RecordingCanvas()
        s.root.draw(in: first)
        s.root.layoutDirection = .rightToLeft
        s.step()
        s.root.draw(in: RecordingCanvas())
        s.root.layoutDirection = .leftToRight
        s.step()
        let again = RecordingCanvas()
        s.root.draw(in: again)
        #expect(try (2..<5).map { try #require(s.carousels[1].cell(at: $0)).frameInRoot } == frames)
        #expect(again.commands == first.commands)
    }
}

extension ViewNode {
    /// `point` in `view`'s coordinates → this view's (tests only: the inverse of ``convert(_:to:)``).
    func convert(_ point: Point, from view: ViewNode) -> Point {
        pointFromRootSpace(view.convert(point, to: nil))
    }
}
