// The seeded generator of these tests: SplitMix64, as the package's one generator (the `SplitMix` target of
// the tests work, when merged, replaces this file: same name, same outputs).

/// SplitMix64 (Steele, Lea and Flood, 2014): a fixed, published algorithm, so a seed gives the same numbers
/// everywhere.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private(set) var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<n` (0 when `n` ≤ 1).
    mutating func int(below n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// A Double in `0..<1` from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A Double in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }
}
