// VBlankStats: what the display said about a window's frames — the timing source, the refresh rate, frames on
// the next vblank, missed vblanks, and present-to-vblank and input-to-vblank latencies.

import Foundation

/// What the display itself said about the frames a window showed: where its vblanks came from, its
/// measured refresh rate, how many frames were shown on the vblank after the one before, how many
/// vblanks were missed, and how long presents and input took to reach the screen.
///
/// Filled by a window host from the display's reports (X Present's CompleteNotify: the MSC and UST of
/// the vblank at which each frame was shown). A host without such reports (``Source/timer``, or
/// ``Source/vsync`` where only the swap's return is known) shows nothing but its source and rate.
/// Latency samples are kept for the most recent ``sampleCapacity`` frames.
public struct VBlankStats: Sendable {
    /// Where a window's frame timing comes from.
    public enum Source: String, Sendable, Hashable {
        /// X11's Present extension: each frame presented at a vblank, stamped by the server (UST, MSC).
        case present
        /// Wayland frame callbacks and presentation feedback.
        case wayland
        /// A GPU renderer's swap that blocks until the vblank (its return is the only timestamp).
        case vsync
        /// ScrollKit's own timer at the best rate known: no timestamps from the display.
        case timer
        /// KMS page flips on a bare console: each flip's event gives its vblank's time and sequence (on a
        /// driver without vblanks, ``VBlankStats/pacedByTimer``).
        case kms
    }

    /// How many latency samples are kept.
    public static let sampleCapacity = 4_096

    /// Where the timing comes from.
    public var source: Source = .timer
    /// The refresh rate in hertz: measured from the display's vblanks where it reports them, else the
    /// best known (RandR's mode timings, SDL's reported rate, or 60). 0 before any is known.
    public var refreshRate: Double = 0
    /// Why the display's own timing is not used, when it is not (e.g. "the X server has no Present
    /// extension"), else nil.
    public var fallbackReason: String?
    /// Frames are shown by the display's own mechanism (``Source/kms``) but paced by ScrollKit's timer: the
    /// driver reports no vblanks (bochs and virtio-gpu complete a flip at once).
    public var pacedByTimer = false
    /// Whether the display reports each frame's vblank (the counts and latencies of ``line`` mean something).
    public var reportsVBlanks: Bool {
        source == .present || source == .wayland || (source == .kms && !pacedByTimer)
    }

    /// Frames shown whose frame before them in the same animation span was shown too (the M of the
    /// `--stats` line).
    public private(set) var framesFollowingAnother = 0
    /// Of those, the frames shown exactly one frame interval of vblanks after the frame before (the N).
    public private(set) var framesOnNextVBlank = 0
    /// Vblanks missed: for every frame, how many vblanks after the one it was presented for it was shown
    /// (the run's first frame, which pays one-off set-up, excepted).
    public private(set) var missedVBlanks = 0
    /// Frames the display reported shown.
    public private(set) var framesShown = 0

    private var lastMSC: UInt64?
    private var presentLatencies: [Double] = []
    private var inputLatencies: [Double] = []
    private var presentHead = 0
    private var inputHead = 0

    public init() {}

    /// Records a frame the display showed at vblank `msc`, presented for vblank `targetMSC`.
    /// - Parameters:
    ///   - interval: vblanks per frame (the timeline's frame interval; 1 at the display's rate).
    ///   - startsSpan: the frame opened an animation span (its predecessor, if any, was shown before an
    ///     idle gap): it is not compared with the frame before.
    ///   - presentToVBlank: seconds from the present request to that vblank.
    ///   - inputToVBlank: seconds from the oldest input event this frame handled to that vblank, or nil.
    ///   - isSetup: the run's first frame, which pays one-off set-up (fonts, glyphs, buffers): its vblanks
    ///     missed are not counted.
    public mutating func recordShown(msc: UInt64, targetMSC: UInt64, interval: Int = 1, startsSpan: Bool,
                                     presentToVBlank: Double, inputToVBlank: Double? = nil, isSetup: Bool = false) {
        framesShown += 1
        if msc > targetMSC, !isSetup { missedVBlanks += Int(min(msc - targetMSC, 1 << 40)) }
        if let last = lastMSC, !startsSpan, msc > last {
            framesFollowingAnother += 1
            if msc - last == UInt64(max(interval, 1)) { framesOnNextVBlank += 1 }
        }
        lastMSC = msc
        Self.keep(presentToVBlank * 1000, in: &presentLatencies, head: &presentHead)
        if let input = inputToVBlank { Self.keep(input * 1000, in: &inputLatencies, head: &inputHead) }
    }

    /// Present-to-vblank milliseconds at percentile `p` (0...100) of the kept frames; 0 without any.
    public func presentToVBlank(percentile p: Double) -> Double { FrameStats.percentile(presentLatencies, p) }
    /// Input-to-vblank milliseconds at percentile `p` of the kept frames that handled input; 0 without any.
    public func inputToVBlank(percentile p: Double) -> Double { FrameStats.percentile(inputLatencies, p) }
    /// How many frames that handled input were shown (input latency samples kept).
    public var inputSamples: Int { inputLatencies.count }

    /// The `--stats` line: `vblank: source present, refresh 59.940 Hz, frames shown on consecutive
    /// vblanks N of M, missed vblanks K, latest present-to-vblank p50 X ms / p99 Y ms`, followed by the
    /// input latency where input was measured and the reason the display's timing is not used.
    public var line: String {
        var text = "vblank: source \(source.rawValue)" + (pacedByTimer ? ", paced by timer" : "") + ", refresh "
            + String(format: "%.3f", refreshRate) + " Hz"
        if reportsVBlanks {
            text += ", frames shown on consecutive vblanks \(framesOnNextVBlank) of \(framesFollowingAnother)"
                + ", missed vblanks \(missedVBlanks)"
                + ", latest present-to-vblank p50/p99 " + String(format: "%.3f/%.3f ms", presentToVBlank(percentile: 50),
                                                                  presentToVBlank(percentile: 99))
            if !inputLatencies.isEmpty {
                text += ", input-to-vblank p50/p99 " + String(format: "%.3f/%.3f ms", inputToVBlank(percentile: 50),
                                                               inputToVBlank(percentile: 99))
                    + " (\(inputLatencies.count) frames)"
            }
        }
        if let fallbackReason { text += " (\(fallbackReason))" }
        return text
    }

    private static func keep(_ value: Double, in ring: inout [Double], head: inout Int) {
        guard value.isFinite else { return }
        if ring.count < sampleCapacity {
            if ring.capacity < sampleCapacity { ring.reserveCapacity(sampleCapacity) }
            ring.append(value)
        } else {
            ring[head] = value
            head = (head + 1) % sampleCapacity
        }
    }
}
