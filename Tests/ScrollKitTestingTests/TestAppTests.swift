// TestApp and GestureSampler: frames on the virtual clock, input at its own times, settling, and gestures whose
// release velocity and resting place come out as on a device (against UIKit's published projection formula).

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

/// A list of `count` fixed-height rows titled "Row #i".
@MainActor
private final class Rows: ListDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 50 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Row #\(index)"
        return cell
    }
}

@MainActor
@Suite("TestApp", .serialized)
struct TestAppTests {
    @Test("frames run on the virtual clock: the next frame's time is frames / hz")
    func virtualClock() throws {
        let app = try TestApp(root: ViewNode(), size: Size(width: 100, height: 100), hz: 120)
        #expect(app.framesRun == 1)
        app.pump(frames: 11)
        #expect(app.framesRun == 12)
        #expect(app.time == 12.0 / 120)
        app.pump(seconds: 0.5)
        #expect(app.framesRun == 72)
    }

    @Test("settle runs until nothing animates, and says so when it never stops")
    func settles() throws {
        let list = ListView(frame: .zero, dataSource: Rows(count: 1000))
        let app = try TestApp(root: list, size: Size(width: 300, height: 400))
        list.scrollView.setContentOffset(Point(x: 0, y: 2000), duration: 1, curve: .easeInOut)
        let frames = try app.settle()
        #expect(frames >= 59)   // a one-second animation at 60 Hz, then the scroll indicator fades
        #expect(list.scrollView.contentOffset.y == 2000 && !list.needsFrames)
        list.scrollView.setContentOffset(Point(x: 0, y: 0), duration: 5, curve: .linear)
        #expect(throws: TestAppError.self) { try app.settle(timeout: 1) }
    }

    @Test("a fling's samples give a velocity tracker the speed asked for, at every device rate")
    func flingVelocity() {
        for device in [InputDevice.touch, .touchscreen(rate: 240), .pointer, .mouse(rate: 1000)] {
            for speed in [300.0, 1500, 4000] {
                let events = GestureSampler(device: device).fling(from: Point(x: 0, y: 0), velocity: Point(x: 0, y: -speed),
                                                                  time: 1)
                var tracker = VelocityTracker()
                for event in events {
                    switch event {
                    case .touchMove(_, _, let p, let t), .pointerMove(let p, let t), .touchDown(_, _, let p, let t),
                         .pointerDown(let p, let t):
                        tracker.addSample(position: p.y, time: t)
                    default: break
                    }
                }
                let measured = tracker.velocity(at: events.last!.time)
                #expect(abs(measured + speed) <= speed * 0.01, "\(device) at \(speed): measured \(measured)")
            }
        }
    }

    @Test("a drag follows the minimum-jerk profile and ends at rest: no fling")
    func dragEndsAtRest() throws {
        let list = ListView(frame: .zero, dataSource: Rows(count: 1000))
        let app = try TestApp(root: list, size: Size(width: 300, height: 400))
        app.drag(from: Point(x: 150, y: 350), to: Point(x: 150, y: 50), duration: 0.5)
        let released = list.scrollView.contentOffset.y
        try app.settle()
        #expect(released > 250 && released <= 300)          // 1:1 with the finger, less the touch slop
        #expect(abs(list.scrollView.contentOffset.y - released) < 1)
    }

    @Test("a released fling rests where UIKit's projection puts it, at 30, 60 and 120 Hz")
    func flingRestsAtProjection() throws {
        for hz in [30.0, 60, 120] {
            let list = ListView(frame: .zero, dataSource: Rows(count: 10_000))
            let app = try TestApp(root: list, size: Size(width: 300, height: 600), hz: hz)
            let v = 2000.0
            let events = GestureSampler(device: .touch).fling(from: Point(x: 150, y: 500), velocity: Point(x: 0, y: -v),
                                                              time: app.time)
            app.perform(Array(events.dropLast()))
            // Where the content was when the finger lifted: the frames since the last move ran with the finger
            // still down, so the offset is the release's.
            let atRelease = list.scrollView.contentOffset.y
            app.perform([events.last!])
            try app.settle()
            // "Designing Fluid Interfaces" (WWDC 2018): a deceleration rate r per millisecond carries velocity
            // v (points per second) v / 1000 × r / (1 − r) further.
            let r = 0.998
            let projected = atRelease + v / 1000 * r / (1 - r)
            let rest = list.scrollView.contentOffset.y
            #expect(abs(rest - projected) <= 0.02 * (projected - atRelease), "\(hz) Hz: rested at \(rest), projected \(projected)")
        }
    }

    @Test("typed text, composition and keys are delivered at their own times, in order")
    func keysInOrder() throws {
        final class Recorder: ViewNode {
            var events: [InputEvent] = []
            override func handle(_ event: InputEvent) { events.append(event) }
        }
        let root = Recorder()
        let app = try TestApp(root: root, size: Size(width: 100, height: 100))
        let start = app.time
        app.typeText("héllo 👍🏽")
        app.compose("ni", cursor: 1)
        app.press(.z, modifiers: [.control, .shift])
        let texts = root.events.compactMap { if case .text(let s, _) = $0 { return s } else { return nil } }
        #expect(texts == ["h", "é", "l", "l", "o", " ", "👍🏽"])
        #expect(root.events.contains(.composition("ni", cursor: 1, time: root.events[7].time)))
        if case .key(let key, let modifiers, _) = root.events.last {
            #expect(key == .z && modifiers == [.control, .shift])
        } else {
            Issue.record("the last event is not the key")
        }
        let times = root.events.map(\.time)
        #expect(times == times.sorted())
        #expect(abs(times[6] - times[0] - 6 * 0.08) < 1e-9 && times[0] == start)
    }
}
