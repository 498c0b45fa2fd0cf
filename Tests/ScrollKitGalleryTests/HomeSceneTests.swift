import Motion
import ScrollKit
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery

/// The home scene: shelves of carousels, driven as a user would (scene coordinates, 60 Hz frames).
@MainActor @Suite("Home scene") struct HomeSceneTests {
    private func home(_ options: SceneOptions = SceneOptions(), size: Size = Size(width: 800, height: 556)) throws
        -> (SceneHarness, HomeScene) {
        let h = try SceneHarness("home", size: size, options: options)
        return (h, try #require(h.scene as? HomeScene))
    }

    /// A point on the cards of shelf `shelf` (list offset 0), `x` across.
    private func onCards(_ scene: HomeScene, shelf: Int, x: Double) -> Point {
        let m = scene.state.metrics
        let top = scene.list.frame.minY + scene.list.insets.top + Double(shelf) * m.shelfHeight - scene.list.scrollView.contentOffset.y
        return Point(x: x, y: top + m.titleHeight + m.carouselHeight / 2)
    }

    @Test func twentyShelvesOfThirtyCardsByDefaultAndItemsSetsTheShelves() throws {
        let (h, scene) = try home()
        h.step()
        #expect(scene.list.numberOfItems == 20)
        let shelf = try #require(scene.list.cell(at: 0) as? ShelfCell)
        #expect(shelf.carousel.numberOfItems == 30)
        #expect(h.last.innerIndex == -1 && h.last.focusRow == -1 && h.last.activatedRow == -1)
        var options = SceneOptions()
        options.items = 1_000_000
        options.itemsGiven = true
        let (big, bigScene) = try home(options)
        big.step()
        #expect(bigScene.list.numberOfItems == 1_000_000)
        options.items = 1_000_001
        #expect(throws: CLIError.self) { _ = try SceneHarness("home", options: options) }
    }

    /// A horizontal drag on a carousel moves that carousel only; a vertical one the list only.
    @Test func dragsMoveOneScrollViewByTheirAxis() throws {
        let (h, scene) = try home()
        h.step()
        let p = onCards(scene, shelf: 1, x: 500)
        h.drag(from: p, by: Point(x: -200, y: 30), moves: 8)
        #expect(h.last.offset.y == 0)
        #expect(h.last.innerIndex == 1)
        #expect(h.last.innerOffsetX > 0)
        let inner = h.last.innerOffsetX
        let q = onCards(scene, shelf: 1, x: 300)
        h.drag(from: q, by: Point(x: 40, y: -250), moves: 8)
        #expect(h.last.offset.y > 0)
        #expect(h.last.innerOffsetX == inner)
        // The carousel rests on a card: its offset is a snap position (a card's start less the inset).
        let m = scene.state.metrics
        let k = inner / (m.cardWidth + m.cardSpacing)
        #expect(abs(k - k.rounded()) < 1e-9)
    }

    @Test func arrowsMoveFocusAndReturnOpensACard() throws {
        let (h, scene) = try home()
        h.step()
        h.key(.down)              // first focus: the top-left card
        #expect(h.last.focusRow == 0 && h.last.focusItem == 0)
        h.key(.right); h.key(.right)
        #expect(h.last.focusRow == 0 && h.last.focusItem == 2)
        h.key(.down)
        #expect(h.last.focusRow == 1 && h.last.focusItem == 2)
        h.key(.enter)
        #expect(h.last.activatedRow == 1 && h.last.activatedItem == 2)
        #expect(scene.state.toast?.contains("card 3") == true)
        // Tab walks in order, across the end of a shelf.
        for _ in 0..<27 { h.key(.tab) }
        #expect(h.last.focusRow == 1 && h.last.focusItem == 29)
        h.key(.tab)
        h.settle()
        #expect(h.last.focusRow == 2 && h.last.focusItem == 0)
        h.key(.backtab)
        #expect(h.last.focusRow == 1 && h.last.focusItem == 29)
        h.settle()
        // The focused card shows whole: the carousel scrolled to its end.
        let shelf = try #require(scene.list.cell(at: 1) as? ShelfCell)
        #expect(shelf.carousel.scrollView.contentOffset.x == shelf.carousel.scrollView.maxContentOffset.x)
    }

    @Test func downThroughAllShelvesScrollsTheListToShowTheFocus() throws {
        let (h, scene) = try home()
        h.step()
        h.key(.down)
        for _ in 0..<19 { h.key(.down); h.run(3) }
        h.settle()
        #expect(h.last.focusRow == 19)
        #expect(h.last.offset.y == scene.list.scrollView.maxContentOffset.y)
        h.key(.down)   // nothing below the last shelf
        #expect(h.last.focusRow == 19)
    }

    @Test func aTapOpensTheCardAndAScrollDoesNot() throws {
        let (h, scene) = try home()
        h.step()
        let m = scene.state.metrics
        let p = onCards(scene, shelf: 0, x: m.sideInset + m.cardWidth + m.cardSpacing + 20)   // card 1
        h.tap(p)
        h.run(2)
        #expect(h.last.activatedRow == 0 && h.last.activatedItem == 1)
        // A fling of the list, then a press while it moves: it stops, nothing opens.
        h.step([.pointerDown(location: onCards(scene, shelf: 2, x: 300), time: h.now)])
        for i in 1...4 { h.step([.pointerMove(location: Point(x: 300, y: onCards(scene, shelf: 2, x: 300).y - Double(i) * 60), time: h.now)]) }
        h.step([.pointerUp(location: Point(x: 300, y: 100), time: h.now)])
        h.run(3)
        #expect(h.last.phase == .decelerating)
        let q = onCards(scene, shelf: 3, x: 300)
        h.tap(q)
        #expect(h.last.activatedRow == 0 && h.last.activatedItem == 1)
    }

    @Test func shiftWheelScrollsTheCarouselUnderThePointer() throws {
        let (h, scene) = try home()
        h.step()
        let p = onCards(scene, shelf: 1, x: 400)
        h.step([.wheel(dx: 1, dy: 0, location: p, time: h.now)])
        h.settle()
        let m = scene.state.metrics
        #expect(h.last.innerIndex == 1)
        #expect(h.last.innerOffsetX == m.cardWidth + m.cardSpacing)
        #expect(h.last.offset.y == 0)
        h.step([.wheel(dx: 0, dy: -1, location: p, time: h.now)])
        h.settle()
        #expect(h.last.offset.y == ScrollingView.lineStep)
    }

    @Test(arguments: [Size(width: 480, height: 276), Size(width: 800, height: 556), Size(width: 0, height: 0), Size(width: 1, height: 1)])
    func sizesAreCalm(size: Size) throws {
        let (h, _) = try home(size: size)
        h.step()
        h.key(.down); h.key(.right); h.key(.enter)
        h.drag(from: Point(x: 10, y: 10), by: Point(x: 0, y: -100), moves: 4)
        #expect(h.last.offset.y.isFinite)
    }

    @Test func noShelvesIsAnEmptyScreen() throws {
        var options = SceneOptions()
        options.items = 0
        options.itemsGiven = true
        let (h, scene) = try home(options)
        h.step()
        h.key(.down); h.key(.tab); h.key(.enter)
        #expect(scene.list.numberOfItems == 0)
        #expect(h.last.focusRow == -1 && h.last.activatedRow == -1)
    }
}
