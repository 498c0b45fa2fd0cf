import Testing
import Motion
@testable import ScrollKit

/// A self-sizing data source: every item is estimated at `estimate`, its real length comes from `real`
/// (which may depend on the width), and every measuring call is recorded.
@MainActor
final class MeasuredSource: ListDataSource {
    var count: Int
    var estimate: Double
    var real: (Int, Double) -> Double
    var measured: [Int] = []
    var widths: Set<Double> = []

    init(count: Int, estimate: Double = 60, real: @escaping (Int, Double) -> Double) {
        self.count = count
        self.estimate = estimate
        self.real = real
    }

    var numberOfItems: Int { count }
    var estimatedItemSize: Double? { estimate }
    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        measured.append(index)
        widths.insert(crossLength)
        return real(index, crossLength)
    }
    func cell(at index: Int, in list: ListView) -> ListCell {
        list.dequeueCell(LabelCell.self, for: index)
    }
}

/// Real sizes that differ from a 60 pt estimate in both directions, deterministic per index.
func uneven(_ i: Int, _ width: Double) -> Double { Double(24 + (i * 37) % 150) * (320 / max(width, 1)) }

@Suite("Self-sizing lists")
@MainActor
struct SelfSizingTests {
    static let frame = Rect(x: 0, y: 0, width: 320, height: 600)

    /// The top of item `i` on screen (list coordinates).
    func screenY(_ list: ListView, _ i: Int) -> Double { list.frame(of: i)!.minY - list.scrollView.contentOffset.y }

    @Test("A reload measures nothing; a frame measures only what comes near the viewport")
    func lazyMeasuring() {
        let source = MeasuredSource(count: 10_000, real: uneven)
        let list = ListView(frame: Self.frame, dataSource: source)
        #expect(source.measured.isEmpty)
        #expect(list.layout.contentLength == 10_000 * 60)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        let visible = list.visibleRange
        #expect(visible.allSatisfy { list.layout.isMeasured($0) })
        #expect(source.measured.count <= visible.count + list.measurementLookahead)
        #expect(source.measured.count == Set(source.measured).count, "each item once")
        expectListConsistent(list)
    }

    @Test("A fling across 10^4 items measures a bounded number per frame, each item at most once")
    func flingMeasuresBounded() {
        let source = MeasuredSource(count: 10_000, real: uneven)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        var worst = 0
        for round in 0..<6 {
            // Drag up fast and let go: a strong fling.
            let t0 = ticks.now
            list.handle(.pointerDown(location: Point(x: 100, y: 500), time: t0))
            for k in 1...5 {
                list.handle(.pointerMove(location: Point(x: 100, y: 500 - Double(k) * 80), time: t0 + Double(k) * 0.008))
            }
            list.handle(.pointerUp(location: Point(x: 100, y: 100), time: t0 + 0.04))
            for _ in 0..<120 {
                list.step(ticks.next())
                worst = max(worst, list.measuredInLastStep)
                #expect(list.visibleRange.allSatisfy { list.layout.isMeasured($0) }, "round \(round)")
            }
            expectListConsistent(list)
        }
        #expect(list.scrollView.contentOffset.y > 20_000, "the flings travelled")
        #expect(worst <= 30, "at most the visible items plus the lookahead in a frame (worst \(worst))")
        #expect(source.measured.count == Set(source.measured).count, "each item measured once")
        #expect(source.measured.count < 2_000, "only what passed the viewport")
    }

    @Test("Items above the viewport that turn out taller or shorter do not move what is in view",
          arguments: [-1.0, 1.0])
    func correctionsAboveKeepTheView(direction: Double) {
        // Items are 20 pt or 140 pt against a 60 pt estimate.
        let source = MeasuredSource(count: 2_000) { i, _ in direction > 0 ? 140 : 20 + Double(i % 2) }
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 60_000)
        list.step(ticks.next())
        let top = list.visibleRange.lowerBound
        let before = screenY(list, top)
        // Scroll up by wheel-free, pointer-free means: a drag of 300 pt down.
        let t0 = ticks.now
        list.handle(.pointerDown(location: Point(x: 100, y: 100), time: t0))
        for k in 1...30 {
            list.handle(.pointerMove(location: Point(x: 100, y: 100 + Double(k) * 10), time: t0 + Double(k) / 60))
            list.step(ticks.next())
            // The item that was at the top follows the finger exactly: no jump from the corrections above it.
            #expect(abs(screenY(list, top) - (before + Double(k) * 10)) < 1e-9, "step \(k)")
            expectListConsistent(list)
        }
        #expect(list.layout.measuredItemCount > list.visibleRange.count, "items above were measured on the way")
    }

    @Test("Corrections below the viewport move nothing; the content length converges to the real total")
    func contentLengthConverges() {
        let source = MeasuredSource(count: 300, real: uneven)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        var offset = 0.0
        while offset < list.scrollView.maxContentOffset.y {
            offset += 300
            list.scrollView.contentOffset = Point(x: 0, y: offset)
            list.step(ticks.next())
        }
        let total = (0..<300).reduce(0.0) { $0 + uneven($1, 320) }
        #expect(list.layout.measuredItemCount == 300)
        #expect(abs(list.layout.contentLength - total) < 1e-6)
        #expect(list.scrollView.contentOffset.y == list.scrollView.maxContentOffset.y)
    }

    @Test("A timed scroll to an item re-aims as sizes are corrected and lands exactly on it",
          arguments: [ItemPosition.start, .center, .end], [100, 7_000])
    func scrollToItemLands(position: ItemPosition, target: Int) {
        let source = MeasuredSource(count: 10_000, real: uneven)
        let list = ListView(frame: Self.frame, dataSource: source)
        list.insets = Insets(top: 8, left: 0, bottom: 8, right: 0)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        if target < 1000 {   // start from the far side so that the scroll goes up through estimates
            list.scrollView.contentOffset = Point(x: 0, y: 300_000)
            list.step(ticks.next())
        }
        var finished: Bool?
        list.scrollToItem(target, position: position, duration: 1, curve: .smoothstep) { finished = $0 }
        var last = list.scrollView.contentOffset.y
        var biggestStep = 0.0
        for _ in 0..<90 {
            list.step(ticks.next())
            let y = list.scrollView.contentOffset.y
            biggestStep = max(biggestStep, abs(y - last))
            last = y
        }
        #expect(finished == true)
        let frame = list.frame(of: target)!
        let y = list.scrollView.contentOffset.y
        switch position {
        case .start: #expect(y == frame.minY - 8)
        case .center: #expect(abs(y - (frame.midY - 300)) < 1e-6)
        default: #expect(abs(y - (frame.maxY + 8 - 600)) < 1e-6)
        }
        #expect(list.visibleRange.allSatisfy { list.layout.isMeasured($0) })
        expectListConsistent(list)
    }

    @Test("A new width re-measures lazily and keeps the item at the top where it was")
    func resizeKeepsTopItem() {
        let source = MeasuredSource(count: 500, real: uneven)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.contentOffset = Point(x: 0, y: 9_000)
        list.step(ticks.next())
        let top = list.visibleRange.lowerBound
        let y0 = screenY(list, top)
        let lengthBefore = list.layout.contentLength
        source.measured.removeAll()
        list.frame = Rect(x: 0, y: 0, width: 200, height: 600)
        list.step(ticks.next())
        #expect(list.visibleRange.lowerBound == top)
        #expect(screenY(list, top) == y0)
        #expect(source.widths.contains(200))
        #expect(source.measured.count <= list.visibleRange.count + list.measurementLookahead)
        #expect(list.layout.contentLength != lengthBefore)
        expectListConsistent(list)
    }

    @Test("reloadItems re-measures a visible item and configures it again")
    func reloadItemsRemeasures() {
        var tall = false
        let source = MeasuredSource(count: 50) { i, _ in i == 3 && tall ? 200 : 50 }
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        #expect(list.frame(of: 3)!.height == 50)
        tall = true
        list.reloadItems([3])
        list.step(ticks.next())
        #expect(list.frame(of: 3)!.height == 200)
        #expect(list.frame(of: 4)!.minY == 350)
        expectListConsistent(list)
    }

    @Test("Bad input: NaN and zero estimates and sizes, zero-sized frames, empty data")
    func badInput() {
        let source = MeasuredSource(count: 100, estimate: .nan) { i, _ in [.nan, 0, -5, .infinity][i % 4] }
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        #expect(list.layout.contentLength.isFinite)
        expectListConsistent(list)
        list.frame = .zero
        list.step(ticks.next())
        source.count = 0
        list.reloadData()
        list.frame = Self.frame
        list.step(ticks.next())
        #expect(list.visibleCells.isEmpty)
    }
}

@Suite("ScrollingView.adjustContentOffset")
@MainActor
struct AdjustContentOffsetTests {
    func makeScroll() -> ScrollingView {
        ScrollingView(viewportSize: Size(width: 300, height: 500), contentSize: Size(width: 300, height: 50_000), axis: .vertical)
    }

    func fling(_ s: ScrollingView, at t: Double) {
        s.handle(.pointerDown(location: Point(x: 50, y: 400), time: t))
        for k in 1...4 { s.handle(.pointerMove(location: Point(x: 50, y: 400 - Double(k) * 40), time: t + Double(k) * 0.01)) }
        s.handle(.pointerUp(location: Point(x: 50, y: 240), time: t + 0.04))
    }

    @Test("A fling shifted mid-way follows the same path, moved by the shift")
    func flingShifted() {
        let a = makeScroll(), b = makeScroll()
        a.contentOffset = Point(x: 0, y: 5_000); b.contentOffset = Point(x: 0, y: 5_000)
        fling(a, at: 0); fling(b, at: 0)
        var ticks = ListTicks(hz: 60, start: 0.05)
        for k in 0..<600 {
            let tick = ticks.next()
            a.step(tick); b.step(tick)
            if k == 20 { b.setContentSize(Size(width: 300, height: 50_250), adjustingContentOffsetBy: Point(x: 0, y: 250)) }
            if k >= 20 {
                #expect(abs(b.contentOffset.y - (a.contentOffset.y + 250)) < 1e-9, "frame \(k)")
                #expect(abs(b.velocity.y - a.velocity.y) < 1e-9)
            }
        }
        #expect(b.phase == .idle)
    }

    @Test("A drag keeps its finger on the same content after a shift")
    func dragShifted() {
        let s = makeScroll()
        s.contentOffset = Point(x: 0, y: 1_000)
        s.handle(.pointerDown(location: Point(x: 50, y: 300), time: 0))
        s.handle(.pointerMove(location: Point(x: 50, y: 250), time: 0.02))
        let before = s.contentOffset.y
        s.adjustContentOffset(by: Point(x: 0, y: -120))
        #expect(s.contentOffset.y == before - 120)
        s.handle(.pointerMove(location: Point(x: 50, y: 200), time: 0.04))
        #expect(s.contentOffset.y == before - 120 + 50)
    }

    @Test("A timed scroll keeps its timing and lands on its shifted destination")
    func timedShifted() {
        let s = makeScroll()
        var done: Bool?
        s.setContentOffset(Point(x: 0, y: 3_000), duration: 1, curve: .linear) { done = $0 }
        var ticks = ListTicks(hz: 60)
        for k in 0..<70 {
            s.step(ticks.next())
            if k == 30 { s.adjustContentOffset(by: Point(x: 0, y: 100)) }
        }
        #expect(done == true)
        #expect(s.contentOffset.y == 3_100)
    }

    @Test("At rest the shifted offset is clamped; non-finite deltas count as 0")
    func restClamped() {
        let s = makeScroll()
        s.adjustContentOffset(by: Point(x: 0, y: -80))
        #expect(s.contentOffset.y == 0)
        s.adjustContentOffset(by: Point(x: .nan, y: .infinity))
        #expect(s.contentOffset == .zero)
        s.setContentSize(Size(width: 300, height: 60_000), adjustingContentOffsetBy: Point(x: 0, y: 700))
        #expect(s.contentOffset.y == 700)
        #expect(s.contentSize.height == 60_000)
    }

    @Test("Re-aiming a timed scroll keeps the position continuous and lands on the new target")
    func reaimContinuous() {
        let s = makeScroll()
        s.setContentOffset(Point(x: 0, y: 4_000), duration: 1, curve: .smoothstep)
        var ticks = ListTicks(hz: 60)
        var last = 0.0
        for k in 0..<70 {
            s.step(ticks.next())
            if k == 25 {
                let shown = s.contentOffset.y
                s.reaimTimedScroll(to: Point(x: 0, y: 4_300))
                s.step(FrameTick(index: 999, timestamp: ticks.now - 1 / 60.0, duration: 1 / 60.0))   // same time again
                #expect(abs(s.contentOffset.y - shown) < 1e-6)
            }
            #expect(s.contentOffset.y >= last - 1e-9, "monotonic")
            last = s.contentOffset.y
        }
        #expect(s.contentOffset.y == 4_300)
    }
}
