import Benchmark
import Foundation
import ScrollKitGallery
import BenchSupport
import Motion
import ScrollKit

// ScrollKit's benchmarks: the core frame (scroll-view step + list layout + visible-cell diff, no
// drawing) at 10^2 ... 10^7 items, the full headless frame of the demo's scenes (core + drawing into
// the software renderer, 800x600: list at 10^2 ... 10^7 rows, paging, picker, sprites at 60 and
// 10,000, curves), timing curves and simulations, allocations per frame and peak memory.
//
// Frame benchmarks measure ONE frame per sample (`wallClock` is the frame's cost, `mallocCountTotal`
// its allocations). Motion benchmarks evaluate 1,000 points per sample (`scalingFactor: .kilo`):
// run with `--scale` to read the figures per evaluation.

/// The item counts of the core-frame benchmarks.
let frameCounts = [100, 10_000, 1_000_000, 10_000_000]

/// "10^4" for 10_000 (exact powers of ten only, else the number itself).
func powerName(_ n: Int) -> String {
    var k = 0, m = n
    while m >= 10 && m % 10 == 0 { m /= 10; k += 1 }
    return m == 1 ? "10^\(k)" : "\(n)"
}

let frameMetrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]

/// Samples and duration for the frame benchmarks: a frame costs well under a microsecond, so the
/// iteration cap is what ends a run (10,000 frames ≈ 80 legs of scroll-to, 35 flings).
func frameConfiguration() -> Benchmark.Configuration {
    .init(metrics: frameMetrics,
          timeUnits: .nanoseconds,
          warmupIterations: 200,
          scalingFactor: .one,
          maxDuration: .seconds(3),
          maxIterations: 10_000)
}

func registerFrameBenchmarks() {
    // The floor: the same hop and measurement calls with nothing in between.
    Benchmark("Frame overhead (empty measurement)", configuration: frameConfiguration()) { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            benchmark.startMeasurement()
            benchmark.stopMeasurement()
        }
    }
    var cases: [(count: Int, variable: Bool)] = frameCounts.map { ($0, false) }
    cases.append((1_000_000, true))
    for motion in [ListDriver.Motion.scrollTo, .fling] {
        for (count, variable) in cases {
            let name = "Frame \(motion.rawValue) \(variable ? "variable" : "fixed") N=\(powerName(count))"
            // Built on the first sample (inside the benchmark's own process), reused after that.
            Benchmark(name, configuration: frameConfiguration()) { benchmark in
                // The views are main-actor bound and the runner calls benchmarks off the main
                // thread: hop to the main actor first, measure only the frame itself.
                nonisolated(unsafe) let benchmark = benchmark
                await MainActor.run {
                    // Built on the first sample (in the benchmark's own process), reused after that.
                    let d = FrameDrivers.shared.driver(name) {
                        ListDriver(count: count, variable: variable, motion: motion)
                    }
                    d.prepare()
                    benchmark.startMeasurement()
                    d.frame()
                    benchmark.stopMeasurement()
                }
            }
        }
    }
}

/// Peak memory (and time) of a whole list: creating it, its first frame (variable sizes: reading
/// every size, building the prefix sums) and 600 frames of flinging. Memory is kept out of the frame
/// benchmarks because sampling it allocates inside the measured region.
func registerMemoryBenchmarks() {
    for (count, variable) in [(10_000_000, false), (1_000_000, true), (10_000_000, true)] {
        let name = "List setup + 600 frames \(variable ? "variable" : "fixed") N=\(powerName(count))"
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
            timeUnits: .microseconds, warmupIterations: 0, scalingFactor: .one,
            maxDuration: .seconds(10), maxIterations: 5)
        Benchmark(name, configuration: configuration) { _ in
            await MainActor.run {
                let d = ListDriver(count: count, variable: variable, motion: .fling)
                for _ in 0..<600 {
                    d.prepare()
                    d.frame()
                }
                blackHole(d.source.checksum)
            }
        }
    }
}

/// The drivers built so far, by benchmark name.
@MainActor
final class FrameDrivers {
    static let shared = FrameDrivers()
    private var drivers: [String: ListDriver] = [:]

    func driver(_ name: String, make: () -> ListDriver) -> ListDriver {
        if let d = drivers[name] { return d }
        let d = make()
        drivers[name] = d
        return d
    }
}

// MARK: - Full frames (core + drawing into the software renderer)

/// The full-frame benchmarks: (name, scene, motion, list items, sprites, threads for disc batches —
/// 0 = the canvas's default, two on a machine with two cores). One frame per sample.
let sceneCases: [(name: String, scene: String, motion: SceneBench.Motion, items: Int, sprites: Int, threads: Int)] =
    frameCounts.map { n in ("Scene list scroll-to N=\(powerName(n))", "list", .scrollTo, n, 60, 0) } + [
        ("Scene list fling N=10^3", "list", .fling, 1000, 60, 0),
        ("Scene paging scroll-to", "paging", .scrollTo, 1000, 60, 0),
        ("Scene paging fling", "paging", .fling, 1000, 60, 0),
        ("Scene picker scroll-to", "picker", .scrollTo, 1000, 60, 0),
        ("Scene sprites 60", "sprites", .none, 1000, 60, 0),
        ("Scene sprites 10^4", "sprites", .none, 1000, 10_000, 0),
        ("Scene sprites 10^4 one thread", "sprites", .none, 1000, 10_000, 1),
        ("Scene curves scroll-to", "curves", .scrollTo, 1000, 60, 0),
    ]

/// Full frames cost 0.1-10 ms: a time cap ends the heavier ones.
func sceneConfiguration() -> Benchmark.Configuration {
    .init(metrics: frameMetrics,
          timeUnits: .microseconds,
          warmupIterations: 60,
          scalingFactor: .one,
          maxDuration: .seconds(3),
          maxIterations: 1_200)
}

func registerSceneBenchmarks() {
    for c in sceneCases {
        Benchmark(c.name, configuration: sceneConfiguration()) { benchmark in
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                // Built on the first sample (in the benchmark's own process), reused after that.
                guard let d = SceneDrivers.shared.driver(c.name, make: {
                    let d = try SceneBench(scene: c.scene, motion: c.motion, items: c.items, sprites: c.sprites)
                    if c.threads > 0 { d.host.canvas.rasterThreads = c.threads }
                    return d
                }) else { return }
                d.prepare()
                benchmark.startMeasurement()
                d.frame()
                benchmark.stopMeasurement()
            }
        }
    }
    // Peak memory of the list scene with 10^7 fixed-size rows: the scene, its first frame, 600 frames.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .milliseconds, warmupIterations: 0, scalingFactor: .one,
        maxDuration: .seconds(10), maxIterations: 3)
    Benchmark("Scene list setup + 600 frames N=10^7", configuration: configuration) { _ in
        await MainActor.run {
            guard let d = try? SceneBench(scene: "list", motion: .scrollTo, items: 10_000_000) else { return }
            for _ in 0..<600 {
                d.prepare()
                d.frame()
            }
            blackHole(d.frames)
        }
    }
}

/// The scene drivers built so far, by benchmark name.
@MainActor
final class SceneDrivers {
    static let shared = SceneDrivers()
    private var drivers: [String: SceneBench] = [:]

    func driver(_ name: String, make: () throws -> SceneBench) -> SceneBench? {
        if let d = drivers[name] { return d }
        guard let d = try? make() else { return nil }
        drivers[name] = d
        return d
    }
}

// MARK: - Motion

/// 1,000 evaluations per sample: read with `--scale` for the cost of one.
func motionConfiguration() -> Benchmark.Configuration {
  .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 10,
    scalingFactor: .kilo,
    maxDuration: .milliseconds(300),
    maxIterations: 2_000)
}

/// Progress values spread over 0...1 without hitting the exact ends (which return early).
let progresses: [Double] = (0..<1000).map { (Double($0) + 0.5) / 1000 }
/// Times 0...3 s (simulations settle within that).
let times: [Double] = (0..<1000).map { Double($0) * 0.003 }

func registerMotionBenchmarks() {
    let curves = TimingCurve.allNamed + [.spring(dampingRatio: 0.6, response: 0.4), .cubicBezier(0.2, 0.9, 0.1, 1)]
    for curve in curves {
        Benchmark("Curve \(curve.name)", configuration: motionConfiguration()) { benchmark in
            var sum = 0.0
            for p in progresses { sum += curve.value(at: p) }
            blackHole(sum)
        }
    }

    func simulation(_ name: String, _ sim: some Simulation) {
        Benchmark("Simulation \(name)", configuration: motionConfiguration()) { benchmark in
            var sum = 0.0
            var done = 0
            for t in times {
                sum += sim.position(at: t) + sim.velocity(at: t)
                if sim.isDone(at: t) { done += 1 }
            }
            blackHole(sum)
            blackHole(done)
        }
    }
    simulation("decay (normal)", DecaySimulation(position: 0, velocity: 2500, rate: .normal))
    simulation("decay (fast)", DecaySimulation(position: 0, velocity: 2500, rate: .fast))
    simulation("spring bounce (critical)", SpringSimulation(spring: .bounce, position: 0, velocity: 1500, target: 0))
    simulation("spring under-damped", SpringSimulation(spring: SpringDescription(dampingRatio: 0.5, response: 0.4),
                                                        position: 0, velocity: 0, target: 300))
    simulation("spring over-damped", SpringSimulation(spring: SpringDescription(dampingRatio: 2, response: 0.4),
                                                       position: 0, velocity: 0, target: 300))
    simulation("timed 2 s easeInOut", TimedSimulation(from: 0, to: 3800, duration: 2, curve: .easeInOut))
    simulation("timed 2 s easeOutCubic", TimedSimulation(from: 0, to: 3800, duration: 2, curve: .easeOutCubic))
    if let through = DecaySimulation.through(position: 0, velocity: 2500, target: 1100) {
        simulation("landing (decay through)", through)
    }
    // The same, through the type-erased `any Simulation` the scroll view holds.
    let landing: any Simulation = landingSimulation(position: 0, velocity: 2500, target: 1100)
    simulation("landing (any Simulation)", landing)
    simulation("landing (spring fallback)", landingSimulation(position: 0, velocity: 3000, target: 150))

    // Planning a landing: what a release costs (once per fling, not per frame).
    Benchmark("Landing plan (rest point + landingSimulation)", configuration: motionConfiguration()) { benchmark in
        var sum = 0.0
        for (i, t) in times.enumerated() {
            let v = 500 + Double(i) * 3
            let rest = DecaySimulation.restPosition(position: t, velocity: v)
            let sim = landingSimulation(position: t, velocity: v, target: (rest / 44).rounded() * 44)
            sum += sim.position(at: 0.1)
        }
        blackHole(sum)
    }
}

let benchmarks: @Sendable () -> Void = {
    registerFrameBenchmarks()
    registerSceneBenchmarks()
    registerMotionBenchmarks()
    registerMemoryBenchmarks()
    registerTextBenchmarks()
    registerLayoutBenchmarks()
}
