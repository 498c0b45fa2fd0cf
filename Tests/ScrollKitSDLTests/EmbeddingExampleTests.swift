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


@Suite(.serialized) @MainActor
struct EmbeddingExampleTests {
    @Test("the README's embedding example runs: a list on screen, flung by a scripted drag")
    func readmeExampleRuns() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let list = ListView(frame: .zero, dataSource: Fruits())
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 400, height: 300), hz: 60))
        // The README's line is `try WindowHost(...).run(rootView: list)`; a headless run with a frame hook
        // plays a quick upward drag at frames 1 to 4, released at frame 4: the list flings.
        try host.run(client: RootViewClient(root: list), maxFrames: 40) { tick in
            guard (1...4).contains(tick.index) else { return }
            let y = 250 - Double(tick.index - 1) * 40
            let location = Point(x: 200, y: y)
            let event: InputEvent = tick.index == 1 ? .pointerDown(location: location, time: tick.timestamp)
                : tick.index == 4 ? .pointerUp(location: location, time: tick.timestamp)
                : .pointerMove(location: location, time: tick.timestamp)
            host.inject(event)
        }
        #expect(list.frame.size == Size(width: 400, height: 300))
        #expect(list.scrollView.contentOffset.y > 120)   // more than the 120 pt dragged: it flung
        #expect(list.visibleRange.lowerBound > 1)
        #expect(list.visibleRange.count >= 300 / 56)
    }

    @Test("run(rootView:) runs a view tree to maxFrames; an unhandled Escape ends it only with quitOnBack")
    func runRootView() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let list = ListView(frame: .zero, dataSource: Fruits())
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 320, height: 200), hz: 60))
        try host.run(rootView: list, maxFrames: 3)
        #expect(list.frame.size == Size(width: 320, height: 200))
        #expect(list.visibleRange == 0..<4)
        let client = RootViewClient(root: list)
        client.handle(.key(.escape, time: 0))
        #expect(!client.wantsQuit && list.lastBackWentUnhandled)
        let quitting = RootViewClient(root: list, quitOnBack: true)
        quitting.handle(.key(.down, time: 0))
        #expect(!quitting.wantsQuit)
        quitting.handle(.key(.back, time: 0))
        #expect(quitting.wantsQuit)
    }
}
