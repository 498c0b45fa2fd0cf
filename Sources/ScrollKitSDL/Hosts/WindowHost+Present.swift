// WindowHost's frames on X11 Present: opening the presenter, waiting for the vblank a frame is for, keeping the
// present margin, and falling back to the timer.

import CScrollKitPixels
import CSDL2
import Foundation
import Motion

/// The window host's frames on the display's vblanks (X11 Present): choosing the vblank a frame is
/// for, the moment to start drawing it, and falling back to the timer when Present is missing or fails.
extension WindowHost {
    /// A software window on X11 draws into the shared-memory pixmap X Present shows (``X11Presenter``),
    /// unless `SCROLLKIT_PRESENT=0` or a fixed `hz` asks for the timer. Returns the software renderer made
    /// on the presenter's canvas and the presenter, or nil with the reason in `reason` (the window then
    /// gets SDL's software renderer on its own surface, paced by the timer).
    static func x11SoftwareRenderer(window: OpaquePointer, clock: RealClock, hz: Double?,
                                    reason: inout String) -> (OpaquePointer, X11Presenter)? {
        if ProcessInfo.processInfo.environment["SCROLLKIT_PRESENT"] == "0" {
            reason = "SCROLLKIT_PRESENT=0"
            return nil
        }
        if hz != nil {
            reason = "a fixed frame rate was asked for"
            return nil
        }
        guard let presenter = X11Presenter(window: window, clock: clock, reason: &reason) else { return nil }
        guard let renderer = SDL_CreateSoftwareRenderer(presenter.canvasSurface) else {
            reason = "cannot make a software renderer on the shared-memory canvas"
            return nil
        }
        return (renderer, presenter)
    }

    /// Starts pacing by X11 Present when the window's renderer draws into its canvas; otherwise says once
    /// why not (`whyNot`, from ``x11SoftwareRenderer(window:clock:hz:reason:)``), on X11.
    func openPresenter(whyNot: String?) {
        guard videoDriver == "x11" else { return }
        guard let opened = x11Canvas else {
            stats.vblank.fallbackReason = "no X Present: " + (whyNot ?? "not a software window")
            return
        }
        presenter = opened
        stats.vblank.source = .present
        let known = opened.modeRefreshRate > 0 ? opened.modeRefreshRate : timeline.displayRate
        if opened.vblanks.isFitted || opened.modeRefreshRate > 0 {
            timeline.setDisplayRate(opened.vblanks.isFitted ? opened.vblanks.refreshRate : known)
        }
        stats.vblank.refreshRate = timeline.displayRate
    }

    /// The run ends: waits (at most three periods) for the display to report the frames still in flight, so
    /// the last frames' `--stats` and display frames are known when the run returns.
    func finishPresenting() {
        finishWaylandPresenting()
        finishKMSPresenting()
        guard let presenter else { return }
        let until = clock.now + 3 * presenter.vblanks.period
        while presenter.hasFramesInFlight, clock.now < until {
            if sk_wait_readable(presenter.descriptor, max(0, until - clock.now)) <= 0 { break }
            if !presenter.pump(into: &stats) { break }
        }
    }

    /// Presenting failed mid-run (a server error, a lost connection): back to the timer, said once. The
    /// canvas stays (``x11Canvas``); frames are shown through SDL's window surface from now on.
    func presentFailed(_ failed: X11Presenter) {
        let reason = failed.failure ?? "unknown error"
        presenter = nil
        stats.vblank.source = .timer
        stats.vblank.fallbackReason = "X Present failed: " + reason
        if checkDisplayLost(probe: true) { return }   // the server is gone: the run ends, nothing to say here
        FileHandle.standardError.write(Data("scrollkit: X Present failed (\(reason)); frames are paced by a timer from now on\n".utf8))
        timeline.pacing = .deadlines
        timeline.restartTimeline()
    }

    /// Chooses the vblank the next frame is for, sleeps until the moment to start drawing it, and makes
    /// it the timeline's frame: `timestamp` is the vblank that showed the previous frame (the server's
    /// own UST where it reported it), `targetTimestamp` the predicted time of the chosen vblank,
    /// `duration` the fitted period times the frame interval.
    ///
    /// The frame starts ``PresentMargin/lead`` before its vblank: late enough that input reaches the screen
    /// within about half a period plus the margin, early enough to draw and present in time (see
    /// ``PresentMargin``).
    func waitForVBlank(_ presenter: X11Presenter) -> FrameTick {
        // The vblank the last frame can be shown at, at the earliest: its target, or the first vblank
        // after its present was sent.
        presentedBy = lastPresentTime.flatMap { presenter.firstMSC(atOrAfter: $0) }.map { max($0, targetMSC) }
        presenter.pump(into: &stats)
        var v = presenter.vblanks
        if v.isFitted, abs(v.refreshRate - timeline.displayRate) > 0.0005 {
            timeline.setDisplayRate(v.refreshRate)
        }
        stats.vblank.refreshRate = timeline.displayRate
        adjustPresentMargin(period: v.period, presenter: presenter)
        let interval = UInt64(timeline.frameInterval)
        let now = clock.now
        var target = presenter.firstMSC(atOrAfter: now + presentMargin.lead) ?? 0
        if let last = lastTargetMSC {
            // Whole frame intervals after the last frame of this span, and after the vblank that frame can
            // be shown at (a frame presented late shows later than its target: the next must not land on
            // the same vblank).
            let shownBy = max(last, presentedBy ?? last)
            let minimum = max(target, shownBy + 1, last + interval)
            target = last + (minimum - last + interval - 1) / interval * interval
        }
        let previous = target >= interval ? target - interval : 0
        // No present asked for a report of that vblank when this frame starts a span or follows a skipped
        // one: ask now, while it is still ahead.
        presenter.requestReport(ofMSC: previous)
        let start = (presenter.time(ofMSC: target) ?? now) - presentMargin.lead
        clock.sleep(until: start, spinning: false)   // the slack makes a spin's precision needless
        presenter.pump(into: &stats)   // the previous frame's vblank has been reported by now, usually
        // `timestamp` is that vblank's UST as the server reported it (every present asks for a report of its
        // target vblank, shown or not). A server or a machine under load can report it late: wait for it
        // while the margin has room to spare (`PresentMargin.reportWait`), rather than stand in a prediction
        // (Xvfb's vblanks jitter by a millisecond or two around the fit).
        if presenter.notifiedMSC == previous, let vblankTime = presenter.time(ofMSC: target),
           !presenter.hasReported(msc: previous) {
            let spare = presentMargin.reportWait
            if spare > 0 { presenter.awaitReport(ofMSC: previous, until: min(vblankTime - presentMargin.lead + spare, vblankTime - 0.001), into: &stats) }
        }
        v = presenter.vblanks
        let period = v.period
        // A span's first frame follows no frame: when the vblank before its target passed unreported, its
        // timestamp is the latest vblank the server did report (a UST, as CADisplayLink's first timestamp
        // is a vblank's), not a prediction.
        var timestamp = presenter.time(ofMSC: previous) ?? (start - period * Double(interval))
        if lastTargetMSC == nil, !presenter.hasReported(msc: previous),
           let reported = presenter.latestReportedTime(atOrBefore: previous) {
            timestamp = reported
        }
        var targetTime = presenter.time(ofMSC: target) ?? (timestamp + period * Double(interval))
        if !(targetTime > timestamp) { targetTime = timestamp + period * Double(interval) }
        let lastIndex = timeline.currentTick?.index ?? -1
        let index: Int
        if let last = lastTargetMSC, target > last {
            index = lastIndex + Int(min((target - last) / interval, 1 << 30))
        } else {
            index = lastIndex + 1
        }
        let tick = FrameTick(index: index, timestamp: timestamp, targetTimestamp: targetTime,
                             duration: period * Double(interval))
        timeline.pacing = .display
        timeline.beginFrame(tick)
        lastTargetMSC = target
        targetMSC = target
        return tick
    }

    /// Keeps ``presentMargin`` up to date with the latest frame's cost and the presenter's misses.
    private func adjustPresentMargin(period: Double, presenter: X11Presenter) {
        presentMargin.update(period: period, frameCost: stats.lastSample.map { $0.wallCost / 1000 },
                              virtualScreen: presenter.modeRefreshRate == 0, misses: presenter.misses,
                              latestMissLead: presenter.latestMissLead)
    }

    /// Shows the frame. A software frame drawn by damage is shown by the rectangles it changed (the
    /// display server copies those, not the whole window: a blinking caret costs its own pixels); any
    /// other frame through the renderer.
    func present(_ tick: FrameTick, startsSpan: Bool) {
        if let waylandPresenter { presentWayland(waylandPresenter, tick, startsSpan: startsSpan); return }
        if let kmsPresenter { presentKMS(kmsPresenter, tick, startsSpan: startsSpan); return }
        let damage = canvas.lastDamage
        let tracked = damage.tracked && canvas.isCompositingDirectly
        if let x11Canvas {
            if let presenter {
                if presenter.present(rects: tracked ? canvas.changedRects : nil, targetMSC: targetMSC,
                                     index: tick.index, interval: timeline.frameInterval, inputTime: frameInputTime,
                                     startsSpan: startsSpan, stats: &stats) {
                    lastPresentTime = clock.now
                    return
                }
                presentFailed(presenter)
                canvas.setNeedsFullRedraw()
                showThroughWindowSurface(x11Canvas.canvasSurface, rects: nil)   // this frame, whole
                return
            }
            showThroughWindowSurface(x11Canvas.canvasSurface, rects: tracked ? canvas.changedRects : nil)
            return
        }
        guard isSoftwareRenderer, tracked, attachedSurface != nil else {
            SDL_RenderPresent(renderer)
            return
        }
        // SDL's software renderer presents by updating the whole window surface it draws into; the canvas
        // has flushed the renderer's queue into that surface already (`endFrame`).
        let rects = canvas.changedRects
        guard !rects.isEmpty else { return }
        let ok = rects.withUnsafeBufferPointer { $0.withMemoryRebound(to: SDL_Rect.self) { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) } }
        if ok != 0 { SDL_RenderPresent(renderer) }   // the surface could not be updated in part: whole
    }

    /// Shows `rects` of a canvas the renderer draws into apart from the window (all of it when nil), by
    /// copying them into SDL's window surface and updating those: after X Present failed.
    private func showThroughWindowSurface(_ source: UnsafeMutablePointer<SDL_Surface>, rects: [PixelRect]?) {
        guard let target = SDL_GetWindowSurface(window) else { return }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        guard let rects, !rects.isEmpty else {
            _ = SDL_UpperBlit(source, nil, target, nil)
            _ = SDL_UpdateWindowSurface(window)
            return
        }
        for r in rects {
            var from = SDL_Rect(x: r.x, y: r.y, w: r.w, h: r.h), to = from
            _ = SDL_UpperBlit(source, &from, target, &to)
        }
        _ = rects.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: SDL_Rect.self) { SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) }
        }
    }
}
