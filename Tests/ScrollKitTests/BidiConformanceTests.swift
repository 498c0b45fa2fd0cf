// BidiParagraph against the Unicode Consortium's BidiCharacterTest.txt (a documented subset vendored in
// Resources/): paragraph levels, resolved levels and the visual order of each line (rules up to L2).

import Foundation
import Testing
@testable import ScrollKit

@Suite("Bidi conformance (BidiCharacterTest.txt)")
struct BidiConformanceTests {
    struct Case: CustomStringConvertible {
        var line: Int
        var scalars: [Unicode.Scalar]
        var direction: ReadingDirection?
        var paragraphLevel: UInt8
        var levels: [UInt8?]
        var order: [Int]
        var description: String { "line \(line)" }
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/BidiCharacterTest-subset.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [Case] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.hasPrefix("#"), !line.isEmpty else { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let direction: ReadingDirection? = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : nil
            let levels = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let order = fields[4].split(separator: " ").compactMap { Int($0) }
            result.append(Case(line: number + 1, scalars: scalars, direction: direction,
                               paragraphLevel: UInt8(fields[2]) ?? 0, levels: levels, order: order))
        }
        return result
    }

    @Test("the vendored subset has its cases")
    func fileHasCases() throws {
        #expect(try Self.cases().count >= 120)
    }

    @Test("paragraph level, resolved levels and visual order match", arguments: try BidiConformanceTests.cases())
    func matches(_ c: Case) {
        let paragraph = BidiParagraph(c.scalars, direction: c.direction)
        #expect(paragraph.baseLevel == c.paragraphLevel)
        #expect(paragraph.levels.count == c.scalars.count)
        for (i, expected) in c.levels.enumerated() {
            guard let expected, i < paragraph.levels.count else { continue }
            #expect(paragraph.levels[i] == expected, "level of character \(i)")
        }
        // The whole case is one line: L1, then L2; characters removed by X9 are left out of the order.
        let levels = paragraph.lineLevels(0..<c.scalars.count)
        let order = BidiParagraph.visualOrder(of: levels).filter { c.levels[$0] != nil }
        #expect(order == c.order)
    }
}
