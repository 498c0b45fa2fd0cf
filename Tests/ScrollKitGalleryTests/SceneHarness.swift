// SceneHarness: a gallery scene run as a user's test runs an app — in ScrollKitTesting's TestApp (a real headless
// host, the software renderer, a virtual clock) — with input delivered before chosen frames, one trace sample per
// frame, and what the frame drew. The scene tests (list, paging, picker, grid, home, chat, reader, goldens) use it.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery

/// Drives a scene on a virtual clock (60 Hz unless told): each frame, the events due are handled, then
/// `update(tick)`, `draw` and one trace sample — in a ``TestApp`` on a ``HeadlessHost``, frame 0 first. A size no
/// window can have (0 × 0, which scenes must survive) is stepped by hand instead: no host, the same calls.
@MainActor
final class SceneHarness {
    let scene: any DemoScene
    let hz: Double
    /// The app under test (nil for a size no window can have).
    let app: TestApp?
    private let size: Size
    /// The next frame's index.
    private(set) var frame = 0
    /// One sample per frame run, in order.
    private(set) var trace: [TraceSample] = []
    /// The ticks run, in order.
    private(set) var ticks: [FrameTick] = []

    init(_ name: String, size: Size = Size(width: 800, height: 600), hz: Double = 60,
         options: SceneOptions = SceneOptions()) throws {
        let entry = try #require(SceneCatalog.entry(named: name))
        scene = try entry.make(SceneContext(size: size, hz: hz, headless: true, options: options))
        self.hz = hz
        self.size = size
        if size.width >= 1, size.height >= 1, size.width.isFinite, size.height.isFinite {
            // The host sets the text scale: the one the scene was built at (a test's ViewNode.textScale).
            let app = try TestApp(client: scene, size: size, hz: hz, runsFirstFrame: false, textScale: ViewNode.textScale)
            self.app = app
            app.onFrameDrawn = { [unowned self] tick in
                trace.append(scene.traceSample)
                ticks.append(tick)
            }
        } else {
            app = nil
            scene.hostDidResize(to: size)
        }
    }

    /// The time of frame `k` (its tick's timestamp).
    func time(_ k: Int) -> Double { Double(k) / hz }
    /// The time of the next frame.
    var now: Double { time(frame) }

    /// Runs one frame; `events` are handled first (in order), as a host delivers input.
    func step(_ events: [InputEvent] = []) {
        if let app {
            for event in events { app.send(event) }
            app.pump(frames: 1)
        } else {
            for event in events { scene.handle(event) }
            let tick = FrameTick(index: frame, timestamp: time(frame), duration: 1 / hz)
            scene.update(tick)
            scene.draw(in: RecordingCanvas(size: size))
            trace.append(scene.traceSample)
            ticks.append(tick)
        }
        frame += 1
    }

    /// Runs `count` frames without input.
    func run(_ count: Int) { for _ in 0..<count { step() } }

    /// Runs frames until the scene needs none (at most `limit`); returns how many ran.
    @discardableResult
    func settle(limit: Int = 1200) -> Int {
        var n = 0
        while scene.needsFrames && n < limit { step(); n += 1 }
        return n
    }

    /// Runs frames until the trace's phase is idle (at most `limit`); returns how many ran.
    @discardableResult
    func runUntilIdle(limit: Int = 1200) -> Int {
        var n = 0
        while (trace.last?.phase ?? .idle) != .idle && n < limit { step(); n += 1 }
        return n
    }

    /// A drag from `from` by `delta`, in `moves` equal moves one frame apart, released on the last
    /// frame (a fling when the moves are fast), then `settle()`.
    func drag(from: Point, by delta: Point, moves: Int) {
        step([.pointerDown(location: from, time: now)])
        for i in 1...moves {
            let f = Double(i) / Double(moves)
            let p = Point(x: from.x + delta.x * f, y: from.y + delta.y * f)
            if i == moves {
                step([.pointerMove(location: p, time: now), .pointerUp(location: p, time: now)])
            } else {
                step([.pointerMove(location: p, time: now)])
            }
        }
        settle()
    }

    /// A tap (down and up in one frame) at `point`.
    func tap(_ point: Point) {
        step([.pointerDown(location: point, time: now), .pointerUp(location: point, time: now)])
    }

    func key(_ key: Key) { step([.key(key, time: now)]) }

    var last: TraceSample { trace[trace.count - 1] }

    /// What the last frame drew, as drawing commands: the scene drawn again, as it is now, into a recording
    /// canvas of the window's size.
    var canvas: RecordingCanvas {
        let canvas = RecordingCanvas(size: size)
        scene.draw(in: canvas)
        return canvas
    }
}
