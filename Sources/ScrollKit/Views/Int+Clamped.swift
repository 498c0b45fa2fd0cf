// Int.clamped: the one conversion of a floating-point number from outside (an assistive technology's value, a
// script's number) into an index or a count. `Int(someDouble)` traps on NaN, ±inf and anything past ±9.2e18.

extension Int {
    /// `value` rounded to the nearest integer (halves away from zero), then clamped into `range`; never traps.
    ///
    /// - NaN gives `nan` (clamped into `range` too); `0` unless told.
    /// - +inf, and any value at or past `Int.max` (9.2e18, 1e300), gives `range.upperBound`; −inf and any value
    ///   at or below `Int.min` gives `range.lowerBound`.
    ///
    /// Use it wherever a `Double` or `Float` from outside becomes an `Int`: `Int(value)` traps on each of those.
    public static func clamped<F: BinaryFloatingPoint>(_ value: F, to range: ClosedRange<Int> = Int.min...Int.max,
                                                       nan: Int = 0) -> Int {
        guard !value.isNaN else { return Swift.min(Swift.max(nan, range.lowerBound), range.upperBound) }
        let r = Double(value).rounded()
        // 2^63 is exact in a Double; every Double below it and at or above −2^63 converts without a trap.
        let whole: Int
        if r >= 9_223_372_036_854_775_808.0 { whole = .max }
        else if r < -9_223_372_036_854_775_808.0 { whole = .min }
        else { whole = Int(exactly: r) ?? 0 }
        return Swift.min(Swift.max(whole, range.lowerBound), range.upperBound)
    }
}
