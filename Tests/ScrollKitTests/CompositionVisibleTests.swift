import Foundation
import Testing
import Motion
@testable import ScrollKit
import SplitMix

extension CompositionTests {
    /// `ItemPosition.visible`: the least movement that shows an item whole.
    @Suite("Visible position")
    @MainActor
    struct VisiblePosition {
        /// 100 items of 60 pt, 10 pt apart, with a 30 pt leading and a 50 pt trailing inset along the axis,
        /// in a 600 pt viewport. Item i spans 30 + 70 i ..< 90 + 70 i; content 7070, offsets 0 ... 6470.
        static func list(_ axis: ScrollAxis) -> ListView {
            let frame = axis == .vertical ? Rect(x: 0, y: 0, width: 320, height: 600) : Rect(x: 0, y: 0, width: 600, height: 320)
            let list = ListView(frame: frame, axis: axis, dataSource: RecordingListSource(count: 100))
            list.itemSpacing = 10
            list.insets = axis == .vertical ? Insets(top: 30, left: 0, bottom: 50, right: 0)
                                            : Insets(top: 0, left: 30, bottom: 0, right: 50)
            return list
        }

        static func offset(_ list: ListView) -> Double {
            list.axis == .horizontal ? list.scrollView.contentOffset.x : list.scrollView.contentOffset.y
        }

        static func setOffset(_ list: ListView, _ o: Double) {
            list.scrollView.contentOffset = list.axis == .horizontal ? Point(x: o, y: 0) : Point(x: 0, y: o)
        }

        /// (from offset, item, expected offset)
        static let cases: [(Double, Int, Double)] = [
            (0, 3, 0),          // 240 ..< 300 shows whole: no movement
            (0, 0, 0),          // the first item at the start of the list
            (0, 7, 0),          // 520 ..< 580: whole (inside the trailing inset's room)
            (0, 8, 100),        // 590 ..< 650 below: its end + 50 - 600
            (0, 20, 940),       // 1430 ..< 1490 below
            (980, 13, 910),     // 940 ..< 1000, cut at the top: its start - 30
            (980, 22, 1080),    // 1570 ..< 1630, cut at the bottom: 1630 + 50 - 600
            (1000, 5, 350),     // 380 ..< 440, above: 380 - 30
            (3000, 0, 0),       // the first item, from far down: the start of the list
            (0, 99, 6470),      // the last item, from the top: the end of the list
            (6470, 99, 6470),   // already at the end and whole
            (6470, 95, 6470),   // 6680 ..< 6740 whole at the end
            (6470, 91, 6370),   // 6400 ..< 6460 above: 6400 - 30
        ]

        @Test("contentOffset(forItem:position: .visible) and scrollToItem(.visible): none when whole, else the nearer edge inside the insets",
              arguments: [ScrollAxis.vertical, .horizontal])
        func visibleOffsets(_ axis: ScrollAxis) {
            for (from, item, expected) in Self.cases {
                let list = Self.list(axis)
                Self.setOffset(list, from)
                #expect(Self.offset(list) == from)
                let target = list.contentOffset(forItem: item, position: .visible)
                #expect((axis == .horizontal ? target.x : target.y) == expected, "item \(item) from \(from)")
                #expect((axis == .horizontal ? target.y : target.x) == 0)
                var moves = 0
                list.scrollView.onDidScroll = { _ in moves += 1 }
                var done: [Bool] = []
                list.scrollToItem(item, position: .visible, duration: 0.3, curve: .easeInOut) { done.append($0) }
                var ticks = ListTicks(hz: 60, start: 1)
                var frames = 0
                repeat { list.step(ticks.next()); frames += 1 } while list.isAnimating && frames < 200
                #expect(done == [true])
                #expect(Self.offset(list) == expected, "item \(item) from \(from)")
                if expected == from { #expect(moves == 0, "item \(item) from \(from) moved") }
                // The item shows whole, inside the viewport.
                let f = list.frame(of: item)!
                let (lo, hi) = axis == .horizontal ? (f.minX, f.maxX) : (f.minY, f.maxY)
                #expect(lo >= expected && hi <= expected + 600)
            }
        }

        @Test("an item longer than the viewport goes to .start, even when it fills the viewport")
        func longItemGoesToStart() {
            // Item 5 is 900 pt long; the others 60; spacing 10, insets 30 and 50: item 5 starts at 380.
            let source = RecordingListSource(count: 20, fixed: nil) { $0 == 5 ? 900 : 60 }
            let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 600), dataSource: source)
            list.itemSpacing = 10
            list.insets = Insets(top: 30, bottom: 50)
            for from in [0.0, 500, 700] {
                list.scrollView.contentOffset = Point(x: 0, y: from)
                #expect(list.contentOffset(forItem: 5, position: .visible).y == 350, "from \(from)")
                #expect(list.contentOffset(forItem: 5, position: .visible) == list.contentOffset(forItem: 5, position: .start))
            }
        }

        @Test(".visible measures from where a running scroll is heading, so repeated requests do not fight it")
        func visibleMeasuresFromHeading() {
            let list = Self.list(.vertical)
            var ticks = ListTicks(hz: 60)
            list.scrollToItem(50, position: .start, duration: 1, curve: .linear)
            list.step(ticks.next())
            list.step(ticks.next())
            // Heading for 30 + 70 · 50 - 30 = 3500; item 52 (3670 ..< 3730) will show whole there.
            #expect(list.contentOffset(forItem: 52, position: .visible).y == 3500)
            // Item 60 (4230 ..< 4290) will not: its end + 50 - 600.
            #expect(list.contentOffset(forItem: 60, position: .visible).y == 3740)
        }
    }

    /// A plain list and a plain scroll view, alone, behave as before the view tree.
    @Suite("Standalone views")
    @MainActor
    struct Standalone {
        @Test("a standalone horizontal list takes a whole wheel turn by its own rule: dx when there is one, else the vertical turn")
        func horizontalListWheel() {
            let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 100), axis: .horizontal,
                                dataSource: RecordingListSource(count: 200))
            let driver = TreeDriver(root: list)
            driver.step()
            list.handle(.wheel(dx: 0.5, dy: 1, location: Point(x: 100, y: 50), time: driver.now))
            driver.settle()
            #expect(list.scrollView.contentOffset.x == 0.5 * ScrollingView.lineStep)   // dx alone, not dy as well
            list.handle(.wheel(dx: 0, dy: -1, location: Point(x: 100, y: 50), time: driver.now))
            driver.settle()
            #expect(list.scrollView.contentOffset.x == 1.5 * ScrollingView.lineStep)   // a vertical turn scrolls it
        }

        @Test("a standalone list: a tap selects the tapped row once, a drag moves 1:1 and selects nothing, a press on a fast fling only stops it")
        func standaloneList() throws {
            let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 600), dataSource: RecordingListSource(count: 200))
            var selected: [Int] = []
            list.onSelectItem = { selected.append($0) }
            let driver = TreeDriver(root: list)
            driver.down(Point(x: 100, y: 130), at: 0.505)
            driver.up(Point(x: 100, y: 130), at: 0.55)
            #expect(selected == [2])
            let cell = try #require(list.cell(at: 2))
            #expect(cell.isHighlighted)                         // briefly, after the tap
            driver.settle()
            #expect(!cell.isHighlighted)
            driver.drag(from: Point(x: 100, y: 400), by: Point(x: 0, y: -100), start: 1, duration: 0.2, release: false)
            #expect(list.scrollView.contentOffset.y == 100)
            driver.up(Point(x: 100, y: 300), at: driver.now)
            #expect(list.scrollView.phase == .decelerating)
            for _ in 0..<3 { driver.step() }
            #expect(list.scrollView.velocity.y > ScrollingView.tapThroughSpeed)
            let o = list.scrollView.contentOffset.y
            driver.down(Point(x: 100, y: 130), at: driver.now - 0.005)
            driver.up(Point(x: 100, y: 130), at: driver.now + 0.03)
            driver.settle()
            #expect(list.scrollView.contentOffset.y == o)
            #expect(selected == [2])
        }

        @Test("a standalone scroll view: a tap reports scrollViewDidTap at the viewport point, a drag moves 1:1")
        func standaloneScrollView() {
            let view = ScrollingView(frame: Rect(x: 10, y: 20, width: 320, height: 480), contentSize: Size(width: 320, height: 4800))
            let recorder = SVRecorder()
            view.delegate = recorder
            let driver = TreeDriver(root: view)
            driver.down(Point(x: 110, y: 220), at: 0.5)
            driver.up(Point(x: 110, y: 220), at: 0.55)
            #expect(recorder.taps == [Point(x: 100, y: 200)])
            driver.drag(from: Point(x: 110, y: 300), by: Point(x: 0, y: -50), start: 1, release: false)
            #expect(view.contentOffset.y == 50)
            #expect(recorder.willBegin == 1)
            driver.up(Point(x: 110, y: 250), at: driver.now)
            driver.settle()
            #expect(recorder.taps.count == 1)
            #expect(recorder.didEndDragging.count == 1)
        }
    }

    /// Random drags over the home screen never move both the list and a carousel (or two carousels).
    @Suite("Arbitration properties")
    @MainActor
    struct ArbitrationProperties {
        @Test("random drags over the nested tree move the list or one carousel, never both, in one gesture",
              arguments: 0..<8)
        func oneScrollViewPerGesture(seed: Int) {
            var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
            let home = HomeScreen(cards: (0..<20).map { $0 % 4 == 1 ? 3 : 30 }, pressable: seed % 2 == 0)
            for gesture in 0..<25 {
                home.resetMoves()
                let activationsBefore = home.activations.count
                let start = Point(x: random.uniform(1...399), y: random.uniform(51...649))
                let angle = random.uniform(0...(2 * Double.pi))
                let length = random.uniform(0...300)
                let duration = random.uniform(0.02...0.5)
                home.drag(from: start, by: Point(x: length * cos(angle), y: length * sin(angle)),
                          start: home.now + 0.003, duration: duration)
                home.settle()
                let carouselsMoved = home.carouselMoves.filter { $0 > 0 }.count
                let moved = carouselsMoved + (home.listMoves > 0 ? 1 : 0)
                #expect(moved <= 1, "seed \(seed) gesture \(gesture): list \(home.listMoves), carousels \(home.carouselMoves)")
                // A gesture that scrolled anything was not a tap.
                if moved > 0 { #expect(home.activations.count == activationsBefore, "seed \(seed) gesture \(gesture)") }
            }
            #expect(home.listOffset >= 0 && home.listOffset <= home.list.scrollView.maxContentOffset.y)
        }
    }
}
