// Keyboard-only use in the library: where the focus ring goes (inside a row as wide as its list, outside a
// button with room), Tab in reading order, section headers passed over, keys a focused view takes (a segmented
// control, a picker, a row's switch), Space on a focused item, arrows that scroll when nothing is their way, and
// focus following pushed screens and sheets.

import Motion
import Testing
@testable import ScrollKit

@MainActor
@Suite("Keyboard focus in the library")
struct KeyboardFocusLibraryTests {
    /// `count` rows of `height` points in standard cells, rows `headers` being section headers.
    final class Rows: SectionedListDataSource {
        let count: Int
        let headers: [Int]
        var toggles: Set<Int> = []
        init(count: Int, headers: [Int] = []) { self.count = count; self.headers = headers }
        var numberOfItems: Int { count }
        var fixedItemSize: Double? { 50 }
        var sectionHeaderItems: [Int] { headers }
        func cell(at index: Int, in list: ListView) -> ListCell {
            let cell = list.dequeueCell(StandardCell.self, for: index)
            cell.title = "Row \(index)"
            cell.accessory = toggles.contains(index) ? .toggle(isOn: false) : .chevron
            return cell
        }
        func pinnedHeaderCell(forItem index: Int, in list: ListView) -> ListCell { StandardCell() }
    }

    /// A window 400 × 300 holding a list under a toolbar with two buttons, the toolbar added after the list.
    func window(rows: Rows) -> (root: ViewNode, list: ListView, buttons: [PushButton]) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 60, width: 400, height: 240), dataSource: rows)
        list.itemsAreFocusable = true
        list.onSelectItem = { _ in }
        let toolbar = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 60))
        let buttons = [PushButton(title: "A"), PushButton(title: "B")]
        for (i, b) in buttons.enumerated() {
            b.frame = Rect(x: 20 + Double(i) * 100, y: 10, width: 80, height: 40)
            b.isFocusable = true
            toolbar.addSubview(b)
        }
        root.addSubview(list)
        root.addSubview(toolbar)   // drawn over the list, yet first in reading order
        root.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        return (root, list, buttons)
    }

    @Test("Tab goes in reading order: the toolbar above the list first, then the rows; Shift-Tab backwards")
    func tabInReadingOrder() {
        let (root, list, buttons) = window(rows: Rows(count: 3))
        root.handle(.key(.tab, time: 0))
        #expect(root.focusedView === buttons[0])
        root.handle(.key(.tab, time: 0))
        #expect(root.focusedView === buttons[1])
        root.handle(.key(.tab, time: 0))
        #expect(root.focusedView === list && list.focusedItem == 0)
        root.handle(.key(.backtab, time: 0))
        #expect(root.focusedView === buttons[1])
    }

    @Test("Tab and the arrows pass over section headers; the accessibility tree calls them headings")
    func headersArePassedOver() {
        let (root, list, buttons) = window(rows: Rows(count: 6, headers: [0, 3]))
        _ = buttons[1].becomeFocused()
        root.handle(.key(.tab, time: 0))
        #expect(list.focusedItem == 1)
        root.handle(.key(.down, time: 0))
        root.handle(.key(.down, time: 0))
        #expect(list.focusedItem == 4)
        root.handle(.key(.up, time: 0))
        #expect(list.focusedItem == 2)
        let header = AccessibleElement.item(list, 3).node()
        #expect(header.role == .heading && !header.actions.contains("click") && !header.states.contains(.focusable))
    }

    @Test("A focused row as wide as its list draws its ring inside the row; a button with room, outside")
    func ringInsideFullWidthRows() throws {
        let (root, list, buttons) = window(rows: Rows(count: 3))
        #expect(list.focusItem(1))
        let cell = try #require(list.cell(at: 1))
        #expect(!cell.focusRingFitsOutside())
        #expect(buttons[0].focusRingFitsOutside())
        let canvas = RecordingCanvas(size: Size(width: 400, height: 300))
        root.draw(in: canvas)
        let row = list.scrollView.convert(try #require(list.frame(of: 1)), to: nil)
        let rings = canvas.commands.compactMap { command -> [Point]? in
            if case .polyline(let points, let color, _) = command, color == Theme.light.focusRing.color { return points }
            return nil
        }
        #expect(rings.count == 1)
        for p in rings.first ?? [] {
            #expect(p.x > row.minX && p.x < row.maxX && p.y > row.minY && p.y < row.maxY, "ring point \(p) inside \(row)")
        }
        // All four sides: points near each edge.
        let points = rings.first ?? []
        #expect(points.contains { $0.y < row.minY + 4 } && points.contains { $0.y > row.maxY - 4 })
        #expect(points.contains { $0.x < row.minX + 4 } && points.contains { $0.x > row.maxX - 4 })
        _ = buttons[0].becomeFocused()
        let again = RecordingCanvas(size: Size(width: 400, height: 300))
        root.draw(in: again)
        #expect(again.commands.contains { if case .strokeRect(let r, _, _) = $0 { r.minX < buttons[0].frameInRoot.minX } else { false } })
    }

    @Test("Space on a focused item activates it as Return does; on a row with a switch it flips the switch")
    func spaceOnItems() throws {
        let rows = Rows(count: 3)
        rows.toggles = [2]
        let (root, list, _) = window(rows: rows)
        var selected: [Int] = []
        list.onSelectItem = { selected.append($0) }
        #expect(list.focusItem(1))
        root.handle(.key(.space, time: 0))
        #expect(selected == [1])
        #expect(list.focusItem(2))
        root.handle(.key(.space, time: 1))
        let cell = try #require(list.cell(at: 2) as? StandardCell)
        var flipped = false
        if case .toggle(isOn: true) = cell.accessory { flipped = true }
        #expect(flipped && selected == [1])
        root.handle(.key(.enter, time: 2))
        #expect(selected == [1, 2])
    }

    @Test("A focused segmented control takes ← → (the neighbouring segment) and Space (the next one)")
    func segmentedControlKeys() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let control = SegmentedControl(segments: ["a", "b", "c"], frame: Rect(x: 20, y: 20, width: 240, height: 30))
        control.isFocusable = true
        var changes: [Int] = []
        control.onChange = { changes.append($0) }
        root.addSubview(control)
        _ = control.becomeFocused()
        root.handle(.key(.right, time: 0))
        root.handle(.key(.right, time: 0))
        root.handle(.key(.right, time: 0))   // the last: stays
        root.handle(.key(.left, time: 0))
        root.handle(.key(.space, time: 0))
        #expect(changes == [1, 2, 1, 2])
        #expect(control.isFocused)
    }

    @Test("An arrow that finds nothing to focus its way scrolls the scroll view instead")
    func arrowScrollsPastTheLastControl() {
        let (root, list, buttons) = window(rows: Rows(count: 40))
        list.itemsAreFocusable = false
        list.onSelectItem = nil
        _ = buttons[0].becomeFocused()
        root.handle(.key(.down, time: 0))   // nothing below the toolbar takes focus: the list scrolls
        for k in 1...60 { root.step(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60)) }
        #expect(list.scrollView.contentOffset.y > 0)
        #expect(root.focusedView === buttons[0])
    }

    @Test("Focus follows a pushed screen to its back button and comes back to the row on the pop; a sheet too")
    func focusFollowsNavigation() throws {
        let rows = Rows(count: 10)
        let list = ListView(frame: .zero, dataSource: rows)
        list.itemsAreFocusable = true
        let stack = NavigationStackView(root: NavigationScreen(title: "Inbox", content: list),
                                        frame: Rect(x: 0, y: 0, width: 400, height: 600))
        stack.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        #expect(list.focusItem(3))
        let detail = NavigationScreen(title: "Row 3", content: ViewNode())
        stack.push(detail, animated: false)
        #expect(stack.focusedView === detail.navigationBar.backButton)
        stack.handle(.key(.enter, time: 0))                 // the back button: pops
        for k in 1...60 { stack.step(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60)) }
        #expect(stack.depth == 1)
        #expect(stack.focusedView === list && list.focusedItem == 3)
        let cancel = PushButton(title: "Cancel")
        cancel.isFocusable = true
        let sheet = ViewNode()
        sheet.addSubview(cancel)
        cancel.frame = Rect(x: 10, y: 10, width: 80, height: 30)
        stack.present(sheet: sheet, detents: [.medium], animated: false)
        #expect(stack.focusedView === cancel)
        stack.dismissSheet(animated: false)
        #expect(stack.focusedView === list && list.focusedItem == 3)
    }

    @Test("Tab and Shift-Tab go round a sheet's controls and never reach the screen beneath; arrows stop at its edge")
    func tabStaysInsideASheet() throws {
        let rows = Rows(count: 10)
        let list = ListView(frame: .zero, dataSource: rows)
        list.itemsAreFocusable = true
        let stack = NavigationStackView(root: NavigationScreen(title: "Inbox", content: list),
                                        frame: Rect(x: 0, y: 0, width: 400, height: 600))
        stack.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        let buttons = ["Cancel", "Send", "Attach"].map { PushButton(title: $0) }
        let form = ViewNode()
        for (k, b) in buttons.enumerated() {
            b.isFocusable = true
            b.frame = Rect(x: 10 + 100 * Double(k), y: 10, width: 80, height: 30)
            form.addSubview(b)
        }
        #expect(list.focusItem(3))
        stack.present(sheet: form, detents: [.medium], animated: false)
        #expect(stack.focusedView === buttons[0])           // focus follows into the sheet
        var seen: [ViewNode?] = []
        for _ in 0..<7 {
            stack.handle(.key(.tab, time: 0))
            seen.append(stack.focusedView)
        }
        // The model: the sheet's three buttons in reading order, round and round.
        let expected = (1...7).map { buttons[$0 % 3] as ViewNode }
        #expect(seen.count == expected.count && zip(seen, expected).allSatisfy { $0 === $1 })
        stack.handle(.key(.backtab, time: 0))
        #expect(stack.focusedView === buttons[0])
        stack.handle(.key(.backtab, time: 0))
        #expect(stack.focusedView === buttons[2])           // wraps backwards too
        stack.handle(.key(.up, time: 0))                    // nothing above inside the sheet: focus stays
        #expect(stack.focusedView === buttons[2])
        stack.dismissSheet(animated: false)
        #expect(stack.focusedView === list && list.focusedItem == 3)
        // Nothing focused while a sheet shows: the first Tab starts inside the sheet, not on the screen beneath.
        stack.present(sheet: form, detents: [.medium], animated: false)
        stack.focusedView?.resignFocus()
        #expect(stack.focusedView == nil)
        stack.handle(.key(.tab, time: 0))
        #expect(stack.focusedView === buttons[0])
    }
}
