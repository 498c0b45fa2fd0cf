// The accessibility model: roles, names, states, frames, actions and the true item count of virtualized lists,
// checked against what the test itself set up (titles, counts, geometry), never against the model's own code.
import Testing
import Motion
@testable import ScrollKit

/// A data source of `count` standard rows titled "Row N", 44 pt each, naming off-screen rows too.
@MainActor
final class TitledRows: ListDataSourceAccessibility {
    let count: Int
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 44 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let row = list.dequeueCell(StandardCell.self, for: index)
        row.textMeasurer = ApproximateTextMeasurer.shared
        row.title = "Row \(index)"
        row.accessory = index == 2 ? .toggle(isOn: true) : .none
        return row
    }
    func accessibilityLabel(ofItem index: Int) -> String? { "Row \(index)" }
}

@Suite("Accessibility")
@MainActor
struct AccessibilityTests {
    /// A window 320×480 with a list of `count` rows below a 44 pt tab bar of three tabs.
    func makeWindow(count: Int) -> (root: ViewNode, list: ListView, tabs: TabBar) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let tabs = TabBar(titles: ["List", "Grid", "Chat"], frame: Rect(x: 10, y: 7, width: 300, height: 30))
        let list = ListView(frame: Rect(x: 0, y: 44, width: 320, height: 436), dataSource: TitledRows(count: count))
        list.onSelectItem = { _ in }
        root.addSubview(tabs)
        root.addSubview(list)
        list.layoutIfNeeded()
        return (root, list, tabs)
    }

    @Test func aListOfTenThousandReportsTenThousand() throws {
        let (root, list, _) = makeWindow(count: 10_000)
        let tree = root.accessibilitySnapshot()
        #expect(tree.role == .frame)
        let listNode = try #require(tree.first { $0.role == .list })
        #expect(listNode.childCount == 10_000)
        // 436 pt of 44 pt rows: rows 0…9 show (the 10th partly).
        #expect(listNode.children.map(\.label) == (0...9).map { "Row \($0)" })
        #expect(listNode.children.allSatisfy { $0.role == .listItem && $0.states.contains(.showing) })
        #expect(list.accessibilityRole == .list)
    }

    @Test func anOffScreenItemCanBeAskedForAndScrolledTo() throws {
        let (root, list, _) = makeWindow(count: 10_000)
        let listElement = try #require(root.accessibleElement.children.first { $0.node().role == .list })
        let far = try #require(listElement.child(at: 5_000))
        let before = far.node()
        #expect(before.label == "Row 5000")
        #expect(!before.states.contains(.showing))
        #expect(before.actions.contains("scroll-to"))
        #expect(before.frame.minY == 44 + 5_000 * 44)   // where it sits in the content, below the window
        #expect(far.performAction(named: "scroll-to"))
        // Let the timed scroll run out.
        var t = 0.0
        for i in 0..<120 { t = Double(i) / 60; root.step(FrameTick(index: i, timestamp: t, targetTimestamp: t, duration: 1.0 / 60)) }
        list.layoutIfNeeded()
        let after = far.node()
        #expect(after.states.contains(.showing))
        #expect(after.frame.minY >= 44 && after.frame.maxY <= 480)
        #expect(list.cell(at: 5_000) != nil)
        #expect(listElement.child(at: 10_000) == nil)
    }

    @Test func tabsArePageTabsNamedAsShownAndClickSelects() throws {
        let (root, _, tabs) = makeWindow(count: 10)
        var chosen: [Int] = []
        tabs.onChange = { chosen.append($0) }
        let bar = try #require(root.accessibleElement.children.first { $0.node().role == .pageTabList })
        let pages = bar.children.map { $0.node() }
        #expect(pages.map(\.role) == [.pageTab, .pageTab, .pageTab])
        #expect(pages.map(\.label) == ["List", "Grid", "Chat"])
        #expect(pages[0].states.contains(.selected) && !pages[1].states.contains(.selected))
        #expect(bar.selectedChildren == [0])
        #expect(bar.children[1].performAction(named: "click"))
        #expect(chosen == [1])
        #expect(bar.children[1].node().states.contains(.selected))
        #expect(bar.selectChild(2) && chosen == [1, 2])
        // Each tab's frame lies inside the bar, side by side, left to right.
        let frames = bar.children.map { $0.node().frame }
        #expect(frames[0].maxX <= frames[1].minX + 0.001 && frames[1].maxX <= frames[2].minX + 0.001)
    }

    @Test func controlsHaveTheirRolesNamesAndStates() throws {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let button = PushButton(title: "Play", frame: Rect(x: 10, y: 10, width: 80, height: 32))
        let toggle = Switch(isOn: true, frame: Rect(x: 10, y: 60, width: 51, height: 31))
        toggle.accessibilityLabel = "Wi-Fi"
        let hidden = PushButton(title: "Secret", frame: Rect(x: 10, y: 100, width: 80, height: 32))
        hidden.isHidden = true
        let group = ViewNode(frame: Rect(x: 100, y: 100, width: 100, height: 50))   // a plain view: lifted
        let inner = PushButton(title: "Inner", frame: Rect(x: 5, y: 5, width: 40, height: 20))
        group.addSubview(inner)
        for v in [button, toggle, hidden, group] { root.addSubview(v) }
        let nodes = root.accessibilitySnapshot().children
        #expect(nodes.map(\.label) == ["Play", "Wi-Fi", "Inner"])
        #expect(nodes.map(\.role) == [.pushButton, .checkBox, .pushButton])
        #expect(nodes[1].states.isSuperset(of: [.checkable, .checked, .enabled, .sensitive, .visible, .showing]))
        #expect(nodes[2].frame == Rect(x: 105, y: 105, width: 40, height: 20))
        #expect(AccessibleElement.view(toggle).performAction(named: "click"))
        #expect(!toggle.isOn && !AccessibleElement.view(toggle).node().states.contains(.checked))
        button.isEnabled = false
        #expect(!AccessibleElement.view(button).node().states.contains(.enabled))
    }

    @Test func settingsOverrideAndCustomActionsRun() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = ViewNode(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(view)
        #expect(!view.isAccessibilityElement)
        var deleted = false
        view.accessibilityRole = .image
        view.accessibilityLabel = "Sunset"
        view.accessibilityHint = "The photo of the day"
        view.accessibilityIdentifier = "photo-1"
        view.accessibilityCustomActions = [AccessibleAction(name: "delete") { deleted = true; return true }]
        let node = root.accessibilitySnapshot().children[0]
        #expect(node.role == .image && node.label == "Sunset" && node.hint == "The photo of the day")
        #expect(node.identifier == "photo-1" && node.actions == ["delete"])
        #expect(AccessibleElement.view(view).performAction(named: "delete") && deleted)
        #expect(!AccessibleElement.view(view).performAction(named: "nothing"))
    }

    @Test func aRowWithASwitchIsAListItemHoldingANamedCheckBox() throws {
        let (root, _, _) = makeWindow(count: 10)
        let listNode = try #require(root.accessibilitySnapshot().first { $0.role == .list })
        let row = listNode.children[2]
        #expect(row.label == "Row 2" && row.states.contains(.checked))
        #expect(row.children.map(\.role) == [.checkBox])
        #expect(row.children.first?.label == "Row 2")
        #expect(listNode.children[3].children.isEmpty)   // no switch: the hidden one is not an element
    }

    @Test func pickerIsASliderWhoseValueIsTheSelectedItem() throws {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let picker = PickerView(frame: Rect(x: 0, y: 50, width: 320, height: 100), axis: .vertical, dataSource: TitledRows(count: 30))
        root.addSubview(picker)
        picker.selectItem(7, animated: false)
        let node = root.accessibilitySnapshot().children[0]
        #expect(node.role == .slider && node.childCount == 0)
        #expect(node.range == AccessibleRange(current: 7, minimum: 0, maximum: 29, step: 1))
        #expect(node.value == "Row 7")
        var reported: [Int] = []
        picker.onSelectionChanged = { reported.append($0) }
        #expect(AccessibleElement.view(picker).setValue(12))
        #expect(picker.selectedIndex == 12 && reported == [12])
        #expect(!AccessibleElement.view(picker).setValue(.nan))
    }

    @Test func badInputNeverTraps() {
        let root = ViewNode(frame: Rect(x: .nan, y: 0, width: -5, height: .infinity))
        let list = ListView(frame: .zero, dataSource: TitledRows(count: 0))
        root.addSubview(list)
        let tree = root.accessibilitySnapshot()
        #expect(tree.children.first?.childCount == 0)
        #expect(!(tree.children.first?.states.contains(.showing) ?? true))
        #expect(AccessibleElement.item(list, 3).node().label == "")
        #expect(!AccessibleElement.item(list, -1).performAction(named: "scroll-to"))
    }

    @Test func aHostedTreeIsLiftedIntoItsHostAtTheHostsOrigin() throws {
        final class Stage: ViewNode, AccessibilityHosting {
            var hosted: ViewNode?
            var accessibilityHostedRoot: ViewNode? { hosted }
        }
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let stage = Stage(frame: Rect(x: 0, y: 44, width: 300, height: 256))
        root.addSubview(stage)
        let scene = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 256))
        let button = PushButton(title: "Go", frame: Rect(x: 20, y: 30, width: 60, height: 30))
        scene.addSubview(button)
        stage.hosted = scene
        let node = try #require(root.accessibilitySnapshot().first { $0.label == "Go" })
        #expect(node.frame == Rect(x: 20, y: 74, width: 60, height: 30))
        #expect(AccessibleElement.view(button).parent?.key == AccessibleElement.view(root).key)
        #expect(AccessibleElement.view(button).isAlive(under: root))
    }
}
