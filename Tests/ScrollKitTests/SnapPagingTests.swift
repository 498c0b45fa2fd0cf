import Testing
@testable import ScrollKit

/// `.paging`: 20 full-viewport pages of 300 pt (range 0...5700) unless a test says otherwise.
@Suite("Snap: paging")
struct SnapPagingTests {
    let cards = FixedSnapGeometry(itemCount: 20, itemLength: 300)
    let snap = SnapBehavior.paging(snapRatio: 0.1)

    /// A release from a drag that began at `start`; the proposed rest is a decay projection.
    func target(start: Double, current: Double, velocity: Double, behavior: SnapBehavior? = nil,
                min: Double = 0, max: Double = 5700, viewport: Double = 300) -> Double {
        let rest = current + velocity * 0.5
        return (behavior ?? snap).target(
            SnapContext(proposedRest: rest, currentOffset: current, dragStartOffset: start, velocity: velocity,
                        viewportLength: viewport, minOffset: min, maxOffset: max),
            geometry: cards)
    }

    /// A slow drag turns the page once it has covered 10 % of a page (30 pt), in either direction.
    @Test(arguments: [
        (929.99, 900.0), (930, 1200), (930.01, 1200), (1199, 1200),
        (870.01, 900), (870, 600), (869.99, 600), (601, 600), (900, 900),
    ])
    func slowDragAtTheRatio(current: Double, expected: Double) {
        #expect(target(start: 900, current: current, velocity: 0) == expected)
        #expect(target(start: 900, current: current, velocity: SnapBehavior.pagingFlingSpeed - 1) == expected)
    }

    /// A fast enough release turns the page in its direction, however short the drag.
    @Test func flingThreshold() {
        let v = SnapBehavior.pagingFlingSpeed
        #expect(target(start: 900, current: 901, velocity: v) == 1200)
        #expect(target(start: 900, current: 901, velocity: v - 0.01) == 900)
        #expect(target(start: 900, current: 899, velocity: -v) == 600)
        #expect(target(start: 900, current: 899, velocity: -(v - 0.01)) == 900)
        #expect(target(start: 900, current: 900, velocity: v) == 1200)
        #expect(target(start: 900, current: 900, velocity: -v) == 600)
    }

    /// A hard fling moves exactly one page, even when its natural rest point is many pages away or the
    /// drag itself went further than a page.
    @Test(arguments: [2_000.0, 8_000, 50_000])
    func hardFlingMovesExactlyOnePage(speed: Double) {
        #expect(target(start: 900, current: 920, velocity: speed) == 1200)
        #expect(target(start: 900, current: 880, velocity: -speed) == 600)
        #expect(target(start: 900, current: 1290, velocity: speed) == 1200)
        #expect(target(start: 900, current: 510, velocity: -speed) == 600)
        #expect(target(start: 900, current: 1300, velocity: 0) == 1200)
    }

    /// A fling against the drag's direction returns to the start page.
    @Test func flingAgainstTheDragReturnsToTheStartPage() {
        #expect(target(start: 900, current: 1100, velocity: -2000) == 900)
        #expect(target(start: 900, current: 700, velocity: 2000) == 900)
    }

    /// Backward mirrors forward: page k ± the same drag gives page k ± 1 alike.
    @Test(arguments: [0.0, 12, 29.99, 30, 31, 150, 290])
    func backwardMirrorsForward(drag: Double) {
        for speed in [0.0, 399.99, 400, 3000] {
            let forward = target(start: 2700, current: 2700 + drag, velocity: speed)
            let backward = target(start: 2700, current: 2700 - drag, velocity: -speed)
            #expect(forward - 2700 == 2700 - backward, "drag \(drag) speed \(speed)")
        }
    }

    @Test func clampsAtFirstAndLastPage() {
        #expect(target(start: 0, current: -80, velocity: -3000) == 0)
        #expect(target(start: 0, current: -20, velocity: 0) == 0)
        #expect(target(start: 5700, current: 5780, velocity: 3000) == 5700)
        #expect(target(start: 5700, current: 5650, velocity: 0) == 5400)
    }

    /// When the range is not a whole number of pages the last page is clamped to the end of the range.
    @Test func partialLastPage() {
        let max = 5800.0   // pages 0, 300, ..., 5700, then 5800
        #expect(target(start: 5700, current: 5730, velocity: 0, max: max) == 5800)
        #expect(target(start: 5700, current: 5710, velocity: 900, max: max) == 5800)
        #expect(target(start: 5800, current: 5770, velocity: 0, max: max) == 5700)
        #expect(target(start: 5800, current: 5790, velocity: -900, max: max) == 5700)
        #expect(target(start: 5800, current: 5780, velocity: 0, max: max) == 5800)
        // The short last page is a page: a backward fling from the end moves to 5700, not further.
        #expect(target(start: 5800, current: 5700, velocity: -900, max: max) == 5700)
    }

    /// Pages count from the top of the range, so a leading inset shifts every page.
    @Test func pagesStartAtMinOffset() {
        #expect(target(start: -50, current: -20, velocity: 0, min: -50, max: 5750) == 250)
        #expect(target(start: 250, current: 200, velocity: -900, min: -50, max: 5750) == -50)
    }

    @Test func explicitPageSize() {
        let cardPages = SnapBehavior.paging(snapRatio: 0.2, pageSize: 250)
        #expect(target(start: 500, current: 549.99, velocity: 0, behavior: cardPages) == 500)
        #expect(target(start: 500, current: 550, velocity: 0, behavior: cardPages) == 750)
        #expect(target(start: 500, current: 450, velocity: 0, behavior: cardPages) == 250)
        // Zero, negative or NaN page sizes fall back to the viewport.
        for size in [0.0, -10, .nan] {
            #expect(target(start: 900, current: 930, velocity: 0, behavior: .paging(snapRatio: 0.1, pageSize: size)) == 1200)
        }
    }

    /// A drag that began between pages starts from the nearest page, and the displacement since it
    /// began decides (not the distance to a page).
    @Test func dragBeganBetweenPages() {
        #expect(target(start: 1080, current: 1095, velocity: 0) == 1200)   // nearest page 1200, moved +15: stay
        #expect(target(start: 1080, current: 1040, velocity: 0) == 900)    // moved -40: previous page
        #expect(target(start: 1020, current: 1040, velocity: 0) == 900)    // nearest page 900, moved +20: stay
    }

    /// `proposedRest` does not matter: only where the drag began, where it is and how fast.
    @Test func proposedRestIsIgnored() {
        for rest in [-1e6, 0, 1234, 1e9] {
            let context = SnapContext(proposedRest: rest, currentOffset: 950, dragStartOffset: 900, velocity: 100,
                                      viewportLength: 300, minOffset: 0, maxOffset: 5700)
            #expect(snap.target(context, geometry: cards) == 1200)
        }
    }

    @Test func contentShorterThanAPage() {
        #expect(target(start: 0, current: 40, velocity: 3000, max: 0) == 0)
        #expect(target(start: 0, current: 40, velocity: 3000, max: 120) == 120)
        #expect(target(start: 120, current: 60, velocity: 0, max: 120) == 0)
    }
}
