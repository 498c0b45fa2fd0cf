// swift-tools-version: 6.1
// The benchmarks live in their own package so that `swift build` / `make test` on the root package
// never resolves or builds ordo-one/benchmark. Run them with `make bench` (or scripts/bench.sh).
import PackageDescription

// pkg-config for SDL on Linux adds a flag SwiftPM refuses with a warning (see the root manifest): the module
// map links SDL2 by name there.
#if os(Linux)
let sdl2PkgConfig: String? = nil
#else
let sdl2PkgConfig: String? = "sdl2"
#endif

let package = Package(
    name: "ScrollKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ScrollKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // Its allocation counter, used directly by bench-probe (already a dependency of benchmark).
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        // What the benchmarks drive: a list on a virtual clock, in legs of steady motion.
        .target(
            name: "BenchSupport",
            dependencies: [
                .product(name: "ScrollKit", package: "ScrollKit"),
                .product(name: "Motion", package: "ScrollKit"),
            ],
            path: "Support/BenchSupport"
        ),
        // The probes' shared clock, percentiles and malloc-interposer check.
        .target(
            name: "ProbeSupport",
            dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")],
            path: "Support/ProbeSupport"
        ),
        // Full frames single-threaded: p50/p99 per scene, mallocs per frame, instructions under callgrind.
        .executableTarget(
            name: "scene-probe",
            dependencies: [
                "ProbeSupport",
                .product(name: "ScrollKitGallery", package: "ScrollKit"),
                .product(name: "ScrollKit", package: "ScrollKit"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Tools/SceneProbe"
        ),
        // Big pastes into the contacts search field and into a text area (issue 41): the paste frame, the frames after, the round trip, memory.
        .executableTarget(
            name: "text-probe",
            dependencies: [
                "ProbeSupport",
                .product(name: "ScrollKitGallery", package: "ScrollKit"),
                .product(name: "ScrollKit", package: "ScrollKit"),
                .product(name: "ScrollKitSDL", package: "ScrollKit"),
                .product(name: "ScrollKitTesting", package: "ScrollKit"),
            ],
            path: "Tools/TextProbe"
        ),
        // Frames while 50 images decode off the main thread, and the steady draw path after (mallocs per frame).
        .executableTarget(
            name: "image-probe",
            dependencies: [
                "ProbeSupport",
                .product(name: "ScrollKitSDL", package: "ScrollKit"),
                .product(name: "ScrollKit", package: "ScrollKit"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Tools/ImageProbe"
        ),
        // SDL2's C API for gpu-probe alone (ScrollKit exports no C module).
        .systemLibrary(
            name: "CSDL2Probe",
            path: "Support/CSDL2Probe",
            pkgConfig: sdl2PkgConfig,
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        // Whether a cached texture would help a GPU renderer (issue 18): what a frame that only moves the
        // last frame's pixels costs through SDL's accelerated renderer (two full-window texture copies and
        // the present), against the present alone. Needs a display with an accelerated renderer.
        .executableTarget(
            name: "gpu-probe",
            dependencies: [
                "ProbeSupport",
                "CSDL2Probe",
            ],
            path: "Tools/GPUProbe"
        ),
        // Checks the drivers single-threaded: mallocs per frame (with the interposer preloaded) and,
        // under valgrind --tool=callgrind, instructions per frame.
        .executableTarget(
            name: "bench-probe",
            dependencies: [
                "ProbeSupport",
                "BenchSupport",
                .product(name: "ScrollKit", package: "ScrollKit"),
                .product(name: "Motion", package: "ScrollKit"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Tools/BenchProbe"
        ),
        // The plugin finds benchmark executables by their folder: Benchmarks/<Name>/.
        .executableTarget(
            name: "ScrollKitBenchmarks",
            dependencies: [
                "BenchSupport",
                .product(name: "ScrollKitGallery", package: "ScrollKit"),
                .product(name: "ScrollKitSDL", package: "ScrollKit"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ScrollKit", package: "ScrollKit"),
                .product(name: "Motion", package: "ScrollKit"),
            ],
            path: "ScrollKitBenchmarks",

            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
