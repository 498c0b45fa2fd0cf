// The gallery at twice the text size: golden images of the list and contacts scenes built and drawn at text scale
// 2.0 (rows that grew, capped chrome), and the demo's --text-scale option.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

@Suite("Scenes at text scale 2", .serialized)
@MainActor
struct TextScaleSceneTests {
    /// Builds `scene` at text scale 2, runs a few frames and compares its frame with the golden `name`.
    private func expectGoldenAtTwice(_ scene: String, named name: String, frames: Int = 10,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        try OffscreenRenderer.startSDL()
        let old = ViewNode.textScale
        ViewNode.textScale = 2
        defer { ViewNode.textScale = old }
        let h = try SceneHarness(scene)
        h.run(frames)
        let target = try OffscreenRenderer(width: 800, height: 600)
        target.canvas.beginFrame()
        h.scene.draw(in: target.canvas)
        GoldenImages.expectMatch(try target.image(), named: name, in: GoldenImages.directory(besides: #filePath),
                                 sourceLocation: sourceLocation)
    }

    /// The list's rows grew (their fixed height follows their text) and cut long subtitles with an ellipsis.
    @Test func listAtTwice() throws { try expectGoldenAtTwice("list", named: "scene-list-text-scale-2") }

    /// Contacts: the rows, the section header and the search field grow; the index keeps its size.
    @Test func contactsAtTwice() throws { try expectGoldenAtTwice("contacts", named: "scene-contacts-text-scale-2") }

    @Test("--text-scale: 1 to 2, else one error line and exit 2")
    func option() throws {
        guard case .run(let configuration) = DemoCLI.parse(["--headless", "--text-scale", "1.5"]) else {
            Issue.record("--text-scale 1.5 rejected"); return
        }
        #expect(configuration.textScale == 1.5)
        guard case .run(let plain) = DemoCLI.parse(["--headless"]) else { Issue.record("no run"); return }
        #expect(plain.textScale == nil)
        for bad in ["3", "0.5", "nan", "big", ""] {
            guard case .exit(let status, _, let stderr) = DemoCLI.parse(["--headless", "--text-scale", bad]) else {
                Issue.record("--text-scale \(bad) accepted"); continue
            }
            #expect(status == 2)
            #expect(stderr.hasPrefix("error: "), "\(stderr)")
            #expect(stderr.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(stderr)")
        }
    }
}
