import Testing
@testable import ScrollKit

// Shared helpers for the Snap*Tests files.

/// A release for snapping tests. `current` and `start` default to `rest` (no displacement).
func release(rest: Double, current: Double? = nil, start: Double? = nil, velocity: Double,
             viewport: Double = 300, min: Double = 0, max: Double) -> SnapContext {
    let current = current ?? rest
    return SnapContext(proposedRest: rest, currentOffset: current, dragStartOffset: start ?? current,
                       velocity: velocity, viewportLength: viewport, minOffset: min, maxOffset: max)
}

/// The scroll range of content in a viewport with leading and trailing insets, as the API sketch defines it.
func scrollRange(_ contentLength: Double, viewport: Double, leading: Double = 0, trailing: Double = 0) -> (min: Double, max: Double) {
    let lo = -leading
    return (lo, Swift.max(lo, contentLength + trailing - viewport))
}

/// A geometry that counts how often it is asked about an item (for complexity checks).
final class CountingGeometry: SnapGeometry {
    let base: FixedSnapGeometry
    var calls = 0
    init(_ base: FixedSnapGeometry) { self.base = base }
    var itemCount: Int { base.itemCount }
    func itemStart(_ index: Int) -> Double { calls += 1; return base.itemStart(index) }
    func itemLength(_ index: Int) -> Double { calls += 1; return base.itemLength(index) }
    func itemIndex(containing position: Double) -> Int? { calls += 1; return base.itemIndex(containing: position) }
}

/// A counting geometry that relies on the default (binary search) `itemIndex(containing:)`.
final class HintlessCountingGeometry: SnapGeometry {
    let base: FixedSnapGeometry
    var calls = 0
    init(_ base: FixedSnapGeometry) { self.base = base }
    var itemCount: Int { base.itemCount }
    func itemStart(_ index: Int) -> Double { calls += 1; return base.itemStart(index) }
    func itemLength(_ index: Int) -> Double { calls += 1; return base.itemLength(index) }
}

/// A geometry whose `itemIndex(containing:)` answers a fixed, usually wrong, index.
struct LyingGeometry: SnapGeometry {
    let base: ArraySnapGeometry
    let answer: Int?
    var itemCount: Int { base.itemCount }
    func itemStart(_ index: Int) -> Double { base.itemStart(index) }
    func itemLength(_ index: Int) -> Double { base.itemLength(index) }
    func itemIndex(containing position: Double) -> Int? { answer }
}

/// A geometry that answers NaN for everything (a broken data source).
struct NaNGeometry: SnapGeometry {
    var itemCount: Int { 5 }
    func itemStart(_ index: Int) -> Double { .nan }
    func itemLength(_ index: Int) -> Double { .nan }
}

@Suite("Snap geometries")
struct SnapGeometryTests {
    @Test func fixedGeometryPositions() {
        let g = FixedSnapGeometry(itemCount: 5, itemLength: 100, spacing: 20, leading: 10)
        #expect(g.itemStart(0) == 10)
        #expect(g.itemStart(3) == 370)
        #expect(g.itemLength(4) == 100)
        #expect(g.contentLength == 590)
    }

    /// The spacing after an item belongs to that item; out of range gives the nearest end item.
    @Test(arguments: [
        (-50.0, 0), (0, 0), (99.9, 0), (100, 0), (119.9, 0), (120, 1), (239.9, 1), (240, 2),
        (480, 4), (10_000, 4),
    ])
    func fixedItemIndex(position: Double, expected: Int) {
        let g = FixedSnapGeometry(itemCount: 5, itemLength: 100, spacing: 20)
        #expect(g.itemIndex(containing: position) == expected)
    }

    /// The default binary search agrees with a linear scan at every item edge and in every gap.
    @Test func arrayItemIndexMatchesLinearScan() {
        let g = ArraySnapGeometry(lengths: [44, 88, 10, 120, 60, 33], spacing: 8, leading: 5)
        var probes: [Double] = [-100, 0, 4.9, 1e6]
        for i in 0..<g.itemCount {
            let s = g.itemStart(i), e = s + g.itemLength(i)
            probes += [s - 0.01, s, s + 0.01, e - 0.01, e, e + 4]
        }
        for p in probes {
            let linear = (0..<g.itemCount).last { g.itemStart($0) <= p } ?? 0
            #expect(g.itemIndex(containing: p) == linear, "position \(p)")
        }
    }

    @Test func arrayGeometryPrefixSums() {
        let g = ArraySnapGeometry(lengths: [44, 88, 44, 120], spacing: 8)
        #expect((0..<4).map(g.itemStart) == [0, 52, 148, 200])
        #expect(g.contentLength == 320)
    }

    @Test func emptyAndBrokenGeometries() {
        #expect(FixedSnapGeometry(itemCount: 0, itemLength: 50).itemIndex(containing: 10) == nil)
        #expect(ArraySnapGeometry(lengths: []).itemIndex(containing: 10) == nil)
        #expect(FixedSnapGeometry(itemCount: -3, itemLength: 50).itemCount == 0)
        let broken = ArraySnapGeometry(lengths: [.nan, -5, 10], spacing: .nan, leading: .infinity)
        #expect(broken.lengths == [0, 0, 10])
        #expect(broken.itemStart(2) == 0)
        #expect(FixedSnapGeometry(itemCount: 3, itemLength: .nan).itemIndex(containing: 5) == 0)
        #expect(FixedSnapGeometry(itemCount: 3, itemLength: 10).itemIndex(containing: .nan) == 0)
    }
}
