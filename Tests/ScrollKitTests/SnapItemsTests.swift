import Testing
@testable import ScrollKit

/// `.items`: 10 items of 100 pt in a 300 pt viewport (range 0...700) unless a test says otherwise.
@Suite("Snap: items")
struct SnapItemsTests {
    let grid = FixedSnapGeometry(itemCount: 10, itemLength: 100)
    let snap = SnapBehavior.items(snapRatio: 0.3, alignment: .start)

    func target(rest: Double, velocity: Double, current: Double? = nil, start: Double? = nil) -> Double {
        snap.target(release(rest: rest, current: current, start: start, velocity: velocity, max: 700), geometry: grid)
    }

    /// Forward: the rest point in item 1 (100..<200) moves on to item 2 once it has covered 30 pt.
    @Test(arguments: [(100.0, 100.0), (129.99, 100), (130, 200), (130.01, 200), (199.99, 200), (200, 200)])
    func forwardAtTheRatio(rest: Double, expected: Double) {
        #expect(target(rest: rest, velocity: 1200) == expected)
    }

    /// Backward: the rest point in item 1 moves back to item 1's start once 30 pt short of item 2.
    @Test(arguments: [(200.0, 200.0), (170.01, 200), (170, 100), (169.99, 100), (100.01, 100), (100, 100)])
    func backwardAtTheRatio(rest: Double, expected: Double) {
        #expect(target(rest: rest, velocity: -1200) == expected)
    }

    /// The seed's quirk was to move one item further backward: a short backward flick that rests
    /// 10 pt behind a snap position goes back to it, and never two items.
    @Test func backwardDoesNotOvershootByAnItem() {
        #expect(target(rest: 390, velocity: -900, current: 400, start: 420) == 400)
        #expect(target(rest: 360, velocity: -900, current: 400, start: 420) == 300)
    }

    /// With a symmetric layout, reflecting rest, offsets and velocity reflects the target exactly.
    @Test(arguments: [0.0, 0.1, 0.3, 0.5, 0.75, 1.0])
    func backwardMirrorsForward(ratio: Double) {
        let behavior = SnapBehavior.items(snapRatio: ratio, alignment: .start)
        let maxOffset = 700.0
        for step in 0...280 {
            let rest = Double(step) * 2.5
            for speed in [0.0, 30, 49.99, 50, 800, 5000] {
                let forward = behavior.target(release(rest: rest, current: rest - 10, start: rest - 40, velocity: speed, max: maxOffset), geometry: grid)
                let mirrored = behavior.target(release(rest: maxOffset - rest, current: maxOffset - rest + 10,
                                                       start: maxOffset - rest + 40, velocity: -speed, max: maxOffset), geometry: grid)
                #expect(forward == maxOffset - mirrored, "rest \(rest) speed \(speed)")
            }
        }
    }

    /// The same with centre alignment, variable sizes, spacing and insets laid out symmetrically.
    @Test func backwardMirrorsForwardWithVariableSizesAndCentreAlignment() {
        let g = ArraySnapGeometry(lengths: [40, 80, 120, 60, 120, 80, 40], spacing: 10)
        let (lo, hi) = scrollRange(g.contentLength, viewport: 300, leading: 130, trailing: 130)
        let behavior = SnapBehavior.items(snapRatio: 0.3, alignment: .center)
        for step in 0...Int((hi - lo) / 2.5) {
            let rest = lo + Double(step) * 2.5
            let forward = behavior.target(release(rest: rest, velocity: 900, min: lo, max: hi), geometry: g)
            let mirrored = behavior.target(release(rest: lo + hi - rest, velocity: -900, min: lo, max: hi), geometry: g)
            #expect(forward == lo + hi - mirrored, "rest \(rest)")
        }
    }

    /// Below the minimum fling speed the direction comes from the drag's displacement.
    @Test func slowReleaseUsesDisplacement() {
        // Rest 140: forward → 200 (40 % covered), backward → 100 (60 % of the way back).
        #expect(target(rest: 140, velocity: 0, current: 140, start: 60) == 200)
        #expect(target(rest: 140, velocity: 0, current: 140, start: 260) == 100)
        // A slow forward velocity does not override a backward drag...
        #expect(target(rest: 140, velocity: SnapBehavior.minimumFlingSpeed - 1, current: 140, start: 260) == 100)
        // ...but at the minimum fling speed the velocity decides.
        #expect(target(rest: 140, velocity: SnapBehavior.minimumFlingSpeed, current: 140, start: 260) == 200)
        #expect(target(rest: 160, velocity: -SnapBehavior.minimumFlingSpeed, current: 160, start: 60) == 100)
    }

    /// No velocity and no displacement: the nearest snap position, a tie toward the start.
    @Test(arguments: [(149.0, 100.0), (150, 100), (151, 200), (100, 100), (0, 0)])
    func noDirectionPicksNearest(rest: Double, expected: Double) {
        #expect(target(rest: rest, velocity: 0) == expected)
    }

    @Test func clampsAtFirstAndLastItem() {
        #expect(target(rest: -250, velocity: -3000) == 0)
        #expect(target(rest: 0, velocity: -3000) == 0)
        #expect(target(rest: 5000, velocity: 3000) == 700)
        #expect(target(rest: 690, velocity: 3000) == 700)
        // A backward flick from beyond the range still lands inside it.
        #expect(target(rest: 650, velocity: -3000, current: 760, start: 800) == 600)
    }

    /// When the viewport is not a whole number of items, the end of the range is a snap position of
    /// its own: a small backward drag from the end returns to the end.
    @Test func endOfRangeIsASnapPosition() {
        let (lo, hi) = scrollRange(grid.contentLength, viewport: 250)   // 0...750
        func t(_ rest: Double, _ v: Double) -> Double {
            snap.target(release(rest: rest, velocity: v, viewport: 250, min: lo, max: hi), geometry: grid)
        }
        #expect(t(745, -300) == 750)
        #expect(t(735.01, -300) == 750)
        #expect(t(735, -300) == 700)      // 15 of 50 pt = 0.3
        #expect(t(714.99, 300) == 700)
        #expect(t(715, 300) == 750)
    }

    /// Variable sizes: the ratio is of each item's own length.
    @Test(arguments: [
        // item 1 is 50..<200 (150 pt): forward threshold 95, backward threshold 155.
        (94.99, 1.0, 50.0), (95, 1, 200), (155.01, -1, 200), (155, -1, 50),
        // item 3 is 300..<600 (300 pt): forward threshold 390, backward 510.
        (389.99, 1, 300), (390, 1, 600), (510.01, -1, 600), (510, -1, 300),
        // item 0 is 0..<50: forward threshold 15.
        (14.99, 1, 0), (15, 1, 50),
    ])
    func variableSizes(rest: Double, direction: Double, expected: Double) {
        let g = ArraySnapGeometry(lengths: [50, 150, 100, 300, 100, 400, 100])
        let (lo, hi) = scrollRange(g.contentLength, viewport: 300)
        #expect(snap.target(release(rest: rest, velocity: direction * 1000, min: lo, max: hi), geometry: g) == expected)
    }

    /// Spacing belongs to the item before it: item 1's stretch is 120..<240 (100 pt + 20 pt gap).
    @Test(arguments: [
        (155.99, 1.0, 120.0), (156, 1, 240), (230, 1, 240),
        (205, -1, 240), (204, -1, 120), (230, -1, 240),
    ])
    func spacingBelongsToTheItemBefore(rest: Double, direction: Double, expected: Double) {
        let g = FixedSnapGeometry(itemCount: 10, itemLength: 100, spacing: 20)
        let (lo, hi) = scrollRange(g.contentLength, viewport: 300)
        #expect(snap.target(release(rest: rest, velocity: direction * 1000, min: lo, max: hi), geometry: g) == expected)
    }

    /// A leading inset acts as scroll padding: item i rests at itemStart(i) − inset, item 0 at the top
    /// of the range (so the inset can be seen again), the last position at the end of the range.
    @Test func insetsActAsScrollPadding() {
        let (lo, hi) = scrollRange(grid.contentLength, viewport: 300, leading: 40, trailing: 40)   // -40...740
        func t(_ rest: Double, _ v: Double) -> Double {
            snap.target(release(rest: rest, velocity: v, min: lo, max: hi), geometry: grid)
        }
        #expect(t(89.99, 500) == 60)
        #expect(t(90, 500) == 160)
        #expect(t(-10, -500) == -40)
        #expect(t(-39, 500) == -40)
        #expect(t(735, 500) == 740)
        // The same layout with the inset inside the geometry (items from 40, range from 0) rests on the same screen positions.
        let shifted = FixedSnapGeometry(itemCount: 10, itemLength: 100, leading: 40)
        #expect(snap.target(release(rest: 130, velocity: 500, min: 0, max: 740), geometry: shifted) == 200)
        #expect(snap.target(release(rest: 129.99, velocity: 500, min: 0, max: 740), geometry: shifted) == 100)
    }

    /// Centre alignment: snap positions put an item's centre at the viewport's centre.
    @Test(arguments: [(129.99, 1.0, 100.0), (130, 1, 200), (170.01, -1, 200), (170, -1, 100), (-100, -1, -100), (900, 1, 800)])
    func centreAlignment(rest: Double, direction: Double, expected: Double) {
        // Insets of 300/2 - 100/2 = 100 let every item be centred: item i at 100 i - 100.
        let (lo, hi) = scrollRange(grid.contentLength, viewport: 300, leading: 100, trailing: 100)
        let behavior = SnapBehavior.items(snapRatio: 0.3, alignment: .center)
        #expect(behavior.target(release(rest: rest, velocity: direction * 1000, min: lo, max: hi), geometry: grid) == expected)
    }

    /// Ratio 0 moves on as soon as the rest point leaves a snap position; 1 always goes back.
    @Test func extremeRatios() {
        let eager = SnapBehavior.items(snapRatio: 0, alignment: .start)
        let reluctant = SnapBehavior.items(snapRatio: 1, alignment: .start)
        #expect(eager.target(release(rest: 100.01, velocity: 900, max: 700), geometry: grid) == 200)
        #expect(eager.target(release(rest: 100, velocity: 900, max: 700), geometry: grid) == 100)
        #expect(eager.target(release(rest: 199.99, velocity: -900, max: 700), geometry: grid) == 100)
        #expect(reluctant.target(release(rest: 199.99, velocity: 900, max: 700), geometry: grid) == 100)
        #expect(reluctant.target(release(rest: 100.01, velocity: -900, max: 700), geometry: grid) == 200)
        // Out-of-range ratios are clamped to 0...1, NaN takes the default 0.3.
        #expect(SnapBehavior.items(snapRatio: -2).target(release(rest: 100.01, velocity: 900, max: 700), geometry: grid) == 200)
        #expect(SnapBehavior.items(snapRatio: 7).target(release(rest: 199.99, velocity: 900, max: 700), geometry: grid) == 100)
        #expect(SnapBehavior.items(snapRatio: .nan).target(release(rest: 130, velocity: 900, max: 700), geometry: grid) == 200)
        #expect(SnapBehavior.items(snapRatio: .nan).target(release(rest: 129, velocity: 900, max: 700), geometry: grid) == 100)
    }

    /// O(log n) without a hint: a million items take a few dozen geometry calls, not a million.
    @Test func logarithmicGeometryCalls() {
        let g = HintlessCountingGeometry(FixedSnapGeometry(itemCount: 1_000_000, itemLength: 50))
        let result = snap.target(release(rest: 31_234_567, velocity: 2000, viewport: 600, max: 49_999_400), geometry: g)
        #expect(result == 31_234_600)
        #expect(g.calls <= 4 * 20 + 8)
    }

    @Test func noneKeepsTheRestPointClamped() {
        #expect(SnapBehavior.none.target(release(rest: 123.4, velocity: 500, max: 700), geometry: grid) == 123.4)
        #expect(SnapBehavior.none.target(release(rest: 900, velocity: 500, max: 700), geometry: grid) == 700)
    }
}

/// The geometry's `itemIndex(containing:)` only speeds the search up: a wrong answer changes nothing.
@Suite("Snap: search hints")
struct SnapHintTests {
    @Test(arguments: [nil, -5, 0, 3, 6, 1000] as [Int?])
    func wrongHintsGiveTheSameTargets(answer: Int?) {
        let base = ArraySnapGeometry(lengths: [50, 150, 100, 300, 100, 400, 100], spacing: 6)
        let lying = LyingGeometry(base: base, answer: answer)
        let (lo, hi) = scrollRange(base.contentLength, viewport: 300, leading: 20, trailing: 20)
        for behavior in [SnapBehavior.items(), .items(snapRatio: 0.3, alignment: .center), .centered] {
            for rest in stride(from: lo, through: hi, by: 7.25) {
                for v in [-900.0, 0, 900] {
                    let context = release(rest: rest, velocity: v, min: lo, max: hi)
                    #expect(behavior.target(context, geometry: lying) == behavior.target(context, geometry: base))
                }
                for steps in [-3, -1, 0, 1, 2] {
                    #expect(behavior.stepTarget(from: rest, steps: steps, viewportLength: 300, minOffset: lo, maxOffset: hi, geometry: lying)
                            == behavior.stepTarget(from: rest, steps: steps, viewportLength: 300, minOffset: lo, maxOffset: hi, geometry: base))
                }
            }
        }
    }

    /// With a right hint (an O(1) fixed layout), a release asks the geometry only a handful of times.
    @Test func rightHintIsConstantTime() {
        let g = CountingGeometry(FixedSnapGeometry(itemCount: 1_000_000, itemLength: 50))
        let result = SnapBehavior.items().target(release(rest: 31_234_567, velocity: 2000, viewport: 600, max: 49_999_400), geometry: g)
        #expect(result == 31_234_600)
        #expect(g.calls <= 8)
        g.calls = 0
        let centred = SnapBehavior.centered.target(release(rest: 31_234_567, velocity: 2000, viewport: 600, max: 49_999_400), geometry: g)
        #expect(centred == 31_234_575)   // centres at 50 i + 25, minus half the viewport
        #expect(g.calls <= 12)
    }
}
