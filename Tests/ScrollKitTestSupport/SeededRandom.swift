/// A small deterministic generator for reproducible pseudo-random probes in tests: SplitMix64
/// (Steele, Lea and Flood, 2014), a published algorithm whose outputs are fixed for a seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<n` (0 when `n` ≤ 1).
    public mutating func int(below n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    /// A number in `range`, from the top 53 bits.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
