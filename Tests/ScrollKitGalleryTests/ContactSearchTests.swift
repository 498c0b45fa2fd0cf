// The contacts search rule against Python's unicodedata (scripts/contacts-search-oracle.py: NFD, Mn removed,
// str.casefold()) over the whole people.csv, and its properties; the book's sections and collation.

import Foundation
@testable import ScrollKitGallery
import ScrollKitAssets
import SplitMix
import Testing

@MainActor
@Suite struct ContactSearchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let csv = root.appendingPathComponent("Assets/Contacts/people.csv").path
    static let queries = ["jose", "José", "JOSÉ", "ΑΝΝΑ", "Άννα", "άννα", "محمد", "حسن", "כהן", "שרה", "शर्मा", "कुमार",
                          "王", "佐藤", "김", "민준", "สม", "müller", "MULLER", "nguyen", "NGUYỄN", "đỗ", "łukasz",
                          "LUKASZ", "иван", "ИВАНОВ", "фёдор", "федор", "a", "e ", " ", "", "zz", "ée", "Ελένη", "ελενη",
                          "Σ", "ς", "ss", "ß", "ø", "ﬁ", "İ", "ı"]

    /// The oracle's output: every person's folded key (file order) and each query's count.
    static func oracle() throws -> (keys: [String], counts: [String: Int]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [root.appendingPathComponent("scripts/contacts-search-oracle.py").path, csv] + queries
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keys = try #require(json["keys"] as? [String])
        let counts = try #require(json["counts"] as? [String: Int])
        return (keys, counts)
    }

    static func people() throws -> [ContactPerson] {
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        return ContactsBook.parseCSV(text)
    }

    @Test("people.csv: at least 2,000 people with names in ten scripts")
    func dataset() throws {
        let people = try Self.people()
        #expect(people.count >= 2000)
        var scripts = Set<String>()
        for p in people {
            guard let v = p.family.unicodeScalars.first?.value else { continue }
            switch v {
            case 0x41...0x24F: scripts.insert("Latin")
            case 0x370...0x3FF: scripts.insert("Greek")
            case 0x400...0x4FF: scripts.insert("Cyrillic")
            case 0x590...0x5FF: scripts.insert("Hebrew")
            case 0x600...0x6FF: scripts.insert("Arabic")
            case 0x900...0x97F: scripts.insert("Devanagari")
            case 0xE00...0xE7F: scripts.insert("Thai")
            case 0xAC00...0xD7A3: scripts.insert("Korean")
            case 0x4E00...0x9FFF: scripts.insert("Han")
            default: break
            }
        }
        #expect(scripts.count == 9, "\(scripts)")   // Chinese and Japanese share Han
        #expect(people.contains { $0.given.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }
                || people.contains { $0.family == "佐藤" })
        #expect(people.allSatisfy { !$0.given.isEmpty && !$0.family.isEmpty && $0.phone.hasPrefix("+") })
    }

    @Test("every person's folded key and every query's count equal Python's unicodedata + casefold")
    func againstPython() throws {
        let people = try Self.people()
        let oracle = try Self.oracle()
        let index = ContactSearchIndex(names: people.map { $0.given + " " + $0.family })
        #expect(oracle.keys.count == people.count)
        var mismatches = 0
        for i in 0..<min(oracle.keys.count, index.count) where index.key(i) != oracle.keys[i] {
            mismatches += 1
            if mismatches < 5 { Issue.record("person \(i): \(index.key(i)) vs Python \(oracle.keys[i])") }
        }
        #expect(mismatches == 0)
        for q in Self.queries {
            #expect(index.matching(q).count == oracle.counts[q], "query \(q)")
        }
        #expect(oracle.counts["jose"] == oracle.counts["José"] && (oracle.counts["jose"] ?? 0) > 0)
        #expect(oracle.counts["ΑΝΝΑ"] == oracle.counts["Άννα"] && (oracle.counts["Άννα"] ?? 0) > 0)
        #expect(ContactSearch.matches(given: "José", family: "García", query: "jose"))
        #expect(ContactSearch.matches(given: "Άννα", family: "Νικολάου", query: "ΑΝΝΑ"))
    }

    @Test("properties: any piece of a person's folded name finds them; folding is idempotent and case-blind")
    func properties() throws {
        let people = try Self.people()
        let index = ContactSearchIndex(names: people.map { $0.given + " " + $0.family })
        var rng = SplitMix64(seed: 31)
        for _ in 0..<300 {
            let i = Int(rng.next() % UInt64(people.count))
            let key = Array(index.key(i).unicodeScalars)
            let a = Int(rng.next() % UInt64(key.count)), b = a + 1 + Int(rng.next() % UInt64(key.count - a))
            var q = String.UnicodeScalarView()
            q.append(contentsOf: key[a..<b])
            #expect(index.matching(String(q)).contains(i))
            let name = people[i].given + " " + people[i].family
            #expect(ContactSearch.fold(ContactSearch.fold(name)) == ContactSearch.fold(name))
            #expect(ContactSearch.fold(name.uppercased()) == ContactSearch.fold(name))
        }
        #expect(index.matching("").count == people.count)
        #expect(ContactSearchIndex(names: []).matching("a").isEmpty)
    }

    @Test("sections: by the family name's first letter or script; the order is the documented collation")
    func sections() throws {
        #expect(ContactsBook.sectionTitle(family: "Özdemir") == "O")
        #expect(ContactsBook.sectionTitle(family: "Łukasz") == "L")
        #expect(ContactsBook.sectionTitle(family: "Đặng") == "D")
        #expect(ContactsBook.sectionTitle(family: "Άννα") == "Α")
        #expect(ContactsBook.sectionTitle(family: "ёлкин") == "Е")   // ё is е with a diaeresis (NFD), as the search reads it
        #expect(ContactsBook.sectionTitle(family: "ךך") == "כ")
        #expect(ContactsBook.sectionTitle(family: "أحمد") == "ا")
        #expect(ContactsBook.sectionTitle(family: "เพชรรัตน์") == "พ")
        #expect(ContactsBook.sectionTitle(family: "김") == "ㄱ")
        #expect(ContactsBook.sectionTitle(family: "쌍") == "ㅅ")
        #expect(ContactsBook.sectionTitle(family: "佐藤") == "漢")
        #expect(ContactsBook.sectionTitle(family: "") == "#")
        #expect(ContactsBook.sectionTitle(family: "123") == "#")
        let book = ContactsBook(people: try Self.people())
        let titles = book.sections.map(\.title)
        #expect(titles.first == "A" && titles.last == "漢")
        #expect(Set(titles).count == titles.count)
        // Within a section, family names ascend by their folded keys.
        for s in book.sections.indices {
            let end = s + 1 < book.sections.count ? book.sections[s + 1].first : book.people.count
            for i in book.sections[s].first..<(end - 1) {
                let a = ContactsBook.sortKey(book.people[i].family), b = ContactsBook.sortKey(book.people[i + 1].family)
                #expect(!b.lexicographicallyPrecedes(a))
            }
        }
        let entries = ContactsBook.indexEntries(sectionTitles: titles)
        #expect(entries.prefix(26).map(\.title).joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        #expect(entries.count > 26 && entries.count < 40)
    }

    @Test("CSV: quotes, doubled quotes, CRLF and short rows")
    func csvParsing() {
        let people = ContactsBook.parseCSV("given,family,phone\r\n\"Ann, Jr\",\"O\"\"Neil\",+1\r\nshort,row\nA,B,C")
        #expect(people == [ContactPerson(given: "Ann, Jr", family: "O\"Neil", phone: "+1"), ContactPerson(given: "A", family: "B", phone: "C")])
        #expect(ContactsBook.parseCSV("").isEmpty)
        #expect(ContactsBook.load(path: "/nonexistent/people.csv").people.isEmpty)
    }
}
