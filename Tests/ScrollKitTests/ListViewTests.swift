import Testing
import Motion
@testable import ScrollKit

/// A data source that records every call.
@MainActor
final class RecordingListSource: ListDataSource {
    var count: Int
    var fixed: Double?
    var sizes: ((Int) -> Double)?
    /// Indices passed to `cell(at:in:)`, in call order.
    var configured: [Int] = []
    /// Every cell the list ever handed out, kept alive so that identities are never reused.
    var cellsSeen: [ObjectIdentifier: ListCell] = [:]
    /// How many distinct cells the data source has been given.
    var made: Int { cellsSeen.count }
    var onConfigure: ((Int) -> Void)?

    init(count: Int, fixed: Double? = 60, sizes: ((Int) -> Double)? = nil) {
        self.count = count
        self.fixed = fixed
        self.sizes = sizes
    }

    var numberOfItems: Int { count }
    var fixedItemSize: Double? { fixed }
    func sizeOfItem(at index: Int) -> Double { sizes?(index) ?? 44 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        configured.append(index)
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cellsSeen[ObjectIdentifier(cell)] = cell
        cell.title = "Row \(index)"
        onConfigure?(index)
        return cell
    }
}

/// Frame ticks of a display at `hz`, starting at time `start`.
struct ListTicks {
    var hz: Double
    var start: Double = 0
    var index = 0
    mutating func next() -> FrameTick {
        defer { index += 1 }
        return FrameTick(index: index, timestamp: start + Double(index) / hz, duration: 1 / hz)
    }
    var now: Double { start + Double(index) / hz }
}

@MainActor
func expectListConsistent(_ list: ListView, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let cells = list.visibleCells
    #expect(cells.map(\.index) == Array(list.visibleRange), comment, sourceLocation: sourceLocation)
    for cell in cells {
        #expect(cell.frame == list.frame(of: cell.index), comment, sourceLocation: sourceLocation)
    }
    #expect(list.reusePoolCount <= list.visibleRange.count + ListView.reuseMargin, comment, sourceLocation: sourceLocation)
}

@Suite("ListView")
@MainActor
struct ListViewTests {
    static let frame = Rect(x: 0, y: 0, width: 320, height: 600)

    /// Visible items for a list of 60 pt rows in a 600 pt viewport, computed independently of ListLayout.
    static func fixedVisible(offset o: Double, count: Int) -> Set<Int> {
        let first = max(0, Int((o / 60).rounded(.down)))
        let last = min(count - 1, Int(((o + 600) / 60).rounded(.up)) - 1)
        return first <= last ? Set(first...last) : []
    }

    @Test("scrollToEnd over 2 s: the data source configures exactly the newly visible items, frame by frame",
          arguments: [60.0, 30, 120, 240])
    func scrollToEndConfiguresNewlyVisible(hz: Double) throws {
        let source = RecordingListSource(count: 1000)
        let list = ListView(frame: Self.frame, dataSource: source)
        var finished: [Bool] = []
        list.scrollView.scrollToEnd(duration: 2, curve: .smoothstep) { finished.append($0) }
        var ticks = ListTicks(hz: hz)
        var previous: Set<Int> = []
        var everVisible: Set<Int> = []
        var frames = 0
        var creationsAfterWarmup: Int?
        repeat {
            let before = source.configured.count
            list.step(ticks.next())
            frames += 1
            let o = list.scrollView.contentOffset.y
            let visible = Self.fixedVisible(offset: o, count: 1000)
            let newlyVisible = visible.subtracting(previous).sorted()
            let calls = Array(source.configured[before...])
            #expect(calls == newlyVisible, "frame \(frames) at offset \(o)")
            #expect(list.configuredInLastStep == newlyVisible.count)
            #expect(Set(list.visibleCells.map(\.index)) == visible)
            expectListConsistent(list, "frame \(frames)")
            // Every cell is drawn where its item is: at its content frame minus the offset.
            for cell in list.visibleCells { #expect(cell.frame.minY == Double(cell.index) * 60) }
            everVisible.formUnion(visible)
            previous = visible
            if frames == 3 { creationsAfterWarmup = source.made }
        } while list.isAnimating && frames < 1000
        #expect(finished == [true])
        #expect(list.scrollView.contentOffset.y == 1000 * 60 - 600)
        #expect(Set(list.visibleRange) == Set(990..<1000))
        #expect(abs(Double(frames) - 2 * hz) <= 1)
        // Each item is configured once per visit; none configured that was never visible.
        #expect(Set(source.configured) == everVisible)
        #expect(source.configured.count == everVisible.count)
        // The reuse pool serves every later item: creations stay flat after the first frames.
        #expect(source.made == creationsAfterWarmup)
        #expect(source.made <= 11 + ListView.reuseMargin)
        #expect(list.cellsCreated == source.made)
    }

    @Test("variable sizes: newly visible items configured frame by frame during a timed scroll")
    func variableSizesTimedScroll() {
        let lengths = (0..<2000).map { Double(20 + ($0 * 37) % 90) }
        var starts: [Double] = []
        var x = 0.0
        for l in lengths { starts.append(x); x += l + 4 }
        let source = RecordingListSource(count: 2000, fixed: nil) { lengths[$0] }
        let list = ListView(frame: Self.frame, dataSource: source)
        list.itemSpacing = 4
        list.scrollToItem(1500, position: .center, duration: 1.5, curve: .easeInOutCubic)
        var ticks = ListTicks(hz: 60)
        var previous: Set<Int> = []
        var frames = 0
        repeat {
            let before = source.configured.count
            list.step(ticks.next())
            frames += 1
            let o = list.scrollView.contentOffset.y
            let visible = Set(lengths.indices.filter { starts[$0] < o + 600 && starts[$0] + lengths[$0] > o })
            #expect(Array(source.configured[before...]) == visible.subtracting(previous).sorted(), "frame \(frames)")
            expectListConsistent(list)
            previous = visible
        } while list.isAnimating && frames < 500
        let target = starts[1500] + lengths[1500] / 2 - 300
        #expect(list.scrollView.contentOffset.y == target)
    }

    @Test("steady dragging reuses cells: no creations after the first screen, pool bounded")
    func dragReuse() {
        let source = RecordingListSource(count: 500)
        let list = ListView(frame: Self.frame, dataSource: source)
        list.step(FrameTick(index: 0, timestamp: 0, duration: 1 / 60))
        var t = 0.0
        list.handle(.pointerDown(location: Point(x: 100, y: 550), time: t))
        var y = 550.0
        var createdAfterFirstMoves = 0
        for k in 0..<400 {
            t += 1.0 / 60
            y -= k % 2 == 0 ? 37 : -23   // a jittery drag upward, 7 pt a frame on average
            list.handle(.pointerMove(location: Point(x: 100, y: y), time: t))
            list.step(FrameTick(index: k + 1, timestamp: t, duration: 1 / 60))
            expectListConsistent(list)
            if k == 20 { createdAfterFirstMoves = source.made }
        }
        #expect(list.scrollView.contentOffset.y > 1000)
        #expect(source.made == createdAfterFirstMoves)
        #expect(source.made <= 11 + ListView.reuseMargin)
    }

    @Test("reloadData during a fling, to fewer, more and zero items, keeps cells and offset valid",
          arguments: [30, 5000, 0, 3])
    func reloadDuringFling(newCount: Int) {
        let source = RecordingListSource(count: 1000)
        let list = ListView(frame: Self.frame, dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        // A fast upward flick: 60 pt per 1/60 s.
        var t = ticks.now
        var y = 560.0
        list.handle(.pointerDown(location: Point(x: 160, y: y), time: t))
        for _ in 0..<6 {
            t += 1.0 / 60; y -= 60
            list.handle(.pointerMove(location: Point(x: 160, y: y), time: t))
        }
        list.handle(.pointerUp(location: Point(x: 160, y: y), time: t))
        ticks = ListTicks(hz: 60, start: t)
        for _ in 0..<20 { list.step(ticks.next()) }
        #expect(list.scrollView.phase == .decelerating)
        #expect(list.scrollView.contentOffset.y > 1000)

        source.count = newCount
        list.reloadData()
        let maxOffset = max(0, Double(newCount) * 60 - 600)
        #expect(list.numberOfItems == newCount)
        #expect(list.scrollView.maxContentOffset.y == maxOffset)
        let reloadedOffset = list.scrollView.contentOffset.y
        #expect(reloadedOffset >= 0 && reloadedOffset <= maxOffset)
        if newCount == 5000 { #expect(list.scrollView.phase == .decelerating) }   // the fling goes on
        expectListConsistent(list, "right after the reload")
        #expect(list.visibleCells.allSatisfy { $0.index < newCount })
        var frames = 0
        repeat {
            list.step(ticks.next())
            frames += 1
            let o = list.scrollView.contentOffset.y
            #expect(o.isFinite)
            #expect(o >= 0 && o <= maxOffset, "frame \(frames) after the reload")
            expectListConsistent(list, "frame \(frames) after the reload")
        } while list.isAnimating && frames < 600
        #expect(!list.isAnimating)
        let o = list.scrollView.contentOffset.y
        #expect(o >= 0 && o <= maxOffset)
        #expect(Set(list.visibleCells.map(\.index)) == Self.fixedVisible(offset: o, count: newCount))
    }

    @Test("reloadData reconfigures every visible cell once; a new data source replaces all cells")
    func reloadReconfigures() {
        let source = RecordingListSource(count: 100)
        let list = ListView(frame: Self.frame, dataSource: source)
        list.step(FrameTick(index: 0, timestamp: 0, duration: 1 / 60))
        #expect(source.configured == Array(0..<10))
        source.configured.removeAll()
        list.reloadData()
        #expect(source.configured == Array(0..<10))
        #expect(source.made == 10)

        let other = RecordingListSource(count: 3, fixed: 100)
        list.dataSource = other
        #expect(other.configured == [0, 1, 2])
        #expect(other.made == 3)
        #expect(list.reusePoolCount == 0)
        #expect(list.visibleCells.map(\.frame.height) == [100, 100, 100])
    }

    @Test("reloadItems re-reads sizes and configures the visible ones again, once each")
    func reloadItems() throws {
        var lengths = Array(repeating: 50.0, count: 100)
        let source = RecordingListSource(count: 100, fixed: nil) { lengths[$0] }
        let list = ListView(frame: Self.frame, dataSource: source)
        list.step(FrameTick(index: 0, timestamp: 0, duration: 1 / 60))
        #expect(source.configured == Array(0..<12))
        source.configured.removeAll()
        lengths[2] = 200                       // pushes items 9, 10, 11 out of view
        list.reloadItems([2, 2, 5, 50, -1, 100])
        #expect(source.configured == [2, 5])   // visible ones, once each; 50 is off screen
        #expect(try #require(list.frame(of: 3)).minY == 300)
        #expect(list.visibleRange == 0..<9)
        #expect(list.scrollView.contentSize.height == 100 * 50 + 150)
        expectListConsistent(list)
        source.configured.removeAll()
        lengths[2] = 10                        // brings 9...12 into view: configured as newly visible
        list.reloadItems([2])
        #expect(source.configured == [2, 9, 10, 11, 12])
        expectListConsistent(list)
    }

    @Test("a data source that reloads from configure does not corrupt the cells")
    func reentrantReload() {
        let source = RecordingListSource(count: 50)
        let list = ListView(frame: Self.frame, dataSource: source)
        var reloaded = false
        source.onConfigure = { [unowned list] _ in
            if !reloaded { reloaded = true; source.count = 20; list.reloadData() }
        }
        list.step(FrameTick(index: 0, timestamp: 0, duration: 1 / 60))
        #expect(reloaded)
        #expect(list.numberOfItems == 20)
        expectListConsistent(list)
    }

    @Test("item(at:) finds the item under a point in list coordinates; nil in gaps, insets and outside")
    func itemAtPoint() {
        let source = RecordingListSource(count: 100)
        let list = ListView(frame: Rect(x: 50, y: 30, width: 320, height: 600), dataSource: source)
        list.itemSpacing = 10
        list.insets = Insets(top: 20, left: 8, bottom: 20, right: 8)
        // Items start at 20 + 70 i.
        #expect(list.item(at: Point(x: 100, y: 25)) == 0)
        #expect(list.item(at: Point(x: 100, y: 10)) == nil)      // leading inset
        #expect(list.item(at: Point(x: 100, y: 85)) == nil)      // gap [80, 90)
        #expect(list.item(at: Point(x: 100, y: 90)) == 1)
        #expect(list.item(at: Point(x: 4, y: 25)) == nil)        // cross inset
        #expect(list.item(at: Point(x: 315, y: 25)) == nil)      // cross inset on the right
        #expect(list.item(at: Point(x: -1, y: 25)) == nil)
        #expect(list.item(at: Point(x: 100, y: 600)) == nil)     // below the viewport
        #expect(list.item(at: Point(x: .nan, y: 25)) == nil)
        list.scrollView.setContentOffset(Point(x: 0, y: 1000), animated: false)
        // content y = 1000 + 5 = 1005 → (1005 - 20) / 70 = 14.07 → item 14 spans [1000, 1060)
        #expect(list.item(at: Point(x: 100, y: 5)) == 14)
        #expect(list.item(at: Point(x: 100, y: 65)) == nil)      // 1065: gap [1060, 1070)
        // Taps report the tapped item (window coordinates in, list coordinates to item(at:)).
        var selected: [Int] = []
        list.onSelectItem = { selected.append($0) }
        list.handle(.pointerDown(location: Point(x: 150, y: 30 + 95), time: 1))
        list.handle(.pointerUp(location: Point(x: 150, y: 30 + 95), time: 1.05))
        #expect(selected == [15])                                // content 1095 → item 15 [1070, 1130)
        // A down outside the frame is not the list's.
        list.handle(.pointerDown(location: Point(x: 10, y: 10), time: 2))
        list.handle(.pointerUp(location: Point(x: 10, y: 10), time: 2.05))
        #expect(selected == [15])
    }

    @Test("frame(of:) is the layout frame in content coordinates, nil out of range")
    func frameOf() {
        let list = ListView(frame: Self.frame, dataSource: RecordingListSource(count: 10))
        list.insets = Insets(top: 0, left: 12, bottom: 0, right: 12)
        #expect(list.frame(of: 3) == Rect(x: 12, y: 180, width: 296, height: 60))
        #expect(list.frame(of: 10) == nil)
        #expect(list.frame(of: -1) == nil)
        let h = ListView(frame: Self.frame, axis: .horizontal, dataSource: RecordingListSource(count: 10, fixed: 100))
        #expect(h.frame(of: 2) == Rect(x: 200, y: 0, width: 100, height: 600))
    }

    @Test("scrollToItem puts the item at the start, centre or end, clamped; completion once",
          arguments: [ItemPosition.start, .center, .end])
    func scrollToItemPositions(_ position: ItemPosition) throws {
        let source = RecordingListSource(count: 200)
        let list = ListView(frame: Self.frame, dataSource: source)
        list.itemSpacing = 5
        list.insets = Insets(top: 16, bottom: 24)
        var ticks = ListTicks(hz: 60)
        func run(_ index: Int) -> [Bool] {
            var done: [Bool] = []
            list.scrollToItem(index, position: position, duration: 0.5, curve: .easeOutCubic) { done.append($0) }
            var frames = 0
            repeat { list.step(ticks.next()); frames += 1 } while list.isAnimating && frames < 200
            return done
        }
        #expect(run(100) == [true])
        let f = try #require(list.frame(of: 100))
        let o = list.scrollView.contentOffset.y
        switch position {
        case .start: #expect(f.minY - o == 16)           // after the leading inset
        case .center: #expect(f.midY - o == 300)
        case .end, .visible: #expect(f.maxY - o == 600 - 24)   // before the trailing inset (.visible: item 100 lies below)
        }
        #expect(list.cell(at: 100) != nil)
        // Clamped at both ends.
        #expect(run(0) == [true])
        #expect(list.scrollView.contentOffset.y == 0)
        #expect(run(199) == [true])
        #expect(list.scrollView.contentOffset.y == list.scrollView.maxContentOffset.y)
        #expect(run(-50) == [true])
        #expect(list.scrollView.contentOffset.y == 0)
        #expect(run(10_000) == [true])
        #expect(list.scrollView.contentOffset.y == list.scrollView.maxContentOffset.y)
        // Duration 0 jumps at the next step and still completes.
        var done: [Bool] = []
        list.scrollToItem(50, position: position, duration: 0, curve: .linear) { done.append($0) }
        list.step(ticks.next())
        #expect(done == [true])
        #expect(list.scrollView.contentOffset == list.contentOffset(forItem: 50, position: position))
        expectListConsistent(list)
    }

    @Test("draw clips to the frame and draws each visible cell at its frame minus the offset")
    func drawing() throws {
        let source = RecordingListSource(count: 100)
        let frame = Rect(x: 10, y: 20, width: 300, height: 600)
        let list = ListView(frame: frame, dataSource: source)
        list.backgroundColor = RGBAColor(hex: 0xEEEEEE)
        list.scrollView.setContentOffset(Point(x: 0, y: 90), animated: false)
        let canvas = RecordingCanvas(size: Size(width: 400, height: 700))
        list.draw(in: canvas)
        #expect(canvas.commands.first == .pushClip(frame))
        // The opaque rows cover the viewport, so the background fill is skipped (ListOcclusionTests).
        #expect(!canvas.commands.contains(.fill(frame, RGBAColor(hex: 0xEEEEEE))))
        #expect(canvas.commands.last == .popClip)
        #expect(canvas.texts == (1...11).map { "Row \($0)" })    // items intersecting [90, 690)
        let cellFills = canvas.filledRects
        #expect(cellFills.count == 11)
        for (k, rect) in cellFills.enumerated() {
            #expect(rect == Rect(x: 10, y: 20 + Double(k + 1) * 60 - 90, width: 300, height: 60))
        }
        #expect(source.configured == Array(1...11))             // drawing brought the cells up to date
        #expect(canvas.clipDepth == 0)
    }

    @Test("a horizontal list scrolls along x")
    func horizontal() {
        let source = RecordingListSource(count: 50, fixed: 120)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 500, height: 200), axis: .horizontal, dataSource: source)
        #expect(list.scrollView.contentSize == Size(width: 6000, height: 200))
        list.scrollView.setContentOffset(Point(x: 130, y: 0), animated: false)
        #expect(list.visibleRange == 1..<6)
        expectListConsistent(list)
        #expect(list.item(at: Point(x: 0, y: 100)) == 1)
        #expect(list.contentOffset(forItem: 10, position: .end).x == 11 * 120 - 500)
        list.axis = .vertical
        #expect(list.scrollView.axis == .vertical)
        #expect(list.scrollView.contentSize == Size(width: 500, height: 6000))
        expectListConsistent(list)
    }

    @Test("changing spacing, insets and frame moves the cells; resizing keeps the offset valid")
    func geometryChanges() {
        let list = ListView(frame: Self.frame, dataSource: RecordingListSource(count: 100))
        list.scrollView.setContentOffset(Point(x: 0, y: 5400), animated: false)   // the end
        expectListConsistent(list)
        list.itemSpacing = 10
        list.insets = Insets(top: 8, left: 4, bottom: 8, right: 4)
        expectListConsistent(list)
        #expect(list.visibleCells.first?.frame.width == 312)
        list.frame = Rect(x: 0, y: 0, width: 200, height: 300)
        expectListConsistent(list)
        #expect(list.visibleCells.first?.frame.width == 192)
        list.frame = Rect(x: 0, y: 0, width: 200, height: 10_000)   // taller than the content
        #expect(list.scrollView.contentOffset.y == 0)
        #expect(list.visibleRange == 0..<100)
        expectListConsistent(list)
    }

    @Test("snapBehavior wires the scroll view's snapping to the layout")
    func snapping() {
        let list = ListView(frame: Self.frame, dataSource: RecordingListSource(count: 300))
        #expect(list.scrollView.snapping == nil)
        list.snapBehavior = .items()
        #expect(list.scrollView.snapping != nil)
        var t = 0.0
        var y = 500.0
        list.handle(.pointerDown(location: Point(x: 100, y: y), time: t))
        for _ in 0..<5 {
            t += 1.0 / 60; y -= 33
            list.handle(.pointerMove(location: Point(x: 100, y: y), time: t))
        }
        list.handle(.pointerUp(location: Point(x: 100, y: y), time: t))
        var ticks = ListTicks(hz: 60, start: t)
        var frames = 0
        repeat { list.step(ticks.next()); frames += 1 } while list.isAnimating && frames < 600
        let o = list.scrollView.contentOffset.y
        #expect(o > 165)
        #expect(o.truncatingRemainder(dividingBy: 60) == 0)          // rests on an item start
        // Keys step item by item.
        list.handle(.key(.down, time: ticks.now))
        repeat { list.step(ticks.next()); frames += 1 } while list.isAnimating && frames < 1200
        #expect(list.scrollView.contentOffset.y == o + 60)
        list.snapBehavior = .none
        #expect(list.scrollView.snapping == nil)
    }

    @Test("bad input: empty data, zero or NaN frames, bad sizes and ticks leave a valid resting list")
    func badInput() {
        let empty = RecordingListSource(count: 0)
        let list = ListView(frame: Self.frame, dataSource: empty)
        var ticks = ListTicks(hz: 60)
        list.step(ticks.next())
        #expect(list.visibleCells.isEmpty)
        #expect(list.item(at: Point(x: 10, y: 10)) == nil)
        var done: [Bool] = []
        list.scrollToItem(5, position: .center, duration: 0.2, curve: .linear) { done.append($0) }
        for _ in 0..<30 { list.step(ticks.next()) }
        #expect(done == [true])
        #expect(list.scrollView.contentOffset == .zero)
        let canvas = RecordingCanvas()
        list.draw(in: canvas)
        #expect(canvas.texts.isEmpty)

        let negative = RecordingListSource(count: -7)
        let list2 = ListView(frame: Rect(x: .nan, y: 0, width: .nan, height: -100), dataSource: negative)
        #expect(list2.frame == .zero)
        list2.step(ticks.next())
        list2.draw(in: canvas)
        #expect(list2.visibleCells.isEmpty && list2.numberOfItems == 0)

        // A zero-sized viewport over real items: no cells, nothing drawn, nothing configured.
        let source = RecordingListSource(count: 100)
        let zero = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 0), dataSource: source)
        zero.step(ticks.next())
        canvas.reset()
        zero.draw(in: canvas)
        #expect(canvas.commands.isEmpty)
        #expect(source.configured.isEmpty)
        zero.frame = Self.frame
        zero.step(ticks.next())
        #expect(source.configured == Array(0..<10))

        // Bad sizes are clamped to 1 pt: a 0/NaN/negative item takes 1 pt.
        let bad = RecordingListSource(count: 20, fixed: nil) { i in [0, -3, .nan, .infinity, 50][i % 5] }
        let list3 = ListView(frame: Self.frame, dataSource: bad)
        #expect(list3.frame(of: 0)?.height == 1)
        #expect(list3.frame(of: 3)?.height == ListLayout.maximumItemSize)
        list3.step(ticks.next())
        expectListConsistent(list3)
        #expect(list3.visibleRange == 0..<4)

        // A NaN fixed size, NaN ticks and NaN scroll targets.
        let nanFixed = RecordingListSource(count: 10, fixed: .nan)
        let list4 = ListView(frame: Self.frame, dataSource: nanFixed)
        list4.step(FrameTick(index: 0, timestamp: .nan, duration: .nan))
        list4.scrollView.setContentOffset(Point(x: .nan, y: .nan), animated: false)
        list4.step(ticks.next())
        #expect(list4.visibleRange == 0..<10)
        #expect(list4.scrollView.contentOffset == .zero)
        expectListConsistent(list4)
    }

    @Test("10,000,000 items: a scroll to the end configures only what is visible, and stays exact")
    func tenMillionItems() {
        let source = RecordingListSource(count: 10_000_000)
        let list = ListView(frame: Self.frame, dataSource: source)
        list.scrollView.scrollToEnd(duration: 1, curve: .easeInOutQuad)
        var ticks = ListTicks(hz: 60)
        var frames = 0
        repeat {
            list.step(ticks.next())
            frames += 1
            #expect(list.configuredInLastStep <= 11)
            expectListConsistent(list)
        } while list.isAnimating && frames < 200
        #expect(list.visibleRange == 9_999_990..<10_000_000)
        #expect(source.made <= 11 + ListView.reuseMargin)
        #expect(source.configured.count <= 11 * frames)
    }
}
