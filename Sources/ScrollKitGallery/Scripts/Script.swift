// Scripts: Script, ScriptEvent, ScriptAction, TouchPhase and SceneCommand, CurveValidator and ScriptError,
// and reading a script's JSON into events.

import Motion
import ScrollKit
import ScrollKitSDL

/// A scripted run: input and commands at times since the run began, read from a JSON file.
///
/// The format (also in DEVELOPERS.md, "Script format"):
///
/// ```json
/// {"events": [
///   {"t": 0.0,  "type": "down", "x": 400, "y": 500},
///   {"t": 0.05, "type": "move", "x": 400, "y": 300},
///   {"t": 0.1,  "type": "up",   "x": 400, "y": 100},
///   {"t": 0.5,  "type": "touchDown", "id": 1, "x": 300, "y": 400},
///   {"t": 0.5,  "type": "touchDown", "id": 2, "x": 500, "y": 400},
///   {"t": 0.55, "type": "touchMove", "id": 1, "x": 300, "y": 300},
///   {"t": 1.0,  "type": "scrollToEnd", "duration": 2, "curve": "smoothstep"},
///   {"t": 3.2,  "type": "drag-indicator", "fraction": 0.5},
///   {"t": 3.5,  "type": "screenshot", "path": "end.png"}
/// ]}
/// ```
///
/// Parsing is strict: unknown fields and types, wrong types, duplicates, non-finite or
/// out-of-range numbers and events out of time order are errors that name the event
/// (its zero-based index in `events`) and the field. See `Script.parse(_:curves:)`.
public struct Script: Sendable, Equatable {
    /// The events in file order, which is also time order (non-decreasing `t`).
    public internal(set) var events: [ScriptEvent]

    init(events: [ScriptEvent]) { self.events = events }
}

/// One scripted event: what happens and when.
public struct ScriptEvent: Sendable, Equatable {
    /// Seconds since the run began (finite, 0 ... `Script.Limits.maxTime`).
    public internal(set) var t: Double
    var action: ScriptAction

    init(t: Double, _ action: ScriptAction) { self.t = t; self.action = action }
}

/// What a scripted event does.
enum ScriptAction: Sendable, Equatable {
    /// Primary pointer down / moved / up at a point in window points.
    case down(Point)
    case move(Point)
    case up(Point)
    /// A right click (the secondary button) at a point in window points: a context menu.
    case rightClick(Point)
    /// Finger `id` of touchscreen `device` (0 when not given) down / moved / up at a point in window points.
    case touch(TouchPhase, device: Int, id: Int, Point)
    /// A wheel turn in steps (fractions allowed; positive `dy` = toward the start, as SDL reports it).
    /// `location` nil = the last scripted pointer position, or the window's centre before any.
    /// A `"shift": true` wheel is already turned horizontal here (`EventTranslator.shiftedWheel`).
    /// Played with its own `t`, so fractional events less than 25 ms apart make a trackpad stream
    /// (`WheelStreamClassifier`).
    case wheel(dx: Double, dy: Double, location: Point?)
    /// A Ctrl + wheel turn: a zoom by `scale` (`EventTranslator.wheelZoomScale(steps:)` of its `dy`) about
    /// `location` (nil: as for `wheel`).
    case magnify(scale: Double, location: Point?)
    /// A key press with its modifiers; `"key": "Tab", "shift": true` is `.backtab`, `"Return"` is `.enter`.
    case key(Key, KeyModifiers = [])
    /// A game controller's button down or up, and a rotary encoder's notches (see `Script+Gamepad.swift`).
    case gamepad(GamepadButton, pressed: Bool)
    case rotary(steps: Int)
    /// Typed text, as `SDL_TEXTINPUT` delivers it (see `Script+TextInput.swift`).
    case text(String)
    /// An input method's composition with its cursor (a scalar offset); "" ends it without committing.
    case compose(String, cursor: Int)
    /// A command for the scene (scenes without a scroll view ignore it).
    case scene(SceneCommand)
    /// Resize the window / headless surface to a size in points.
    case resize(Size)
    /// Write a PNG of the frame on screen at `t` (relative paths: from the working directory).
    case screenshot(path: String)
}

/// Which of a finger's events a script's `touchDown` / `touchMove` / `touchUp` is.
enum TouchPhase: Sendable, Equatable { case down, move, up }

/// A scripted request to the scene's main scroll view.
///
/// `curve` is the curve the script named, parsed by the script's `CurveValidator`
/// (`TimingCurve(parsing:)`); nil means the scene's default.
enum SceneCommand: Sendable, Equatable {
    case scrollTo(Point, duration: Double, curve: TimingCurve?)
    case scrollToEnd(duration: Double, curve: TimingCurve?)
    case scrollToItem(index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?)
    /// Move the main scroll view's indicator thumb to `fraction` (0...1) of its travel, as a mouse drag would.
    case dragIndicator(fraction: Double)
    /// A change to the scene's items (`insert`, `delete`, `move`), from script event number `event`; scenes
    /// without data changes refuse it and the run fails (`DemoScene.apply(_:animated:)`).
    case change(ListChange, animated: Bool, event: Int)
}

/// Turns curve names found in scripts into curves: first `check` (extra rules: nil for a name that
/// passes, or a one-line reason), then Motion's `TimingCurve(parsing:)` (names, aliases,
/// `cubic-bezier(…)`, `spring(…)`; its error lists the valid names).
public struct CurveValidator: Sendable {
    var check: @Sendable (String) -> String?

    init(check: @escaping @Sendable (String) -> String?) { self.check = check }

    /// The curve `name` stands for, or a one-line reason it is not valid.
    func curve(named name: String) -> Result<TimingCurve, ScriptError> {
        if let problem = check(name) { return .failure(ScriptError(CLIError.oneLine(problem))) }
        do {
            return .success(try TimingCurve(parsing: name))
        } catch {
            return .failure(ScriptError(CLIError.oneLine(error.description)))
        }
    }

    /// The validator the command uses: any name `TimingCurve(parsing:)` accepts (an empty one is
    /// reported as such).
    public static let standard = CurveValidator { name in
        name.isEmpty ? "must not be empty" : nil
    }
}

/// A script error: which event (zero-based index in `events`, nil for the file as a whole) and what is wrong.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    var event: Int?
    var message: String

    init(event: Int? = nil, _ message: String) { self.event = event; self.message = message }

    public var description: String {
        if let event { return "event \(event): \(message)" }
        return message
    }
}

extension Script {
    /// Bounds on the numbers a script may hold; anything outside is an error naming the field.
    public enum Limits {
        /// Latest event time, seconds (one day).
        public static let maxTime = 86_400.0
        /// Largest magnitude of a coordinate (pointer positions, scrollTo offsets), points.
        static let maxCoordinate = 1e9
        /// Largest magnitude of a wheel turn, steps.
        static let maxWheelSteps = 10_000.0
        /// Longest animation, seconds.
        static let maxDuration = 3_600.0
        /// Largest item index for scrollToItem, and largest finger id and touch device.
        static let maxIndex = 1_000_000_000_000.0
        /// Largest window dimension for resize, points (the same bound as `--size`).
        static let maxDimension = Double(OptionRanges.windowDimension.bounds.upperBound)
        /// Largest script file, bytes.
        static let maxFileSize = 64 * 1024 * 1024
    }

    /// Default duration of scrollTo / scrollToEnd / scrollToItem when "duration" is omitted, seconds.
    static let defaultDuration = 0.3

    /// The event types, in the order the documentation lists them.
    static let eventTypes = ["down", "move", "up", "touchDown", "touchMove", "touchUp", "rightClick", "wheel", "key",
                             "gamepad", "rotary", "text", "compose", "scrollTo", "scrollToEnd",
                             "scrollToItem", "drag-indicator", "insert", "delete", "resize", "screenshot"]

    /// The fields each event type accepts (besides "t" and "type").
    static let fields: [String: [String]] = [
        "down": ["x", "y"], "move": ["x", "y", "from", "to", "animated"], "up": ["x", "y"],
        "touchDown": ["id", "x", "y", "device"], "touchMove": ["id", "x", "y", "device"],
        "touchUp": ["id", "x", "y", "device"], "rightClick": ["x", "y"],
        "insert": ["index", "count", "animated"], "delete": ["index", "count", "animated"],
        "wheel": ["dx", "dy", "x", "y", "shift", "ctrl"],
        "key": ["key", "shift", "ctrl"],
        "gamepad": ["button", "state"],
        "rotary": ["steps"],
        "text": ["text"],
        "compose": ["text", "cursor"],
        "scrollTo": ["x", "y", "duration", "curve"],
        "scrollToEnd": ["duration", "curve"],
        "scrollToItem": ["index", "position", "duration", "curve"],
        "drag-indicator": ["fraction"],
        "resize": ["width", "height"],
        "screenshot": ["path"],
    ]

    /// Reads and validates a script file. Errors are `CLIError`s of the form
    /// `<path>: event 3: "x" must be a number` or `<path>: line 2, column 5: …`.
    static func load(path: String, curves: CurveValidator = .standard) throws(CLIError) -> Script {
        let bytes = try FileCheck.readFile(path, what: "script", limit: Limits.maxFileSize)
        do {
            return try parse(bytes, curves: curves)
        } catch {
            throw CLIError("\(path): \(error)")
        }
    }

    /// Parses and validates a script. Never traps on any input; O(n) in its size.
    public static func parse(_ bytes: [UInt8], curves: CurveValidator = .standard) throws(ScriptError) -> Script {
        // The events are validated as the parser reads them (no tree of 10^6 event objects in memory);
        // errors keep their precedence: syntax anywhere, then the top level, then the first bad event.
        let collector = EventCollector(curves: curves)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, streamingArrayAt: "events") { index, item in collector.add(item, index: index) }
        } catch {
            throw ScriptError(error.description)
        }
        guard case .object(let members) = root else {
            throw ScriptError("the top level must be an object like {\"events\": [...]}, not \(root.kindDescription)")
        }
        var eventsValue: JSONValue?
        for member in members {
            guard member.key == "events" else {
                throw ScriptError("unknown field \"\(excerpt(member.key))\" at the top level (only \"events\" is allowed)")
            }
            guard eventsValue == nil else { throw ScriptError("duplicate field \"events\"") }
            eventsValue = member.value
        }
        guard let eventsValue else { throw ScriptError("missing field \"events\"") }
        guard case .array = eventsValue else {
            throw ScriptError("\"events\" must be an array, not \(eventsValue.kindDescription)")
        }
        if let failure = collector.failure { throw failure }
        return Script(events: collector.events)
    }
}

/// Validates the events one by one as the JSON parser hands them over; keeps the first error.
private final class EventCollector {
    let curves: CurveValidator
    var events: [ScriptEvent] = []
    var failure: ScriptError?
    private var previous: (t: Double, text: String)?

    init(curves: CurveValidator) { self.curves = curves }

    func add(_ item: JSONValue, index: Int) {
        guard failure == nil else { return }
        do throws(ScriptError) {
            var reader = try EventReader(item, index: index)
            let event = try reader.readEvent(curves: curves)
            if let previous, event.t < previous.t {
                throw ScriptError(event: index, "\"t\" is \(excerpt(reader.tText)), earlier than event \(index - 1)'s \(excerpt(previous.text)): events must be in time order")
            }
            previous = (event.t, reader.tText)
            events.append(event)
        } catch {
            failure = error
            events = []
        }
    }
}

/// Reads the fields of one event object, reporting errors with the event's index.
struct EventReader {
    let index: Int
    let members: [String: JSONValue]
    var tText = ""

    init(_ value: JSONValue, index: Int) throws(ScriptError) {
        self.index = index
        guard case .object(let list) = value else {
            throw ScriptError(event: index, "must be an object, not \(value.kindDescription)")
        }
        var members: [String: JSONValue] = Dictionary(minimumCapacity: list.count)
        for member in list {
            if members[member.key] != nil { throw ScriptError(event: index, "duplicate field \"\(excerpt(member.key))\"") }
            members[member.key] = member.value
        }
        self.members = members
    }

    mutating func readEvent(curves: CurveValidator) throws(ScriptError) -> ScriptEvent {
        guard let tValue = members["t"] else { throw fail("missing field \"t\"") }
        let t = try number("t", tValue, min: 0, max: Script.Limits.maxTime)
        if case .number(_, let text) = tValue { tText = text }

        guard let typeValue = members["type"] else { throw fail("missing field \"type\"") }
        guard case .string(let type) = typeValue else { throw fail("\"type\" must be a string, not \(typeValue.kindDescription)") }
        guard let allowed = Script.fields[type] else {
            throw fail("unknown type \"\(excerpt(type))\" (valid: \(Script.eventTypes.joined(separator: ", ")))")
        }
        // The first unknown field in name order (sorted only when there is one).
        if members.keys.contains(where: { $0 != "t" && $0 != "type" && !allowed.contains($0) }) {
            for key in members.keys.sorted() where key != "t" && key != "type" && !allowed.contains(key) {
                throw fail("unknown field \"\(excerpt(key))\" for type \"\(type)\" (valid: t, type, \(allowed.joined(separator: ", ")))")
            }
        }

        let action: ScriptAction
        switch type {
        case "down": action = .down(try point())
        case "move":
            // Two events share the name: the pointer's move ("x", "y") and an item's move ("from", "to").
            let pointerFields = members["x"] != nil || members["y"] != nil
            let itemFields = members["from"] != nil || members["to"] != nil || members["animated"] != nil
            if itemFields {
                guard !pointerFields else {
                    throw fail("a move event takes \"x\" and \"y\" (the pointer) or \"from\" and \"to\" (an item), not both")
                }
                let from = try wholeNumber("from", min: 0, max: Script.Limits.maxIndex)
                let to = try wholeNumber("to", min: 0, max: Script.Limits.maxIndex)
                action = .scene(.change(.move(from: from, to: to), animated: try animated(), event: index))
            } else {
                action = .move(try point())
            }
        case "insert", "delete":
            let at = try wholeNumber("index", min: 0, max: Script.Limits.maxIndex)
            let count = try wholeNumber("count", min: 0, max: Script.Limits.maxIndex)
            let change: ListChange = type == "insert" ? .insert(at: at, count: count) : .delete(at: at, count: count)
            action = .scene(.change(change, animated: try animated(), event: index))
        case "up": action = .up(try point())
        case "rightClick": action = .rightClick(try point())
        case "touchDown", "touchMove", "touchUp":
            let phase: TouchPhase = type == "touchDown" ? .down : type == "touchMove" ? .move : .up
            let id = try wholeNumber("id", min: 0, max: Script.Limits.maxIndex)
            let device = members["device"] == nil ? 0 : try wholeNumber("device", min: 0, max: Script.Limits.maxIndex)
            action = .touch(phase, device: device, id: id, try point())
        case "wheel":
            guard members["dx"] != nil || members["dy"] != nil else { throw fail("a wheel event needs \"dx\" or \"dy\"") }
            let dx = try optionalNumber("dx", min: -Script.Limits.maxWheelSteps, max: Script.Limits.maxWheelSteps) ?? 0
            let dy = try optionalNumber("dy", min: -Script.Limits.maxWheelSteps, max: Script.Limits.maxWheelSteps) ?? 0
            var location: Point?
            switch (members["x"] != nil, members["y"] != nil) {
            case (true, true): location = try point()
            case (false, false): location = nil
            default: throw fail("\"x\" and \"y\" go together: give both or neither")
            }
            if try flag("ctrl") {
                guard dy != 0, dx == 0 else { throw fail("a \"ctrl\": true wheel zooms by \"dy\" (non-zero, without \"dx\")") }
                guard try !flag("shift") else { throw fail("\"ctrl\" and \"shift\" do not go together on a wheel event") }
                action = .magnify(scale: EventTranslator.wheelZoomScale(steps: dy), location: location)
            } else {
                let turn = try flag("shift") ? EventTranslator.shiftedWheel(dx: dx, dy: dy) : (dx: dx, dy: dy)
                action = .wheel(dx: turn.dx, dy: turn.dy, location: location)
            }
        case "key": action = try keyAction()
        case "gamepad": action = try gamepadAction()
        case "rotary": action = try rotaryAction()
        case "text": action = try textAction()
        case "compose": action = try composeAction()
        case "scrollTo":
            let target = try point()
            action = .scene(.scrollTo(target, duration: try duration(), curve: try curve(curves)))
        case "scrollToEnd":
            action = .scene(.scrollToEnd(duration: try duration(), curve: try curve(curves)))
        case "scrollToItem":
            let item = try wholeNumber("index", min: 0, max: Script.Limits.maxIndex)
            var position = ItemPosition.start
            if members["position"] != nil {
                let name = try string("position")
                guard let p = ItemPosition(rawValue: name) else {
                    throw fail("\"position\" must be one of start, center, end, visible (got \"\(excerpt(name))\")")
                }
                position = p
            }
            action = .scene(.scrollToItem(index: item, position: position, duration: try duration(), curve: try curve(curves)))
        case "drag-indicator":
            action = .scene(.dragIndicator(fraction: try requiredNumber("fraction", min: 0, max: 1)))
        case "resize":
            let width = try wholeNumber("width", min: 1, max: Script.Limits.maxDimension)
            let height = try wholeNumber("height", min: 1, max: Script.Limits.maxDimension)
            action = .resize(Size(width: Double(width), height: Double(height)))
        case "screenshot":
            let path = try string("path")
            guard !path.isEmpty else { throw fail("\"path\" must not be empty") }
            action = .screenshot(path: path)
        default:
            throw fail("unknown type \"\(type)\"")  // unreachable: `fields` lists every type
        }
        return ScriptEvent(t: t, action)
    }

    // MARK: Field readers

    func fail(_ message: String) -> ScriptError { ScriptError(event: index, message) }

    func point() throws(ScriptError) -> Point {
        let limit = Script.Limits.maxCoordinate
        return Point(x: try requiredNumber("x", min: -limit, max: limit), y: try requiredNumber("y", min: -limit, max: limit))
    }

    /// `"animated"`: true unless the event says `false`.
    func animated() throws(ScriptError) -> Bool {
        members["animated"] == nil ? true : try flag("animated")
    }

    func duration() throws(ScriptError) -> Double {
        try optionalNumber("duration", min: 0, max: Script.Limits.maxDuration) ?? Script.defaultDuration
    }

    func curve(_ curves: CurveValidator) throws(ScriptError) -> TimingCurve? {
        guard members["curve"] != nil else { return nil }
        let name = try string("curve")
        switch curves.curve(named: name) {
        case .success(let curve): return curve
        case .failure(let problem): throw fail("\"curve\" \"\(excerpt(name))\": \(problem.message)")
        }
    }

    func string(_ key: String) throws(ScriptError) -> String {
        guard let value = members[key] else { throw fail("missing field \"\(key)\"") }
        guard case .string(let s) = value else { throw fail("\"\(key)\" must be a string, not \(value.kindDescription)") }
        return s
    }

    /// An optional boolean field; false when absent.
    func flag(_ key: String) throws(ScriptError) -> Bool {
        guard let value = members[key] else { return false }
        guard case .bool(let b) = value else { throw fail("\"\(key)\" must be true or false, not \(value.kindDescription)") }
        return b
    }

    func requiredNumber(_ key: String, min: Double, max: Double) throws(ScriptError) -> Double {
        guard let value = members[key] else { throw fail("missing field \"\(key)\"") }
        return try number(key, value, min: min, max: max)
    }

    func optionalNumber(_ key: String, min: Double, max: Double) throws(ScriptError) -> Double? {
        guard let value = members[key] else { return nil }
        return try number(key, value, min: min, max: max)
    }

    func wholeNumber(_ key: String, min: Double, max: Double) throws(ScriptError) -> Int {
        let value = try requiredNumber(key, min: min, max: max)
        guard value == value.rounded() else {
            throw fail("\"\(key)\" must be a whole number (got \(excerpt(text(of: members[key]))))")
        }
        return Int(value)  // safe: finite, whole and within ±1e12
    }

    func number(_ key: String, _ value: JSONValue, min: Double, max: Double) throws(ScriptError) -> Double {
        guard case .number(let x, let text) = value else { throw fail("\"\(key)\" must be a number") }
        guard x.isFinite else {
            let why = x.isNaN || text.contains("N") || text.contains("I") ? "" : ", it is out of range"
            throw fail("\"\(key)\" must be a finite number (got \(excerpt(text))\(why))")
        }
        guard x >= min else {
            throw fail("\"\(key)\" must be \(min == 0 ? "at least 0" : "between \(Self.format(min)) and \(Self.format(max))") (got \(excerpt(text)))")
        }
        guard x <= max else {
            throw fail("\"\(key)\" must be \(min == 0 ? "at most \(Self.format(max))" : "between \(Self.format(min)) and \(Self.format(max))") (got \(excerpt(text)))")
        }
        return x
    }

    func text(of value: JSONValue?) -> String {
        if case .number(_, let text)? = value { return text }
        return "?"
    }

    /// A limit as plain digits when it is whole (86400, not 86400.0).
    static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }
}
