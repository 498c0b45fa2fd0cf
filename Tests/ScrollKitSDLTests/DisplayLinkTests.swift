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
@Suite("FrameTimeline and DisplayLink on a virtual clock")
struct DisplayLinkTests {
    @Test("ticks: timestamp k/hz, target one period later, once per frame", arguments: [30.0, 60, 120])
    func ticks(hz: Double) {
        let timeline = FrameTimeline(clock: VirtualClock(hz: hz), hz: hz)
        var seen: [FrameTick] = []
        let link = timeline.makeDisplayLink { seen.append($0.currentTick!) }
        for _ in 0..<300 { timeline.step() }
        #expect(seen.count == 300)
        for (k, tick) in seen.enumerated() {
            #expect(tick.index == k)
            #expect(tick.timestamp == Double(k) / hz)
            #expect(tick.targetTimestamp == tick.timestamp + 1 / hz)
            #expect(tick.duration == 1 / hz)
        }
        #expect(link.timestamp == 299 / hz)
        #expect(link.targetTimestamp == link.timestamp + link.duration)
        #expect(timeline.timestamp == 299 / hz)
        #expect(timeline.skippedFrames == 0)
    }

    @Test("pause stops the callback but not time; unpausing starts a new epoch")
    func pause() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var calls: [Int] = []
        let link = timeline.makeDisplayLink { calls.append($0.currentTick!.index) }
        timeline.step(); timeline.step()
        let epoch = link.epoch
        link.isPaused = true
        #expect(!timeline.hasActiveLinks)
        timeline.step(); timeline.step(); timeline.step()
        link.isPaused = false
        #expect(link.epoch == epoch + 1)
        timeline.step()
        #expect(calls == [0, 1, 5])
        #expect(link.timestamp == 5.0 / 60)
        #expect(timeline.skippedFrames == 0)
    }

    @Test("two links on one timeline: invalidating one leaves the other firing every frame")
    func invalidateOneOfTwo() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var a: [Int] = [], b: [Int] = []
        let linkA = timeline.makeDisplayLink { a.append($0.currentTick!.index) }
        let linkB = timeline.makeDisplayLink { b.append($0.currentTick!.index) }
        timeline.step(); timeline.step()
        linkA.invalidate()
        #expect(!linkA.isValid)
        #expect(linkA.timeline == nil)
        #expect(linkB.isValid)
        for _ in 0..<5 { timeline.step() }
        #expect(a == [0, 1])                         // never again
        #expect(b == [0, 1, 2, 3, 4, 5, 6])           // every frame
        #expect(timeline.hasActiveLinks)
        #expect(timeline.displayLinks.count == 1)
        linkA.add(to: timeline)                      // an invalidated link cannot come back
        linkA.invalidate()                           // and invalidating twice does nothing
        timeline.step()
        #expect(a == [0, 1])
        #expect(b.count == 8)
        linkB.invalidate()
        #expect(!timeline.hasActiveLinks)
    }

    @Test("pausing one link does not pause another on the same timeline")
    func pauseOneOfTwo() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var a = 0, b = 0
        let linkA = timeline.makeDisplayLink { _ in a += 1 }
        _ = timeline.makeDisplayLink { _ in b += 1 }
        linkA.isPaused = true
        for _ in 0..<4 { timeline.step() }
        #expect(a == 0)
        #expect(b == 4)
        #expect(timeline.hasActiveLinks)
        linkA.isPaused = false
        timeline.step()
        #expect(a == 1 && b == 5)
    }

    @Test("invalidating a link from inside a callback: it does not run later in that frame, nor after")
    func invalidateDuringFrame() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var order: [String] = []
        final class Box { var link: DisplayLink? }
        let box = Box()
        _ = timeline.makeDisplayLink { _ in
            order.append("first")
            box.link?.invalidate()
        }
        box.link = timeline.makeDisplayLink { _ in order.append("second") }
        let third = timeline.makeDisplayLink { _ in order.append("third") }
        timeline.step(); timeline.step()
        #expect(order == ["first", "third", "first", "third"])
        #expect(third.isValid)
    }

    @Test("a link added during a frame first runs in the next frame")
    func addDuringFrame() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var late: [Int] = []
        var added: DisplayLink?
        _ = timeline.makeDisplayLink { _ in
            if added == nil { added = timeline.makeDisplayLink { late.append($0.currentTick!.index) } }
        }
        timeline.step(); timeline.step(); timeline.step()
        #expect(late == [1, 2])
    }

    @Test("a link's preferredFramesPerSecond below the timeline's rate skips frames for that link only")
    func perLinkRate() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var slow: [Int] = [], fast: [Int] = []
        let slowLink = timeline.makeDisplayLink { slow.append($0.currentTick!.index) }
        slowLink.preferredFramesPerSecond = 30
        _ = timeline.makeDisplayLink { fast.append($0.currentTick!.index) }
        for _ in 0..<8 { timeline.step() }
        #expect(slow == [0, 2, 4, 6])
        #expect(fast == Array(0..<8))
        #expect(slowLink.duration == 1.0 / 30)
        #expect(timeline.duration == 1.0 / 60)       // the timeline keeps its rate
    }

    @Test("a late loop drops frames and counts them; the next timestamp stays on the grid")
    func lateLoop() {
        let clock = ManualClock()
        let timeline = FrameTimeline(clock: clock, hz: 50)     // 20 ms period
        timeline.step()                                        // frame 0 at 0
        clock.now = 0.065                                      // the frame took 65 ms
        let tick = timeline.step()
        #expect(tick.index == 4)                               // deadlines 0.02, 0.04, 0.06 missed
        #expect(tick.timestamp == 4.0 / 50)
        #expect(timeline.skippedFrames == 3)
        #expect(clock.now == tick.timestamp)                   // slept until the deadline
    }

    @Test("restartTimeline after idle: the next frame is due at once and nothing counts as skipped")
    func restartAfterIdle() {
        let clock = ManualClock()
        let timeline = FrameTimeline(clock: clock, hz: 60)
        for _ in 0..<3 { timeline.step() }
        clock.now = 42.0                                       // asleep for 42 s
        timeline.restartTimeline()
        let tick = timeline.step()
        #expect(tick.timestamp == 42.0)
        #expect(tick.index == 3)
        #expect(timeline.skippedFrames == 0)
        #expect(timeline.step().timestamp == 42.0 + 1.0 / 60)
    }

    @Test("preferredFramesPerSecond paces the timeline below the display's rate; 0 or above means the display's")
    func preferredRate() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 120), hz: 120)
        timeline.step()
        timeline.preferredFramesPerSecond = 30
        #expect(timeline.frameRate == 30)
        #expect(timeline.duration == 1.0 / 30)
        let a = timeline.step(), b = timeline.step()
        #expect(abs((b.timestamp - a.timestamp) - 1.0 / 30) < 1e-12)
        timeline.preferredFramesPerSecond = 240
        #expect(timeline.frameRate == 120)
        timeline.preferredFramesPerSecond = 0
        #expect(timeline.frameRate == 120)
    }

    @Test("vsync pacing: never sleeps and stamps each frame with the clock")
    func vsyncPacing() {
        let clock = ManualClock()
        let timeline = FrameTimeline(clock: clock, hz: 60)
        timeline.pacing = .vsync
        timeline.step()
        clock.now = 0.0168                                     // the present blocked ~one period
        #expect(timeline.step().timestamp == 0.0168)
        clock.now = 0.0168 + 3.0 / 60                          // two blanks missed
        let tick = timeline.step()
        #expect(tick.index == 4)
        #expect(timeline.skippedFrames == 2)
        #expect(clock.sleeps.isEmpty)
    }

    /// A blocking swap returns after each vblank, late by a varying delay. Model: a 59.94 Hz display and
    /// returns 0.3–2.1 ms after each vblank (a fixed pseudo-random sequence). Once the returns are fitted, each
    /// frame's timestamp lies on the line through them (the jitter gone, a constant mean delay kept) and its
    /// duration is the display's true period, not SDL's integer rate.
    @Test("vsync pacing: timestamps are the swap returns on a fitted line, at the fitted period")
    func vsyncTimestampsAreFitted() {
        let clock = ManualClock()
        let timeline = FrameTimeline(clock: clock, hz: 60)
        timeline.pacing = .vsync
        let period = 1001.0 / 60_000
        var state: UInt64 = 7
        func delay() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 0.0003 + 0.0018 * Double(state >> 11) / Double(1 << 53)
        }
        var ticks: [FrameTick] = []
        var delays: [Double] = []
        for k in 0..<120 {
            let d = delay()
            delays.append(d)
            clock.now = 1 + Double(k) * period + d
            ticks.append(timeline.step())
        }
        let meanDelay = delays.reduce(0, +) / Double(delays.count)
        for (k, tick) in ticks.enumerated().dropFirst(30) {
            #expect(abs(tick.timestamp - (1 + Double(k) * period + meanDelay)) < 0.0003, "frame \(k)")
            #expect(abs(tick.duration - period) < 0.000_02)   // 0.1 % of the period, from 30 returns on
        }
        // The raw returns jitter by up to 1.8 ms; the fitted timestamps' intervals by far less.
        let intervals = zip(ticks.dropFirst(30), ticks.dropFirst(31)).map { $1.timestamp - $0.timestamp }
        #expect(intervals.allSatisfy { abs($0 - period) < 0.000_1 })
    }
}
