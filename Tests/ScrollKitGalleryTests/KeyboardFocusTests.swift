// Keyboard-only use of the gallery: in every scene, Tab visits every actionable element of the scene's
// accessibility tree (the model) and comes back to the tab bar, Shift-Tab walks the same cycle backwards, and
// Return and Space on each kind of element do what its accessibility action does.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery

@MainActor
@Suite("Keyboard-only use of the gallery", .serialized)
struct KeyboardFocusTests {
    nonisolated static let scenes = ["list", "paging", "picker", "sprites", "curves", "home", "photos", "reader",
                                     "chat", "grid", "photo", "world", "inbox", "contacts", "settings", "tv"]

    /// Tab from the tab bar goes through the scene and back to the tab bar; every actionable element the scene's
    /// accessibility tree shows at the start is visited on the way.
    @Test(arguments: scenes)
    func tabVisitsEveryActionableElement(scene: String) throws {
        let gallery = try KeyboardGallery(scene: scene)
        let model = gallery.actionableElements()
        let selected = gallery.shell.selectedIndex
        let focusedAtStart = gallery.focus != .none        // the contacts' search field
        try gallery.press(.tab)
        if !focusedAtStart { #expect(gallery.focus == .tab(selected), "Tab from nothing focuses the selected tab") }
        for _ in 0..<200 where gallery.focus != .tab(selected) { try gallery.press(.tab) }
        let cycle = try gallery.cycle(.tab)
        #expect(cycle.last == .tab(selected), "the cycle comes back to the tab bar")
        let visited = Set(cycle)
        if ProcessInfo.processInfo.environment["KBD_AUDIT"] != nil {
            let names = model.map { "\($0.1.role.rawValue) “\($0.1.label)”" }
            print("AUDIT \(scene) | \(cycle.count - 1) stops | \(names.joined(separator: ", "))")
        }
        for (element, node) in model {
            #expect(visited.contains(.element(element.key)), "\(scene): \(node.role) “\(node.label)” is reached by Tab")
        }
        #expect(gallery.shell.selectedIndex == selected, "Tab does not switch scenes")
    }

    /// Shift-Tab walks the Tab cycle in reverse.
    @Test(arguments: scenes)
    func shiftTabWalksTheCycleBackwards(scene: String) throws {
        let gallery = try KeyboardGallery(scene: scene)
        for _ in 0..<200 where gallery.focus != .tab(gallery.shell.selectedIndex) { try gallery.press(.tab) }
        let forward = try gallery.cycle(.tab)
        let backward = try gallery.cycle(.backtab)
        #expect(backward.count == forward.count)
        // Forward: a1 … an, tab. Backward from the tab: an … a1, tab.
        #expect(Array(backward.dropLast()) == Array(forward.dropLast().reversed()))
    }
}

/// Keys against accessibility actions: on each kind of element (the first of each role the Tab cycle reaches),
/// Return and Space leave the gallery in the state its accessibility action does (`click`; a picker's value one
/// step on for →, a segmented control's next tab for →), compared as the whole window's accessibility snapshot and
/// the trace. Two galleries are driven alike up to the element; one gets the key, the other the action.
@MainActor
@Suite("Keyboard keys do what accessibility actions do", .serialized)
struct KeyboardActionTests {
    /// What is done to the focused element: a key, or its accessibility counterpart.
    enum Stimulus { case key(Key), action(AccessibleElement) }

    /// The state to compare: the window's accessibility tree (names, states, values, frames) and the trace.
    func state(_ gallery: KeyboardGallery) -> (AccessibleNode, TraceSample) {
        (gallery.shell.window.accessibilitySnapshot(), gallery.shell.traceSample)
    }

    /// A gallery on `scene` with Tab pressed `presses` times.
    func reach(_ scene: String, presses: Int) throws -> KeyboardGallery {
        let gallery = try KeyboardGallery(scene: scene)
        for _ in 0..<presses { try gallery.press(.tab) }
        return gallery
    }

    /// The Tab cycle's elements (after how many presses each is focused), the first of each role.
    func firstOfEachRole(_ scene: String) throws -> [(presses: Int, role: AccessibleRole)] {
        let gallery = try KeyboardGallery(scene: scene)
        var found: [(Int, AccessibleRole)] = []
        for presses in 1...200 {
            try gallery.press(.tab)
            if case .tab = gallery.focus, presses > 1 { break }
            guard let element = gallery.focusedElement else { continue }
            let role = element.node().role
            if !found.contains(where: { $0.1 == role }) { found.append((presses, role)) }
        }
        return found
    }

    @Test(arguments: KeyboardFocusTests.scenes)
    func returnAndSpaceDoWhatTheActionDoes(scene: String) throws {
        for (presses, role) in try firstOfEachRole(scene) where role != .text {
            for key in [Key.enter, .space] {
                let byKey = try reach(scene, presses: presses)
                let byAction = try reach(scene, presses: presses)
                let element = try #require(byAction.focusedElement)
                let node = element.node()
                var acted = false
                switch role {
                case .slider:
                    // A picker: → against the value one step on (a plain value stepper has no action to compare).
                    guard case .view(let picker as PickerView) = element, let range = node.range else { continue }
                    byKey.app.press(.right)
                    acted = element.setValue(range.current + 1)
                    _ = picker
                case .pageTabList:
                    byKey.app.press(key == .enter ? .enter : .right)
                    let selected = element.selectedChildren.first ?? 0
                    acted = element.selectChild(key == .enter ? (selected + 1) % element.childCount : selected + 1)
                default:
                    guard node.actions.contains("click") else { continue }
                    byKey.app.press(key)
                    // Space on a row with a switch flips the switch (Return selects the row).
                    let toggle = key == .space && element.isItem ? element.children.first { $0.node().role == .checkBox } : nil
                    acted = (toggle ?? element).performAction(named: "click")
                }
                #expect(acted, "\(scene): \(role) “\(node.label)” has the action")
                byAction.app.pump(frames: 2)
                byKey.settle()
                byAction.settle()
                let (treeKey, traceKey) = state(byKey)
                let (treeAction, traceAction) = state(byAction)
                #expect(traceKey == traceAction, "\(scene): \(key) on \(role) “\(node.label)”: the trace")
                #expect(treeKey == treeAction, "\(scene): \(key) on \(role) “\(node.label)”: the accessibility tree")
            }
        }
    }

    /// The gallery's tabs: ← → move the focus between them, and Return or Space opens the focused one, as the
    /// page tab's `click` does.
    @Test(arguments: [Key.enter, .space])
    func tabBarKeysDoWhatTheTabsActionDoes(key: Key) throws {
        let byKey = try KeyboardGallery(scene: "list")
        let byAction = try KeyboardGallery(scene: "list")
        try byKey.press(.tab)
        #expect(byKey.focus == .tab(0))
        try byKey.press(.right)
        try byKey.press(.right)
        #expect(byKey.focus == .tab(2) && byKey.shell.selectedIndex == 0)
        try byKey.press(key)
        let tab = try #require(AccessibleElement.view(byAction.shell.tabBar.tabs).child(at: 2))
        #expect(tab.performAction(named: "click"))
        byAction.settle()
        #expect(byKey.shell.selectedIndex == 2 && byAction.shell.selectedIndex == 2)
        #expect(byKey.shell.currentScene?.traceSample == byAction.shell.currentScene?.traceSample)
    }
}
