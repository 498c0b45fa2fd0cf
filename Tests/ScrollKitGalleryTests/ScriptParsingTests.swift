import Foundation
import ScrollKit
import Motion
import Testing
@testable import ScrollKitGallery
import SplitMix

private func parse(_ text: String, curves: CurveValidator = .standard) throws(ScriptError) -> Script {
    try Script.parse(Array(text.utf8), curves: curves)
}

/// The message `parse` throws for `text`, or nil when it parses.
private func message(_ text: String, curves: CurveValidator = .standard) -> String? {
    do {
        _ = try parse(text, curves: curves)
        return nil
    } catch {
        return error.description
    }
}

/// One event wrapped into a script.
private func one(_ event: String) -> String { #"{"events": ["# + event + "]}" }

@Suite struct ScriptParsingTests {
    @Test func fullExampleWithEveryType() throws {
        let text = """
        {"events": [
          {"t": 0,     "type": "down", "x": 400, "y": 500},
          {"t": 0.016, "type": "move", "x": 400.5, "y": 420},
          {"t": 0.016, "type": "move", "x": 401, "y": 380},
          {"t": 0.05,  "type": "up",   "x": 401, "y": 300},
          {"t": 0.5,   "type": "wheel", "dy": -1.5},
          {"t": 0.6,   "type": "wheel", "dx": 2, "dy": 0, "x": 10, "y": 20},
          {"t": 0.7,   "type": "key", "key": "PageDown"},
          {"t": 0.8,   "type": "scrollTo", "x": 0, "y": 1200, "duration": 0.5, "curve": "easeOutBounce"},
          {"t": 1.5,   "type": "scrollToEnd", "duration": 2, "curve": "smoothstep"},
          {"t": 3.6,   "type": "scrollToItem", "index": 42, "position": "center"},
          {"t": 4,     "type": "scrollToItem", "index": 7, "position": "end", "duration": 0, "curve": "linear"},
          {"t": 4.5,   "type": "resize", "width": 1024, "height": 768},
          {"t": 5e0,   "type": "screenshot", "path": "out/frame.png"},
          {"t": 5.25,  "type": "scrollToEnd"}
        ]}
        """
        let script = try parse(text)
        let expected: [ScriptEvent] = [
            ScriptEvent(t: 0, .down(Point(x: 400, y: 500))),
            ScriptEvent(t: 0.016, .move(Point(x: 400.5, y: 420))),
            ScriptEvent(t: 0.016, .move(Point(x: 401, y: 380))),
            ScriptEvent(t: 0.05, .up(Point(x: 401, y: 300))),
            ScriptEvent(t: 0.5, .wheel(dx: 0, dy: -1.5, location: nil)),
            ScriptEvent(t: 0.6, .wheel(dx: 2, dy: 0, location: Point(x: 10, y: 20))),
            ScriptEvent(t: 0.7, .key(.pageDown)),
            ScriptEvent(t: 0.8, .scene(.scrollTo(Point(x: 0, y: 1200), duration: 0.5, curve: .easeOutBounce))),
            ScriptEvent(t: 1.5, .scene(.scrollToEnd(duration: 2, curve: .smoothstep))),
            ScriptEvent(t: 3.6, .scene(.scrollToItem(index: 42, position: .center, duration: Script.defaultDuration, curve: nil))),
            ScriptEvent(t: 4, .scene(.scrollToItem(index: 7, position: .end, duration: 0, curve: .linear))),
            ScriptEvent(t: 4.5, .resize(Size(width: 1024, height: 768))),
            ScriptEvent(t: 5, .screenshot(path: "out/frame.png")),
            ScriptEvent(t: 5.25, .scene(.scrollToEnd(duration: Script.defaultDuration, curve: nil))),
        ]
        #expect(script.events == expected)
    }

    @Test("touch events: id, x, y and an optional device (0 when not given)")
    func touchEvents() throws {
        let script = try parse("""
        {"events": [
          {"t": 0,    "type": "touchDown", "id": 1, "x": 300, "y": 400},
          {"t": 0,    "type": "touchDown", "id": 2, "x": 500.5, "y": 400, "device": 0},
          {"t": 0.01, "type": "touchMove", "id": 2, "x": 500.5, "y": 380},
          {"t": 0.02, "type": "touchUp",   "id": 1, "x": 300, "y": 400, "device": 3}
        ]}
        """)
        #expect(script.events == [
            ScriptEvent(t: 0, .touch(.down, device: 0, id: 1, Point(x: 300, y: 400))),
            ScriptEvent(t: 0, .touch(.down, device: 0, id: 2, Point(x: 500.5, y: 400))),
            ScriptEvent(t: 0.01, .touch(.move, device: 0, id: 2, Point(x: 500.5, y: 380))),
            ScriptEvent(t: 0.02, .touch(.up, device: 3, id: 1, Point(x: 300, y: 400))),
        ])
    }

    @Test("a bad touch event is a one-line error naming the event and the field", arguments: [
        (#"{"t": 0, "type": "touchDown", "x": 1, "y": 2}"#, #"event 0: missing field "id""#),
        (#"{"t": 0, "type": "touchMove", "id": "a", "x": 1, "y": 2}"#, #"event 0: "id" must be a number"#),
        (#"{"t": 0, "type": "touchUp", "id": 1.5, "x": 1, "y": 2}"#, #"event 0: "id" must be a whole number (got 1.5)"#),
        (#"{"t": 0, "type": "touchDown", "id": -1, "x": 1, "y": 2}"#, #"event 0: "id" must be at least 0 (got -1)"#),
        (#"{"t": 0, "type": "touchDown", "id": 1, "x": 1, "y": 2, "device": null}"#, #"event 0: "device" must be a number"#),
        (#"{"t": 0, "type": "touchDown", "id": 1, "x": 1, "y": 2, "device": 0.5}"#, #"event 0: "device" must be a whole number (got 0.5)"#),
        (#"{"t": 0, "type": "touchDown", "id": 1, "y": 2}"#, #"event 0: missing field "x""#),
        (#"{"t": 0, "type": "touchMove", "id": 1, "x": "1", "y": 2}"#, #"event 0: "x" must be a number"#),
        (#"{"t": 0, "type": "touchUp", "id": 1, "x": 1, "y": 2, "finger": 1}"#, #"event 0: unknown field "finger" for type "touchUp" (valid: t, type, id, x, y, device)"#),
    ])
    func badTouchEvents(event: String, expected: String) {
        #expect(message(one(event)) == expected)
    }

    @Test func emptyEventListAndBOMAndEscapes() throws {
        #expect(try parse(#"{"events": []}"#).events.isEmpty)
        let bom = [UInt8]([0xEF, 0xBB, 0xBF]) + Array(one(#"{"t": 1, "type": "screenshot", "path": "a\u00e9\ud83d\ude00\n.png"}"#).utf8)
        let script = try Script.parse(bom, curves: .standard)
        #expect(script.events == [ScriptEvent(t: 1, .screenshot(path: "aé😀\n.png"))])
    }

    @Test func everyScrollKeyIsAccepted() throws {
        for key in Key.scrollKeys {
            let script = try parse(one(#"{"t": 0, "type": "key", "key": "\#(key.rawValue)"}"#))
            #expect(script.events == [ScriptEvent(t: 0, .key(key))])
        }
    }

    @Test("Return and Tab are keys; Tab with shift is Backtab; shift false changes nothing", arguments: [
        (#"{"t": 0, "type": "key", "key": "Return"}"#, Key.enter),
        (#"{"t": 0, "type": "key", "key": "Tab"}"#, .tab),
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": true}"#, .backtab),
        (#"{"t": 0, "type": "key", "shift": true, "key": "Tab"}"#, .backtab),
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": false}"#, .tab),
        (#"{"t": 0, "type": "key", "key": "Return", "shift": false}"#, .enter),
        (#"{"t": 0, "type": "key", "key": "Up", "shift": false}"#, .up),
    ] as [(String, Key)])
    func returnAndTab(event: String, key: Key) throws {
        #expect(try parse(one(event)).events == [ScriptEvent(t: 0, .key(key))])
    }

    @Test("a shifted wheel turns a vertical turn horizontal (toward the user = right); a horizontal part is kept", arguments: [
        (#"{"t": 0, "type": "wheel", "dy": -1, "shift": true}"#, ScriptAction.wheel(dx: 1, dy: 0, location: nil)),
        (#"{"t": 0, "type": "wheel", "dy": 2.5, "shift": true, "x": 10, "y": 20}"#, .wheel(dx: -2.5, dy: 0, location: Point(x: 10, y: 20))),
        (#"{"t": 0, "type": "wheel", "dx": 0, "dy": 3, "shift": true}"#, .wheel(dx: -3, dy: 0, location: nil)),
        (#"{"t": 0, "type": "wheel", "dx": 0.5, "shift": true}"#, .wheel(dx: 0.5, dy: 0, location: nil)),
        (#"{"t": 0, "type": "wheel", "dx": 1, "dy": -2, "shift": true}"#, .wheel(dx: 1, dy: -2, location: nil)),
        (#"{"t": 0, "type": "wheel", "dy": -1, "shift": false}"#, .wheel(dx: 0, dy: -1, location: nil)),
        (#"{"t": 0, "type": "wheel", "dy": 10000, "shift": true}"#, .wheel(dx: -10000, dy: 0, location: nil)),
    ] as [(String, ScriptAction)])
    func shiftedWheel(event: String, action: ScriptAction) throws {
        #expect(try parse(one(event)).events == [ScriptEvent(t: 0, action)])
    }

    @Test("a bad shift is a one-line error naming the event and the field", arguments: [
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": 3}"#, #"event 0: "shift" must be true or false, not a number"#),
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": "true"}"#, #"event 0: "shift" must be true or false, not a string"#),
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": null}"#, #"event 0: "shift" must be true or false, not null"#),
        (#"{"t": 0, "type": "wheel", "dy": 1, "shift": 1}"#, #"event 0: "shift" must be true or false, not a number"#),
        (#"{"t": 0, "type": "wheel", "dy": 1, "shift": [true]}"#, #"event 0: "shift" must be true or false, not an array"#),
        (#"{"t": 0, "type": "key", "key": "PageUp", "shift": true}"#, #"event 0: "shift" is only allowed with "key": Tab, Left, Right, Up, Down, Home, End, and with "ctrl" and Z (got "PageUp")"#),
        (#"{"t": 0, "type": "key", "key": "Return", "shift": true}"#, #"event 0: "shift" is only allowed with "key": Tab, Left, Right, Up, Down, Home, End, and with "ctrl" and Z (got "Return")"#),
        (#"{"t": 0, "type": "key", "key": "Enter"}"#, #"event 0: "key" must be one of Up, Down, Left, Right, PageUp, PageDown, Home, End, Space, Return, Tab, ZoomIn, ZoomOut, ZoomReset, Backspace, Delete, Escape, Back, A, C, V, X, Y, Z (got "Enter")"#),
        (#"{"t": 0, "type": "key", "key": "Backtab"}"#, #"event 0: "key" must be one of Up, Down, Left, Right, PageUp, PageDown, Home, End, Space, Return, Tab, ZoomIn, ZoomOut, ZoomReset, Backspace, Delete, Escape, Back, A, C, V, X, Y, Z (got "Backtab")"#),
        (#"{"t": 0, "type": "key", "key": "Tab", "shift": true, "shift": true}"#, #"event 0: duplicate field "shift""#),
        (#"{"t": 0, "type": "down", "x": 1, "y": 2, "shift": true}"#, #"event 0: unknown field "shift" for type "down" (valid: t, type, x, y)"#),
        (#"{"t": 0, "type": "wheel", "dy": 1, "ctrl": 1}"#, #"event 0: "ctrl" must be true or false, not a number"#),
        (#"{"t": 0, "type": "key", "key": "Tab", "alt": true}"#, #"event 0: unknown field "alt" for type "key" (valid: t, type, key, shift, ctrl)"#),
        (#"{"t": 0, "type": "wheel", "shift": true}"#, #"event 0: a wheel event needs "dx" or "dy""#),
    ] as [(String, String)])
    func badShift(event: String, expected: String) {
        let text = message(one(event))
        #expect(text == expected)
        #expect(text?.contains("\n") == false)
    }

    @Test(arguments: [
        // Syntax: truncation, stray characters, non-JSON.
        (#"{"events": [{"t": 0, "type": "down""#, "line 1, column 36: unexpected end of file: expected ',' or '}' (truncated JSON?)"),
        (#"{"events": [{"t": 0, "ty"#, "line 1, column 22: unexpected end of file inside a string (truncated JSON?)"),
        (#"{"events": [{"t": 0, "type": tru"#, "line 1, column 33: unexpected end of file (truncated JSON?)"),
        (#"{"events": ["#, "line 1, column 13: unexpected end of file (truncated JSON?)"),
        ("{\"events\": [],\n \"x\": }", "line 2, column 7: unexpected '}' where a value was expected"),
        (#"{"events": []} x"#, "line 1, column 16: unexpected 'x' after the end of the JSON value"),
        (#"{"events": [01]}"#, "line 1, column 13: leading zeros are not allowed in numbers"),
        (#"{"events": [{"t": 0, "type": "down", "x": 1., "y": 2}]}"#, "line 1, column 45: expected a digit after the decimal point, found ','"),
        (#"{"events": [{'t': 0}]}"#, "line 1, column 14: expected a field name in double quotes, found '''"),
        (#"{"events": [{"t": 0, "type": "key", "key": "Up\x"}]}"#, "line 1, column 47: invalid escape '\\x' in a string"),
        (#"{"events": [{"t": 0, "type": "key", "key": "\ud800"}]}"#, "line 1, column 45: unpaired surrogate \\uD800 in a string"),
        (#"{"events": [{"t": 0, "type": "down", "x": yes, "y": 2}]}"#, "line 1, column 43: unexpected 'yes' where a value was expected"),
        ("", "line 1, column 1: the file is empty"),
        ("  \n ", "line 2, column 2: no JSON value (only whitespace)"),
        // Structure.
        (#"[]"#, #"the top level must be an object like {"events": [...]}, not an array"#),
        (#"{}"#, #"missing field "events""#),
        (#"{"events": {}}"#, #""events" must be an array, not an object"#),
        (#"{"events": [], "speed": 2}"#, #"unknown field "speed" at the top level (only "events" is allowed)"#),
        (#"{"events": [], "events": []}"#, #"duplicate field "events""#),
        (#"{"events": [3]}"#, "event 0: must be an object, not a number"),
        // Missing and unknown fields and types.
        (#"{"events": [{"type": "down", "x": 1, "y": 2}]}"#, #"event 0: missing field "t""#),
        (#"{"events": [{"t": 0, "x": 1, "y": 2}]}"#, #"event 0: missing field "type""#),
        (#"{"events": [{"t": 0, "type": "down", "x": 1}]}"#, #"event 0: missing field "y""#),
        (#"{"events": [{"t": 0, "type": "tap", "x": 1, "y": 2}]}"#, #"event 0: unknown type "tap" (valid: down, move, up, touchDown, touchMove, touchUp, rightClick, wheel, key, gamepad, rotary, text, compose, scrollTo, scrollToEnd, scrollToItem, drag-indicator, insert, delete, resize, screenshot)"#),
        (#"{"events": [{"t": 0, "type": "down", "x": 1, "y": 2, "z": 3}]}"#, #"event 0: unknown field "z" for type "down" (valid: t, type, x, y)"#),
        (#"{"events": [{"t": 0, "type": "down", "x": 1, "x": 2, "y": 2}]}"#, #"event 0: duplicate field "x""#),
        (#"{"events": [{"t": 0, "type": "scrollToEnd", "curve": "linear", "index": 3}]}"#, #"event 0: unknown field "index" for type "scrollToEnd" (valid: t, type, duration, curve)"#),
        (#"{"events": [{"t": 0, "type": "wheel"}]}"#, #"event 0: a wheel event needs "dx" or "dy""#),
        (#"{"events": [{"t": 0, "type": "wheel", "dy": 1, "x": 5}]}"#, #"event 0: "x" and "y" go together: give both or neither"#),
        // Wrong types.
        (#"{"events": [{"t": 0, "type": "down", "x": "1", "y": 2}]}"#, #"event 0: "x" must be a number"#),
        (#"{"events": [{"t": 0, "type": "down", "x": true, "y": 2}]}"#, #"event 0: "x" must be a number"#),
        (#"{"events": [{"t": null, "type": "down", "x": 1, "y": 2}]}"#, #"event 0: "t" must be a number"#),
        (#"{"events": [{"t": 0, "type": 5}]}"#, #"event 0: "type" must be a string, not a number"#),
        (#"{"events": [{"t": 0, "type": "key", "key": 38}]}"#, #"event 0: "key" must be a string, not a number"#),
        (#"{"events": [{"t": 0, "type": "key", "key": "F1"}]}"#, #"event 0: "key" must be one of Up, Down, Left, Right, PageUp, PageDown, Home, End, Space, Return, Tab, ZoomIn, ZoomOut, ZoomReset, Backspace, Delete, Escape, Back, A, C, V, X, Y, Z (got "F1")"#),
        (#"{"events": [{"t": 0, "type": "scrollToItem", "index": 2, "position": "middle"}]}"#, #"event 0: "position" must be one of start, center, end, visible (got "middle")"#),
        (#"{"events": [{"t": 0, "type": "scrollToItem", "index": 2.5}]}"#, #"event 0: "index" must be a whole number (got 2.5)"#),
        (#"{"events": [{"t": 0, "type": "screenshot", "path": ""}]}"#, #"event 0: "path" must not be empty"#),
        // NaN, Infinity, huge numbers.
        (#"{"events": [{"t": 0, "type": "down", "x": NaN, "y": 2}]}"#, #"event 0: "x" must be a finite number (got NaN)"#),
        (#"{"events": [{"t": 0, "type": "down", "x": 1, "y": Infinity}]}"#, #"event 0: "y" must be a finite number (got Infinity)"#),
        (#"{"events": [{"t": 0, "type": "wheel", "dy": -Infinity}]}"#, #"event 0: "dy" must be a finite number (got -Infinity)"#),
        (#"{"events": [{"t": 1e400, "type": "down", "x": 1, "y": 2}]}"#, #"event 0: "t" must be a finite number (got 1e400, it is out of range)"#),
        (#"{"events": [{"t": 0, "type": "down", "x": 1e300, "y": 2}]}"#, #"event 0: "x" must be between -1000000000 and 1000000000 (got 1e300)"#),
        (#"{"events": [{"t": 0, "type": "wheel", "dy": 20000}]}"#, #"event 0: "dy" must be between -10000 and 10000 (got 20000)"#),
        (#"{"events": [{"t": 0, "type": "scrollToEnd", "duration": 1e5}]}"#, #"event 0: "duration" must be at most 3600 (got 1e5)"#),
        (#"{"events": [{"t": 0, "type": "scrollToEnd", "duration": -1}]}"#, #"event 0: "duration" must be at least 0 (got -1)"#),
        (#"{"events": [{"t": 0, "type": "scrollToItem", "index": 1e13}]}"#, #"event 0: "index" must be at most 1000000000000 (got 1e13)"#),
        (#"{"events": [{"t": 0, "type": "resize", "width": 0, "height": 600}]}"#, #"event 0: "width" must be between 1 and 16384 (got 0)"#),
        (#"{"events": [{"t": 0, "type": "resize", "width": 800, "height": 99999}]}"#, #"event 0: "height" must be between 1 and 16384 (got 99999)"#),
        // Times.
        (#"{"events": [{"t": -0.5, "type": "down", "x": 1, "y": 2}]}"#, #"event 0: "t" must be at least 0 (got -0.5)"#),
        (#"{"events": [{"t": 90000, "type": "down", "x": 1, "y": 2}]}"#, #"event 0: "t" must be at most 86400 (got 90000)"#),
        ("""
         {"events": [{"t": 0, "type": "down", "x": 1, "y": 2},
                     {"t": 1.0, "type": "move", "x": 1, "y": 3},
                     {"t": 0.5, "type": "up", "x": 1, "y": 4}]}
         """, #"event 2: "t" is 0.5, earlier than event 1's 1.0: events must be in time order"#),
    ] as [(String, String)])
    func malformedScriptsNameTheProblem(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(message(deep) == "line 1, column 65: nested more than 64 levels deep")
        let deepInEvent = one(#"{"t": 0, "type": "down", "x": "# + String(repeating: "[", count: 70))
        #expect(message(deepInEvent)?.hasSuffix("nested more than 64 levels deep") == true)
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array(one(#"{"t": 0, "type": "screenshot", "path": "x.png"}"#).utf8)
        bytes[bytes.count - 8] = 0xFF
        #expect(throws: ScriptError("line 1, column 54: not valid UTF-8")) {
            try Script.parse(bytes, curves: .standard)
        }
    }

    @Test func echoedTextIsShortAndOnOneLine() {
        let digits = "1" + String(repeating: "0", count: 100_000)
        #expect(message(one(#"{"t": "# + digits + #", "type": "key", "key": "Up"}"#))
                == #"event 0: "t" must be a finite number (got 100000000000000000000000000000000000000000000000…, it is out of range)"#)
        #expect(message(one(#"{"t": 0, "type": "a\nb\u0007c"}"#))
                == #"event 0: unknown type "a\nb\u{7}c" (valid: down, move, up, touchDown, touchMove, touchUp, rightClick, wheel, key, gamepad, rotary, text, compose, scrollTo, scrollToEnd, scrollToItem, drag-indicator, insert, delete, resize, screenshot)"#)
        #expect(excerpt(String(repeating: "é", count: 60)) == String(repeating: "é", count: 48) + "…")
    }

    @Test func curvesGoThroughTheValidatorHook() throws {
        let strict = CurveValidator { name in name == "linear" || name == "smoothstep" ? nil : "unknown curve (valid: linear, smoothstep)" }
        #expect(message(one(#"{"t": 0, "type": "scrollToEnd", "curve": "smoothstep"}"#), curves: strict) == nil)
        #expect(message(one(#"{"t": 0, "type": "scrollToEnd", "curve": "wobbly"}"#), curves: strict)
                == #"event 0: "curve" "wobbly": unknown curve (valid: linear, smoothstep)"#)
        #expect(message(one(#"{"t": 0, "type": "scrollTo", "x": 0, "y": 0, "curve": ""}"#))
                == #"event 0: "curve" "": must not be empty"#)
        #expect(message(one(#"{"t": 0, "type": "scrollTo", "x": 0, "y": 0, "curve": 1}"#))
                == #"event 0: "curve" must be a string, not a number"#)
    }

    @Test func equalTimesKeepFileOrder() throws {
        let script = try parse("""
        {"events": [{"t": 1, "type": "key", "key": "Up"}, {"t": 1, "type": "key", "key": "Down"}, {"t": 1, "type": "key", "key": "Home"}]}
        """)
        #expect(script.events.map(\.action) == [.key(.up), .key(.down), .key(.home)])
    }

    /// Every prefix and many single-byte corruptions of a valid script must parse or throw, never trap;
    /// every prefix that stops before the closing brace is an error.
    @Test func truncationsAndCorruptionsNeverTrap() {
        let valid = Array("""
        {"events": [{"t": 0, "type": "down", "x": 1.5e2, "y": -2},
          {"t": 0.25, "type": "wheel", "dy": 1, "x": 3, "y": 4},
          {"t": 0.5, "type": "scrollToItem", "index": 3, "position": "end", "curve": "line\\u0061r"},
          {"t": 1, "type": "screenshot", "path": "\\"q\\".png"}]}
        """.utf8)
        #expect((try? Script.parse(valid, curves: .standard)) != nil)
        let closing = valid.lastIndex(of: UInt8(ascii: "}"))!
        for length in 0..<closing {
            #expect((try? Script.parse(Array(valid[0..<length]), curves: .standard)) == nil, "prefix \(length)")
        }
        var generator = SplitMix64(seed: 7)
        let replacements: [UInt8] = Array("{}[]\",:0-eE.\\uNI \n".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<3_000 {
            var bytes = valid
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = replacements[Int(generator.next() % UInt64(replacements.count))]
            }
            _ = try? Script.parse(bytes, curves: .standard)
        }
    }

    @Test func loadNamesTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("skdemo-load-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("script.json").path
        try Data(one(#"{"t": 0, "type": "down", "x": "1", "y": 2}"#).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: CLIError(#"\#(path): event 0: "x" must be a number"#)) { try Script.load(path: path) }
        #expect(throws: CLIError(#"cannot read script "\#(dir.path)/missing.json": No such file or directory"#)) {
            try Script.load(path: dir.path + "/missing.json")
        }
        #expect(throws: CLIError(#"cannot read script "\#(dir.path)": Is a directory"#)) { try Script.load(path: dir.path) }
    }
}
