import Foundation
import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

/// The grid scene: the catalog's sections, the trace's flat indices and pinned section, reflow, 2D focus.
@MainActor @Suite("Grid scene", .serialized) struct GridSceneTests {
    private func grid(_ count: Int? = nil, size: Size = Size(width: 800, height: 556)) throws -> (SceneHarness, GridScene) {
        var options = SceneOptions()
        if let count { options.items = count; options.itemsGiven = true }
        let h = try SceneHarness("grid", size: size, options: options)
        return (h, try #require(h.scene as? GridScene))
    }

    @Test(arguments: [0, 1, 12, 13, 1000, 10_000_000])
    func sectionsHoldTwelvePlusSevenSModTwentyNine(count: Int) throws {
        let (h, scene) = try grid(count)
        h.run(2)
        let counts = scene.catalog.counts
        #expect(counts.reduce(0, +) == count)
        #expect(scene.list.numberOfItems == count)
        for (s, n) in counts.enumerated().dropLast() { #expect(n == 12 + (7 * s) % 29) }
        if let last = counts.last { #expect(last >= 1 && last <= 12 + (7 * (counts.count - 1)) % 29) }
        #expect(h.last.pinnedSection == (count > 0 ? 0 : -1))
        #expect(h.last.firstVisible == (count > 0 ? 0 : -1))
    }

    @Test func theTraceNamesFlatIndicesAndThePinnedSection() throws {
        let (h, scene) = try grid(10_000_000)
        h.run(1)
        let layout = try #require(scene.list.gridLayout)
        for s in [1, 7, 384_000] {
            // A little into section s: its header pinned, the first visible card a flat index of that section.
            let y = layout.sectionStart(s) + 80
            h.scene.perform(.scrollTo(Point(x: 0, y: y), duration: 0, curve: nil))
            h.run(2)
            #expect(h.last.offset.y == y)
            #expect(h.last.pinnedSection == s)
            let first = try #require(layout.gridIndex(forFlatIndex: h.last.firstVisible))
            #expect(first.section == s)
            #expect(h.last.lastVisible >= h.last.firstVisible)
            #expect(Array(layout.visibleItems(offset: y, length: 556)) == Array(h.last.firstVisible...h.last.lastVisible))
        }
        // The push point: the header's bottom meets the next section's top; one point later the next one is pinned.
        let next = layout.sectionStart(8)
        h.scene.perform(.scrollTo(Point(x: 0, y: next - 1), duration: 0, curve: nil))
        h.run(1)
        #expect(h.last.pinnedSection == 7)
        #expect(scene.list.headerCell(forSection: 7)?.frame.maxY == next)
        h.scene.perform(.scrollTo(Point(x: 0, y: next), duration: 0, curve: nil))
        h.run(1)
        #expect(h.last.pinnedSection == 8)
    }

    @Test func aResizeReflowsAndKeepsTheTopCard() throws {
        let (h, scene) = try grid()
        h.run(1)
        h.scene.perform(.scrollTo(Point(x: 0, y: 4_000), duration: 0, curve: nil))
        h.run(1)
        let layout = try #require(scene.list.gridLayout)
        let columns = layout.columnCount()
        let first = h.last.firstVisible
        let place = layout.frame(ofItem: first)!.minY - h.last.offset.y
        scene.hostDidResize(to: Size(width: 420, height: 700))
        h.run(1)
        #expect(layout.columnCount() < columns)
        #expect(h.last.firstVisible == first)
        #expect(abs(layout.frame(ofItem: first)!.minY - h.last.offset.y - place) < 1e-6)
    }

    @Test func flingsComeToRestOnARowAndArrowsMoveFocusInTwoDimensions() throws {
        let (h, scene) = try grid()
        h.run(1)
        h.drag(from: Point(x: 400, y: 450), by: Point(x: 0, y: -300), moves: 4)
        _ = h.settle()
        let layout = try #require(scene.list.gridLayout)
        let rows = layout.rowGeometry
        let stops = Set((0..<rows.itemCount).map { rows.itemStart($0) - rows.itemStart(0) })
        #expect(stops.contains(h.last.offset.y), "rests at \(h.last.offset.y)")
        h.step([.key(.right, time: h.now)])   // focuses a card first
        let focused = try #require(scene.list.focusedItem)
        h.step([.key(.right, time: h.now)])
        #expect(scene.list.focusedItem == focused + 1)
        h.step([.key(.down, time: h.now)])
        #expect(layout.row(ofItem: scene.list.focusedItem!) == layout.row(ofItem: focused + 1)! + 1)
        h.step([.key(.enter, time: h.now)])
        h.run(1)
        let opened = try #require(layout.gridIndex(forFlatIndex: scene.list.focusedItem!))
        #expect(h.last.activatedRow == opened.section && h.last.activatedItem == opened.item)
        #expect(h.last.focusRow == opened.section && h.last.focusItem == opened.item)
    }

    @Test func dataChangeEventsAreRefused() throws {
        let (_, scene) = try grid()
        #expect(throws: CLIError.self) { try scene.apply(.insert(at: 0, count: 1), animated: true) }
    }

    /// Pixels: the catalog mid-section at 800x600 (images decoded in place), the header of section 1 pinned.
    @Test func golden() throws {
        try OffscreenRenderer.startSDL()
        let h = try SceneHarness("grid", size: Size(width: 800, height: 600))
        let scene = try #require(h.scene as? GridScene)
        h.run(1)
        let layout = try #require(scene.list.gridLayout)
        h.scene.perform(.scrollTo(Point(x: 0, y: layout.sectionStart(1) + 150), duration: 0, curve: nil))
        h.run(2)
        #expect(h.last.pinnedSection == 1)
        let images = ImageLibrary(searchDirectories: [BundledAssets.path(BundledAssets.imagesFolder)], decoding: .synchronous)
        let target = try OffscreenRenderer(width: 800, height: 600, images: images)
        target.canvas.beginFrame()
        h.scene.draw(in: target.canvas)
        #expect(target.canvas.lastError == nil)
        GoldenImages.expectMatch(try target.image(), named: "scene-grid", in: GoldenImages.directory(besides: #filePath))
    }
}
