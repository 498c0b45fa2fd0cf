// WaylandPresenter: a software window's frames shown on SDL's Wayland surface from wl_shm buffers, paced by the
// compositor's frame callbacks, with its presentation feedback (time, refresh, sequence) for each frame shown.

import CSDL2
import CScrollKitPixels
import CScrollKitWayland
import ScrollKitDamage

/// Shows a software window's frames on SDL's Wayland surface and hears from the compositor when each
/// was shown.
///
/// SDL 2 has no window framebuffer on Wayland, so the canvas draws into a surface of this presenter's
/// (``canvasSurface``, XRGB8888, through `SDL_CreateSoftwareRenderer`); each frame's changed rectangles
/// are copied into an idle wl_shm buffer and committed on SDL's `wl_surface` with them as damage, a
/// frame callback and a presentation feedback (`sk_wayland.h`). The frame callback says when to draw
/// the next frame; `wp_presentation_feedback.presented` gives the time each frame turned into light, the
/// refresh period and the output's vblank counter, which feed the ``VBlankEstimator`` that times the
/// frames and the ``VBlankStats`` of `--stats`. Every event travels on an event queue of its own: SDL's
/// queue never sees one.
///
/// Where the output reports no vblank counter (sequence 0, as weston's X11 and headless backends), the
/// counter is counted here from the timestamps: each shown frame is the previous one's plus its interval
/// in whole refresh periods.
@MainActor
final class WaylandPresenter {
    /// A frame committed and not yet reported shown or discarded.
    private struct InFlight {
        var serial: UInt32
        var index: Int
        /// The vblank it is meant for, nil while none can be predicted (no report yet).
        var targetMSC: UInt64?
        var interval: Int
        var submitted: Double
        var inputTime: Double?
        var startsSpan: Bool
        var isSetup: Bool
        /// When its frame callback fired (host seconds), nil before.
        var callbackTime: Double?
    }

    private var handle: OpaquePointer?
    private let clock: RealClock
    /// The display connection's descriptor (readable when the compositor sent events, for anyone).
    let descriptor: Int32
    /// Whether the compositor offers wp_presentation (else frames are paced by frame callbacks alone and
    /// stamped with the time the callback arrived).
    let hasPresentation: Bool
    /// The shown frames' vblanks, fitted, in CLOCK_MONOTONIC seconds.
    private(set) var vblanks = VBlankEstimator()
    /// The refresh rate the compositor reports for the output (1 / its refresh period), 0 when unknown.
    private(set) var reportedRefreshRate = 0.0
    /// Why presenting stopped working (a lost connection), or nil while it works.
    private(set) var failure: String?
    /// Frames shown after the vblank they were meant for, and frames the compositor never showed.
    private(set) var misses = 0
    private(set) var discarded = 0
    /// Whether a frame callback is pending: the next frame waits for it.
    var isWaitingForCallback: Bool { handle.map { sk_wayland_frame_pending($0) != 0 } ?? false }
    /// When the latest frame callback fired (host seconds), until a frame takes it (``takeCallback()``).
    private var untakenCallback: Double?
    /// How long after its frame callback a frame is shown (seconds, a moving average): weston calls back
    /// when it composites, a repaint window (7 ms) before the vblank; other compositors at the vblank.
    private(set) var callbackToVBlank = 0.005
    /// The vblank the latest frame of this animation span was meant for, and the one the next present is
    /// for (nil: unknown yet). Kept by the window host.
    var lastTarget: UInt64?
    var nextTarget: UInt64?
    /// The surface the canvas draws into (the window's size in pixels, XRGB8888, its pixels SDL's). A new
    /// size is a new surface (``resizeCanvas``).
    private(set) var canvasSurface: UnsafeMutablePointer<SDL_Surface>
    private var lastSequence: (msc: UInt64, time: Double)?
    /// Whether the output reports its own vblank counter (a nonzero sequence); else it is counted here.
    private var countsVBlanks = false
    /// The latest frame reported shown: its index and vblank.
    private var lastShown: (index: Int, msc: UInt64)?
    private var inFlight: [InFlight] = []
    private var events = [sk_wayland_event](repeating: sk_wayland_event(), count: 32)
    private var changed = PresentRects(owesWholeFrame: true)

    /// Opens presenting for `window` (an `SDL_Window` on SDL's Wayland driver), or returns nil with the
    /// reason in `reason`.
    init?(window: OpaquePointer, clock: RealClock, reason: inout String) {
        var display: UnsafeMutableRawPointer?
        var surface: UnsafeMutableRawPointer?
        guard sk_window_wayland(UnsafeMutableRawPointer(window), &display, &surface) != 0 else {
            reason = "the window is not a Wayland window"
            return nil
        }
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = sk_wayland_open(display, surface, &message, message.count) else {
            reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return nil
        }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        w = max(w, 1); h = max(h, 1)
        guard let made = Self.makeSurface(width: w, height: h) else {
            sk_wayland_close(handle)
            reason = "cannot make the canvas surface"
            return nil
        }
        self.handle = handle
        self.clock = clock
        canvasSurface = made
        descriptor = sk_wayland_fd(handle)
        hasPresentation = sk_wayland_has_presentation(handle) != 0
        inFlight.reserveCapacity(16)
    }

    /// Frees ScrollKit's buffers and queue. Must run before SDL closes the display (the window host's
    /// deinit calls it before destroying the window); idempotent.
    func close() {
        if let handle { sk_wayland_close(handle) }
        handle = nil
    }

    isolated deinit {
        close()
        SDL_FreeSurface(canvasSurface)
    }

    /// A `width` × `height` XRGB8888 surface whose pixels SDL allocates (zeroed) and frees.
    private static func makeSurface(width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>? {
        SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_XRGB8888.rawValue)
    }

    /// Makes ``canvasSurface`` a new `width` × `height` surface when the size changed, and returns the one
    /// it replaced (the caller frees it once no renderer draws into it); nil when the size is the same or
    /// the surface cannot be made (the canvas then stays as it was).
    func resizeCanvas(width: Int32, height: Int32) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = max(width, 1), h = max(height, 1)
        guard w != canvasSurface.pointee.w || h != canvasSurface.pointee.h,
              let made = Self.makeSurface(width: w, height: h) else { return nil }
        let retired = canvasSurface
        canvasSurface = made
        changed.owesWholeFrame = true
        return retired
    }

    /// CLOCK_MONOTONIC seconds minus host-clock seconds now (sampled so that preemption cannot skew it).
    private func monotonicOffset() -> Double {
        monotonic.seconds(clock)
    }
    private var monotonic = MonotonicOffset()

    /// Whether committed frames still wait for their presentation feedback.
    var hasFramesInFlight: Bool { hasPresentation && !inFlight.isEmpty }

    /// The time of vblank `msc` on the host clock, nil before any report: on the fitted line where the
    /// output counts its vblanks; else one fitted period a count from the latest report (a compositor
    /// without a vblank grid, whose slipped repaint would leave a line through the past half a period off).
    func time(ofMSC msc: UInt64) -> Double? {
        guard let latest = vblanks.latest else { return nil }
        if countsVBlanks { return vblanks.predictedTime(ofMSC: msc).map { $0 - monotonicOffset() } }
        return latest.time + Double(Int64(bitPattern: msc &- latest.msc)) * vblanks.period - monotonicOffset()
    }

    /// The first vblank predicted at or after host time `time` (after the latest report), nil before any.
    func firstMSC(atOrAfter time: Double) -> UInt64? {
        guard let latest = vblanks.latest else { return nil }
        if countsVBlanks { return vblanks.firstMSC(atOrAfter: time + monotonicOffset()) }
        let counts = ((time + monotonicOffset() - latest.time) / vblanks.period).rounded(.up)
        return latest.msc + UInt64(counts.isFinite ? min(max(counts, 1), 1e9) : 1)
    }

    /// The vblank predicted nearest to host time `time`, nil before any report.
    func nearestMSC(to time: Double) -> UInt64? {
        firstMSC(atOrAfter: time - vblanks.period / 2)
    }

    /// Reads what has arrived (never blocks): frame callbacks, and frames shown (to ``vblanks``, to
    /// `stats`' ``VBlankStats`` and to the frame's sample). Returns false once presenting has failed.
    @discardableResult
    func pump(into stats: inout FrameStats) -> Bool {
        guard failure == nil, let handle else { return false }
        while true {
            let n = events.withUnsafeMutableBufferPointer { sk_wayland_poll(handle, $0.baseAddress, Int32($0.count)) }
            if n < 0 {
                failure = String(cString: sk_wayland_error(handle))
                return false
            }
            let now = clock.now
            for i in 0..<Int(n) {
                let e = events[i]
                switch e.kind {
                case SK_WAYLAND_FRAME_DONE:
                    untakenCallback = now
                    if let k = inFlight.firstIndex(where: { $0.serial == e.serial }) { inFlight[k].callbackTime = now }
                    if !hasPresentation { shown(serial: e.serial, at: now + monotonicOffset(), sequence: 0, refresh: 0, into: &stats) }
                case SK_WAYLAND_PRESENTED:
                    shown(serial: e.serial, at: Double(e.time_ns) / 1e9, sequence: e.sequence, refresh: e.refresh_ns, into: &stats)
                case SK_WAYLAND_DISCARDED:
                    discarded += 1
                    inFlight.removeAll { $0.serial == e.serial }
                default:
                    break
                }
            }
            if n < Int32(events.count) { return true }
        }
    }

    /// A frame the compositor showed at `time` (CLOCK_MONOTONIC seconds), at vblank `sequence` (0: count it).
    private func shown(serial: UInt32, at time: Double, sequence: UInt64, refresh: UInt32, into stats: inout FrameStats) {
        if refresh > 0 {
            reportedRefreshRate = 1e9 / Double(refresh)
            if !vblanks.isFitted { vblanks.fallbackPeriod = Double(refresh) / 1e9 }
        }
        let msc: UInt64
        if sequence != 0 {
            msc = sequence
            countsVBlanks = true
        } else if let last = lastSequence {
            // The period the vblanks are predicted by (the fitted one once there is a fit): counted by
            // another (weston's X11 output says 60 Hz and repaints every 17.6 ms), an idle gap of seconds
            // comes out a dozen counts away from where the next frame was aimed.
            let period = vblanks.isFitted || refresh == 0 ? vblanks.period : Double(refresh) / 1e9
            let counts = ((time - last.time) / period).rounded()
            msc = last.msc + UInt64(counts.isFinite ? min(max(counts, 1), 1e9) : 1)
        } else {
            msc = 1
        }
        lastSequence = (msc, time)
        vblanks.record(msc: msc, time: time)
        guard let k = inFlight.firstIndex(where: { $0.serial == serial }) else { return }
        let frame = inFlight.remove(at: k)
        let hostTime = time - monotonicOffset()
        if let called = frame.callbackTime {
            let lead = hostTime - called
            if lead.isFinite, abs(lead) < 2 * vblanks.period { callbackToVBlank += 0.2 * (lead - callbackToVBlank) }
        }
        // Where the vblanks are counted here, a frame is meant for the count after the frame before it (the
        // frame callback paces it so): a gap is a refresh at which the compositor showed that frame again.
        // A span's first frame follows none: the compositor was idle, and starts repainting when it comes
        // (it has no vblank grid to be late against).
        var target = frame.targetMSC ?? msc
        if !countsVBlanks, frame.startsSpan {
            target = msc
        } else if !countsVBlanks, let before = lastShown, frame.index == before.index + 1 {
            target = before.msc + UInt64(max(frame.interval, 1))
        }
        lastShown = (frame.index, msc)
        if msc > target, !frame.isSetup { misses += 1 }
        stats.vblank.recordShown(msc: msc, targetMSC: target, interval: frame.interval, startsSpan: frame.startsSpan,
                                 presentToVBlank: hostTime - frame.submitted,
                                 inputToVBlank: frame.inputTime.map { hostTime - $0 }, isSetup: frame.isSetup)
        stats.markShown(index: frame.index, at: hostTime, displayFrame: Int(truncatingIfNeeded: msc))
    }

    /// When the latest frame callback fired (host seconds), once: nil when none fired since the last call.
    /// A frame that follows a callback starts at once; one that does not (the frame before committed
    /// nothing, so none was asked for) is paced by the predicted vblanks.
    func takeCallback() -> Double? {
        defer { untakenCallback = nil }
        return untakenCallback
    }

    /// Waits until the pending frame callback fires or host time `deadline` passes, asleep on the display
    /// connection; `onWait` (SDL's event pump) runs whenever something arrives, until the callback has.
    /// A window the compositor does not show gets no callback: the wait costs nothing until the deadline.
    /// Returns whether the callback fired (or none was pending).
    ///
    /// Once the callback is read the wait returns at once, without pumping SDL: the compositor sends its
    /// configure events with the first callbacks, and SDL's pump then has libdecor redraw the window's
    /// decorations, 11 ms of CPU here, which would make the frame miss the repaint the callback announced
    /// (frames 2–4 of a run were shown a refresh late in 4 runs of 10). SDL reads them after the commit.
    func waitForCallback(until deadline: Double, stats: inout FrameStats, onWait: () -> Void) -> Bool {
        while failure == nil {
            pump(into: &stats)
            if !isWaitingForCallback { return true }
            onWait()
            pump(into: &stats)   // SDL's pump may have read our events into our queue
            if !isWaitingForCallback { return true }
            let left = deadline - clock.now
            if left <= 0 { return false }
            if sk_wait_readable(descriptor, left) < 0 { failure = "the connection to the compositor failed" }
        }
        return false
    }

    /// Commits ``canvasSurface``'s `rects` (all of it when `rects` is nil) for vblank `targetMSC` (nil:
    /// unknown yet). Waits (up to two periods, reading events) when the compositor holds every buffer.
    /// Returns false when presenting failed (``failure`` says why).
    func present(rects: [PixelRect]?, targetMSC: UInt64?, index: Int, interval: Int, inputTime: Double?,
                 startsSpan: Bool, stats: inout FrameStats) -> Bool {
        guard failure == nil, let handle else { return false }
        let s = canvasSurface.pointee
        guard let pixels = s.pixels, s.w > 0, s.h > 0 else { return true }
        guard let count = changed.pack(rects) else { return true }   // nothing changed
        var serial: UInt32 = 0
        let deadline = clock.now + 2 * vblanks.period
        while true {
            let result: Int32 = count > 0
                ? changed.flat.withUnsafeBufferPointer { sk_wayland_submit(handle, pixels, s.pitch, s.w, s.h, $0.baseAddress, count, &serial) }
                : sk_wayland_submit(handle, pixels, s.pitch, s.w, s.h, nil, 0, &serial)
            switch result {
            case 1:
                changed.owesWholeFrame = false
                if inFlight.count >= 16 { inFlight.removeFirst() }   // never reported: forget the oldest
                inFlight.append(InFlight(serial: serial, index: index, targetMSC: targetMSC, interval: interval,
                                         submitted: clock.now, inputTime: inputTime, startsSpan: startsSpan,
                                         isSetup: stats.frames == 0))
                return true
            case 2:
                return true
            case 0:
                let left = deadline - clock.now
                if left <= 0 {
                    changed.owesWholeFrame = true
                    return true
                }
                if sk_wait_readable(descriptor, min(left, 0.002)) < 0 { failure = "the connection to the compositor failed"; return false }
                if !pump(into: &stats) { return false }
            default:
                failure = String(cString: sk_wayland_error(handle))
                return false
            }
        }
    }
}
