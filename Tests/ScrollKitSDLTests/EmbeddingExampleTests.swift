import Testing
import Foundation
import ScrollKitSDL

// The README's embedding example, verbatim but for the host: it must compile and run.

final class Fruits: ListDataSource {
    let names = ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]
    var numberOfItems: Int { 100_000 }
    var fixedItemSize: Double? { 56 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(names[index % names.count]) #\(index)"
        cell.backgroundColor = RGBAColor(hue: Double(index % 50) / 50, saturation: 0.25, value: 1)
        return cell
    }
}

@MainActor final class FruitApp: HostClient {
    let list = ListView(frame: .zero, dataSource: Fruits())
    func hostDidResize(to size: Size) { list.frame = Rect(origin: .zero, size: size) }
    func handle(_ event: InputEvent) { list.handle(event) }
    func update(_ tick: FrameTick) { list.step(tick) }
    func draw(in canvas: DrawingCanvas) { list.draw(in: canvas) }
    var needsFrames: Bool { list.isAnimating }
    var wantsQuit: Bool { false }
}

@Suite(.serialized) @MainActor
struct EmbeddingExampleTests {
    @Test("the README's embedding example runs: a list on screen, flung by a scripted drag")
    func readmeExampleRuns() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let app = FruitApp()
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 400, height: 300), hz: 60))
        // A quick upward drag at frames 1 to 4, released at frame 4: the list flings.
        try host.run(client: app, maxFrames: 40) { tick in
            guard (1...4).contains(tick.index) else { return }
            let y = 250 - Double(tick.index - 1) * 40
            let location = Point(x: 200, y: y)
            let event: InputEvent = tick.index == 1 ? .pointerDown(location: location, time: tick.timestamp)
                : tick.index == 4 ? .pointerUp(location: location, time: tick.timestamp)
                : .pointerMove(location: location, time: tick.timestamp)
            host.inject(event)
        }
        #expect(app.list.scrollView.contentOffset.y > 120)   // more than the 120 pt dragged: it flung
        #expect(app.list.visibleRange.lowerBound > 1)
        #expect(app.list.visibleRange.count >= 300 / 56)
    }
}
