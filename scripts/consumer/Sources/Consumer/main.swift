import ScrollKitSDL
import Foundation   // exit

// An app's own loop with a ScrollKit list in it (ScrollKitSDL's article "Inside your own SDL loop",
// EmbeddingInYourOwnLoop.md), run for `frames` frames with a scripted scroll; prints what a frame cost in this
// build. It imports no C module: the bridge makes the window and renderer, polls SDL's events, clears and presents.
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

let frames = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 120 : 120
let bridge = try SDLBridge(title: "Consumer", size: Size(width: 800, height: 600), softwareRenderer: true)
let list = ListView(frame: Rect(origin: .zero, size: bridge.size), dataSource: Fruits())
list.scrollView.setContentOffset(Point(x: 0, y: 500_000), duration: Double(frames) / 60, curve: .easeInOut)

var costs: [Double] = []
for frame in 0..<frames {
    while let event = bridge.pollEvent() {
        if let input = bridge.inputEvent(for: event) { list.handle(input) }
    }
    let start = bridge.now
    list.step(bridge.frameTick(at: Double(frame) / 60, duration: 1.0 / 60))   // a virtual 60 Hz clock
    bridge.beginFrame(clearingTo: RGBAColor(r: 20, g: 20, b: 24))
    list.draw(in: bridge.canvas)
    bridge.present()
    costs.append((bridge.now - start) * 1000)
}
costs.sort()
let p50 = costs.isEmpty ? 0 : costs[costs.count / 2]
print("consumer: \(frames) frames, offset \(Int(list.scrollView.contentOffset.y)), frame p50 \(Double(Int(p50 * 100)) / 100) ms")
do {
    print(try checkShelves())
    print(try checkNotes())
    print(try checkJournal())
    print(try checkPreferences())
} catch {
    print("error: consumer: \(error)")
    exit(1)
}
