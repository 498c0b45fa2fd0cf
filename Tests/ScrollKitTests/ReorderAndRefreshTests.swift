// Drag to reorder (the long press, the moveItem indices against a plain-array model, grids, the edge auto-scroll)
// and pull-to-refresh (the state sequence, the threshold, the list resting below the spinner, the completion).

import Motion
import Testing
@testable import ScrollKit

@Suite("Reorder and refresh")
@MainActor
struct ReorderAndRefreshTests {
    // MARK: Reorder

    @Test("a press held 0.5 s lifts the row; a move before that scrolls instead")
    func longPress() {
        let d = RowDriver()
        d.down(200, 90, at: 0.1)
        d.run(until: 0.55)
        #expect(d.list.reorderingItem == nil)
        d.run(until: 0.62)
        #expect(d.list.reorderingItem == 1)
        d.up(200, 90, at: 0.7)
        d.settle()
        #expect(d.source.moves.isEmpty)   // dropped where it was: no move
        let e = RowDriver()
        e.down(200, 300, at: 0.1)
        e.move(200, 250, at: 0.3)
        e.run(until: 0.8)
        #expect(e.list.reorderingItem == nil)
        e.up(200, 250, at: 0.9)
    }

    @Test("dropping calls moveItem(from:to:) once, and the rows end as a plain array moved the same way",
          arguments: [(1, 5), (6, 2), (3, 3), (0, 8), (8, 0)])
    func dropMoves(from: Int, to: Int) {
        let d = RowDriver()
        var model = Array(0..<100)
        // Press row `from` at its centre, hold, drag to the centre of slot `to`.
        let y0 = 60 * Double(from) + 30, y1 = 60 * Double(to) + 30
        d.down(200, y0, at: 0.1)
        d.run(until: 0.65)
        for k in 1...10 { d.move(200, y0 + (y1 - y0) * Double(k) / 10, at: 0.65 + 0.02 * Double(k)) }
        #expect(d.list.reorderDestination == to)
        d.up(200, y1, at: 1.0)
        d.settle()
        if from != to {
            #expect(d.source.moves.map(\.0) == [from])
            #expect(d.source.moves.map(\.1) == [to])
            model.insert(model.remove(at: from), at: to)
        } else {
            #expect(d.source.moves.isEmpty)
        }
        #expect(d.source.items == model)
        // Every row is back at its layout place (the drop's slides ended).
        for cell in d.list.visibleCells { #expect(cell.frame == d.list.frame(of: cell.index)) }
    }

    @Test("property: random lifts and drops keep the data source equal to the array model")
    func randomReorders() {
        var rng = SplitMixLite(seed: 7)
        let d = RowDriver(count: 30)
        var model = Array(0..<30)
        for _ in 0..<12 {
            let visible = d.list.visibleRange
            let from = visible.lowerBound + Int(rng.next() % UInt64(min(9, visible.count)))
            let to = visible.lowerBound + Int(rng.next() % UInt64(min(9, visible.count)))
            let off = d.list.scrollView.contentOffset.y
            let y0 = 60 * Double(from) + 30 - off, y1 = 60 * Double(to) + 30 - off
            let t = d.now + 0.1
            d.down(200, y0, at: t)
            d.run(until: t + 0.55)
            for k in 1...6 { d.move(200, y0 + (y1 - y0) * Double(k) / 6, at: t + 0.55 + 0.02 * Double(k)) }
            d.up(200, y1, at: t + 0.8)
            d.settle()
            if from != to { model.insert(model.remove(at: from), at: to) }
            #expect(d.source.items == model, "from \(from) to \(to)")
        }
    }

    @Test("a grid reorders too: the card follows in two dimensions and drops where it is let go")
    func gridReorder() {
        let source = ReorderGridSource(count: 40)
        let grid = SectionedGridLayout(columns: .fixed(4), itemLength: .fixed(100))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 600), gridLayout: grid, dataSource: source)
        list.isReorderEnabled = true
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        root.addSubview(list)
        var frame = 0
        func run(until t: Double) { while Double(frame) / 60 <= t { root.step(FrameTick(index: frame, timestamp: Double(frame) / 60, duration: 1 / 60.0)); frame += 1 } }
        // Card 1 (row 0, column 1) to card 10 (row 2, column 2).
        root.handle(.pointerDown(location: Point(x: 150, y: 50), time: 0.1))
        run(until: 0.65)
        #expect(list.reorderingItem == 1)
        root.handle(.pointerMove(location: Point(x: 200, y: 150), time: 0.7))
        root.handle(.pointerMove(location: Point(x: 250, y: 250), time: 0.75))
        #expect(list.reorderDestination == 10)
        root.handle(.pointerUp(location: Point(x: 250, y: 250), time: 0.8))
        run(until: 2)
        #expect(source.moves.map(\.0) == [1] && source.moves.map(\.1) == [10])
        var model = Array(0..<40)
        model.insert(model.remove(at: 1), at: 10)
        #expect(source.items == model)
    }

    @Test("auto-scroll speed: top speed at the edge, 0 past the band, never faster further in")
    func autoScrollSpeedMonotonic() {
        #expect(ListView.autoScrollSpeed(distanceFromEdge: 0) == ListView.autoScrollMaxSpeed)
        #expect(ListView.autoScrollSpeed(distanceFromEdge: -20) == ListView.autoScrollMaxSpeed)
        #expect(ListView.autoScrollSpeed(distanceFromEdge: ListView.autoScrollEdge) == 0)
        #expect(ListView.autoScrollSpeed(distanceFromEdge: .nan) == 0)
        var last = Double.infinity
        for k in 0...200 {
            let v = ListView.autoScrollSpeed(distanceFromEdge: Double(k) * 0.5)
            #expect(v <= last && v >= 0)
            last = v
        }
    }

    @Test("a lifted row held near the bottom scrolls the list the same distance at 30, 60 and 120 Hz")
    func autoScrollFrameRateIndependent() {
        var ends: [Double] = []
        for hz in [30.0, 60.0, 120.0] {
            let d = RowDriver(hz: hz)
            d.down(200, 450, at: 0.1)
            d.run(until: 0.65)
            d.move(200, 580, at: 0.7)            // 20 pt from the bottom edge
            d.run(until: 1.7)
            d.up(200, 580, at: 1.7)
            d.settle()
            ends.append(d.list.scrollView.contentOffset.y)
        }
        // One second at the speed for 20 pt from the edge (an independent figure: the speed × the time).
        let expected = ListView.autoScrollSpeed(distanceFromEdge: 20) * 1.0
        for end in ends { #expect(abs(end - expected) < 1e-6, "\(ends)") }
    }

    // MARK: Refresh

    @Test("a pull past the threshold goes idle → pulling → armed → refreshing → ending → idle; the list rests below the spinner")
    func refreshSequence() {
        let d = RowDriver()
        var states: [RefreshState] = [.idle]
        var done: (@MainActor () -> Void)?
        d.list.onRefresh = { done = $0 }
        d.observer = { if states.last != d.list.refreshState { states.append(d.list.refreshState) } }
        d.drag(from: 200, 100, to: 200, 400, at: 0.1, steps: 20, hold: 0.1)
        #expect(done != nil)
        d.run(until: 1.5)
        #expect(d.list.scrollView.contentOffset.y == -ListView.refreshSpinnerHeight)
        #expect(d.list.refreshState == .refreshing)
        // New items first, then the completion: the reader's place (item 0 at 60 pt down) is kept.
        d.source.items.insert(contentsOf: [100, 101, 102], at: 0)
        try? d.list.performChanges([.insert(at: 0, count: 3)])
        done?()
        d.settle()
        #expect(states == [.idle, .pulling, .armed, .refreshing, .ending, .idle])
        #expect(d.list.frame(of: 3).map { $0.minY - d.list.scrollView.contentOffset.y } == ListView.refreshSpinnerHeight)
        #expect(d.list.scrollView.contentInset.top == 0)
    }

    @Test("a pull short of the threshold does not refresh")
    func shortPull() {
        let d = RowDriver()
        var calls = 0
        d.list.onRefresh = { _ in calls += 1 }
        var states: [RefreshState] = [.idle]
        d.observer = { if states.last != d.list.refreshState { states.append(d.list.refreshState) } }
        d.drag(from: 200, 100, to: 200, 160, at: 0.1, hold: 0.1)
        d.settle()
        #expect(calls == 0)
        #expect(states == [.idle, .pulling, .idle])
        #expect(d.list.scrollView.contentOffset.y == 0)
    }

    @Test("a trackpad stream pulling past the top refreshes, at any frame rate to the same rest", arguments: [30.0, 60.0, 120.0])
    func trackpadRefresh(hz: Double) {
        let d = RowDriver(hz: hz)
        var calls = 0
        d.list.onRefresh = { _ in calls += 1 }
        for k in 0..<40 {
            let t = 0.2 + 0.008 * Double(k)
            d.run(until: t)
            d.root.handle(.wheel(dx: 0, dy: 0.6, location: Point(x: 200, y: 300), time: t))
        }
        d.run(until: 2)
        #expect(calls == 1)
        #expect(d.list.refreshState == .refreshing)
        #expect(d.list.scrollView.contentOffset.y == -ListView.refreshSpinnerHeight)
    }
}

/// A tiny seeded generator (SplitMix64) for the property test.
struct SplitMixLite {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
