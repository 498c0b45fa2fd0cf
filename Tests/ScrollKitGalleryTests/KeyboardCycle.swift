// KeyboardCycle: test support for keyboard-only use of the gallery — a headless gallery on one scene, what has
// focus (as an accessible element's key), the scene's actionable elements read from its accessibility tree (the
// model the Tab cycle is checked against), and the Tab cycle itself.

import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
@testable import ScrollKitGallery

/// A gallery showing one scene in a headless host (``TestApp``), driven by keys.
@MainActor
struct KeyboardGallery {
    let app: TestApp
    let shell: GalleryShell

    /// The scenes' item counts in these tests: small, so that a Tab cycle through every item stays short.
    static func options(for scene: String) -> SceneOptions {
        var options = SceneOptions()
        switch scene {
        case "home": options.items = 2; options.itemsGiven = true
        case "list", "chat", "grid", "inbox", "photos": options.items = 8; options.itemsGiven = true
        default: break
        }
        return options
    }

    init(scene: String, size: Size = Size(width: 800, height: 600)) throws {
        shell = try GalleryShell(initialScene: scene, context: SceneContext(size: size, hz: 60, headless: true,
                                                                            options: Self.options(for: scene)))
        app = try TestApp(client: shell, size: size)
        settle()
        if scene == "contacts" {
            // The 2,820 people narrowed to the Adamses (typed into the search field, focused at start).
            app.typeText("Adams")
            settle()
        }
    }

    /// Runs frames until nothing animates, for at most a second (the sprites move forever, a caret blinks).
    func settle() {
        for _ in 0..<60 where app.client.needsFrames { app.pump(frames: 1) }
    }

    /// The scene's tree (the root its focus lives in).
    var sceneRoot: ViewNode? { shell.currentScene?.accessibilityRoot }

    /// What has focus: the selected tab of the bar (`tab`), an element of the scene, or nothing.
    enum Focus: Hashable, CustomStringConvertible {
        case tab(Int)
        case element(AccessibleElement.Key)
        case none
        var description: String {
            switch self {
            case .tab(let i): "tab \(i)"
            case .element(let k): "element \(k.object.hashValue % 10_000)/\(k.item)"
            case .none: "none"
            }
        }
    }

    var focus: Focus {
        if let tab = shell.tabBar.tabs.focusedTab { return .tab(tab) }
        guard let view = sceneRoot?.focusedView else { return .none }
        if let list = view as? ListView, let item = list.focusedItem { return .element(AccessibleElement.item(list, item).key) }
        return .element(AccessibleElement.view(view).key)
    }

    /// The focused element of the scene, live.
    var focusedElement: AccessibleElement? {
        guard let view = sceneRoot?.focusedView else { return nil }
        if let list = view as? ListView, let item = list.focusedItem { return .item(list, item) }
        return .view(view)
    }

    /// Presses `key` and lets what it started (a focus scroll, a press highlight) run out.
    func press(_ key: Key) throws {
        app.press(key)
        settle()
    }

    /// Presses `key` until focus comes back to where it was (at most `limit` presses); returns the focus after each.
    func cycle(_ key: Key, limit: Int = 400) throws -> [Focus] {
        let start = focus
        var seen: [Focus] = []
        for _ in 0..<limit {
            try press(key)
            seen.append(focus)
            if focus == start { break }
        }
        return seen
    }

    /// The scene's actionable elements as its accessibility tree shows them now: every element with an action
    /// (buttons, tabs, switches, list items that take a tap), text fields and sliders (pickers), showing on
    /// screen, in tree order. A slider's own parts (a picker's items) are the slider's: not counted apart.
    func actionableElements() -> [(AccessibleElement, AccessibleNode)] {
        guard let root = sceneRoot else { return [] }
        var found: [(AccessibleElement, AccessibleNode)] = []
        func walk(_ element: AccessibleElement) {
            let node = element.node()
            guard node.states.contains(.showing) || element.isItem else { return }
            if node.role == .slider || node.role == .text || !node.actions.filter({ $0 != "scroll-to" }).isEmpty {
                found.append((element, node))
                // A focusable item is one stop: what its cell holds (a row's switch) is used through it.
                if node.role == .slider || node.states.contains(.focusable) && element.isItem { return }
            }
            // A page tab list that takes focus itself (a segmented control) is one stop: its arrows choose the tab.
            if node.role == .pageTabList, element.view.isFocusable {
                found.append((element, node))
                return
            }
            if case .view(let list as ListView) = element {
                for i in list.visibleRange { walk(.item(list, i)) }
            } else {
                for child in element.children { walk(child) }
            }
        }
        walk(.view(root))
        return found.filter { $0.1.states.contains(.showing) }
    }
}

extension AccessibleElement {
    var isItem: Bool { if case .item = self { true } else { false } }
}
