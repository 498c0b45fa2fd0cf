import BenchSupport
import Glibc
import MallocInterposerSwift
import ProbeSupport
import Motion
import ScrollKit

// Checks the frame benchmarks' drivers on one thread, where nothing else allocates:
//
//   bench-probe                        every configuration: motion, cells configured per frame and
//                                      (with the interposer preloaded, see below) mallocs per frame
//   bench-probe fling 10000000 fixed [frames]   one configuration
//
// Malloc counts need the interposer preloaded, as the benchmark plugin does:
//   LD_PRELOAD=.build/release/libMallocInterposerSwift.so .build/release/bench-probe
// Instructions per steady frame, independent of machine load:
//   valgrind --tool=callgrind --toggle-collect='*ListDriverC5frameyyF' .build/release/bench-probe fling 100 fixed
// (callgrind then counts only inside ListDriver.frame(); divide by the frames printed).

struct Config {
    var motion: ListDriver.Motion
    var count: Int
    var variable: Bool
    var name: String { "\(motion.rawValue) \(variable ? "variable" : "fixed") N=\(count)" }
}

/// Whether mallocs are being counted (the interposer is preloaded and hooked).
@MainActor
func run(_ c: Config, frames: Int, countMallocs: Bool) -> Bool {
    let d = ListDriver(count: c.count, variable: c.variable, motion: c.motion)
    var configured = 0, maxConfigured = 0
    var mallocs = 0, maxMallocs = 0, allocatingFrames = 0
    var travelled = 0.0
    var allocating: [String] = []
    var minY = Double.infinity, maxY = -Double.infinity
    for _ in 0..<frames {
        d.prepare()   // a new motion may start here (and allocate): not a steady frame
        let before = d.list.scrollView.contentOffset.y
        let made = d.list.cellsCreated
        let m0 = countMallocs ? MallocInterposerSwift.getStatistics().mallocCount : 0
        d.frame()
        let m = countMallocs ? MallocInterposerSwift.getStatistics().mallocCount - m0 : 0
        if m > 0 {
            let newCells = d.list.cellsCreated - made
            allocating.append("frame \(d.frameIndex) of leg \(d.legs): \(m)" + (newCells > 0 ? " (\(newCells) new cell)" : ""))
        }
        mallocs += m
        maxMallocs = max(maxMallocs, m)
        if m > 0 { allocatingFrames += 1 }
        let y = d.list.scrollView.contentOffset.y
        travelled += abs(y - before)
        minY = min(minY, y); maxY = max(maxY, y)
        configured += d.list.configuredInLastStep
        maxConfigured = max(maxConfigured, d.list.configuredInLastStep)
    }
    var line = "\(c.name): \(frames) frames after \(d.warmUpFrames) to warm up, \(d.legs) legs, offsets \(Int(minY - d.lo))...\(Int(maxY - d.lo)) "
        + "of a \(Int(d.hi - d.lo)) pt window, \(Int((travelled / Double(frames)).rounded())) pt/frame, "
        + "configures/frame \(Double(Int(Double(configured) / Double(frames) * 100)) / 100) (max \(maxConfigured)), "
        + "cells made \(d.list.cellsCreated)"
    if countMallocs {
        line += ", mallocs in steady frames: \(mallocs) (max \(maxMallocs) in a frame, \(allocatingFrames) frames)"
        if !allocating.isEmpty { line += ": " + allocating.prefix(5).joined(separator: ", ") }
    }
    print(line)
    return mallocs == 0
}

let counting = interposerActive()
let args = Array(CommandLine.arguments.dropFirst())
var configs: [Config] = []
var frames = 6000
if args.count >= 3, let motion = ListDriver.Motion(rawValue: args[0]), let count = Int(args[1]), count >= 0 {
    configs = [Config(motion: motion, count: count, variable: args[2] == "variable")]
    if args.count >= 4, let f = Int(args[3]), f > 0 { frames = f }
} else if args.isEmpty {
    for motion in ListDriver.Motion.allCases {
        for (count, variable) in [(100, false), (10_000, false), (1_000_000, false), (10_000_000, false), (1_000_000, true)] {
            configs.append(Config(motion: motion, count: count, variable: variable))
        }
    }
} else {
    print("usage: bench-probe [scroll-to|fling COUNT fixed|variable [FRAMES]]")
    exit(2)
}
if !counting { print("(mallocs not counted: preload libMallocInterposerSwift.so to count them)") }
let allClean = MainActor.assumeIsolated {
    configs.map { run($0, frames: frames, countMallocs: counting) }.allSatisfy { $0 }
}
if counting {
    print(allClean ? "mallocs per steady frame: 0 in every configuration" : "mallocs per steady frame: NOT 0 (see above)")
}
exit(allClean ? 0 : 1)
