// Issue 41: a pasted query of any length. Folding goes a piece at a time (so 10^5 combining marks are not
// reordered in O(n²)) and stops past the longest name; it must still fold as Python's unicodedata does.
import Foundation
@testable import ScrollKitGallery
import SplitMix
import Testing

@MainActor
@Suite struct ContactSearchLongQueryTests {
    /// Python's fold of each string: NFD, nonspacing marks removed, str.casefold().
    static func pythonFold(_ strings: [String]) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", """
        import sys, json, unicodedata
        out = []
        for s in json.load(sys.stdin):
            d = unicodedata.normalize('NFD', s)
            out.append(''.join(c for c in d if unicodedata.category(c) != 'Mn').casefold())
        print(json.dumps(out))
        """]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: strings))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String])
    }

    @Test("folding a piece at a time equals Python's NFD, marks out, casefold, on random text with marks")
    func foldMatchesPython() throws {
        var rng = SplitMix64(seed: 41)
        let ranges: [ClosedRange<UInt32>] = [0x41...0x7A, 0xC0...0x17F, 0x300...0x36F, 0x386...0x3CE, 0x1E00...0x1EFF, 0x20...0x20]
        var strings: [String] = []
        for _ in 0..<300 {
            var view = String.UnicodeScalarView()
            for _ in 0..<(1 + rng.int(below: 30)) {
                let r = ranges[rng.int(below: ranges.count)]
                view.append(Unicode.Scalar(r.lowerBound + UInt32(rng.int(below: Int(r.upperBound - r.lowerBound) + 1)))!)
            }
            strings.append(String(view))
        }
        let expected = try Self.pythonFold(strings)
        for (s, e) in zip(strings, expected) { #expect(ContactSearch.fold(s) == e, "\(s.debugDescription)") }
    }

    @Test("a letter and 10^5 combining marks match as the letter; a query longer than every name matches nobody")
    func longQueries() throws {
        let book = ContactsBook.load()
        var view = String.UnicodeScalarView()
        view.append("a")
        for i in 0..<100_000 { view.append(Unicode.Scalar(0x300 + UInt32(i % 0x70))!) }
        #expect(ContactSearch.fold(String(view)) == "a")
        #expect(book.search.matching(String(view)) == book.search.matching("a"))
        #expect(!book.search.matching("a").isEmpty)
        #expect(book.search.matching(String(repeating: "a", count: 1_000_000)).isEmpty)
    }
}
