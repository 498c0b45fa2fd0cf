import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

/// A scene that records what the gallery hands it.
@MainActor final class ProbeScene: DemoScene, GalleryAttachable {
    let name: String
    var events: [InputEvent] = []
    var sizes: [Size] = []
    var updates = 0
    var visible: [Bool] = []
    var commands: [String] = []
    var linked = false
    var moving = false

    init(name: String) { self.name = name }

    func hostDidResize(to size: Size) { sizes.append(size) }
    func handle(_ event: InputEvent) { events.append(event) }
    func update(_ tick: FrameTick) { updates += 1 }
    func draw(in canvas: DrawingCanvas) {
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .black)
        canvas.drawText(name, in: Rect(x: 0, y: 0, width: 100, height: 20), style: TextStyle(), alignment: .leading)
    }
    var needsFrames: Bool { moving }
    var wantsQuit: Bool { false }
    var traceSample: TraceSample { TraceSample(offset: Point(x: 0, y: Double(updates)), selected: name.count) }
    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) { commands.append("to \(offset.y)") }
    func scrollToEnd(duration: Double, curve: TimingCurve?) { commands.append("end") }
    func attach(displayLink: DisplayLink) { linked = true }
    func setVisible(_ visible: Bool) { self.visible.append(visible) }
}

/// Entries named like the real scenes (in a shuffled order), each making a probe, plus a broken one.
@MainActor final class ProbeFactory {
    var made: [String: ProbeScene] = [:]
    var entries: [SceneEntry] {
        ["sprites", "list", "extra", "curves", "picker", "paging"].map { name in
            SceneEntry(name: name) { [unowned self] _ throws(CLIError) in
                let scene = ProbeScene(name: name)
                self.made[name] = scene
                return scene
            }
        }
    }
}

private let window = Size(width: 800, height: 600)

@MainActor @Suite struct GalleryShellTests {
    func tick(_ k: Int) -> FrameTick { FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60) }

    func makeShell(_ factory: ProbeFactory, initial: String = "list", link: DisplayLink? = nil,
                   options: GalleryOptions = GalleryOptions()) throws -> GalleryShell {
        let shell = try GalleryShell(entries: factory.entries, initialScene: initial,
                                     context: SceneContext(size: window, hz: nil, headless: true),
                                     displayLink: link, options: options)
        shell.hostDidResize(to: window)
        return shell
    }

    @Test func tabsFollowThePreferredOrderAndStartOnTheChosenScene() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory, initial: "sprites")
        #expect(shell.tabs.map(\.entry.name) == ["list", "paging", "picker", "sprites", "curves", "extra"])
        #expect(shell.tabs.map(\.title) == ["List", "Paging", "Picker", "Sprites", "Curves", "Extra"])
        #expect(shell.selectedIndex == 3)
        #expect(Array(factory.made.keys) == ["sprites"])           // the others are made lazily
        // The scene lays out for the content area, under the tab bar.
        #expect(factory.made["sprites"]?.sizes.last == Size(width: 800, height: 600 - GalleryShell.tabBarHeight))
        #expect(throws: CLIError.self) { try makeShell(factory, initial: "nope") }
    }

    /// Keys 1–5 and Tab switch; scenes are made once, keep their state, and only the current one gets frames.
    @Test func keysSwitchLazilyAndScenesKeepState() throws {
        let factory = ProbeFactory()
        let link = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60).mainLink
        let shell = try makeShell(factory, link: link)
        shell.update(tick(0))
        shell.handle(.text("5", time: 0))
        #expect(shell.selectedIndex == 4 && factory.made["curves"] != nil)
        let curves = try #require(factory.made["curves"])
        #expect(curves.linked && curves.sizes.last == Size(width: 800, height: 556))
        shell.update(tick(1))
        shell.update(tick(2))
        shell.handle(.text("1", time: 0))
        shell.update(tick(3))
        shell.handle(.text("5", time: 0))
        #expect(factory.made["curves"] === curves)                 // the same scene, not a new one
        #expect(curves.updates == 2)                               // no frames while hidden
        #expect(curves.visible == [true, false, true])
        #expect(factory.made["list"]?.updates == 2)
        shell.handle(.key(.tab, modifiers: .control, time: 0))   // Ctrl-Tab: the next scene
        #expect(shell.selectedIndex == 5)
        shell.handle(.key(.tab, modifiers: .control, time: 0))
        #expect(shell.selectedIndex == 0)
        shell.handle(.text("9", time: 0))                     // no ninth tab: ignored
        #expect(shell.selectedIndex == 0)
        // The shell's keys never reach the scene; the others do.
        let list = try #require(factory.made["list"])
        list.events.removeAll()
        shell.handle(.text("x", time: 0))
        shell.handle(.key(.down, time: 0))
        #expect(list.events == [.text("x", time: 0), .key(.down, time: 0)])
    }

    @Test func hudHelpAndEscape() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory, options: GalleryOptions(showsHUD: true))
        #expect(shell.showsHUD && !shell.showsHelp)
        shell.handle(.text("f", time: 0))
        #expect(!shell.showsHUD)
        shell.handle(.text("h", time: 0))
        #expect(shell.showsHelp)
        shell.handle(.text("?", time: 0))
        #expect(!shell.showsHelp)
        shell.handle(.text("?", time: 0))
        shell.handle(.key(.escape, time: 0))                       // first Escape closes the help
        #expect(!shell.showsHelp && !shell.wantsQuit)
        shell.handle(.key(.escape, time: 0))
        #expect(shell.wantsQuit)
        // While the help shows, a click closes it and reaches no scene.
        let other = try makeShell(factory, options: GalleryOptions(showsHelp: true))
        let list = try #require(factory.made["list"])
        list.events.removeAll()
        other.handle(.pointerDown(location: Point(x: 400, y: 300), time: 0))
        other.handle(.pointerUp(location: Point(x: 400, y: 300), time: 0))
        #expect(!other.showsHelp && list.events.isEmpty)
        // Every key the help lists is one the gallery or a scene handles (no stale entries).
        #expect(Set(HelpOverlay.allKeys).isSubset(of: ["1", "9", "0", "C", "E", "Tab", "⇧Tab", "Ctrl+Tab", "Return", "F", "H", "?", "Esc", "↑", "↓", "←", "→",
                                                        "PgUp", "PgDn", "Space", "Home", "End", "P", "R", "Enter", "N", "X"]))
    }

    /// Pointer and wheel events in the content reach the scene in its coordinates; a drag that leaves
    /// the content stays with the scene; a click on a tab switches, a press that slides off does not.
    @Test func pointerRouting() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory)
        let list = try #require(factory.made["list"])
        let bar = GalleryShell.tabBarHeight
        shell.handle(.pointerDown(location: Point(x: 100, y: 300), time: 1))
        shell.handle(.pointerMove(location: Point(x: 100, y: 10), time: 2))     // over the tab bar
        shell.handle(.pointerUp(location: Point(x: 100, y: -20), time: 3))      // outside the window
        shell.handle(.wheel(dx: 0, dy: -1, location: Point(x: 5, y: 500), time: 4))
        shell.handle(.wheel(dx: 0, dy: -1, location: Point(x: 5, y: 20), time: 5))   // on the bar: nobody's
        #expect(list.events == [
            .pointerDown(location: Point(x: 100, y: 300 - bar), time: 1),
            .pointerMove(location: Point(x: 100, y: 10 - bar), time: 2),
            .pointerUp(location: Point(x: 100, y: -20 - bar), time: 3),
            .wheel(dx: 0, dy: -1, location: Point(x: 5, y: 500 - bar), time: 4),
        ])

        let tabs = shell.tabBar.tabs
        func centre(_ i: Int) -> Point {
            let r = tabs.convert(tabs.tabFrame(Double(i)), to: nil)
            return Point(x: r.midX, y: r.midY)
        }
        shell.handle(.pointerDown(location: centre(2), time: 6))
        shell.handle(.pointerMove(location: centre(3), time: 6.1))
        shell.handle(.pointerUp(location: centre(3), time: 6.2))                // slid off: no switch
        #expect(shell.selectedIndex == 0)
        shell.handle(.pointerDown(location: centre(2), time: 7))
        shell.handle(.pointerUp(location: centre(2), time: 7.1))
        #expect(shell.selectedIndex == 2 && factory.made["picker"] != nil)
        #expect(list.events.count == 4)                                          // tab clicks are not the scene's

        // Switching tabs mid-drag ends the drag in the old scene with an up where the pointer was.
        let picker = try #require(factory.made["picker"])
        shell.update(tick(1))
        shell.handle(.pointerDown(location: Point(x: 50, y: 200), time: 8))
        shell.handle(.pointerMove(location: Point(x: 60, y: 220), time: 8.1))
        shell.handle(.text("1", time: 8.2))
        #expect(picker.events.last == .pointerUp(location: Point(x: 60, y: 220 - bar), time: tick(1).timestamp))
        shell.handle(.pointerUp(location: Point(x: 60, y: 220), time: 8.3))
        #expect(list.events.count == 4)                                          // the stray up went nowhere
    }

    /// A resize reaches the current scene at once and a hidden one when it is shown again.
    @Test func resizesFollowTheContentArea() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory)
        shell.handle(.text("2", time: 0))
        let paging = try #require(factory.made["paging"])
        shell.hostDidResize(to: Size(width: 640, height: 480))
        #expect(paging.sizes.last == Size(width: 640, height: 480 - GalleryShell.tabBarHeight))
        let list = try #require(factory.made["list"])
        #expect(list.sizes.last == Size(width: 800, height: 556))
        shell.handle(.text("1", time: 0))
        #expect(list.sizes.last == Size(width: 640, height: 436))
        shell.hostDidResize(to: Size(width: 10, height: 20))                     // smaller than the bar
        #expect(list.sizes.last == Size(width: 10, height: 0))
        #expect(shell.contentRect == Rect(x: 0, y: 20, width: 10, height: 0))
    }

    /// The scene draws translated under the bar and clipped to the content; the bar, HUD and help after it.
    @Test func drawingTranslatesAndClipsTheScene() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory, options: GalleryOptions(showsHUD: true, showsHelp: true))
        shell.update(tick(0))
        let canvas = RecordingCanvas(size: window)
        shell.draw(in: canvas)
        let bar = GalleryShell.tabBarHeight
        let commands = canvas.commands
        let push = try #require(commands.firstIndex(of: .pushTranslation(dx: 0, dy: bar)))
        #expect(commands[push + 1] == .pushClip(Rect(x: 0, y: 0, width: 800, height: 600 - bar)))
        let sceneText = try #require(commands.firstIndex(of: .text("list", in: Rect(x: 0, y: 0, width: 100, height: 20),
                                                                   style: TextStyle(), alignment: .leading)))
        let pop = try #require(commands.firstIndex(of: .popTranslation))
        #expect(push < sceneText && sceneText < pop)
        #expect(canvas.translationDepth == 0 && canvas.clipDepth == 0)
        let after = canvas.texts.drop { $0 != "list" }
        #expect(after.contains("Curves") && after.contains("ScrollKit"))              // the tab bar on top
        #expect(!after.contains("FPS"))                                                 // the help hides the HUD
        #expect(after.last == HelpOverlay.footer)                                       // the help over all
        // With the help closed the HUD is drawn, over the scene and the bar.
        shell.handle(.key(.escape, time: 1))
        let closed = RecordingCanvas(size: window)
        shell.draw(in: closed)
        #expect(closed.texts.drop { $0 != "list" }.contains("FPS"))
        #expect(!closed.texts.contains(HelpOverlay.footer))
    }

    /// Trace samples, script commands and `needsFrames` are the current scene's.
    @Test func traceAndCommandsFollowTheCurrentScene() throws {
        let factory = ProbeFactory()
        let shell = try makeShell(factory)
        shell.perform(.scrollTo(Point(x: 0, y: 30), duration: 0, curve: nil))
        shell.handle(.text("3", time: 0))
        shell.perform(.scrollToEnd(duration: 1, curve: nil))
        #expect(factory.made["list"]?.commands == ["to 30.0"])
        #expect(factory.made["picker"]?.commands == ["end"])
        #expect(shell.traceSample.selected == "picker".count)
        shell.update(tick(0)); shell.update(tick(1))
        #expect(shell.traceSample.offset.y == 2)
        #expect(shell.needsFrames)                          // the tab indicator is sliding
        for k in 2..<40 { shell.update(tick(k)) }
        #expect(!shell.needsFrames && shell.indicatorPosition == 2)
        factory.made["picker"]?.moving = true
        #expect(shell.needsFrames)
    }

    /// With the real catalog: every tab's scene can be made and drawn.
    @Test func everyRealSceneRunsInTheShell() throws {
        let shell = try GalleryShell(initialScene: "list", context: SceneContext(size: window, hz: nil, headless: true))
        shell.hostDidResize(to: window)
        #expect(shell.tabs.prefix(5).map(\.entry.name) == GalleryShell.preferredOrder)
        for i in shell.tabs.indices {
            shell.select(i)
            for k in 0..<3 { shell.update(tick(10 * i + k)) }
            let canvas = RecordingCanvas(size: window)
            shell.draw(in: canvas)
            #expect(shell.currentScene != nil && shell.tabs[i].error == nil)
            #expect(canvas.translationDepth == 0 && canvas.unbalancedPops == 0 && canvas.unbalancedTranslationPops == 0)
        }
    }
}

@MainActor @Suite struct HUDTests {
    func sample(_ i: Int, at t: Double, cost: Double) -> FrameStats.Sample {
        FrameStats.Sample(index: i, timestamp: t, began: t, presented: t, cost: cost)
    }

    @Test func framesPerSecondCostsAndRing() {
        let hud = HUD()
        #expect(hud.framesPerSecond == nil)
        for i in 0..<300 { hud.record(sample(i, at: Double(i) / 144, cost: Double(i % 7)), period: 1.0 / 144, skipped: 0) }
        #expect(abs((hud.framesPerSecond ?? 0) - 144) < 1e-6)
        #expect(hud.count == HUD.capacity)
        #expect(hud.recentCosts == (180..<300).map { Double($0 % 7) })
        #expect(abs(hud.budget - 1000.0 / 144) < 1e-9)
        hud.record(sample(299, at: 99, cost: 50), period: 1.0 / 144, skipped: 0)     // the same frame again
        #expect(hud.recentCosts.last == Double(299 % 7))
        // Only the last second counts: after a pause, the rate comes from the frames since.
        let paused = HUD()
        for i in 0..<60 { paused.record(sample(i, at: Double(i) / 60, cost: 1), period: 1.0 / 60, skipped: 0) }
        for i in 60..<90 { paused.record(sample(i, at: 10 + Double(i - 60) / 60, cost: 1), period: 1.0 / 60, skipped: 0) }
        #expect(abs((paused.framesPerSecond ?? 0) - 60) < 1e-6)
        paused.record(sample(90, at: 10.5, cost: .nan), period: .nan, skipped: 3)
        #expect(paused.recentCosts.last == 0 && paused.budget == 1000.0 / 60 && paused.skipped == 3)
    }

    /// Texts are rebuilt at most four times a second (the phase follows every frame).
    @Test func textsRefreshAFewTimesASecond() {
        let hud = HUD()
        for i in 0..<120 {
            let t = Double(i) / 60
            hud.record(sample(i, at: t, cost: 2.5), period: 1.0 / 60, skipped: 1)
            hud.refresh(now: t, sample: TraceSample(velocity: Point(x: 0, y: -1234.4), phase: i == 119 ? .dragging : .idle))
        }
        // Frame 0 (no rate yet), frame 1 (the first with data: at once), then every 15 frames: 16, 31, …, 106.
        #expect(hud.refreshCount == 9)
        #expect(hud.fpsText == "60.0" && hud.skippedText == "skipped 1")
        #expect(hud.costText == "cost 2.50 ms · max 2.50")
        #expect(hud.velocityText == "v -1234 pt/s" && hud.budgetText == "16.7 ms")
        #expect(hud.phaseText == "dragging")
    }

    /// A scroll that starts 0.3 s after the window woke from idle reads the span's own rate, not the
    /// frames before the sleep spread over the second (which read 17 or 40 FPS).
    @Test func framesPerSecondCountsOnlyTheCurrentAnimationSpan() {
        let hud = HUD()
        for i in 0..<10 { hud.record(sample(i, at: 5 + Double(i) / 60, cost: 1), period: 1.0 / 60, skipped: 0) }
        // The window slept 0.5 s, then a scroll runs at 60 Hz for 0.3 s (18 frames on time).
        for i in 10..<28 {
            var s = sample(i, at: 5.65 + Double(i - 10) / 60, cost: 1)
            s.startsSpan = i == 10
            hud.record(s, period: 1.0 / 60, skipped: 0)
        }
        #expect(abs((hud.framesPerSecond ?? 0) - 60) < 1e-6)
        // Without the span mark the frames before the sleep would pull it down: 27 intervals over 0.93 s.
        let unmarked = HUD()
        for i in 0..<10 { unmarked.record(sample(i, at: 5 + Double(i) / 60, cost: 1), period: 1.0 / 60, skipped: 0) }
        for i in 10..<28 { unmarked.record(sample(i, at: 5.65 + Double(i - 10) / 60, cost: 1), period: 1.0 / 60, skipped: 0) }
        #expect((unmarked.framesPerSecond ?? 0) < 30)
    }

    /// When a scroll comes to rest the velocity drops to 0 in the same frame as the phase turns idle,
    /// although the other texts are throttled.
    @Test func velocityFollowsThePhase() {
        let hud = HUD()
        for i in 0..<3 {
            hud.record(sample(i, at: Double(i) / 60, cost: 1), period: 1.0 / 60, skipped: 0)
            hud.refresh(now: Double(i) / 60, sample: TraceSample(velocity: Point(x: 0, y: 800), phase: .decelerating))
        }
        #expect(hud.velocityText == "v 800 pt/s")
        hud.record(sample(3, at: 3.0 / 60, cost: 1), period: 1.0 / 60, skipped: 0)
        hud.refresh(now: 3.0 / 60, sample: TraceSample(velocity: Point(x: 0, y: 0), phase: .idle))
        #expect(hud.phaseText == "idle")
        #expect(hud.velocityText == "v 0 pt/s")
    }

    @Test(arguments: [(0.0, 2, "0.00"), (16.6666, 1, "16.7"), (-1.25, 1, "-1.3"), (-0.04, 1, "0.0"),
                      (1234.5678, 3, "1234.568"), (9.999, 2, "10.00"), (Double.nan, 2, "nan"), (3, 0, "3")])
    func fixedFormatting(value: Double, decimals: Int, text: String) {
        #expect(HUD.fixed(value, decimals) == text)
    }
}

@Suite struct GalleryCLITests {
    @Test func hudAndHelpFlags() throws {
        guard case .run(let plain) = DemoCLI.parse([]) else { Issue.record("rejected"); return }
        #expect(plain.gallery == GalleryOptions())
        guard case .run(let c) = DemoCLI.parse(["--hud", "--help-overlay", "--scene", "curves"]) else {
            Issue.record("rejected"); return
        }
        #expect(c.gallery == GalleryOptions(showsHUD: true, showsHelp: true))
        #expect(c.sceneName == "curves")
        guard case .run(let s) = DemoCLI.parse(["--scene", "sprites", "--sprites", "10000", "--seed", "9"]) else {
            Issue.record("rejected"); return
        }
        #expect(s.sceneOptions.sprites == 10_000 && s.sceneOptions.seed == 9)
    }

    /// Whole headless runs of the gallery: every tab, with the HUD and the help, and 10,000 sprites.
    @Test(arguments: ["list", "paging", "picker", "sprites", "curves"])
    func everyTabRunsHeadless(scene: String) throws {
        let dir = try DemoProcess.temporaryDirectory("tab-\(scene)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("s.png").path
        let result = try DemoProcess.run(["--headless", "--scene", scene, "--frames", "10", "--hud", "--help-overlay",
                                          "--screenshot", shot, "--trace", dir.appendingPathComponent("t.csv").path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(FileManager.default.fileExists(atPath: shot))
    }

    @Test func tenThousandSprites() throws {
        let result = try DemoProcess.run(["--headless", "--scene", "sprites", "--sprites", "10000", "--frames", "5", "--stats"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("frames: 5"))
    }
}

/// Small screens (480x320, a car head unit or a kiosk panel): the list keeps most of the height and the
/// help and HUD keys stay in sight.
@MainActor @Suite struct SmallScreenTests {
    @Test func listToolbarCollapsesToOneLine() throws {
        let content = Size(width: 480, height: 320 - GalleryShell.tabBarHeight)
        let h = try SceneHarness("list", size: content)
        h.step()
        let scene = try #require(h.scene as? ListScene)
        // One line of controls: the list gets over 75 % of the content height (it had 25 % before).
        #expect(scene.toolbarHeight == 54)
        #expect(h.last.viewportSize.height == content.height - 54)
        #expect(h.last.viewportSize.height / content.height > 0.75)
        // The end button still works from the compact toolbar.
        #expect(h.canvas.texts.contains("Scroll to end") && h.canvas.texts.contains("smoothstep"))
        #expect(!h.canvas.texts.contains("DURATION"))
        // At 800x600 the full toolbar, with captions and the status line, is back.
        let full = try SceneHarness("list", size: Size(width: 800, height: 600 - GalleryShell.tabBarHeight))
        full.step()
        #expect(full.canvas.texts.contains("DURATION"))
        #expect(try #require(full.scene as? ListScene).toolbarHeight > 90)
    }

    @Test(arguments: [(880.0, GalleryTabBar.Hint.full, true), (800, .compact, true), (480, .compact, false), (420, .compact, false), (360, .compact, false), (300, .none, false),
                      (200, .none, false)])
    func tabBarKeepsTheKeyHint(width: Double, hint: GalleryTabBar.Hint, mark: Bool) {
        let layout = GalleryTabBar.layout(count: 5, width: width)
        #expect(layout.hint == hint)
        #expect(layout.showsMark == mark)
        // The segments never run under the hint.
        let right: Double = switch hint {
        case .full: width - 16 - GalleryTabBar.hintWidth
        case .compact: width - 16 - GalleryTabBar.compactHintWidth
        case .none: width
        }
        #expect(layout.track.maxX <= right + 0.5)
        #expect(layout.segmentWidth > 0)
    }
}
