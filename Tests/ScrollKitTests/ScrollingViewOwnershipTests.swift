import Motion
import Testing
@testable import ScrollKit

/// What the scroll view and the list hold strongly or weakly: an inline-assigned snapper works, and
/// a list with snapping on is freed.
@MainActor
@Suite("ScrollingView: snapping held strongly, no cycle with ListView")
struct ScrollingViewOwnershipTests {
    // MARK: - Snapping held strongly

    @Test("a snapper assigned inline is kept and decides where a fling lands")
    func inlineSnapping() {
        let h = SVHarness()
        h.view.snapping = SVGridSnapping(spacing: 100)   // no other reference to it
        #expect(h.view.snapping != nil)
        h.fling(speed: -1500)
        h.run()
        let y = h.view.contentOffset.y
        #expect(y > 0)
        #expect(y.truncatingRemainder(dividingBy: 100) == 0)
        #expect((h.view.snapping as? SVGridSnapping)?.snapTargetCalls == 1)
    }

    @Test("a ListView with snapping on is deallocated; a scroll view that outlives it scrolls without snapping")
    func listIsDeallocated() {
        weak var weakList: ListView?
        weak var weakSource: RecordingListSource?
        var survivor: ScrollingView?
        do {
            let source = RecordingListSource(count: 100)
            let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 600), dataSource: source)
            list.snapBehavior = .items(snapRatio: 0.3)
            list.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
            weakList = list
            weakSource = source
            survivor = list.scrollView
        }
        #expect(weakList == nil)
        #expect(weakSource == nil)
        guard let scroll = survivor else { return }
        // Still usable: a drag of 130 pt and release at rest lands where it was let go (no snapping).
        scroll.handle(.pointerDown(location: Point(x: 100, y: 400), time: 1.0))
        scroll.handle(.pointerMove(location: Point(x: 100, y: 335), time: 1.1))
        scroll.handle(.pointerMove(location: Point(x: 100, y: 270), time: 1.2))
        scroll.handle(.pointerMove(location: Point(x: 100, y: 270), time: 1.3))
        scroll.handle(.pointerUp(location: Point(x: 100, y: 270), time: 1.35))
        var k = 0
        while scroll.isAnimating && k < 1000 {
            scroll.step(FrameTick(index: k, timestamp: 1.35 + Double(k) / 60, duration: 1.0 / 60))
            k += 1
        }
        #expect(scroll.contentOffset.y == 130)   // 130 is not a multiple of the 60 pt rows
    }
}
