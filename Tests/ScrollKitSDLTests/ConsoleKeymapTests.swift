// ConsoleKeymapTests: the console's keymaps (xkbcommon, headless: names, no device) against xkb-data's own files.

import Foundation
@testable import ScrollKitSDL
import ScrollKit
import Testing

/// What a key types on the console, against an oracle read from the data xkbcommon compiles: the layout's
/// `symbols` file (each key's levels: plain, Shift, AltGr), the `keycodes/evdev` file (key names to the
/// kernel's codes, minus 8) and `xkbcommon-keysyms.h` (keysym names to Unicode). The layouts' `basic` sections
/// only, keys they define themselves (not the ones they include).
@MainActor @Suite(.serialized) struct ConsoleKeymapTests {
    nonisolated static let xkb = "/usr/share/X11/xkb"
    nonisolated static let keysymsHeader = "/usr/include/xkbcommon/xkbcommon-keysyms.h"
    nonisolated static let available = FileManager.default.fileExists(atPath: xkb + "/symbols/de")
        && FileManager.default.fileExists(atPath: keysymsHeader)

    /// `<AD06> = 29;` lines: key name to Linux KEY_* code (XKB's keycode minus 8).
    static func evdevCodes() throws -> [String: Int32] {
        var codes: [String: Int32] = [:]
        for line in try String(contentsOfFile: xkb + "/keycodes/evdev", encoding: .utf8).split(separator: "\n") {
            let parts = line.split(whereSeparator: { " \t=;".contains($0) })
            if parts.count >= 2, parts[0].hasPrefix("<"), let kc = Int32(parts[1]) { codes[String(parts[0])] = codes[String(parts[0])] ?? kc - 8 }
        }
        return codes
    }

    /// Keysym names to the text they type: `U+XXXX` in the header's comment, or a `Uxxxx` name.
    static func keysymText() throws -> [String: String] {
        var text: [String: String] = [:]
        for line in try String(contentsOfFile: keysymsHeader, encoding: .utf8).split(separator: "\n") where line.hasPrefix("#define XKB_KEY_") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 3, let u = line.range(of: "U+") else { continue }
            let hex = line[u.upperBound...].prefix { $0.isHexDigit }
            if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) {
                text[String(words[1].dropFirst("XKB_KEY_".count))] = String(Character(scalar))
            }
        }
        return text
    }

    /// The `basic` section of `symbols/<layout>`: each key's level names, and whether it includes AltGr
    /// (`level3(ralt_switch)`).
    static func basicSection(_ layout: String) throws -> (keys: [String: [String]], altGr: Bool) {
        let text = try String(contentsOfFile: xkb + "/symbols/" + layout, encoding: .utf8)
        guard let start = text.range(of: "xkb_symbols \"basic\"") else { return ([:], false) }
        let body = text[start.upperBound...]
        var keys: [String: [String]] = [:], altGr = false
        for line in body.split(separator: "\n").dropFirst() {
            if line.hasPrefix("};") { break }
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.contains("level3(ralt_switch)") { altGr = true }
            guard t.hasPrefix("key <"), let open = t.firstIndex(of: "["), let close = t.firstIndex(of: "]"),
                  let nameEnd = t.firstIndex(of: ">") else { continue }
            let name = String(t[t.index(t.startIndex, offsetBy: 4)...nameEnd])
            keys[name] = t[t.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return (keys, altGr)
    }

    /// Types key `code` with `hold` (codes pressed before and released after), the text it typed.
    static func type(_ keymap: ConsoleKeymap, _ code: Int32, hold: [Int32] = []) -> String {
        for h in hold { _ = keymap.key(h, direction: 1) }
        let stroke = keymap.key(code, direction: 1)
        _ = keymap.key(code, direction: 0)
        for h in hold.reversed() { _ = keymap.key(h, direction: 0) }
        return stroke.text
    }

    @Test("de, fr and us: each key a layout defines types its levels as xkb-data says (plain, Shift, AltGr; Caps Lock upper-cases letters)",
          .enabled(if: available, "no xkb-data or xkbcommon-keysyms.h"), arguments: ["de", "fr", "us"])
    func layoutsTypeTheirLevels(layout: String) throws {
        var reason = ""
        let keymap = try #require(ConsoleKeymap(names: .init(layout: layout), reason: &reason), "\(reason)")
        let codes = try Self.evdevCodes(), text = try Self.keysymText()
        let (keys, altGr) = try Self.basicSection(layout)
        var checked = 0
        let shift: Int32 = 42, rightAlt: Int32 = 100, caps: Int32 = 58
        for (name, levels) in keys.sorted(by: { $0.key < $1.key }) {
            guard let code = codes[name] else { continue }
            let want = levels.map { text[$0] }
            if let plain = want.first ?? nil {
                #expect(Self.type(keymap, code) == plain, "\(layout) \(name) plain: \(levels)")
                checked += 1
            }
            if want.count > 1, let shifted = want[1] {
                #expect(Self.type(keymap, code, hold: [shift]) == shifted, "\(layout) \(name) Shift: \(levels)")
            }
            if altGr, want.count > 2, let third = want[2] {
                #expect(Self.type(keymap, code, hold: [rightAlt]) == third, "\(layout) \(name) AltGr: \(levels)")
            }
            if want.count > 1, let plain = want[0], let shifted = want[1], plain != shifted,
               plain.uppercased() == shifted, plain.first?.isLetter == true {
                _ = Self.type(keymap, caps)
                #expect(Self.type(keymap, code) == shifted, "\(layout) \(name) Caps Lock: \(levels)")
                #expect(keymap.key(0, direction: 2).capsLock)
                _ = Self.type(keymap, caps)
            }
        }
        #expect(checked >= 10, "\(layout): only \(checked) keys checked")
    }

    @Test("keysyms name ScrollKit's keys by xkbcommon-keysyms.h's values; Shift+Tab (ISO_Left_Tab) is Backtab; Ctrl takes the editing letters by keysym",
          .enabled(if: FileManager.default.fileExists(atPath: keysymsHeader), "no xkbcommon-keysyms.h"))
    func keysymsNameKeys() throws {
        let header = try String(contentsOfFile: Self.keysymsHeader, encoding: .utf8)
        func value(_ name: String) throws -> UInt32 {
            let fields = header.split(separator: "\n").map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
            let line = try #require(fields.first { $0.count >= 3 && $0[0] == "#define" && $0[1] == "XKB_KEY_\(name)" }, "\(name)")
            return try #require(UInt32(line[2].dropFirst(2), radix: 16))
        }
        let named: [(String, Key)] = [("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("Page_Up", .pageUp),
                                      ("Page_Down", .pageDown), ("Home", .home), ("End", .end), ("space", .space),
                                      ("Escape", .escape), ("Tab", .tab), ("ISO_Left_Tab", .backtab), ("Return", .enter),
                                      ("KP_Enter", .enter), ("BackSpace", .backspace), ("Delete", .delete), ("KP_Down", .down)]
        for (name, key) in named { #expect(ConsoleKeymap.key(forKeysym: try value(name), shift: false) == key, "\(name)") }
        #expect(ConsoleKeymap.key(forKeysym: try value("a"), shift: false) == nil)
        for (name, key) in [("z", Key.z), ("Z", .z), ("a", .a), ("plus", .zoomIn), ("minus", .zoomOut)] {
            #expect(ConsoleKeymap.controlKey(forKeysym: try value(name)) == key, "\(name)")
        }
        #expect(ConsoleKeymap.virtualTerminal(forKeysym: try value("XF86Switch_VT_3")) == 3)
        let z = ConsoleKeymap.Stroke(keysym: try value("z"), text: "z", modifiers: [.control], capsLock: false, altGr: false)
        #expect(ConsoleKeymap.events(for: z, time: 1) == [.key(.z, modifiers: [.control], time: 1)])
        let typed = ConsoleKeymap.Stroke(keysym: try value("z"), text: "z", modifiers: [], capsLock: false, altGr: false)
        #expect(ConsoleKeymap.events(for: typed, time: 1) == [.text("z", time: 1)])
        let space = ConsoleKeymap.Stroke(keysym: try value("space"), text: " ", modifiers: [], capsLock: false, altGr: false)
        #expect(ConsoleKeymap.events(for: space, time: 1) == [.key(.space, time: 1), .text(" ", time: 1)])
    }

    @Test("the layout: XKB_DEFAULT_LAYOUT (with its variant) over /etc/default/keyboard over us; a layout xkb-data lacks is nil with a reason")
    func namesResolve() throws {
        let file = "# KEYBOARD CONFIGURATION FILE\nXKBMODEL=\"pc105\"\nXKBLAYOUT=\"fr\"\nXKBVARIANT='oss'\nXKBOPTIONS=\"\"\n\nBACKSPACE=\"guess\"\n"
        #expect(ConsoleKeymap.Names.resolve(environment: ["XKB_DEFAULT_LAYOUT": "de", "XKB_DEFAULT_VARIANT": "nodeadkeys"], keyboardFile: file)
                == .init(layout: "de", variant: "nodeadkeys"))
        #expect(ConsoleKeymap.Names.resolve(environment: [:], keyboardFile: file) == .init(layout: "fr", variant: "oss", model: "pc105"))
        #expect(ConsoleKeymap.Names.resolve(environment: ["XKB_DEFAULT_LAYOUT": ""], keyboardFile: nil) == .init(layout: "us"))
        if Self.available {
            var reason = ""
            #expect(ConsoleKeymap(names: .init(layout: "no-such-layout"), reason: &reason) == nil)
            #expect(reason.contains("no-such-layout"), "\(reason)")
        }
    }
}
