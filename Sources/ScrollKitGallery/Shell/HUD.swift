// HUD: the frame-time overlay (toggled with F) — FPS, a graph of recent frames' CPU cost, skipped frames and
// the phase, its texts rebuilt at a throttled rate.

import Motion
import ScrollKit
import ScrollKitSDL

/// The frame-time HUD (toggled with F), a view that takes no input: FPS, a graph of the CPU cost of the last ``capacity`` frames
/// against the frame budget, skipped frames, and the current scene's phase and velocity.
///
/// - Input: one ``FrameStats/Sample`` per frame from the host (``record(_:period:skipped:)``; the host
///   records a frame after presenting it, so frame *k* shows the cost of frame *k − 1*), and the
///   scene's ``TraceSample`` when it refreshes.
/// - FPS: frames presented in the last second (at most ``capacity``), from their present times, counting
///   only the current animation span (frames since the host's timeline last restarted, see
///   ``FrameStats/Sample/startsSpan``): the time the window slept before a scroll is not a slow frame.
/// - Phase and velocity: the phase follows every frame; the velocity with it whenever the phase changes
///   (so a scroll that came to rest never shows its last speed), else at the refresh interval.
/// - No per-frame string formatting: the texts are rebuilt at most every ``refreshInterval`` seconds
///   (and when a value's text would not change they are kept, so the canvas's text cache keeps hitting).
///   Recording is O(1) into preallocated rings; drawing is O(``capacity``) fills.
@MainActor
final class HUD: ViewNode {
    /// Frames the graph shows.
    static let capacity = 120
    /// Seconds between text refreshes.
    static let refreshInterval = 0.25
    /// Size of the panel, points.
    static let panelSize = Size(width: 256, height: 176)

    private var costs: [Double]
    private var presents: [Double]
    private var spanStarts: [Bool]
    private var head = 0
    private(set) var count = 0
    private var lastIndex: Int?
    /// The frame budget (the display link's period) in milliseconds; 0 before the first sample.
    private(set) var budget = 0.0
    /// Skipped frames reported by the host so far.
    private(set) var skipped = 0

    private var lastRefresh: Double?
    private(set) var fpsText = "–"
    private(set) var skippedText = "skipped 0"
    private(set) var costText: String = {
        var text = reservedBuffer()
        text.append("cost –")
        return text
    }()
    private(set) var budgetText = ""
    private(set) var velocityText = "v 0 pt/s"
    private var shownFPS: Double?
    private var shownVelocity: Int?
    private var shownBudget: Double?
    private var shownCost: (Double, Double)?
    private var shownSkipped: Int?
    /// Where frame timing comes from: the display's vblanks (X Present, Wayland), a GPU's vsync, a timer, or
    /// a headless run's virtual clock; with the refresh rate and, where the display reports, missed vblanks.
    private(set) var sourceText = "–"
    private var source: (name: String, rate: Double, missed: Int?) = ("", 0, nil)
    private var shownSource: (name: String, rate: Double, missed: Int?)?
    /// The phase shown (a fixed string per phase: no formatting).
    private(set) var phaseText = "idle"
    /// How many times the texts were rebuilt (tests check the throttle).
    private(set) var refreshCount = 0

    init() {
        costs = Array(repeating: 0, count: Self.capacity)
        presents = Array(repeating: 0, count: Self.capacity)
        spanStarts = Array(repeating: false, count: Self.capacity)
        super.init()
    }

    /// Adds the host's latest frame (ignored if it was already recorded). `period` is the frame
    /// budget in seconds; NaN or negative costs count as 0.
    func record(_ sample: FrameStats.Sample, period: Double, skipped: Int) {
        record(sample, period: period, skipped: skipped, vblank: nil, realTime: false)
    }

    /// Adds the host's latest frame and what the display said (`vblank`, for a real-time host; a headless
    /// host's frames come from its virtual clock).
    func record(_ sample: FrameStats.Sample, period: Double, skipped: Int, vblank: VBlankStats?, realTime: Bool) {
        if let vblank, realTime {
            let reports = vblank.reportsVBlanks
            source = (vblank.source.rawValue, vblank.refreshRate, reports ? vblank.missedVBlanks : nil)
        } else {
            source = ("virtual clock", period > 0 ? 1 / period : 0, nil)
        }
        guard sample.index != lastIndex else { return }
        lastIndex = sample.index
        costs[head] = sample.cost.isFinite ? max(0, sample.cost) : 0
        presents[head] = sample.presented
        spanStarts[head] = sample.startsSpan
        head = (head + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
        if period.isFinite && period > 0 { budget = period * 1000 }
        self.skipped = skipped
    }

    /// The recorded costs, oldest first (CPU milliseconds). O(capacity).
    var recentCosts: [Double] { (0..<count).map { cost(at: $0) } }

    /// Cost of the `i`-th recorded frame, oldest first.
    private func cost(at i: Int) -> Double { costs[(head - count + i + Self.capacity) % Self.capacity] }
    private func present(at i: Int) -> Double { presents[(head - count + i + Self.capacity) % Self.capacity] }
    private func startsSpan(at i: Int) -> Bool { spanStarts[(head - count + i + Self.capacity) % Self.capacity] }

    /// Frames per second over the frames presented within the last second and in the current animation
    /// span, nil with fewer than two such frames.
    var framesPerSecond: Double? {
        guard count >= 2 else { return nil }
        let last = present(at: count - 1)
        var first = count - 1
        while first > 0 && !startsSpan(at: first) && last - present(at: first - 1) <= 1.0 + Precision.slack { first -= 1 }
        let span = last - present(at: first)
        guard span > 0 else { return nil }
        return Double(count - 1 - first) / span
    }

    /// Rebuilds the texts if ``refreshInterval`` has passed since the last rebuild (or never built).
    /// The phase follows every frame (it is a fixed string).
    func refresh(now: Double, sample: TraceSample) {
        let phase = sample.phase.rawValue
        if phase != phaseText {
            phaseText = phase
            updateVelocity(sample)
        }
        // Throttled once there is something to show (the first texts with data come at once).
        if let last = lastRefresh, shownFPS != nil, now - last < Self.refreshInterval, now >= last { return }
        lastRefresh = now
        refreshCount += 1
        if let fps = framesPerSecond {
            let rounded = (fps * 10).rounded() / 10
            if rounded != shownFPS { shownFPS = rounded; fpsText = Self.fixed(rounded, 1) }
        }
        if skipped != shownSkipped { shownSkipped = skipped; skippedText = "skipped \(skipped)" }
        let rate = (source.rate * 100).rounded() / 100
        if shownSource.map({ $0.name != source.name || $0.rate != rate || $0.missed != source.missed }) ?? true {
            shownSource = (source.name, rate, source.missed)
            var text = source.name
            if rate > 0 { text += " · " + Self.fixed(rate, 2) + " Hz" }
            if let missed = source.missed { text += " · missed \(missed)" }
            sourceText = text
        }
        if budget != shownBudget { shownBudget = budget; budgetText = budget > 0 ? Self.fixed(budget, 1) + " ms" : "" }
        if count > 0 {
            let latest = (cost(at: count - 1) * 100).rounded() / 100
            var peak = 0.0
            for i in 0..<count { peak = max(peak, cost(at: i)) }
            peak = (peak * 100).rounded() / 100
            if shownCost.map({ $0 != (latest, peak) }) ?? true {
                shownCost = (latest, peak)
                // Written into the text's own buffer: the HUD refreshes while frames are measured.
                replaceContents(of: &costText) { out in
                    out.append("cost ")
                    Self.appendFixed(latest, 2, to: &out)
                    out.append(" ms · max ")
                    Self.appendFixed(peak, 2, to: &out)
                }
            }
        }
        updateVelocity(sample)
    }

    /// The velocity text from the scene's sample (rebuilt only when its whole value changes).
    private func updateVelocity(_ sample: TraceSample) {
        let v = sample.velocity
        let speed = abs(v.x) > abs(v.y) ? v.x : v.y
        let whole = speed.isFinite ? Int(speed.rounded()) : 0
        if whole != shownVelocity { shownVelocity = whole; velocityText = "v \(whole) pt/s" }
    }

    /// `value` with exactly `decimals` digits after the point (0...6), without Foundation.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var out = ""
        appendFixed(value, decimals, to: &out)
        return out
    }

    /// Appends ``fixed(_:_:)``'s text for `value` to `out`, digit by digit (no allocation when `out`
    /// has the room).
    static func appendFixed(_ value: Double, _ decimals: Int, to out: inout String) {
        guard value.isFinite else { out.append(value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf")); return }
        let d = min(max(decimals, 0), 6)
        var scale = 1.0
        for _ in 0..<d { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { out.append(String(value)); return }
        let n = Int(scaled)
        if value < 0 && n != 0 { out.append("-") }
        let unit = Int(scale)
        appendDecimal(n / unit, grouped: false, to: &out)
        guard d > 0 else { return }
        out.append(".")
        let fraction = n % unit
        var place = unit / 10
        while place > 0 {
            out.append(Character(Unicode.Scalar(UInt8(48 + (fraction / place) % 10))))
            place /= 10
        }
    }

    // MARK: Drawing

    /// The panel's rectangle in a content area: its bottom-right corner, or top-right when `top`, 12 pt in.
    static func panelRect(in content: Rect, top: Bool = false) -> Rect {
        Rect(x: content.maxX - panelSize.width - 12,
             y: top ? content.minY + 12 : content.maxY - panelSize.height - 12,
             width: panelSize.width, height: panelSize.height)
    }

    /// Draws the panel into its frame (the shell places it in a corner of the content, ``panelRect(in:top:)``,
    /// and hides it when the content has no room for it).
    override func draw(in canvas: any DrawingCanvas, frame panel: Rect) {
        canvas.fillRoundedRect(panel.offsetBy(dx: 0, dy: 2), radius: 14, color: RGBAColor(r: 0, g: 0, b: 0, a: 60))
        canvas.fillRoundedRect(panel, radius: 14, color: GalleryTheme.overlayPanel)
        let x = panel.minX + 14, width = panel.width - 28

        // Row 1: FPS, big, coloured by how close it is to the display rate; skipped frames on the right.
        let rate = budget > 0 ? 1000 / budget : 0
        let fpsColor: RGBAColor
        if let fps = shownFPS, rate > 0 {
            fpsColor = fps >= rate * 0.95 ? GalleryTheme.good : (fps >= rate * 0.75 ? GalleryTheme.warning : GalleryTheme.bad)
        } else {
            fpsColor = GalleryTheme.overlayText
        }
        let big = TextStyle(size: 22, weight: .bold, color: fpsColor, maximumScale: 1)
        let fpsWidth = canvas.measureText(fpsText, style: big).width
        canvas.drawText(fpsText, in: Rect(x: x, y: panel.minY + 8, width: width, height: 30), style: big, alignment: .leading)
        canvas.drawText("FPS", in: Rect(x: x + fpsWidth + 5, y: panel.minY + 13, width: 40, height: 24),
                        style: TextStyle(size: 12, weight: .bold, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .leading)
        let skippedColor = skipped > 0 ? GalleryTheme.warning : GalleryTheme.overlaySecondary
        canvas.drawText(skippedText, in: Rect(x: x, y: panel.minY + 12, width: width, height: 24),
                        style: TextStyle(size: 12, color: skippedColor, maximumScale: 1), alignment: .trailing)

        // Row 2: the graph.
        let graph = Rect(x: x, y: panel.minY + 44, width: width, height: 58)
        drawGraph(in: canvas, rect: graph)

        // Rows 3 and 4: cost, phase and velocity.
        let small = TextStyle(size: 12, color: GalleryTheme.overlayText, maximumScale: 1)
        canvas.drawText(costText, in: Rect(x: x, y: graph.maxY + 6, width: width, height: 20), style: small, alignment: .leading)
        let phaseStyle = TextStyle(size: 12, weight: .bold, color: phaseText == "idle" ? GalleryTheme.overlaySecondary : GalleryTheme.accent, maximumScale: 1)
        canvas.drawText("phase", in: Rect(x: x, y: graph.maxY + 26, width: 60, height: 20),
                        style: TextStyle(size: 12, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .leading)
        canvas.drawText(phaseText, in: Rect(x: x + 40, y: graph.maxY + 26, width: 110, height: 20), style: phaseStyle, alignment: .leading)
        canvas.drawText(velocityText, in: Rect(x: x, y: graph.maxY + 26, width: width, height: 20), style: small, alignment: .trailing)

        // Row 5: where the frames' timing comes from.
        canvas.drawText(sourceText, in: Rect(x: x, y: graph.maxY + 46, width: width, height: 20),
                        style: TextStyle(size: 12, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .leading)
    }

    /// Bars of the recorded costs (newest at the right), scaled so the budget line sits at 60 % of the
    /// height; a bar over the top is cut there. Green under half the budget, yellow under it, red over.
    private func drawGraph(in canvas: DrawingCanvas, rect: Rect) {
        canvas.fillRoundedRect(rect, radius: 6, color: RGBAColor(r: 255, g: 255, b: 255, a: 14))
        guard budget > 0 else { return }
        let top = budget / 0.6
        let barWidth = rect.width / Double(Self.capacity)
        let start = Double(Self.capacity - count)
        for i in 0..<count {
            let c = cost(at: i)
            let h = max(1, min(rect.height, rect.height * c / top))
            let color = c < budget / 2 ? GalleryTheme.good : (c < budget ? GalleryTheme.warning : GalleryTheme.bad)
            // Whole-point edges, so neighbouring bars touch without gaps or overlaps.
            let x0 = (rect.minX + (start + Double(i)) * barWidth).rounded(.down)
            let x1 = (rect.minX + (start + Double(i) + 1) * barWidth).rounded(.down)
            canvas.fill(Rect(x: x0, y: rect.maxY - h, width: max(1, x1 - x0), height: h), color: color.withAlpha(0.85))
        }
        let lineY = rect.maxY - rect.height * 0.6
        canvas.fill(Rect(x: rect.minX, y: lineY, width: rect.width, height: 1), color: RGBAColor(r: 255, g: 255, b: 255, a: 150))
        canvas.drawText(budgetText, in: Rect(x: rect.minX, y: lineY - 15, width: rect.width - 4, height: 14),
                        style: TextStyle(size: 10, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .trailing)
    }
}
