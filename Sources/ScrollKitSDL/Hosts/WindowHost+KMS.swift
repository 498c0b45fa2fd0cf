// WindowHost's frames on a bare console: KMS page flips as the display link's source, the console's input.

import CSDL2
import CScrollKitKMS
import Foundation
import Motion
import ScrollKit

/// The window host's frames through KMS (``KMSPresenter``): the `vblank:` line's source, waiting for a flip,
/// presenting, and the console's input.
extension WindowHost {
    /// Says where the frames' timing comes from, and opens the console's input devices.
    func noteKMSSource() {
        guard let kms = kmsPresenter else { return }
        stats.vblank.source = .kms
        if !kms.hasVBlank {
            stats.vblank.pacedByTimer = true
            stats.vblank.fallbackReason = "\(kms.driver) on \(kms.path) reports no vblanks: its flips complete at once"
        } else if options.hz != nil {
            stats.vblank.pacedByTimer = true
            stats.vblank.fallbackReason = "a fixed frame rate was asked for"
        }
        stats.vblank.refreshRate = timeline.displayRate
        var reason = ""
        kmsInput = KMSInput(clock: clock, reason: &reason)
        if kmsInput == nil {
            FileHandle.standardError.write(Data("scrollkit: no console input (\(reason))\n".utf8))
        } else if let problem = kmsInput?.keymapProblem, !problem.isEmpty {
            FileHandle.standardError.write(Data("scrollkit: console keymap: \(problem)\n".utf8))
        }
        if let problem = kms.vtProblem {
            FileHandle.standardError.write(Data("scrollkit: no VT switching (\(problem))\n".utf8))
        }
        clock.onWait = { [weak self] in self?.pollConsoleInput() }
    }

    /// Reads the console's input into the pending events (while a frame waits, with their kernel times).
    func pollConsoleInput() {
        guard let input = kmsInput else { return }
        input.poll(size: logicalSize, scale: pixelScale) { consoleEvents.append($0) }
    }

    /// Hands the client the console's input, answers VT switches (the display given away and back; Ctrl+Alt+Fn
    /// switches), and turns SIGINT and SIGTERM into a quit.
    func drainConsoleInput(client: HostClient) {
        pollConsoleInput()
        if let vt = kmsInput?.requestedVT {
            kmsInput?.requestedVT = nil
            kmsPresenter?.activateVT(vt)
        }
        if kmsPresenter?.serviceVT() == .acquired {   // back: draw the whole frame again
            canvas.setNeedsFullRedraw()
            frameOwed = true
        }
        let events = consoleEvents
        consoleEvents.removeAll(keepingCapacity: true)
        for event in events { handle(.input(event), client: client) }
        if KMSPresenter.signalled != 0 { handle(.quit, client: client) }
    }

    /// Idle: sleeps on the input devices (and the card) for up to `seconds`.
    func waitForConsoleInput(seconds: Double) {
        var fds = (kmsInput?.descriptors ?? []) + [kmsPresenter?.descriptor ?? -1]
        _ = sk_kms_wait(&fds, Int32(fds.count), seconds)
    }

    /// Waits for the flip of the last frame (its vblank) and makes the next frame the timeline's: `timestamp`
    /// is that flip's time (the driver's vblank time), `targetTimestamp` the next vblank on the line fitted to
    /// the flips, `duration` its period. Input is read while it waits.
    func waitForKMSFrame(_ kms: KMSPresenter, startsSpan: Bool) -> FrameTick {
        _ = kms.waitForFlip(until: clock.now + 0.1, input: kmsInput, stats: &stats) { pollConsoleInput() }
        if kms.vblanks.isFitted, options.hz == nil, abs(kms.vblanks.refreshRate - timeline.displayRate) > 0.0005 {
            timeline.setDisplayRate(kms.vblanks.refreshRate)
        }
        stats.vblank.refreshRate = timeline.displayRate
        let period = kms.vblanks.period
        var flipped = kms.takeFlip()
        if flipped == nil, !startsSpan, let next = kms.nextVBlankTime(after: clock.now) {
            // The last frame changed nothing, so nothing flipped: pace by the predicted vblanks instead
            // (never faster than the display), reading input meanwhile.
            clock.sleep(until: min(next, clock.now + period))
            pollConsoleInput()
            flipped = next - period
        }
        let now = clock.now
        let timestamp = flipped.map { min($0, now) } ?? now
        let target = kms.nextMSC.flatMap { kms.time(ofMSC: $0) }
        let targetTime = target.map { $0 > timestamp ? $0 : timestamp + period } ?? (timestamp + period)
        let lastIndex = timeline.currentTick?.index ?? -1
        var index = lastIndex + 1
        if !startsSpan, let previous = timeline.currentTick?.targetTimestamp, targetTime - previous > 1.5 * period {
            index = lastIndex + Int(min(((targetTime - previous) / period).rounded(), 1_048_576))   // vblanks missed
        }
        let tick = FrameTick(index: index, timestamp: timestamp, targetTimestamp: targetTime, duration: period)
        timeline.pacing = .display
        timeline.beginFrame(tick)
        return tick
    }

    /// Flips to the frame just drawn, with the rectangles it changed as damage. On a failure the run goes on
    /// paced by the timer, said once; nothing more can be shown.
    func presentKMS(_ kms: KMSPresenter, _ tick: FrameTick, startsSpan: Bool) {
        guard kms.failure == nil else { return }
        let damage = canvas.lastDamage
        let rects = damage.tracked && canvas.isCompositingDirectly ? canvas.changedRects : nil
        if kms.present(rects: rects, index: tick.index, inputTime: frameInputTime, startsSpan: startsSpan, stats: &stats) { return }
        let reason = kms.failure ?? "unknown error"
        stats.vblank.pacedByTimer = true
        stats.vblank.fallbackReason = "KMS presenting failed: " + reason
        FileHandle.standardError.write(Data("scrollkit: KMS presenting failed (\(reason)); frames are paced by a timer from now on\n".utf8))
        timeline.pacing = .deadlines
        timeline.restartTimeline()
    }

    /// The run ends: reads the flips still pending (at most 0.1 s), so the last frames' stats are known.
    func finishKMSPresenting() {
        guard let kms = kmsPresenter, kms.failure == nil else { return }
        _ = kms.waitForFlip(until: clock.now + 0.1, input: nil, stats: &stats) {}
    }
}
