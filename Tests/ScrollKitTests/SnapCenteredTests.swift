import Testing
@testable import ScrollKit

/// `.centered`: 10 items of 100 pt in a 300 pt viewport with insets of 300/2 − 100/2 = 100 on both
/// sides, so item i is centred at offset 100 i − 100 (range −100...800).
@Suite("Snap: centered")
struct SnapCenteredTests {
    let grid = FixedSnapGeometry(itemCount: 10, itemLength: 100)
    let range = scrollRange(1000, viewport: 300, leading: 100, trailing: 100)

    func target(rest: Double, velocity: Double, current: Double? = nil, start: Double? = nil) -> Double {
        SnapBehavior.centered.target(release(rest: rest, current: current, start: start, velocity: velocity,
                                             min: range.min, max: range.max), geometry: grid)
    }

    /// The nearest centre wins whatever the direction; only a tie follows the motion.
    @Test(arguments: [
        (249.99, 1.0, 200.0), (250, 1, 300), (250.01, 1, 300),
        (249.99, -1, 200), (250, -1, 200), (250.01, -1, 300),
        (249.99, 0, 200), (250, 0, 200), (250.01, 0, 300),
        (300, 1, 300), (300, -1, 300),
    ])
    func nearestCentreTieFollowsMotion(rest: Double, direction: Double, expected: Double) {
        #expect(target(rest: rest, velocity: direction * 1000) == expected)
    }

    /// With no velocity, a tie follows the drag's displacement.
    @Test func tieFollowsDisplacementWhenSlow() {
        #expect(target(rest: 250, velocity: 0, current: 250, start: 180) == 300)
        #expect(target(rest: 250, velocity: 20, current: 250, start: 320) == 200)
    }

    /// The first and last items can be centred, and nothing goes beyond them.
    @Test func clampedToFirstAndLastItems() {
        #expect(target(rest: -100, velocity: -500) == -100)
        #expect(target(rest: -400, velocity: -5000) == -100)
        #expect(target(rest: 800, velocity: 500) == 800)
        #expect(target(rest: 3000, velocity: 5000) == 800)
    }

    /// Without insets, the items near the ends cannot be centred: the scroll range's ends win.
    @Test func withoutInsetsClampsToTheRange() {
        let behavior = SnapBehavior.centered
        #expect(behavior.target(release(rest: 0, velocity: -900, max: 700), geometry: grid) == 0)
        #expect(behavior.target(release(rest: 640, velocity: 900, max: 700), geometry: grid) == 600)
        #expect(behavior.target(release(rest: 660, velocity: 900, max: 700), geometry: grid) == 700)
    }

    /// Insets larger than needed: the first item's centred offset is a floor above the range's top.
    @Test func largeInsetsStopAtTheFirstItem() {
        let wide = scrollRange(1000, viewport: 300, leading: 250, trailing: 250)   // -250...950
        #expect(SnapBehavior.centered.target(release(rest: -240, velocity: -900, min: wide.min, max: wide.max), geometry: grid) == -100)
        #expect(SnapBehavior.centered.target(release(rest: 940, velocity: 900, min: wide.min, max: wide.max), geometry: grid) == 800)
    }

    /// Variable sizes: centres at 30, 110, 230, 350, 430 in a 300 pt viewport → offsets −120, −40, 80, 200, 280.
    @Test(arguments: [
        (-81.0, 0.0, -120.0), (-80, 1, -40), (-80, -1, -120), (-79, -1, -40),
        (19.99, 1, -40), (20, 1, 80), (20, -1, -40), (139.99, 0, 80), (140.01, 0, 200), (279, 1, 280),
    ])
    func variableSizes(rest: Double, direction: Double, expected: Double) {
        let g = ArraySnapGeometry(lengths: [60, 100, 140, 100, 60])
        let r = scrollRange(g.contentLength, viewport: 300, leading: 120, trailing: 120)   // -120...280
        #expect(SnapBehavior.centered.target(release(rest: rest, velocity: direction * 1000, min: r.min, max: r.max), geometry: g) == expected)
    }

    /// Spacing: centres 110 pt apart; the midpoint between two centres is the tie.
    @Test func spacing() {
        let g = FixedSnapGeometry(itemCount: 5, itemLength: 100, spacing: 10)   // centres at 50, 160, 270...
        let r = scrollRange(g.contentLength, viewport: 300, leading: 100, trailing: 100)
        func t(_ rest: Double, _ v: Double) -> Double {
            SnapBehavior.centered.target(release(rest: rest, velocity: v, min: r.min, max: r.max), geometry: g)
        }
        #expect(t(-45, 900) == 10)
        #expect(t(-45, -900) == -100)
        #expect(t(-45.01, 900) == -100)
        #expect(t(64, 0) == 10)
        #expect(t(66, 0) == 120)
    }

    /// No rounding bias: a slow pan that rests just past a midpoint must not be pulled one way.
    @Test func noRoundingBias() {
        for centre in stride(from: 0.0, through: 700, by: 100) {
            #expect(target(rest: centre + 49, velocity: 0) == centre)
            #expect(target(rest: centre + 51, velocity: 0) == centre + 100)
            #expect(target(rest: centre + 49, velocity: 700) == centre)
            #expect(target(rest: centre + 51, velocity: -700) == centre + 100)
        }
    }
}
