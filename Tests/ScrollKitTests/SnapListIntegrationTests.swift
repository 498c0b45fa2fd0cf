import Testing
import Motion
@testable import ScrollKit

/// Full-width cards (or rows) for snapping through a real ListView and ScrollingView.
@MainActor
final class SnapCardsSource: ListDataSource {
    let count: Int
    let length: Double?
    let sizes: [Double]
    init(count: Int, length: Double) { self.count = count; self.length = length; sizes = [] }
    init(sizes: [Double]) { count = sizes.count; length = nil; self.sizes = sizes }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { length }
    func sizeOfItem(at index: Int) -> Double { sizes[index] }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }
}

/// Snapping end to end: a drag on a ListView, the release, frames on a 60 Hz virtual clock.
@Suite("Snap: through ListView")
@MainActor
struct SnapListIntegrationTests {
    /// Drags `list` along its axis by `distance` points (positive = offset increases) over `duration`,
    /// releases, then runs frames until it rests. Returns the offsets shown, frame by frame.
    @discardableResult
    static func fling(_ list: ListView, distance: Double, duration: Double, at start: inout Double) -> [Double] {
        let horizontal = list.axis == .horizontal
        let f = list.frame
        let c = Point(x: f.midX, y: f.midY)
        func point(_ s: Double) -> Point {
            horizontal ? Point(x: c.x + distance / 2 - distance * s, y: c.y) : Point(x: c.x, y: c.y + distance / 2 - distance * s)
        }
        list.handle(.pointerDown(location: point(0), time: start))
        for k in 1...8 {
            let s = Double(k) / 8
            list.handle(.pointerMove(location: point(s), time: start + duration * s))
        }
        start += duration
        list.handle(.pointerUp(location: point(1), time: start))
        return run(list, from: &start)
    }

    static func run(_ list: ListView, from time: inout Double) -> [Double] {
        var offsets: [Double] = []
        var frame = 0
        while list.isAnimating && frame < 1200 {
            list.step(FrameTick(index: frame, timestamp: time, duration: 1.0 / 60))
            time += 1.0 / 60
            frame += 1
            let o = list.scrollView.contentOffset
            offsets.append(list.axis == .horizontal ? o.x : o.y)
        }
        return offsets
    }

    static func offset(_ list: ListView) -> Double {
        list.axis == .horizontal ? list.scrollView.contentOffset.x : list.scrollView.contentOffset.y
    }

    /// The paging carousel: 20 full-width cards; every fling, however hard, moves exactly one page
    /// and lands exactly on it without overshooting.
    @Test(arguments: [0.03, 0.08, 0.3])
    func pagingCarouselMovesOnePage(duration: Double) {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 360, height: 240), axis: .horizontal,
                            dataSource: SnapCardsSource(count: 20, length: 360))
        list.snapBehavior = .paging()
        var time = 0.0
        var page = 0
        for _ in 0..<3 {
            let offsets = Self.fling(list, distance: 150, duration: duration, at: &time)
            page += 1
            #expect(Self.offset(list) == Double(page) * 360)
            #expect(offsets.allSatisfy { $0 <= Double(page) * 360 }, "no overshoot")
            time += 0.5
        }
        let back = Self.fling(list, distance: -150, duration: duration, at: &time)
        #expect(Self.offset(list) == Double(page - 1) * 360)
        #expect(back.allSatisfy { $0 >= Double(page - 1) * 360 })
        // A short slow drag returns to its page.
        time += 0.5
        Self.fling(list, distance: 20, duration: 0.6, at: &time)
        #expect(Self.offset(list) == Double(page - 1) * 360)
    }

    /// Item snapping with variable row heights lands exactly on a row's start.
    @Test func itemsSnapLandsOnARowStart() throws {
        let sizes = (0..<200).map { 40 + Double($0 % 5) * 17 }
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480), dataSource: SnapCardsSource(sizes: sizes))
        list.itemSpacing = 4
        list.snapBehavior = .items()
        var time = 0.0
        for (distance, duration) in [(300.0, 0.05), (180, 0.2), (-250, 0.06), (35, 0.5)] {
            Self.fling(list, distance: distance, duration: duration, at: &time)
            let o = Self.offset(list)
            let starts = (0..<sizes.count).map { list.layout.itemStart($0) }
            #expect(starts.contains(o) || o == list.scrollView.maxContentOffset.y, "offset \(o)")
            time += 0.5
        }
    }

    /// The wheel with item snapping: each step moves exactly one row; a burst moves several.
    @Test func wheelWithItemSnapping() {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480), dataSource: SnapCardsSource(count: 100, length: 60))
        list.snapBehavior = .items()
        var time = 0.0
        let inside = Point(x: 100, y: 100)
        list.handle(.wheel(dx: 0, dy: -1, location: inside, time: time))
        _ = Self.run(list, from: &time)
        #expect(Self.offset(list) == 60)
        list.handle(.wheel(dx: 0, dy: -1, location: inside, time: time))
        list.handle(.wheel(dx: 0, dy: -1, location: inside, time: time + 0.01))
        list.handle(.wheel(dx: 0, dy: -1, location: inside, time: time + 0.02))
        _ = Self.run(list, from: &time)
        #expect(Self.offset(list) == 240)
        list.handle(.key(.up, time: time))
        _ = Self.run(list, from: &time)
        #expect(Self.offset(list) == 180)
    }
}
