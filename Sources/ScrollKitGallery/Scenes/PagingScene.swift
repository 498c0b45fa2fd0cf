// PagingScene: a horizontal carousel of 20 full-width cards with paging and page dots; PageSource, CardCell and
// PageKnob (the card's round button that turns the page).

import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// A horizontal carousel of 20 full-width cards with true paging: one page per gesture
    /// (`--snap-ratio`, default 0.1).
    static let paging = SceneEntry(name: "paging") { context throws(CLIError) in
        PagingScene(context: context)
    }
}

/// The paging scene: a horizontal carousel of 20 cards, each a page as wide as the
/// viewport, with `SnapBehavior.paging(snapRatio:)` (`--snap-ratio`, default 0.1): a gesture moves
/// at most one page, a hard fling exactly one. Page dots under the carousel follow the offset live.
/// Left/Right (and the wheel) step one page; Home/End go to the first and last page. Tab reaches each card's
/// round button (Return or Space turns the page; ← → then move focus page by page).
@MainActor
final class PagingScene: DemoScene {
    /// Number of cards.
    static let pageCount = 20
    /// Height of the page-dots footer, points.
    static let footerHeight = 64.0

    /// The carousel (the scene's main scroll view is `listView.scrollView`).
    let listView: ListView
    let pages: PageSource
    /// The paging rule in force.
    let snapBehavior: SnapBehavior
    private(set) var size: Size
    private var quit = false

    init(context: SceneContext) {
        size = context.size
        pages = PageSource(count: Self.pageCount)
        listView = ListView(frame: .zero, axis: .horizontal, dataSource: pages)
        listView.backgroundColor = SceneStyle.background
        listView.scrollView.indicatorVisibility = .hidden   // the page dots say where it is
        snapBehavior = .paging(snapRatio: context.options.snapRatio ?? 0.1)
        listView.snapBehavior = snapBehavior
        pages.onKnob = { [unowned self] page in self.turnPage(from: page) }
        layout()
    }

    /// Duration of the animated page turn after a tap on a card's round button, seconds.
    static let knobTurnDuration = 0.45

    /// A tap on a card's round button (a pressable view of the card, ``CardCell/knob``) turns to the next
    /// page (from the last: back to the first).
    private func turnPage(from page: Int) {
        let target = page + 1 < Self.pageCount ? page + 1 : 0
        listView.scrollToItem(target, position: .start, duration: Self.knobTurnDuration, curve: .easeInOut)
        // Turned from the keyboard: the focus follows to the new page's button once the turn ends.
        if listView.focusedView is PageKnob { knobToFocus = target }
    }

    /// The page whose round button takes focus when the turn under way ends (a turn by Return or Space).
    private var knobToFocus: Int?

    /// The page shown (the nearest page to the offset), 0-based.
    var currentPage: Int {
        let width = listView.frame.width
        guard width > 0 else { return 0 }
        let page = (listView.scrollView.contentOffset.x / width).rounded()
        return page.isFinite ? min(max(Int(page), 0), Self.pageCount - 1) : 0
    }

    /// Lays the carousel out over the size, pages as wide as it, keeping the page shown.
    private func layout() {
        let page = currentPage
        let width = max(0, size.width)
        let height = max(0, size.height - Self.footerHeight)
        pages.pageWidth = max(1, width)
        listView.frame = Rect(x: 0, y: 0, width: width, height: height)
        listView.reloadData()
        if listView.isAnimating || listView.scrollView.phase != .idle { listView.scrollView.stopMotion() }
        listView.scrollView.setContentOffset(Point(x: Double(page) * width, y: 0), animated: false)
    }

    // MARK: HostClient

    func themeDidChange() { listView.backgroundColor = SceneStyle.background }

    var accessibilityRoot: ViewNode? { listView.rootView }

    func hostDidResize(to size: Size) {
        guard size != self.size || listView.frame.width != max(0, size.width) else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if case .key(.escape, _, _) = event { quit = true; return }
        // ← → with nothing focused start from the page shown: its round button takes focus and the move turns
        // the page (the focus goes on to the next page's button).
        if case .key(let key, _, _) = event, key == .left || key == .right, listView.focusedView == nil {
            _ = (listView.cell(at: currentPage) as? CardCell)?.knob.becomeFocused()
        }
        listView.handle(event)
    }

    /// Whether the shown card's round button is drawn pressed (the tree highlights it while held).
    var knobPressed: Bool {
        listView.visibleCells.contains { ($0 as? CardCell)?.knob.isHighlighted == true }
    }

    func update(_ tick: FrameTick) {
        listView.step(tick)
        if let page = knobToFocus, !listView.isAnimating {
            knobToFocus = nil
            _ = (listView.cell(at: page) as? CardCell)?.knob.becomeFocused()
        }
    }

    func draw(in canvas: DrawingCanvas) {
        let width = max(0, size.width), height = max(0, size.height)
        guard width > 0, height > 0 else { return }
        listView.draw(in: canvas)
        let footer = Rect(x: 0, y: listView.frame.maxY, width: width, height: max(0, height - listView.frame.maxY))
        canvas.fill(footer, color: SceneStyle.background)
        drawDots(in: footer, canvas: canvas)
    }

    var needsFrames: Bool { listView.isAnimating || knobToFocus != nil }
    var wantsQuit: Bool { quit }

    /// The footer line of each page, formatted once: formatting it when the page changes would
    /// allocate in that frame.
    private let footerTexts = (0..<PagingScene.pageCount).map {
        "Page \($0 + 1) of \(PagingScene.pageCount)  ·  drag, fling, ← → or the wheel"
    }

    /// Page dots: the current page a wider accent pill, morphing with the offset between pages.
    private func drawDots(in footer: Rect, canvas: any DrawingCanvas) {
        guard footer.height >= 16 else { return }
        let n = Self.pageCount
        let width = listView.frame.width
        let position = width > 0 ? listView.scrollView.contentOffset.x / width : 0
        let dot = 8.0, gap = 8.0, stretch = 16.0
        // No arrays: a dot's weight is a pure function of the position, computed in both passes.
        func weight(_ i: Int) -> Double {
            position.isFinite ? max(0, 1 - abs(position - Double(i))) : (i == 0 ? 1 : 0)
        }
        var widthSum = 0.0
        for i in 0..<n { widthSum += dot + stretch * weight(i) }
        let total = widthSum + gap * Double(n - 1)
        var x = footer.midX - total / 2
        let y = footer.minY + 14
        let rtl = listView.isRightToLeft   // the first page's dot on the right, as the pages run
        for i in 0..<n {
            let w = weight(i), width = dot + stretch * w
            let color = RGBAColor(hex: 0xC7C7CC).mixed(with: SceneStyle.accent, w)
            canvas.fillRoundedRect(Rect(x: rtl ? 2 * footer.midX - x - width : x, y: y, width: width, height: dot),
                                   radius: dot / 2, color: color)
            x += width + gap
        }
        if footer.height >= 44 {
            let page = currentPage
            let footerText = footerTexts.indices.contains(page) ? footerTexts[page] : ""
            canvas.drawText(footerText,
                            in: Rect(x: footer.minX, y: y + dot + 8, width: footer.width, height: 20),
                            style: TextStyle(size: 12, color: SceneStyle.tertiaryInk, maximumScale: TextScale.controlMaximum), alignment: .center)
        }
    }

    // MARK: DemoScene

    var traceSample: TraceSample { TraceSample(list: listView) }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        listView.scrollView.setContentOffset(offset, duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        listView.scrollView.scrollToEnd(duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        listView.scrollToItem(index, position: position, duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }
}

/// The carousel's pages: `count` items as wide as `pageWidth`, each drawn as a `CardCell`.
@MainActor
final class PageSource: ListDataSource {
    let count: Int
    /// The page width (the viewport's), points; the scene sets it and reloads on resize.
    var pageWidth = 1.0

    init(count: Int) { self.count = count }

    var numberOfItems: Int { count }
    var fixedItemSize: Double? { pageWidth }
    /// Called with the page whose round button was tapped.
    var onKnob: (@MainActor (Int) -> Void)?

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(CardCell.self, for: index)
        if cell.knob.onActivate == nil {
            cell.knob.onActivate = { [unowned self, unowned cell] _ in self.onKnob?(cell.index) }
        }
        cell.card = CardCell.Card.all[index % CardCell.Card.all.count]
        cell.pageNumber = index + 1
        cell.pageCount = count
        return cell
    }
}

/// One page of the carousel: a rounded card with a vertical gradient, soft circles, a big number,
/// a title and a line of text, drawn inset in its page.
@MainActor
final class CardCell: ListCell {
    /// What a card shows: its title, text and gradient colours.
    struct Card {
        var title: String
        var text: String
        var top: RGBAColor
        var bottom: RGBAColor

        static let all: [Card] = {
            let titles = ["Lagoon", "Harbor", "Glacier", "Tide", "Meadow", "Canopy", "Saffron", "Ember", "Coral",
                          "Orchid", "Bloom", "Sky", "Fjord", "Dune", "Nebula", "Cinder", "Cove", "Fern", "Sunset", "Aurora"]
            let texts = [
                "One page per gesture, however hard you fling.",
                "Drag a tenth of a page and let go: the page turns.",
                "Less than that, and it settles back where it began.",
                "Every page lands exactly on its edge. No overshoot.",
                "← and → step a page; so does the mouse wheel.",
            ]
            let colors: [(UInt32, UInt32)] = [
                (0x5E5CE6, 0x3A38B0), (0x0A84FF, 0x0058C4), (0x32ADE6, 0x0B74AE), (0x30B0C7, 0x0A7585),
                (0x34C759, 0x1F8A3B), (0x7CB342, 0x4B7F1B), (0xF6A609, 0xC46A00), (0xFF7A45, 0xD1431F),
                (0xFF5A6E, 0xC11F45), (0xBF5AF2, 0x8233B8), (0xE0569F, 0xA82069), (0x4FA8F5, 0x2A6FC9),
                (0x26A69A, 0x0E6E63), (0xE3A33D, 0xAD6A1A), (0x7E57C2, 0x4A2D96), (0xEF5350, 0xB52626),
                (0x29B6F6, 0x0A7BC0), (0x5CB85F, 0x2E7D32), (0xFF8F3F, 0xD9531B), (0xAB47BC, 0x6F2590),
            ]
            return titles.indices.map { i in
                Card(title: titles[i], text: texts[i % texts.count],
                     top: RGBAColor(hex: colors[i].0), bottom: RGBAColor(hex: colors[i].1))
            }
        }()
    }

    var card = Card.all[0]
    var pageNumber = 1
    var pageCount = 1
    /// The round next-page button: a pressable subview, circular (``PageKnob``).
    let knob = PageKnob()

    required init() {
        super.init()
        addSubview(knob)
    }

    /// Places the button on the card for the page's size (hidden when the card is too small for it).
    override func layoutSubviews() {
        if let k = Self.knob(inPage: Rect(origin: .zero, size: frame.size)) {
            knob.isHidden = false
            knob.frame = Rect(x: k.center.x - k.radius, y: k.center.y - k.radius, width: 2 * k.radius, height: 2 * k.radius)
        } else {
            knob.isHidden = true
        }
    }

    /// Margin between the page's edges and the card, points.
    static let margin = Insets(top: 24, left: 28, bottom: 8, right: 28)
    static let radius = 22.0

    override func draw(in canvas: any DrawingCanvas, frame page: Rect) {
        guard let rect = Self.cardRect(inPage: page) else { return }
        let r = min(Self.radius, rect.height / 4, rect.width / 4)
        // A soft shadow: layers spreading outward and downward, each faint, like a blur. The card
        // then covers its inside opaquely, so the layers are drawn only where they can show: beside
        // and below the card, and in its four rounded corners (the same pixels, a twentieth of the
        // blending). Layer i reaches 0.5·i pt left and right and 1.25·i pt below (i ≤ 8).
        let e = r + 2   // a corner square: the rounding, plus pixel rounding
        func shadow(in region: Rect) {
            guard region.height > 0, region.width > 0 else { return }
            canvas.pushClip(region)
            for i in stride(from: 8, through: 1, by: -1) {
                let d = Double(i)
                canvas.fillRoundedRect(Rect(x: rect.minX - d * 0.5, y: rect.minY + d * 0.75, width: rect.width + d, height: rect.height + d * 0.5),
                                       radius: r + d * 0.5, color: RGBAColor.black.mixAlpha(5))
            }
            canvas.popClip()
        }
        shadow(in: Rect(x: rect.minX - 6, y: rect.minY, width: 6, height: rect.height))                  // left
        shadow(in: Rect(x: rect.maxX, y: rect.minY, width: 6, height: rect.height))                      // right
        shadow(in: Rect(x: rect.minX - 6, y: rect.maxY, width: rect.width + 12, height: 12))             // below
        shadow(in: Rect(x: rect.minX, y: rect.minY, width: e, height: e))                                // corners
        shadow(in: Rect(x: rect.maxX - e, y: rect.minY, width: e, height: e))
        shadow(in: Rect(x: rect.minX, y: rect.maxY - e, width: e, height: e))
        shadow(in: Rect(x: rect.maxX - e, y: rect.maxY - e, width: e, height: e))
        drawGradient(in: rect, radius: r, canvas: canvas)

        canvas.pushClip(rect)
        // Soft circles bleeding off the straight edges (clear of the rounded corners).
        let big = min(rect.height * 0.30, rect.width * 0.3)
        canvas.fillCircle(center: Point(x: rect.maxX - big * 0.35, y: rect.minY + rect.height * 0.40), radius: big,
                          color: RGBAColor.white.mixAlpha(30))
        canvas.fillCircle(center: Point(x: rect.maxX - big * 0.95, y: rect.minY + rect.height * 0.40 + big * 0.55), radius: big * 0.45,
                          color: RGBAColor.white.mixAlpha(26))
        canvas.popClip()

        let left = rect.minX + 36, textWidth = max(0, rect.width - 72)
        let scale = min(1, rect.height / 420)
        // Page label (top), big number, title, text.
        shadowedText("PAGE \(pageNumber) OF \(pageCount)",
                     Rect(x: left, y: rect.minY + 26 * scale, width: textWidth, height: 20),
                     TextStyle(size: 12, weight: .bold, color: RGBAColor.white.mixAlpha(200), maximumScale: TextScale.controlMaximum), canvas)
        let numberSize = (132 * scale).rounded()
        shadowedText(pageNumber < 10 ? "0\(pageNumber)" : "\(pageNumber)",
                     Rect(x: left - 6 * scale, y: rect.minY + 48 * scale, width: textWidth, height: numberSize * 1.2),
                     TextStyle(size: numberSize, weight: .bold, color: .white, maximumScale: 1), canvas)
        let titleY = rect.maxY - 118 * scale
        shadowedText(card.title, Rect(x: left, y: titleY, width: textWidth, height: 44),
                     TextStyle(size: (34 * scale).rounded(), weight: .bold, color: .white, maximumScale: TextScale.controlMaximum), canvas)
        shadowedText(card.text, Rect(x: left, y: titleY + 46 * scale, width: textWidth - 70, height: 24),
                     TextStyle(size: 15, color: RGBAColor.white.mixAlpha(230), maximumScale: TextScale.controlMaximum), canvas)
        // A round "next" button at the bottom right (the last page's points back to the first).
        if let disc = Self.knob(inPage: page) {
            canvas.fillCircle(center: disc.center, radius: disc.radius, color: RGBAColor.white.mixAlpha(knob.isHighlighted ? 90 : 46))
            // It points the way the pages run: the next page is on the left, right to left.
            canvas.drawText((pageNumber < pageCount) != isRightToLeft ? "→" : "←",
                            in: Rect(x: disc.center.x - disc.radius, y: disc.center.y - disc.radius,
                                     width: 2 * disc.radius, height: 2 * disc.radius),
                            style: TextStyle(size: (disc.radius * 0.8).rounded(), weight: .bold, color: .white, maximumScale: 1), alignment: .center)
        }
    }


    /// The card inside a page rectangle (nil when the page is too small for one).
    static func cardRect(inPage page: Rect) -> Rect? {
        let m = margin
        let rect = Rect(x: page.minX + m.left, y: page.minY + m.top,
                        width: page.width - m.left - m.right, height: page.height - m.top - m.bottom)
        return rect.width > 40 && rect.height > 40 ? rect : nil
    }

    /// The round next-page button of the card in `page` (nil when the card is too small for it).
    static func knob(inPage page: Rect) -> (center: Point, radius: Double)? {
        guard let rect = cardRect(inPage: page) else { return nil }
        let scale = min(1, rect.height / 420)
        let radius = 26 * max(scale, 0.7)
        let center = Point(x: rect.maxX - 36 - radius, y: rect.maxY - 118 * scale + 34 * scale)
        return center.x - radius > rect.minX + 36 + 120 ? (center, radius) : nil
    }

    /// White text with a faint dark shadow one point below, so it reads on every colour.
    private func shadowedText(_ text: String, _ rect: Rect, _ style: TextStyle, _ canvas: any DrawingCanvas) {
        var shadow = style
        shadow.color = RGBAColor.black.mixAlpha(40)
        canvas.drawText(text, in: rect.offsetBy(dx: 0, dy: 1), style: shadow, alignment: .leading)
        canvas.drawText(text, in: rect, style: style, alignment: .leading)
    }

    /// A vertical gradient from `card.top` to `card.bottom` inside a rounded rectangle: the caps
    /// (the rounded corners' rows) in the end colours, 2-point strips in between.
    private func drawGradient(in rect: Rect, radius r: Double, canvas: any DrawingCanvas) {
        canvas.fillRoundedRect(rect, radius: r, color: card.top)
        canvas.fillRoundedRect(Rect(x: rect.minX, y: rect.maxY - 2 * r, width: rect.width, height: 2 * r), radius: r, color: card.bottom)
        let y0 = rect.minY + r, y1 = rect.maxY - r
        guard y1 > y0 else { return }
        let strip = 2.0
        var y = y0
        while y < y1 {
            let h = min(strip, y1 - y)
            let t = (y + h / 2 - y0) / (y1 - y0)
            canvas.fill(Rect(x: rect.minX, y: y, width: rect.width, height: h), color: card.top.mixed(with: card.bottom, t))
            y += strip
        }
    }
}

/// A card's round next-page button: a pressable view (the tree highlights it while held and activates it
/// on a tap; a drag that starts on it turns pages instead) whose press target is its circle. The card
/// draws it.
@MainActor
final class PageKnob: ViewNode {
    /// A push button to assistive technology; Tab reaches it (Return or Space turns the page).
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isFocusable = true
        accessibilityRole = .pushButton
        accessibilityLabel = "Next page"
    }

    /// A rounded ring around the round button.
    override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {
        let ring = effectiveTheme.focusRing
        let o = ring.outset + ring.width + 1
        ViewNode.strokeInsideFocusRing(frame.insetBy(dx: -o, dy: -o), in: canvas, color: ring.color, width: ring.width)
    }

    override func point(inside point: Point) -> Bool {
        let r = bounds.width / 2, dx = point.x - bounds.midX, dy = point.y - bounds.midY
        return dx * dx + dy * dy <= r * r
    }
}
