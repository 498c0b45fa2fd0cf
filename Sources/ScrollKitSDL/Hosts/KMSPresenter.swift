// KMSPresenter: a window host's frames on a bare Linux console, through KMS (dumb buffers, page flips), with no X
// server and no compositor (its input: KMSInput.swift).

import CSDL2
import CScrollKitKMS
import Foundation
import ScrollKit
import ScrollKitDamage

/// Shows a software window's frames on a DRM card's connector, as the only program on the console.
///
/// The card is opened by `sk_kms.h` (`SCROLLKIT_DRM_DEVICE`, else the first card with a connected
/// connector) as DRM master, in the connector's preferred mode (or the size asked for), with two dumb
/// buffers (three with `SCROLLKIT_KMS_BUFFERS=3`). The canvas draws straight into the buffer that is not on
/// screen (``canvasSurface``'s pixels are pointed at it before each frame, ``prepareBackBuffer()``); that
/// buffer first gets the rectangles the frames since it was shown changed, copied from the one on screen
/// (the canvas draws only what changed, so it must hold the last frame), and no other copy is made.
/// ``present(rects:index:inputTime:startsSpan:stats:)`` queues a page flip with the changed rectangles as
/// damage. The flips' events give each frame's time (CLOCK_MONOTONIC) and vblank sequence.
///
/// A driver without vblank interrupts (bochs, virtio-gpu) completes a flip at once with sequence 0:
/// ``hasVBlank`` is false, and the host paces frames by its timer (`--stats`: `paced by timer`).
@MainActor
final class KMSPresenter {
    private var handle: OpaquePointer?
    private let clock: RealClock
    /// The card's path, its driver and the connector shown on.
    let path: String
    let driver: String
    let connector: String
    /// Whether the driver reports vblanks (else flips complete at once and the timer paces frames).
    let hasVBlank: Bool
    /// Whether flips are atomic commits (else legacy page flips).
    let isAtomic: Bool
    /// The mode's refresh rate in hertz (0 when the mode says nothing).
    let modeRefreshRate: Double
    /// The canvas's size in pixels.
    let width: Int32
    let height: Int32
    /// The card's descriptor (readable when a flip completed).
    let descriptor: Int32
    /// The surface the canvas draws into: its pixels are the back buffer's, switched every frame.
    private(set) var canvasSurface: UnsafeMutablePointer<SDL_Surface>
    /// The flips' vblanks, fitted (drivers with vblanks).
    private(set) var vblanks = VBlankEstimator()
    /// Why presenting stopped working, or nil while it works.
    private(set) var failure: String?
    /// Frames shown a vblank or more after the one they were meant for.
    private(set) var misses = 0
    /// The latest flip's time on the host clock, until a frame takes it (``takeFlip()``).
    private var untakenFlip: Double?
    /// The changed rectangles of the latest frames, newest last (nil: the whole frame), to repair a buffer
    /// that was shown some flips ago.
    private var history: [[PixelRect]?] = []
    private var backIndex: Int32 = -1
    private var inFlight: [(serial: UInt32, index: Int, submitted: Double, inputTime: Double?, startsSpan: Bool, isSetup: Bool, target: UInt64?)] = []
    private var flipsCounted: UInt64 = 0
    private var lastShownMSC: UInt64?
    private var events = [sk_kms_flip_event](repeating: sk_kms_flip_event(), count: 8)
    private var monotonic = MonotonicOffset()
    /// The VT the console runs on (graphics mode, switches by the process), nil when there is none to take.
    private var vt: OpaquePointer?
    /// Why there is no VT (no VT switching then), nil when there is one.
    private(set) var vtProblem: String?
    /// Whether the display was given away (a switch to another VT): nothing is drawn or flipped until it is back.
    private(set) var isSuspended = false
    /// The next flip sends all of the frame as damage (its buffer changed while the display was away).
    private var damageAllNext = false

    /// Whether the window host should show frames through KMS: Linux, neither `DISPLAY` nor `WAYLAND_DISPLAY`
    /// nor `SDL_VIDEODRIVER` set, `SCROLLKIT_KMS` not "0", and a DRM card present or named by
    /// `SCROLLKIT_DRM_DEVICE` (a missing one is then an error of its own).
    static var shouldOpen: Bool {
        #if os(Linux)
        let env = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] where !(env[name] ?? "").isEmpty { return false }
        if env["SCROLLKIT_KMS"] == "0" { return false }
        return sk_kms_available() != 0
        #else
        return false
        #endif
    }

    /// Opens the card (see the type's notes) for a canvas of `size` pixels (nil: the preferred mode's).
    /// - Throws: ``SDLError`` with the one-line reason (no connected output, the card in use by another
    ///   DRM master, no dumb buffers…).
    init(size: (Int32, Int32)?, clock: RealClock) throws {
        var message = [CChar](repeating: 0, count: 256)
        let buffers = ProcessInfo.processInfo.environment["SCROLLKIT_KMS_BUFFERS"] == "3" ? 3 : 2
        guard let handle = sk_kms_open(nil, size?.0 ?? 0, size?.1 ?? 0, Int32(buffers), &message, message.count) else {
            throw SDLError("cannot show frames through KMS: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                           path: nil, sdlMessage: "")
        }
        var w: Int32 = 0, h: Int32 = 0, stride: Int32 = 0, index: Int32 = 0, age: Int32 = 0
        sk_kms_size(handle, &w, &h)
        guard let pixels = sk_kms_back(handle, &stride, &index, &age),
              let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 32, stride, SDL_PIXELFORMAT_XRGB8888.rawValue) else {
            sk_kms_close(handle)
            throw SDLError("cannot show frames through KMS: cannot make the canvas on the card's buffer", path: nil, sdlMessage: "")
        }
        self.handle = handle
        self.clock = clock
        canvasSurface = surface
        backIndex = index
        width = w
        height = h
        path = String(cString: sk_kms_path(handle))
        driver = String(cString: sk_kms_driver(handle))
        connector = String(cString: sk_kms_connector(handle))
        hasVBlank = sk_kms_has_vblank(handle) != 0
        isAtomic = sk_kms_is_atomic(handle) != 0
        descriptor = sk_kms_fd(handle)
        let mhz = sk_kms_refresh_mhz(handle)
        modeRefreshRate = Double(mhz) / 1000
        if mhz > 0 { vblanks.fallbackPeriod = 1000 / Double(mhz) }
        sk_kms_watch_signals()
        var why = [CChar](repeating: 0, count: 256)
        vt = sk_vt_open(&why, why.count)
        if vt == nil { vtProblem = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    /// Puts the console's mode back and gives DRM master back, then the VT's text mode; idempotent.
    func close() {
        if let handle { sk_kms_close(handle) }
        handle = nil
        if let vt { sk_vt_close(vt) }
        vt = nil
    }

    /// What a VT switch did since the last call: the display given away (DRM master dropped, the kernel told
    /// it may switch), or back (DRM master taken again, the frame on screen when it left shown again).
    enum VTChange { case released, acquired }

    /// Answers the kernel's VT switch requests (see ``VTChange``), nil when there was none.
    func serviceVT() -> VTChange? {
        guard let handle, let vt else { return nil }
        switch sk_vt_poll(vt) {
        case 1:
            _ = sk_kms_drop_master(handle)
            isSuspended = true
            sk_vt_release(vt)
            return .released
        case 2:
            sk_vt_acquired(vt)
            if sk_kms_take_master(handle) != 0 {
                failure = "cannot take DRM master of \(path) back after a VT switch"
                return nil
            }
            isSuspended = false
            damageAllNext = true
            return .acquired
        default:
            return nil
        }
    }

    /// Switches to VT `number` (Ctrl+Alt+Fn: the VT's keyboard is off, so the program switches).
    func activateVT(_ number: Int) {
        if let vt { _ = sk_vt_activate(vt, Int32(number)) }
    }

    isolated deinit {
        close()
        SDL_FreeSurface(canvasSurface)
    }

    /// Whether a flip waits for its event.
    var isFlipPending: Bool { handle.map { sk_kms_flip_pending($0) != 0 } ?? false }

    /// The signal (SIGINT, SIGTERM) that asked the process to end, 0 when none.
    static var signalled: Int32 { sk_kms_signalled() }

    /// Points ``canvasSurface`` at a buffer not on screen and brings it up to the frame on screen where the
    /// frames since it was shown changed it. Waits (reading flip events, at most 0.1 s) while every other
    /// buffer waits for a flip.
    func prepareBackBuffer(stats: inout FrameStats) {
        guard let handle, failure == nil else { return }
        var stride: Int32 = 0, index: Int32 = 0, age: Int32 = 0
        var pixels = sk_kms_back(handle, &stride, &index, &age)
        let deadline = clock.now + 0.1
        while pixels == nil, failure == nil, clock.now < deadline {
            var fd = descriptor
            _ = sk_kms_wait(&fd, 1, max(0.001, deadline - clock.now))
            pump(into: &stats)
            pixels = sk_kms_back(handle, &stride, &index, &age)
        }
        guard let pixels else { return }
        if index != backIndex {
            // The buffer missed the last `age - 1` frames (0: never drawn, all of them).
            let missed = age == 0 ? Int.max : Int(age) - 1
            if sk_kms_front(handle) >= 0, missed > 0 {
                let frames = history.suffix(missed)
                if age == 0 || frames.count < missed || frames.contains(where: { $0 == nil }) {
                    sk_kms_repair(handle, index, nil, 0)
                } else {
                    let flat = frames.flatMap { $0! }.flatMap { [$0.x, $0.y, $0.w, $0.h] }
                    if !flat.isEmpty { flat.withUnsafeBufferPointer { sk_kms_repair(handle, index, $0.baseAddress, Int32(flat.count / 4)) } }
                }
            }
            // The same size and layout, other memory: `pixels` is the one field of SDL_Surface SDL leaves its
            // users to write (SDL_surface.h: "Read-write"; the surface is SDL_PREALLOC).
            canvasSurface.pointee.pixels = pixels
            backIndex = index
        }
    }

    /// Reads the flips that completed (never blocks): each one's time feeds ``vblanks`` (drivers with
    /// vblanks), `stats`' ``VBlankStats`` and the frame's sample. Returns false once presenting failed.
    @discardableResult
    func pump(into stats: inout FrameStats) -> Bool {
        guard let handle, failure == nil else { return false }
        let n = events.withUnsafeMutableBufferPointer { sk_kms_poll(handle, $0.baseAddress, Int32($0.count)) }
        if n < 0 {
            failure = String(cString: sk_kms_error(handle))
            return false
        }
        for i in 0..<Int(n) {
            let e = events[i]
            let time = Double(e.time_ns) / 1e9
            let hostTime = time - monotonic.seconds(clock)
            flipsCounted += 1
            let msc = hasVBlank && e.sequence != 0 ? e.sequence : flipsCounted
            if hasVBlank { vblanks.record(msc: msc, time: time) }
            untakenFlip = hostTime
            guard let k = inFlight.firstIndex(where: { $0.serial == e.serial }) else { continue }
            let frame = inFlight.remove(at: k)
            if hasVBlank {
                let target = frame.target ?? msc
                if msc > target, !frame.isSetup { misses += 1 }
                stats.vblank.recordShown(msc: msc, targetMSC: target, startsSpan: frame.startsSpan,
                                         presentToVBlank: hostTime - frame.submitted,
                                         inputToVBlank: frame.inputTime.map { hostTime - $0 }, isSetup: frame.isSetup)
            }
            lastShownMSC = msc
            stats.markShown(index: frame.index, at: hostTime, displayFrame: Int(truncatingIfNeeded: msc))
        }
        return true
    }

    /// The latest flip's time (host seconds), once.
    func takeFlip() -> Double? {
        defer { untakenFlip = nil }
        return untakenFlip
    }

    /// The host time of vblank `msc` on the fitted line, nil before any flip.
    func time(ofMSC msc: UInt64) -> Double? {
        vblanks.predictedTime(ofMSC: msc).map { $0 - monotonic.seconds(clock) }
    }

    /// The host time of the first vblank after host time `time` on the fitted line, nil before any flip.
    func nextVBlankTime(after time: Double) -> Double? {
        let offset = monotonic.seconds(clock)
        return vblanks.firstMSC(atOrAfter: time + offset).flatMap { vblanks.predictedTime(ofMSC: $0) }.map { $0 - offset }
    }

    /// The vblank sequence the next flip should land on (the one after the latest shown), nil before any.
    var nextMSC: UInt64? { lastShownMSC.map { $0 + 1 } }

    /// Shows the back buffer with `rects` as damage (nil: all of it). Waits (reading events, at most two
    /// periods) when a flip is still pending. Returns false when presenting failed (``failure`` says why).
    func present(rects: [PixelRect]?, index: Int, inputTime: Double?, startsSpan: Bool, stats: inout FrameStats) -> Bool {
        guard let handle, failure == nil else { return false }
        if isSuspended { damageAllNext = true; return true }   // away on another VT: shown whole on return
        let rects = damageAllNext ? nil : rects
        let flat = rects.map { $0.flatMap { [$0.x, $0.y, $0.w, $0.h] } }
        if let flat, flat.isEmpty { return true }   // nothing changed
        let deadline = clock.now + 2 * vblanks.period
        let target = hasVBlank ? nextMSC : nil
        while true {
            var serial: UInt32 = 0
            let result = flat.map { f in f.withUnsafeBufferPointer { sk_kms_flip(handle, $0.baseAddress, Int32(f.count / 4), &serial) } }
                ?? sk_kms_flip(handle, nil, 0, &serial)
            switch result {
            case 1:
                damageAllNext = false
                history.append(rects)
                if history.count > 4 { history.removeFirst() }
                if inFlight.count >= 8 { inFlight.removeFirst() }
                inFlight.append((serial, index, clock.now, inputTime, startsSpan, stats.frames == 0, target))
                backIndex = -1   // that buffer is on screen (or about to be): the next frame takes another
                pump(into: &stats)
                return true
            case 0:
                if clock.now >= deadline { return true }   // dropped: the frame after shows its changes too
                var fd = descriptor
                _ = sk_kms_wait(&fd, 1, 0.002)
                if !pump(into: &stats) { return false }
            default:
                failure = String(cString: sk_kms_error(handle))
                return false
            }
        }
    }

    /// Waits until a flip completes or host time `deadline` passes, reading `input` meanwhile (`onInput`
    /// runs when an input device is readable). Returns whether a flip completed.
    func waitForFlip(until deadline: Double, input: KMSInput?, stats: inout FrameStats, onInput: () -> Void) -> Bool {
        while failure == nil {
            pump(into: &stats)
            if !isFlipPending { return true }
            let left = deadline - clock.now
            if left <= 0 || KMSPresenter.signalled != 0 { return false }
            var fds = [descriptor] + (input?.descriptors ?? [])
            _ = sk_kms_wait(&fds, Int32(fds.count), left)
            onInput()
        }
        return false
    }
}
