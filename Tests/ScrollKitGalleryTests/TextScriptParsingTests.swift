// Script events for typing: `text`, `compose`, and `key` with the editing keys and the "ctrl" and "shift" rules
// (the issue's CLI contract, item 9), good input to its events and bad input to its exact one-line error.

import ScrollKit
import Testing
@testable import ScrollKitGallery

private func events(_ event: String) throws(ScriptError) -> [ScriptAction] {
    try Script.parse(Array(#"{"events": ["#.utf8) + Array(event.utf8) + Array("]}".utf8)).events.map(\.action)
}

private func message(_ event: String) -> String? {
    do { _ = try events(event); return nil } catch { return error.description }
}

@Suite struct TextScriptParsingTests {
    @Test("text: any Unicode, case and spaces kept", arguments: [
        "jo", "José", "Άννα", "Hello, World", " ", "日本語", "مرحبا", "👩‍👩‍👧", "a\"b\\c", "e\u{301}",
    ])
    func text(typed: String) throws {
        var json = ""
        for scalar in typed.unicodeScalars {   // written as JSON escapes: the parser's \u handling too
            json += scalar.value < 0x10000 ? String(format: "\\u%04x", scalar.value)
                : String(format: "\\u%04x\\u%04x", 0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF))
        }
        #expect(try events(#"{"t": 0, "type": "text", "text": ""# + json + #""}"#) == [.text(typed)])
    }

    @Test("text of exactly 1,024 scalars is allowed; 1,025 is not")
    func textLength() throws {
        let most = String(repeating: "é", count: 1_024)
        #expect(try events(#"{"t": 0, "type": "text", "text": ""# + most + #""}"#) == [.text(most)])
        #expect(message(#"{"t": 0, "type": "text", "text": ""# + most + #"a"}"#)
                == #"event 0: "text" must be at most 1024 Unicode scalars (got 1025)"#)
        // Scalars, not characters: 1,024 flags are 2,048 scalars.
        #expect(message(#"{"t": 0, "type": "text", "text": ""# + String(repeating: "🇫🇷", count: 600) + #""}"#)
                == #"event 0: "text" must be at most 1024 Unicode scalars (got 1200)"#)
    }

    @Test("compose: text and a scalar cursor (default: the end); an empty text ends it", arguments: [
        (#"{"t": 0, "type": "compose", "text": "ni", "cursor": 2}"#, ScriptAction.compose("ni", cursor: 2)),
        (#"{"t": 0, "type": "compose", "text": "nihao", "cursor": 0}"#, .compose("nihao", cursor: 0)),
        (#"{"t": 0, "type": "compose", "text": "かな"}"#, .compose("かな", cursor: 2)),
        (#"{"t": 0, "type": "compose", "text": "🙂x", "cursor": 1}"#, .compose("🙂x", cursor: 1)),
        (#"{"t": 0, "type": "compose", "text": "", "cursor": 0}"#, .compose("", cursor: 0)),
        (#"{"t": 0, "type": "compose", "text": ""}"#, .compose("", cursor: 0)),
    ] as [(String, ScriptAction)])
    func compose(event: String, action: ScriptAction) throws {
        #expect(try events(event) == [action])
    }

    @Test("key: the editing keys, Ctrl with letters and editing keys, Shift with the selection keys", arguments: [
        (#"{"t": 0, "type": "key", "key": "Backspace"}"#, ScriptAction.key(.backspace, [])),
        (#"{"t": 0, "type": "key", "key": "Delete"}"#, .key(.delete, [])),
        (#"{"t": 0, "type": "key", "key": "Escape"}"#, .key(.escape, [])),
        (#"{"t": 0, "type": "key", "key": "A", "ctrl": true}"#, .key(.a, [.control])),
        (#"{"t": 0, "type": "key", "key": "C", "ctrl": true}"#, .key(.c, [.control])),
        (#"{"t": 0, "type": "key", "key": "V", "ctrl": true}"#, .key(.v, [.control])),
        (#"{"t": 0, "type": "key", "key": "X", "ctrl": true}"#, .key(.x, [.control])),
        (#"{"t": 0, "type": "key", "key": "Y", "ctrl": true}"#, .key(.y, [.control])),
        (#"{"t": 0, "type": "key", "key": "Z", "ctrl": true}"#, .key(.z, [.control])),
        (#"{"t": 0, "type": "key", "key": "Z", "ctrl": true, "shift": true}"#, .key(.z, [.control, .shift])),
        (#"{"t": 0, "type": "key", "key": "Backspace", "ctrl": true}"#, .key(.backspace, [.control])),
        (#"{"t": 0, "type": "key", "key": "Delete", "ctrl": true}"#, .key(.delete, [.control])),
        (#"{"t": 0, "type": "key", "key": "Left", "ctrl": true}"#, .key(.left, [.control])),
        (#"{"t": 0, "type": "key", "key": "Right", "ctrl": true, "shift": true}"#, .key(.right, [.control, .shift])),
        (#"{"t": 0, "type": "key", "key": "Home", "ctrl": true}"#, .key(.home, [.control])),
        (#"{"t": 0, "type": "key", "key": "End", "ctrl": true, "shift": true}"#, .key(.end, [.control, .shift])),
        (#"{"t": 0, "type": "key", "key": "Left", "shift": true}"#, .key(.left, [.shift])),
        (#"{"t": 0, "type": "key", "key": "Right", "shift": true}"#, .key(.right, [.shift])),
        (#"{"t": 0, "type": "key", "key": "Up", "shift": true}"#, .key(.up, [.shift])),
        (#"{"t": 0, "type": "key", "key": "Down", "shift": true}"#, .key(.down, [.shift])),
        (#"{"t": 0, "type": "key", "key": "Home", "shift": true}"#, .key(.home, [.shift])),
        (#"{"t": 0, "type": "key", "key": "End", "shift": true}"#, .key(.end, [.shift])),
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": true}"#, .key(.backtab, [])),
        (#"{"t": 0, "type": "key", "key": "Left", "ctrl": false, "shift": false}"#, .key(.left, [])),
    ] as [(String, ScriptAction)])
    func keys(event: String, action: ScriptAction) throws {
        #expect(try events(event) == [action])
    }

    @Test("anything else is one exact line naming the event and the field", arguments: [
        (#"{"t": 0, "type": "text"}"#, #"event 0: missing field "text""#),
        (#"{"t": 0, "type": "text", "text": ""}"#, #"event 0: "text" must not be empty (typed text has at least one character)"#),
        (#"{"t": 0, "type": "text", "text": 5}"#, #"event 0: "text" must be a string, not a number"#),
        (#"{"t": 0, "type": "text", "text": "a", "cursor": 1}"#, #"event 0: unknown field "cursor" for type "text" (valid: t, type, text)"#),
        (#"{"t": 0, "type": "compose", "cursor": 0}"#, #"event 0: missing field "text""#),
        (#"{"t": 0, "type": "compose", "text": "ni", "cursor": 3}"#, #"event 0: "cursor" must be a whole number from 0 to 2, the text's length in Unicode scalars (got 3)"#),
        (#"{"t": 0, "type": "compose", "text": "ni", "cursor": -1}"#, #"event 0: "cursor" must be a whole number from 0 to 2, the text's length in Unicode scalars (got -1)"#),
        (#"{"t": 0, "type": "compose", "text": "ni", "cursor": 1.5}"#, #"event 0: "cursor" must be a whole number from 0 to 2, the text's length in Unicode scalars (got 1.5)"#),
        (#"{"t": 0, "type": "compose", "text": "ni", "cursor": "1"}"#, #"event 0: "cursor" must be a number"#),
        (#"{"t": 0, "type": "compose", "text": "", "cursor": 1}"#, #"event 0: "cursor" must be a whole number from 0 to 0, the text's length in Unicode scalars (got 1)"#),
        (#"{"t": 0, "type": "compose", "text": "x", "shift": true}"#, #"event 0: unknown field "shift" for type "compose" (valid: t, type, text, cursor)"#),
        (#"{"t": 0, "type": "key", "key": "A"}"#, #"event 0: "key": "A" needs "ctrl": true (a letter typed without Ctrl is a "text" event)"#),
        (#"{"t": 0, "type": "key", "key": "Z", "shift": true}"#, #"event 0: "key": "Z" needs "ctrl": true (a letter typed without Ctrl is a "text" event)"#),
        (#"{"t": 0, "type": "key", "key": "B", "ctrl": true}"#, #"event 0: "key" must be one of Up, Down, Left, Right, PageUp, PageDown, Home, End, Space, Return, Tab, ZoomIn, ZoomOut, ZoomReset, Backspace, Delete, Escape, Back, A, C, V, X, Y, Z (got "B")"#),
        (#"{"t": 0, "type": "key", "key": "a", "ctrl": true}"#, #"event 0: "key" must be one of Up, Down, Left, Right, PageUp, PageDown, Home, End, Space, Return, Tab, ZoomIn, ZoomOut, ZoomReset, Backspace, Delete, Escape, Back, A, C, V, X, Y, Z (got "a")"#),
        (#"{"t": 0, "type": "key", "key": "Up", "ctrl": true}"#, #"event 0: "ctrl" is only allowed with "key": A, C, V, X, Y, Z, Backspace, Delete, Left, Right, Home, End (got "Up")"#),
        (#"{"t": 0, "type": "key", "key": "Tab", "ctrl": true}"#, #"event 0: "ctrl" is only allowed with "key": A, C, V, X, Y, Z, Backspace, Delete, Left, Right, Home, End (got "Tab")"#),
        (#"{"t": 0, "type": "key", "key": "Return", "ctrl": true}"#, #"event 0: "ctrl" is only allowed with "key": A, C, V, X, Y, Z, Backspace, Delete, Left, Right, Home, End (got "Return")"#),
        (#"{"t": 0, "type": "key", "key": "Backspace", "shift": true}"#, #"event 0: "shift" is only allowed with "key": Tab, Left, Right, Up, Down, Home, End, and with "ctrl" and Z (got "Backspace")"#),
        (#"{"t": 0, "type": "key", "key": "A", "ctrl": true, "shift": true}"#, #"event 0: "shift" is only allowed with "key": Tab, Left, Right, Up, Down, Home, End, and with "ctrl" and Z (got Ctrl+"A")"#),
        (#"{"t": 0, "type": "key", "key": "Delete", "ctrl": true, "shift": true}"#, #"event 0: "shift" is only allowed with "key": Tab, Left, Right, Up, Down, Home, End, and with "ctrl" and Z (got Ctrl+"Delete")"#),
        (#"{"t": 0, "type": "key", "key": "Left", "ctrl": 1}"#, #"event 0: "ctrl" must be true or false, not a number"#),
        (#"{"t": 0, "type": "key", "key": "Left", "alt": true}"#, #"event 0: unknown field "alt" for type "key" (valid: t, type, key, shift, ctrl)"#),
    ] as [(String, String)])
    func bad(event: String, expected: String) {
        let text = message(event)
        #expect(text == expected)
        #expect(text?.contains("\n") == false)
    }
}
