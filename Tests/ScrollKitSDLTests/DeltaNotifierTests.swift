import Testing
@testable import ScrollKitSDL

@MainActor
final class DeltaRecorder: FrameDeltaReceiver {
    var deltas: [Double] = []
    func displayWillUpdate(deltaTime: Double) { deltas.append(deltaTime) }
}

@MainActor
@Suite("FrameDeltaNotifier lifecycle (seed 001 without its quirks)")
struct DeltaNotifierTests {
    @Test("starts when created; the first delta is one period, not the raw timestamp", arguments: [60.0, 144])
    func firstDeltaIsOnePeriod(hz: Double) {
        let clock = VirtualClock(hz: hz)
        clock.advance(frames: 1000)                        // the timeline does not start at 0
        let link = DisplayLink(clock: clock, hz: hz)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder)
        #expect(notifier.isRunning)
        for _ in 0..<5 { link.step() }
        #expect(link.timestamp > 5)                      // so a raw-timestamp delta would be huge
        #expect(recorder.deltas.count == 5)
        #expect(recorder.deltas[0] == 1 / hz)
        for delta in recorder.deltas.dropFirst() {
            #expect(abs(delta - 1 / hz) < 1e-9)
        }
    }

    @Test("a skipped frame shows as a longer delta")
    func skippedFrameDelta() {
        let clock = ManualClock()
        let link = DisplayLink(clock: clock, hz: 50)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder)
        link.step(); link.step()
        clock.now += 0.035                                  // late: one 20 ms frame dropped
        link.step()
        #expect(recorder.deltas.count == 3)
        #expect(abs(recorder.deltas[2] - 0.04) < 1e-12)
        #expect(link.skippedFrames == 1)
        _ = notifier
    }

    @Test("invalidate stops the deltas; start resumes with a first delta of one period")
    func invalidateAndRestart() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder)
        link.step(); link.step()
        notifier.invalidate()
        #expect(!notifier.isRunning)
        for _ in 0..<10 { link.step() }
        #expect(recorder.deltas.count == 2)
        notifier.start()
        #expect(notifier.isRunning)
        link.step(); link.step()
        #expect(recorder.deltas.count == 4)
        #expect(recorder.deltas[2] == 1.0 / 60)             // not the 11 frames since the last delta
        #expect(abs(recorder.deltas[3] - 1.0 / 60) < 1e-12)
    }

    @Test("after a pause, the first delta is one period")
    func restartAfterPause() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder)
        link.step(); link.step()
        link.isPaused = true
        for _ in 0..<30 { link.step() }
        link.isPaused = false
        link.step(); link.step()
        #expect(recorder.deltas.count == 4)
        #expect(recorder.deltas[2] == 1.0 / 60)
        #expect(abs(recorder.deltas[3] - 1.0 / 60) < 1e-12)
        _ = notifier
    }

    @Test("after the host wakes from idle (timeline restart), the first delta is one period")
    func restartAfterIdle() {
        let clock = ManualClock()
        let link = DisplayLink(clock: clock, hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder)
        link.step(); link.step()
        clock.now += 30
        link.restartTimeline()
        link.step()
        #expect(recorder.deltas.count == 3)
        #expect(recorder.deltas.first == 1.0 / 60)
        #expect(recorder.deltas.last == 1.0 / 60)          // not 30 s
        _ = notifier
    }

    @Test("the listener is held weakly; when it goes away the notifier stops itself")
    func weakListener() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        var recorder: DeltaRecorder? = DeltaRecorder()
        weak let weakRecorder = recorder
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder!)
        link.step()
        #expect(recorder?.deltas.count == 1)
        recorder = nil
        #expect(weakRecorder == nil)                        // not retained by the notifier or the link
        #expect(notifier.listener == nil)
        link.step()
        #expect(!notifier.isRunning)
        #expect(!link.hasActiveCallbacks)
    }

    @Test("releasing the notifier stops it (deinit unsubscribes)")
    func deinitStops() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        var notifier: FrameDeltaNotifier? = FrameDeltaNotifier(displayLink: link, listener: recorder)
        weak let weakNotifier = notifier
        link.step()
        #expect(link.hasActiveCallbacks)
        notifier = nil
        #expect(weakNotifier == nil)                        // the link does not keep it alive
        #expect(!link.hasActiveCallbacks)                   // and it removed its callback
        link.step()
        #expect(recorder.deltas.count == 1)
    }

    @Test("an invalidated link stops the notifier")
    func linkInvalidated() {
        let link = DisplayLink(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: link, listener: recorder)
        link.step()
        link.invalidate()
        link.step()
        #expect(!notifier.isRunning)
        #expect(recorder.deltas.count == 1)
    }
}
