import Testing
import Motion
@testable import ScrollKit

/// `TabBar`: taps, presses that slide off, keys and focus, `onChange`, the pill's slide, the strip that
/// scrolls to the selection when the tabs do not fit, and what it draws (from a `RecordingCanvas`).
@Suite("TabBar")
@MainActor
struct TabBarTests: ControlTesting {
    static let titles = ["Inbox", "Sent", "Drafts", "Archive", "Spam"]

    /// A window 800 × 100 holding a bar of `titles` at `frame`.
    func window(_ bar: TabBar) -> ViewNode {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 800, height: 100))
        root.addSubview(bar)
        return root
    }

    /// The centre of tab `i` in window points, where it is drawn now.
    func centre(_ bar: TabBar, _ i: Int) -> Point {
        let r = bar.convert(bar.tabFrame(Double(i)), to: nil)
        return Point(x: r.midX, y: r.midY)
    }

    func tick(_ k: Int) -> FrameTick { FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60) }

    @Test("A tap on a tab selects it and reports it once; a tap on the selected tab reports nothing")
    func tapSelects() {
        let bar = TabBar(titles: Self.titles, frame: Rect(x: 100, y: 20, width: 506, height: 30))
        var changes: [Int] = []
        bar.onChange = { changes.append($0) }
        let root = window(bar)
        tap(root, at: centre(bar, 3))
        #expect(bar.selectedIndex == 3 && changes == [3])
        tap(root, at: centre(bar, 3), time: 1)
        #expect(changes == [3])
        // Tabs share the width: 506 less two 3-point paddings, over five.
        #expect(bar.tabWidth == 100)
    }

    @Test("A press that slides off its tab is cancelled: no selection")
    func slideOff() {
        let bar = TabBar(titles: Self.titles, frame: Rect(x: 100, y: 20, width: 506, height: 30))
        let root = window(bar)
        root.handle(.pointerDown(location: centre(bar, 2), time: 0))
        root.handle(.pointerMove(location: centre(bar, 3), time: 0.05))
        root.handle(.pointerUp(location: centre(bar, 3), time: 0.1))
        #expect(bar.selectedIndex == 0)
    }

    @Test("Focus reaches the tabs: Tab focuses one, arrows move between them, Return and Space select")
    func keys() {
        let bar = TabBar(titles: Self.titles, frame: Rect(x: 100, y: 20, width: 506, height: 30))
        bar.tabsAreFocusable = true
        var changes: [Int] = []
        bar.onChange = { changes.append($0) }
        let root = window(bar)
        root.handle(.key(.tab, time: 0))
        #expect(bar.focusedTab == 0)
        root.handle(.key(.right, time: 0.1))
        root.handle(.key(.right, time: 0.2))
        #expect(bar.focusedTab == 2 && bar.selectedIndex == 0)
        root.handle(.key(.enter, time: 0.3))
        #expect(bar.selectedIndex == 2 && changes == [2])
        root.handle(.key(.left, time: 0.4))
        root.handle(.key(.space, time: 0.5))
        #expect(bar.selectedIndex == 1 && changes == [2, 1])
        #expect(bar.focusTab(4) && bar.focusedTab == 4)
        // Not focusable: no focus, the keys pass by.
        let plain = TabBar(titles: Self.titles, frame: Rect(x: 100, y: 20, width: 506, height: 30))
        let other = window(plain)
        other.handle(.key(.tab, time: 0))
        #expect(plain.focusedTab == nil && !plain.focusTab(1))
    }

    @Test("The focused tab gets a ring in focusRingColor around its frame")
    func focusRing() {
        let bar = TabBar(titles: Self.titles, frame: Rect(x: 100, y: 20, width: 506, height: 30))
        bar.tabsAreFocusable = true
        bar.focusRingColor = .white
        let root = window(bar)
        bar.focusTab(1)
        let canvas = RecordingCanvas()
        root.draw(in: canvas)
        let rings = canvas.commands.compactMap { if case .strokeRect(let r, let c, _) = $0, c == .white { r } else { nil } }
        let tab = bar.convert(bar.tabFrame(1), to: nil)
        #expect(rings.count == 1 && rings[0].minX < tab.minX && rings[0].maxX > tab.maxX && rings[0].minY < tab.minY && rings[0].maxY > tab.maxY)
    }

    @Test("The pill slides to a new tab along easeOutCubic over slideDuration, then the tree needs no frames")
    func pillSlides() {
        let bar = TabBar(titles: Self.titles, frame: Rect(x: 100, y: 20, width: 506, height: 30))
        let root = window(bar)
        bar.select(4)
        #expect(root.isAnimating && bar.indicatorPosition == 0)
        var k = 0
        while root.isAnimating && k < 100 {
            root.step(tick(k))
            let t = min(1, Double(k + 1) / 60 / TabBar.slideDuration)
            let expected = 4 * (1 - (1 - t) * (1 - t) * (1 - t))      // ease-out cubic from 0 to 4
            #expect(abs(bar.indicatorPosition - expected) < 1e-6, "frame \(k)")
            k += 1
        }
        #expect(bar.indicatorPosition == 4 && !root.isAnimating)
        // Setting the index jumps.
        bar.selectedIndex = 1
        #expect(bar.indicatorPosition == 1 && !root.isAnimating)
    }

    @Test("Too narrow for every tab: tabs keep their least width, the selected one is whole, taps hit the tab drawn",
          arguments: [200.0, 260, 330])
    func strip(width: Double) {
        let titles = (1...11).map { "Tab \($0)" }
        let bar = TabBar(titles: titles, frame: Rect(x: 50, y: 20, width: width, height: 30))
        bar.minimumTabWidth = 64
        let root = window(bar)
        #expect(bar.tabWidth == 64)
        var scrolls: [Double] = []
        for selected in titles.indices {
            bar.selectedIndex = selected
            scrolls.append(bar.scrollOffset(indicator: Double(selected)))
            let r = bar.tabFrame(Double(selected))
            #expect(r.minX >= TabBar.padding - 1e-9 && r.maxX <= width - TabBar.padding + 1e-9, "tab \(selected) whole")
            for other in [selected - 1, selected + 1] where titles.indices.contains(other) {
                let o = bar.tabFrame(Double(other))
                guard o.midX > TabBar.padding && o.midX < width - TabBar.padding else { continue }
                var chosen: [Int] = []
                bar.onChange = { chosen.append($0) }
                tap(root, at: centre(bar, other), time: Double(selected))
                #expect(chosen == [other], "tab \(other) from \(selected)")
                bar.selectedIndex = selected
            }
        }
        #expect(scrolls.first == 0)
        #expect(scrolls.last == 11 * 64 + 2 * TabBar.padding - width)
        #expect(zip(scrolls, scrolls.dropFirst()).allSatisfy { $0 <= $1 })
        // Wide enough for all: no scrolling.
        bar.frame = Rect(x: 0, y: 0, width: 800, height: 30)
        #expect(bar.scrollOffset(indicator: 10) == 0)
    }

    @Test("Drawing: the track, the pill under the selected tab, every title; numbers when asked and wide enough")
    func drawing() {
        let frame = Rect(x: 100, y: 20, width: 506, height: 30)
        let bar = TabBar(titles: Self.titles, selectedIndex: 2, frame: frame)
        let root = window(bar)
        let canvas = RecordingCanvas()
        root.draw(in: canvas)
        #expect(canvas.commands.contains(.fillRoundedRect(frame, radius: bar.cornerRadius, bar.trackColor)))
        let pill = Rect(x: frame.minX + 3 + 2 * 100, y: frame.minY + 3, width: 100, height: 24)
        #expect(canvas.commands.contains(.fillRoundedRect(pill, radius: bar.cornerRadius - 2, bar.indicatorColor)))
        #expect(canvas.texts == Self.titles)
        bar.showsNumbers = true
        let numbered = RecordingCanvas()
        root.draw(in: numbered)
        #expect(numbered.texts == ["1", "Inbox", "2", "Sent", "3", "Drafts", "4", "Archive", "5", "Spam"])
    }

    @Test("Bad input: no titles, out-of-range selections, a zero frame")
    func badInput() {
        let bar = TabBar(titles: [], selectedIndex: 5)
        let root = window(bar)
        #expect(bar.selectedIndex == 0 && bar.tabWidth == 0)
        bar.select(3)
        let canvas = RecordingCanvas()
        root.draw(in: canvas)
        #expect(canvas.commands.isEmpty)
        bar.titles = ["A", "B"]
        bar.selectedIndex = 9
        #expect(bar.selectedIndex == 1)
        bar.selectedIndex = -4
        #expect(bar.selectedIndex == 0)
    }
}
