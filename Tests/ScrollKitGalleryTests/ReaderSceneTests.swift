import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

/// The reader scene: a self-sizing article, its reflow on resize, its contents and its CLI contract.
@MainActor @Suite("Reader scene") struct ReaderSceneTests {
    private func reader(size: Size = Size(width: 800, height: 556)) throws -> (SceneHarness, ReaderScene) {
        let h = try SceneHarness("reader", size: size)
        return (h, try #require(h.scene as? ReaderScene))
    }

    /// The top of block `index` relative to the top of the article's viewport.
    private func top(_ scene: ReaderScene, _ index: Int) -> Double {
        (scene.list.frame(of: index)?.minY ?? .nan) - scene.list.scrollView.contentOffset.y
    }

    @Test func theArticleParsesIntoTitledBlocksWithHeadingsAndImages() throws {
        let blocks = ReaderArticle.load()
        #expect(blocks.count > 50)
        guard case .title = blocks[0], case .byline = blocks[1] else { Issue.record("title and byline first"); return }
        let words = blocks.reduce(0) { n, b in
            if case .paragraph(let s) = b { return n + s.split(separator: " ").count }
            return n
        }
        #expect(words > 3000, "several thousand words")
        #expect(blocks.filter { if case .heading = $0 { true } else { false } }.count >= 8)
        #expect(blocks.filter { if case .image = $0 { true } else { false } }.count >= 6)
        guard case .credit = blocks.last else { Issue.record("the credit line closes it"); return }
        // Marked lines are blocks of their own, blank lines or not.
        #expect(ReaderArticle.parse("# T\n@ B\n## H\nline one\nline two\n\n![scene-01] Cap.")
                == [.title("T"), .byline("B"), .heading("H"), .paragraph("line one line two"), .image(name: "scene-01", caption: "Cap.")])
    }

    @Test func blocksAreMeasuredOnlyNearTheViewport() throws {
        let (h, scene) = try reader()
        h.step()
        let visible = scene.list.visibleRange
        #expect(scene.source.layoutCount <= visible.count + scene.list.measurementLookahead)
        #expect(scene.source.layoutCount < scene.source.numberOfItems / 3)
        #expect(visible.allSatisfy { scene.list.layout.isMeasured($0) })
    }

    @Test("A resize keeps the block at the top in place, and the content height follows the width",
          arguments: [Size(width: 420, height: 640), Size(width: 1100, height: 700), Size(width: 600, height: 300)])
    func resizeKeepsTheParagraphAtTheTop(to size: Size) throws {
        let (h, scene) = try reader()
        h.step()
        scene.perform(.scrollToItem(index: 30, position: .start, duration: 0, curve: nil))
        h.run(2)
        // Scroll a little further so the top block is cut part-way.
        h.drag(from: Point(x: 400, y: 400), by: Point(x: 0, y: -137), moves: 6)
        let first = h.last.firstVisible
        let before = top(scene, first)
        let height = h.last.contentSize.height
        scene.hostDidResize(to: size)
        h.run(2)
        #expect(h.last.firstVisible == first)
        #expect(abs(top(scene, first) - before) < 1, "its top edge keeps its distance from the viewport's top")
        #expect(h.last.contentSize.height != height)
        // Back to the first width: still the same block at the top.
        scene.hostDidResize(to: Size(width: 800, height: 556))
        h.run(2)
        #expect(h.last.firstVisible == first)
        #expect(abs(top(scene, first) - before) < 1)
    }

    @Test func theContentsButtonListsTheHeadingsAndChoosingOneScrollsThereTimed() throws {
        let (h, scene) = try reader()
        h.step()
        let button = scene.header.button.convert(Point(x: 10, y: 10), to: scene.root)
        h.tap(button)
        #expect(scene.contentsOpen)
        #expect(scene.contents.list.numberOfItems == scene.source.headingIndices.count)
        // Two rows down with the arrows, then Return.
        h.step([.key(.down, time: h.now)])
        h.step([.key(.down, time: h.now)])
        h.step([.key(.enter, time: h.now)])
        #expect(!scene.contentsOpen)
        let target = scene.source.headingIndices[2]
        #expect(h.last.activatedRow == target)
        // The scroll is timed: it is still on its way after a few frames, then lands exactly.
        h.run(6)
        #expect(h.last.phase == .animating)
        h.run(60)
        #expect(h.last.firstVisible == target)
        #expect(abs(top(scene, target)) < 1e-6)
        // Escape closes an open contents instead of quitting.
        scene.openContents()
        #expect(scene.handleEscape())
        #expect(!scene.contentsOpen)
        #expect(!scene.handleEscape())
    }

    @Test func aFlingAndTheEndKeyReachTheCredit() throws {
        let (h, scene) = try reader()
        h.step()
        h.step([.key(.end, time: h.now)])
        _ = h.settle()
        #expect(h.last.lastVisible == scene.source.numberOfItems - 1)
        #expect(h.last.offset.y == h.last.contentSize.height - h.last.viewportSize.height)
    }
}
