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
/// - The plot's dot sits at (progress, curve(progress)) of the leg running: the table's offset is
///   500 × that value on the way there, 500 × (1 − value) on the way back.
/// - Script commands and the trace act on the table. The trace's `selected` is the curve's index.
@MainActor
final class CurvesScene: DemoScene, GalleryHUDPlacement {
    /// Turns the shell's finger into the pointer this scene's controls read.
    private var touches = TouchTracker()
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
    private var legStart: Double?
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
    private(set) var sliderTrack = Rect.zero
    private(set) var playButton = Rect.zero

    // Caches.
    private var plotPoints: [Point] = []
    private var plotRange: ClosedRange<Double> = 0...1
    private var plotKey: (Int, Rect)?
    private var durationText = ""
    private var detailText = ""
    private var nameText = ""
    private let countText = String(TimingCurve.allNamed.count)

    private enum Owner { case none, list, table, slider, play }
    private var owner = Owner.none
    private var playPressed = false

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
        playButton = Rect(x: x1 - 96, y: controlsRect.minY, width: 96, height: 36)
        sliderTrack = Rect(x: x0 + 78, y: controlsRect.midY - 2, width: max(0, playButton.minX - 80 - (x0 + 78)), height: 4)
    }

    private func refreshTexts() {
        durationText = HUD.fixed(duration, 2) + " s"
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
        legStart = nil
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
            legStart = nil
        } else {
            leg = .idle
        }
    }

    /// Stops the run (a script command or a drag takes over the table).
    private func stopRun() {
        generation += 1
        leg = .idle
    }

    /// The slider's duration for an x position (window of the track), on a log scale, to 0.01 s.
    func duration(atSliderX x: Double) -> Double {
        let f = sliderTrack.width > 0 ? min(max((x - sliderTrack.minX) / sliderTrack.width, 0), 1) : 0
        let lo = Self.durationRange.lowerBound, hi = Self.durationRange.upperBound
        let value = lo * pow(hi / lo, f)
        return (value * 100).rounded() / 100
    }

    /// Where the slider's knob sits for `duration`.
    func sliderX(for duration: Double) -> Double {
        let lo = Self.durationRange.lowerBound, hi = Self.durationRange.upperBound
        let f = log(min(max(duration, lo), hi) / lo) / log(hi / lo)
        return sliderTrack.minX + f * sliderTrack.width
    }

    private var sliderHitRect: Rect {
        Rect(x: sliderTrack.minX - 12, y: controlsRect.minY, width: sliderTrack.width + 24, height: controlsRect.height)
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        // A finger (the shell's) is a pointer here; its lists get pointer events (not resampled).
        guard let event = touches.pointerEvent(for: event) else { return }
        switch event {
        case .pointerDown(let p, _):
            if playButton.contains(p) {
                owner = .play; playPressed = true
            } else if sliderHitRect.contains(p) {
                owner = .slider
                setDuration(duration(atSliderX: p.x), replay: false)
            } else if curveList.frame.contains(p) {
                owner = .list; curveList.handle(event)
            } else if table.frame.contains(p) {
                owner = .table
                stopRun()
                table.handle(event)
            }
        case .pointerMove(let p, _):
            switch owner {
            case .list: curveList.handle(event)
            case .table: table.handle(event)
            case .slider: setDuration(duration(atSliderX: p.x), replay: false)
            case .play: playPressed = playButton.contains(p)
            case .none: break
            }
        case .pointerUp(let p, _):
            let was = owner
            owner = .none
            switch was {
            case .list: curveList.handle(event)
            case .table: table.handle(event)
            case .slider: setDuration(duration(atSliderX: p.x))
            case .play:
                playPressed = false
                if playButton.contains(p) { play() }
            case .none: break
            }
        case .magnify:
            break
        case .wheel(_, _, let p, _):
            if curveList.frame.contains(p) { curveList.handle(event) }
            else if table.frame.contains(p) { stopRun(); table.handle(event) }
        case .key(let key, _):
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
        case .character(let c, _):
            switch c {
            case "-", "_": setDuration(duration - Self.durationStep)
            case "+", "=": setDuration(duration + Self.durationStep)
            default: break
            }
        case .touchDown, .touchMove, .touchUp:
            break   // already pointer events (`touches`)
        }
    }

    func update(_ tick: FrameTick) {
        let waitingToStart = (leg == .forward || leg == .back) && legStart == nil
        let legBefore = leg
        curveList.step(tick)
        table.step(tick)
        if waitingToStart && leg == legBefore {
            legStart = tick.timestamp       // the scroll view starts a timed request's clock here
        }
        switch leg {
        case .forward, .back:
            if let start = legStart, duration > 0 {
                progress = min(1, max(0, (tick.targetTimestamp - start) / duration))
            }
        case .hold:
            if let start = legStart {
                if tick.timestamp - start >= Self.holdDuration - 1e-9 {
                    startBackLeg()
                }
            } else {
                legStart = tick.timestamp
            }
        case .idle:
            break
        }
    }

    private func startBackLeg() {
        let g = generation
        leg = .back
        legStart = nil
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
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk), alignment: .leading)
        canvas.drawText(countText, in: headerRect.insetBy(dx: 16, dy: 0),
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk), alignment: .trailing)
        curveList.draw(in: canvas)
        canvas.fill(Rect(x: headerRect.width - 1, y: 0, width: 1, height: h), color: GalleryTheme.cardBorder)
        canvas.fill(Rect(x: 0, y: headerRect.maxY - 1, width: headerRect.width, height: 1), color: GalleryTheme.cardBorder)

        // Title.
        canvas.drawText(nameText, in: Rect(x: titleRect.minX, y: titleRect.minY, width: titleRect.width, height: 28),
                        style: TextStyle(size: 22, weight: .bold, color: GalleryTheme.ink), alignment: .leading)
        canvas.drawText(detailText, in: Rect(x: titleRect.minX, y: titleRect.minY + 28, width: titleRect.width, height: 20),
                        style: TextStyle(size: 13, color: GalleryTheme.secondaryInk), alignment: .leading)

        drawPlot(in: canvas)
        drawTable(in: canvas)
        drawControls(in: canvas)
    }

    private func drawPlot(in canvas: DrawingCanvas) {
        guard plotCard.width > 60, plotCard.height > 90 else { return }
        GalleryTheme.card(plotCard, radius: 14, in: canvas)
        canvas.drawText("PROGRESS → VALUE", in: Rect(x: plotCard.minX + 16, y: plotCard.minY + 10, width: plotCard.width - 32, height: 22),
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk), alignment: .leading)
        let direction = goingBack ? "back to 0" : "to 500 pt"
        canvas.drawText(direction, in: Rect(x: plotCard.minX + 16, y: plotCard.minY + 10, width: plotCard.width - 32, height: 22),
                        style: TextStyle(size: 11, weight: .bold, color: leg == .idle ? GalleryTheme.tertiaryInk : GalleryTheme.highlight),
                        alignment: .trailing)
        if plotKey.map({ $0.0 != selected || $0.1 != plotRect }) ?? true {
            plotRange = CurvePlot.valueRange(of: curve)
            plotPoints = CurvePlot.points(of: curve, in: plotRect, range: plotRange, count: max(60, Int(plotRect.width / 2)))
            plotKey = (selected, plotRect)
        }
        CurvePlot.draw(plotPoints, in: plotRect, range: plotRange, canvas: canvas, lineWidth: 3)
        let label = TextStyle(size: 11, color: GalleryTheme.tertiaryInk)
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
                        style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.tertiaryInk), alignment: .leading)
        table.draw(in: canvas)
    }

    private func drawControls(in canvas: DrawingCanvas) {
        guard controlsRect.width > 200 else { return }
        canvas.drawText("Duration", in: Rect(x: controlsRect.minX, y: controlsRect.minY, width: 74, height: controlsRect.height),
                        style: TextStyle(size: 14, weight: .bold, color: GalleryTheme.ink), alignment: .leading)
        if sliderTrack.width > 20 {
            let knobX = sliderX(for: duration)
            canvas.fillRoundedRect(sliderTrack, radius: 2, color: RGBAColor(hex: 0xD1D1D6))
            canvas.fillRoundedRect(Rect(x: sliderTrack.minX, y: sliderTrack.minY, width: max(0, knobX - sliderTrack.minX), height: 4),
                                   radius: 2, color: GalleryTheme.accent)
            let knob = Point(x: knobX, y: sliderTrack.midY)
            canvas.fillCircle(center: Point(x: knob.x, y: knob.y + 1), radius: 12, color: RGBAColor(r: 0, g: 0, b: 0, a: 40))
            canvas.fillCircle(center: knob, radius: 11.5, color: RGBAColor(hex: 0xD8D8DC))
            canvas.fillCircle(center: knob, radius: 10.5, color: .white)
            let label = Rect(x: knobX - 30, y: controlsRect.minY - 20, width: 60, height: 18)
            canvas.drawText(durationText, in: label, style: TextStyle(size: 12, weight: .bold, color: GalleryTheme.accent),
                            alignment: .center)
        }
        let fill = playPressed ? GalleryTheme.accentPressed : GalleryTheme.accent
        GalleryTheme.shadow(under: playButton, radius: 10, in: canvas)
        canvas.fillRoundedRect(playButton, radius: 10, color: fill)
        canvas.drawText("▶  Play", in: playButton, style: TextStyle(size: 14, weight: .bold, color: .white), alignment: .center)
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
