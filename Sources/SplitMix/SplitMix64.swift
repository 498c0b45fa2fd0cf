// SplitMix64: the one seeded pseudo-random generator of the package — the gallery's sprites and soak runs
// (`--seed`) and every seeded test draw from it. Not part of the ScrollKit library products.

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, seedable generator with a fixed, published
/// algorithm, so a seed gives the same numbers on every platform and Swift version (unlike
/// `SystemRandomNumberGenerator`, and unlike `Double.random(in:using:)`, whose mapping is not specified).
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let die = 1 + rng.int(below: 6)
/// let x = rng.uniform(-1...1)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state: a generator made with `SplitMix64(seed: state)` continues this one's
    /// sequence exactly.
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<n` (0 when `n` ≤ 1), by the remainder of the next output.
    public mutating func int(below n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// A Double in `0..<1` from the top 53 bits of the next output.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A Double in `range` (the upper bound itself is never returned, except for an empty range).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// The first output of a generator seeded with `a` mixed with `b`: a hash of two numbers, for deriving
    /// independent seeds (one per sprite, one per soak run) from one.
    public static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var g = SplitMix64(seed: a ^ (b &* 0xD1B5_4A32_D192_ED03))
        return g.next()
    }
}
