// Golden images of the demo's scenes at 800x600, rendered headless in-process on ScrollKitTesting: each scene runs
// in a TestApp (SceneHarness) on a virtual 60 Hz clock, its views found in the accessibility tree, and the frame
// the host drew is compared with Tests/ScrollKitGalleryTests/Golden/<name>.png (TestApp.expectScreenshot).
// `SCROLLKIT_UPDATE_GOLDENS=1` rewrites the goldens; a mismatch writes <name>.actual.png and <name>.diff.png
// beside the golden (git-ignored).
import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

@Suite("Scene goldens", .serialized)
@MainActor
struct SceneGoldenTests {
    /// The list (120 rows of standard cells: swatches, wrapped descriptions, chevrons, values and switches)
    /// mid-fling: after a 1 s scroll to row 70 (the counter shows what it configured), a fast downward drag
    /// released, 10 frames into the deceleration.
    @Test func listMidFling() throws {
        let h = try SceneHarness("list", options: try SceneOptions(items: "120"))
        let app = try #require(h.app)
        h.step()
        h.scene.perform(.scrollToItem(index: 70, position: .start, duration: 1, curve: nil))
        h.settle()
        // The drag starts on the list, 200 pt down the window.
        let list = try app.lists.first.frame
        let down = Point(x: 400, y: 200)
        #expect(list.contains(down))
        h.step([.pointerDown(location: down, time: h.now)])
        for k in 1...5 {
            h.step([.pointerMove(location: Point(x: down.x, y: down.y + 60 * Double(k)), time: h.now)])
        }
        h.step([.pointerUp(location: Point(x: down.x, y: down.y + 300), time: h.now)])
        h.run(10)
        #expect(h.last.phase == .decelerating)
        app.expectScreenshot(matches: "scene-list-midfling")
    }

    /// The paging carousel at rest on page 3 after two flings.
    @Test func pagingOnPageThree() throws {
        let h = try SceneHarness("paging")
        let app = try #require(h.app)
        h.step()
        let start = Point(x: 700, y: 300)
        #expect(try app.lists.first.frame.contains(start))       // on the carousel
        for _ in 0..<2 { h.drag(from: start, by: Point(x: -400, y: 0), moves: 4) }
        #expect(h.last.offset.x == 1600)
        app.expectScreenshot(matches: "scene-paging")
    }

    /// The mood picker at rest after a fling.
    @Test func pickerAfterAFling() throws {
        let h = try SceneHarness("picker")
        let app = try #require(h.app)
        h.step()
        let picker = try app.sliders.first.frame
        h.drag(from: Point(x: 600, y: picker.midY), by: Point(x: -240, y: 0), moves: 6)
        #expect(h.last.selected > 0)
        #expect(try app.sliders.first.value == (h.scene as? PickerScene)?.picker.accessibilityValue)
        app.expectScreenshot(matches: "scene-picker")
    }
}
