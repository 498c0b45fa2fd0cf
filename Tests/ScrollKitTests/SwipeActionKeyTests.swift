// Swipe actions without a finger: the arrows on a focused row open its actions, choose one and run it with
// Return; an assistive technology runs them by name. The model is the gesture: the same row moved the same way,
// the same handler called with the same item.

import Motion
import Testing
@testable import ScrollKit

@Suite("Swipe actions from the keyboard and assistive technology")
@MainActor
struct SwipeActionKeyTests {
    func key(_ d: RowDriver, _ k: Key) {
        d.root.handle(.key(k, time: d.now))
        d.settle()
    }

    @Test("← opens the trailing actions as a left swipe does, the button beside the row chosen; → walks to the edge, Return runs it")
    func arrowsOpenChooseAndRun() throws {
        let d = RowDriver()
        d.list.itemsAreFocusable = true
        #expect(d.list.focusItem(3))
        key(d, .left)
        #expect(d.list.swipedItem == 3)
        #expect(d.list.swipeOffset == -2 * ListView.swipeActionWidth)   // where a left swipe's release rests
        // UIKit lays the first action outermost: Delete at the edge, Archive beside the row: Archive is chosen.
        #expect(d.list.swipePart.keyboardAction == 1)
        key(d, .right)                                                  // towards the edge: Delete
        #expect(d.list.swipePart.keyboardAction == 0)
        key(d, .right)                                                  // stays on the last
        #expect(d.list.swipePart.keyboardAction == 0)
        key(d, .left)                                                   // back to Archive
        key(d, .enter)
        #expect(d.source.actionsCalled.count == 1 && d.source.actionsCalled[0] == ("Archive", 3))
        #expect(d.list.swipedItem == nil && d.list.swipeOffset == 0)   // the row closed before it ran
        #expect(d.list.focusedItem == 3)
    }

    @Test("→ opens the leading action; ← past the row's side closes it; Escape closes; ↓ closes and moves on")
    func closing() throws {
        let d = RowDriver()
        d.list.itemsAreFocusable = true
        #expect(d.list.focusItem(2))
        key(d, .right)
        #expect(d.list.swipeOffset == ListView.swipeActionWidth)      // Read, at the left
        key(d, .right)                                                 // towards the row's content: closes
        #expect(d.list.swipedItem == nil && d.list.swipeOffset == 0)
        key(d, .left)
        #expect(d.list.swipeOffset < 0)
        key(d, .escape)
        #expect(d.list.swipedItem == nil)
        key(d, .left)
        key(d, .down)
        #expect(d.list.swipedItem == nil)
        #expect(d.list.focusedItem == 3)
        #expect(d.source.actionsCalled.isEmpty)
    }

    @Test("Space on a chosen Delete slides the row out and removes it, as a tap on the button does")
    func deleteByKey() throws {
        let d = RowDriver()
        d.list.itemsAreFocusable = true
        #expect(d.list.focusItem(5))
        key(d, .left)
        key(d, .right)
        key(d, .space)
        #expect(d.source.actionsCalled.count == 1 && d.source.actionsCalled[0] == ("Delete", 5))
        #expect(d.source.items.count == 99 && !d.source.items.contains(5))
    }

    @Test("each swipe action is an action of the item for assistive technology, and running it calls its handler")
    func accessibleActions() throws {
        let d = RowDriver()
        let element = AccessibleElement.item(d.list, 4)
        let node = element.node()
        #expect(node.actions.contains("Read") && node.actions.contains("Delete") && node.actions.contains("Archive"))
        #expect(element.performAction(named: "Read"))
        d.settle()
        #expect(d.source.actionsCalled.count == 1 && d.source.actionsCalled[0] == ("Read", 4))
        #expect(element.performAction(named: "Delete"))
        d.settle()
        #expect(d.source.items.count == 99 && !d.source.items.contains(4))
        #expect(!AccessibleElement.item(d.list, 4).performAction(named: "Shred"))
        d.source.leadingEnabled = false
        #expect(!AccessibleElement.item(d.list, 4).node().actions.contains("Read"))
    }
}
