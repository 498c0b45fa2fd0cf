// RecordingClient: a HostClient that runs another and records every input event and resize it receives.

import Motion
import ScrollKit

/// Runs `client` unchanged and records the input it receives, each event at its own time from the run's first
/// frame (the first `update`'s tick), and the resizes after the first: wrap an app's client to record a session,
/// then replay it headless (ScrollKitTesting's `TestApp.replay(_:)`).
///
/// ```swift
/// let recorder = RecordingClient(wrapping: RootViewClient(root: myRoot))
/// try host.run(client: recorder, maxFrames: nil, beforeFrame: nil)
/// try recorder.recording.write(to: "session.json")
/// ```
@MainActor
public final class RecordingClient: HostClient {
    /// The client that runs.
    public let client: any HostClient
    /// What was recorded so far.
    public private(set) var recording = InputRecording()
    /// The run's first frame's timestamp: the recording's time 0 (nil before the first frame).
    public private(set) var origin: Double?
    private var early: [InputEvent] = []
    private var sized = false

    public init(wrapping client: any HostClient) { self.client = client }

    public func hostDidResize(to size: Size) {
        if sized, let origin { recording.appendResize(size, t: max(0, latest - origin)) }
        sized = true
        client.hostDidResize(to: size)
    }

    /// The latest time seen (an event's or a frame's), for resizes, which carry none.
    private var latest = 0.0

    public func handle(_ event: InputEvent) {
        latest = max(latest, event.time.isFinite ? event.time : latest)
        if let origin {
            recording.append(event.at(time: max(0, event.time - origin)))
        } else {
            early.append(event)
        }
        client.handle(event)
    }

    public func update(_ tick: FrameTick) {
        if origin == nil {
            origin = tick.timestamp
            for e in early { recording.append(e.at(time: 0)) }
            early.removeAll()
        }
        latest = max(latest, tick.timestamp)
        client.update(tick)
    }

    public func draw(in canvas: DrawingCanvas) { client.draw(in: canvas) }
    public var needsFrames: Bool { client.needsFrames }
    public var wantsQuit: Bool { client.wantsQuit }
    public var accessibilityRoot: ViewNode? { client.accessibilityRoot }
    public var focusedTextInput: (any TextInputClient)? { client.focusedTextInput }
}
