/// The display's vblank timeline, fitted to the vblanks it reported: the refresh period, and when any
/// vblank (by its counter, the MSC) happened or will happen.
///
/// A display server reports each shown frame's vblank as a counter and a time (X Present's MSC and UST,
/// Wayland's presentation sequence and timestamp). The times are the display's own but arrive with the
/// server's jitter (Xvfb's timer wakes up to 3 ms late), so one interval says little; a least-squares
/// line through the last ``capacity`` reports gives the period to better than 0.01 % and a prediction of
/// the next vblank within a fraction of the jitter. A counter that goes backwards or jumps by more than
/// ``maximumGap`` vblanks (a new display, a suspended machine) starts the fit afresh.
///
/// Plain data: no clock, no display. O(``capacity``) per ``record(msc:time:)``, no allocation after the first.
///
/// ```swift
/// var vblanks = VBlankEstimator()
/// vblanks.record(msc: 1000, time: 10.000)
/// vblanks.record(msc: 1001, time: 10.0167)
/// vblanks.predictedTime(ofMSC: 1002)   // ≈ 10.0334
/// ```
public struct VBlankEstimator: Sendable, Hashable {
    /// How many of the latest reports the fit uses (at least 2).
    public let capacity: Int
    /// A jump of more counts than this between two reports starts a new fit.
    public var maximumGap: UInt64 = 600
    /// The period assumed until two reports give one (seconds): the display mode's, or 1/60.
    public var fallbackPeriod: Double

    private var mscs: [UInt64] = []
    private var times: [Double] = []
    private var next = 0
    /// The fitted line: time = intercept + slope · (msc − base).
    private var base: UInt64 = 0
    private var intercept: Double = 0
    private var slope: Double = 0

    /// An estimator fitting the last `capacity` reports (clamped to 2...4096), assuming `fallbackPeriod`
    /// seconds a vblank until it has two (NaN, infinite or non-positive → 1/60).
    public init(capacity: Int = 600, fallbackPeriod: Double = 1.0 / 60) {
        self.capacity = min(max(capacity, 2), 4096)
        self.fallbackPeriod = fallbackPeriod.isFinite && fallbackPeriod > 0 ? fallbackPeriod : 1.0 / 60
        mscs.reserveCapacity(self.capacity)
        times.reserveCapacity(self.capacity)
    }

    /// How many reports the fit holds now.
    public var count: Int { mscs.count }
    /// The latest vblank reported: its counter and time, or nil before any.
    public var latest: (msc: UInt64, time: Double)? { latestMSC.map { ($0, latestTime) } }
    private var latestMSC: UInt64?
    private var latestTime: Double = 0

    /// The refresh period in seconds: the fitted one with two or more reports, else ``fallbackPeriod``.
    public var period: Double { slope > 0 ? slope : fallbackPeriod }
    /// The refresh rate in hertz (`1 / period`).
    public var refreshRate: Double { 1 / period }
    /// Whether the period comes from the display's own reports (two or more of them).
    public var isFitted: Bool { slope > 0 }

    /// Adds a vblank the display reported. A counter reported again (a notify and a frame at the same
    /// vblank) is ignored: the first report stands. Non-finite times are ignored.
    public mutating func record(msc: UInt64, time: Double) {
        guard time.isFinite else { return }
        if let last = latestMSC {
            if msc == last { return }
            if msc < last || msc - last > maximumGap || time <= latestTime { reset() }
        }
        if mscs.count < capacity {
            mscs.append(msc)
            times.append(time)
        } else {
            mscs[next] = msc
            times[next] = time
            next = (next + 1) % capacity
        }
        latestMSC = msc
        latestTime = time
        fit()
    }

    /// Forgets every report (the period falls back to ``fallbackPeriod``).
    public mutating func reset() {
        mscs.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        next = 0
        slope = 0
        latestMSC = nil
        latestTime = 0
    }

    /// When vblank `msc` happened or will happen, on the reports' clock: on the fitted line, or one
    /// ``period`` a count from the latest report before the fit exists. nil before any report.
    public func predictedTime(ofMSC msc: UInt64) -> Double? {
        guard let last = latestMSC else { return nil }
        if slope > 0 {
            return intercept + slope * Double(Int64(bitPattern: msc &- base))
        }
        return latestTime + fallbackPeriod * Double(Int64(bitPattern: msc &- last))
    }

    /// The first vblank whose predicted time is at or after `time` (`latest.msc + 1` at least).
    /// nil before any report.
    public func firstMSC(atOrAfter time: Double) -> UInt64? {
        guard let last = latestMSC, let lastPredicted = predictedTime(ofMSC: last) else { return nil }
        var counts = ((time - lastPredicted) / period).rounded(.up)
        if !counts.isFinite || counts < 1 { counts = 1 }
        var msc = last &+ UInt64(min(counts, 1e12))
        while msc > last + 1, let t = predictedTime(ofMSC: msc - 1), t >= time { msc -= 1 }
        while let t = predictedTime(ofMSC: msc), t < time, msc - last < 1_000_000_000_000 { msc += 1 }
        return msc
    }

    /// Least squares through the reports, with counts taken from the oldest one (exact in a Double).
    private mutating func fit() {
        let n = mscs.count
        guard n >= 2 else { slope = 0; return }
        let origin = mscs.min() ?? 0
        var sx = 0.0, sy = 0.0
        for i in 0..<n { sx += Double(mscs[i] - origin); sy += times[i] }
        let mx = sx / Double(n), my = sy / Double(n)
        var sxx = 0.0, sxy = 0.0
        for i in 0..<n {
            let dx = Double(mscs[i] - origin) - mx
            sxx += dx * dx
            sxy += dx * (times[i] - my)
        }
        guard sxx > 0 else { slope = 0; return }
        let s = sxy / sxx
        guard s.isFinite, s > 0 else { slope = 0; return }
        slope = s
        base = origin
        intercept = my - s * mx
    }
}
