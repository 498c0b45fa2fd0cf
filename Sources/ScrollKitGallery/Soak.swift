import Motion
import ScrollKit
import ScrollKitSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--soak SECONDS`: random input for that much simulated time, invariants checked every frame.
///
/// - Input (seeded by `--seed`, same seed → same run): drags and flings, wheel bursts, scroll keys,
///   timed scroll-tos and scroll-to-items with random durations (0–3 s) and random named curves,
///   resizes (including tiny ones: 1x1 … 40x40, and back), pauses that let motion settle, and, in
///   the list scene, changes of the item count (to 0, 1, a few, a random count, and back to `--items`).
///   Pointer input stays below the gallery's tab bar, so the scene never changes.
/// - Checks after every frame's update (any scene): offset and velocity finite. List scene also:
///   the offset within its range plus the maximum overscroll (one viewport, plus whatever a
///   resize or a count change left past the edge until it is back in range at rest or in a
///   drag: a timed scroll that starts out there may come back out as far as its start), the visible rows
///   exactly those intersecting the viewport, and every completion of the soak's own scroll-tos
///   fired exactly once (the last ones are ended with `stopMotion()` at the end of the run).
/// - Drawing: every `drawEvery`-th frame only (default 10), so that an hour of simulated time
///   (216,000 frames at 60 Hz) takes minutes; the host still clears and presents every frame.
/// - Memory: the resident set size is read after warm-up (the first `min(65,536, frames / 2)`
///   frames: the host's frame-statistics ring holds 65,536 samples and is full after that many)
///   and at every tenth of the run and at the end, all at the `--size` window size (the soak resizes back to it just before: the
///   framebuffer follows the window size), and the largest reading in between (every 1,000 frames,
///   at whatever size the window then has) is reported too.
struct SoakOptions: Sendable, Equatable {
    // Accepted values: `OptionRanges.soakSeconds` and `OptionRanges.soakDrawEvery`.
    /// `--soak-draw-every` when not given.
    static let defaultDrawEvery = 10

    /// Simulated seconds.
    var seconds: Double
    /// Draw one frame in this many.
    var drawEvery: Int = SoakOptions.defaultDrawEvery

    init(seconds: Double, drawEvery: Int = SoakOptions.defaultDrawEvery) {
        self.seconds = seconds
        self.drawEvery = drawEvery
    }

    /// Frames for `seconds` at `hz` (at least 1).
    func frameCount(hz: Double) -> Int { max(1, Int((seconds * hz).rounded())) }
}

/// The resident set size of this process in bytes (Linux: /proc/self/statm), nil where unknown.
func residentSetSize() -> Int? {
    guard let file = fopen("/proc/self/statm", "r") else { return nil }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { s in
        withUnsafeMutablePointer(to: &resident) { r in
            withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) }
        }
    }) == 2 else { return nil }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The invariants the soak checks: pure functions of what a scene reports.
enum SoakInvariants {
    /// Finite offset and velocity; nil when they hold, else what broke.
    static func checkFinite(_ sample: TraceSample) -> String? {
        let values = [sample.offset.x, sample.offset.y, sample.velocity.x, sample.velocity.y]
        guard values.allSatisfy(\.isFinite) else {
            return "offset (\(sample.offset.x), \(sample.offset.y)) or velocity (\(sample.velocity.x), \(sample.velocity.y)) is not finite"
        }
        return nil
    }

    /// `offset` within `lo...hi` widened by `overscroll` on both sides (a NaN offset fails).
    static func checkRange(offset: Double, lo: Double, hi: Double, overscroll: Double) -> String? {
        guard offset >= lo - overscroll && offset <= hi + overscroll else {
            return "offset \(offset) beyond the range \(lo)...\(hi) plus the overscroll limit \(overscroll)"
        }
        return nil
    }

    /// The items of a list of `count` rows `rowLength` long that intersect the viewport
    /// `offset ..< offset + viewport` (a row touching it only at an edge does not).
    static func expectedVisible(offset: Double, viewport: Double, count: Int, rowLength: Double) -> Range<Int> {
        guard count > 0, viewport > 0, rowLength > 0, offset.isFinite else { return 0..<0 }
        let total = Double(count) * rowLength
        let top = max(0, offset), bottom = min(total, offset + viewport)
        guard bottom > top else { return 0..<0 }
        let first = min(count - 1, Int((top / rowLength).rounded(.down)))
        let upper = min(count, Int((bottom / rowLength).rounded(.up)))
        return first..<max(first, upper)
    }

    /// Nil when `visible` equals `expectedVisible(...)`, else what broke.
    static func checkVisible(_ visible: Range<Int>, offset: Double, viewport: Double, count: Int, rowLength: Double) -> String? {
        let expected = expectedVisible(offset: offset, viewport: viewport, count: count, rowLength: rowLength)
        // An empty range may sit anywhere.
        if visible == expected || (visible.isEmpty && expected.isEmpty) { return nil }
        return "visible rows \(visible) but rows \(expected) intersect the viewport (offset \(offset), viewport \(viewport), \(count) rows)"
    }
}

/// Counts of what the soak did, for the report.
struct SoakCounts: Sendable {
    var drags = 0, wheelBursts = 0, keys = 0, scrollTos = 0, resizes = 0, countChanges = 0, pauses = 0
    var completionsIssued = 0, completionsFired = 0
    var framesDrawn = 0
}

/// The soak's host client: random input before each frame, the scene's update, the checks, and a
/// draw every `drawEvery` frames.
@MainActor
final class SoakDriver: HostClient {
    let shell: GalleryShell
    let options: SoakOptions
    let baseSize: Size
    let baseItems: Int
    private var rng: SplitMix64
    private(set) var counts = SoakCounts()
    /// The first broken invariant, with its frame.
    private(set) var failure: String?
    private var windowSize: Size
    /// Frames left of the current action, and what it is.
    private enum Action { case idle, drag(velocity: Point, frames: Int), wheel(dy: Double, dx: Double, frames: Int), pause(frames: Int) }
    private var action = Action.idle
    private var pointer: Point?
    /// Completion ids fired (a second firing is a failure); ids not yet fired.
    private var outstanding: Set<Int> = []
    private var nextCompletion = 0
    /// Overscroll a resize or a count change may leave past an edge, until back in range.
    private var extraOverscroll = 0.0
    private var lastTick: FrameTick?

    init(shell: GalleryShell, options: SoakOptions, size: Size, items: Int, seed: UInt64) {
        self.shell = shell
        self.options = options
        baseSize = size
        windowSize = size
        baseItems = items
        rng = SplitMix64(seed: SplitMix64.mix(seed, 0x50A6))
    }

    private var list: ListScene? { shell.currentScene as? ListScene }

    // MARK: Random input

    private func chance(_ p: Double) -> Bool { rng.unit() < p }
    private func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }

    /// A point in the content area (below the tab bar), nil when the window has none.
    private func contentPoint() -> Point? {
        let top = GalleryShell.tabBarHeight + 1
        guard windowSize.height > top + 2, windowSize.width > 2 else { return nil }
        return Point(x: rng.uniform(1...(windowSize.width - 1)), y: rng.uniform(top...(windowSize.height - 1)))
    }

    /// Plays this frame's share of random input (through the host, as real input would arrive).
    func beforeFrame(_ tick: FrameTick, host: HeadlessHost) {
        lastTick = tick
        let t = tick.timestamp
        switch action {
        case .drag(let velocity, let frames):
            if var p = pointer {
                p.x += velocity.x * tick.duration
                p.y += velocity.y * tick.duration
                pointer = p
                if frames <= 1 {
                    host.inject(.pointerUp(location: p, time: t))
                    pointer = nil
                    action = .idle
                } else {
                    host.inject(.pointerMove(location: p, time: t))
                    action = .drag(velocity: velocity, frames: frames - 1)
                }
            } else {
                action = .idle
            }
            return
        case .wheel(let dy, let dx, let frames):
            if let p = contentPoint() { host.inject(.wheel(dx: dx, dy: dy, location: p, time: t)) }
            action = frames <= 1 ? .idle : .wheel(dy: dy, dx: dx, frames: frames - 1)
            return
        case .pause(let frames):
            action = frames <= 1 ? .idle : .pause(frames: frames - 1)
            return
        case .idle:
            break
        }
        guard chance(0.08) else { return }
        let roll = rng.unit()
        switch roll {
        case ..<0.30:
            guard let start = contentPoint() else { return }
            counts.drags += 1
            pointer = start
            host.inject(.pointerDown(location: start, time: t))
            // Slow drags, flings, and now and then a violent one.
            let speed = pick([50.0, 400, 1500, 4000, 12_000])
            let angle = rng.uniform(0...(2 * Double.pi))
            action = .drag(velocity: Point(x: speed * cos(angle) * 0.3, y: speed * sin(angle)),
                           frames: 1 + Int(rng.next() % 40))
        case ..<0.45:
            counts.wheelBursts += 1
            action = .wheel(dy: pick([-120.0, -40, -3, -1, 1, 3, 40, 120]) * rng.uniform(0.1...2),
                            dx: chance(0.2) ? rng.uniform(-20...20) : 0, frames: 1 + Int(rng.next() % 20))
        case ..<0.60:
            counts.keys += 1
            host.inject(.key(pick(Key.scrollKeys + [.enter]), time: t))
        case ..<0.80:
            scrollTo()
        case ..<0.86:
            counts.resizes += 1
            let size: Size
            switch rng.next() % 4 {
            case 0: size = Size(width: Double(1 + rng.next() % 40), height: Double(1 + rng.next() % 40))
            case 1: size = baseSize
            default: size = Size(width: Double(1 + rng.next() % 1600), height: Double(1 + rng.next() % 1200))
            }
            noteGeometryChange { host.resize(to: size) }
            windowSize = host.logicalSize
        case ..<0.90:
            guard let list else { return }
            counts.countChanges += 1
            let n: Int
            switch rng.next() % 6 {
            case 0: n = 0
            case 1: n = 1
            case 2: n = 1 + Int(rng.next() % 20)
            case 3: n = Int(rng.next() % UInt64(max(1, baseItems) + 1))
            default: n = baseItems
            }
            noteGeometryChange { list.listView.dataSource = RowSource(count: n, rowHeight: ListScene.rowHeight) }
        default:
            counts.pauses += 1
            action = .pause(frames: 30 + Int(rng.next() % 240))
        }
    }

    /// A timed scroll-to (list scene: with a completion the soak counts; other scenes: the script's command).
    private func scrollTo() {
        counts.scrollTos += 1
        let curve = pick(TimingCurve.allNamed)
        let duration = pick([0.0, 0.1, 0.3, 1, 3]) * rng.uniform(0.5...1)
        guard let list else {
            shell.perform(.scrollTo(Point(x: 0, y: rng.uniform(-2000...20_000)), duration: duration, curve: curve))
            return
        }
        let id = nextCompletion
        nextCompletion += 1
        outstanding.insert(id)
        counts.completionsIssued += 1
        let completion: @MainActor (Bool) -> Void = { [weak self] _ in self?.completed(id) }
        let count = list.listView.numberOfItems
        switch rng.next() % 3 {
        case 0:
            list.listView.scrollToItem(Int(rng.next() % UInt64(count + 10)), position: pick(ItemPosition.allCases),
                                       duration: duration, curve: curve, completion: completion)
        case 1:
            list.listView.scrollView.scrollToEnd(duration: duration, curve: curve, completion: completion)
        default:
            let span = Double(count) * ListScene.rowHeight
            list.listView.scrollView.setContentOffset(Point(x: 0, y: rng.uniform(-2000...(span + 2000))),
                                                      duration: duration, curve: curve, completion: completion)
        }
    }

    private func completed(_ id: Int) {
        guard outstanding.remove(id) != nil else {
            fail("completion \(id) fired twice")
            return
        }
        counts.completionsFired += 1
    }

    /// Runs a change of geometry and allows the overscroll it leaves.
    private func noteGeometryChange(_ change: () -> Void) {
        change()
        if let list {
            let scroll = list.listView.scrollView
            let y = scroll.contentOffset.y
            extraOverscroll = max(extraOverscroll, scroll.minContentOffset.y - y, y - scroll.maxContentOffset.y)
        }
    }

    /// Ends the run: stops the list's motion (running scroll-tos complete with false) and checks that
    /// every completion fired exactly once.
    func finish() {
        list?.listView.scrollView.stopMotion()
        if failure == nil && !outstanding.isEmpty {
            fail("\(outstanding.count) completion(s) never fired (first: \(outstanding.min()!))")
        }
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        let frame = lastTick.map { "frame \($0.index) (t = \(TraceFormat.number($0.timestamp)) s)" } ?? "the end"
        failure = "soak: invariant broken at \(frame): \(message)"
    }

    // MARK: Checks

    private func check() {
        if let problem = SoakInvariants.checkFinite(shell.traceSample) { fail(problem); return }
        guard let list else { return }
        let view = list.listView, scroll = view.scrollView
        let y = scroll.contentOffset.y, lo = scroll.minContentOffset.y, hi = scroll.maxContentOffset.y
        // A timed scroll that started out there may come back out as far as its start (documented):
        // the allowance ends once the offset is in range with no timed scroll running.
        if y >= lo && y <= hi && scroll.phase != .animating { extraOverscroll = 0 }
        let viewport = scroll.viewportSize.height
        if let problem = SoakInvariants.checkRange(offset: y, lo: lo, hi: hi, overscroll: viewport + extraOverscroll + 1e-6) {
            fail(problem + " (phase \(scroll.phase))"); return
        }
        if let problem = SoakInvariants.checkVisible(view.visibleRange, offset: y - lo, viewport: viewport,
                                                      count: view.numberOfItems, rowLength: ListScene.rowHeight) {
            fail(problem)
        }
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        windowSize = size
        shell.hostDidResize(to: size)
    }
    func handle(_ event: InputEvent) { shell.handle(event) }

    func update(_ tick: FrameTick) {
        shell.update(tick)
        if failure == nil { check() }
    }

    func draw(in canvas: DrawingCanvas) {
        guard let tick = lastTick, tick.index % options.drawEvery == 0 else { return }
        counts.framesDrawn += 1
        shell.draw(in: canvas)
    }

    var needsFrames: Bool { true }
    var wantsQuit: Bool { false }
}

/// Runs a soak on a headless host and prints its report.
@MainActor
struct SoakRun {
    let configuration: RunConfiguration
    let soak: SoakOptions

    func run() throws(CLIError) {
        guard configuration.headless else { throw CLIError("--soak needs --headless") }
        guard let entry = SceneCatalog.entry(named: configuration.sceneName) else {
            throw CLIError("unknown scene \"\(configuration.sceneName)\"")
        }
        let options = HostOptions(size: configuration.size, hz: configuration.hz, title: "ScrollKit soak")
        let host: HeadlessHost
        do { host = try HeadlessHost(options: options) } catch { throw CLIError("cannot start SDL: \(error)") }
        let shell = try GalleryShell(
            initialScene: entry.name,
            context: SceneContext(size: configuration.size, hz: configuration.hz, headless: true,
                                  options: configuration.sceneOptions),
            displayLink: host.displayLink, stats: { [unowned host] in host.stats }, options: configuration.gallery)
        let driver = SoakDriver(shell: shell, options: soak, size: host.logicalSize,
                                items: configuration.sceneOptions.items, seed: configuration.sceneOptions.seed)
        let frames = soak.frameCount(hz: host.hz)
        let warmUp = min(FrameStats.sampleCapacity, frames / 2)
        let chunk = 1000
        let wall0 = FrameStats.processCPUTime()
        let clock0 = monotonicSeconds()
        var done = 0
        var rssWarm: Int?
        var rssMax = 0
        /// RSS at the end of warm-up and then at every tenth of the run, at the `--size` size.
        var series: [Int] = []
        let tenth = max(1, frames / 10)
        do {
            while done < frames && driver.failure == nil {
                let next = done < warmUp ? min(warmUp, done + chunk) : min(frames, done + chunk)
                try host.run(client: driver, maxFrames: next - done, beforeFrame: { [unowned host] tick in
                    driver.beforeFrame(tick, host: host)
                })
                let checkpoint = next == warmUp || (done >= warmUp && done / tenth != next / tenth) || next == frames
                done = next
                if checkpoint {
                    // Measure at the same window size each time (the framebuffer follows the size).
                    host.resize(to: configuration.size)
                }
                let rss = residentSetSize() ?? 0
                if checkpoint && done >= warmUp { series.append(rss) }
                if done == warmUp { rssWarm = rss }
                if done > warmUp { rssMax = max(rssMax, rss) }
            }
        } catch {
            throw CLIError("SDL failed during the soak: \(error)")
        }
        driver.finish()
        if let failure = driver.failure { throw CLIError(failure) }
        let rssEnd = residentSetSize() ?? 0
        if warmUp == 0 { rssWarm = rssEnd }
        let wall = monotonicSeconds() - clock0
        let cpu = FrameStats.processCPUTime() - wall0
        let c = driver.counts
        func mb(_ bytes: Int?) -> String { bytes.map { TraceFormat.number((Double($0) / 1_048_576 * 10).rounded() / 10) + " MB" } ?? "n/a" }
        print("soak: scene \(configuration.sceneName), \(frames) frames at \(TraceFormat.number(host.hz)) Hz "
              + "(\(TraceFormat.number(Double(frames) / host.hz)) s simulated), seed \(configuration.sceneOptions.seed), "
              + "items \(configuration.sceneOptions.items), drew \(c.framesDrawn) frames (1 in \(soak.drawEvery))")
        print("soak: wall \(TraceFormat.number((wall * 10).rounded() / 10)) s, CPU \(TraceFormat.number((cpu * 10).rounded() / 10)) s")
        print("soak: RSS after warm-up (frame \(warmUp)) \(mb(rssWarm)), at end \(mb(rssEnd)), largest after warm-up \(mb(max(rssMax, rssEnd)))")
        print("soak: RSS at the --size size after warm-up, then every tenth of the run: "
              + series.map { mb($0) }.joined(separator: ", "))
        print("soak: \(c.drags) drags, \(c.wheelBursts) wheel bursts, \(c.keys) keys, \(c.scrollTos) scroll-tos, "
              + "\(c.resizes) resizes, \(c.countChanges) count changes, \(c.pauses) pauses; "
              + "completions \(c.completionsIssued) issued, \(c.completionsFired) fired once each")
        print("soak: OK, every invariant held")
    }

    private func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
