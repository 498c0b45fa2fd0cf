// CurvesScene, the curves tab: a list of every named TimingCurve, a plot, a duration slider, and a table that
// scrolls to offset 500 and back along the selected curve.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// Custom scroll curves: pick any TimingCurve, and a 100-row table scrolls to offset 500 and back
    /// along it, with a live plot.
    static let curves = SceneEntry(name: "curves") { context throws(CLIError) in
        CurvesScene(size: context.size)
    }
}

// MARK: - Data sources

/// The curves tab: a list of every named ``TimingCurve`` on the left (a ``ListView``), a live
/// plot of the selected one, and a table of 100 rows that scrolls to offset 500 and back along it.
///
/// - Choosing a curve (click, ↑/↓) or a duration (the slider, ←/→, −/+) plays the run again: the
///   table jumps to 0, scrolls to 500 over the duration (default 0.25 s), waits
///   ``holdDuration``, and scrolls back over the same duration. Enter or Space plays it again.
/// - Tab focuses the curves (↑/↓ then move the focus, Return chooses), the slider (←/→ step it) and Play;
///   while one has focus the keys are its own, else the shortcuts above.
/// - The plot's dot sits at (progress, curve(progress)) of the leg running: the table's offset is
///   500 × that value on the way there, 500 × (1 − value) on the way back.
/// - Script commands and the trace act on the table. The trace's `selected` is the curve's index.
/// - The scene is a view tree (``root``): the two lists, the duration slider (a view tracking the pointer,
///   `PointerTracking`) and the Play button (a `PushButton`); the tree's router routes every press, drag
///   and wheel turn. The plot's dot follows each leg's progress, an `Animated` clock started on the same
///   frame as the table's timed scroll, so the two agree frame for frame.
@MainActor
final class CurvesScene: DemoScene, GalleryHUDPlacement {
    /// How far the table scrolls, points (UIKit's custom-animator example scrolled to `CGPoint(x: 0, y: 500)`).
    static let distance = 500.0
    /// The duration at start, seconds (that example's 0.25 s).
    static let defaultDuration = 0.25
    /// The slider's range, seconds (a logarithmic scale).
    static let durationRange = 0.05...4.0
    /// The step of ←/→ and −/+, seconds.
    static let durationStep = 0.05
    /// The pause at 500 before scrolling back, seconds.
    static let holdDuration = 0.35
    /// The curve selected at start.
    static let defaultCurveName = "easeInOutCubic"

    let curves = TimingCurve.allNamed
    let curveList: ListView
    let table: ListView
    private let listSource: CurveListSource

    private(set) var selected: Int
    private(set) var duration = CurvesScene.defaultDuration
    private var size: Size

    enum Leg: Equatable { case idle, forward, hold, back }
    private(set) var leg = Leg.idle
    /// The running leg's clock: 0 → 1 linearly over the leg's duration (the hold's, while holding),
    /// started by the first frame after the leg began, as the table's own timed scroll is.
    private var legClock: Animated<TimedSimulation>?
    private var generation = 0
    /// Progress (0...1) of the leg running or last run.
    private(set) var progress = 0.0
    /// Whether the last leg shown went back toward 0.
    private(set) var goingBack = false

    // Layout (scene points).
    private var headerRect = Rect.zero
    private var titleRect = Rect.zero
    private var plotCard = Rect.zero
    private var plotRect = Rect.zero
    private var tableCard = Rect.zero
    private var controlsRect = Rect.zero
    /// The scene's views: the lists, the slider and the Play button, routed by one router.
    let root = ViewNode()
    let slider = DurationSlider()
    let playButton = PushButton(title: "▶  Play", kind: .filled)
    /// The slider's track (scene points).
    var sliderTrack: Rect { slider.track }

    // Caches.
    private var plotPoints: [Point] = []
    private var plotRange: ClosedRange<Double> = 0...1
    private var plotKey: (Int, Rect)?
    private var durationText = ""
    private var detailText = ""
    private var nameText = ""
    private let countText = String(TimingCurve.allNamed.count)

    init(size: Size) {
        self.size = size
        let start = TimingCurve.allNamed.firstIndex { $0.name == Self.defaultCurveName } ?? 0
        selected = start
        listSource = CurveListSource(curves: TimingCurve.allNamed, selected: start)
        curveList = ListView(frame: .zero, dataSource: listSource)
        curveList.backgroundColor = .white
        table = ListView(frame: .zero, dataSource: TableRowsSource())
        table.backgroundColor = .white
        // The library's scroll indicator, thin and light (it fades out after the table stops).
        table.scrollView.indicatorStyle = ScrollIndicatorStyle(color: RGBAColor(r: 0, g: 0, b: 0, a: 80), thickness: 3, inset: 3)
        curveList.onSelectItem = { [weak self] index in self?.select(index) }
        playButton.tint = GalleryTheme.accent
        playButton.pressedTint = GalleryTheme.accentPressed
        playButton.cornerRadius = 10
        playButton.action = { [weak self] _ in self?.play() }
        slider.range = Self.durationRange
        slider.onChange = { [weak self] value, done in self?.setDuration(value, replay: done) }
        slider.onStep = { [weak self] step in
            guard let self else { return }
            self.setDuration(self.duration + Double(step) * Self.durationStep)
        }
        // Keyboard-only use: Tab reaches the curves, the slider and Play; Return on a curve selects it.
        curveList.itemsAreFocusable = true
        playButton.isFocusable = true
        for view in [curveList, table, slider, playButton] as [ViewNode] { root.addSubview(view) }
        layout()
        refreshTexts()
        play()
    }

    var curve: TimingCurve { curves[selected] }

    // MARK: Layout

    private func layout() {
        let w = max(0, size.width), h = max(0, size.height)
        let listWidth = min(260, max(170, (w * 0.28).rounded()))
        headerRect = Rect(x: 0, y: 0, width: listWidth, height: 40)
        curveList.frame = Rect(x: 0, y: 40, width: listWidth, height: max(0, h - 40))
        let x0 = listWidth + 20, x1 = max(x0, w - 20)
        titleRect = Rect(x: x0, y: 12, width: x1 - x0, height: 48)
        let bodyTop = 72.0, bodyBottom = max(bodyTop, h - 72)
        let tableWidth = min(260, max(150, ((x1 - x0) * 0.36).rounded()))
        tableCard = Rect(x: x1 - tableWidth, y: bodyTop, width: tableWidth, height: bodyBottom - bodyTop)
        table.frame = Rect(x: tableCard.minX + 1, y: tableCard.minY + 34, width: max(0, tableCard.width - 2),
                           height: max(0, tableCard.height - 34 - 12))
        plotCard = Rect(x: x0, y: bodyTop, width: max(0, tableCard.minX - 16 - x0), height: bodyBottom - bodyTop)
        plotRect = Rect(x: plotCard.minX + 40, y: plotCard.minY + 44, width: max(0, plotCard.width - 60),
                        height: max(0, plotCard.height - 44 - 34))
        controlsRect = Rect(x: x0, y: h - 56, width: x1 - x0, height: 36)
        root.frame = Rect(x: 0, y: 0, width: w, height: h)
        playButton.frame = Rect(x: x1 - 96, y: controlsRect.minY, width: 96, height: 36)
        playButton.isHidden = controlsRect.width <= 200
        // The slider takes presses 12 pt either side of its track, the whole controls row high.
        let trackWidth = max(0, playButton.frame.minX - 80 - (x0 + 78))
        slider.frame = Rect(x: x0 + 78 - 12, y: controlsRect.minY, width: trackWidth + 24, height: controlsRect.height)
        slider.isHidden = controlsRect.width <= 200
    }

    private func refreshTexts() {
        durationText = HUD.fixed(duration, 2) + " s"
        slider.value = duration
        detailText = CurveInfo.detail(for: curve)
        nameText = curve.name
    }

    // MARK: Actions

    /// Selects curve `index` (clamped), keeps it visible in the list and plays the run again.
    func select(_ index: Int) {
        let index = min(max(index, 0), curves.count - 1)
        guard index != selected else { play(); return }
        let old = selected
        selected = index
        listSource.selected = index
        curveList.reloadItems([old, index])
        if let frame = curveList.frame(of: index) {
            let top = curveList.scrollView.contentOffset.y, height = curveList.frame.height
            if frame.minY < top || frame.maxY > top + height {
                curveList.scrollToItem(index, position: .center, duration: 0.25, curve: .easeOutCubic)
            }
        }
        refreshTexts()
        play()
    }

    /// Sets the duration (clamped to ``durationRange``, NaN ignored) and plays again when `replay`.
    func setDuration(_ value: Double, replay: Bool = true) {
        guard value.isFinite else { return }
        duration = min(max(value, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        refreshTexts()
        if replay { play() }
    }

    /// Restarts the run: jump to 0, to 500 over the duration, hold, back to 0.
    func play() {
        generation += 1
        let g = generation
        table.scrollView.setContentOffset(.zero, animated: false)
        leg = .forward
        legClock = Animated(TimedSimulation(from: 0, to: 1, duration: duration))
        progress = 0
        goingBack = false
        table.scrollView.setContentOffset(Point(x: 0, y: Self.distance), duration: duration, curve: curve) { [weak self] done in
            self?.legEnded(done, generation: g, leg: .forward)
        }
    }

    private func legEnded(_ done: Bool, generation g: Int, leg ended: Leg) {
        guard g == generation, leg == ended else { return }
        progress = 1
        if done && ended == .forward {
            leg = .hold
            legClock = Animated(TimedSimulation(from: 0, to: 1, duration: Self.holdDuration))
        } else {
            leg = .idle
        }
    }

    /// Stops the run (a script command or a drag takes over the table).
    private func stopRun() {
        generation += 1
        leg = .idle
    }

    /// The slider's duration for an x position (scene points), on a log scale, to 0.01 s.
    func duration(atSliderX x: Double) -> Double {
        slider.value(atX: x - slider.frame.minX)
    }

    /// Where the slider's knob sits for `duration` (scene points).
    func sliderX(for duration: Double) -> Double {
        slider.frame.minX + slider.x(for: duration)
    }

    // MARK: HostClient

    var accessibilityRoot: ViewNode? { root }

    func hostDidResize(to size: Size) {
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .key where root.focusedView != nil:
            // A control has focus (Tab): the keys are its own and the tree's (arrows move focus, Return presses).
            root.handle(event)
        case .key(let key, _, _):
            switch key {
            case .up: select(selected - 1)
            case .down: select(selected + 1)
            case .home: select(0)
            case .end: select(curves.count - 1)
            case .left: setDuration(duration - Self.durationStep)
            case .right: setDuration(duration + Self.durationStep)
            case .enter, .space: play()
            case .pageUp, .pageDown: curveList.handle(event)
            default: break
            }
        case .text(let c, _):
            switch c {
            case "-", "_": setDuration(duration - Self.durationStep)
            case "+", "=": setDuration(duration + Self.durationStep)
            default: break
            }
        case .magnify:
            break
        default:
            // A press or a wheel turn on the table takes it over from the run.
            if case .pointerDown(let p, _) = event, isOnTable(p) { stopRun() }
            if case .wheel(_, _, let p, _) = event, isOnTable(p) { stopRun() }
            root.handle(event)
        }
    }

    /// Whether the tree's hit test lands in the table at `p`.
    private func isOnTable(_ p: Point) -> Bool {
        root.hitTest(p)?.isDescendant(of: table) ?? false
    }

    func update(_ tick: FrameTick) {
        root.step(tick)
        switch leg {
        case .forward, .back:
            if var clock = legClock {
                progress = clock.sample(tick)
                legClock = clock
            }
        case .hold:
            if var clock = legClock {
                clock.sample(tick)
                legClock = clock
                // The hold ends at a frame's start (its timestamp), when the next leg's first frame begins.
                if clock.isDone(at: tick.timestamp) { startBackLeg() }
            }
        case .idle:
            break
        }
    }

    private func startBackLeg() {
        let g = generation
        leg = .back
        legClock = Animated(TimedSimulation(from: 0, to: 1, duration: duration))
        progress = 0
        goingBack = true
        table.scrollView.setContentOffset(.zero, duration: duration, curve: curve) { [weak self] done in
            self?.legEnded(done, generation: g, leg: .back)
        }
    }

    // MARK: Drawing

    func draw(in canvas: DrawingCanvas) {
        let w = size.width, h = size.height
        guard w > 0, h > 0 else { return }
        canvas.clear(GalleryTheme.contentBackground)

        // The list column.
        canvas.fill(Rect(x: 0, y: 0, width: headerRect.width, height: h), color: .white)
        canvas.drawText("TIMING CURVES", in: headerRect.insetBy(dx: 16, dy: 0),
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk, maximumScale: TextScale.controlMaximum), alignment: .leading)
        canvas.drawText(countText, in: headerRect.insetBy(dx: 16, dy: 0),
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk, maximumScale: TextScale.controlMaximum), alignment: .trailing)
        curveList.draw(in: canvas)
        canvas.fill(Rect(x: headerRect.width - 1, y: 0, width: 1, height: h), color: GalleryTheme.cardBorder)
        canvas.fill(Rect(x: 0, y: headerRect.maxY - 1, width: headerRect.width, height: 1), color: GalleryTheme.cardBorder)

        // Title.
        canvas.drawText(nameText, in: Rect(x: titleRect.minX, y: titleRect.minY, width: titleRect.width, height: 28),
                        style: TextStyle(size: 22, weight: .bold, color: GalleryTheme.ink, maximumScale: TextScale.controlMaximum), alignment: .leading)
        canvas.drawText(detailText, in: Rect(x: titleRect.minX, y: titleRect.minY + 28, width: titleRect.width, height: 20),
                        style: TextStyle(size: 13, color: GalleryTheme.secondaryInk, maximumScale: TextScale.controlMaximum), alignment: .leading)

        drawPlot(in: canvas)
        drawTable(in: canvas)
        drawControls(in: canvas)
    }

    private func drawPlot(in canvas: DrawingCanvas) {
        guard plotCard.width > 60, plotCard.height > 90 else { return }
        GalleryTheme.card(plotCard, radius: 14, in: canvas)
        canvas.drawText("PROGRESS → VALUE", in: Rect(x: plotCard.minX + 16, y: plotCard.minY + 10, width: plotCard.width - 32, height: 22),
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk, maximumScale: TextScale.controlMaximum), alignment: .leading)
        let direction = goingBack ? "back to 0" : "to 500 pt"
        canvas.drawText(direction, in: Rect(x: plotCard.minX + 16, y: plotCard.minY + 10, width: plotCard.width - 32, height: 22),
                        style: TextStyle(size: 11, weight: .bold, color: leg == .idle ? GalleryTheme.tertiaryInk : GalleryTheme.highlight, maximumScale: TextScale.controlMaximum),
                        alignment: .trailing)
        if plotKey.map({ $0.0 != selected || $0.1 != plotRect }) ?? true {
            plotRange = CurvePlot.valueRange(of: curve)
            plotPoints = CurvePlot.points(of: curve, in: plotRect, range: plotRange, count: max(60, Int(plotRect.width / 2)))
            plotKey = (selected, plotRect)
        }
        CurvePlot.draw(plotPoints, in: plotRect, range: plotRange, canvas: canvas, lineWidth: 3)
        let label = TextStyle(size: 11, color: GalleryTheme.tertiaryInk, maximumScale: TextScale.controlMaximum)
        for i in 0..<2 {
            let v = Double(i)
            let y = CurvePlot.map(t: 0, value: v, in: plotRect, range: plotRange).y
            canvas.drawText(v == 0 ? "0" : "1", in: Rect(x: plotCard.minX + 8, y: y - 10, width: 24, height: 20), style: label, alignment: .trailing)
        }
        canvas.drawText("t = 0", in: Rect(x: plotRect.minX, y: plotRect.maxY + 6, width: 60, height: 20), style: label, alignment: .leading)
        canvas.drawText("1", in: Rect(x: plotRect.maxX - 30, y: plotRect.maxY + 6, width: 30, height: 20), style: label, alignment: .trailing)

        // The dot: (progress, value) with guides to the axes.
        let value = curve.value(at: progress)
        let dot = CurvePlot.map(t: progress, value: value, in: plotRect, range: plotRange)
        let guide = GalleryTheme.highlight.withAlpha(0.35)
        canvas.drawLine(from: Point(x: dot.x, y: plotRect.maxY), to: dot, color: guide, width: 1)
        canvas.drawLine(from: Point(x: plotRect.minX, y: dot.y), to: dot, color: guide, width: 1)
        canvas.fillCircle(center: dot, radius: 9, color: GalleryTheme.highlight.withAlpha(0.25))
        canvas.fillCircle(center: dot, radius: 6.5, color: .white)
        canvas.fillCircle(center: dot, radius: 5, color: GalleryTheme.highlight)
    }

    private func drawTable(in canvas: DrawingCanvas) {
        guard tableCard.width > 40, tableCard.height > 60 else { return }
        GalleryTheme.card(tableCard, radius: 14, in: canvas)
        canvas.drawText("TABLE · 100 ROWS", in: Rect(x: tableCard.minX + 16, y: tableCard.minY + 6, width: tableCard.width - 32, height: 24),
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk, maximumScale: TextScale.controlMaximum), alignment: .leading)
        table.draw(in: canvas)
    }

    private func drawControls(in canvas: DrawingCanvas) {
        guard controlsRect.width > 200 else { return }
        canvas.drawText("Duration", in: Rect(x: controlsRect.minX, y: controlsRect.minY, width: 74, height: controlsRect.height),
                        style: TextStyle(size: 14, weight: .bold, color: GalleryTheme.ink, maximumScale: TextScale.controlMaximum), alignment: .leading)
        slider.label = durationText
        slider.draw(in: canvas)
        playButton.draw(in: canvas)
    }

    var needsFrames: Bool { leg != .idle || table.needsFrames || curveList.needsFrames }
    /// The Play button sits at the bottom right.
    var prefersHUDAtTop: Bool { true }
    var wantsQuit: Bool { false }

    // MARK: DemoScene

    var traceSample: TraceSample { TraceSample(list: table, selected: selected) }

    func dragIndicator(to fraction: Double) {
        stopRun()
        table.scrollView.setThumbFraction(fraction, .vertical)
    }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        stopRun()
        table.scrollView.setContentOffset(offset, duration: duration, curve: curve ?? self.curve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        stopRun()
        table.scrollView.scrollToEnd(duration: duration, curve: curve ?? self.curve)
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        stopRun()
        table.scrollToItem(index, position: position, duration: duration, curve: curve ?? self.curve)
    }
}
