import Testing
@testable import ScrollKitSDL

@MainActor
final class DeltaRecorder: FrameDeltaReceiver {
    var deltas: [Double] = []
    func displayWillUpdate(deltaTime: Double) { deltas.append(deltaTime) }
}

@MainActor
@Suite("FrameDeltaNotifier lifecycle")
struct DeltaNotifierTests {
    @Test("starts when created; the first delta is one period, not the raw timestamp", arguments: [60.0, 144])
    func firstDeltaIsOnePeriod(hz: Double) {
        let clock = VirtualClock(hz: hz)
        clock.advance(frames: 1000)                        // the timeline does not start at 0
        let link = FrameTimeline(clock: clock, hz: hz)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(timeline: link, listener: recorder)
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
        let link = FrameTimeline(clock: clock, hz: 50)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(timeline: link, listener: recorder)
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
        let link = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(timeline: link, listener: recorder)
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
        let link = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(timeline: link, listener: recorder)
        link.step(); link.step()
        notifier.displayLink?.isPaused = true
        for _ in 0..<30 { link.step() }
        notifier.displayLink?.isPaused = false
        link.step(); link.step()
        #expect(recorder.deltas.count == 4)
        #expect(recorder.deltas[2] == 1.0 / 60)
        #expect(abs(recorder.deltas[3] - 1.0 / 60) < 1e-12)
        _ = notifier
    }

    @Test("after the host wakes from idle (timeline restart), the first delta is one period")
    func restartAfterIdle() {
        let clock = ManualClock()
        let link = FrameTimeline(clock: clock, hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(timeline: link, listener: recorder)
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
        let link = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        var recorder: DeltaRecorder? = DeltaRecorder()
        weak let weakRecorder = recorder
        let notifier = FrameDeltaNotifier(timeline: link, listener: recorder!)
        link.step()
        #expect(recorder?.deltas.count == 1)
        recorder = nil
        #expect(weakRecorder == nil)                        // not retained by the notifier or the link
        #expect(notifier.listener == nil)
        link.step()
        #expect(!notifier.isRunning)
        #expect(!link.hasActiveLinks)
    }

    @Test("releasing the notifier stops it (deinit unsubscribes)")
    func deinitStops() {
        let link = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        var notifier: FrameDeltaNotifier? = FrameDeltaNotifier(timeline: link, listener: recorder)
        weak let weakNotifier = notifier
        link.step()
        #expect(link.hasActiveLinks)
        notifier = nil
        #expect(weakNotifier == nil)                        // the link does not keep it alive
        #expect(!link.hasActiveLinks)                   // and it removed its callback
        link.step()
        #expect(recorder.deltas.count == 1)
    }

    @Test("the notifier's own link invalidated by someone else stops the notifier, and only it")
    func linkInvalidated() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(timeline: timeline, listener: recorder)
        var other = 0
        let otherLink = timeline.makeDisplayLink { _ in other += 1 }
        timeline.step()
        notifier.displayLink?.invalidate()
        timeline.step()
        #expect(!notifier.isRunning)
        #expect(recorder.deltas.count == 1)
        #expect(other == 2)
        notifier.invalidate()                               // the notifier's invalidate leaves other links alone
        timeline.step()
        #expect(other == 3 && otherLink.isValid)
    }

    @Test("a notifier made from a host's link rides on that link's timeline with a link of its own")
    func fromHostLink() {
        let timeline = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        let hostLink = timeline.mainLink
        let recorder = DeltaRecorder()
        let notifier = FrameDeltaNotifier(displayLink: hostLink, listener: recorder)
        #expect(notifier.displayLink !== hostLink)
        timeline.step(); timeline.step()
        notifier.invalidate()
        #expect(hostLink.isValid)
        timeline.step()
        #expect(recorder.deltas.count == 2)
        #expect(hostLink.timestamp == 2.0 / 60)             // the host's link still runs with the frames
        let detached = FrameDeltaNotifier(displayLink: DisplayLink { _ in }, listener: recorder)
        #expect(!detached.isRunning)                        // a link on no timeline: nothing to ride on
    }
}
