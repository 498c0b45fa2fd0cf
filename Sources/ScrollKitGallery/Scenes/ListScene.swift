// ListScene, the default scene: a virtualized list of `--items` standard-cell rows under a toolbar of timed
// scrolls (duration and curve selectors), with `--snap` as its SnapBehavior.

import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// The default scene: a virtualized list of `--items` rows in standard cells (`--snap`, `--snap-ratio`) with
    /// timed scrolling (Scroll to end / End, Top / Home).
    static let list = SceneEntry(name: "list") { context throws(CLIError) in
        ListScene(context: context)
    }
}

/// The list scene: `--items` rows, 60 points tall, the devices of a smart home in standard cells
/// (`StandardCell`: a swatch, a title, a one- or two-line description, a chevron, value or switch; the
/// row tapped last is shown selected), under a toolbar.
///
/// - The toolbar: "Scroll to end" (the End key does the same) and "Top" (Home) start a timed scroll
///   with the selected duration (default 2 s) and curve (default smoothstep; ‹ › cycle through
///   `TimingCurve.allNamed`). Its status line counts the cells configured during the last such
///   animation: UIKit's animator configured only the rows on the first and last screens; here every
///   row that shows in some frame on the way is configured in that frame.
/// - The list: drag, fling, wheel and keys (arrows, PageUp/PageDown/Space) as `ScrollingView` does them,
///   with `--snap none|items|paging|centered` and `--snap-ratio R` as its `SnapBehavior`.
/// - Escape asks to quit. The scene draws in (0, 0, size) only, so a gallery can host it anywhere.
@MainActor
final class ListScene: DemoScene {
    /// Row height, points.
    static let rowHeight = 60.0
    /// The durations the selector offers, seconds.
    static let durations: [Double] = [0.5, 1, 2, 4]
    /// The selected duration at start (2 s).
    static let defaultDurationIndex = 2
    /// The curves the curve selector cycles through.
    static let curves = TimingCurve.allNamed
    /// The curve selected at start: smoothstep, gentle at both ends.
    static let defaultCurve = TimingCurve.smoothstep

    /// The list (the scene's main scroll view is `listView.scrollView`).
    let listView: ListView
    /// The rows' data source.
    let rows: RowSource
    /// The snapping rule in force (from `--snap` and `--snap-ratio`).
    let snapBehavior: SnapBehavior

    /// Cells configured during the last timed scroll started by the toolbar, End, Home or a script
    /// command (including the frame it finished in); nil before the first. Counts on while it runs.
    private(set) var configuredDuringLastAnimation: Int?
    /// Whether that animation is still running.
    private(set) var isCountingAnimation = false

    private(set) var size: Size
    private(set) var toolbarHeight = 0.0
    private(set) var durationIndex = ListScene.defaultDurationIndex
    private(set) var curveIndex: Int

    let endButton: PushButton
    let topButton: PushButton
    let durationControl: SegmentedControl
    let curveControl: CycleControl
    /// The scene's view tree: the list, then the toolbar over it (the buttons and the duration selector
    /// are library controls in the toolbar, pressed through the tree).
    let root = ViewNode()
    private let toolbar = PanelView()
    private var captions: [(String, Rect)] = [] { didSet { captionsVersion &+= 1 } }
    private var captionsVersion: UInt64 = 0
    // The status line's texts and the values they were formatted from.
    private var statusConfigured: Int?
    private var statusCount = reservedBuffer()
    private var statusRange = 0..<0
    private var statusRight = reservedBuffer()
    /// The status texts' widths (prefix, count, right; nil: measure again), for the canvas and scale they
    /// were measured on: measured when a text changes, not every frame.
    private var statusWidths: (canvas: ObjectIdentifier, scale: Double, prefix: Double?, count: Double?, right: Double?)?
    private var statusRect = Rect.zero
    private var animationID = 0
    private var quit = false

    /// The selected duration, seconds.
    var duration: Double { Self.durations[durationIndex] }
    /// The selected curve.
    var curve: TimingCurve { Self.curves[curveIndex] }

    init(context: SceneContext) {
        size = context.size
        rows = RowSource(count: context.options.items, rowHeight: Self.rowHeight)
        listView = ListView(frame: .zero, axis: .vertical, dataSource: rows)
        listView.backgroundColor = SceneStyle.background
        snapBehavior = Self.snapBehavior(for: context.options)
        listView.snapBehavior = snapBehavior
        curveIndex = Self.curves.firstIndex(of: Self.defaultCurve) ?? 0

        endButton = PushButton(title: "Scroll to end", kind: .filled)
        topButton = PushButton(title: "Top", kind: .bordered)
        durationControl = SegmentedControl(segments: Self.durations.map(Self.durationLabel), selectedIndex: durationIndex)
        curveControl = CycleControl(values: Self.curves.map(\.name), index: curveIndex)
        endButton.tint = SceneStyle.accent
        endButton.pressedTint = SceneStyle.accentPressed
        topButton.tint = SceneStyle.accent
        topButton.pressedTint = SceneStyle.accentPressed
        durationControl.textColor = SceneStyle.secondaryInk
        durationControl.selectedTextColor = SceneStyle.ink
        endButton.action = { [unowned self] _ in self.scrollToEnd() }
        topButton.action = { [unowned self] _ in self.scrollToTop() }
        durationControl.onChange = { [unowned self] index in self.durationIndex = index }
        curveControl.onChange = { [unowned self] index in self.curveIndex = index }
        root.addSubview(listView)
        root.addSubview(toolbar)
        toolbar.addSubview(endButton)
        toolbar.addSubview(topButton)
        toolbar.addSubview(durationControl)
        toolbar.addSubview(curveControl)
        toolbar.drawPanel = { [unowned self] canvas, _ in self.drawToolbar(in: canvas) }
        listView.onSelectItem = { [unowned self] row in self.select(row) }
        // Keyboard-only use: Tab reaches the buttons, the selectors and every row (↑/↓ move between rows).
        for control in [endButton, topButton, durationControl] as [ViewNode] { control.isFocusable = true }
        durationControl.accessibilityLabel = "Duration"
        curveControl.accessibilityLabel = "Curve"
        listView.itemsAreFocusable = true
        layout()
    }

    /// The `SnapBehavior` for `--snap` and `--snap-ratio` (no `--snap`: none; the ratio defaults to
    /// the rule's own: 0.3 for items, 0.1 for paging).
    static func snapBehavior(for options: SceneOptions) -> SnapBehavior {
        switch options.snap {
        case nil, .none?: .none
        case .items?: .items(snapRatio: options.snapRatio ?? 0.3)
        case .paging?: .paging(snapRatio: options.snapRatio ?? 0.1)
        case .centered?: .centered
        }
    }

    /// "0.5 s", "2 s".
    static func durationLabel(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    // MARK: Actions

    /// Scrolls to the end with the selected duration and curve, counting the cells configured.
    func scrollToEnd() {
        startCounting()
        listView.scrollView.scrollToEnd(duration: duration, curve: curve, completion: countingCompletion())
    }

    /// Scrolls to the top with the selected duration and curve, counting the cells configured.
    func scrollToTop() {
        startCounting()
        listView.scrollView.setContentOffset(listView.scrollView.minContentOffset, duration: duration, curve: curve,
                                             completion: countingCompletion())
    }

    private func startCounting() {
        animationID += 1
        configuredDuringLastAnimation = 0
        isCountingAnimation = true
    }

    /// A completion that ends the count of this animation (not of a later one that replaced it).
    private func countingCompletion() -> @MainActor (Bool) -> Void {
        let id = animationID
        return { [weak self] _ in
            guard let self, self.animationID == id else { return }
            self.isCountingAnimation = false
        }
    }

    // MARK: Layout

    /// Below this height the toolbar collapses to one line, so the list keeps most of a small screen.
    static let compactHeight = 420.0

    /// Lays out the toolbar (controls flow onto more lines when the width is short; on a short screen one
    /// line without captions, the duration and the status) and the list under it.
    private func layout() {
        root.frame = Rect(x: 0, y: 0, width: max(0, size.width), height: max(0, size.height))
        layoutToolbar()
        toolbar.frame = Rect(x: 0, y: 0, width: max(0, size.width), height: toolbarHeight)
    }

    private func layoutToolbar() {
        let width = max(0, size.width)
        let margin = 16.0, gap = 20.0, captionHeight = 15.0, controlHeight = SceneStyle.controlHeight
        if size.height < Self.compactHeight {
            // "Scroll to end" and "Top" on the left, the curve on the right when it fits; the duration
            // keeps the one chosen (2 s unless changed at a larger size).
            let y = 10.0
            endButton.frame = Rect(x: margin, y: y, width: 136, height: controlHeight)
            topButton.frame = Rect(x: margin + 144, y: y, width: 72, height: controlHeight)
            let curveX = width - margin - 212
            curveControl.frame = curveX >= margin + 216 + 12 ? Rect(x: curveX, y: y, width: 212, height: controlHeight) : .zero
            durationControl.frame = .zero
            captions.removeAll()
            statusRect = .zero
            toolbarHeight = min(max(0, size.height), y + controlHeight + 10)
            listView.frame = Rect(x: 0, y: toolbarHeight, width: width, height: max(0, size.height - toolbarHeight))
            rows.prepareLayouts(width: width)
            return
        }
        let groups: [(caption: String, width: Double)] = [
            ("Scroll", 136 + 8 + 72),
            ("Duration", Double(Self.durations.count) * 52),
            ("Curve", 212),
        ]
        // Flow: as many groups per line as fit.
        var lines: [[Int]] = [[]]
        var used = 0.0
        for (index, group) in groups.enumerated() {
            let needed = (lines[lines.count - 1].isEmpty ? 0 : gap) + group.width
            if !lines[lines.count - 1].isEmpty && used + needed > width - 2 * margin {
                lines.append([index])
                used = group.width
            } else {
                lines[lines.count - 1].append(index)
                used += needed
            }
        }
        captions.removeAll()
        var y = 12.0
        var frames = [Rect](repeating: .zero, count: groups.count)
        for line in lines {
            let total = line.reduce(0) { $0 + groups[$1].width } + gap * Double(max(0, line.count - 1))
            // One line: spread the groups over the width (first left, last right); else left-aligned.
            let spread = lines.count == 1 && line.count > 1 ? max(gap, (width - 2 * margin - total + gap * Double(line.count - 1)) / Double(line.count - 1)) : gap
            var x = margin
            for index in line {
                frames[index] = Rect(x: x, y: y + captionHeight + 4, width: groups[index].width, height: controlHeight)
                captions.append((groups[index].caption.uppercased(), Rect(x: x + 2, y: y, width: groups[index].width, height: captionHeight)))
                x += groups[index].width + spread
            }
            y += captionHeight + 4 + controlHeight + 12
        }
        let scroll = frames[0]
        endButton.frame = Rect(x: scroll.minX, y: scroll.minY, width: 136, height: controlHeight)
        topButton.frame = Rect(x: scroll.minX + 144, y: scroll.minY, width: 72, height: controlHeight)
        if root.isRightToLeft {
            // Right to left the groups (and the two buttons) flow from the right: every frame reflected.
            func m(_ r: Rect) -> Rect { Rect(x: width - r.maxX, y: r.minY, width: r.width, height: r.height) }
            for i in frames.indices { frames[i] = m(frames[i]) }
            for i in captions.indices { captions[i].1 = m(captions[i].1) }
            endButton.frame = m(endButton.frame)
            topButton.frame = m(topButton.frame)
        }
        durationControl.frame = frames[1]
        curveControl.frame = frames[2]
        statusRect = Rect(x: margin, y: y - 4, width: max(0, width - 2 * margin), height: 20)
        toolbarHeight = min(max(0, size.height), y - 4 + 20 + 10)
        listView.frame = Rect(x: 0, y: toolbarHeight, width: width, height: max(0, size.height - toolbarHeight))
        rows.prepareLayouts(width: width)
    }

    // MARK: HostClient

    var accessibilityRoot: ViewNode? { root }

    func hostDidResize(to size: Size) {
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .key(.escape, _, _): quit = true
        case .key(.end, _, _): scrollToEnd()
        case .key(.home, _, _): scrollToTop()
        default: root.handle(event)
        }
    }

    func update(_ tick: FrameTick) {
        let counting = isCountingAnimation
        root.step(tick)
        if counting || isCountingAnimation {
            configuredDuringLastAnimation = (configuredDuringLastAnimation ?? 0) + listView.configuredInLastStep
        }
    }

    func draw(in canvas: DrawingCanvas) {
        let width = max(0, size.width), height = max(0, size.height)
        guard width > 0, height > 0 else { return }
        root.draw(in: canvas)   // the list (with its scroll indicator), then the toolbar and its controls
        if rows.count == 0 { drawEmptyState(in: canvas) }
    }

    /// The toolbar fills its band and the list (opaque background, or opaque rows covering it) the rest.
    func coversOpaquely(_ area: Size) -> Bool {
        guard area == size, let background = listView.backgroundColor, background.a == 255,
              galleryColors.barBackground.a == 255 else { return false }
        let f = listView.frame
        return f.minX <= 0 && f.maxX >= area.width && f.minY <= toolbarHeight && f.maxY >= area.height
    }

    var needsFrames: Bool { root.needsFrames }
    var wantsQuit: Bool { quit }

    // MARK: Drawing

    private func drawToolbar(in canvas: any DrawingCanvas) {
        let bar = Rect(x: 0, y: 0, width: max(0, size.width), height: toolbarHeight)
        guard bar.height > 0 else { return }
        // The shadow the toolbar casts on the rows, then the toolbar itself and its captions: the same
        // calls while the bar keeps its size and captions (a canvas drawing by damage takes them over).
        let key = CallGroupKey(frame: bar, state: captionsVersion &* 0x1_0000_0000 &+ root.themeGeneration)   // a theme change redraws it
        canvas.callGroup(id: CallGroupID(2), key: key) { canvas in
            SceneStyle.drawFade(from: RGBAColor.black.mixAlpha(30), x: 0, y: bar.maxY, width: bar.width, height: 6, in: canvas)
            canvas.fill(bar, color: galleryColors.barBackground)
            canvas.fill(Rect(x: 0, y: bar.maxY - 1, width: bar.width, height: 1), color: SceneStyle.hairline)
            canvas.pushClip(bar)
            let caption = TextStyle(size: SceneStyle.captionTextSize, weight: .bold, color: SceneStyle.tertiaryInk, maximumScale: TextScale.controlMaximum)
            for (text, rect) in captions {
                canvas.drawText(text, in: rect, style: caption, alignment: root.resolvedAlignment(.leading))   // upper-cased in layout
            }
            canvas.popClip()
        }
        canvas.pushClip(bar)
        drawStatus(in: canvas)     // the buttons, the duration selector and the curve cycler draw as views
        canvas.popClip()
    }

    /// "Configured during last animation: K" on the left, the visible rows and the phase on the right.
    private func drawStatus(in canvas: any DrawingCanvas) {
        let r = statusRect
        guard r.width > 0 else { return }
        let label = TextStyle(size: 13, color: SceneStyle.secondaryInk, maximumScale: TextScale.controlMaximum)
        let value = TextStyle(size: 13, weight: .bold, color: SceneStyle.ink, maximumScale: TextScale.controlMaximum)
        // A dot: accent while an animation is being counted.
        let dot = Point(x: r.minX + 5, y: r.midY)
        canvas.fillCircle(center: dot, radius: 4, color: isCountingAnimation ? SceneStyle.accent : galleryColors.placeholder)
        var x = r.minX + 16
        let canvasID = ObjectIdentifier(canvas)
        if statusWidths?.canvas != canvasID || statusWidths?.scale != canvas.pixelScale {
            statusWidths = (canvasID, canvas.pixelScale, nil, nil, nil)
        }
        let prefix = "Configured during last animation: "
        canvas.drawText(prefix, in: Rect(x: x, y: r.minY, width: max(0, r.maxX - x), height: r.height), style: label, alignment: .leading)
        let prefixWidth = statusWidths?.prefix ?? canvas.measureText(prefix, style: label).width
        statusWidths?.prefix = prefixWidth
        x += prefixWidth
        // The texts are formatted when their values change, not every frame.
        if configuredDuringLastAnimation != statusConfigured || statusCount.isEmpty {
            statusConfigured = configuredDuringLastAnimation
            statusWidths?.count = nil
            replaceContents(of: &statusCount) { out in
                if let n = configuredDuringLastAnimation { appendGroupedNumber(n, to: &out) } else { out.append("–") }
            }
        }
        let count = statusCount
        canvas.drawText(count, in: Rect(x: x, y: r.minY, width: max(0, r.maxX - x), height: r.height), style: value, alignment: .leading)
        let countWidth = statusWidths?.count ?? canvas.measureText(count, style: value).width
        statusWidths?.count = countWidth
        x += countWidth
        let visible = listView.visibleRange
        if visible != statusRange || statusRight.isEmpty {
            statusRange = visible
            statusWidths?.right = nil
            let count = rows.count
            replaceContents(of: &statusRight) { out in
                guard !visible.isEmpty else { out.append("No rows"); return }
                out.append("Rows ")
                appendGroupedNumber(visible.lowerBound, to: &out)
                out.append("–")
                appendGroupedNumber(visible.upperBound - 1, to: &out)
                out.append(" of ")
                appendGroupedNumber(count, to: &out)
            }
        }
        let right = statusRight
        let rightWidth = statusWidths?.right ?? canvas.measureText(right, style: label).width
        statusWidths?.right = rightWidth
        if x + 24 + rightWidth <= r.maxX {
            canvas.drawText(right, in: r, style: label, alignment: .trailing)
        }
    }

    private func drawEmptyState(in canvas: any DrawingCanvas) {
        let f = listView.frame
        guard f.height > 60 else { return }
        canvas.drawText("No rows", in: Rect(x: f.minX, y: f.midY - 30, width: f.width, height: 30),
                        style: TextStyle(size: 20, weight: .bold, color: SceneStyle.secondaryInk), alignment: .center)
        canvas.drawText("Run with --items N to fill the list.", in: Rect(x: f.minX, y: f.midY, width: f.width, height: 24),
                        style: TextStyle(size: 13, color: SceneStyle.tertiaryInk), alignment: .center)
    }

    // MARK: DemoScene

    var traceSample: TraceSample {
        var sample = TraceSample(list: listView)
        sample.activatedRow = activatedRow
        return sample
    }

    func dragIndicator(to fraction: Double) {
        listView.scrollView.setThumbFraction(fraction, .vertical)
    }

    /// A scripted `insert`, `delete` or `move` of rows: new rows are new devices; the row at the top stays put.
    func themeDidChange() {
        listView.backgroundColor = SceneStyle.background
        for b in [endButton, topButton] { b.tint = SceneStyle.accent; b.pressedTint = SceneStyle.accentPressed }
    }

    func apply(_ change: ListChange, animated: Bool) throws(CLIError) {
        let n = rows.count
        switch change {
        case .insert(let at, let count):
            guard at <= n else { throw CLIError("insert at \(at) is out of range (0...\(n))") }
            guard n + count <= OptionRanges.items.bounds.upperBound else {
                throw CLIError("insert of \(count) would make more than \(OptionRanges.items.bounds.upperBound) rows")
            }
        case .delete(let at, let count):
            guard at + count <= n else { throw CLIError("delete of \(at)..<\(at + count) is out of range (\(n) rows)") }
        case .move(let from, let to):
            guard from < n, to < n else { throw CLIError("move from \(from) to \(to) is out of range (\(n) rows)") }
        case .reload:
            return
        }
        let selected = rows.selectedRow
        rows.apply(change)
        do {
            try listView.performChanges([change], animation: animated ? .standard : nil)
        } catch {
            throw CLIError(error.description)
        }
        if selected >= 0 { activatedRow = rows.selectedRow }
    }

    /// The row tapped last (-1: none); the trace's `activatedRow` (rows have no cards: `activatedItem` stays -1).
    private(set) var activatedRow = -1

    /// Makes `row` the activated row and shows it selected (the previous one no longer).
    private func select(_ row: Int) {
        (listView.cell(at: rows.selectedRow) as? StandardCell)?.isSelected = false
        activatedRow = row
        rows.selectedRow = row
        (listView.cell(at: row) as? StandardCell)?.isSelected = true
    }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        startCounting()
        listView.scrollView.setContentOffset(offset, duration: duration, curve: curve ?? self.curve,
                                             completion: countingCompletion())
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        startCounting()
        listView.scrollView.scrollToEnd(duration: duration, curve: curve ?? self.curve, completion: countingCompletion())
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        startCounting()
        listView.scrollToItem(index, position: position, duration: duration, curve: curve ?? self.curve,
                              completion: countingCompletion())
    }
}
