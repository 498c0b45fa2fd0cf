// InputRecording: the input a run received (pointer, touch, wheel, zoom, keys, typed text, compositions,
// resizes), each at its own time from the run's first frame, written and read as the script format's events.

import Foundation
import Motion
import ScrollKit

/// The input a window received, with its own times, in the event-script format (`scrollkit-demo --script`):
/// replaying it headless at the same frame rate reproduces the session, so a bug report becomes a test.
///
/// Record with ``RecordingClient`` (or ``append(_:)`` yourself); write with ``write(to:)``; replay with
/// ScrollKitTesting's `TestApp.replay(_:)`, or `scrollkit-demo --script FILE --hz N` for the demo.
/// Times are seconds from the run's first frame (its tick's `timestamp`): the same convention as scripts'
/// `"t"`, so event `t` is delivered before the first frame at or after it.
public struct InputRecording: Sendable, Equatable {
    /// One recorded event.
    public enum Event: Sendable, Equatable {
        /// Input, its time made relative to the run's first frame.
        case input(InputEvent)
        /// The window's new size in points, at time `t`.
        case resize(Size, t: Double)

        /// Seconds from the run's first frame.
        public var t: Double {
            switch self {
            case .input(let e): return e.time
            case .resize(_, let t): return t
            }
        }
    }

    /// The events, in the order received.
    public private(set) var events: [Event] = []
    /// Events the script format cannot say (a middle-click paste), left out; counted here.
    public private(set) var skipped = 0

    public init() {}

    /// Records `event` at its own time, already relative to the run's first frame (``RecordingClient`` makes
    /// it so). Events the format cannot say are counted in ``skipped``.
    public mutating func append(_ event: InputEvent) {
        guard Self.encode(event) != nil else { skipped += 1; return }
        events.append(.input(event))
    }

    /// Records a resize to `size` points at `t`.
    public mutating func appendResize(_ size: Size, t: Double) {
        events.append(.resize(size, t: t))
    }

    // MARK: - Writing

    /// The recording as a script: `{"events": [{"t": …, "type": "down", "x": …, "y": …}, …]}`, one event a line.
    public var json: String {
        var lines: [String] = []
        lines.reserveCapacity(events.count)
        for event in events {
            let fields: [(String, String)]?
            switch event {
            case .input(let e): fields = Self.encode(e)
            case .resize(let size, _): fields = [("type", Self.quoted("resize")), ("width", Self.number(size.width)),
                                                 ("height", Self.number(size.height))]
            }
            guard let fields else { continue }
            let body = ([("t", Self.number(max(0, event.t)))] + fields).map { "\(Self.quoted($0.0)): \($0.1)" }
            lines.append("  {" + body.joined(separator: ", ") + "}")
        }
        return "{\"events\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// Writes ``json`` to `path`, checked to its last byte (a half-written file is removed).
    /// - Throws: ``FileWriteError`` when it cannot be written in full (a full disk, `/dev/full`).
    public func write(to path: String) throws(FileWriteError) {
        try CheckedFile.write(Array(json.utf8), to: path)
    }

    /// An event's script fields after "t", or nil when the format has no such event.
    static func encode(_ event: InputEvent) -> [(String, String)]? {
        func at(_ p: Point) -> [(String, String)] { [("x", number(p.x)), ("y", number(p.y))] }
        func type(_ name: String) -> (String, String) { ("type", quoted(name)) }
        switch event {
        case .pointerDown(let p, _): return [type("down")] + at(p)
        case .pointerMove(let p, _): return [type("move")] + at(p)
        case .pointerUp(let p, _): return [type("up")] + at(p)
        case .touchDown(let d, let id, let p, _): return [type("touchDown"), ("id", "\(id)"), ("device", "\(d)")] + at(p)
        case .touchMove(let d, let id, let p, _): return [type("touchMove"), ("id", "\(id)"), ("device", "\(d)")] + at(p)
        case .touchUp(let d, let id, let p, _): return [type("touchUp"), ("id", "\(id)"), ("device", "\(d)")] + at(p)
        case .wheel(let dx, let dy, let p, _): return [type("wheel"), ("dx", number(dx)), ("dy", number(dy))] + at(p)
        case .magnify(let scale, let p, _):
            // Ctrl + wheel: the steps whose zoom is `scale` (EventTranslator.wheelZoomScale's inverse).
            guard scale.isFinite, scale > 0, scale != 1 else { return nil }
            let steps = log(scale) / log(ScrollingView.wheelZoomStep)
            return [type("wheel"), ("dy", number(steps)), ("ctrl", "true")] + at(p)
        case .key(let key, let modifiers, _):
            var fields = [type("key")]
            switch key {
            case .backtab: return fields + [("key", quoted("Tab")), ("shift", "true")]
            case .enter: fields.append(("key", quoted("Return")))
            default: fields.append(("key", quoted(key.rawValue)))
            }
            if modifiers.contains(.control) { fields.append(("ctrl", "true")) }
            if modifiers.contains(.shift) { fields.append(("shift", "true")) }
            return fields
        case .text(let s, _):
            return s.isEmpty ? nil : [type("text"), ("text", quoted(s))]
        case .composition(let s, let cursor, _):
            return [type("compose"), ("text", quoted(s)), ("cursor", "\(max(0, min(cursor, s.unicodeScalars.count)))")]
        case .pastePrimary:
            return nil
        case .secondaryClick(let p, _): return [type("rightClick")] + at(p)
        case .gamepad(let button, let pressed, _):
            return [type("gamepad"), ("button", quoted(button.rawValue)), ("state", quoted(pressed ? "down" : "up"))]
        case .rotary(let steps, _):
            return steps == 0 ? nil : [type("rotary"), ("steps", "\(steps)")]
        case .gamepadStick:
            return nil   // scripts have no stick event; the moves it makes are not recorded either
        }
    }

    /// A number as JSON: shortest round-trip form, finite (a non-finite one is written 0).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
