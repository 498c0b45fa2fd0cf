import Motion
import ScrollKit
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery

/// A scene without a scroll view: implements none of the scroll hooks.
@MainActor private final class StillScene: DemoScene {
    func hostDidResize(to size: Size) {}
    func handle(_ event: InputEvent) {}
    func update(_ tick: FrameTick) {}
    func draw(in canvas: DrawingCanvas) {}
    var needsFrames: Bool { false }
    var wantsQuit: Bool { false }
}

/// A scene that records the commands it gets.
@MainActor private final class RecordingScene: DemoScene {
    var log: [String] = []
    func hostDidResize(to size: Size) {}
    func handle(_ event: InputEvent) {}
    func update(_ tick: FrameTick) {}
    func draw(in canvas: DrawingCanvas) {}
    var needsFrames: Bool { false }
    var wantsQuit: Bool { false }
    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) { log.append("to \(offset.y) \(duration) \(curve?.name ?? "-")") }
    func scrollToEnd(duration: Double, curve: TimingCurve?) { log.append("end \(duration) \(curve?.name ?? "-")") }
    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        log.append("item \(index) \(position) \(duration) \(curve?.name ?? "-")")
    }
}

@MainActor @Suite struct DemoSceneTests {
    static let commands: [SceneCommand] = [
        .scrollTo(Point(x: 0, y: 120), duration: 0.5, curve: .linear),
        .scrollToEnd(duration: 2, curve: nil),
        .scrollToItem(index: 9, position: .center, duration: 0, curve: .smoothstep),
    ]

    @Test func commandsReachTheHooks() {
        let scene = RecordingScene()
        for command in Self.commands { scene.perform(command) }
        #expect(scene.log == ["to 120.0 0.5 linear", "end 2.0 -", "item 9 center 0.0 smoothstep"])
    }

    @Test func scenesWithoutAScrollViewIgnoreCommandsAndTraceNeutral() {
        let scene = StillScene()
        for command in Self.commands { scene.perform(command) }
        #expect(scene.traceSample == .neutral)
    }

    @Test func catalogHasTheDefaultAndUniqueNames() {
        #expect(SceneCatalog.names == ["list", "paging", "picker", "sprites", "curves", "home", "photos", "reader", "chat", "grid", "photo", "world", "inbox", "contacts", "settings", "tv"])
        #expect(SceneCatalog.defaultName == "list")
        #expect(SceneCatalog.entry(named: "picker")?.name == "picker")
        #expect(SceneCatalog.entry(named: "nope") == nil)
    }
}
