import Testing
import Motion
@testable import ScrollKit

/// A press on a scroll indicator's track with nowhere to page to, found by the list property test (seed
/// TiGTVWYQ5Vw01scq4BRahOXurHcbijqgZP3nU9aBlI4=): an 8.25 pt wide list whose only item is a quarter point
/// longer than the viewport, centred snapping, no bounces. The press stopped the landing motion and the
/// content stayed off its snap position.
@MainActor @Suite struct IndicatorPageSnapTests {
    @Test func aTrackPressWithNowhereToPageSettlesOnASnapPosition() {
        final class One: ListDataSource {
            var numberOfItems: Int { 1 }
            func sizeOfItem(at index: Int) -> Double { 44.5 }
            func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(LabelCell.self, for: index) }
        }
        let list = ListView(frame: Rect(x: 0, y: 0, width: 8.25, height: 44.25), dataSource: One())
        list.snapBehavior = .centered
        list.scrollView.bounces = false
        var ticks = ListTicks(hz: 24)
        list.step(ticks.next())
        // A short flick down the list, then a press on the indicator's band while it lands.
        var p = Point(x: 0, y: 0)
        list.handle(.pointerDown(location: p, time: ticks.now))
        for k in 1...3 {
            p.y += 1.344
            list.handle(.pointerMove(location: p, time: ticks.now + 0.01 + 0.008 * Double(k)))
        }
        list.handle(.pointerUp(location: p, time: ticks.now + 0.034))
        list.step(ticks.next())
        list.step(ticks.next())
        #expect(list.scrollView.phase == .decelerating)
        let band = Point(x: 5.5, y: 0)
        list.handle(.pointerDown(location: band, time: ticks.now))
        list.handle(.pointerUp(location: band, time: ticks.now + 0.01))
        for _ in 0..<120 { list.step(ticks.next()) }
        #expect(list.scrollView.phase == .idle)
        #expect(list.scrollView.contentOffset.y == 0.125, "the item centred: its only snap position")
    }
}
