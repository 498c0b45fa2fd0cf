import Foundation
import Glibc
import ProbeSupport
import ScrollKit
import ScrollKitGallery

// Big pastes into the contacts scene's search field (issue 41), headless (800x600 software renderer), one thread:
//
//   text-probe
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
func main() throws {
    let words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
    var prose = String(repeating: words, count: 1_000_000 / words.count + 1)
    prose = String(prose.prefix(1_000_000))
    try measure("1 MB paste (10^6 characters)", text: prose)
    var marks = String.UnicodeScalarView()
    marks.append("a")
    for i in 0..<100_000 { marks.append(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) }
    try measure("10^5 combining marks", text: String(marks))
}

try MainActor.assumeIsolated { try main() }
