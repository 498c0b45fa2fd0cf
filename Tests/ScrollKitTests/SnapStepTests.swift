import Testing
@testable import ScrollKit

/// `stepTarget`: wheel steps and arrow keys with snapping on.
@Suite("Snap: wheel and key steps")
struct SnapStepTests {
    let grid = FixedSnapGeometry(itemCount: 10, itemLength: 100)

    func items(from offset: Double, _ steps: Int) -> Double {
        SnapBehavior.items().stepTarget(from: offset, steps: steps, viewportLength: 300, minOffset: 0, maxOffset: 700, geometry: grid)
    }

    /// From a snap position, n steps move n positions; from between two, the first step goes to the
    /// neighbour in that direction.
    @Test(arguments: [
        (200.0, 1, 300.0), (200, 3, 500), (200, -1, 100), (200, -2, 0),
        (250, 1, 300), (250, -1, 200), (299.9, 1, 300), (200.1, -1, 200),
        (0, -1, 0), (700, 1, 700), (200, 20, 700), (500, -20, 0),
        (249, 0, 200), (251, 0, 300), (200, 0, 200),
    ])
    func itemSteps(from offset: Double, steps: Int, expected: Double) {
        #expect(items(from: offset, steps) == expected)
    }

    /// Within the tolerance of a snap position counts as on it (an animation that has just landed).
    @Test func toleranceAroundSnapPositions() {
        let near = 300 + SnapBehavior.positionTolerance / 2
        #expect(items(from: near, 1) == 400)
        #expect(items(from: near, -1) == 200)
        let beyond = 300 + SnapBehavior.positionTolerance * 4
        #expect(items(from: beyond, -1) == 300)
    }

    /// A burst of steps, each from the previous step's destination, moves as far as one big step, and
    /// both land where the grid says: from a snap position n items on; from between two (130), the
    /// first step to the next position (200), then n − 1 more; clamped to 0...700.
    @Test(arguments: [1, 2, 3, 5, 9])
    func burstsAccumulate(count: Int) {
        let n = Double(count)
        for (start, expected) in [(0.0, min(700, 100 * n)), (130, min(700, 100 + 100 * n)), (400, min(700, 400 + 100 * n))] {
            var target = start
            for _ in 0..<count { target = items(from: target, 1) }
            #expect(target == expected)
            #expect(items(from: start, count) == expected)
            var back = target
            for _ in 0..<count { back = items(from: back, -1) }
            #expect(back == max(0, expected - 100 * n))
            #expect(items(from: target, -count) == max(0, expected - 100 * n))
        }
    }

    /// Clamped duplicates at the end are one position: stepping back from the end is never stuck.
    @Test func duplicatesAtTheEndAreOnePosition() {
        // Viewport 250: positions 0, 100, ..., 700 and 750 (items 8 and 9 clamp to it).
        let snap = SnapBehavior.items()
        func s(_ offset: Double, _ steps: Int) -> Double {
            snap.stepTarget(from: offset, steps: steps, viewportLength: 250, minOffset: 0, maxOffset: 750, geometry: grid)
        }
        #expect(s(700, 1) == 750)
        #expect(s(700, 2) == 750)
        #expect(s(750, -1) == 700)
        #expect(s(750, -2) == 600)
        #expect(s(720, 1) == 750)
    }

    @Test func variableSizesAndInsets() {
        let g = ArraySnapGeometry(lengths: [50, 150, 100, 300, 100], spacing: 10)   // starts 0, 60, 220, 330, 640
        let r = scrollRange(g.contentLength, viewport: 200, leading: 20, trailing: 20)   // -20...560
        func s(_ offset: Double, _ steps: Int) -> Double {
            SnapBehavior.items().stepTarget(from: offset, steps: steps, viewportLength: 200, minOffset: r.min, maxOffset: r.max, geometry: g)
        }
        // Positions: start − 20 → −20, 40, 200, 310, 560 (620 clamped).
        #expect(s(-20, 1) == 40)
        #expect(s(-20, 3) == 310)
        #expect(s(310, 1) == 560)
        #expect(s(100, -1) == 40)
        #expect(s(560, -4) == -20)
    }

    @Test func pagingSteps() {
        let snap = SnapBehavior.paging()
        func s(_ offset: Double, _ steps: Int, max: Double = 5700) -> Double {
            snap.stepTarget(from: offset, steps: steps, viewportLength: 300, minOffset: 0, maxOffset: max, geometry: grid)
        }
        #expect(s(900, 1) == 1200)
        #expect(s(900, -3) == 0)
        #expect(s(950, 1) == 1200)
        #expect(s(950, -1) == 900)
        #expect(s(5700, 1) == 5700)
        #expect(s(5700, 1, max: 5800) == 5800)
        #expect(s(5800, -1, max: 5800) == 5700)
        #expect(s(0, 100) == 5700)
    }

    @Test func centeredSteps() {
        let r = scrollRange(1000, viewport: 300, leading: 100, trailing: 100)   // centred items at 100 i − 100
        func s(_ offset: Double, _ steps: Int) -> Double {
            SnapBehavior.centered.stepTarget(from: offset, steps: steps, viewportLength: 300, minOffset: r.min, maxOffset: r.max, geometry: grid)
        }
        #expect(s(-100, 1) == 0)
        #expect(s(-100, -1) == -100)
        #expect(s(150, 2) == 300)
        #expect(s(150, -2) == 0)
        #expect(s(800, 1) == 800)
    }

    /// Without snapping there are no positions: the offset comes back clamped.
    @Test func noneStaysPut() {
        let none = SnapBehavior.none
        #expect(none.stepTarget(from: 123, steps: 3, viewportLength: 300, minOffset: 0, maxOffset: 700, geometry: grid) == 123)
        #expect(none.stepTarget(from: 900, steps: -1, viewportLength: 300, minOffset: 0, maxOffset: 700, geometry: grid) == 700)
    }

    /// O(steps · log n): a step in a million items asks the geometry a few dozen times.
    @Test func logarithmicGeometryCalls() {
        let g = HintlessCountingGeometry(FixedSnapGeometry(itemCount: 1_000_000, itemLength: 50))
        let result = SnapBehavior.items().stepTarget(from: 12_345_678, steps: 2, viewportLength: 600,
                                                     minOffset: 0, maxOffset: 49_999_400, geometry: g)
        #expect(result == 12_345_750)
        #expect(g.calls <= 2 * (21 + 2) + 4)
    }
}
