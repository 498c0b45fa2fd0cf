import ScrollKitGallery

/// libFuzzer entry point for the script parser (`make fuzz`).
///
/// Each input is handed to `Script.parse` as it is: the parser must return a script or throw a
/// `ScriptError` for every byte string, never trap, hang or grow without bound. On success the
/// script's invariants are checked too: times finite, in range and non-decreasing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScriptParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    do {
        let script = try Script.parse(bytes, curves: .standard)
        var previous = 0.0
        for event in script.events {
            precondition(event.t.isFinite && event.t >= previous && event.t <= Script.Limits.maxTime,
                         "event time \(event.t) out of order or range")
            previous = event.t
        }
    } catch {
        // A clean error must be one line.
        precondition(!error.description.contains("\n"), "multi-line error: \(error.description)")
    }
    return 0
}

/// libFuzzer's driver (from libclang_rt.fuzzer, linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// SwiftPM links an executable target's entry point under this name (and points `main` at it), so
/// the process starts here rather than in libFuzzer's own `main`: hand over to libFuzzer's driver.
@_cdecl("ScriptParserFuzz_main")
public func scriptParserFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzScriptParser)
}
