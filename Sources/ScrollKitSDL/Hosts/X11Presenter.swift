// X11Presenter: a software window's frames shown on the display's vblanks through X11 Present, with the
// server's reports of when each was shown (UST and MSC).

import CSDL2
import CScrollKitPixels
import CScrollKitX11
import ScrollKitDamage

/// Shows a software window's frames on the display's vblanks through X11's Present extension, and
/// hears from the server when each was shown.
///
/// The canvas draws straight into a shared-memory pixmap (``canvasSurface``, through a software renderer
/// made on it), which is presented for a chosen vblank (MSC) with the frame's changed rectangles as the
/// update region (`sk_present.h`): no copy of the frame on our side, and none of the whole window on the
/// server's. The server's CompleteNotify events (UST, MSC) feed the ``VBlankEstimator`` that times the
/// window host's frames, and the ``VBlankStats`` of its `--stats`; its IdleNotify says when the pixmap may
/// be drawn into again. Everything travels on a connection of its own: SDL's event queue never sees a
/// Present event.
@MainActor
final class X11Presenter {
    /// A frame presented and not yet reported shown.
    private struct InFlight {
        var serial: UInt32
        var index: Int
        var targetMSC: UInt64
        var interval: Int
        var submitted: Double
        /// How long before its vblank's predicted time the present was sent (seconds).
        var lead: Double
        var inputTime: Double?
        var startsSpan: Bool
        var isSetup: Bool
    }

    private let handle: OpaquePointer
    private let clock: RealClock
    /// The connection's descriptor (readable when the server has sent events).
    let descriptor: Int32
    /// The display's vblanks as reported, fitted, in UST seconds (CLOCK_MONOTONIC): the host clock's
    /// origin moves when a run starts, the server's clock does not.
    private(set) var vblanks: VBlankEstimator
    /// The refresh rate of the window's display mode from RandR's timings, 0 when unknown (Xvfb).
    let modeRefreshRate: Double
    /// Why presenting stopped working (a server error, a lost connection), or nil while it works.
    private(set) var failure: String?
    /// Frames shown after the vblank they were presented for, and how long before that vblank the latest
    /// of them was sent (seconds): the window host's margin learns from it where the server's deadline is.
    private(set) var misses = 0
    private(set) var latestMissLead = 0.0
    /// The highest vblank counter any report named.
    private(set) var currentMSC: UInt64?
    /// Whether any vblank has been reported yet.
    private(set) var hasReports = false
    /// The serial of the start-up notify that asks for no particular vblank (its time is not a vblank's).
    private var probeSerial: UInt32 = 0
    /// The frame's changed rectangles, and whether the next present must send the whole canvas (it was
    /// remade, or a present was not sent).
    private var changed = PresentRects(owesWholeFrame: true)
    /// The surface the canvas draws into: the shared-memory pixmap's pixels (the window's size in pixels,
    /// XRGB8888). It outlives a failure of presenting (the renderer made on it keeps drawing; the window
    /// host then shows it through SDL's window surface). A new size is a new surface (``resizeCanvas``).
    private(set) var canvasSurface: UnsafeMutablePointer<SDL_Surface>
    private var inFlight: [InFlight] = []
    private var events = [sk_present_event](repeating: sk_present_event(), count: 32)
    /// The latest reports, newest last (a vblank's own time beats a prediction).
    private var reports: [(msc: UInt64, time: Double)] = []
    private var monotonic = MonotonicOffset()

    /// Opens Present for `window` (an `SDL_Window`), or returns nil with the reason in `reason`.
    init?(window: OpaquePointer, clock: RealClock, reason: inout String) {
        let xid = sk_window_x11_id(UnsafeMutableRawPointer(window))
        guard xid != 0 else { reason = "the window is not an X11 window"; return nil }
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = sk_present_open(nil, UInt32(truncatingIfNeeded: xid), &message, message.count) else {
            reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        var w: Int32 = 0, h: Int32 = 0, stride: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        w = max(w, 1); h = max(h, 1)
        guard let memory = sk_present_canvas(handle, w, h, &stride),
              let made = SDL_CreateRGBSurfaceWithFormatFrom(memory, w, h, 32, stride, SDL_PIXELFORMAT_XRGB8888.rawValue) else {
            reason = "cannot make the shared-memory canvas: " + String(cString: sk_present_error(handle))
            sk_present_close(handle)
            return nil
        }
        canvasSurface = made
        self.handle = handle
        self.clock = clock
        descriptor = sk_present_fd(handle)
        modeRefreshRate = sk_present_mode_refresh(handle)
        vblanks = VBlankEstimator(fallbackPeriod: modeRefreshRate > 0 ? 1 / modeRefreshRate : 1.0 / 60)
        inFlight.reserveCapacity(8)
        reports.reserveCapacity(16)
        // Learn where the display's vblanks are before the first frame: a notify for no particular vblank
        // says which one is current; two more, for the next vblank and three after it, say when they
        // happen and how far apart (about 70 ms at 60 Hz; Xvfb's vblanks jitter by a millisecond or two,
        // so one interval alone could be 10 % off).
        var serial: UInt32 = 0
        var stats = FrameStats()
        if sk_present_notify_msc(handle, 0, &serial) == 1 {
            probeSerial = serial
            let until = clock.now + 0.1
            while currentMSC == nil, clock.now < until, failure == nil {
                if sk_wait_readable(descriptor, max(0, until - clock.now)) < 0 { break }
                pump(into: &stats)
            }
        }
        if let current = currentMSC {
            for ahead: UInt64 in [1, 4] { _ = sk_present_notify_msc(handle, current + ahead, &serial) }
            let until = clock.now + 0.1
            while vblanks.count < 2, clock.now < until, failure == nil {
                if sk_wait_readable(descriptor, max(0, until - clock.now)) < 0 { break }
                pump(into: &stats)
            }
        }
    }

    isolated deinit {
        SDL_FreeSurface(canvasSurface)   // the window host destroys the renderer on it first
        sk_present_close(handle)
    }

    /// Makes ``canvasSurface`` a new surface on a `width` × `height` pixmap when the size changed, and
    /// returns the one it replaced (its pixmap stays mapped as the spare until the next switch or resize,
    /// so the renderer made on it may draw until the window host has moved to the new surface). A pixmap
    /// or surface that cannot be made is a failure of presenting (``failure``); the canvas then stays.
    func resizeCanvas(width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = max(width, 1), h = max(height, 1)
        guard w != canvasSurface.pointee.w || h != canvasSurface.pointee.h else { return nil }
        var stride: Int32 = 0
        guard let memory = sk_present_canvas(handle, w, h, &stride) else {
            if failure == nil { failure = String(cString: sk_present_error(handle)) }
            return nil
        }
        guard let made = SDL_CreateRGBSurfaceWithFormatFrom(memory, w, h, 32, stride, SDL_PIXELFORMAT_XRGB8888.rawValue) else {
            if failure == nil { failure = "cannot make a surface on the shared-memory canvas" }
            return nil
        }
        let retired = canvasSurface
        canvasSurface = made
        changed.owesWholeFrame = true
        return retired
    }

    /// Makes sure the canvas is a pixmap the server no longer reads: the frame about to be drawn must not
    /// show up in the one before. At once as a rule: a frame starts after the vblank that showed the one
    /// before, and the server has copied it then. When the frame before was presented late and is still
    /// pending, the canvas moves to the spare pixmap (a copy of it), so that this frame can replace it at
    /// the vblank it will be shown at; when both are pending, it waits (reading events, at most two
    /// periods).
    func awaitCanvasIdle(into stats: inout FrameStats) {
        guard failure == nil, sk_present_canvas_busy(handle) != 0 else { return }
        pump(into: &stats)
        let deadline = clock.now + 2 * vblanks.period
        while failure == nil, sk_present_canvas_busy(handle) != 0 {
            if let memory = sk_present_canvas_switch(handle) {
                // The same size and layout, other memory: `pixels` is the one field of SDL_Surface SDL
                // leaves its users to write (SDL_surface.h: "Read-write"; the surface is SDL_PREALLOC).
                canvasSurface.pointee.pixels = memory
                return
            }
            let left = deadline - clock.now
            if left <= 0 || sk_wait_readable(descriptor, left) <= 0 { return }
            if !pump(into: &stats) { return }
        }
    }

    /// UST seconds minus host-clock seconds.
    private func ustOffset() -> Double { monotonic.seconds(clock) }

    /// Host-clock seconds of a UST (CLOCK_MONOTONIC microseconds).
    func hostTime(ust: UInt64) -> Double {
        Double(ust) / 1_000_000 - ustOffset()
    }

    /// The time of vblank `msc` on the host clock: the server's own report when it is among the latest,
    /// else the fitted prediction.
    func time(ofMSC msc: UInt64) -> Double? {
        for r in reports.reversed() where r.msc == msc { return r.time - ustOffset() }
        return vblanks.predictedTime(ofMSC: msc).map { $0 - ustOffset() }
    }

    /// The latest vblank a report was asked for (with the frame presented for it).
    private(set) var notifiedMSC: UInt64?

    /// How far ahead of the server's counter a vblank must still be for a notify of it to complete at that
    /// vblank, stamped with its UST: a notify for a vblank already past completes at once, stamped with the
    /// moment it was read. Xvfb's counter turns half a period before its vblank (see the window host's
    /// present margin); a display with mode timings turns at the vblank itself.
    private var reportLead: Double { modeRefreshRate > 0 ? 0.001 : vblanks.period / 2 + 0.001 }

    /// Asks the server for a report of vblank `msc` when none was asked for or heard and the vblank is
    /// still far enough ahead (``reportLead``) for the report to carry its UST. The window host asks for the
    /// vblank before a frame's target when no present asked for it (the first frame of a span, a frame
    /// after a skipped vblank), so that frame's `timestamp` is a reported UST too.
    func requestReport(ofMSC msc: UInt64) {
        guard failure == nil, notifiedMSC != msc, !hasReported(msc: msc), let t = time(ofMSC: msc),
              t - clock.now > reportLead else { return }
        var serial: UInt32 = 0
        if sk_present_notify_msc(handle, msc, &serial) == 1 { notifiedMSC = msc }
    }

    /// The host time of the latest vblank the server reported at or before `msc`, if any is among the
    /// latest reports.
    func latestReportedTime(atOrBefore msc: UInt64) -> Double? {
        reports.last { $0.msc <= msc }.map { $0.time - ustOffset() }
    }

    /// Whether the server has reported vblank `msc` (among the latest reports).
    func hasReported(msc: UInt64) -> Bool { reports.contains { $0.msc == msc } }

    /// Waits until the server has reported vblank `msc`, or until host time `deadline`, reading events.
    func awaitReport(ofMSC msc: UInt64, until deadline: Double, into stats: inout FrameStats) {
        while !hasReported(msc: msc), failure == nil, (currentMSC ?? 0) < msc + 2 {
            let left = deadline - clock.now
            if left <= 0 || sk_wait_readable(descriptor, left) <= 0 { return }
            if !pump(into: &stats) { return }
        }
    }

    /// The first vblank after the latest report predicted at or after host time `time`.
    func firstMSC(atOrAfter time: Double) -> UInt64? {
        vblanks.firstMSC(atOrAfter: time + ustOffset())
    }

    /// Reads the events that have arrived (never blocks): vblank reports feed ``vblanks``; frames shown
    /// go to `stats` (``VBlankStats`` and the frame's sample). Returns false once presenting has failed.
    @discardableResult
    func pump(into stats: inout FrameStats) -> Bool {
        guard failure == nil else { return false }
        while true {
            let n = events.withUnsafeMutableBufferPointer { sk_present_poll(handle, $0.baseAddress, Int32($0.count)) }
            if n < 0 {
                failure = String(cString: sk_present_error(handle))
                return false
            }
            for i in 0..<Int(n) {
                let e = events[i]
                if e.kind == SK_PRESENT_FAILED {
                    refused(e)
                    if failure != nil { return false }
                    continue
                }
                guard e.kind == SK_PRESENT_COMPLETE else { continue }
                let ust = Double(e.ust) / 1_000_000
                let time = ust - ustOffset()
                currentMSC = max(currentMSC ?? 0, e.msc)
                // Every report is a vblank's (the server executes a present or a notify at the vblank it
                // waited for; one that comes too late for its target waits for the next), except the start-up
                // probe, which asked for no vblank in particular.
                if e.serial != probeSerial, !hasReported(msc: e.msc) {
                    vblanks.record(msc: e.msc, time: ust)
                    hasReports = true
                    if reports.count == 16 { reports.removeFirst() }
                    reports.append((e.msc, ust))
                }
                guard e.is_frame != 0, let k = inFlight.firstIndex(where: { $0.serial == e.serial }) else { continue }
                let frame = inFlight.remove(at: k)
                refusedInARow = 0
                if e.msc > frame.targetMSC, !frame.isSetup {
                    misses += 1
                    latestMissLead = frame.lead
                }
                stats.vblank.recordShown(msc: e.msc, targetMSC: frame.targetMSC, interval: frame.interval,
                                         startsSpan: frame.startsSpan, presentToVBlank: time - frame.submitted,
                                         inputToVBlank: frame.inputTime.map { time - $0 }, isSetup: frame.isSetup)
                stats.markShown(index: frame.index, at: time, displayFrame: Int(truncatingIfNeeded: e.msc))
            }
            if n < Int32(events.count) { return true }
        }
    }

    /// Requests the server refused (X errors), and how many in a row since a frame was last shown: an
    /// error ends only its own request (a frame not shown is sent again whole with the next); only
    /// ``refusalLimit`` in a row are a failure of presenting.
    private(set) var refusedRequests = 0
    private var refusedInARow = 0
    static let refusalLimit = 8

    /// The server refused a request: a present's frame is forgotten and the next present sends the whole
    /// canvas (the window never got this frame's rectangles).
    private func refused(_ e: sk_present_event) {
        refusedRequests += 1
        refusedInARow += 1
        if e.is_frame != 0 {
            inFlight.removeAll { $0.serial == e.serial }
            changed.owesWholeFrame = true
        }
        if refusedInARow >= Self.refusalLimit {
            failure = "the X server refused \(refusedInARow) requests in a row (the latest with X error \(e.error_code))"
        }
    }

    /// Whether frames presented are still waiting for the server's report that they were shown.
    var hasFramesInFlight: Bool { !inFlight.isEmpty }

    /// Presents the canvas's `rects` (all of it when `rects` is nil) for vblank `targetMSC`. Returns false
    /// when presenting failed (``failure`` says why): the caller falls back.
    func present(rects: [PixelRect]?, targetMSC: UInt64, index: Int, interval: Int, inputTime: Double?,
                 startsSpan: Bool, stats: inout FrameStats) -> Bool {
        guard failure == nil else { return false }
        guard let count = changed.pack(rects) else { return true }   // nothing changed
        var serial: UInt32 = 0
        let result: Int32 = count > 0
            ? changed.flat.withUnsafeBufferPointer { sk_present_canvas_submit(handle, $0.baseAddress, count, targetMSC, &serial) }
            : sk_present_canvas_submit(handle, nil, 0, targetMSC, &serial)
        switch result {
        case 1:
            changed.owesWholeFrame = false
            if inFlight.count >= 8 { inFlight.removeFirst() }   // never reported: forget the oldest
            let now = clock.now
            inFlight.append(InFlight(serial: serial, index: index, targetMSC: targetMSC, interval: interval,
                                     submitted: now, lead: (time(ofMSC: targetMSC) ?? now) - now,
                                     inputTime: inputTime, startsSpan: startsSpan, isSetup: stats.frames == 0))
            // And a report of the target vblank itself, shown or not: the next frame's `timestamp` is its
            // UST even when this frame comes late (one small request; its reply is one event). Only while
            // the vblank is still ahead by the server's reckoning: a notify for a vblank already past
            // completes at once, stamped with the moment it was read, not a vblank's time (Xvfb's
            // counter turns half a period before its vblank, see `PresentMargin`).
            var notifySerial: UInt32 = 0
            if inFlight[inFlight.count - 1].lead > reportLead,
               sk_present_notify_msc(handle, targetMSC, &notifySerial) == 1 {
                notifiedMSC = targetMSC
            }
            return true
        case 2:
            return true
        default:
            failure = String(cString: sk_present_error(handle))
            return false
        }
    }
}
