// swift-tools-version: 6.1
// The script parser's libFuzzer target: `make fuzz` (FUZZ_SECONDS=60 by default) builds and runs it.
//
// No dependency on the root package: Sources/Motion and Sources/ScrollKit are symlinks to the real
// targets, and Sources/ScriptParserFuzz holds symlinks to the demo's JSON.swift, Script.swift and
// CLIError.swift plus the entry point, so the fuzzer checks the very code the demo runs.
// Build: swift build --package-path Fuzz --scratch-path .build-fuzz -c release \
//          -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
import PackageDescription

let package = Package(
    name: "ScrollKitFuzz",
    targets: [
        .target(name: "Motion"),
        .target(name: "ScrollKit", dependencies: ["Motion"]),
        .executableTarget(name: "ScriptParserFuzz", dependencies: ["Motion", "ScrollKit"]),
    ]
)
