import Testing
@testable import ScrollKitSDL

/// The display link's arithmetic, without SDL: FramePacer and VirtualClock.
@Suite("FramePacer and VirtualClock")
struct DisplayLinkPacerTests {
    @Test("deadline k is start + k/hz, computed absolutely", arguments: [30.0, 59.94, 60, 120, 144, 240])
    func deadlinesAreAbsolute(hz: Double) {
        let start = 1234.5678
        var pacer = FramePacer(hz: hz, start: start)
        for k in 0..<1000 {
            let frame = pacer.nextFrame(now: pacer.nextDeadline)   // always exactly on time
            #expect(frame.index == k)
            #expect(frame.deadline == start + Double(k) / hz)
        }
        #expect(pacer.skippedFrames == 0)
    }

    @Test("no drift after a million frames, unlike adding the period each frame")
    func noDriftAfterAMillionFrames() {
        let hz = 60.0, start = 98765.4321
        var pacer = FramePacer(hz: hz, start: start)
        var accumulated = start
        var last = FramePacer.Frame(index: -1, deadline: -1)
        for _ in 0..<1_000_000 {
            // The loop is always a little early (as after a short frame), never late.
            last = pacer.nextFrame(now: pacer.nextDeadline - 0.004)
            accumulated += 1 / hz
        }
        #expect(last.index == 999_999)
        #expect(pacer.skippedFrames == 0)
        let exact = start + 999_999.0 / 60.0
        // One rounding of start + k/hz: within an ulp of the ideal value.
        #expect(abs(last.deadline - exact) <= exact.ulp)
        // The naive sum has drifted by many ulps (this is what the absolute formula avoids).
        #expect(abs((accumulated - 1 / hz) - exact) > 100 * exact.ulp)
    }

    @Test("a late frame skips to the first deadline at or after now and counts the dropped frames",
          arguments: [
            // (lateness in periods after the next deadline, expected skipped); up to half a period
            // late the frame still runs (at once, stamped with its own deadline)
            (0.0, 0), (0.3, 0), (0.5, 0), (0.51, 1), (0.99, 1), (1.0, 1), (1.01, 2), (2.5, 3), (9.5, 10),
          ])
    func lateFrames(lateness: Double, expectedSkipped: Int) {
        let hz = 60.0
        var pacer = FramePacer(hz: hz, start: 0)
        _ = pacer.nextFrame(now: 0)                      // frame 0
        let due = pacer.nextDeadline                      // frame 1 due at 1/60
        let now = due + lateness / hz
        let frame = pacer.nextFrame(now: now)
        #expect(frame.index == 1 + expectedSkipped)
        if expectedSkipped > 0 {
            #expect(frame.deadline >= now)
            #expect(pacer.deadline(forFrame: frame.index - 1) < now)
        } else {
            #expect(frame.deadline == due)
        }
        #expect(pacer.skippedFrames == expectedSkipped)
        #expect(frame.deadline == Double(frame.index) / hz)
        // Back on the grid: the next frame is the one after.
        #expect(pacer.nextFrame(now: frame.deadline).index == frame.index + 1)
        #expect(pacer.skippedFrames == expectedSkipped)
    }

    @Test("an early loop waits for the deadline; skipped frames accumulate over several late frames")
    func skippedAccumulate() {
        var pacer = FramePacer(hz: 100, start: 0)
        #expect(pacer.nextFrame(now: -5).index == 0)      // early: frame 0 still due at 0
        #expect(pacer.nextFrame(now: 0.035).index == 4)   // 1, 2, 3 dropped
        #expect(pacer.nextFrame(now: 0.041).index == 5)   // deadline 0.05 is ahead: on time
        #expect(pacer.nextFrame(now: 0.0705).index == 8)  // 6, 7 dropped
        #expect(pacer.skippedFrames == 5)
    }

    @Test("the slack is adjustable: with none, any lateness skips")
    func noSlack() {
        var pacer = FramePacer(hz: 100, start: 0)
        pacer.lateSlack = 0
        _ = pacer.nextFrame(now: 0)
        #expect(pacer.nextFrame(now: 0.0101).index == 2)
        pacer.lateSlack = .nan
        #expect(pacer.lateSlack == 0.5)
        pacer.lateSlack = 7
        #expect(pacer.lateSlack == 1)
    }

    @Test("restart starts a fresh timeline at now without counting the gap")
    func restartAfterIdle() {
        var pacer = FramePacer(hz: 60, start: 0)
        for _ in 0..<10 { _ = pacer.nextFrame(now: pacer.nextDeadline) }
        pacer.restart(at: 100.25)                         // woke from idle 100 s later
        let frame = pacer.nextFrame(now: 100.2500001)     // a moment after the restart
        #expect(frame.index == 10)
        #expect(frame.deadline == 100.25)
        #expect(pacer.skippedFrames == 0)
        #expect(pacer.nextFrame(now: 100.26).deadline == 100.25 + 1.0 / 60)
    }

    @Test("vsync frames re-anchor at the present's return and count whole missed blanks")
    func vsyncFrames() {
        var pacer = FramePacer(hz: 60, start: 0)
        let p = 1.0 / 60
        #expect(pacer.vsyncFrame(now: 0).index == 0)
        #expect(pacer.vsyncFrame(now: p * 1.1).index == 1)      // jitter: nothing skipped
        #expect(pacer.skippedFrames == 0)
        let f = pacer.vsyncFrame(now: p * 1.1 + 3 * p)          // two blanks missed
        #expect(f.index == 4)
        #expect(f.deadline == p * 1.1 + 3 * p)
        #expect(pacer.skippedFrames == 2)
    }

    @Test("rate change keeps the next deadline and spaces later ones at the new period")
    func rateChange() {
        var pacer = FramePacer(hz: 60, start: 0)
        _ = pacer.nextFrame(now: 0)
        pacer.setRate(30)
        let a = pacer.nextFrame(now: 0.001)
        let b = pacer.nextFrame(now: a.deadline)
        #expect(a.deadline == 1.0 / 60)
        #expect(abs(b.deadline - (1.0 / 60 + 1.0 / 30)) < 1e-15)
    }

    @Test("bad rates and times are made usable", arguments: [Double.nan, 0, -5, .infinity])
    func badRates(hz: Double) {
        var pacer = FramePacer(hz: hz, start: .nan)
        #expect(pacer.hz == 60)
        #expect(pacer.start == 0)
        #expect(pacer.nextFrame(now: .nan).index == 0)
        #expect(pacer.nextFrame(now: .infinity).index == 1)
        #expect(pacer.skippedFrames == 0)
        #expect(FramePacer.sanitizedRate(5000) == 1000)
        #expect(FramePacer.sanitizedRate(0.25) == 1)
    }

    @Test("the virtual clock's ticks are exactly k/hz and it jumps instead of sleeping",
          arguments: [24.0, 60, 90, 120, 1000])
    func virtualClockTicks(hz: Double) {
        let clock = VirtualClock(hz: hz)
        for k in 0..<5000 {
            #expect(clock.now == Double(k) / hz)
            clock.sleep(until: Double(k + 1) / hz)
            #expect(clock.tick == k + 1)
        }
        clock.sleep(until: 0)               // never goes back
        #expect(clock.tick == 5000)
        clock.sleep(until: .nan)
        #expect(clock.tick == 5000)
        clock.sleep(until: (Double(6000) + 0.5) / hz)   // between ticks: the next one after
        #expect(clock.tick == 6001)
    }

    @Test("pacer on the virtual clock: frame k starts at exactly k/hz, with no skips")
    func pacerOnVirtualClock() {
        let clock = VirtualClock(hz: 60)
        var pacer = FramePacer(hz: 60, start: clock.now)
        for k in 0..<2000 {
            let frame = pacer.nextFrame(now: clock.now)
            clock.sleep(until: frame.deadline)
            #expect(frame.index == k)
            #expect(clock.now == Double(k) / 60)
            #expect(frame.deadline == clock.now)
        }
        #expect(pacer.skippedFrames == 0)
    }
}
