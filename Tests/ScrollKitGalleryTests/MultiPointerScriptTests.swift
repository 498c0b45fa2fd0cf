import Foundation
import Motion
import ScrollKit
import Testing
@testable import ScrollKitGallery
@testable import ScrollKitSDL

/// The demo's script touch events, through the gallery shell: two fingers on two carousels of the `home`
/// scene scroll both at once, each by its own travel.
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
}
