// Scroll-to-focus honours snapping and insets: D-pad moves in a snapping list rest on snap positions with the
// focused item whole, and focusing the first item from far down rests at the top inset (the scroll range's start).

import Motion
import ScrollKit
import Testing

@MainActor @Suite(.serialized) struct FocusScrollSnapTests {
    private func settle(_ root: ViewNode, from t0: Double, seconds: Double = 1.5) -> Double {
        var t = t0
        while t < t0 + seconds {
            t += 1.0 / 60
            root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60))
        }
        return t
    }

    private func list(insetTop: Double) -> (ViewNode, ListView) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 350))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 300, height: 350), dataSource: NumberedCells(count: 40, size: 104))
        list.itemsAreFocusable = true
        list.insets = Insets(top: insetTop, left: 0, bottom: insetTop, right: 0)
        list.snapBehavior = .items(snapRatio: 0.3)
        root.addSubview(list)
        root.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        return (root, list)
    }

    @Test("six Down presses rest on a snap position with the focused item whole")
    func downRestsOnSnap() {
        let (root, list) = list(insetTop: 16)
        list.focusItem(0)
        var t = settle(root, from: 0)
        for _ in 0..<6 {
            root.handle(.key(.down, time: t))
            t = settle(root, from: t, seconds: 0.6)
        }
        let s = list.scrollView
        let offset = s.contentOffset
        let snapped = s.snapping?.snapPosition(from: offset, steps: 0, in: s) ?? offset
        #expect(abs(snapped.y - offset.y) < 0.5, "rests at \(offset.y), the nearest snap position is \(snapped.y)")
        let f = list.frame(of: 6)!
        #expect(f.minY >= offset.y - 0.5 && f.maxY <= offset.y + 350 + 0.5, "item 6 shows whole")
    }

    @Test("focusing the first item from offset 624 rests at the top inset")
    func firstRestsAtInset() {
        let (root, list) = list(insetTop: 16)
        list.scrollView.contentOffset = Point(x: 0, y: 624)
        var t = settle(root, from: 0, seconds: 0.2)
        list.focusItem(0)
        t = settle(root, from: t)
        #expect(abs(list.scrollView.contentOffset.y - list.scrollView.minContentOffset.y) < 0.5)
    }
}

@MainActor @Suite(.serialized) struct FocusPivotTests {
    @Test("a focus pivot puts the focused item's leading edge that far into the viewport")
    func pivot() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 1000, height: 200))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 1000, height: 200), axis: .horizontal, dataSource: NumberedCells(count: 40, size: 100))
        list.itemsAreFocusable = true
        list.focusPivot = 0.3
        root.addSubview(list)
        root.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        list.focusItem(10)
        var t = 0.0
        while t < 1.5 { t += 1.0 / 60; root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60)) }
        let f = list.frame(of: 10)!
        // The item's leading edge at 30 % of the 1000-pt viewport.
        #expect(abs((f.minX - list.scrollView.contentOffset.x) - 300) < 0.5)
        list.focusItem(0)
        t += 0
        let end = t + 1.5
        while t < end { t += 1.0 / 60; root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60)) }
        #expect(list.scrollView.contentOffset.x == list.scrollView.minContentOffset.x)
    }
}
