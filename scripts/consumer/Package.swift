// swift-tools-version: 6.1
// A user's package that depends on ScrollKit by path, as an app would by URL: `scripts/check-consumer.sh`
// builds it from scratch and fails on any warning, then runs it. It runs ScrollKit inside its own SDL
// loop (the README's `SDLBridge` example), so it also checks that the `CSDL2` product works.
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
                .product(name: "CSDL2", package: "ScrollKit"),
            ]
        ),
    ]
)
