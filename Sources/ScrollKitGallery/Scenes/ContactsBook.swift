// ContactsBook: the people of Assets/Contacts/people.csv, read, sorted by family name into sections (one per
// initial letter or script), with the search index; ContactPerson and the section key and collation rules.

import Foundation
import ScrollKitAssets

/// One person of the contacts book.
public struct ContactPerson: Sendable, Hashable {
    public var given: String
    public var family: String
    public var phone: String

    /// Creates a person.
    public init(given: String, family: String, phone: String) {
        self.given = given
        self.family = family
        self.phone = phone
    }

    /// The name as shown: "Given Family", or family name first without a space for Chinese, Japanese and
    /// Korean names (王伟, 佐藤翔太, 김민준), as those locales write them.
    public var displayName: String {
        guard let f = family.unicodeScalars.first, ContactsBook.isFamilyFirst(f) else {
            return family.isEmpty ? given : given.isEmpty ? family : given + " " + family
        }
        return family + given
    }
}

/// The contacts scene's people: sorted, in sections, searchable.
///
/// **Sections** (``sectionTitle(family:)``): the first letter of the family name for alphabetic scripts, after
/// canonical decomposition without marks (Özdemir under O, Łukasz's Ł under L, Đặng under D); Greek, Cyrillic,
/// Hebrew (final forms as their plain letter), Arabic, Devanagari and Thai (its first consonant, leading vowels
/// skipped) likewise under their own letters; Korean under the syllable's initial consonant (ㄱ ㄴ ㄷ …, tense
/// ones with their plain one), as a Korean phone's index does; Chinese and Japanese family names, which sort by a
/// reading this file does not have, in one section "漢"; anything else under "#". iOS chooses by locale; a book
/// of ten scripts with no locale gets every script its own letters.
///
/// **Collation** (locale-independent): sections in the order Latin A–Z, Greek, Cyrillic, Hebrew, Arabic,
/// Devanagari, Thai, Hangul, Han, "#" (their titles' code points, "#" last); within a section by the family name's
/// search key (``ContactSearch/fold(_:)``: accent- and case-insensitive, a few letters without a decomposition
/// — ł, đ, ø, æ, œ, ß, þ — read as their base letters), then the given name's, then code points.
public final class ContactsBook: @unchecked Sendable {
    /// The people, sorted.
    public let people: [ContactPerson]
    /// Each person's section title, and the sections (title, first person index) in order.
    public let sectionOfPerson: [Int]
    public let sections: [(title: String, first: Int)]
    /// Every person's folded `given + " " + family`.
    public let search: ContactSearchIndex

    /// The book of `people` (any order).
    public init(people unsorted: [ContactPerson]) {
        struct Keyed { var person: ContactPerson; var section: String; var family: [UInt32]; var given: [UInt32] }
        var keyed = unsorted.map { p in
            Keyed(person: p, section: Self.sectionTitle(family: p.family),
                  family: Self.sortKey(p.family), given: Self.sortKey(p.given))
        }
        keyed.sort { a, b in
            if a.section != b.section { return Self.sectionPrecedes(a.section, b.section) }
            if a.family != b.family { return a.family.lexicographicallyPrecedes(b.family) }
            if a.given != b.given { return a.given.lexicographicallyPrecedes(b.given) }
            let x = Array(a.person.family.unicodeScalars.map(\.value)) + [0] + a.person.given.unicodeScalars.map(\.value)
            let y = Array(b.person.family.unicodeScalars.map(\.value)) + [0] + b.person.given.unicodeScalars.map(\.value)
            if x != y { return x.lexicographicallyPrecedes(y) }
            return a.person.phone < b.person.phone
        }
        people = keyed.map(\.person)
        var sections: [(String, Int)] = []
        var of: [Int] = []
        of.reserveCapacity(keyed.count)
        for (i, k) in keyed.enumerated() {
            if sections.last?.0 != k.section { sections.append((k.section, i)) }
            of.append(sections.count - 1)
        }
        self.sections = sections.map { (title: $0.0, first: $0.1) }
        sectionOfPerson = of
        search = ContactSearchIndex(names: people.map { $0.given + " " + $0.family })
    }

    /// The book read from `path` (default: the bundled `Contacts/people.csv`); empty when the file is missing
    /// or unreadable (the scene then shows no one rather than failing).
    public static func load(path: String = BundledAssets.path(BundledAssets.contactsFile)) -> ContactsBook {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return ContactsBook(people: [])
        }
        return ContactsBook(people: parseCSV(text))
    }

    /// The people of a CSV text with the header `given,family,phone` (RFC 4180 quoting; rows with fewer than
    /// three fields and the header are skipped).
    public static func parseCSV(_ text: String) -> [ContactPerson] {
        var result: [ContactPerson] = []
        var fields: [String] = [], field = "", quoted = false, pendingQuote = false, first = true
        func endRow() {
            fields.append(field)
            field = ""
            defer { fields.removeAll(keepingCapacity: true) }
            if first { first = false; if fields.first == "given" { return } }
            guard fields.count >= 3 else { return }
            result.append(ContactPerson(given: fields[0], family: fields[1], phone: fields[2]))
        }
        for c in text.unicodeScalars {
            if quoted {
                if pendingQuote {
                    pendingQuote = false
                    if c == "\"" { field.unicodeScalars.append(c); continue }
                    quoted = false
                } else if c == "\"" {
                    pendingQuote = true
                    continue
                } else {
                    field.unicodeScalars.append(c)
                    continue
                }
            }
            switch c {
            case "\"" where field.isEmpty: quoted = true
            case ",": fields.append(field); field = ""
            case "\n": endRow()
            case "\r": break
            default: field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return result
    }

    // MARK: Rules

    /// Whether a family name starting with `s` is written before the given name (Han, kana, Hangul).
    static func isFamilyFirst(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v)
    }

    /// Letters without a canonical decomposition that a reader files under a base letter.
    static let baseLetters: [UInt32: UInt32] = [
        0x142: 0x6C, 0x111: 0x64, 0xF8: 0x6F, 0xE6: 0x61, 0x153: 0x6F, 0xDF: 0x73, 0xFE: 0x74, 0x131: 0x69,
    ]

    /// The collation key of a name: its folded scalars with the base letters above.
    static func sortKey(_ name: String) -> [UInt32] {
        var key: [UInt32] = []
        ContactSearch.foldScalars(name) { key.append(baseLetters[$0.value] ?? $0.value) }
        return key
    }

    /// The section title of a family name (see the type's notes).
    public static func sectionTitle(family: String) -> String {
        var first: UInt32?
        ContactSearch.foldScalars(family) { u in
            guard first == nil else { return }
            let v = u.value
            if (0x0E40...0x0E44).contains(v) { return }          // Thai leading vowels: the consonant names it
            if u.properties.isWhitespace || u.properties.generalCategory == .otherPunctuation { return }
            first = v
        }
        guard var v = first else { return "#" }
        v = baseLetters[v] ?? v
        func scalar(_ x: UInt32) -> String { Unicode.Scalar(x).map { String(Character($0)) } ?? "#" }
        switch v {
        case 0x61...0x7A: return scalar(v - 32)
        case 0x3B1...0x3C9: return scalar(v == 0x3C2 ? 0x3A3 : v - 32)   // Greek: capitals (final sigma as Σ)
        case 0x430...0x44F: return scalar(v - 32)                          // Cyrillic capitals
        case 0x450...0x45F: return scalar(v - 80)
        case 0x5D0...0x5EA:                                                 // Hebrew, final forms plain
            let plain: [UInt32: UInt32] = [0x5DA: 0x5DB, 0x5DD: 0x5DE, 0x5DF: 0x5E0, 0x5E3: 0x5E4, 0x5E5: 0x5E6]
            return scalar(plain[v] ?? v)
        case 0x621...0x64A, 0x671...0x6D3: return scalar(v)               // Arabic letters
        case 0x904...0x939, 0x958...0x961: return scalar(v)               // Devanagari letters
        case 0xE01...0xE2E: return scalar(v)                               // Thai consonants
        case 0x1100...0x1112:                                              // Hangul initial (NFD of a syllable)
            let jamo: [UInt32] = [0x3131, 0x3131, 0x3134, 0x3137, 0x3137, 0x3139, 0x3141, 0x3142, 0x3142, 0x3145,
                                  0x3145, 0x3147, 0x3148, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]
            return scalar(jamo[Int(v - 0x1100)])
        case 0x3131...0x314E: return scalar(v)
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF: return "漢"
        default: return "#"
        }
    }

    /// Section order: by the title's first scalar, "#" last.
    static func sectionPrecedes(_ a: String, _ b: String) -> Bool {
        if a == "#" { return false }
        if b == "#" { return true }
        return a.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
    }

    /// The section index's entries for `titles` (the sections present): A–Z always, then each other
    /// script's first section, then "#" if present. Each entry maps to the section a press on it shows:
    /// its own, or the next one that exists (nil past the last).
    public static func indexEntries(sectionTitles titles: [String]) -> [(title: String, section: Int?)] {
        var entries: [(String, Int?)] = []
        func firstSection(atOrAfter t: String) -> Int? {
            titles.firstIndex { !sectionPrecedes($0, t) }
        }
        for v in UInt32(0x41)...0x5A {
            let t = String(Character(Unicode.Scalar(v)!))
            entries.append((t, firstSection(atOrAfter: t)))
        }
        var script = ""
        for (s, t) in titles.enumerated() {
            guard let u = t.unicodeScalars.first, u.value > 0x7F, t != "#" else { continue }
            let name = scriptName(u.value)
            if name != script { script = name; entries.append((t, s)) }
        }
        if let hash = titles.firstIndex(of: "#") { entries.append(("#", hash)) }
        return entries.map { (title: $0.0, section: $0.1) }
    }

    /// A coarse script of a section title's scalar (for one index entry per script).
    static func scriptName(_ v: UInt32) -> String {
        switch v {
        case 0x370...0x3FF: "Greek"
        case 0x400...0x4FF: "Cyrillic"
        case 0x590...0x5FF: "Hebrew"
        case 0x600...0x6FF: "Arabic"
        case 0x900...0x97F: "Devanagari"
        case 0xE00...0xE7F: "Thai"
        case 0x3130...0x318F: "Hangul"
        default: "Other\(v)"
        }
    }
}
