// Golden images of the demo's scenes at 800x600, rendered headless in-process: the scene is driven
// frame by frame on a virtual 60 Hz clock (`SceneHarness`), then its frame is drawn once more into an
// `SDLCanvas` on an offscreen software renderer and compared with Tests/ScrollKitDemoTests/Golden/<name>.png.
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
import Testing
@testable import ScrollKitDemo

@Suite("Scene goldens", .serialized)
@MainActor
struct SceneGoldenTests {
    /// Draws the scene's current state into an 800x600 offscreen canvas and compares it.
    private func expectGolden(_ harness: SceneHarness, named name: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let target = try SceneOffscreenRenderer(width: 800, height: 600)
        target.canvas.beginFrame()
        harness.scene.draw(in: target.canvas)
        #expect(target.canvas.lastError == nil, "canvas error: \(String(describing: target.canvas.lastError))")
        SceneGoldenImages.expectMatchesGolden(try target.image(), named: name, sourceLocation: sourceLocation)
    }

    /// The list (120 rows, so the hues change visibly) mid-fling: after a 1 s scroll to row 70 (the
    /// counter shows what it configured), a fast downward drag released, 10 frames into the deceleration.
    @Test func listMidFling() throws {
        try SceneOffscreenRenderer.startSDL()
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
        try SceneOffscreenRenderer.startSDL()
        let h = try SceneHarness("paging")
        h.step()
        for _ in 0..<2 { h.drag(from: Point(x: 700, y: 300), by: Point(x: -400, y: 0), moves: 4) }
        #expect(h.last.offset.x == 1600)
        try expectGolden(h, named: "scene-paging")
    }

    /// The mood picker at rest after a fling.
    @Test func pickerAfterAFling() throws {
        try SceneOffscreenRenderer.startSDL()
        let h = try SceneHarness("picker")
        h.step()
        let scene = try #require(h.scene as? PickerScene)
        h.drag(from: Point(x: 600, y: scene.picker.frame.midY), by: Point(x: -240, y: 0), moves: 6)
        #expect(h.last.selected > 0)
        try expectGolden(h, named: "scene-picker")
    }
}

/// Golden-image checks for the demo's scenes, on ScrollKitSDL's `GoldenImage.check`.
enum SceneGoldenImages {
    /// Tests/ScrollKitDemoTests/Golden.
    static var goldenDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
    }

    /// Checks `actual` against `<goldenDirectory>/<name>.png` with ScrollKitSDL's `GoldenImage.check`: at
    /// most `maxDifferingFraction` of the pixels may differ by more than `channelTolerance`.
    @discardableResult
    static func expectMatchesGolden(_ actual: RGBAImage, named name: String, channelTolerance: Int = 8,
                                    maxDifferingFraction: Double = 0.005,
                                    sourceLocation: SourceLocation = #_sourceLocation) -> ImageDifference? {
        let golden = (goldenDirectory as NSString).appendingPathComponent(name + ".png")
        do {
            let result = try GoldenImage.check(actual, against: golden, channelTolerance: channelTolerance,
                                               maxDifferingFraction: maxDifferingFraction)
            if let problem = result.problem { Issue.record("\(name) \(problem)", sourceLocation: sourceLocation) }
            return result.difference
        } catch {
            Issue.record("golden check of \(name) failed: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// ScrollKitSDL's `OffscreenCanvas` for the scene goldens: `width × height` points at 1x, drawn through
/// SDL's own renderer (as the goldens were made). Headless.
@MainActor
final class SceneOffscreenRenderer {
    let target: OffscreenCanvas
    var canvas: SDLCanvas { target.canvas }

    /// Sets `SDL_VIDEODRIVER=dummy` and starts SDL's video subsystem once.
    static func startSDL() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            throw SDLError("SDL_InitSubSystem(VIDEO) failed")
        }
    }

    init(width: Int, height: Int) throws {
        try Self.startSDL()
        target = try OffscreenCanvas(size: Size(width: Double(width), height: Double(height)), compositesDirectly: false)
    }

    /// What has been drawn so far, as RGBA bytes.
    func image() throws -> RGBAImage { try target.image() }
}
