// The gallery under ScrollKitTesting, as a user tests an app: its tabs, list and grid found in the accessibility
// tree by role and title, driven by gestures sampled as a device samples them.

import Foundation
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery

@MainActor
@Suite("Gallery under ScrollKitTesting", .serialized)
struct GalleryAppTests {
    private func gallery(_ scene: String = "list", items: Int = 10_000) throws -> (TestApp, GalleryShell) {
        var options = SceneOptions()
        options.items = items
        let size = Size(width: 800, height: 600)
        let shell = try GalleryShell(initialScene: scene, context: SceneContext(size: size, hz: 60, headless: true,
                                                                               options: options))
        return (try TestApp(client: shell, size: size), shell)
    }

    @Test("the list scene's list holds every item, and its visible rows are named by their titles")
    func listItems() throws {
        let (app, _) = try gallery(items: 10_000)
        let list = app.lists.first
        #expect(list.cells.count == 10_000)
        let first = try list.cells.first.node()
        #expect(first.role == .listItem && !first.label.isEmpty && first.states.contains(.showing))
    }

    @Test("tapping the Grid tab switches the scene")
    func gridTab() throws {
        let (app, shell) = try gallery()
        try app.tabs["Grid"].tap()
        try app.settle()
        #expect(shell.tabs[shell.selectedIndex].entry.name == "grid")
        #expect(app.tabs.matching { $0.states.contains(.selected) }.count == 1)
    }

    @Test("a swipe up on the list flings it, and it comes to rest further down")
    func swipe() throws {
        let (app, shell) = try gallery()
        let before = shell.currentScene?.traceSample.offset.y ?? 0
        try app.lists.first.swipeUp()
        try app.settle()
        let after = shell.currentScene?.traceSample.offset.y ?? 0
        #expect(after > before + 500)
    }
}
