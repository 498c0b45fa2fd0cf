/// How long before its vblank a display-paced frame starts (X Present): late enough that input reaches the
/// screen soon, early enough that the frame is drawn and its present reaches the server before the server's
/// deadline for that vblank.
///
/// - The margin is 2 ms plus twice the recent frame cost (a moving average of wall times), and at least the
///   server's deadline plus ``slack`` plus that cost.
/// - A server takes a present for the coming vblank only until its deadline: on real hardware the vblank
///   itself (the deadline is 0), under Xvfb half a period before it (its counter is rounded to the nearest
///   vblank, so it turns there). On a virtual screen (RandR reports no mode timings, as Xvfb's) the deadline
///   is that half period from the first frame.
/// - Elsewhere it is learned: a frame sent in time by our own clock (at least the margin minus 1 ms before
///   its vblank) that still missed shows the deadline is at least its lead, and it stays there. A frame that
///   missed because it started or drew late (a busy machine) teaches nothing, nor does a miss on a virtual
///   screen, whose deadline is known.
/// - At most 85 % of the period, so a frame starts after the vblank before it.
///
/// Plain data: no clock, no display.
///
/// ```swift
/// var margin = PresentMargin()
/// margin.update(period: 1 / 60.0, frameCost: 0.0003, virtualScreen: true, misses: 0, latestMissLead: 0)
/// margin.lead   // 1/120 + 0.0045 + cost: about 13 ms
/// ```
struct PresentMargin: Sendable, Hashable {
    /// How much earlier than the server's deadline a frame starts, beyond its own cost (seconds): room for
    /// this process or the server being scheduled late. On a virtual machine under Xvfb both were seen to
    /// wake up to 4.4 ms late now and then (a plain C client presenting each vblank too); with 3 ms, about 4
    /// runs of 10 missed a vblank, with 4.5 ms none of 40. Each millisecond is a millisecond of input latency.
    static let slack = 0.0045

    /// How long before its vblank a frame starts (seconds).
    private(set) var lead = 0.004
    /// How long before its vblank the server must have the frame's present (seconds; 0 where unknown).
    private(set) var deadline = 0.0
    /// The recent frame cost: a moving average of wall times (seconds).
    private(set) var frameCost = 0.001
    private var missesSeen = 0

    /// Takes in the latest frame's wall time (`frameCost`, seconds; nil when there was none) and the
    /// presenter's miss count and latest miss lead, and recomputes ``lead``. A cost that is not finite,
    /// negative or over two periods (a one-off: the first frame's set-up, a page of new rows) does not move
    /// the average; the slack and a miss handle those.
    mutating func update(period: Double, frameCost cost: Double?, virtualScreen: Bool, misses: Int,
                         latestMissLead: Double) {
        guard period.isFinite, period > 0 else { return }
        if let cost, cost.isFinite, cost >= 0, cost < 2 * period { frameCost += 0.1 * (cost - frameCost) }
        if virtualScreen { deadline = period / 2 }
        if misses > missesSeen {
            missesSeen = misses
            if !virtualScreen, latestMissLead.isFinite, latestMissLead >= lead - 0.001 {
                deadline = max(deadline, latestMissLead)
            }
        }
        let floor = deadline > 0 ? deadline + Self.slack + frameCost : 0
        lead = min(max(0.002 + 2 * frameCost, floor), 0.85 * period)
    }

    /// How long past its planned start a frame may wait for the previous vblank's report (seconds, ≥ 0):
    /// the margin less the deadline, twice the frame cost and 2 ms of the slack (the part kept for this
    /// process waking late is not needed once it is awake).
    var reportWait: Double { max(0, lead - deadline - 0.002 - 2 * frameCost) }
}
