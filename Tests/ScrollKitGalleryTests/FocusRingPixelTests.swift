// The focus ring on full-width rows, in pixels: a focused row as wide as its list shows its ring on all four
// sides (drawn inside the row, where the outside would be clipped by the list and the window), at the top, in
// the middle and at the bottom of the viewport and after scrolling, in the list, contacts and inbox scenes.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery

@MainActor
@Suite("Focus ring on full-width rows", .serialized)
struct FocusRingPixelTests {
    /// Whether the pixel is the focus ring's colour (within antialiasing's reach of it).
    static func isRing(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        let ring = Theme.light.focusRing.color
        return abs(Int(p.r) - Int(ring.r)) < 40 && abs(Int(p.g) - Int(ring.g)) < 40 && abs(Int(p.b) - Int(ring.b)) < 40
    }

    /// Whether a run of ring pixels crosses the line from `a` to `b` (window pixels), within `depth` of its start.
    static func ringCrosses(_ image: RGBAImage, from a: (x: Int, y: Int), step: (dx: Int, dy: Int), depth: Int) -> Bool {
        for k in 0..<depth {
            let x = a.x + step.dx * k, y = a.y + step.dy * k
            if x >= 0 && y >= 0 && x < image.width && y < image.height && isRing(image[x, y]) { return true }
        }
        return false
    }

    /// The four sides of `frame` (window points, 1x) each show the ring: looking inward from each edge's middle
    /// (and a quarter along it), ring pixels come within 8 pixels.
    static func ringShowsOnFourSides(_ image: RGBAImage, _ frame: Rect) -> [String] {
        let minX = Int(frame.minX.rounded()), maxX = Int(frame.maxX.rounded()) - 1
        let minY = Int(frame.minY.rounded()), maxY = Int(frame.maxY.rounded()) - 1
        let midX = (minX + maxX) / 2, midY = (minY + maxY) / 2, quarterX = minX + (maxX - minX) / 4
        var missing: [String] = []
        for x in [midX, quarterX] {
            if !ringCrosses(image, from: (x, minY), step: (0, 1), depth: 8) { missing.append("top at x=\(x)") }
            if !ringCrosses(image, from: (x, maxY), step: (0, -1), depth: 8) { missing.append("bottom at x=\(x)") }
        }
        if !ringCrosses(image, from: (minX, midY), step: (1, 0), depth: 8) { missing.append("left") }
        if !ringCrosses(image, from: (maxX, midY), step: (-1, 0), depth: 8) { missing.append("right") }
        return missing
    }

    /// The scene's main list and the first row of it that is a person or a message (not a section header).
    func mainList(_ gallery: KeyboardGallery) throws -> ListView {
        let scene = try #require(gallery.shell.currentScene)
        if let list = (scene as? ListScene)?.listView { return list }
        if let backed = scene as? any ListBackedScene { return backed.mainList }
        throw CancellationError()
    }

    @Test(arguments: ["list", "contacts", "inbox"])
    func focusedFullWidthRowShowsItsRingOnFourSides(scene: String) throws {
        let gallery = try KeyboardGallery(scene: scene)
        let list = try mainList(gallery)
        // Rows at the top, in the middle and at the bottom of the viewport; then far down (scrolled there).
        let visible = list.visibleRange
        let picks = [visible.lowerBound + 1, (visible.lowerBound + visible.upperBound) / 2, visible.upperBound - 2,
                     min(list.numberOfItems - 1, visible.upperBound + 40)]
        for pick in picks {
            let item = list.isSectionHeaderItem(pick) ? pick + 1 : pick   // a person, not a section's letter
            #expect(list.focusItem(item))
            gallery.settle()
            gallery.app.pump(frames: 1)
            let element = AccessibleElement.item(list, item)
            let content = try #require(list.frame(of: item))
            let frame = list.scrollView.convert(content, to: nil).offsetBy(dx: 0, dy: gallery.shell.contentRect.minY)
            #expect(element.node().states.contains(.focused))
            // The row shows whole inside the list's viewport (the focus scrolled it there).
            let viewport = list.scrollView.frameInRoot.offsetBy(dx: 0, dy: gallery.shell.contentRect.minY)
            #expect(frame.minY >= viewport.minY - 0.5 && frame.maxY <= viewport.maxY + 0.5, "\(scene) row \(item) shows whole")
            #expect(frame.width >= list.frame.width - 1, "\(scene) row \(item) is as wide as its list")
            let image = try gallery.app.screenshot()
            let missing = Self.ringShowsOnFourSides(image, frame)
            #expect(missing.isEmpty, "\(scene) row \(item): no ring on the \(missing.joined(separator: ", "))")
            if !missing.isEmpty, let dir = ProcessInfo.processInfo.environment["KBD_SHOTS"] {
                try? PNGWriter.write(image, to: "\(dir)/ring-\(scene)-\(item).png")
            }
        }
    }
}
