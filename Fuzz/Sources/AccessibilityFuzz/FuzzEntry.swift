import Foundation
import ScrollKitGallery

/// libFuzzer entry point for the accessibility bridge (`make fuzz FUZZ_TARGET=AccessibilityFuzz`).
///
/// The input's first byte picks a gallery scene, the rest drive random calls of the bridge's entry points (what
/// the C callbacks ask Swift) with hostile arguments, frames stepped between them (``AccessibilityFuzz``). A
/// trap, a hang or a broken invariant is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAccessibility(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    MainActor.assumeIsolated { AccessibilityFuzz.run(bytes: bytes) }
    return 0
}

/// libFuzzer's driver (from libclang_rt.fuzzer, linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// SwiftPM's entry point for the executable target: hand over to libFuzzer's driver (headless: no display).
@_cdecl("AccessibilityFuzz_main")
public func accessibilityFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzAccessibility)
}
