// SoakRun: a soak on a headless host and its report; residentSetSize, the process's memory from /proc.

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
              + "\(c.resizes) resizes, \(c.countChanges) count changes, \(c.zooms) zooms, \(c.pauses) pauses; "
              + "completions \(c.completionsIssued) issued, \(c.completionsFired) fired once each")
        print("soak: OK, every invariant held")
    }

    private func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
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
