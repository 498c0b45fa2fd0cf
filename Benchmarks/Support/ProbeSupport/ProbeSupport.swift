#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MallocInterposerSwift

// What every probe (scene-probe, image-probe, bench-probe) measures with: a monotonic clock, percentiles,
// and whether the malloc interposer is preloaded.

/// Milliseconds on CLOCK_MONOTONIC.
@inline(__always) public func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// The calling thread's CPU time, milliseconds (CLOCK_THREAD_CPUTIME_ID): what a frame cost on its
/// thread, without the time it waited for a core on a loaded machine.
@inline(__always) public func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// The process's CPU time, milliseconds (CLOCK_PROCESS_CPUTIME_ID): every thread's, a driver's own
/// worker threads included (Mesa's llvmpipe rasterizes on threads of its own).
@inline(__always) public func processCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// The `p` quantile (0...1) of sorted values, nearest rank; NaN when empty.
public func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

/// Hooks the interposer and says whether it counts: true when libMallocInterposerSwift.so is preloaded.
public func interposerActive() -> Bool {
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    let before = MallocInterposerSwift.getStatistics().mallocCount
    let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    probe.deallocate()
    return MallocInterposerSwift.getStatistics().mallocCount > before
}
