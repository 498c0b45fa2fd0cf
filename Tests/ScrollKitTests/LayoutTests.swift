import Testing
@testable import ScrollKit
import SplitMix

/// A straightforward reference layout: starts by a running sum from item 0.
struct ReferenceLayout {
    var starts: [Double] = []
    var lengths: [Double] = []
    var contentLength: Double

    init(lengths: [Double], spacing: Double, leading: Double, trailing: Double) {
        self.lengths = lengths
        var x = leading
        for l in lengths {
            starts.append(x)
            x += l + spacing
        }
        contentLength = lengths.isEmpty ? leading + trailing : x - spacing + trailing
    }

    func visible(offset: Double, length: Double) -> Range<Int> {
        let hits = lengths.indices.filter { starts[$0] < offset + length && starts[$0] + lengths[$0] > offset }
        guard let first = hits.first, let last = hits.last else { return 0..<0 }
        return first..<(last + 1)
    }

    func hit(_ p: Double) -> Int? {
        lengths.indices.first { starts[$0] <= p && p < starts[$0] + lengths[$0] }
    }

    func containing(_ p: Double) -> Int? {
        guard !lengths.isEmpty else { return nil }
        return lengths.indices.last { starts[$0] <= p } ?? 0
    }
}

/// Whether two ranges hold the same items (all empty ranges count as equal).
func sameItems(_ a: Range<Int>, _ b: Range<Int>) -> Bool { a.isEmpty && b.isEmpty || a == b }

/// Sizes that are multiples of 1/4 pt, so every sum is exact and comparisons with the reference are exact.
func quarterSizes(_ n: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    return (0..<n).map { _ in Double(4 + rng.int(below: 400)) / 4 }
}

@Suite("ListLayout")
struct LayoutTests {
    struct Config: Sendable, CustomTestStringConvertible {
        var count: Int
        var spacing: Double
        var insets: Insets
        var axis: ScrollAxis
        var fixed: Bool
        var testDescription: String { "n=\(count) spacing=\(spacing) \(axis) \(fixed ? "fixed" : "variable")" }
    }

    static let configs: [Config] = [
        Config(count: 1, spacing: 0, insets: .zero, axis: .vertical, fixed: true),
        Config(count: 7, spacing: 0, insets: .zero, axis: .vertical, fixed: false),
        Config(count: 32, spacing: 4, insets: Insets(top: 10, left: 3, bottom: 20, right: 5), axis: .vertical, fixed: false),
        Config(count: 33, spacing: 4, insets: Insets(top: 10, left: 3, bottom: 20, right: 5), axis: .horizontal, fixed: false),
        Config(count: 1000, spacing: 8, insets: Insets(top: 16, bottom: 40), axis: .vertical, fixed: true),
        Config(count: 1000, spacing: 8, insets: Insets(top: 16, bottom: 40), axis: .vertical, fixed: false),
        Config(count: 1234, spacing: 0.5, insets: Insets(left: 12, right: 7), axis: .horizontal, fixed: false),
        Config(count: 777, spacing: 2, insets: Insets(left: 12, right: 7), axis: .horizontal, fixed: true),
    ]

    static func make(_ c: Config) -> (ListLayout, ReferenceLayout) {
        let layout = ListLayout(axis: c.axis, itemSpacing: c.spacing, insets: c.insets)
        let lengths: [Double]
        if c.fixed {
            lengths = Array(repeating: 60, count: c.count)
            layout.setItems(count: c.count, fixedSize: 60)
        } else {
            lengths = quarterSizes(c.count, seed: UInt64(c.count))
            layout.setItems(count: c.count) { lengths[$0] }
        }
        let leading = c.axis == .horizontal ? c.insets.left : c.insets.top
        let trailing = c.axis == .horizontal ? c.insets.right : c.insets.bottom
        return (layout, ReferenceLayout(lengths: lengths, spacing: c.spacing, leading: leading, trailing: trailing))
    }

    @Test("positions match a running sum; index and offset round-trip", arguments: configs)
    func positionsAndRoundTrips(_ c: Config) {
        let (layout, ref) = Self.make(c)
        #expect(layout.itemCount == c.count)
        #expect(layout.contentLength == ref.contentLength)
        for i in 0..<c.count {
            #expect(layout.itemStart(i) == ref.starts[i])
            #expect(layout.itemLength(i) == ref.lengths[i])
            #expect(layout.itemEnd(i) == ref.starts[i] + ref.lengths[i])
            // offset -> index -> offset
            #expect(layout.itemIndex(containing: layout.itemStart(i)) == i)
            #expect(layout.index(at: layout.itemStart(i)) == i)
            #expect(layout.index(at: layout.itemEnd(i) - 0.125) == i)
            // The end of an item is the next item (no spacing) or a gap (spacing).
            let afterEnd = layout.index(at: layout.itemEnd(i))
            if c.spacing > 0 || i == c.count - 1 {
                #expect(afterEnd == nil)
                #expect(layout.itemIndex(containing: layout.itemEnd(i)) == i)   // the gap belongs to the item before
            } else {
                #expect(afterEnd == i + 1)
            }
        }
    }

    @Test("lookups at random positions agree with the reference", arguments: configs)
    func randomProbes(_ c: Config) {
        let (layout, ref) = Self.make(c)
        var rng = SplitMix64(seed: 42)
        let total = ref.contentLength
        for _ in 0..<300 {
            let p = (rng.uniform(-50...(total + 50)) * 8).rounded() / 8   // eighths: exact, hits edges often
            #expect(layout.index(at: p) == ref.hit(p), "seed 42: index(at: \(p))")
            #expect(layout.itemIndex(containing: p) == ref.containing(p), "seed 42: itemIndex(containing: \(p))")
            let length = [1, 59.5, 60, 600, 2000][rng.int(below: 5)]
            #expect(sameItems(layout.visibleRange(offset: p, length: length), ref.visible(offset: p, length: length)),
                    "visibleRange(offset: \(p), length: \(length))")
        }
        // Exactly at item boundaries.
        for i in stride(from: 0, to: c.count, by: max(1, c.count / 40)) {
            for p in [ref.starts[i], ref.starts[i] + ref.lengths[i]] {
                #expect(sameItems(layout.visibleRange(offset: p, length: 100), ref.visible(offset: p, length: 100)), "seed 42")
                #expect(sameItems(layout.visibleRange(offset: p - 100, length: 100), ref.visible(offset: p - 100, length: 100)), "seed 42")
            }
        }
    }

    @Test("insets pad the content; cross insets narrow the frames")
    func insetsAndFrames() throws {
        let v = ListLayout(axis: .vertical, itemSpacing: 10, insets: Insets(top: 20, left: 8, bottom: 30, right: 12))
        v.setItems(count: 3, fixedSize: 50)
        let expectedLength: Double = 20 + 150 + 20 + 30   // inset + 3 items + 2 gaps + inset
        #expect(v.contentLength == expectedLength)
        #expect(try #require(v.frame(of: 1, crossLength: 320)) == Rect(x: 8, y: 80, width: 300, height: 50))
        #expect(v.contentSize(crossLength: 320) == Size(width: 320, height: 220))
        #expect(v.index(at: 10) == nil)         // inside the leading inset
        #expect(v.index(at: 215) == nil)        // inside the trailing inset
        #expect(v.itemIndex(containing: 10) == 0)
        #expect(v.itemIndex(containing: 1e9) == 2)
        #expect(v.visibleRange(offset: 0, length: 20) == 0..<0)    // only the inset is visible
        #expect(v.visibleRange(offset: 0, length: 21) == 0..<1)

        let h = ListLayout(axis: .horizontal, itemSpacing: 4, insets: Insets(top: 6, left: 16, bottom: 2, right: 16))
        h.setItems(count: 10) { Double(100 + $0) }
        #expect(try #require(h.frame(of: 2, crossLength: 200)) == Rect(x: 16 + 100 + 101 + 8, y: 6, width: 102, height: 192))
        #expect(h.contentSize(crossLength: 200).height == 200)
        let itemsTotal = Double((0..<10).map { 100 + $0 }.reduce(0, +))
        let expectedH: Double = 16 + itemsTotal + 36 + 16
        #expect(h.contentLength == expectedH)
        #expect(h.frame(of: 10, crossLength: 200) == nil)
        #expect(h.frame(of: -1, crossLength: 200) == nil)
    }

    @Test("spacing and insets can change without re-reading sizes")
    func changingSpacing() {
        var calls = 0
        let layout = ListLayout()
        layout.setItems(count: 100) { i in calls += 1; return Double(10 + i % 7) }
        _ = layout.contentLength
        let before = layout.itemStart(50)
        layout.itemSpacing = 3
        layout.insets = Insets(top: 5)
        #expect(layout.itemStart(50) == before + 50 * 3 + 5)
        #expect(calls == 100)
        #expect(layout.buildCount == 1)
    }

    @Test("variable sizes are read lazily, once, in order")
    func lazyBuild() {
        var read: [Int] = []
        let layout = ListLayout()
        layout.setItems(count: 70) { i in read.append(i); return 20 }
        #expect(read.isEmpty)
        #expect(!layout.hasBuiltSizes)
        #expect(layout.itemStart(69) == 69 * 20)
        #expect(read == Array(0..<70))
        _ = layout.visibleRange(offset: 300, length: 400)
        _ = layout.contentLength
        _ = layout.itemIndex(containing: 900)
        #expect(read.count == 70)
        #expect(layout.buildCount == 1)
        // A new set of items is read again, lazily.
        layout.setItems(count: 5) { i in read.append(i); return 10 }
        #expect(read.count == 70)
        #expect(layout.contentLength == 50)
        #expect(read.count == 75)
    }

    @Test("updateSize changes one item and shifts the rest")
    func updateSize() {
        var sizes = quarterSizes(500, seed: 9)
        let layout = ListLayout(itemSpacing: 2)
        layout.setItems(count: 500) { sizes[$0] }
        let oldContent = layout.contentLength
        let old300 = layout.itemStart(300)
        let old100 = layout.itemStart(100)
        sizes[137] += 40
        layout.updateSize(at: 137)
        #expect(layout.itemLength(137) == sizes[137])
        #expect(layout.itemStart(100) == old100)
        #expect(layout.itemStart(300) == old300 + 40)
        #expect(layout.contentLength == oldContent + 40)
        let ref = ReferenceLayout(lengths: sizes, spacing: 2, leading: 0, trailing: 0)
        for i in stride(from: 0, to: 500, by: 7) {
            #expect(layout.itemIndex(containing: ref.starts[i]) == i)
        }
        // Ignored: out of range.
        layout.updateSize(at: -1)
        layout.updateSize(at: 500)
        #expect(layout.contentLength == oldContent + 40)
    }

    @Test("10,000,000 fixed-size items: O(1) lookups, exact at the far end")
    func tenMillionFixed() throws {
        let n = 10_000_000
        let layout = ListLayout(itemSpacing: 1, insets: Insets(top: 4, bottom: 4))
        layout.setItems(count: n, fixedSize: 60)
        let expectedLength: Double = 8 + 60 * Double(n) + Double(n - 1)
        #expect(layout.contentLength == expectedLength)
        let last = n - 1
        #expect(layout.itemStart(last) == 4 + 61 * Double(last))
        #expect(layout.itemIndex(containing: layout.itemStart(last)) == last)
        let end = layout.contentLength
        let r = layout.visibleRange(offset: end - 600, length: 600)
        #expect(r.upperBound == n)
        #expect(r.count == 10 || r.count == 11)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let i = rng.int(below: n)
            #expect(layout.itemIndex(containing: layout.itemStart(i) + 30) == i, "seed 7")
            #expect(layout.index(at: layout.itemEnd(i) + 0.5) == nil)   // in the 1 pt gap
            let range = layout.visibleRange(offset: layout.itemStart(i), length: 600)
            #expect(range.lowerBound == i, "seed 7")
            #expect(range.count == min(10, n - i))   // 600 / 61 -> items i ... i+9
        }
    }

    @Test("10,000,000 variable-size items: one pass over the sizes, then no size reads")
    func tenMillionVariable() {
        let n = 10_000_000
        var calls = 0
        let layout = ListLayout(itemSpacing: 0)
        // Sizes 50, 60, 70, 50, 60, 70, ...: the start of item k has a closed form.
        layout.setItems(count: n) { i in calls += 1; return Double(50 + (i % 3) * 10) }
        func expectedStart(_ k: Int) -> Double {
            let cycles = k / 3, r = k % 3
            return Double(cycles * 180 + (r >= 1 ? 50 : 0) + (r >= 2 ? 60 : 0))
        }
        #expect(calls == 0)
        #expect(layout.contentLength == expectedStart(n))
        #expect(calls == n)
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let k = rng.int(below: n)
            #expect(layout.itemStart(k) == expectedStart(k), "seed 11")
            #expect(layout.itemIndex(containing: expectedStart(k) + 25) == k, "seed 11")
            #expect(layout.index(at: expectedStart(k) - 0.5) == (k == 0 ? nil : k - 1), "seed 11")
            let range = layout.visibleRange(offset: expectedStart(k), length: 600)
            #expect(range.lowerBound == k, "seed 11")
            #expect(range.count >= 9 && range.count <= 12, "seed 11")
        }
        // Per-query cost does not depend on the count: after the one build no query reads a size again.
        #expect(calls == n, "seed 11")
        #expect(layout.buildCount == 1, "seed 11")
    }

    @Test("bad sizes are clamped to the documented limits", arguments: [0.0, -5, -.infinity, .nan, 0.25])
    func badSizesClamped(_ bad: Double) {
        let variable = ListLayout()
        variable.setItems(count: 3) { $0 == 1 ? bad : 10 }
        #expect(variable.itemLength(1) == ListLayout.minimumItemSize)
        #expect(variable.contentLength == 20 + ListLayout.minimumItemSize)
        #expect(variable.itemIndex(containing: 10.5) == 1)
        let fixed = ListLayout()
        fixed.setItems(count: 4, fixedSize: bad)
        #expect(fixed.fixedItemSize == ListLayout.minimumItemSize)
        #expect(fixed.contentLength == 4 * ListLayout.minimumItemSize)
        #expect(fixed.visibleRange(offset: 0, length: 100) == 0..<4)
    }

    @Test("huge sizes, spacing and insets stay finite")
    func hugeValues() {
        let layout = ListLayout(itemSpacing: .infinity, insets: Insets(top: .nan, left: -3, bottom: 1e300, right: 0))
        #expect(layout.itemSpacing == 0)
        #expect(layout.insets == Insets(top: 0, left: 0, bottom: ListLayout.maximumItemSize, right: 0))
        layout.setItems(count: 2) { $0 == 0 ? .infinity : 1e12 }
        #expect(layout.itemLength(0) == ListLayout.maximumItemSize)
        #expect(layout.contentLength.isFinite)
        layout.setItems(count: Int.max, fixedSize: 60)
        #expect(layout.itemCount == ListLayout.maximumItemCount)
        #expect(layout.contentLength.isFinite)
        #expect(layout.itemIndex(containing: .infinity) == ListLayout.maximumItemCount - 1)
        #expect(layout.visibleRange(offset: .infinity, length: 100).isEmpty)
        #expect(layout.visibleRange(offset: -.infinity, length: .infinity) == 0..<ListLayout.maximumItemCount)
        layout.setItems(count: Int.max) { _ in 1 }
        #expect(layout.itemCount == ListLayout.maximumVariableItemCount)
    }

    @Test("empty lists, zero and NaN lengths give empty answers", arguments: [true, false])
    func emptyAndZero(_ fixed: Bool) {
        let layout = ListLayout(insets: Insets(top: 7, bottom: 3))
        if fixed { layout.setItems(count: 0, fixedSize: 44) } else { layout.setItems(count: -4) { _ in 44 } }
        #expect(layout.itemCount == 0)
        #expect(layout.contentLength == 10)
        #expect(layout.visibleRange(offset: 0, length: 600).isEmpty)
        #expect(layout.itemIndex(containing: 0) == nil)
        #expect(layout.index(at: 8) == nil)
        #expect(layout.frame(of: 0, crossLength: 100) == nil)
        #expect(layout.itemLength(0) == 0)
        #expect(layout.itemStart(5) == 7)

        if fixed { layout.setItems(count: 50, fixedSize: 44) } else { layout.setItems(count: 50) { _ in 44 } }
        #expect(layout.visibleRange(offset: 100, length: 0).isEmpty)
        #expect(layout.visibleRange(offset: 100, length: -10).isEmpty)
        #expect(layout.visibleRange(offset: .nan, length: 100).isEmpty)
        #expect(layout.visibleRange(offset: 100, length: .nan).isEmpty)
        #expect(layout.index(at: .nan) == nil)
        #expect(layout.itemIndex(containing: .nan) == 0)
        #expect(layout.visibleRange(offset: 1e9, length: 600).isEmpty)
        #expect(layout.visibleRange(offset: -1e9, length: 600).isEmpty)
        #expect(layout.frame(of: 3, crossLength: .nan)?.width == 0)
    }

    @Test("`.both` lays out vertically")
    func bothAxis() {
        let layout = ListLayout(axis: .both, insets: Insets(top: 5, left: 9))
        layout.setItems(count: 3, fixedSize: 40)
        #expect(layout.leadingInset == 5)
        #expect(layout.frame(of: 1, crossLength: 100) == Rect(x: 9, y: 45, width: 91, height: 40))
    }

    @Test("as a SnapGeometry it matches an array geometry of the same items",
          arguments: [SnapBehavior.items(), .items(snapRatio: 0.5, alignment: .center), .centered, .paging()])
    func snapGeometryAgreement(_ behavior: SnapBehavior) {
        let lengths = quarterSizes(300, seed: 3)
        let layout = ListLayout(itemSpacing: 6, insets: Insets(top: 12, bottom: 12))
        layout.setItems(count: lengths.count) { lengths[$0] }
        let array = ArraySnapGeometry(lengths: lengths, spacing: 6, leading: 12)
        let maxOffset = layout.contentLength - 500
        var rng = SplitMix64(seed: 5)
        for _ in 0..<100 {
            let current = rng.uniform(0...maxOffset)
            let ctx = SnapContext(proposedRest: current + rng.uniform(-2000...2000), currentOffset: current,
                                  dragStartOffset: current - 30, velocity: rng.uniform(-3000...3000),
                                  viewportLength: 500, minOffset: 0, maxOffset: maxOffset)
            #expect(behavior.target(ctx, geometry: layout) == behavior.target(ctx, geometry: array), "seed 5")
            let steps = rng.int(below: 7) - 3
            #expect(behavior.stepTarget(from: current, steps: steps, viewportLength: 500, minOffset: 0, maxOffset: maxOffset, geometry: layout)
                    == behavior.stepTarget(from: current, steps: steps, viewportLength: 500, minOffset: 0, maxOffset: maxOffset, geometry: array))
        }
        for i in 0..<lengths.count {
            #expect(layout.itemIndex(containing: array.itemStart(i) + 0.1) == array.itemIndex(containing: array.itemStart(i) + 0.1), "seed 5")
        }
    }
}
