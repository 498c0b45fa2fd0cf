// ScrollPerformance: a scrolling performance test — frame cost p50/p99, instructions and mallocs per frame over a
// scripted scroll — and its check against a baseline recorded in the repository, as a ratio.

import CScrollKitPixels
import Foundation
import ScrollKitSDL
import Testing

/// What the frames of a scripted scroll cost (``TestApp/measureScrolling(_:)``).
public struct ScrollPerformance: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Frames measured.
    public var frames: Int
    /// Median and 99th-percentile CPU time of a frame (update, layout, draw, present), in milliseconds.
    public var costP50: Double
    public var costP99: Double
    /// Instructions the main thread retired per frame (Linux's perf counters), or nil where the machine
    /// offers none. Steadier than time on a shared machine: what baselines compare first.
    public var instructionsPerFrame: Double?
    /// Mallocs per frame, or nil unless a malloc interposer is preloaded (`LD_PRELOAD` of ordo-one's
    /// `libMallocInterposerSwift.so`, as `make bench` does).
    public var mallocsPerFrame: Double?
    /// In a window (``measureInWindow(display:size:hz:input:timeout:attempts:makeClient:)``): milliseconds of
    /// hitches per second of scrolling and deceleration, from when the display showed each frame; nil headless.
    public var hitchRatio: Double?
    /// In a window: the seconds of scrolling the hitch ratio covers (the intervals between frames summed).
    public var scrollSeconds: Double?
    /// In a window: where frame times came from (``VBlankStats/Source``: "present" under X11's Present, "timer").
    public var frameSource: String?
    /// In a window: the display's vblank count (MSC) at which each measured frame was shown, -1 where it did not
    /// say. Not kept in baselines.
    public var shownFrames: [Int] = []

    private enum CodingKeys: String, CodingKey {
        case frames, costP50, costP99, instructionsPerFrame, mallocsPerFrame, hitchRatio, scrollSeconds, frameSource
    }

    /// A measurement (the window's figures are set afterwards, where there are any).
    public init(frames: Int, costP50: Double, costP99: Double, instructionsPerFrame: Double? = nil,
                mallocsPerFrame: Double? = nil) {
        self.frames = frames
        self.costP50 = costP50
        self.costP99 = costP99
        self.instructionsPerFrame = instructionsPerFrame
        self.mallocsPerFrame = mallocsPerFrame
    }

    public var description: String {
        var parts = ["\(frames) frames", "cost p50 \(Self.format(costP50)) ms", "p99 \(Self.format(costP99)) ms"]
        if let i = instructionsPerFrame { parts.append("\(Int(i.rounded())) instructions/frame") }
        if let m = mallocsPerFrame { parts.append("\(Self.format(m)) mallocs/frame") }
        if let h = hitchRatio {
            parts.append("hitch ratio \(String(format: "%.2f", h)) ms/s over \(String(format: "%.2f", scrollSeconds ?? 0)) s (\(frameSource ?? "?"))")
        }
        return parts.joined(separator: ", ")
    }

    private static func format(_ v: Double) -> String { String(format: "%.3f", v) }

    /// Whether `SCROLLKIT_UPDATE_BASELINES=1` asks to (re)write baselines instead of comparing.
    public static var updateRequested: Bool { ProcessInfo.processInfo.environment["SCROLLKIT_UPDATE_BASELINES"] == "1" }

    /// Compares with the baseline in the JSON file at `path`: instructions per frame when both have them
    /// (else the median frame cost) may be at most `budget` times the baseline's, and mallocs per frame at
    /// most the baseline's (when both have them). In a window, the hitch ratio may be at most `hitchBudget`
    /// times the baseline's, counted from at least ``FrameStats/goodHitchRatio`` (a baseline of 0 ms/s allows
    /// `hitchBudget` × 5 ms/s). A missing baseline, or `update`, writes this measurement there. Records an issue
    /// naming both figures and their ratio when over budget.
    /// - Returns: the ratio compared (nil when the baseline was written or unreadable).
    @discardableResult
    public func expectWithinBaseline(_ path: String, budget: Double = 1.25, hitchBudget: Double = 4,
                                     update: Bool = updateRequested,
                                     sourceLocation: SourceLocation = #_sourceLocation) -> Double? {
        let files = FileManager.default
        if update || !files.fileExists(atPath: path) {
            do {
                try files.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                          withIntermediateDirectories: true)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(self).write(to: URL(fileURLWithPath: path))
            } catch {
                Issue.record("cannot write the baseline \(path): \(error)", sourceLocation: sourceLocation)
            }
            return nil
        }
        let baseline: ScrollPerformance
        do {
            baseline = try JSONDecoder().decode(ScrollPerformance.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            Issue.record("cannot read the baseline \(path): \(error)", sourceLocation: sourceLocation)
            return nil
        }
        let ratio: Double, what: String
        if let now = instructionsPerFrame, let then = baseline.instructionsPerFrame, then > 0 {
            ratio = now / then
            what = "instructions per frame \(Int(now.rounded())) vs \(Int(then.rounded()))"
        } else {
            ratio = baseline.costP50 > 0 ? costP50 / baseline.costP50 : 1
            what = "median frame cost \(Self.format(costP50)) ms vs \(Self.format(baseline.costP50)) ms"
        }
        if !(ratio <= budget) {
            Issue.record("scrolling costs \(String(format: "%.2f", ratio))x its baseline (\(what); budget \(budget)x; \(path)). If intended: SCROLLKIT_UPDATE_BASELINES=1.",
                         sourceLocation: sourceLocation)
        }
        if let ratio = hitchRatio(against: baseline), !(ratio <= hitchBudget) {
            Issue.record("scrolling hitches \(String(format: "%.2f", ratio))x its baseline (hitch ratio \(Self.format(hitchRatio ?? 0)) ms/s vs \(Self.format(baseline.hitchRatio ?? 0)) ms/s, counted from at least \(Self.format(FrameStats.goodHitchRatio)); budget \(hitchBudget)x; \(path)). If intended: SCROLLKIT_UPDATE_BASELINES=1.",
                         sourceLocation: sourceLocation)
        }
        if let now = mallocsPerFrame, let then = baseline.mallocsPerFrame, now > then {
            Issue.record("scrolling makes \(Self.format(now)) mallocs per frame, its baseline \(Self.format(then)) (\(path))",
                         sourceLocation: sourceLocation)
        }
        return ratio
    }

    /// This hitch ratio over `baseline`'s, the baseline counted from at least ``FrameStats/goodHitchRatio``
    /// (a hitch-free baseline would make any hitch an infinite ratio); nil unless both were measured in a window.
    public func hitchRatio(against baseline: ScrollPerformance) -> Double? {
        guard let now = hitchRatio, let then = baseline.hitchRatio else { return nil }
        return now / max(then, FrameStats.goodHitchRatio)
    }
}

extension TestApp {
    /// Runs `scroll` (gestures, or a scroll started through the API) and then the frames until the app
    /// settles, measuring every frame: the CPU time of each (the host's measure), the instructions and the
    /// mallocs per frame where they can be counted.
    public func measureScrolling(timeout: Double = 30, _ scroll: (TestApp) throws -> Void) throws -> ScrollPerformance {
        let first = framesRun
        let counter = sk_instructions_open()
        defer { sk_instructions_close(counter) }
        let instructions0 = sk_instructions_read(counter)
        let mallocs0 = MallocCounter.total()
        try scroll(self)
        try settle(timeout: timeout)
        let instructions1 = sk_instructions_read(counter)
        let mallocs1 = MallocCounter.total()
        let frames = max(1, framesRun - first)
        let costs = host.stats.samples.suffix(frames).map(\.cost).sorted()
        func percentile(_ p: Double) -> Double {   // nearest rank
            guard !costs.isEmpty else { return 0 }
            return costs[min(costs.count - 1, max(0, Int((p * Double(costs.count)).rounded(.up)) - 1))]
        }
        let instructions: Double? = counter >= 0 && instructions0 >= 0 && instructions1 >= instructions0
            ? Double(instructions1 - instructions0) / Double(frames) : nil
        let mallocs: Double? = mallocs0.flatMap { a in mallocs1.map { b in Double(b - a) / Double(frames) } }
        return ScrollPerformance(frames: frames, costP50: percentile(0.5), costP99: percentile(0.99),
                                 instructionsPerFrame: instructions, mallocsPerFrame: mallocs)
    }
}

/// Counts mallocs through a preloaded malloc interposer (ordo-one/benchmark's `libMallocInterposerSwift.so`),
/// found with `dlsym`; nil without one. For example:
///
///     LD_PRELOAD=Benchmarks/.build/release/libMallocInterposerSwift.so SDL_VIDEODRIVER=dummy \
///         swift test --skip-build --filter drawingAllocatesNothing
public enum MallocCounter {
    private typealias Toggle = @convention(c) () -> Void
    private typealias Stats = @convention(c) (UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
                                              UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
                                              UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?) -> Void

    /// Mallocs counted so far (the interposer is enabled on first use), or nil when none is preloaded.
    public static func total() -> Int64? {
        let handle = dlopen(nil, RTLD_NOW)
        guard let enable = dlsym(handle, "malloc_interposer_enable"),
              let stats = dlsym(handle, "malloc_interposer_get_stats") else { return nil }
        unsafeBitCast(enable, to: Toggle.self)()
        var s = [Int64](repeating: 0, count: 6)
        s.withUnsafeMutableBufferPointer { p in
            unsafeBitCast(stats, to: Stats.self)(p.baseAddress, p.baseAddress! + 1, p.baseAddress! + 2,
                                                 p.baseAddress! + 3, p.baseAddress! + 4, p.baseAddress! + 5)
        }
        return s[0]
    }

    /// The mallocs `body` makes, or nil when no interposer is preloaded.
    public static func count(_ body: () throws -> Void) rethrows -> Int? {
        let handle = dlopen(nil, RTLD_NOW)
        guard let disable = dlsym(handle, "malloc_interposer_disable"), let before = total() else {
            try body()
            return nil
        }
        try body()
        let after = total() ?? before
        unsafeBitCast(disable, to: Toggle.self)()
        return Int(after - before)
    }
}
