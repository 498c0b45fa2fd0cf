// Issue 41 item 3: hostile frame ticks (NaN, ±inf, negative, 1e300, repeated, backwards) and hostile values
// (NaN, ±inf and 1e300 sizes, frames, offsets, zoom scales, text scale; zero sizes, empty data) fed through the
// public API to the views. Each must keep running (no trap), and after a run of ordinary ticks every scroll view
// rests with a finite offset inside its range plus the rubber band's reach (at most one viewport).

import Motion
import SplitMix
import Testing
@testable import ScrollKit

@Suite("Hostile ticks and values", .serialized)
@MainActor
struct HostileTickTests {
    static let specials: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 0, -1, -0.0]

    /// `count` ticks from a seeded generator: each field is a special value about a third of the time, and the
    /// timestamps otherwise repeat, run backwards or jump.
    static func hostileTicks(seed: UInt64, count: Int) -> [FrameTick] {
        var rng = SplitMix64(seed: seed)
        var t = 1.0
        var ticks: [FrameTick] = []
        func value(_ normal: Double) -> Double {
            rng.next() % 3 == 0 ? specials[Int(rng.next() % UInt64(specials.count))] : normal
        }
        for i in 0..<count {
            switch rng.next() % 4 {
            case 0: break                                     // repeated
            case 1: t -= Double(rng.next() % 1000) / 100      // backwards
            case 2: t += Double(rng.next() % 1000)            // a jump
            default: t += 1.0 / 60
            }
            ticks.append(FrameTick(index: i, timestamp: value(t), targetTimestamp: value(t + 1.0 / 60),
                                   duration: value(1.0 / 60)))
        }
        return ticks
    }

    /// Steps `root` through the hostile ticks, then `seconds` of ordinary 60 Hz ticks, drawing each frame.
    static func drive(_ root: ViewNode, seed: UInt64, seconds: Double = 3) {
        let canvas = RecordingCanvas()
        for tick in hostileTicks(seed: seed, count: 200) {
            root.step(tick)
            root.draw(in: canvas)
        }
        let start = 10_000.0
        for i in 0..<Int(seconds * 60) {
            root.step(FrameTick(index: 1000 + i, timestamp: start + Double(i) / 60, duration: 1.0 / 60))
        }
        root.draw(in: canvas)
    }

    /// Finite, and inside the range widened by one viewport (the rubber band never reaches further).
    static func expectAtRest(_ s: ScrollingView, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let o = s.contentOffset, lo = s.minContentOffset, hi = s.maxContentOffset, v = s.viewportSize
        #expect(o.x.isFinite && o.y.isFinite, "\(label): offset \(o)", sourceLocation: sourceLocation)
        #expect(o.x >= lo.x - v.width - 1e-6 && o.x <= hi.x + v.width + 1e-6, "\(label): x \(o.x) in \(lo.x)...\(hi.x)",
                sourceLocation: sourceLocation)
        #expect(o.y >= lo.y - v.height - 1e-6 && o.y <= hi.y + v.height + 1e-6, "\(label): y \(o.y) in \(lo.y)...\(hi.y)",
                sourceLocation: sourceLocation)
    }

    final class Items: ListDataSource {
        var count: Int
        init(_ count: Int) { self.count = count }
        var numberOfItems: Int { count }
        var fixedItemSize: Double? { nil }
        func sizeOfItem(at index: Int) -> Double { HostileTickTests.specials[index % HostileTickTests.specials.count] }
        func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }
    }

    @Test("a list refreshing (the spinner turning) survives NaN, infinite, huge and backwards frame times",
          arguments: [1, 2, 3, 4] as [UInt64])
    func refreshingList(seed: UInt64) {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480), dataSource: Items(100))
        list.onRefresh = { _ in }
        list.beginRefreshing()
        #expect(list.refreshState == .refreshing)
        // beginRefreshing() adds the spinner's room without moving the content: show it, as a pull would.
        list.scrollView.setContentOffset(list.scrollView.minContentOffset, animated: false)
        list.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        #expect(list.refreshPullDistance == ListView.refreshSpinnerHeight)
        Self.drive(list, seed: seed)
        #expect(list.refreshState == .refreshing)
        Self.expectAtRest(list.scrollView, "refreshing list")
        list.endRefreshing()
        Self.drive(list, seed: seed &+ 100)
        Self.expectAtRest(list.scrollView, "list after the refresh")
    }

    @Test("lists, an empty list and a scroll view take hostile offsets, sizes, zoom scales and text scale",
          arguments: [5, 6, 7] as [UInt64])
    func hostileValues(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func special() -> Double { Self.specials[Int(rng.next() % UInt64(Self.specials.count))] }
        let saved = ViewNode.textScale
        defer { ViewNode.textScale = saved }
        for count in [0, 1, 1000] {
            let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480), dataSource: Items(count))
            list.onRefresh = { _ in }
            list.scrollView.setContentOffset(Point(x: special(), y: special()), animated: rng.next() % 2 == 0)
            Self.drive(list, seed: rng.next(), seconds: 0.5)
            list.frame = Rect(x: special(), y: special(), width: special(), height: special())
            ViewNode.textScale = special(); list.textScaleDidChange()
            list.beginRefreshing()
            Self.drive(list, seed: rng.next(), seconds: 0.5)
            list.frame = Rect(x: 0, y: 0, width: 320, height: 480)
            ViewNode.textScale = saved
            list.endRefreshing()
            Self.drive(list, seed: rng.next())
            Self.expectAtRest(list.scrollView, "list of \(count)")
        }
        let content = ViewNode()
        content.frame = Rect(x: 0, y: 0, width: 2000, height: 2000)
        let scroll = ScrollingView(frame: Rect(x: 0, y: 0, width: 320, height: 480),
                                   contentSize: Size(width: 2000, height: 2000), axis: .both)
        scroll.addSubview(content)
        scroll.zoomingView = content
        scroll.maximumZoomScale = special()
        scroll.setZoomScale(special(), animated: true)
        scroll.contentSize = Size(width: special(), height: special())
        scroll.setContentOffset(Point(x: special(), y: special()), duration: special(), curve: .easeInOutCubic)
        Self.drive(scroll, seed: rng.next(), seconds: 0.5)
        scroll.contentSize = Size(width: 2000, height: 2000)
        scroll.maximumZoomScale = 4
        scroll.setZoomScale(1, animated: false)
        Self.drive(scroll, seed: rng.next())
        Self.expectAtRest(scroll, "scroll view")
    }

    @Test("a grid, a navigation stack pushing with a sheet over it keep running on hostile ticks and sizes")
    func gridAndNavigation() {
        for columns in [GridColumns.fixed(3), .adaptive(minimumWidth: .nan), .adaptive(minimumWidth: 1e300)] {
            let grid = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480),
                                gridLayout: SectionedGridLayout(columns: columns), dataSource: Items(500))
            grid.scrollView.setContentOffset(Point(x: 0, y: 1e300), animated: true)
            Self.drive(grid, seed: 40)
            Self.expectAtRest(grid.scrollView, "grid \(columns)")
        }
        let stack = NavigationStackView(root: NavigationScreen(title: "root", content: ViewNode()),
                                        frame: Rect(x: 0, y: 0, width: 320, height: 480))
        stack.push(NavigationScreen(title: "next", content: ViewNode(), prefersLargeTitle: true), animated: true)
        Self.drive(stack, seed: 41, seconds: 0.5)
        _ = stack.present(sheet: ViewNode(), detents: [.height(.nan), .medium, .height(1e300)], animated: true)
        Self.drive(stack, seed: 42, seconds: 0.5)
        stack.frame = Rect(x: 0, y: 0, width: .nan, height: 1e300)
        Self.drive(stack, seed: 43, seconds: 0.5)
        _ = stack.dismissSheet(animated: true)
        stack.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        Self.drive(stack, seed: 44)
    }

    @Test("controls and text views keep running on hostile ticks and frames")
    func controls() {
        let picker = PickerView(frame: Rect(x: 0, y: 0, width: 320, height: 60), dataSource: Items(20))
        picker.selectItem(5, animated: true)
        let toggle = Switch(isOn: false, frame: Rect(x: 0, y: 0, width: 51, height: 31))
        toggle.setOn(true, animated: true)
        let segments = SegmentedControl(segments: ["a", "b", "c"], frame: Rect(x: 0, y: 0, width: 200, height: 32))
        let field = TextFieldView(text: "hello", placeholder: "name", frame: Rect(x: 0, y: 0, width: 200, height: 40))
        let area = TextAreaView(text: String(repeating: "line\n", count: 50), frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let keyboard = KeyboardView()
        keyboard.frame = Rect(x: 0, y: 0, width: 320, height: 216)
        let views: [ViewNode] = [picker, toggle, segments, field, area, keyboard]
        for (k, view) in views.enumerated() {
            _ = view.becomeFocused()
            Self.drive(view, seed: UInt64(10 + k), seconds: 0.5)
            view.frame = Rect(x: .nan, y: .infinity, width: 1e300, height: -.infinity)
            Self.drive(view, seed: UInt64(20 + k), seconds: 0.5)
            view.frame = .zero
            Self.drive(view, seed: UInt64(30 + k), seconds: 0.5)
        }
        Self.expectAtRest(picker.listView.scrollView, "picker")
        Self.expectAtRest(area.scrollView, "text area")
    }
}

@Suite("Hostile values (internal conversions)")
struct HostileConversionTests {
    @Test("a paging snap's page coordinate of a NaN or infinite offset is a page, not a trap")
    func pageCoordinate() throws {
        let pages = try #require(Pages(range: SnapRange(min: 0, max: 1000), size: 100))
        #expect(pages.coordinate(.nan) == 0)
        #expect(pages.coordinate(.infinity) == 10)
        #expect(pages.coordinate(-.infinity) == 0)
        #expect(pages.coordinate(250) == 2.5)
    }
}
