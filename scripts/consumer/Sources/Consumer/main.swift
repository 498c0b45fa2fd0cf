import CSDL2
import ScrollKitSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// An app's own SDL loop with a ScrollKit list in it (the README's "Inside your own SDL loop"), run for
// `frames` frames with a scripted flick; prints what a frame cost in this build.
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
SDL_Init(SDL_INIT_VIDEO)
let window = SDL_CreateWindow("Consumer", 100, 100, 800, 600, 0)
let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)!
let bridge = try SDLBridge(renderer: renderer, window: window)
let list = ListView(frame: Rect(origin: .zero, size: bridge.size), dataSource: Fruits())
list.scrollView.setContentOffset(Point(x: 0, y: 500_000), duration: Double(frames) / 60, curve: .easeInOut)

var event = SDL_Event()
var costs: [Double] = []
for frame in 0..<frames {
    while SDL_PollEvent(&event) != 0 {
        if let input = bridge.inputEvent(for: event) { list.handle(input) }
    }
    let start = bridge.now
    list.step(bridge.frameTick(at: Double(frame) / 60, duration: 1.0 / 60))   // a virtual 60 Hz clock
    SDL_SetRenderDrawColor(renderer, 20, 20, 24, 255)
    SDL_RenderClear(renderer)
    bridge.beginFrame()
    list.draw(in: bridge.canvas)
    SDL_RenderPresent(renderer)
    costs.append((bridge.now - start) * 1000)
}
costs.sort()
let p50 = costs.isEmpty ? 0 : costs[costs.count / 2]
print("consumer: \(frames) frames, offset \(Int(list.scrollView.contentOffset.y)), frame p50 \(Double(Int(p50 * 100)) / 100) ms")
do {
    print(try checkShelves())
    print(try checkNotes())
} catch {
    print("error: consumer: \(error)")
    exit(1)
}
