import Testing
import Motion
@testable import ScrollKitSDL

/// A clock whose time the test sets by hand (to make the loop late on purpose).
final class ManualClock: FrameClock {
    var now: Double
    private(set) var sleeps: [Double] = []
    init(now: Double = 0) { self.now = now }
    func sleep(until deadline: Double) {
        sleeps.append(deadline)
        if deadline > now { now = deadline }
    }
    var isVirtual: Bool { true }
}

@MainActor
@Suite("DisplayLink on a virtual clock")
struct DisplayLinkTests {
    @Test("ticks: timestamp k/hz, target one period later, once per frame", arguments: [30.0, 60, 120])
    func ticks(hz: Double) {
        let link = DisplayLink(clock: VirtualClock(hz: hz), hz: hz)
        var seen: [FrameTick] = []
        link.add { seen.append($0.currentTick!) }
        for _ in 0..<300 { link.step() }
        #expect(seen.count == 300)
        for (k, tick) in seen.enumerated() {
            #expect(tick.index == k)
            #expect(tick.timestamp == Double(k) / hz)
            #expect(tick.targetTimestamp == tick.timestamp + 1 / hz)
            #expect(tick.duration == 1 / hz)
        }
        #expect(link.timestamp == 299 / hz)
        #expect(link.targetTimestamp == link.timestamp + link.duration)
        #expect(link.skippedFrames == 0)
    }

    @Test("pause stops callbacks but not time; unpausing starts a new epoch")
    func pause() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        var calls: [Int] = []
        link.add { calls.append($0.currentTick!.index) }
        link.step(); link.step()
        let epoch = link.epoch
        link.isPaused = true
        #expect(!link.hasActiveCallbacks)
        link.step(); link.step(); link.step()
        link.isPaused = false
        #expect(link.epoch == epoch + 1)
        link.step()
        #expect(calls == [0, 1, 5])
        #expect(link.timestamp == 5.0 / 60)
        #expect(link.skippedFrames == 0)
    }

    @Test("invalidate removes every callback for good; the timeline keeps going")
    func invalidate() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        var a = 0, b = 0
        let handleA = link.add { _ in a += 1 }
        link.add { _ in b += 1 }
        link.step()
        link.invalidate()
        #expect(!link.isValid)
        #expect(!link.contains(handleA))
        link.add { _ in a += 100 }          // ignored after invalidate
        link.step(); link.step()
        #expect(a == 1)
        #expect(b == 1)
        #expect(link.currentTick?.index == 2)
        #expect(!link.hasActiveCallbacks)
    }

    @Test("remove during a frame prevents the later callback in that same frame")
    func removeDuringFrame() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        var order: [String] = []
        final class Box { var handle: DisplayLink.Handle? }
        let box = Box()
        link.add { link in
            order.append("first")
            if let handle = box.handle { link.remove(handle) }
        }
        box.handle = link.add { _ in order.append("second") }
        link.step(); link.step()
        #expect(order == ["first", "first"])
    }

    @Test("a late loop drops frames and counts them; the next timestamp stays on the grid")
    func lateLoop() {
        let clock = ManualClock()
        let link = DisplayLink(clock: clock, hz: 50)          // 20 ms period
        link.step()                                            // frame 0 at 0
        clock.now = 0.065                                      // the frame took 65 ms
        let tick = link.step()
        #expect(tick.index == 4)                               // deadlines 0.02, 0.04, 0.06 missed
        #expect(tick.timestamp == 4.0 / 50)
        #expect(link.skippedFrames == 3)
        #expect(clock.now == tick.timestamp)                   // slept until the deadline
    }

    @Test("restartTimeline after idle: the next frame is due at once and nothing counts as skipped")
    func restartAfterIdle() {
        let clock = ManualClock()
        let link = DisplayLink(clock: clock, hz: 60)
        for _ in 0..<3 { link.step() }
        clock.now = 42.0                                       // asleep for 42 s
        link.restartTimeline()
        let tick = link.step()
        #expect(tick.timestamp == 42.0)
        #expect(tick.index == 3)
        #expect(link.skippedFrames == 0)
        #expect(link.step().timestamp == 42.0 + 1.0 / 60)
    }

    @Test("preferredFramesPerSecond paces below the display's rate; 0 or above means the display's")
    func preferredRate() {
        let link = DisplayLink(clock: VirtualClock(hz: 120), hz: 120)
        link.step()
        link.preferredFramesPerSecond = 30
        #expect(link.frameRate == 30)
        #expect(link.duration == 1.0 / 30)
        let a = link.step(), b = link.step()
        #expect(abs((b.timestamp - a.timestamp) - 1.0 / 30) < 1e-12)
        link.preferredFramesPerSecond = 240
        #expect(link.frameRate == 120)
        link.preferredFramesPerSecond = 0
        #expect(link.frameRate == 120)
    }

    @Test("vsync pacing: never sleeps and stamps each frame with the clock")
    func vsyncPacing() {
        let clock = ManualClock()
        let link = DisplayLink(clock: clock, hz: 60)
        link.pacing = .vsync
        link.step()
        clock.now = 0.0168                                     // the present blocked ~one period
        #expect(link.step().timestamp == 0.0168)
        clock.now = 0.0168 + 3.0 / 60                          // two blanks missed
        let tick = link.step()
        #expect(tick.index == 4)
        #expect(link.skippedFrames == 2)
        #expect(clock.sleeps.isEmpty)
    }
}
