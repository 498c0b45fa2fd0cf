// NavigationStackView and sheets through the tree's router on a virtual clock: the edge swipe's release against
// the iOS projection rule computed here, frame-rate independence, a list keeping its place across push and pop,
// the large title against a model of its space, and a sheet's hand-over to its list with one mover per frame.

import Motion
@testable import ScrollKit
import Testing

/// Plain 60-pt rows.
@MainActor
final class PlainRows: ListDataSource {
    let count: Int
    init(_ count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 60 }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }
}

/// A 300 × 600 window holding a stack whose root screen is a list; `hz` frames a second; events at their times.
@MainActor
final class NavDriver {
    let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 600))
    let rootList = ListView(frame: .zero, dataSource: PlainRows(200))
    let stack: NavigationStackView
    let hz: Double
    var frameIndex = 0
    var now: Double { Double(frameIndex) / hz }
    var observer: (() -> Void)?

    init(hz: Double = 60, rightToLeft: Bool = false) {
        self.hz = hz
        if rightToLeft { root.layoutDirection = .rightToLeft }
        stack = NavigationStackView(root: NavigationScreen(title: "Root", content: rootList),
                                    frame: Rect(x: 0, y: 0, width: 300, height: 600))
        root.addSubview(stack)
        step()
    }

    func step() {
        root.step(FrameTick(index: frameIndex, timestamp: now, duration: 1 / hz))
        frameIndex += 1
        observer?()
    }

    func run(until time: Double) { while now <= time { step() } }
    func down(_ x: Double, _ y: Double, at t: Double) { run(until: t); root.handle(.pointerDown(location: Point(x: x, y: y), time: t)) }
    func move(_ x: Double, _ y: Double, at t: Double) { run(until: t); root.handle(.pointerMove(location: Point(x: x, y: y), time: t)) }
    func up(_ x: Double, _ y: Double, at t: Double) { run(until: t); root.handle(.pointerUp(location: Point(x: x, y: y), time: t)) }

    /// Moves at a constant speed from (x0, y0) to (x1, y1) over `duration`, 8 ms apart, then up at once.
    func drag(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, at t: Double, duration: Double) {
        down(x0, y0, at: t)
        let steps = max(1, Int((duration / 0.008).rounded()))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            move(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, at: t + duration * f)
        }
        up(x1, y1, at: t + duration + 0.001)
    }

    func pushSecond() -> ListView {
        let list = ListView(frame: .zero, dataSource: PlainRows(100))
        stack.push(NavigationScreen(title: "Second", content: list, prefersLargeTitle: true), animated: false)
        step()
        return list
    }
}

@MainActor
@Suite struct NavigationTests {
    /// The iOS rule, from WWDC 2018 "Designing Fluid Interfaces": a release at `x` moving at `v` pt/s comes to
    /// rest at x + (v / 1000) · r / (1 − r) with r = 0.998; the pop completes when that is past half the width.
    static func iosPops(x: Double, v: Double, width: Double) -> Bool {
        let r = 0.998
        return x + v / 1000 * r / (1 - r) > width / 2
    }

    @Test("an edge swipe released at a third of the width pops with a fast fling and cancels when slow")
    func edgeSwipeRelease() {
        for (duration, label) in [(0.08, "fast"), (1.5, "slow")] {
            let d = NavDriver()
            _ = d.pushSecond()
            #expect(d.stack.depth == 2)
            d.drag(from: 5, 300, to: 105, 300, at: 0.5, duration: duration)   // released at 100 + 5 = a third
            let speed = 100 / duration
            let expected = Self.iosPops(x: 100, v: speed, width: 300)
            #expect(expected == (label == "fast"))
            d.run(until: 3)
            #expect(d.stack.depth == (expected ? 1 : 2), "\(label)")
            #expect(!d.stack.isTransitioning && !d.root.isAnimating)
        }
    }

    @Test("during an edge swipe the top screen follows the finger 1:1 and the list under it does not scroll")
    func edgeSwipeFollows() {
        let d = NavDriver()
        let second = d.pushSecond()
        let before = second.scrollView.contentOffset
        d.down(8, 300, at: 0.5)
        d.move(30, 310, at: 0.52)
        d.move(90, 320, at: 0.54)
        #expect(d.stack.topScreen.frame.minX == 82)
        #expect(d.stack.screens[0].frame.minX == -(300 - 82) * NavigationStackView.parallax)
        #expect(second.scrollView.contentOffset == before)
        d.up(90, 320, at: 1.5)
        d.run(until: 3)
        #expect(d.stack.depth == 2 && d.stack.topScreen.frame.minX == 0)
    }

    @Test("right to left the edge is the right one and the screen slides leftwards")
    func rightToLeftEdge() {
        let d = NavDriver(rightToLeft: true)
        _ = d.pushSecond()
        d.down(295, 300, at: 0.5)      // a drag from the left edge does nothing there
        for k in 1...5 { d.move(295 - 19 * Double(k), 300, at: 0.5 + 0.01 * Double(k)) }
        #expect(d.stack.topScreen.frame.minX == -95)
        d.up(200, 300, at: 0.551)
        d.run(until: 3)
        #expect(d.stack.depth == 1)
        let e = NavDriver(rightToLeft: true)
        _ = e.pushSecond()
        e.drag(from: 5, 300, to: 200, 300, at: 0.5, duration: 0.05)
        e.run(until: 3)
        #expect(e.stack.depth == 2)
    }

    @Test("the same swipes end in the same state at 30, 60, 120 and 240 Hz")
    func frameRates() {
        var ends: [[Double]] = []
        for hz in [30.0, 60, 120, 240] {
            let d = NavDriver(hz: hz)
            _ = d.pushSecond()
            d.drag(from: 4, 200, to: 120, 210, at: 0.3, duration: 0.1)   // pops (fast)
            d.run(until: 0.45)
            d.down(150, 300, at: 0.46)                                    // caught mid-slide
            d.move(0, 300, at: 0.5)
            d.up(0, 300, at: 0.9)                                         // held still: back in place
            d.run(until: 3)
            ends.append([Double(d.stack.depth), d.stack.topScreen.frame.minX])
        }
        #expect(ends.allSatisfy { $0 == ends[0] }, "\(ends)")
        #expect(ends[0] == [2, 0])
    }

    @Test("a list keeps its offset across a push and a pop")
    func listKeepsOffset() {
        let d = NavDriver()
        d.rootList.scrollView.setContentOffset(Point(x: 0, y: 1234), animated: false)
        d.step()
        let second = ListView(frame: .zero, dataSource: PlainRows(10))
        d.stack.push(NavigationScreen(title: "Second", content: second), animated: true)
        d.run(until: 1)
        #expect(d.stack.screens[0].isHidden)
        #expect(d.stack.pop(animated: true))
        d.run(until: 2)
        #expect(d.stack.depth == 1 && d.rootList.scrollView.contentOffset.y == 1234)
    }

    @Test("the large title's space shrinks 1:1 as the content scrolls and the bar's title shows once it is gone")
    func largeTitle() {
        let d = NavDriver()
        let list = d.pushSecond()
        let screen = d.stack.topScreen
        // The model: the space is 52 − scrolled, never below 0; scrolled = offset + 52 (the inset).
        for scrolled in [0.0, 10, 26, 51, 52, 200] {
            list.scrollView.setContentOffset(Point(x: 0, y: scrolled - 52), animated: false)
            d.step()
            #expect(screen.largeTitle.frame.height == max(0, 52 - scrolled), "\(scrolled)")
            let opacity = scrolled >= 52 ? 1 : max(0, (scrolled / 52 - 0.8) / 0.2)
            #expect(abs(screen.navigationBar.titleOpacity - opacity) < 1e-9, "\(scrolled)")
        }
    }

    /// A stack with a sheet (medium and large) holding a 40-row list, presented at once.
    static func sheetDriver(hz: Double = 60) -> (NavDriver, SheetView, ListView) {
        let d = NavDriver(hz: hz)
        let list = ListView(frame: .zero, dataSource: PlainRows(40))
        let sheet = d.stack.present(sheet: list, detents: [.medium, .large], animated: false)
        d.step()
        return (d, sheet, list)
    }

    @Test("a sheet hands over to its list and back within one drag, with no frame where both move")
    func handOver() {
        for hz in [30.0, 60, 120] {
            let (d, sheet, list) = Self.sheetDriver(hz: hz)
            #expect(sheet.top == 300)
            var last = (sheet.top, list.scrollView.contentOffset.y)
            var both = 0, sheetMoves = 0, listMoves = 0
            d.observer = {
                let now = (sheet.top, list.scrollView.contentOffset.y)
                let s = now.0 != last.0, l = now.1 != last.1
                if s && l { both += 1 }
                if s { sheetMoves += 1 }
                if l { listMoves += 1 }
                last = now
            }
            // Up 500 pt from the medium detent: the sheet rises 288 to the large one (top 12), then the list
            // scrolls 212; then down 400: the list back to its top (212), then the sheet down 188.
            d.down(150, 400, at: 0.2)
            for k in 1...50 { d.move(150, 400 - 10 * Double(k), at: 0.2 + 0.01 * Double(k)) }
            for k in 1...40 { d.move(150, -100 + 10 * Double(k), at: 0.7 + 0.01 * Double(k)) }
            d.run(until: 1.2)
            #expect(both == 0, "\(hz) Hz")
            #expect(sheetMoves > 0 && listMoves > 0)
            #expect(abs(list.scrollView.contentOffset.y) < 1e-9)
            #expect(abs(sheet.top - (12 + 188)) < 1e-9, "\(sheet.top)")
            d.up(150, 300, at: 1.3)
            d.run(until: 3)
            #expect(sheet.top == 300 || sheet.top == 12)   // a detent
        }
    }

    @Test("a fling down dismisses the sheet; a slow drag settles on the nearest detent")
    func dismissAndDetents() {
        let (d, sheet, _) = Self.sheetDriver()
        d.drag(from: 150, 320, to: 150, 360, at: 0.2, duration: 0.04)   // 1000 pt/s down from the medium detent
        d.run(until: 2)
        #expect(d.stack.presentedSheet == nil)
        let (e, sheet2, _) = Self.sheetDriver()
        e.drag(from: 150, 320, to: 150, 120, at: 0.2, duration: 1.0)    // slowly up 200: nearer large (12) than medium
        e.run(until: 2.5)
        #expect(sheet2.top == 12)
        _ = sheet
    }

    @Test("a tap on the scrim dismisses the sheet")
    func scrimTap() {
        let (d, _, _) = Self.sheetDriver()
        d.down(150, 100, at: 0.2)
        d.up(150, 100, at: 0.25)
        d.run(until: 2)
        #expect(d.stack.presentedSheet == nil)
    }
}
