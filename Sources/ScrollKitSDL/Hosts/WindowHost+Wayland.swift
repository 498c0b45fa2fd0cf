// WindowHost's frames on Wayland: the software renderer on a canvas surface of ScrollKit's own, frames paced by
// the compositor's frame callbacks and stamped by its presentation feedback.

import CSDL2
import CScrollKitPixels
import Foundation
import Motion

/// The window host's software frames on SDL's Wayland driver (``WaylandPresenter``): making the software
/// renderer there, choosing the vblank a frame is for, and presenting it.
extension WindowHost {
    /// SDL 2 has no window framebuffer on Wayland (its software renderer would go through an OpenGL
    /// texture, emulated on the CPU here): the canvas draws into a surface of the presenter's, which
    /// shows it from wl_shm buffers. Returns the software renderer and its presenter, or nil with the
    /// reason in `reason`.
    static func waylandSoftwareRenderer(window: OpaquePointer, clock: RealClock,
                                        reason: inout String) -> (OpaquePointer, WaylandPresenter)? {
        guard let presenter = WaylandPresenter(window: window, clock: clock, reason: &reason) else { return nil }
        guard let renderer = SDL_CreateSoftwareRenderer(presenter.canvasSurface) else {
            reason = "cannot make a software renderer on the canvas surface"
            presenter.close()
            return nil
        }
        return (renderer, presenter)
    }

    /// Says where a Wayland window's timing comes from (after the renderer is made).
    func noteWaylandSource(reason: String) {
        guard videoDriver == "wayland" else { return }
        if let wayland = waylandPresenter {
            stats.vblank.source = .wayland
            if !wayland.hasPresentation { stats.vblank.fallbackReason = "no wp_presentation: frame callbacks only" }
            clock.wakeDescriptor = wayland.descriptor   // sleep on the display connection, as on X11
        } else if !reason.isEmpty {
            stats.vblank.fallbackReason = "no Wayland presenting: " + reason
        }
    }

    /// Waits for the compositor's frame callback (the last frame was used: time to draw the next) and
    /// makes the next frame the timeline's: `timestamp` is the vblank that shows the previous frame (the
    /// compositor's own presentation time where it reported it, else the fitted prediction),
    /// `targetTimestamp` the predicted vblank this frame is for, `duration` the refresh period times the
    /// frame interval.
    ///
    /// A window the compositor does not show gets no callback: the loop sleeps on the display connection
    /// (input still handled) and goes on after a second without one, so scripted runs keep going at 1 Hz.
    func waitForWaylandFrame(_ wayland: WaylandPresenter, startsSpan: Bool) -> FrameTick {
        if startsSpan { wayland.lastTarget = nil }
        _ = wayland.waitForCallback(until: clock.now + 1, stats: &stats) { SDL_PumpEvents() }
        let reported = wayland.reportedRefreshRate
        let rate = reported > 0 ? reported : (wayland.vblanks.isFitted ? wayland.vblanks.refreshRate : 0)
        if rate > 0, options.hz == nil, abs(rate - timeline.displayRate) > 0.0005 { timeline.setDisplayRate(rate) }
        stats.vblank.refreshRate = timeline.displayRate
        let interval = UInt64(max(timeline.frameInterval, 1))
        let period = wayland.vblanks.period
        let now = clock.now
        guard wayland.vblanks.latest != nil else {
            // No frame reported shown yet: the compositor's timing is unknown. Without a callback to wait
            // for (nothing was committed), the previous frame's target time paces the loop.
            if let previous = timeline.currentTick?.targetTimestamp, previous > now { clock.sleep(until: min(previous, now + period)) }
            wayland.nextTarget = nil
            let tick = FrameTick(index: (timeline.currentTick?.index ?? -1) + 1, timestamp: now,
                                 targetTimestamp: now + period * Double(interval), duration: period * Double(interval))
            timeline.pacing = .display
            timeline.beginFrame(tick)
            return tick
        }
        // The frame whose callback just fired is shown at the vblank nearest its callback plus the learned
        // callback-to-vblank time; this one the frame interval after. After an idle gap (no fresh callback),
        // the first vblank the compositor can still make.
        var target: UInt64
        let callback = wayland.takeCallback()
        let calledBack = !startsSpan && callback.map { now - $0 < period } == true
        if calledBack, let called = callback,
           let shownAt = wayland.nearestMSC(to: called + wayland.callbackToVBlank) {
            target = shownAt + interval
        } else {
            target = wayland.firstMSC(atOrAfter: now + max(wayland.callbackToVBlank, 0) + 0.001) ?? 0
        }
        if let last = wayland.lastTarget { target = max(target, last + 1) }
        // Start where the compositor would call back for the target: at once after a callback at the display
        // rate (never later: the compositor's next repaint is a period away); later for a frame interval over
        // one (a lower preferred rate), or when nothing was committed (no callback to wait for: the frames
        // keep the display's time without drawing faster than it).
        if !calledBack || interval > 1, let before = wayland.time(ofMSC: target - 1) {
            let start = before - max(wayland.callbackToVBlank, 0)
            if start > now + 0.0005 { clock.sleep(until: min(start, now + period * Double(interval))) }
        }
        let timestamp = wayland.time(ofMSC: target &- interval) ?? now
        var targetTime = wayland.time(ofMSC: target) ?? (timestamp + period * Double(interval))
        if !(targetTime > timestamp) { targetTime = timestamp + period * Double(interval) }
        let lastIndex = timeline.currentTick?.index ?? -1
        var index = lastIndex + 1
        if let last = wayland.lastTarget, target > last { index = lastIndex + Int(min((target - last) / interval, 1 << 30)) }
        let tick = FrameTick(index: max(index, lastIndex + 1), timestamp: timestamp, targetTimestamp: targetTime,
                             duration: period * Double(interval))
        timeline.pacing = .display
        timeline.beginFrame(tick)
        wayland.lastTarget = target
        wayland.nextTarget = target
        return tick
    }

    /// The run ends: waits (at most three periods and the compositor's stamping delay) for the presentation
    /// feedback of the frames still in flight, so the last frames' `--stats` and display frames are known.
    func finishWaylandPresenting() {
        guard let wayland = waylandPresenter, wayland.failure == nil else { return }
        let until = clock.now + 3 * wayland.vblanks.period + 0.02
        while wayland.pump(into: &stats), wayland.hasFramesInFlight, clock.now < until {
            if sk_wait_readable(wayland.descriptor, min(max(0, until - clock.now), 0.005)) < 0 { break }
            SDL_PumpEvents()   // SDL may read the socket first: our events then wait in our queue
        }
    }

    /// Shows a software frame on Wayland by the rectangles it changed. On a failure (the connection to
    /// the compositor is gone) the timer paces the frames from then on, said once; nothing can be shown.
    func presentWayland(_ wayland: WaylandPresenter, _ tick: FrameTick, startsSpan: Bool) {
        guard wayland.failure == nil else { return }
        let damage = canvas.lastDamage
        let rects = damage.tracked && canvas.isCompositingDirectly ? canvas.changedRects : nil
        if wayland.present(rects: rects, targetMSC: wayland.nextTarget, index: tick.index,
                           interval: timeline.frameInterval, inputTime: frameInputTime, startsSpan: startsSpan,
                           stats: &stats) {
            return
        }
        let reason = wayland.failure ?? "unknown error"
        stats.vblank.source = .timer
        stats.vblank.fallbackReason = "Wayland presenting failed: " + reason
        if checkDisplayLost() { return }   // the compositor is gone: the run ends, nothing to say here
        FileHandle.standardError.write(Data("scrollkit: Wayland presenting failed (\(reason)); frames are paced by a timer from now on\n".utf8))
        timeline.pacing = .deadlines
        timeline.restartTimeline()
    }
}
