// ScriptPlayer: plays a Script frame by frame, turning the events due in a frame into its outputs, and what
// remains at the end.

import Motion
import ScrollKit

/// Plays a `Script` frame by frame: which events a frame handles, and as what.
///
/// Pure and clock-free: the host's frame ticks drive it. The run begins at the first tick's
/// `timestamp` (the origin). An event at `t` is handled in the first frame whose
/// `timestamp - origin >= t` (within `tolerance`, for rounding), in file order. Pointer, wheel
/// and key events keep their own time, `origin + t`, on the host clock, even when several fall
/// into one frame, so velocity tracking sees the real spacing.
///
/// A screenshot event writes the last presented frame, i.e. the one on screen at `t`. In frame 0
/// nothing has been presented yet, so a screenshot due then is deferred to the next frame
/// (it then shows frame 0), or to the end of the run if frame 0 is the last. Events whose time
/// comes after the last frame are not handled; `finish()` counts them.
struct ScriptPlayer {
    /// What a frame does with a due event.
    enum Output: Sendable, Equatable {
        /// Deliver to the scene through the host (`AppHost.inject`).
        case input(InputEvent)
        /// A command for the scene.
        case scene(SceneCommand)
        /// Resize the host.
        case resize(Size)
        /// Write a PNG of the last presented frame.
        case screenshot(path: String)
    }

    /// Slack when comparing a frame's time with an event's `t`, in seconds (1 µs).
    static let tolerance = 1e-6

    let script: Script
    /// The next event not yet handled.
    private(set) var nextIndex = 0
    /// The first tick's timestamp, once seen.
    private(set) var origin: Double?
    /// The window size, for the default wheel location; follows scripted resizes.
    private(set) var windowSize: Size
    /// The last scripted pointer position.
    private(set) var pointer: Point?
    private var deferredScreenshots: [String] = []
    private var framesSeen = 0

    /// - Parameter windowSize: the window's size in points at the start (the default wheel
    ///   location is its centre until a pointer event gives one).
    init(script: Script, windowSize: Size) {
        self.script = script
        self.windowSize = windowSize
    }

    /// True while events or deferred screenshots remain (a window host must keep producing frames).
    var hasPending: Bool { nextIndex < script.events.count || !deferredScreenshots.isEmpty }

    /// The outputs for the frame `tick`, in order. Call once per frame, before the scene updates.
    mutating func outputs(for tick: FrameTick) -> [Output] {
        let origin = self.origin ?? tick.timestamp
        self.origin = origin
        defer { framesSeen += 1 }
        var result: [Output] = []
        if framesSeen > 0 && !deferredScreenshots.isEmpty {
            result.append(contentsOf: deferredScreenshots.map { Output.screenshot(path: $0) })
            deferredScreenshots.removeAll()
        }
        let now = tick.timestamp - origin
        while nextIndex < script.events.count {
            let event = script.events[nextIndex]
            guard now + Self.tolerance >= event.t else { break }
            nextIndex += 1
            let time = origin + event.t
            switch event.action {
            case .down(let p): pointer = p; result.append(.input(.pointerDown(location: p, time: time)))
            case .move(let p): pointer = p; result.append(.input(.pointerMove(location: p, time: time)))
            case .up(let p): pointer = p; result.append(.input(.pointerUp(location: p, time: time)))
            case .rightClick(let p): pointer = p; result.append(.input(.secondaryClick(location: p, time: time)))
            case .touch(let phase, let device, let id, let p):
                pointer = p
                switch phase {
                case .down: result.append(.input(.touchDown(device: device, id: id, location: p, time: time)))
                case .move: result.append(.input(.touchMove(device: device, id: id, location: p, time: time)))
                case .up: result.append(.input(.touchUp(device: device, id: id, location: p, time: time)))
                }
            case .wheel(let dx, let dy, let location):
                let at = location ?? pointer ?? Point(x: windowSize.width / 2, y: windowSize.height / 2)
                result.append(.input(.wheel(dx: dx, dy: dy, location: at, time: time)))
            case .magnify(let scale, let location):
                let at = location ?? pointer ?? Point(x: windowSize.width / 2, y: windowSize.height / 2)
                result.append(.input(.magnify(scale: scale, location: at, time: time)))
            case .key(let key, let modifiers): result.append(.input(.key(key, modifiers: modifiers, time: time)))
            case .gamepad(let button, let pressed): result.append(.input(.gamepad(button, pressed: pressed, time: time)))
            case .rotary(let steps): result.append(.input(.rotary(steps: steps, time: time)))
            case .text(let text): result.append(.input(.text(text, time: time)))
            case .compose(let text, let cursor): result.append(.input(.composition(text, cursor: cursor, time: time)))
            case .scene(let command): result.append(.scene(command))
            case .resize(let size): windowSize = size; result.append(.resize(size))
            case .screenshot(let path):
                if framesSeen == 0 { deferredScreenshots.append(path) } else { result.append(.screenshot(path: path)) }
            }
        }
        return result
    }

    /// Ends the run: the deferred screenshots still to write (from the last frame), and how many
    /// events were never handled because the run ended before their time. The player is then empty.
    mutating func finish() -> (screenshots: [String], undelivered: Int) {
        let screenshots = deferredScreenshots
        deferredScreenshots.removeAll()
        let undelivered = script.events.count - nextIndex
        nextIndex = script.events.count
        return (screenshots, undelivered)
    }
}
