// The contacts scene: filtering by the search rule (itemCount in process and through the binary's --query,
// against Python's oracle), Escape, the person's card pushed and popped, the section index and the scrubbing bubble.

import Foundation
import Motion
@testable import ScrollKit
@testable import ScrollKitGallery
import ScrollKitSDL
import ScrollKitTestSupport
import Testing

@MainActor
@Suite(.serialized) struct ContactsSceneTests {
    static func scene() -> ContactsScene {
        ContactsScene(context: SceneContext(size: Size(width: 800, height: 600), hz: 60, headless: true),
                      book: ContactsScene.sharedBook())
    }

    static func run(_ scene: ContactsScene, frames: Int, from start: Int = 0) {
        for k in start..<(start + frames) {
            scene.update(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60))
        }
    }

    @Test("typing filters with an animated batch (no reload); itemCount follows the oracle; Escape empties the query")
    func filtering() throws {
        let oracle = try ContactSearchTests.oracle()
        let scene = Self.scene()
        let all = scene.rows.book.people.count
        #expect(scene.traceSample.itemCount == all)
        let configuredBefore = scene.list.configureCount
        for q in ["jose", "ΑΝΝΑ", "محمد", "佐藤", "zz"] {
            scene.setQuery(q)
            #expect(scene.traceSample.itemCount == oracle.counts[q], "\(q)")
            #expect(scene.list.numberOfItems == scene.rows.ids.count)
            #expect(scene.list.sectionHeaderItems == scene.rows.sectionHeaderItems)
        }
        #expect(scene.list.configureCount - configuredBefore < 200)   // no reload of everything
        // Typed text and Backspace edit the query until the TextFieldView lands.
        scene.setQuery("")
        scene.handle(.text("jo", time: 0))
        scene.handle(.text("se", time: 0))
        #expect(scene.query == "jose" && scene.traceSample.itemCount == oracle.counts["jose"])
        scene.handle(.key(.backspace, time: 0))
        #expect(scene.query == "jos")
        #expect(scene.handleEscape())
        #expect(scene.query == "" && scene.traceSample.itemCount == all)
        #expect(!scene.handleEscape())
    }

    @Test("a filter at the end of the list does not jump to its last row")
    func filterKeepsTop() {
        let scene = Self.scene()
        Self.run(scene, frames: 2)
        scene.setQuery("a")
        Self.run(scene, frames: 40, from: 2)
        #expect(scene.list.scrollView.contentOffset.y == 0)
        scene.setQuery("an")
        Self.run(scene, frames: 40, from: 42)
        #expect(scene.list.scrollView.contentOffset.y == 0)
    }

    @Test("tapping a person pushes their card and Escape pops it; the index jumps to a section and shows the bubble")
    func tapAndIndex() throws {
        let scene = Self.scene()
        Self.run(scene, frames: 2)
        let row = try #require(scene.rows.sectionHeaderItems.first) + 1
        let offset = scene.list.scrollView.contentOffset
        scene.list.activateItem(row)
        let person = try #require(scene.rows.person(at: row))
        Self.run(scene, frames: 40, from: 2)
        #expect(scene.stack.depth == 2 && scene.traceSample.navigationDepth == 2)
        let card = try #require(scene.stack.topScreen.contentView as? ContactDetailView)
        #expect(card.person == scene.rows.book.people[person] && scene.root.focusedTextInput == nil)
        #expect(scene.handleEscape())
        Self.run(scene, frames: 120, from: 42)
        #expect(scene.stack.depth == 1 && scene.list.scrollView.contentOffset == offset)
        #expect(scene.root.focusedTextInput === scene.search)
        // The index: "M" jumps to the M section, its header at the top, and the bubble says M.
        let m = try #require(scene.index.titles.firstIndex(of: "M"))
        scene.index.select(m)
        Self.run(scene, frames: 20, from: 162)
        let top = try #require(scene.list.topSection)
        #expect(scene.rows.title(ofShownSection: top) == "M")
        #expect(scene.bubble.text == "M" && scene.bubble.opacity == 1)
        scene.index.endTracking(at: .zero)
        Self.run(scene, frames: 20, from: 182)
        #expect(scene.bubble.opacity == 0)
    }

    @Test("the window host's client (the scene driver around the gallery) reports the search field, so SDL's text input is on")
    func driverReportsTheField() throws {
        let shell = try GalleryShell(initialScene: "contacts", context: SceneContext(size: Size(width: 800, height: 600),
                                                                                    hz: 60, headless: true))
        let driver = SceneDriver(scene: shell, trace: nil, player: nil)
        #expect(driver.focusedTextInput != nil)
        #expect(RecordingClient(wrapping: driver).focusedTextInput != nil)
    }

    @Test("the keyboard comes up for a touch on the focused search field, not for a touch on the list or the index")
    func keyboardOnlyForTheField() throws {
        let scene = Self.scene()
        Self.run(scene, frames: 2)
        #expect(scene.root.focusedTextInput === scene.search && !scene.root.isKeyboardShown)
        let row = Point(x: 200, y: 400), field = Point(x: scene.searchFieldFrame.midX, y: scene.searchFieldFrame.midY)
        scene.handle(.touchDown(device: 0, id: 1, location: row, time: 0.05))
        scene.handle(.touchMove(device: 0, id: 1, location: Point(x: 200, y: 300), time: 0.1))
        scene.handle(.touchUp(device: 0, id: 1, location: Point(x: 200, y: 300), time: 0.15))
        Self.run(scene, frames: 30, from: 2)
        #expect(!scene.root.isKeyboardShown)
        scene.handle(.touchDown(device: 0, id: 1, location: field, time: 0.6))
        scene.handle(.touchUp(device: 0, id: 1, location: field, time: 0.65))
        Self.run(scene, frames: 30, from: 40)
        #expect(scene.root.isKeyboardShown)
    }

    @Test("through the binary: --query filters and the trace's itemCount equals Python's count")
    func throughTheBinary() throws {
        let oracle = try ContactSearchTests.oracle()
        for q in ["jose", "Άννα", "محمد"] {
            let dir = try DemoProcess.temporaryDirectory("contacts")
            defer { try? FileManager.default.removeItem(at: dir) }
            let trace = dir.appendingPathComponent("t.csv")
            let result = try DemoProcess.run(["--headless", "--scene", "contacts", "--query", q, "--frames", "5",
                                              "--trace", trace.path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let t = try TraceTable(path: trace.path)
            #expect(t.number(t.rows.count - 1, "itemCount") == Double(oracle.counts[q] ?? -1), "\(q)")
        }
        let bad = try DemoProcess.run(["--headless", "--scene", "list", "--query", "x", "--frames", "1"])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("error: "))
    }
}
