// KMSInputKeyTests: the console's keycodes against the kernel's own header.

import Foundation
@testable import ScrollKitSDL
import ScrollKit
import Testing

/// `KMSInput` maps the kernel's KEY_* codes to ScrollKit's keys; the oracle is `linux/input-event-codes.h`
/// as installed (the numbers evdev delivers), read at test time.
@Suite struct KMSInputKeyTests {
    static let header = "/usr/include/linux/input-event-codes.h"

    /// The value of `#define NAME value` in the kernel's header, nil when absent.
    static func code(_ name: String) -> Int32? {
        guard let text = try? String(contentsOfFile: header, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count >= 3, words[0] == "#define", words[1] == name {
                let v = String(words[2])
                return v.hasPrefix("0x") ? Int32(v.dropFirst(2), radix: 16) : Int32(v)
            }
        }
        return nil
    }

    @Test("every key the console maps is the kernel's code for it; Shift turns Tab into Backtab; unmapped codes are nil",
          .enabled(if: FileManager.default.fileExists(atPath: header), "no \(header) (linux-libc-dev)"))
    func keycodesAreTheKernels() throws {
        let expected: [(String, Key)] = [
            ("KEY_UP", .up), ("KEY_DOWN", .down), ("KEY_LEFT", .left), ("KEY_RIGHT", .right),
            ("KEY_PAGEUP", .pageUp), ("KEY_PAGEDOWN", .pageDown), ("KEY_HOME", .home), ("KEY_END", .end),
            ("KEY_SPACE", .space), ("KEY_ESC", .escape), ("KEY_TAB", .tab), ("KEY_ENTER", .enter),
            ("KEY_KPENTER", .enter), ("KEY_BACKSPACE", .backspace), ("KEY_DELETE", .delete),
            ("KEY_A", .a), ("KEY_C", .c), ("KEY_V", .v), ("KEY_X", .x), ("KEY_Y", .y), ("KEY_Z", .z),
        ]
        for (name, key) in expected {
            let code = try #require(Self.code(name), "\(name) is not in the header")
            #expect(KMSInput.key(forCode: code, shift: false) == key, "\(name) = \(code)")
        }
        #expect(KMSInput.key(forCode: try #require(Self.code("KEY_TAB")), shift: true) == .backtab)
        for name in ["KEY_B", "KEY_F1", "KEY_LEFTSHIFT", "KEY_LEFTCTRL", "BTN_LEFT"] {
            let code = try #require(Self.code(name), "\(name) is not in the header")
            #expect(KMSInput.key(forCode: code, shift: false) == nil, "\(name) = \(code)")
        }
    }
}
