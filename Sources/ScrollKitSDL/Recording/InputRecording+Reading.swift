// Reading an InputRecording back from its JSON (the events InputRecording writes), and retiming input events.

import Foundation
import Motion
import ScrollKit

/// A recording that cannot be read: what is wrong and where.
public struct InputRecordingError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension InputRecording {
    /// Reads the recording at `path` (see ``init(json:)``).
    /// - Throws: ``InputRecordingError`` naming the file and the first bad event.
    public init(contentsOf path: String) throws {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw InputRecordingError("\(path): cannot read it (\(error.localizedDescription))")
        }
        do { try self.init(json: data) } catch let error as InputRecordingError {
            throw InputRecordingError("\(path): \(error.description)")
        }
    }

    /// Reads the events ``json`` writes: `down`, `move`, `up`, `touchDown`, `touchMove`, `touchUp`, `wheel`
    /// (with `"ctrl": true` a zoom), `key`, `text`, `compose` and `resize`, each with its `"t"`. (The demo's
    /// `--script` reads these and more: scene commands, screenshots.)
    /// - Throws: ``InputRecordingError`` for anything else.
    public init(json data: Data) throws {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["events"] as? [[String: Any]] else {
            throw InputRecordingError("not a recording: expected {\"events\": [{\"t\": …, \"type\": …}, …]}")
        }
        self.init()
        for (index, fields) in list.enumerated() {
            func fail(_ what: String) -> InputRecordingError { InputRecordingError("event \(index): \(what)") }
            func number(_ key: String) throws -> Double {
                guard let n = fields[key] as? NSNumber, n.doubleValue.isFinite else { throw fail("\"\(key)\" must be a number") }
                return n.doubleValue
            }
            func whole(_ key: String) throws -> Int {
                let v = try number(key)
                guard v == v.rounded(), abs(v) < 1e9 else { throw fail("\"\(key)\" must be a whole number") }
                return Int(v)
            }
            func flag(_ key: String) -> Bool { (fields[key] as? NSNumber)?.boolValue ?? false }
            guard let type = fields["type"] as? String else { throw fail("no \"type\"") }
            let t = try number("t")
            func point() throws -> Point { Point(x: try number("x"), y: try number("y")) }
            let event: InputEvent
            switch type {
            case "down": event = .pointerDown(location: try point(), time: t)
            case "move": event = .pointerMove(location: try point(), time: t)
            case "up": event = .pointerUp(location: try point(), time: t)
            case "rightClick": event = .secondaryClick(location: try point(), time: t)
            case "touchDown", "touchMove", "touchUp":
                let id = try whole("id"), device = fields["device"] == nil ? 0 : try whole("device")
                let p = try point()
                event = type == "touchDown" ? .touchDown(device: device, id: id, location: p, time: t)
                    : type == "touchMove" ? .touchMove(device: device, id: id, location: p, time: t)
                    : .touchUp(device: device, id: id, location: p, time: t)
            case "wheel":
                let dx = fields["dx"] == nil ? 0 : try number("dx"), dy = fields["dy"] == nil ? 0 : try number("dy")
                let p = try point()
                event = flag("ctrl") ? .magnify(scale: pow(ScrollingView.wheelZoomStep, dy), location: p, time: t)
                    : .wheel(dx: dx, dy: dy, location: p, time: t)
            case "key":
                guard let name = fields["key"] as? String else { throw fail("\"key\" must be a key's name") }
                let key: Key? = name == "Return" ? .enter : Key(rawValue: name)
                guard var k = key else { throw fail("unknown key \"\(name)\"") }
                var modifiers: KeyModifiers = []
                if flag("ctrl") { modifiers.insert(.control) }
                if flag("shift") {
                    if k == .tab && !modifiers.contains(.control) { k = .backtab } else { modifiers.insert(.shift) }
                }
                event = .key(k, modifiers: modifiers, time: t)
            case "text":
                guard let s = fields["text"] as? String, !s.isEmpty else { throw fail("\"text\" must be a non-empty string") }
                event = .text(s, time: t)
            case "compose":
                guard let s = fields["text"] as? String else { throw fail("\"text\" must be a string") }
                let cursor = fields["cursor"] == nil ? s.unicodeScalars.count : try whole("cursor")
                event = .composition(s, cursor: cursor, time: t)
            case "gamepad":
                guard let name = fields["button"] as? String, let button = GamepadButton(rawValue: name) else {
                    throw fail("\"button\" must be a gamepad button's name")
                }
                guard let state = fields["state"] as? String, state == "down" || state == "up" else {
                    throw fail("\"state\" must be \"down\" or \"up\"")
                }
                event = .gamepad(button, pressed: state == "down", time: t)
            case "rotary":
                event = .rotary(steps: try whole("steps"), time: t)
            case "resize":
                appendResize(Size(width: try number("width"), height: try number("height")), t: t)
                continue
            default:
                throw fail("\"\(type)\" is not an input event")
            }
            append(event)
        }
    }
}

extension InputEvent {
    /// The same event at `time`.
    public func at(time t: Double) -> InputEvent {
        switch self {
        case .pointerDown(let p, _): return .pointerDown(location: p, time: t)
        case .pointerMove(let p, _): return .pointerMove(location: p, time: t)
        case .pointerUp(let p, _): return .pointerUp(location: p, time: t)
        case .wheel(let dx, let dy, let p, _): return .wheel(dx: dx, dy: dy, location: p, time: t)
        case .key(let k, let m, _): return .key(k, modifiers: m, time: t)
        case .text(let s, _): return .text(s, time: t)
        case .composition(let s, let c, _): return .composition(s, cursor: c, time: t)
        case .pastePrimary(let p, _): return .pastePrimary(location: p, time: t)
        case .touchDown(let d, let id, let p, _): return .touchDown(device: d, id: id, location: p, time: t)
        case .touchMove(let d, let id, let p, _): return .touchMove(device: d, id: id, location: p, time: t)
        case .touchUp(let d, let id, let p, _): return .touchUp(device: d, id: id, location: p, time: t)
        case .magnify(let s, let p, _): return .magnify(scale: s, location: p, time: t)
        case .secondaryClick(let p, _): return .secondaryClick(location: p, time: t)
        case .gamepad(let b, let pressed, _): return .gamepad(b, pressed: pressed, time: t)
        case .gamepadStick(let x, let y, _): return .gamepadStick(x: x, y: y, time: t)
        case .rotary(let steps, _): return .rotary(steps: steps, time: t)
        }
    }
}
