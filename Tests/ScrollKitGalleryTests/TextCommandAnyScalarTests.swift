// Issue 41: `scrollkit-demo text` of any string exits 0 or 2, never by a signal (U+FFFF after a character
// aborted it in libunibreak's set_linebreaks). Command-line arguments are C strings, so no NUL here; the
// library tests (AnyScalarTextTests) take NUL.
import Foundation
import SplitMix
import Testing

@Suite("text subcommand: any string", .serialized)
struct TextCommandAnyScalarTests {
    /// A random string over all of Unicode, weighted towards noncharacters, marks and bidi controls, without NUL.
    static func randomText(_ rng: inout SplitMix64) -> String {
        let weighted: [UInt32] = [0xFFFF, 0xFFFE, 0xFDD0, 0xFDEF, 0x1FFFF, 0x10FFFF, 0x10FFFE, 0x301, 0x302, 0x20D7,
                                  0x202E, 0x2067, 0x200F, 0x1F1E6, 0x1F1FA, 0x200D, 0xFEFF, 0xA, 0x2029, 0x627, 0x5D0, 0xE01]
        var view = String.UnicodeScalarView()
        for _ in 0..<(1 + rng.int(below: 24)) {
            var value: UInt32
            if rng.int(below: 3) == 0 {
                value = 1 + UInt32(rng.int(below: 0x110000 - 0x801))
                if value >= 0xD800 { value += 0x800 }
            } else {
                value = weighted[rng.int(below: weighted.count)]
            }
            view.append(Unicode.Scalar(value) ?? "?")
        }
        return String(view)
    }

    @Test("exit 0 or 2 for U+FFFF and 24 random strings, with and without --json")
    func anyStringExitsCleanly() throws {
        var rng = SplitMix64(seed: 41)
        let named = [[0x61, 0xFFFF], [0xFFFF, 0xFFFF], [0x78, 0xFFFF, 0x79, 0x10FFFF]].map { values in
            String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
        }
        let texts = named + (0..<24).map { _ in Self.randomText(&rng) }
        for (i, text) in texts.enumerated() {
            let result = try DemoProcess.run(["text"] + (i % 2 == 1 ? ["--json"] : []) + ["--width", "80", text])
            #expect(result.exited, "killed by a signal on \(text.debugDescription): \(result.stderr)")
            #expect(result.status == 0 || result.status == 2, "status \(result.status) on \(text.debugDescription)")
            if result.status == 2 { #expect(result.stderr.hasPrefix("error: ")) }
        }
    }
}
