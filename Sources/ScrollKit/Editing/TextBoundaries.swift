// TextBoundaries: where a caret may stand in a text (grapheme-cluster boundaries, from Swift's Characters) and
// where words and sentences start and end (UAX #29, from ICU's break iterators), as Unicode scalar offsets.

import CICUBreak

/// The boundaries of a text that editing moves by, as Unicode scalar offsets (0 and the scalar count
/// included): grapheme clusters (Swift's `Character`s: UAX #29 extended grapheme clusters, so an emoji ZWJ
/// sequence, a flag or a letter with its marks is one) and words (UAX #29 word boundaries from ICU, with
/// its dictionaries for Thai, Lao, Khmer, Burmese and CJK).
struct TextBoundaries: Sendable, Hashable {
    /// The cluster boundaries, ascending, 0 and the scalar count included.
    private(set) var clusters: [Int]
    /// Made from `scalars`.
    init(_ scalars: [Unicode.Scalar]) {
        var bounds = [0]
        bounds.reserveCapacity(scalars.count + 1)
        Self.appendBoundaries(of: scalars, from: 0, to: scalars.count, into: &bounds)
        clusters = bounds
    }

    /// Appends the cluster boundaries of `scalars[start..<end]` segmented on its own (`start` a boundary), after
    /// `start`, `end` included. Between two ASCII scalars other than CR LF there is always a boundary (UAX #29:
    /// no ASCII scalar is Extend, SpacingMark, ZWJ, Prepend or a regional indicator), so ASCII text is split
    /// without Swift's `Character`s, about twenty times faster; every other stretch, up to the next such pair, is
    /// segmented by `Character`s as before.
    static func appendBoundaries(of scalars: [Unicode.Scalar], from start: Int, to end: Int, into out: inout [Int]) {
        guard start < end else { return }
        scalars.withUnsafeBufferPointer { s in
            @inline(__always) func plainPair(_ k: Int) -> Bool {
                let a = s[k].value, b = s[k + 1].value
                return a < 0x80 && b < 0x80 && !(a == 0x0D && b == 0x0A)
            }
            var i = start
            while i < end {
                if i + 1 < end, plainPair(i) { i += 1; out.append(i); continue }
                // Up to the next boundary that is sure: between the two scalars of a plain ASCII pair.
                var k = i + 1
                while k + 1 < end, !plainPair(k) { k += 1 }
                let stretchEnd = k + 1 < end ? k + 1 : end
                var offset = i
                for character in String(scalarsOf: s[i..<stretchEnd]) {
                    offset += character.unicodeScalars.count
                    out.append(offset)
                }
                i = stretchEnd
            }
        }
    }

    /// The scalar count.
    var count: Int { clusters.last ?? 0 }

    /// Brings the boundaries up to date after `range` (old scalar offsets) was replaced by `insertedCount`
    /// scalars, `scalars` being the new text: only the clusters around the edit are found again. A boundary
    /// depends on the text before it and the scalar after it, and the text after a boundary is segmented alike
    /// from there or from the start (UAX #29's rules look back only inside a cluster, and flags pair up from
    /// a boundary), so segmenting from the last boundary before the edit up to the first boundary past it
    /// that the old text had too is enough.
    /// Complexity: O(inserted scalars + a few clusters) to segment, plus a shift of the boundaries after.
    mutating func update(replacing range: Range<Int>, insertedCount: Int, in scalars: [Unicode.Scalar]) {
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        let delta = insertedCount - (upper - lower)
        let newCount = scalars.count
        guard newCount == count + delta else { self = TextBoundaries(scalars); return }
        var i0 = index(atOrBefore: lower)
        if clusters[i0] == lower && i0 > 0 { i0 -= 1 }   // the last boundary strictly before the edit
        let b0 = clusters[i0]
        let editEnd = lower + insertedCount
        var segmentEnd = min(newCount, editEnd + 64)
        while true {
            var segmented: [Int] = []
            Self.appendBoundaries(of: scalars, from: b0, to: segmentEnd, into: &segmented)
            var found: [Int] = []
            var join: Int? = nil   // the index in the old boundaries of the first boundary both texts have past the edit
            for offset in segmented {
                if offset == segmentEnd && segmentEnd < newCount { break }   // the segment's end, not the text's
                found.append(offset)
                if offset >= editEnd, offset - delta <= count {
                    let j = index(atOrBefore: offset - delta)
                    if clusters[j] == offset - delta { join = j; break }
                }
            }
            if let join {
                clusters.replaceSubrange((i0 + 1)..<(join + 1), with: found)
                if delta != 0 { for k in (i0 + 1 + found.count)..<clusters.count { clusters[k] += delta } }
                return
            }
            if segmentEnd == newCount {
                clusters.replaceSubrange((i0 + 1)..<clusters.count, with: found)
                if clusters.last != newCount { self = TextBoundaries(scalars) }
                return
            }
            segmentEnd = min(newCount, b0 + 2 * (segmentEnd - b0))
        }
    }

    /// The cluster boundary at or before `offset` (clamped).
    func boundary(atOrBefore offset: Int) -> Int {
        let i = index(atOrBefore: offset)
        return clusters[i]
    }

    /// The index in ``clusters`` of the boundary at or before `offset`.
    func index(atOrBefore offset: Int) -> Int {
        var lo = 0, hi = clusters.count - 1
        if offset >= clusters[hi] { return hi }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if clusters[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The cluster boundary after `offset` (the count at the end).
    func next(after offset: Int) -> Int {
        let i = index(atOrBefore: offset)
        return clusters[min(i + 1, clusters.count - 1)]
    }

    /// The cluster boundary before `offset` (0 at the start).
    func previous(before offset: Int) -> Int {
        let i = index(atOrBefore: offset)
        if clusters[i] < offset { return clusters[i] }
        return clusters[max(i - 1, 0)]
    }

    /// The word segments of `scalars` (UAX #29): each boundary (0 and the count included) and whether the
    /// segment ending there is a word (letters, numbers, kana, ideographs) rather than spaces or punctuation.
    static func words(_ scalars: [Unicode.Scalar]) -> [(offset: Int, endsWord: Bool)] {
        guard !scalars.isEmpty else { return [(0, false)] }
        var utf16: [UInt16] = []
        var scalarAt: [Int] = []   // the scalar offset of each UTF-16 unit (and of the end)
        utf16.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            for unit in String(s).utf16 { utf16.append(unit); scalarAt.append(i) }
        }
        scalarAt.append(scalars.count)
        let capacity = utf16.count + 2
        var out = [Int32](repeating: 0, count: capacity)
        var isWord = [UInt8](repeating: 0, count: capacity)
        let n = Int(sk_word_boundaries(utf16, Int32(utf16.count), &out, &isWord, Int32(capacity)))
        guard n > 0 else {
            // No ICU: one word per run of letters and numbers.
            var result: [(Int, Bool)] = [(0, false)]
            var i = 0
            while i < scalars.count {
                let word = isWordScalar(scalars[i])
                var j = i + 1
                while j < scalars.count, isWordScalar(scalars[j]) == word { j += 1 }
                result.append((j, word))
                i = j
            }
            return result
        }
        var result: [(offset: Int, endsWord: Bool)] = []
        for k in 0..<n {
            let unit = min(max(Int(out[k]), 0), utf16.count)
            let offset = scalarAt[unit]
            if let last = result.last, last.offset == offset { continue }
            result.append((offset, isWord[k] != 0))
        }
        if result.last?.offset != scalars.count { result.append((scalars.count, false)) }
        return result
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.numericType != nil
    }

    /// The sentence boundaries of `scalars` (UAX #29 sentence rules, from ICU), 0 and the count included;
    /// without ICU, the text is one sentence.
    static func sentences(_ scalars: [Unicode.Scalar]) -> [Int] {
        guard !scalars.isEmpty else { return [0] }
        var utf16: [UInt16] = []
        var scalarAt: [Int] = []
        for (i, s) in scalars.enumerated() {
            for unit in String(s).utf16 { utf16.append(unit); scalarAt.append(i) }
        }
        scalarAt.append(scalars.count)
        let capacity = utf16.count + 2
        var out = [Int32](repeating: 0, count: capacity)
        let n = Int(sk_sentence_boundaries(utf16, Int32(utf16.count), &out, Int32(capacity)))
        guard n > 0 else { return [0, scalars.count] }
        var result: [Int] = []
        for k in 0..<n {
            let offset = scalarAt[min(max(Int(out[k]), 0), utf16.count)]
            if result.last != offset { result.append(offset) }
        }
        if result.last != scalars.count { result.append(scalars.count) }
        return result
    }
}
