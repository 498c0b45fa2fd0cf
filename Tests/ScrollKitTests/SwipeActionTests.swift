// Swipe actions on list rows: the directional lock against scrolling, 1:1 following, snapping by position and
// velocity, the full swipe, one row open at a time, and closing by a tap elsewhere or a scroll.

import Motion
import Testing
@testable import ScrollKit

@Suite("Swipe actions")
@MainActor
struct SwipeActionTests {
    @Test("a drag within 30° of horizontal moves the row 1:1 and never the list")
    func horizontalDragSwipes() {
        let d = RowDriver()
        var listMoved = false
        d.observer = { if d.list.scrollView.contentOffset.y != 0 { listMoved = true } }
        // 20° below horizontal: dy = tan 20° · dx.
        d.down(300, 150, at: 0.1)
        d.move(260, 150 + 40 * 0.364, at: 0.12)
        #expect(d.list.swipedItem == 2)
        #expect(d.list.swipeOffset == -40)
        d.move(200, 150 + 100 * 0.364, at: 0.14)
        #expect(d.list.swipeOffset == -100)
        d.up(200, 150 + 100 * 0.364, at: 0.4)
        d.settle()
        #expect(!listMoved)
        #expect(d.list.swipeOffset == -2 * ListView.swipeActionWidth)   // open: both trailing buttons
    }

    @Test("a drag steeper than 30° scrolls the list and no row swipes")
    func verticalDragScrolls() {
        let d = RowDriver()
        var swiped = false
        d.observer = { if d.list.swipedItem != nil { swiped = true } }
        // 40° from horizontal: |dy| = tan 40° · |dx| > tan 30° · |dx|.
        d.drag(from: 300, 400, to: 300 - 120, 400 - 120 * 0.839, at: 0.1)
        d.settle()
        #expect(!swiped)
        #expect(d.list.scrollView.contentOffset.y > 50)
    }

    @Test("a slow release opens past half the buttons' width and closes short of it")
    func snapByPosition() {
        for (travel, open) in [(70.0, false), (90.0, true), (150.0, true), (30.0, false)] {
            let d = RowDriver()
            d.drag(from: 300, 90, to: 300 - travel, 90, at: 0.1, hold: 0.3)
            d.settle()
            #expect(d.list.swipeOffset == (open ? -160 : 0), "travel \(travel)")
            #expect((d.list.swipedItem != nil) == open, "travel \(travel)")
        }
    }

    @Test("a fling opens a row short of half, and a fling back closes one past half")
    func snapByVelocity() {
        let d = RowDriver()
        // 40 pt in 40 ms, released at once: 1000 pt/s towards opening.
        d.down(300, 90, at: 0.1)
        for k in 1...4 { d.move(300 - 10 * Double(k), 90, at: 0.1 + 0.01 * Double(k)) }
        d.up(260, 90, at: 0.15)
        d.settle()
        #expect(d.list.swipeOffset == -160)
        // From open (-160), dragged back 40 pt quickly: still past half (-120), but flung closed.
        d.down(300, 90, at: d.now + 0.1)
        let t = d.now
        for k in 1...4 { d.move(300 + 10 * Double(k), 90, at: t + 0.01 * Double(k)) }
        d.up(340, 90, at: t + 0.05)
        d.settle()
        #expect(d.list.swipeOffset == 0)
        #expect(d.list.swipedItem == nil)
    }

    @Test("a full swipe runs the first action: a delete removes the row with the animated batch")
    func fullSwipeDeletes() {
        let d = RowDriver()
        d.drag(from: 380, 150, to: 380 - 300, 150, at: 0.1, hold: 0.05)   // 300 of 400 pt: past 55 %
        d.settle()
        #expect(d.source.actionsCalled.map(\.0) == ["Delete"])
        #expect(d.source.actionsCalled.map(\.1) == [2])
        #expect(d.source.items.count == 99)
        #expect(!d.source.items.contains(2))
        #expect(d.list.numberOfItems == 99)
        #expect(d.list.swipedItem == nil)
        #expect(d.list.cell(at: 2)?.frame.minX == 0)   // the row that took its place is not moved aside
    }

    @Test("a side without actions does not move; the leading side reveals Read")
    func sidesWithoutActions() {
        let d = RowDriver()
        d.source.leadingEnabled = false
        d.down(100, 90, at: 0.1)
        d.move(160, 90, at: 0.12)
        #expect(d.list.swipeOffset == 0)
        d.up(160, 90, at: 0.3)
        d.settle()
        d.source.leadingEnabled = true
        d.drag(from: 100, 90, to: 200, 90, at: d.now + 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipeOffset == ListView.swipeActionWidth)
    }

    @Test("one row open at a time; a tap elsewhere closes it without selecting; a tap on a button runs it")
    func oneOpenRow() {
        let d = RowDriver()
        var selected: [Int] = []
        d.list.onSelectItem = { selected.append($0) }
        d.drag(from: 300, 90, to: 150, 90, at: 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipedItem == 1)
        d.drag(from: 300, 270, to: 150, 270, at: d.now + 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipedItem == 4)
        // A tap on another row closes row 4 and selects nothing.
        d.down(100, 450, at: d.now + 0.1)
        d.up(100, 450, at: d.now + 0.05)
        d.settle()
        #expect(d.list.swipedItem == nil)
        #expect(selected.isEmpty)
        // A tap on the Archive button (the inner one: x in 240..<320 with the row open at -160) runs it.
        d.drag(from: 300, 90, to: 150, 90, at: d.now + 0.1, hold: 0.3)
        d.settle()
        d.down(280, 90, at: d.now + 0.1)
        d.up(280, 90, at: d.now + 0.05)
        d.settle()
        #expect(d.source.actionsCalled.map(\.0) == ["Archive"])
        #expect(d.list.swipedItem == nil)
        #expect(selected.isEmpty)
    }

    @Test("a scroll of the list closes the open row")
    func scrollCloses() {
        let d = RowDriver()
        d.drag(from: 300, 90, to: 150, 90, at: 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipedItem == 1)
        d.drag(from: 200, 500, to: 200, 300, at: d.now + 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipedItem == nil)
        #expect(d.list.swipeOffset == 0)
    }

    @Test("a new touch takes a settling row where it is shown", arguments: [30.0, 60.0, 120.0])
    func interruptSettle(hz: Double) {
        let d = RowDriver(hz: hz)
        d.drag(from: 300, 90, to: 200, 90, at: 0.1, hold: 0.3)   // releases at 0.5, opening to -160
        d.run(until: 0.55)
        let shown = d.list.swipeOffset
        #expect(shown < -100 && shown > -160)
        d.down(200, 90, at: 0.56)   // on the row's content, not its buttons
        d.move(190, 90, at: 0.57)
        // The drag goes on from where the spring was at 0.56 s (the same at any frame rate), then 1:1.
        let spring = SpringSimulation(spring: .criticallyDamped(response: 0.3), position: -100, velocity: 0, target: -160)
        #expect(abs(d.list.swipeOffset - (spring.position(at: 0.06) - 10)) < 1e-6)
    }

    @Test("right to left: a drag to the left reveals the leading actions, to the right the trailing ones")
    func rightToLeft() {
        let d = RowDriver()
        d.list.layoutDirection = .rightToLeft
        d.drag(from: 300, 90, to: 180, 90, at: 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipeOffset == -ListView.swipeActionWidth)       // Read, at the right (leading) edge
        d.drag(from: 100, 210, to: 220, 210, at: d.now + 0.1, hold: 0.3)
        d.settle()
        #expect(d.list.swipedItem == 3)
        #expect(d.list.swipeOffset == 2 * ListView.swipeActionWidth)    // Delete and Archive, at the left
    }

    @Test("bad values: NaN fraction, empty list, a reload while open")
    func badInput() {
        let d = RowDriver(count: 0)
        d.list.fullSwipeFraction = .nan
        #expect(d.list.fullSwipeFraction == 0.55)
        d.drag(from: 300, 90, to: 100, 90, at: 0.1)
        d.settle()
        #expect(d.list.swipedItem == nil)
        let e = RowDriver()
        e.drag(from: 300, 90, to: 150, 90, at: 0.1, hold: 0.3)
        e.settle()
        e.source.items = [1, 2]
        e.list.reloadData()
        #expect(e.list.swipedItem == nil)
        e.settle()
    }
}
