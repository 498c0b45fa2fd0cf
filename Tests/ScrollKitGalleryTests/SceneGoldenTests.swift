// Golden images of the demo's scenes at 800x600, rendered headless in-process: the scene is driven
// frame by frame on a virtual 60 Hz clock (`SceneHarness`), then its frame is drawn once more into an
// `SDLCanvas` on an offscreen software renderer and compared with Tests/ScrollKitGalleryTests/Golden/<name>.png.
// `SCROLLKIT_UPDATE_GOLDENS=1` rewrites the goldens; a mismatch writes <name>.actual.png and
// <name>.diff.png beside the golden (git-ignored).
//
// The helpers below are copied from Tests/ScrollKitSDLTests/ImageCompare.swift (test targets cannot
// share files), with the golden directory pointing here.
import CSDL2
import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

@Suite("Scene goldens", .serialized)
@MainActor
struct SceneGoldenTests {
    /// Draws the scene's current state into an 800x600 offscreen canvas and compares it.
    private func expectGolden(_ harness: SceneHarness, named name: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = try OffscreenRenderer(width: 800, height: 600)
        target.canvas.beginFrame()
        harness.scene.draw(in: target.canvas)
        #expect(target.canvas.lastError == nil, "canvas error: \(String(describing: target.canvas.lastError))")
        GoldenImages.expectMatch(try target.image(), named: name, in: GoldenImages.directory(besides: #filePath),
                                 sourceLocation: sourceLocation)
    }

    /// The list (120 rows of standard cells: swatches, wrapped descriptions, chevrons, values and switches)
    /// mid-fling: after a 1 s scroll to row 70 (the counter shows what it configured), a fast downward drag
    /// released, 10 frames into the deceleration.
    @Test func listMidFling() throws {
        try OffscreenRenderer.startSDL()
        let h = try SceneHarness("list", options: try SceneOptions(items: "120"))
        h.step()
        h.scene.perform(.scrollToItem(index: 70, position: .start, duration: 1, curve: nil))
        h.settle()
        let down = Point(x: 400, y: 200)
        h.step([.pointerDown(location: down, time: h.now)])
        for k in 1...5 {
            h.step([.pointerMove(location: Point(x: 400, y: down.y + 60 * Double(k)), time: h.now)])
        }
        h.step([.pointerUp(location: Point(x: 400, y: down.y + 300), time: h.now)])
        h.run(10)
        #expect(h.last.phase == .decelerating)
        try expectGolden(h, named: "scene-list-midfling")
    }

    /// The paging carousel at rest on page 3 after two flings.
    @Test func pagingOnPageThree() throws {
        try OffscreenRenderer.startSDL()
        let h = try SceneHarness("paging")
        h.step()
        for _ in 0..<2 { h.drag(from: Point(x: 700, y: 300), by: Point(x: -400, y: 0), moves: 4) }
        #expect(h.last.offset.x == 1600)
        try expectGolden(h, named: "scene-paging")
    }

    /// The mood picker at rest after a fling.
    @Test func pickerAfterAFling() throws {
        try OffscreenRenderer.startSDL()
        let h = try SceneHarness("picker")
        h.step()
        let scene = try #require(h.scene as? PickerScene)
        h.drag(from: Point(x: 600, y: scene.picker.frame.midY), by: Point(x: -240, y: 0), moves: 6)
        #expect(h.last.selected > 0)
        try expectGolden(h, named: "scene-picker")
    }
}
