import Motion
import ScrollKit
import Testing
@testable import ScrollKitGallery

/// Frames of a fake clock: frame k at `origin + k / hz`.
private func tick(_ k: Int, hz: Double = 60, origin: Double = 0) -> FrameTick {
    FrameTick(index: k, timestamp: origin + Double(k) / hz, duration: 1 / hz)
}

/// Runs `frames` frames and returns, per frame index, the outputs it produced (empty frames left out).
private func play(_ events: [ScriptEvent], frames: Int, hz: Double = 60, origin: Double = 0,
                  size: Size = Size(width: 800, height: 600)) -> [Int: [ScriptPlayer.Output]] {
    var player = ScriptPlayer(script: Script(events: events), windowSize: size)
    var result: [Int: [ScriptPlayer.Output]] = [:]
    for k in 0..<frames {
        let outputs = player.outputs(for: tick(k, hz: hz, origin: origin))
        if !outputs.isEmpty { result[k] = outputs }
    }
    return result
}

@Suite struct ScriptPlayerTests {
    @Test func touchEventsKeepTheirDeviceIdAndTime() {
        let events = [
            ScriptEvent(t: 0.004, .touch(.down, device: 0, id: 1, Point(x: 100, y: 500))),
            ScriptEvent(t: 0.004, .touch(.down, device: 2, id: 7, Point(x: 300, y: 500))),
            ScriptEvent(t: 0.008, .touch(.move, device: 0, id: 1, Point(x: 100, y: 450))),
            ScriptEvent(t: 0.012, .touch(.up, device: 0, id: 1, Point(x: 100, y: 450))),
        ]
        let origin = 10.0
        let frames = play(events, frames: 2, origin: origin)
        #expect(frames[1] == [
            .input(.touchDown(device: 0, id: 1, location: Point(x: 100, y: 500), time: origin + 0.004)),
            .input(.touchDown(device: 2, id: 7, location: Point(x: 300, y: 500), time: origin + 0.004)),
            .input(.touchMove(device: 0, id: 1, location: Point(x: 100, y: 450), time: origin + 0.008)),
            .input(.touchUp(device: 0, id: 1, location: Point(x: 100, y: 450), time: origin + 0.012)),
        ])
    }

    @Test func severalPointerEventsInOneFrameKeepTheirOwnTimes() {
        // At 60 Hz frame 1 begins at 0.01666…; these four all fall after frame 0 and by frame 1.
        let events = [
            ScriptEvent(t: 0.004, .down(Point(x: 100, y: 500))),
            ScriptEvent(t: 0.008, .move(Point(x: 100, y: 450))),
            ScriptEvent(t: 0.012, .move(Point(x: 100, y: 400))),
            ScriptEvent(t: 0.016, .up(Point(x: 100, y: 350))),
        ]
        let origin = 1234.5  // a window host's clock does not start at 0
        let frames = play(events, frames: 3, origin: origin)
        #expect(frames.keys.sorted() == [1])
        #expect(frames[1] == [
            .input(.pointerDown(location: Point(x: 100, y: 500), time: origin + 0.004)),
            .input(.pointerMove(location: Point(x: 100, y: 450), time: origin + 0.008)),
            .input(.pointerMove(location: Point(x: 100, y: 400), time: origin + 0.012)),
            .input(.pointerUp(location: Point(x: 100, y: 350), time: origin + 0.016)),
        ])
    }

    @Test(arguments: [
        // (t, hz, the frame that must handle it)
        (0.0, 60.0, 0), (0.5, 60.0, 30), (0.5001, 60.0, 31), (0.4999, 60.0, 30),
        (1.0 / 60, 60.0, 1), (0.1, 60.0, 6), (0.1, 144.0, 15), (0.25, 30.0, 8), (0.3, 120.0, 36),
    ] as [(Double, Double, Int)])
    func eventIsHandledInTheFirstFrameAtOrAfterItsTime(t: Double, hz: Double, frame: Int) {
        let frames = play([ScriptEvent(t: t, .key(.down))], frames: 200, hz: hz)
        #expect(Array(frames.keys) == [frame])
        // The frame before it begins strictly before t; the frame itself at or after t.
        #expect(Double(frame) / hz >= t - ScriptPlayer.tolerance)
        if frame > 0 { #expect(Double(frame - 1) / hz < t) }
        #expect(frames[frame] == [.input(.key(.down, time: t))])
    }

    @Test func ordersAreKeptAcrossKindsAndCommandsPassThrough() {
        let events = [
            ScriptEvent(t: 0.1, .key(.end)),
            ScriptEvent(t: 0.1, .scene(.scrollToEnd(duration: 2, curve: .smoothstep))),
            ScriptEvent(t: 0.1, .resize(Size(width: 400, height: 300))),
            ScriptEvent(t: 0.1, .wheel(dx: 0, dy: -1, location: nil)),
            ScriptEvent(t: 0.2, .scene(.scrollToItem(index: 9, position: .center, duration: 0.3, curve: nil))),
            ScriptEvent(t: 0.2, .scene(.scrollTo(Point(x: 0, y: 50), duration: 0, curve: .linear))),
        ]
        let frames = play(events, frames: 20)
        #expect(frames[6] == [
            .input(.key(.end, time: 0.1)),
            .scene(.scrollToEnd(duration: 2, curve: .smoothstep)),
            .resize(Size(width: 400, height: 300)),
            // The wheel goes to the centre of the window as resized just before.
            .input(.wheel(dx: 0, dy: -1, location: Point(x: 200, y: 150), time: 0.1)),
        ])
        #expect(frames[12] == [
            .scene(.scrollToItem(index: 9, position: .center, duration: 0.3, curve: nil)),
            .scene(.scrollTo(Point(x: 0, y: 50), duration: 0, curve: .linear)),
        ])
        #expect(frames.count == 2)
    }

    @Test func wheelDefaultsToTheLastPointerPositionOrItsOwn() {
        let events = [
            ScriptEvent(t: 0, .wheel(dx: 0, dy: 1, location: nil)),
            ScriptEvent(t: 0, .move(Point(x: 30, y: 40))),
            ScriptEvent(t: 0, .wheel(dx: 0.5, dy: 0, location: nil)),
            ScriptEvent(t: 0, .wheel(dx: 0, dy: 2, location: Point(x: 1, y: 2))),
        ]
        let frames = play(events, frames: 1)
        #expect(frames[0] == [
            .input(.wheel(dx: 0, dy: 1, location: Point(x: 400, y: 300), time: 0)),
            .input(.pointerMove(location: Point(x: 30, y: 40), time: 0)),
            .input(.wheel(dx: 0.5, dy: 0, location: Point(x: 30, y: 40), time: 0)),
            .input(.wheel(dx: 0, dy: 2, location: Point(x: 1, y: 2), time: 0)),
        ])
    }

    /// The issue 14 forms end to end: parsed from JSON, then played as the scene's input events.
    @Test func returnTabBacktabAndAShiftedWheelArePlayedAsInput() throws {
        let script = try Script.parse(Array("""
        {"events": [
          {"t": 0, "type": "key", "key": "Return"},
          {"t": 0, "type": "key", "key": "Tab"},
          {"t": 0, "type": "key", "key": "Tab", "shift": true},
          {"t": 0, "type": "wheel", "dy": -1, "shift": true, "x": 100, "y": 200}
        ]}
        """.utf8), curves: .standard)
        var player = ScriptPlayer(script: script, windowSize: Size(width: 800, height: 600))
        #expect(player.outputs(for: tick(0)) == [
            .input(.key(.enter, time: 0)),
            .input(.key(.tab, time: 0)),
            .input(.key(.backtab, time: 0)),
            .input(.wheel(dx: 1, dy: 0, location: Point(x: 100, y: 200), time: 0)),
        ])
    }

    @Test func screenshotShowsTheFrameOnScreenAtItsTime() {
        // At t = 0 nothing has been presented: deferred to frame 1 (which writes frame 0).
        // At t = 0.5 (frame 30's beforeFrame) the last presented frame is 29, whose target is 0.5.
        let events = [
            ScriptEvent(t: 0, .screenshot(path: "first.png")),
            ScriptEvent(t: 0, .key(.up)),
            ScriptEvent(t: 0.5, .screenshot(path: "half.png")),
        ]
        let frames = play(events, frames: 40)
        #expect(frames[0] == [.input(.key(.up, time: 0))])
        #expect(frames[1] == [.screenshot(path: "first.png")])
        #expect(frames[30] == [.screenshot(path: "half.png")])
        #expect(frames.count == 3)
    }

    @Test func finishReportsWhatTheRunDidNotReach() {
        var player = ScriptPlayer(script: Script(events: [
            ScriptEvent(t: 0, .screenshot(path: "a.png")),
            ScriptEvent(t: 0.5, .key(.down)),
            ScriptEvent(t: 9, .screenshot(path: "late.png")),
            ScriptEvent(t: 10, .key(.up)),
        ]), windowSize: Size(width: 800, height: 600))
        #expect(player.hasPending)
        // A one-frame run: the t = 0 screenshot is deferred past frame 0, so it is written at the end.
        _ = player.outputs(for: tick(0))
        #expect(player.hasPending)
        let end = player.finish()
        #expect(end.screenshots == ["a.png"])
        #expect(end.undelivered == 3)
        #expect(!player.hasPending)
    }

    @Test func emptyScriptProducesNothing() {
        #expect(play([], frames: 10).isEmpty)
        var player = ScriptPlayer(script: Script(events: []), windowSize: .zero)
        #expect(!player.hasPending)
        #expect(player.finish().undelivered == 0)
    }
}
