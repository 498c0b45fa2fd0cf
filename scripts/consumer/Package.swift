// swift-tools-version: 6.1
// A user's package that depends on ScrollKit by path, as an app would by URL: `scripts/check-consumer.sh`
// builds it from scratch and fails on any warning, checks that it resolved none of the packages only the
// gallery, the benchmarks or the tests need, then runs it. It runs ScrollKit inside its own loop (the README's
// `SDLBridge` example) with no C module imported: SDL stays inside ScrollKitSDL. Its test target tests a small app of
// its own (Market) with ScrollKitTesting only, as the README's "Testing your app" shows; the script runs it.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(name: "ScrollKit", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "ScrollKitSDL", package: "ScrollKit"),
            ]
        ),
        // A user's app as a library, and its tests on ScrollKitTesting (the README's "Testing your app").
        .target(name: "Market", dependencies: [.product(name: "ScrollKit", package: "ScrollKit")]),
        .testTarget(
            name: "MarketTests",
            dependencies: ["Market", .product(name: "ScrollKitTesting", package: "ScrollKit")]
        ),
    ]
)
