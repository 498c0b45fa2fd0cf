import Foundation
import Glibc
import ProbeSupport
import ScrollKit
import ScrollKitGallery
import ScrollKitSDL
import ScrollKitTesting

// Big pastes into the contacts scene's search field and into a text area (issue 41), headless (software renderer),
// one thread:
//
//   text-probe
//
// The area cases: a 358x300 `TextAreaView` in a 390x844 window (ScrollKitTesting's TestApp), focused; 1 MB as one
// paragraph and as lines of 100 characters, and "a" + 10^5 marks. For each: the paste frame, the 60 frames after it
// with a character typed every 5th (p50, max), the frames of a jump to the middle of the text and 60 frames of
// scrolling on from there (max), and Ctrl+Home (one frame).
//
// For each case: the search field is focused, the clipboard holds the text, Ctrl+V is handed in and one frame
// runs. Prints the paste frame (the key's handling and the frame after it: insert, search, layout, drawing), the
// 60 frames after it with a character typed every 5th (p50, max), a copy-and-paste round trip (Ctrl+A, Ctrl+C,
// End, Ctrl+V, one frame), and the peak resident memory of the process (getrusage) with the text's UTF-8 size.
// Target: the paste frame and the round trip at most 100 ms, the frames after within the 16.7 ms of a 60 Hz frame.

func ms(_ v: Double) -> String { String(format: "%.1f ms", v) }

func peakRSSMB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

@MainActor
func measure(_ name: String, text: String) throws {
    let bench = try SceneBench(scene: "contacts", motion: .none)
    ViewNode.clipboard.setText(text, in: .clipboard)
    let t0 = now()
    bench.handle(.key(.v, modifiers: [.control], time: bench.nextFrameTime))
    bench.frame()
    let paste = now() - t0
    var after: [Double] = []
    for k in 0..<60 {
        let t = now()
        if k % 5 == 0 { bench.handle(.text("x", time: bench.nextFrameTime)) }
        bench.frame()
        after.append(now() - t)
    }
    after.sort()
    let t1 = now()
    for (key, mods) in [(Key.a, KeyModifiers.control), (.c, .control), (.end, []), (.v, .control)] {
        bench.handle(.key(key, modifiers: mods, time: bench.nextFrameTime))
    }
    bench.frame()
    let roundTrip = now() - t1
    let bytes = text.utf8.count
    print("\(name): paste frame \(ms(paste)), frames after p50 \(ms(percentile(after, 0.5))) max \(ms(after.last ?? .nan)), "
          + "round trip \(ms(roundTrip)), peak memory \(String(format: "%.0f", peakRSSMB())) MB (text \(String(format: "%.1f", Double(bytes) / 1e6)) MB)")
    if let path = ProcessInfo.processInfo.environment["TEXT_PROBE_PNG"] { try bench.screenshot(to: path + "-\(name.split(separator: " ").first ?? "x").png") }
}

@MainActor
func measureArea(_ name: String, text: String) throws {
    let root = ViewNode(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let area = TextAreaView(frame: Rect(x: 16, y: 100, width: 358, height: 300))
    root.addSubview(area)
    let app = try TestApp(root: root)
    app.pump(frames: 2)
    _ = area.becomeFocused()
    app.pump(frames: 2)
    ViewNode.clipboard.setText(text, in: .clipboard)
    var t0 = now()
    app.send(.key(.v, modifiers: [.control], time: app.time))
    app.pump(frames: 1)
    let paste = now() - t0
    var after: [Double] = []
    for k in 0..<60 {
        t0 = now()
        if k % 5 == 0 { app.send(.text("x", time: app.time)) }
        app.pump(frames: 1)
        after.append(now() - t0)
    }
    after.sort()
    var scroll: [Double] = []
    area.scrollView.setContentOffset(Point(x: 0, y: max(0, area.scrollView.contentSize.height / 2)), animated: false)
    for _ in 0..<60 {
        t0 = now()
        var o = area.scrollView.contentOffset
        o.y += 120
        area.scrollView.setContentOffset(o, animated: false)
        app.pump(frames: 1)
        scroll.append(now() - t0)
    }
    scroll.sort()
    t0 = now()
    app.send(.key(.home, modifiers: [.control], time: app.time))
    app.pump(frames: 1)
    let home = now() - t0
    print("area, \(name): paste frame \(ms(paste)), frames after p50 \(ms(percentile(after, 0.5))) max \(ms(after.last ?? .nan)), "
          + "scrolling through it max \(ms(scroll.last ?? .nan)), Ctrl+Home \(ms(home)), peak memory \(String(format: "%.0f", peakRSSMB())) MB")
}

@MainActor
func main() throws {
    let words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
    var prose = String(repeating: words, count: 1_000_000 / words.count + 1)
    prose = String(prose.prefix(1_000_000))
    try measure("1 MB paste (10^6 characters)", text: prose)
    var marks = String.UnicodeScalarView()
    marks.append("a")
    for i in 0..<100_000 { marks.append(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) }
    try measure("10^5 combining marks", text: String(marks))
    try measureArea("1 MB in one paragraph", text: prose)
    let line = String(words.prefix(99)) + "\n"
    try measureArea("1 MB in lines of 100", text: String(String(repeating: line, count: 1_000_000 / line.count + 1).prefix(1_000_000)))
    try measureArea("10^5 combining marks", text: String(marks))
}

try MainActor.assumeIsolated { try main() }
