// The accessibility bridge's table, off the bus (its Swift answers, as the C callbacks call them): the elements it
// holds stay within its budget however many a client asks about, a huge list's children are a window of its items
// that follows the rows showing, and a frame's sync looks at what shows, not at every element ever asked about.

import Testing
@testable import ScrollKit
@testable import ScrollKitSDL

@MainActor
private final class ManyRows: ListDataSourceAccessibility {
    let count: Int
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 40 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let row = list.dequeueCell(StandardCell.self, for: index)
        row.textMeasurer = ApproximateTextMeasurer.shared
        row.title = "Row \(index)"
        return row
    }
    func accessibilityLabel(ofItem index: Int) -> String? { "Row \(index)" }
}

@Suite("Accessibility bridge table", .serialized)
@MainActor
struct AccessibilityBridgeTableTests {
    /// Scrolls `list` at once so item `index` is at its top.
    func show(_ list: ListView, _ index: Int) {
        list.scrollView.contentOffset = list.contentOffset(forItem: index, position: .start)
        list.layoutIfNeeded()
    }

    func make(items: Int) -> (bridge: AccessibilityBridge, root: ViewNode, list: ListView, listID: Int64) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480), dataSource: ManyRows(count: items))
        root.addSubview(list)
        list.layoutIfNeeded()
        let bridge = AccessibilityBridge(root: root) { (0, 0, 1) }
        bridge.rootID = bridge.id(for: .view(root))
        return (bridge, root, list, bridge.id(for: .view(list)))
    }

    @Test("a client asking for 30,000 items of a 10^6-item list leaves at most budget + budget/8 entries; the oldest are dropped, the root and the newest kept")
    func budget() {
        let (bridge, root, list, listID) = make(items: 1_000_000)
        defer { withExtendedLifetime(root) {} }
        let asked = AccessibilityBridge.budget + 13_616
        var first: Int64 = 0, last: Int64 = 0
        var distinct = Set<Int>()
        for i in 0..<asked {
            let index = Int32(i % AccessibilityBridge.maxExposedItems)
            // A different item each time: scroll the window along every maxExposedItems asks.
            if i > 0 && index == 0 { show(list, i) }
            let id = bridge.child(listID, index: index)
            #expect(id != 0)
            distinct.insert(bridge.exposedStart(list) + Int(index))
            if i == 0 { first = id }
            last = id
        }
        #expect(bridge.entries.count <= AccessibilityBridge.budget + AccessibilityBridge.budget / 8)
        // Every entry made (the root, the list, each distinct item) is held or was dropped.
        #expect(distinct.count > AccessibilityBridge.budget + AccessibilityBridge.budget / 8)
        #expect(bridge.evicted + bridge.entries.count == distinct.count + 2)
        #expect(bridge.element(first) == nil && bridge.element(last) != nil)
        #expect(bridge.element(bridge.rootID) != nil)
        #expect(bridge.ids.count == bridge.entries.count)
    }

    @Test("a 10^6-item list exposes maxExposedItems children around the rows showing; child k is item start + k and says so as its index in parent")
    func window() throws {
        let (bridge, root, list, listID) = make(items: 1_000_000)
        defer { withExtendedLifetime(root) {} }
        let listElement = AccessibleElement.view(list)
        #expect(bridge.exposedChildCount(listElement, listElement.node()) == AccessibilityBridge.maxExposedItems)
        #expect(bridge.exposedStart(list) == 0)
        show(list, 600_000)
        list.layoutIfNeeded()
        let start = bridge.exposedStart(list), showing = list.visibleRange
        #expect(start <= showing.lowerBound && showing.upperBound <= start + AccessibilityBridge.maxExposedItems)
        for k: Int32 in [0, 1, 5_000, Int32(AccessibilityBridge.maxExposedItems - 1)] {
            let id = bridge.child(listID, index: k)
            let element = try #require(bridge.element(id))
            #expect(element.key.item == start + Int(k))
            #expect(bridge.exposedIndexInParent(element) == Int(k))
        }
        for bad: Int32 in [-1, Int32(AccessibilityBridge.maxExposedItems), .max, .min] { #expect(bridge.child(listID, index: bad) == 0) }
        // A list of at most maxExposedItems exposes them all, from 0.
        let small = make(items: 500)
        defer { withExtendedLifetime(small.root) {} }
        let smallList = AccessibleElement.view(small.list)
        #expect(small.bridge.exposedChildCount(smallList, smallList.node()) == 500)
        #expect(small.bridge.element(small.bridge.child(small.listID, index: 499))?.key.item == 499)
    }

    @Test("after 12,000 items were asked about, a frame's sync looks at the views, the rows showing and a sweep slice, not at all 12,000")
    func syncFollowsWhatShows() {
        let (bridge, root, list, listID) = make(items: 1_000_000)
        defer { withExtendedLifetime(root) {} }
        for i in 0..<10_000 { _ = bridge.child(listID, index: Int32(i)) }
        show(list, 500_000)
        for i in 0..<2_000 { _ = bridge.child(listID, index: Int32(i)) }
        bridge.sync()
        bridge.sync()
        let views = bridge.viewIDs.count, showing = list.visibleRange.count
        #expect(bridge.entries.count > 11_000)
        #expect(bridge.lastSyncLooked <= views + 2 * showing + 2, "\(bridge.lastSyncLooked) looked at; \(views) views, \(showing) rows showing")
    }
}
