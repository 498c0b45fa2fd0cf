// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ScrollKit",
    products: [
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "ScrollKit", targets: ["ScrollKit"]),
        .library(name: "ScrollKitSDL", targets: ["ScrollKitSDL"]),
        .executable(name: "scrollkit-demo", targets: ["ScrollKitDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // System libraries: SDL2 and its two approved companions.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]
        ),
        .systemLibrary(
            name: "CSDL2_ttf",
            pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"]), .brew(["sdl2_ttf"])]
        ),
        .systemLibrary(
            name: "CSDL2_image",
            pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"]), .brew(["sdl2_image"])]
        ),

        // Pure layers: no SDL, no clock.
        .target(name: "Motion"),
        .target(name: "ScrollKit", dependencies: ["Motion"]),

        // The platform.
        .target(
            name: "ScrollKitSDL",
            dependencies: ["ScrollKit", "Motion", "CSDL2", "CSDL2_ttf", "CSDL2_image"],
            resources: [.copy("Resources")]
        ),

        // The demo gallery and CLI.
        .executableTarget(
            name: "ScrollKitDemo",
            dependencies: [
                "ScrollKitSDL", "ScrollKit", "Motion",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources")]
        ),

        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ScrollKitTests", dependencies: ["ScrollKit", "Motion"]),
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "ScrollKit", "Motion",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ScrollKitSDLTests",
            dependencies: ["ScrollKitSDL", "ScrollKit", "Motion"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "ScrollKitDemoTests",
            dependencies: ["ScrollKitDemo", "ScrollKitSDL"],
            exclude: ["Golden"]
        ),
    ]
)
