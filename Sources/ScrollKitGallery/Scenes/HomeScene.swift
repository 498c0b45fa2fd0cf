// HomeScene: a TV-style home screen of shelves, each a horizontal carousel of cards; HomeMetrics, HomeState,
// HomeStyle, HomeHeader, ShelfSource, ShelfCell, CardSource and HomeCardCell.

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
    /// A TV-style home screen: a titled vertical list of `--items` shelves (default 20, at most 10^6),
    /// each a horizontal carousel of 30 cards that snaps to cards. Composition in one screen: nested
    /// scroll views, directional lock, focus with a ring, Return to open a card.
    static let home = SceneEntry(name: "home") { context throws(CLIError) in
        let options = context.options
        let shelves = options.itemsGiven ? options.items : HomeScene.defaultShelfCount
        guard shelves >= 0, shelves <= HomeScene.maxShelfCount else {
            throw CLIError("--items must be a whole number from 0 to \(HomeScene.maxShelfCount) for the home scene (got \"\(shelves)\")")
        }
        return HomeScene(context: context, shelves: shelves)
    }
}

/// The home scene: a header over a vertical ``ListView`` of shelves; each shelf cell holds a horizontal
/// ``ListView`` (a carousel of cards, `itemsAreFocusable`, snapping to cards). The scene is a view tree
/// driven through its root: the tree's router decides which list a drag moves, focus moves with the
/// arrows, Tab and Shift-Tab, and Return (or a tap) opens a card: it pulses and a toast names it.
///
/// Trace: the main scroll view is the vertical list (items = shelves); `innerIndex`, `innerOffsetX` and
/// `innerVelocityX` follow the carousel that moved last; `focusRow`/`focusItem` the focused card;
/// `activatedRow`/`activatedItem` the card opened last.
@MainActor
final class HomeScene: ListBackedScene {
    static let defaultShelfCount = 20
    static let maxShelfCount = 1_000_000
    static let cardsPerShelf = 30
    /// How long an opened card pulses and its toast shows, seconds.
    static let pulseDuration = 0.3
    static let toastDuration = 1.6

    let root = ViewNode()
    let header = HomeHeader()
    let list: ListView
    let shelves: ShelfSource
    let state: HomeState
    private(set) var size: Size
    private var quit = false

    init(context: SceneContext, shelves count: Int) {
        size = context.size
        state = HomeState()
        shelves = ShelfSource(count: count, state: state)
        list = ListView(frame: .zero, dataSource: shelves)
        list.backgroundColor = HomeStyle.background
        list.scrollView.indicatorStyle = HomeStyle.indicator
        list.insets = Insets(top: 4, left: 0, bottom: 16, right: 0)
        root.addSubview(list)
        root.addSubview(header)
        state.scene = self
        layout()
    }

    /// Lays the header and the list out for the size; the metrics follow the list's height.
    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        let compact = height < 380 || width < 560
        let headerHeight = compact ? 34.0 : 58.0
        header.compact = compact
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        header.frame = Rect(x: 0, y: 0, width: width, height: min(headerHeight, height))
        list.frame = Rect(x: 0, y: header.frame.maxY, width: width, height: max(0, height - header.frame.maxY))
        let metrics = HomeMetrics(compact: compact)
        if metrics != state.metrics {
            state.metrics = metrics
            shelves.shelfHeight = metrics.shelfHeight
            list.reloadData()
        }
    }

    // MARK: Activation

    /// A card was opened (tap or Return): it pulses, the toast names it, the trace records it.
    func opened(shelf: Int, card: Int) {
        state.activated = (shelf, card)
        state.pulse = Animated(PulseSimulation(duration: Self.pulseDuration), rest: 0)
        state.toastFade = Animated(FadeEnvelope(duration: Self.toastDuration, fadeIn: 0.08, fadeOut: 0.3), rest: 0)
        let title = HomeStyle.cardTitle(shelf: shelf, card: card)
        state.toast = "Opened “\(title)” · \(HomeStyle.shelfTitles[shelf % HomeStyle.shelfTitles.count]), card \(card + 1)"
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if case .key(.escape, _, _) = event { quit = true; return }
        root.handle(event)
    }

    func update(_ tick: FrameTick) {
        // The pulse and the toast are `Animated`: each starts with the first frame after the card opened and
        // shows its value at the frame's target time.
        if var pulse = state.pulse {
            state.pulseAmount = pulse.sample(tick)
            state.pulse = pulse.needsFrames ? pulse : nil
        }
        if var fade = state.toastFade {
            state.toastOpacity = fade.sample(tick)
            state.toastFade = fade.needsFrames ? fade : nil
        }
        root.step(tick)
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        root.draw(in: canvas)
        drawToast(in: canvas)
    }

    private func drawToast(in canvas: DrawingCanvas) {
        let fade = state.toastOpacity
        guard let toast = state.toast, fade > 0 else { return }
        let style = TextStyle(size: state.metrics.compact ? 12 : 14, weight: .bold, color: RGBAColor.white.mixAlpha(255 * fade), maximumScale: TextScale.controlMaximum)
        let textWidth = canvas.measureText(toast, style: style).width
        let h = state.metrics.compact ? 28.0 : 36.0
        let w = min(size.width - 24, textWidth + 36)
        let rect = Rect(x: (size.width - w) / 2, y: size.height - h - (state.metrics.compact ? 10 : 22), width: w, height: h)
        canvas.fillRoundedRect(rect, radius: h / 2, color: RGBAColor(hex: 0x2C2F38).mixAlpha(235 * fade))
        canvas.drawText(toast, in: rect, style: style, alignment: .center)
    }

    var needsFrames: Bool {
        root.isAnimating || state.pulse != nil || state.toastFade != nil
    }
    var wantsQuit: Bool { quit }


    // MARK: DemoScene

    var traceSample: TraceSample {
        var sample = TraceSample(list: list)
        if state.innerShelf >= 0 {
            sample.innerIndex = state.innerShelf
            if let cell = state.innerCell, cell.shelf == state.innerShelf {
                sample.innerOffsetX = cell.carousel.scrollView.contentOffset.x
                sample.innerVelocityX = cell.carousel.scrollView.velocity.x
            } else {
                sample.innerOffsetX = state.savedOffsets[state.innerShelf] ?? 0
                sample.innerVelocityX = 0
            }
        }
        if let carousel = root.focusedView as? ListView, let item = carousel.focusedItem,
           let cell = carousel.superview as? ShelfCell, cell.shelf >= 0 {
            sample.focusRow = cell.shelf
            sample.focusItem = item
        }
        if let (row, item) = state.activated {
            sample.activatedRow = row
            sample.activatedItem = item
        }
        return sample
    }

    var mainList: ListView { list }

    func coversOpaquely(_ size: Size) -> Bool { true }
}

/// Sizes of the home screen, for the regular and the compact (480x320) layout.
struct HomeMetrics: Equatable {
    var compact: Bool
    var cardHeight: Double { compact ? 74 : 118 }
    var cardWidth: Double { (cardHeight * 16 / 9).rounded() }
    var titleHeight: Double { compact ? 24 : 34 }
    /// Room above and below the cards inside the carousel, for the focus ring and the pulse.
    var cardPadding: Double { compact ? 8 : 12 }
    var carouselHeight: Double { cardHeight + 2 * cardPadding }
    var shelfHeight: Double { titleHeight + carouselHeight + (compact ? 2 : 8) }
    var sideInset: Double { compact ? 14 : 24 }
    var cardSpacing: Double { compact ? 10 : 16 }
    var cardRadius: Double { compact ? 10 : 14 }
}

/// What the scene's cells share: metrics, carousel offsets of shelves off screen, the carousel that
/// moved last, the card opened last with its pulse, and the toast.
@MainActor
final class HomeState {
    weak var scene: HomeScene?
    var metrics = HomeMetrics(compact: false)
    /// Carousel offsets of shelves whose cells were reused (only non-zero ones are kept).
    var savedOffsets: [Int: Double] = [:]
    var innerShelf = -1
    weak var innerCell: ShelfCell?
    var activated: (Int, Int)?
    /// The opened card's pulse and the toast's fade, while they run, and the values the frame shows.
    var pulse: Animated<PulseSimulation>?
    var toastFade: Animated<FadeEnvelope>?
    var pulseAmount = 0.0
    var toastOpacity = 0.0
    var toast: String?
}

enum HomeStyle {
    static let background = RGBAColor(hex: 0x0E1014)
    /// The scroll indicators: light on the dark background.
    static let indicator = ScrollIndicatorStyle(color: RGBAColor(r: 255, g: 255, b: 255, a: 120))
    static let title = RGBAColor(hex: 0xF2F3F5)
    static let secondary = RGBAColor(hex: 0x8D93A0)
    static let ring = RGBAColor.white

    static let shelfTitles = [
        "Continue watching", "Top picks for you", "New this week", "Because you liked Fjord", "Nature",
        "Road trip playlists", "Podcasts", "Nearby", "Documentaries", "Recently added", "Trending now",
        "Kids", "Award winners", "Live radio", "Short films", "Comedy", "Classics", "Cooking",
        "Science", "Sports",
    ]
    static let cardTitles = [
        "Lagoon", "Harbor", "Glacier", "Tide", "Meadow", "Canopy", "Saffron", "Ember", "Coral", "Orchid",
        "Bloom", "Sky", "Fjord", "Dune", "Nebula", "Cinder", "Cove", "Fern", "Sunset", "Aurora",
        "Atlas", "Basalt", "Cirrus", "Delta", "Estuary", "Flint", "Grove", "Haze", "Isle", "Juniper",
    ]
    /// The title of card `card` of shelf `shelf` (the titles rotate from shelf to shelf).
    static func cardTitle(shelf: Int, card: Int) -> String {
        cardTitles[(shelf % cardTitles.count * 11 + card) % cardTitles.count]
    }
    static let cardNumbers = (1...30).map { $0 < 10 ? "0\($0)" : "\($0)" }
    static let palette: [(UInt32, UInt32)] = [
        (0x5E5CE6, 0x2F2D8F), (0x0A84FF, 0x004A9E), (0x32ADE6, 0x0B6A9E), (0x30B0C7, 0x0A6575),
        (0x34C759, 0x1B7A36), (0x7CB342, 0x46761A), (0xF6A609, 0xB05E00), (0xFF7A45, 0xC23A17),
        (0xFF5A6E, 0xA8173C), (0xBF5AF2, 0x722BA6), (0xE0569F, 0x951A5C), (0x4FA8F5, 0x2462B8),
        (0x26A69A, 0x0C5F55), (0xE3A33D, 0x9A5D15), (0x7E57C2, 0x42288A), (0xEF5350, 0xA32020),
    ]
}

/// The header: the screen's title and how to use it.
@MainActor
final class HomeHeader: ViewNode {
    var compact = false

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: HomeStyle.background)
        let inset = compact ? 14.0 : 24.0
        let titleStyle = TextStyle(size: compact ? 17 : 26, weight: .bold, color: HomeStyle.title, maximumScale: TextScale.controlMaximum)
        // The title leads, the hint trails: swapped right to left.
        let rtl = isRightToLeft
        canvas.drawText("Home", in: Rect(x: rtl ? frame.midX - inset : frame.minX + inset, y: frame.minY,
                                         width: frame.width / 2, height: frame.height),
                        style: titleStyle, alignment: resolvedAlignment(.leading))
        let hint = frame.width >= 700 ? "← ↑ → ↓ focus · Return opens · drag, wheel, Shift-wheel"
            : (frame.width >= 420 ? "Arrows focus · Return opens" : "")
        guard !hint.isEmpty else { return }
        canvas.drawText(hint, in: Rect(x: rtl ? frame.minX + inset : frame.midX - inset, y: frame.minY,
                                       width: frame.width / 2, height: frame.height),
                        style: TextStyle(size: compact ? 11 : 13, color: HomeStyle.secondary, maximumScale: TextScale.controlMaximum), alignment: resolvedAlignment(.trailing))
    }

    override var isOpaque: Bool { true }
}

/// The shelves: `count` items of one height, each a ``ShelfCell``.
@MainActor
final class ShelfSource: ListDataSource {
    let count: Int
    let state: HomeState
    var shelfHeight = HomeMetrics(compact: false).shelfHeight

    init(count: Int, state: HomeState) {
        self.count = count
        self.state = state
    }

    var numberOfItems: Int { count }
    var fixedItemSize: Double? { shelfHeight }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ShelfCell.self, for: index)
        cell.show(shelf: index, state: state)
        return cell
    }
}

/// One shelf: a title over a horizontal carousel of cards (its own ``ListView``, a subview of the cell).
@MainActor
final class ShelfCell: ListCell {
    let carousel: ListView
    let cards = CardSource()
    private(set) var shelf = -1
    private weak var state: HomeState?
    private var restoring = false

    required init() {
        carousel = ListView(frame: .zero, axis: .horizontal, dataSource: cards)
        super.init()
        carousel.backgroundColor = nil
        carousel.scrollView.indicatorStyle = HomeStyle.indicator
        carousel.itemsAreFocusable = true
        carousel.snapBehavior = .items(snapRatio: 0.3)
        addSubview(carousel)
        carousel.onSelectItem = { [unowned self] card in
            guard self.shelf >= 0 else { return }
            self.state?.scene?.opened(shelf: self.shelf, card: card)
        }
        carousel.scrollView.onDidScroll = { [unowned self] _ in
            guard !self.restoring, self.shelf >= 0, let state = self.state else { return }
            state.innerShelf = self.shelf
            state.innerCell = self
        }
    }

    /// Shows shelf `index`: its cards, and the carousel where the user left it.
    func show(shelf index: Int, state: HomeState) {
        self.state = state
        shelf = index
        cards.shelf = index
        cards.state = state
        cards.metrics = state.metrics
        layoutCarousel()
        carousel.reloadData()
        restoring = true
        carousel.scrollView.contentOffset = Point(x: state.savedOffsets[index] ?? carousel.scrollView.minContentOffset.x, y: 0)
        restoring = false
    }

    override func prepareForReuse() {
        carousel.scrollView.stopMotion()
        if let state, shelf >= 0 {
            let x = carousel.scrollView.contentOffset.x
            if x != carousel.scrollView.minContentOffset.x {
                state.savedOffsets[shelf] = x
            } else if state.savedOffsets[shelf] != nil {
                state.savedOffsets[shelf] = nil
            }
        }
        shelf = -1
    }

    override func layoutSubviews() { layoutCarousel() }

    private func layoutCarousel() {
        guard let m = state?.metrics else { return }
        let f = Rect(x: 0, y: m.titleHeight, width: frame.width, height: m.carouselHeight)
        if carousel.frame != f { carousel.frame = f }
        let insets = Insets(top: m.cardPadding, left: m.sideInset, bottom: m.cardPadding, right: m.sideInset)
        if carousel.insets != insets { carousel.insets = insets }
        if carousel.itemSpacing != m.cardSpacing { carousel.itemSpacing = m.cardSpacing }
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard shelf >= 0, let m = state?.metrics else { return }
        let title = HomeStyle.shelfTitles[shelf % HomeStyle.shelfTitles.count]
        canvas.drawText(title, in: Rect(x: frame.minX + m.sideInset, y: frame.minY + (m.compact ? 4 : 8),
                                        width: max(0, frame.width - 2 * m.sideInset), height: m.titleHeight - (m.compact ? 4 : 8)),
                        style: TextStyle(size: m.compact ? 13 : 17, weight: .bold, color: HomeStyle.title, maximumScale: TextScale.controlMaximum),
                        alignment: resolvedAlignment(.leading))
    }
}

/// A shelf's cards: 30 of one width.
@MainActor
final class CardSource: ListDataSource {
    var shelf = 0
    weak var state: HomeState?
    var metrics = HomeMetrics(compact: false)

    var numberOfItems: Int { HomeScene.cardsPerShelf }
    var fixedItemSize: Double? { metrics.cardWidth }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(HomeCardCell.self, for: index)
        let colours = HomeStyle.palette[(shelf * 7 + index * 3) % HomeStyle.palette.count]
        cell.top = RGBAColor(hex: colours.0)
        cell.bottom = RGBAColor(hex: colours.1)
        cell.title = HomeStyle.cardTitle(shelf: shelf, card: index)
        cell.number = HomeStyle.cardNumbers[index]
        cell.shelf = shelf
        cell.radius = metrics.cardRadius
        cell.compact = metrics.compact
        return cell
    }
}

/// A card: a two-tone rounded tile with a soft circle, its number and title. Focused: a white ring and a
/// slight lift; pressed: darkened; opened: a short pulse.
@MainActor
final class HomeCardCell: ListCell {
    var top = RGBAColor.white
    var bottom = RGBAColor.black
    var title = ""
    var number = ""
    var shelf = 0
    var radius = 14.0
    var compact = false

    override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {}   // drawn in draw(in:frame:)

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        var scale = isFocused ? 1.05 : 1
        if let pulse = pulseAmount() { scale += 0.06 * pulse }
        let w = frame.width * scale, h = frame.height * scale
        let rect = Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
        let r = radius * scale
        if isFocused {
            canvas.fillRoundedRect(rect.insetBy(dx: -3, dy: -3), radius: r + 3, color: HomeStyle.ring)
        }
        canvas.fillRoundedRect(rect, radius: r, color: top)
        let band = rect.height * 0.38
        canvas.fillRoundedRect(Rect(x: rect.minX, y: rect.maxY - band, width: rect.width, height: band), radius: r, color: bottom)
        canvas.fill(Rect(x: rect.minX, y: rect.maxY - band, width: rect.width, height: min(r, band / 2)), color: bottom)
        // The number and title lead, the circle trails: mirrored right to left.
        let rtl = isRightToLeft, leading = resolvedAlignment(.leading)
        canvas.fillCircle(center: Point(x: rtl ? rect.minX + rect.height * 0.34 : rect.maxX - rect.height * 0.34,
                                        y: rect.minY + rect.height * 0.34),
                          radius: rect.height * 0.25, color: RGBAColor.white.mixAlpha(30))
        let inset = compact ? 9.0 : 14.0
        canvas.drawText(number, in: Rect(x: rect.minX + inset, y: rect.minY + (compact ? 4 : 8), width: rect.width - 2 * inset, height: compact ? 22 : 30),
                        style: TextStyle(size: compact ? 16 : 24, weight: .bold, color: RGBAColor.white.mixAlpha(210), maximumScale: TextScale.controlMaximum), alignment: leading)
        canvas.drawText(title, in: Rect(x: rect.minX + inset, y: rect.maxY - band, width: rect.width - 2 * inset, height: band),
                        style: TextStyle(size: compact ? 13 : 17, weight: .bold, color: .white, maximumScale: TextScale.controlMaximum), alignment: leading)
        if isHighlighted {
            canvas.fillRoundedRect(rect, radius: r, color: RGBAColor.black.mixAlpha(70))
        }
    }

    /// 0…1…0 over the pulse after this card was opened; nil when it is not pulsing.
    private func pulseAmount() -> Double? {
        guard let state = (listView?.dataSource as? CardSource)?.state,
              let (row, item) = state.activated, row == shelf, item == index else { return nil }
        return state.pulseAmount > 0 ? state.pulseAmount : nil
    }
}

