// BidiParagraph: the Unicode bidirectional algorithm (UAX #9) on one paragraph, through FriBidi: embedding levels,
// the paragraph's direction, and a line's visual order (rules L1 and L2).

import CFriBidi

/// One paragraph's bidirectional analysis (UAX #9 through FriBidi): its direction and every Unicode
/// scalar's embedding level (even: left to right, odd: right to left), from which a line's visual order
/// follows (``visualOrder(of:)``).
///
/// ``TextLayout`` uses it for each paragraph: lines are broken in logical order, then each line is
/// reordered. Text that is all left to right has every level 0 and is never reordered.
///
/// Complexity: O(n) for the levels (one FriBidi call); O(n · levels) for a line's order.
///
/// ## Bad input
/// The empty paragraph has no levels and takes `direction` (left to right when nil). Scalars FriBidi
/// cannot handle (there are none: every scalar has a bidi class) would be level 0.
public struct BidiParagraph: Sendable, Hashable {
    /// The paragraph's direction: as given, or from its first strong character (rules P2, P3; left to
    /// right when it has none).
    public let direction: ReadingDirection
    /// Every scalar's resolved embedding level (rules up to I2; explicit formatting characters, which
    /// UAX #9 removes, take their neighbour's level, as FriBidi gives them).
    public let levels: [UInt8]
    /// Every scalar's bidi class as FriBidi codes it (`FriBidiCharType`), for rule L1.
    let types: [UInt32]

    /// Analyses `scalars` as one paragraph, with the direction set, or taken from the first strong
    /// character when `direction` is nil.
    public init(_ scalars: [Unicode.Scalar], direction: ReadingDirection? = nil) {
        let n = scalars.count
        guard n > 0 else {
            self.direction = direction ?? .leftToRight; levels = []; types = []; return
        }
        let chars = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var base: FriBidiParType = switch direction {
        case .leftToRight: Self.parLTR
        case .rightToLeft: Self.parRTL
        case nil: Self.parON
        }
        chars.withUnsafeBufferPointer { c in
            fribidi_get_bidi_types(c.baseAddress, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(c.baseAddress, FriBidiStrIndex(n), types, &brackets)
        }
        let ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &levels)
        if ok == 0 { levels = [FriBidiLevel](repeating: direction == .rightToLeft ? 1 : 0, count: n) }
        self.direction = ok == 0 ? (direction ?? .leftToRight) : (base.rawValue & 1 == 1 ? .rightToLeft : .leftToRight)
        self.levels = levels.map { UInt8(bitPattern: $0) }
        self.types = types.map { UInt32($0.rawValue) }
    }

    /// The paragraph's own level: 0 left to right, 1 right to left.
    public var baseLevel: UInt8 { direction == .rightToLeft ? 1 : 0 }

    /// The levels of the scalars of one line, `range`, after rule L1: segment and paragraph separators,
    /// and whitespace and isolate marks before them or at the line's end, go back to the paragraph's level.
    public func lineLevels(_ range: Range<Int>) -> [UInt8] {
        let lower = max(0, min(range.lowerBound, levels.count)), upper = max(lower, min(range.upperBound, levels.count))
        var out = Array(levels[lower..<upper])
        var trailing = true   // within whitespace that runs to the line's end or to a separator
        for i in stride(from: upper - 1, through: lower, by: -1) {
            let t = types[i]
            if t & (Self.maskBS | Self.maskSS) != 0 {
                out[i - lower] = baseLevel; trailing = true
            } else if t & (Self.maskWS | Self.maskIsolate | Self.maskBN | Self.maskExplicit) != 0 {
                if trailing { out[i - lower] = baseLevel }
            } else {
                trailing = false
            }
        }
        return out
    }

    /// The visual order of items with these levels (rule L2): from the highest level down to the lowest
    /// odd one, every maximal run at that level or higher is reversed. `order[k]` is the logical index of
    /// the k-th item from the left.
    public static func visualOrder(of levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        reorder(&order, levels: levels)
        return order
    }

    /// ``visualOrder(of:)`` into an existing array of logical indices (no allocation).
    static func reorder(_ order: inout [Int], levels: [UInt8]) {
        guard let highest = levels.max() else { return }
        var lowestOdd = UInt8.max
        for l in levels where l & 1 == 1 { lowestOdd = min(lowestOdd, l) }
        guard lowestOdd != .max else { return }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
    }

    /// Whether `scalar` separates paragraphs for the bidi algorithm (class B: LF, CR, U+001C–U+001E,
    /// U+0085, U+2029).
    public static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: true
        default: false
        }
    }

    /// Whether the text has anything that is not left to right (strong R or AL, or an explicit
    /// right-to-left mark, embedding, override or isolate), so layouts can skip the analysis for it.
    static func needsAnalysis(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x0590 { return false }
        if v >= 0x0590 && v <= 0x08FF { return true }                // Hebrew, Arabic, Syriac, Thaana, NKo…
        if v >= 0xFB1D && v <= 0xFDFF || v >= 0xFE70 && v <= 0xFEFF { return true }   // presentation forms
        if v >= 0x10800 && v <= 0x10FFF || v >= 0x1E800 && v <= 0x1EFFF { return true }
        switch v {
        case 0x200F, 0x202B, 0x202E, 0x2067, 0x2068, 0x061C: return true
        default: return false
        }
    }

    // FriBidi's constants (its macros combine masks, which Swift does not import).
    static let maskRTL: UInt32 = 0x1
    static let maskBN: UInt32 = 0x0010_0000
    static let maskBS: UInt32 = 0x0020_0000
    static let maskSS: UInt32 = 0x0040_0000
    static let maskWS: UInt32 = 0x0080_0000
    static let maskExplicit: UInt32 = 0x1000
    static let maskIsolate: UInt32 = 0x8000
    static let parLTR = FriBidiParType(rawValue: 0x110)   // FRIBIDI_PAR_LTR: strong | letter
    static let parRTL = FriBidiParType(rawValue: 0x111)   // FRIBIDI_PAR_RTL: strong | letter | rtl
    static let parON = FriBidiParType(rawValue: 0x40)     // FRIBIDI_PAR_ON: neutral (auto)
}
