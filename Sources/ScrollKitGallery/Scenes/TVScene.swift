// TVScene: a TV launcher, a hero area over rows of posters, driven by keys, a game controller and a rotary
// encoder; each row is a focus group that remembers its poster, and the focused poster lifts. TVMetrics, TVState,
// TVRowSource and TVRowCell (the posters and the hero are in TVPosters.swift).

import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// A TV launcher: a hero area naming the focused poster over six rows of posters (self-drawn art). Arrows,
    /// a game controller's D-pad (held: repeats) and a rotary encoder move focus; each row remembers its poster;
    /// the focused poster lifts (scale and shadow); Return or A opens it, B or Back goes back.
    static let tv = SceneEntry(name: "tv") { context throws(CLIError) in
        TVScene(context: context)
    }
}

/// The tv scene: a ``TVHero`` over a vertical ``ListView`` of rows; each row cell holds a horizontal ``ListView``
/// of posters (`itemsAreFocusable`) whose ``FocusGroup`` (one per row, kept in ``TVState``) remembers the poster
/// focused last, so Down then Up comes back to it. The focused poster lifts through an `Animated` per poster.
///
/// Trace: the main scroll view is the vertical list (items = rows); `focusRow`/`focusItem` the focused poster,
/// `focusLabel` its title; `activatedRow`/`activatedItem` the poster opened last.
@MainActor
final class TVScene: ListBackedScene {
    static let rowCount = 6
    static let postersPerRow = 14
    /// Seconds the lift takes up, and back down.
    static let liftDuration = 0.18
    static let dropDuration = 0.14

    let root = ViewNode()
    let hero = TVHero()
    let list: ListView
    let rows: TVRowSource
    let state: TVState
    private(set) var size: Size
    private var focusedOnce = false

    init(context: SceneContext) {
        size = context.size
        state = TVState()
        rows = TVRowSource(state: state)
        list = ListView(frame: .zero, dataSource: rows)
        list.backgroundColor = nil
        list.insets = Insets(top: 0, left: 0, bottom: 24, right: 0)
        list.scrollView.indicatorVisibility = .hidden
        root.addSubview(hero)
        root.addSubview(list)
        hero.state = state
        state.scene = self
        layout()
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        let metrics = TVMetrics(size: Size(width: width, height: height))
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        hero.frame = Rect(x: 0, y: 0, width: width, height: min(metrics.heroHeight, height))
        list.frame = Rect(x: 0, y: hero.frame.maxY, width: width, height: max(0, height - hero.frame.maxY))
        if metrics != state.metrics {
            state.metrics = metrics
            rows.rowHeight = metrics.rowHeight
            list.reloadData()
        }
    }

    /// A poster was opened (Return, A, a tap): the trace records it and the hero says so.
    func opened(row: Int, poster: Int) {
        state.activated = (row, poster)
        state.openedTitle = TVArt.title(row: row, poster: poster)
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        root.handle(event)
    }

    func update(_ tick: FrameTick) {
        root.step(tick)
        // Focus starts on the first poster, as on a TV: there is always something to move from.
        if !focusedOnce, let cell = list.cell(at: 0) as? TVRowCell {
            focusedOnce = true
            cell.carousel.focusItem(0)
        }
        followFocus()
        state.sampleLifts(tick)
    }

    /// The poster holding focus now: the hero follows it, and it lifts while the one before drops.
    private func followFocus() {
        var now: TVPosterKey?
        if let carousel = root.focusedView as? ListView, let item = carousel.focusedItem,
           let cell = carousel.superview as? TVRowCell, cell.row >= 0 {
            now = TVPosterKey(row: cell.row, poster: item)
        }
        guard now != state.focused else { return }
        if let old = state.focused { state.animateLift(old, to: 0, duration: Self.dropDuration) }
        if let now { state.animateLift(now, to: 1, duration: Self.liftDuration) }
        state.focused = now
        if let now { state.hero = now }
        if now != nil { state.openedTitle = nil }
        hero.setNeedsDisplay()
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        canvas.fill(Rect(origin: .zero, size: size), color: TVLook.background)
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.isAnimating || !state.lifts.isEmpty || !focusedOnce }
    var wantsQuit: Bool { false }

    // MARK: DemoScene

    var traceSample: TraceSample {
        var sample = TraceSample(list: list)
        if let f = state.focused {
            sample.focusRow = f.row
            sample.focusItem = f.poster
        }
        if let (row, item) = state.activated {
            sample.activatedRow = row
            sample.activatedItem = item
        }
        return sample
    }

    var mainList: ListView { list }
    var accessibilityRoot: ViewNode? { root }

    /// Tab into the scene (from the gallery's tab bar) starts at the first poster, Shift-Tab at the last, wherever
    /// the rows are scrolled; then focus goes in order.
    func moveFocus(_ move: FocusMove) -> Bool {
        guard root.focusedView == nil, move == .next || move == .previous else { return root.moveFocus(move) }
        let row = move == .next ? 0 : TVScene.rowCount - 1
        list.scrollView.stopMotion()
        list.scrollView.contentOffset = list.contentOffset(forItem: row, position: move == .next ? .start : .end)
        guard let cell = list.cell(at: row) as? TVRowCell else { return root.moveFocus(move) }
        return cell.carousel.focusItem(move == .next ? 0 : TVScene.postersPerRow - 1)
    }

    func coversOpaquely(_ size: Size) -> Bool { true }
}

/// Sizes of the launcher for a window size: the hero takes about 40 % of the height; posters are 2:3.
struct TVMetrics: Equatable {
    var compact: Bool
    var heroHeight: Double
    var posterHeight: Double
    var posterWidth: Double { (posterHeight * 2 / 3).rounded() }
    var titleHeight: Double { compact ? 24 : 32 }
    /// Room around the posters inside the carousel, for the lift and its shadow.
    var posterPadding: Double { (posterHeight * 0.09).rounded() + 6 }
    var carouselHeight: Double { posterHeight + 2 * posterPadding }
    var rowHeight: Double { titleHeight + carouselHeight }
    var sideInset: Double { compact ? 16 : 40 }
    var posterSpacing: Double { compact ? 12 : 20 }
    var radius: Double { compact ? 8 : 12 }

    init(size: Size) {
        compact = size.height < 500 || size.width < 700
        heroHeight = (size.height * 0.4).rounded()
        let rowsArea = max(0, size.height - heroHeight)
        // About a row and a half show under the hero, so the next row is seen to be there.
        posterHeight = min(260, max(72, (rowsArea / 1.55 - (compact ? 24 : 32)) / 1.18)).rounded()
    }
}

/// One poster: its row and its place in the row.
struct TVPosterKey: Hashable {
    var row: Int
    var poster: Int
}

/// What the scene's views share: metrics, each row's focus group, the focused poster and the lifts.
@MainActor
final class TVState {
    weak var scene: TVScene?
    var metrics = TVMetrics(size: Size(width: 1280, height: 720))
    /// Each row's focus group: its memory outlives the row's cell (cells are reused as the rows scroll).
    let groups = (0..<TVScene.rowCount).map { _ in FocusGroup(kind: .row) }
    /// Each row's carousel offset while its cell is reused for another row.
    var savedOffsets: [Int: Double] = [:]
    var focused: TVPosterKey?
    /// The poster the hero shows (the focused one, or the last focused).
    var hero = TVPosterKey(row: 0, poster: 0)
    var activated: (Int, Int)?
    var openedTitle: String?
    /// The lifts under way and the value each poster shows (0 down … 1 lifted).
    var lifts: [TVPosterKey: Animated<TimedSimulation>] = [:]
    var liftValues: [TVPosterKey: Double] = [:]

    func lift(_ key: TVPosterKey) -> Double { liftValues[key] ?? 0 }

    /// Starts `key`'s lift from where it shows now to `target` (the reduced-motion policy jumps).
    func animateLift(_ key: TVPosterKey, to target: Double, duration: Double) {
        let from = lift(key)
        let sim = TimedSimulation(from: from, to: target, duration: duration, curve: .easeOutCubic)
        lifts[key] = Animated(sim, rest: target, pacing: ViewNode.motionPolicy.pacing(for: .travel))
    }

    /// Samples every lift at the frame's target time; finished ones leave (a dropped poster's value goes).
    func sampleLifts(_ tick: FrameTick) {
        guard !lifts.isEmpty else { return }
        for key in Array(lifts.keys) {
            guard var lift = lifts[key] else { continue }
            let value = lift.sample(tick)
            liftValues[key] = value
            if lift.needsFrames {
                lifts[key] = lift
            } else {
                lifts[key] = nil
                if value <= 0 { liftValues[key] = nil }
            }
            scene?.list.setNeedsDisplay()
        }
    }
}

/// The rows: one height, each a ``TVRowCell``.
@MainActor
final class TVRowSource: ListDataSource {
    let state: TVState
    var rowHeight = TVMetrics(size: Size(width: 1280, height: 720)).rowHeight

    init(state: TVState) { self.state = state }

    var numberOfItems: Int { TVScene.rowCount }
    var fixedItemSize: Double? { rowHeight }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(TVRowCell.self, for: index)
        cell.show(row: index, state: state)
        return cell
    }
}

/// One row: a title over a horizontal carousel of posters, whose focus group is the row's.
@MainActor
final class TVRowCell: ListCell {
    let carousel: ListView
    let posters = TVPosterSource()
    private(set) var row = -1
    private weak var state: TVState?

    required init() {
        carousel = ListView(frame: .zero, axis: .horizontal, dataSource: posters)
        super.init()
        carousel.backgroundColor = nil
        carousel.itemsAreFocusable = true
        carousel.scrollView.indicatorVisibility = .hidden   // a TV has no pointer: focus shows where you are
        addSubview(carousel)
        carousel.onSelectItem = { [unowned self] poster in
            guard self.row >= 0 else { return }
            self.state?.scene?.opened(row: self.row, poster: poster)
        }
    }

    /// Shows row `index`: its posters, its focus group, and the carousel where the user left it.
    func show(row index: Int, state: TVState) {
        self.state = state
        row = index
        posters.row = index
        posters.state = state
        carousel.focusGroup = state.groups[index]
        carousel.accessibilityLabel = TVArt.rowTitles[index % TVArt.rowTitles.count]
        layoutCarousel()
        carousel.reloadData()
        carousel.scrollView.contentOffset = Point(x: state.savedOffsets[index] ?? carousel.scrollView.minContentOffset.x, y: 0)
    }

    override func prepareForReuse() {
        carousel.scrollView.stopMotion()
        if let state, row >= 0 { state.savedOffsets[row] = carousel.scrollView.contentOffset.x }
        row = -1
    }

    override func layoutSubviews() { layoutCarousel() }

    private func layoutCarousel() {
        guard let m = state?.metrics else { return }
        let f = Rect(x: 0, y: m.titleHeight, width: frame.width, height: m.carouselHeight)
        if carousel.frame != f { carousel.frame = f }
        let insets = Insets(top: m.posterPadding, left: m.sideInset, bottom: m.posterPadding, right: m.sideInset)
        if carousel.insets != insets { carousel.insets = insets }
        if carousel.itemSpacing != m.posterSpacing { carousel.itemSpacing = m.posterSpacing }
        posters.metrics = m
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard row >= 0, let m = state?.metrics else { return }
        let title = TVArt.rowTitles[row % TVArt.rowTitles.count]
        canvas.drawText(title, in: Rect(x: frame.minX + m.sideInset, y: frame.minY + 4,
                                        width: max(0, frame.width - 2 * m.sideInset), height: m.titleHeight - 4),
                        style: TextStyle(size: m.compact ? 14 : 19, weight: .bold, color: TVLook.label, maximumScale: TextScale.controlMaximum),
                        alignment: resolvedAlignment(.leading))
    }
}
