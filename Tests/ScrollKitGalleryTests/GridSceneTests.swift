import Foundation
import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL
import ScrollKitTestSupport
import ScrollKitTesting
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

    /// Flat card indices: an insert joins the section of the card at its index (at the end, the last section), a
    /// delete spans sections; the cards keep their prints, the headers showing their counts; bad indices fail.
    @Test func dataChangesByFlatIndex() throws {
        let (h, scene) = try grid(40)   // sections of 12 and 19 cards, then 9
        h.run(1)
        #expect(scene.catalog.counts == [12, 19, 9])
        let title = { (i: Int) in (scene.list.cell(at: i) as? CatalogCardCell)?.title }
        let before = (0..<8).map(title)
        try scene.apply(.insert(at: 12, count: 2), animated: false)     // section 1's first card: before it, in section 1
        #expect(scene.catalog.counts == [12, 21, 9])
        try scene.apply(.delete(at: 10, count: 4), animated: true)      // two of section 0, two of section 1
        #expect(scene.catalog.counts == [10, 19, 9])
        try scene.apply(.insert(at: 38, count: 1), animated: true)      // the end: the last section
        try scene.apply(.move(from: 5, to: 38), animated: true)        // (not the top card: the view would follow it)
        #expect(scene.catalog.counts == [9, 19, 11])
        h.run(40)
        #expect(scene.list.numberOfItems == 39)
        #expect((0..<7).map(title) == Array(before[0..<5] + before[6...7]), "the cards keep their prints")
        let header = try #require(scene.list.headerCell(forSection: 0) as? CatalogHeaderCell)
        #expect(header.count == "9 prints")
        #expect(throws: CLIError("insert at 40 is out of range (0...39)")) { try scene.apply(.insert(at: 40, count: 1), animated: true) }
        #expect(throws: CLIError("delete of 38..<40 is out of range (39 cards)")) { try scene.apply(.delete(at: 38, count: 2), animated: true) }
        #expect(throws: CLIError("move from 0 to 39 is out of range (39 cards)")) { try scene.apply(.move(from: 0, to: 39), animated: true) }
        let (_, empty) = try grid(0)
        #expect(throws: CLIError("insert into an empty catalog (it has no sections)")) { try empty.apply(.insert(at: 0, count: 1), animated: true) }
    }

    /// N adds a card before the focused one, X removes the focused card: animated, the catalog and the grid agree.
    @Test func keysAddAndRemoveCards() throws {
        let (h, scene) = try grid()
        h.run(1)
        h.step([.key(.right, time: h.now)])
        h.step([.key(.right, time: h.now)])
        let focused = try #require(scene.list.focusedItem)
        h.step([.text("n", time: h.now)])
        #expect(scene.list.numberOfItems == 1001 && scene.catalog.counts[0] == 13)
        #expect(scene.list.isAnimating)
        #expect(scene.list.focusedItem == focused + 1, "focus stays on its card")
        h.run(30)
        h.step([.text("x", time: h.now)])
        h.step([.text("x", time: h.now)])
        h.run(30)
        #expect(scene.list.numberOfItems == 999 && scene.catalog.counts[0] == 11)
        #expect(!scene.list.isAnimating)
    }

    /// Through the binary: cards inserted above keep the top card in place (firstVisible moves by their count);
    /// an index out of range exits 2 with one line.
    @Test nonisolated func scriptedChangesThroughTheBinary() throws {
        let dir = try DemoProcess.temporaryDirectory("grid-changes")
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data("""
        {"events": [
          {"t": 0.1, "type": "scrollToItem", "index": 300, "position": "start", "duration": 0},
          {"t": 1.0, "type": "insert", "index": 0, "count": 7},
          {"t": 1.5, "type": "delete", "index": 2, "count": 3, "animated": false},
          {"t": 1.7, "type": "move", "from": 0, "to": 999}
        ]}
        """.utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "grid", "--frames", "150", "--size", "800x600",
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "\(result.stderr)")
        let table = try TraceTable(path: trace.path)
        /// Column `name` of the trace's line `line` (line 0 is the header, so frame k is line k + 1).
        func value(_ line: Int, _ name: String) -> String { table.text(line - 1, name) ?? "" }
        let m = Int(value(50, "firstVisible"))!
        #expect(m > 250 && m <= 300)
        #expect(value(75, "firstVisible") == String(m + 7))
        #expect(value(100, "firstVisible") == String(m + 4))
        #expect(value(table.rows.count, "firstVisible") == String(m + 3))

        try Data(#"{"events": [{"t": 0.1, "type": "delete", "index": 998, "count": 5}]}"#.utf8).write(to: script)
        let bad = try DemoProcess.run(["--headless", "--scene", "grid", "--frames", "30", "--script", script.path])
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: event 0 (delete): delete of 998..<1003 is out of range (1000 cards)\n")
    }

    /// Pixels: the catalog mid-section at 800x600 (images decoded in place), the header of section 1 pinned.
    @Test func golden() throws {
        let h = try SceneHarness("grid", size: Size(width: 800, height: 600))
        let app = try #require(h.app)
        let scene = try #require(h.scene as? GridScene)
        h.run(1)
        let layout = try #require(scene.list.gridLayout)
        h.scene.perform(.scrollTo(Point(x: 0, y: layout.sectionStart(1) + 150), duration: 0, curve: nil))
        h.run(2)
        #expect(h.last.pinnedSection == 1)
        #expect(app.host.canvas.lastError == nil)
        app.expectScreenshot(matches: "scene-grid")
    }
}
