// swift-tools-version: 6.1
// The libFuzzer targets: `make fuzz` (FUZZ_SECONDS=60 by default) builds and runs them: the script parser
// (ScriptParserFuzz) and the accessibility bridge's entry points against the gallery's scenes (AccessibilityFuzz);
// FUZZ_TARGET=one of them runs only it.
//
// It depends on the root package and fuzzes the gallery's own `Script.parse`, so the fuzzer checks
// the very code `scrollkit-demo` runs.
// Build: swift build --package-path Fuzz --scratch-path .build-fuzz -c release \
//          -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "ScrollKitFuzz",
    dependencies: [
        .package(name: "ScrollKit", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ScriptParserFuzz",
            dependencies: [.product(name: "ScrollKitGallery", package: "ScrollKit")]
        ),
        .executableTarget(
            name: "AccessibilityFuzz",
            dependencies: [.product(name: "ScrollKitGallery", package: "ScrollKit")]
        ),
    ]
)
