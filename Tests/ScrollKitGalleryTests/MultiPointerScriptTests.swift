import Foundation
import Motion
import ScrollKit
import Testing
@testable import ScrollKitGallery
@testable import ScrollKitSDL

/// The demo's script touch events, through the gallery shell: two fingers on two carousels of the `home`
/// scene scroll both at once, each by its own travel; two fingers on the contacts scene's on-screen keyboard
/// type two keys, in the order they went down.
@MainActor @Suite("Multi-pointer scripts", .serialized) struct MultiPointerScriptTests {
    @Test("two fingers on two home carousels: both scroll, each by its own finger")
    func twoCarousels() throws {
        let size = Size(width: 800, height: 600), hz = 60.0
        let host = try HeadlessHost(options: HostOptions(size: size, hz: hz), pixelScale: 1, tracksDamage: false)
        let shell = try GalleryShell(initialScene: "home", context: SceneContext(size: size, hz: hz, headless: true, options: SceneOptions()),
                                     displayLink: host.displayLink, stats: nil, options: GalleryOptions(showsHUD: false))
        shell.hostDidResize(to: host.logicalSize)
        func frame() {
            let tick = host.timeline.waitForNextFrame()
            host.timeline.fire()
            shell.update(tick)
        }
        frame()
        let scene = try #require(shell.currentScene as? HomeScene)
        let m = scene.state.metrics
        let origin = shell.contentRect
        func onCards(_ shelf: Int, x: Double) -> Point {
            let top = scene.list.frame.minY + scene.list.insets.top + Double(shelf) * m.shelfHeight
            return Point(x: origin.minX + x, y: origin.minY + top + m.titleHeight + m.carouselHeight / 2)
        }
        let a = onCards(0, x: 600), b = onCards(1, x: 600)
        var events = [
            #"{"t": 0.1, "type": "touchDown", "id": 1, "x": \#(a.x), "y": \#(a.y)}"#,
            #"{"t": 0.104, "type": "touchDown", "id": 2, "x": \#(b.x), "y": \#(b.y)}"#,
        ]
        for k in 1...10 {
            let t = 0.104 + 0.016 * Double(k)
            events.append(#"{"t": \#(t), "type": "touchMove", "id": 1, "x": \#(a.x - 10 * Double(k)), "y": \#(a.y)}"#)
            events.append(#"{"t": \#(t), "type": "touchMove", "id": 2, "x": \#(b.x - 25 * Double(k)), "y": \#(b.y)}"#)
        }
        let script = try Script.parse(Array(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8))
        var player = ScriptPlayer(script: script, windowSize: size)
        var carousels: [ListView] = []
        for _ in 0..<24 {   // 0.4 s: the fingers are held still from 0.264 s
            let tick = host.timeline.waitForNextFrame()
            for case .input(let event) in player.outputs(for: tick) { shell.handle(event) }
            host.timeline.fire()
            shell.update(tick)
        }
        for shelf in 0..<2 {
            let cell = try #require(scene.list.cell(at: shelf) as? ShelfCell)
            carousels.append(cell.carousel)
        }
        #expect(abs(carousels[0].scrollView.contentOffset.x - 100) < 1e-6, "\(carousels[0].scrollView.contentOffset.x)")
        #expect(abs(carousels[1].scrollView.contentOffset.x - 250) < 1e-6, "\(carousels[1].scrollView.contentOffset.x)")
        #expect(scene.list.scrollView.contentOffset.y == 0)
    }

    @Test("two fingers on the contacts keyboard: two keys typed, in the order they went down, whichever lifts first")
    func twoKeysUnderTwoFingers() throws {
        let size = Size(width: 430, height: 860), hz = 60.0
        let host = try HeadlessHost(options: HostOptions(size: size, hz: hz), pixelScale: 1, tracksDamage: false)
        let shell = try GalleryShell(initialScene: "contacts", context: SceneContext(size: size, hz: hz, headless: true, options: SceneOptions()),
                                     displayLink: host.displayLink, stats: nil, options: GalleryOptions(showsHUD: false))
        shell.hostDidResize(to: host.logicalSize)
        var player: ScriptPlayer?
        func frames(_ n: Int) {
            for _ in 0..<n {
                let tick = host.timeline.waitForNextFrame()
                if var p = player {
                    for case .input(let event) in p.outputs(for: tick) { shell.handle(event) }
                    player = p
                }
                host.timeline.fire()
                shell.update(tick)
            }
        }
        func play(_ events: [String]) throws {
            let script = try Script.parse(Array(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8))
            player = ScriptPlayer(script: script, windowSize: size)
        }
        frames(1)
        let scene = try #require(shell.currentScene as? ContactsScene)
        // A tap on the search field: the keyboard slides up.
        // Scene coordinates are inside the shell's content rect (below its tab bar).
        let origin = shell.contentRect.origin
        let inScene = scene.search.frameInRoot
        let field = Rect(x: origin.x + inScene.minX, y: origin.y + inScene.minY, width: inScene.width, height: inScene.height)
        try play([#"{"t": 0.05, "type": "touchDown", "id": 1, "x": \#(field.midX), "y": \#(field.midY)}"#,
                  #"{"t": 0.1, "type": "touchUp", "id": 1, "x": \#(field.midX), "y": \#(field.midY)}"#])
        frames(60)
        let keyboard = scene.root.keyboard
        #expect(scene.root.isKeyboardShown && scene.root.keyboardFraction == 1)
        func centre(_ text: String) throws -> Point {
            let key = try #require(keyboard.keys.first { keyboard.shownText($0.key) == text }, "no key \(text)")
            let p = keyboard.convert(Point(x: key.frame.midX, y: key.frame.midY), to: nil)
            return Point(x: origin.x + p.x, y: origin.y + p.y)
        }
        let a = try centre("a"), s = try centre("s"), d = try centre("d"), f = try centre("f")
        func touch(_ t: Double, _ phase: String, _ id: Int, _ p: Point) -> String {
            #"{"t": \#(t), "type": "\#(phase)", "id": \#(id), "x": \#(p.x), "y": \#(p.y)}"#
        }
        let t0 = 0.1   // a script's times count from its first frame
        // a down, s down while a is held, a lifts, s lifts; then d down, f down, f lifts first, then d.
        try play([touch(t0, "touchDown", 2, a), touch(t0 + 0.03, "touchDown", 3, s), touch(t0 + 0.05, "touchUp", 2, a),
                  touch(t0 + 0.08, "touchUp", 3, s),
                  touch(t0 + 0.3, "touchDown", 4, d), touch(t0 + 0.33, "touchDown", 5, f), touch(t0 + 0.35, "touchUp", 5, f),
                  touch(t0 + 0.38, "touchUp", 4, d)])
        frames(40)
        #expect(scene.search.text == "asdf", "typed \(scene.search.text.debugDescription)")
        #expect(keyboard.pressedIndex == nil)
    }
}
