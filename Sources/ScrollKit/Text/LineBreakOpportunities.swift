// Line-break opportunities for TextLayout: UAX #14 from libunibreak, and word breaks from ICU's dictionaries
// inside the scripts written without spaces (Thai, Lao, Khmer, Burmese).

import CICUBreak
import CUnibreak

/// Line-break rules are initialised once per process (libunibreak 1.x needs it; later versions ignore it).
private let unibreakInitialised: Bool = {
    init_linebreak()
    return true
}()

enum LineBreakOpportunities {
    /// Every UTF-8 byte's break rule: LINEBREAK_MUSTBREAK, _ALLOWBREAK, _NOBREAK or _INSIDEACHAR after it.
    /// libunibreak (UAX #14) for everything; inside runs of Thai, Lao, Khmer or Burmese (class SA, which
    /// UAX #14 leaves to a dictionary and libunibreak treats as letters) ICU's dictionary breaks between words.
    static func of(_ text: String) -> [Int8] {
        _ = unibreakInitialised
        let original = text
        var text = text
        let count = text.utf8.count
        guard count > 0 else { return [] }
        // libunibreak 1.1 (Debian 12) asserts on two kinds of scalar, each given a stand-in of the same
        // UTF-8 length, so every byte offset stays right:
        // - regional indicators (flags): U+1F600 (class ID); a flag's two indicators are kept together below;
        // - U+FFFF, its end-of-text marker (EOS): met inside the text, it stops the scan short and fails
        //   `assert(posLast == posCur - 1 ...)` in set_linebreaks. U+FFFE (a noncharacter as well: class XX,
        //   the same rules) stands in.
        var hasFlags = false, needsStandIns = false
        for s in text.unicodeScalars where isRegionalIndicator(s) || s.value == 0xFFFF {
            needsStandIns = true
            if isRegionalIndicator(s) { hasFlags = true; break }
        }
        if needsStandIns { text = standingIn(text) }
        var rules = text.withUTF8 { bytes in
            [Int8](unsafeUninitializedCapacity: count) { out, initialised in
                out.initialize(repeating: Int8(LINEBREAK_NOBREAK))
                set_linebreaks_utf8(bytes.baseAddress, count, nil, out.baseAddress)
                initialised = count
            }
        }
        addDictionaryBreaks(text, into: &rules)
        if hasFlags { keepFlagsTogether(original, rules: &rules) }
        return rules
    }

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }

    /// `text` as libunibreak is given it: regional indicators as U+1F600, U+FFFF as U+FFFE (same UTF-8 lengths).
    static func standingIn(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if isRegionalIndicator(s) { view.append("\u{1F600}") }
            else if s.value == 0xFFFF { view.append("\u{FFFE}") }
            else { view.append(s) }
        }
        return String(view)
    }

    /// No break between the two regional indicators of a flag (UAX #14 rule LB30a), and none before a
    /// lone one (nor after a flag).
    static func keepFlagsTogether(_ text: String, rules: inout [Int8]) {
        var offset = 0
        var run = 0   // regional indicators in a row so far
        for s in text.unicodeScalars {
            offset += UTF8.width(s)
            if isRegionalIndicator(s) {
                run += 1
                if run % 2 == 1, offset - 1 < rules.count, rules[offset - 1] == Int8(LINEBREAK_ALLOWBREAK) {
                    rules[offset - 1] = Int8(LINEBREAK_NOBREAK)
                }
            } else {
                run = 0
            }
        }
    }

    /// Whether `scalar` is of line-break class SA (complex context: words are found with a dictionary).
    static func isComplexContext(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E01...0x0E3A, 0x0E40...0x0E4E, 0x0E81...0x0EDF,   // Thai, Lao (letters, vowels, marks)
             0x1000...0x103F, 0x1050...0x108F, 0x109A...0x109F,   // Myanmar (not its digits)
             0x1780...0x17D3, 0x17D7, 0x17DC, 0x17DD,            // Khmer
             0x1950...0x19DA, 0x19DE, 0x19DF, 0x1A20...0x1AAD,    // Tai Le, New Tai Lue, Tai Tham
             0xA9E0...0xA9EF, 0xA9FA...0xA9FE, 0xAA60...0xAADF:   // Myanmar extended A and B, Tai Viet
            true
        default: false
        }
    }

    /// ICU's word boundaries inside each run of class-SA scalars, as allowed breaks.
    static func addDictionaryBreaks(_ text: String, into rules: inout [Int8]) {
        var runStart = -1          // UTF-8 offset of the run's first scalar
        var units: [UInt16] = []   // the run in UTF-16 (all SA scalars are in the BMP)
        var ends: [Int] = []       // UTF-8 offset after each of the run's UTF-16 units
        var offset = 0
        func flush(_ rules: inout [Int8]) {
            defer { units.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true); runStart = -1 }
            guard units.count > 1 else { return }
            var found = [Int32](repeating: 0, count: units.count)
            let count = units.withUnsafeBufferPointer { u in
                found.withUnsafeMutableBufferPointer { f in
                    sk_dictionary_breaks(u.baseAddress, Int32(u.count), f.baseAddress, Int32(f.count))
                }
            }
            for i in 0..<max(0, Int(count)) {
                let boundary = Int(found[i])
                guard boundary > 0, boundary <= ends.count else { continue }
                let end = ends[boundary - 1]
                if end > 0, end - 1 < rules.count, rules[end - 1] == Int8(LINEBREAK_NOBREAK) {
                    rules[end - 1] = Int8(LINEBREAK_ALLOWBREAK)
                }
            }
        }
        var sawComplex = false
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if isComplexContext(scalar) {
                sawComplex = true
                if runStart < 0 { runStart = offset }
                units.append(UInt16(truncatingIfNeeded: scalar.value))
                ends.append(offset + width)
            } else if runStart >= 0 {
                flush(&rules)
            }
            offset += width
        }
        if sawComplex, runStart >= 0 { flush(&rules) }
    }
}
