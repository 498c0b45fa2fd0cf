// ReaderScene: a long illustrated article in a self-sizing ListView, with ReaderHeader (reading progress) and
// ReaderContents, ReaderHeadingRows and ReaderHeadingCell (the contents panel that jumps to a heading).

import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL

extension SceneEntry {
    /// A long illustrated article in a self-sizing list: wrapped text, headings and images; it reflows on
    /// resize keeping the paragraph being read in place; "Contents" opens its headings and scrolls to one.
    static let reader = SceneEntry(name: "reader") { context throws(CLIError) in
        ReaderScene(context: context)
    }
}

/// The reader scene: a header ("Contents" button, reading progress) over a ``ListView`` of the article's
/// blocks (`Assets/Reader/valley.txt`: title, byline, headings, paragraphs, images with captions).
///
/// The list is self-sizing: each block is estimated at 130 points and laid out with ``TextLayout`` only as
/// it comes near the viewport (``ListDataSource/estimatedItemSize``); the layouts are cached per width and
/// shared by measuring and drawing. On a resize the blocks are measured again as they come into view while
/// the block at the top of the viewport keeps its place.
///
/// Trace: the main scroll view is the article's; `firstVisible`/`lastVisible` are block indices (the title,
/// byline, headings and images count as paragraphs); `activatedRow` is the block the contents list chose last.
@MainActor
final class ReaderScene: ListBackedScene {
    /// The timed scroll to a heading chosen in the contents.
    static let jumpDuration = 0.8

    let root = ViewNode()
    let header = ReaderHeader()
    let list: ListView
    let source: ReaderSource
    let contents: ReaderContents
    private(set) var size: Size
    private(set) var chosenBlock = -1
    private var quit = false

    init(context: SceneContext, blocks: [ReaderBlock] = ReaderArticle.load()) {
        ImageLibrary.shared.addSearchDirectory(BundledAssets.path(BundledAssets.imagesFolder))
        size = context.size
        source = ReaderSource(blocks: blocks)
        list = ListView(frame: .zero, dataSource: source)
        list.backgroundColor = ReaderStyle.background
        contents = ReaderContents(source: source)
        root.addSubview(list)
        root.addSubview(header)
        root.addSubview(contents)
        header.list = list
        header.button.action = { [weak self] _ in self?.toggleContents() }
        contents.onChoose = { [weak self] block in self?.jump(to: block) }
        contents.onDismiss = { [weak self] in self?.closeContents() }
        layout()
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        let headerHeight = min(height, ReaderStyle.isCompact(width: width) ? 44.0 : 54.0)
        header.frame = Rect(x: 0, y: 0, width: width, height: headerHeight)
        list.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
        contents.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
    }

    // MARK: Contents

    var contentsOpen: Bool { !contents.isHidden }

    func toggleContents() {
        if contentsOpen { closeContents() } else { openContents() }
    }

    func openContents() {
        contents.isHidden = false
        contents.open(highlighting: currentHeading)
    }

    func closeContents() {
        contents.isHidden = true
        root.focusedView?.resignFocus()
    }

    /// The last heading at or above the top of the viewport (the section being read), or nil before the first.
    var currentHeading: Int? {
        let top = list.visibleRange.lowerBound
        return source.headingIndices.last { $0 <= top }
    }

    /// Closes the contents and scrolls so that block `index` is at the top, with a timed scroll.
    func jump(to index: Int) {
        closeContents()
        chosenBlock = index
        list.scrollToItem(index, position: .start, duration: Self.jumpDuration, curve: .smoothstep)
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if case .text("c", _) = event { toggleContents(); return }
        root.handle(event)
    }

    func update(_ tick: FrameTick) {
        root.step(tick)
        header.section = currentHeading.map { source.headingTitle($0) } ?? ""
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.isAnimating }
    var wantsQuit: Bool { quit }

    /// Escape closes the contents first.
    func handleEscape() -> Bool {
        guard contentsOpen else { return false }
        closeContents()
        return true
    }

    // MARK: DemoScene

    var traceSample: TraceSample {
        var sample = TraceSample(list: list)
        sample.activatedRow = chosenBlock
        return sample
    }

    var mainList: ListView { list }

    func coversOpaquely(_ size: Size) -> Bool { true }

    /// Colours pinned on library views (the lists' backgrounds, the button's rust) are set again for the new
    /// theme; the contents' rows are configured again by their list.
    func themeDidChange() {
        list.backgroundColor = ReaderStyle.background
        contents.list.backgroundColor = ReaderStyle.card
        header.applyTheme()
    }
}

/// The reader's header: the "Contents" button, the section being read, and a reading-progress line.
final class ReaderHeader: ViewNode {
    let button = PushButton(title: "Contents", kind: .bordered)
    weak var list: ListView?
    /// The title of the section being read ("" before the first heading).
    var section = ""
    private var sectionLayout: TextLayout?

    override init(frame: Rect) {
        super.init(frame: frame)
        button.titleSize = 14
        button.isFocusable = true            // Tab reaches it; Return or Space opens the contents
        addSubview(button)
        applyTheme()
    }

    /// The button's rust is the reader's own (pinned): set again for the theme showing.
    func applyTheme() {
        let face = galleryColors.elevatedBackground   // a bordered button's face
        button.tint = ReaderStyle.accent(on: face)
        button.pressedTint = SceneStyle.readable(ReaderStyle.pressedRust, on: face)
    }

    convenience init() { self.init(frame: .zero) }

    override func layoutSubviews() {
        let compact = ReaderStyle.isCompact(width: frame.width)
        let w = compact ? 96.0 : 112.0, h = compact ? 30.0 : 34.0
        button.frame = Rect(x: frame.width - w - (compact ? 10 : 16), y: (frame.height - h) / 2 - 1, width: w, height: h)
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: ReaderStyle.bar)
        let compact = ReaderStyle.isCompact(width: frame.width)
        let inset = compact ? 12.0 : 20.0
        let available = button.frame.minX - inset - 12
        if available > 60 {
            let titleStyle = TextStyle(size: compact ? 16 : 19, weight: .bold, color: ReaderStyle.text, maximumScale: TextScale.controlMaximum)
            let titleWidth = canvas.measureText("Reader", style: titleStyle).width
            canvas.drawText("Reader", in: Rect(x: frame.minX + inset, y: frame.minY, width: available, height: frame.height - 2),
                            style: titleStyle, alignment: .leading)
            // The section being read, after the title when there is room.
            let sectionX = inset + titleWidth + 14
            let sectionWidth = button.frame.minX - 12 - sectionX
            if !section.isEmpty, sectionWidth > 80 {
                // One line, cut with an ellipsis; laid out again only when the section, the room or its colour changes.
                let color = ReaderStyle.secondary
                if sectionLayout?.text != section || sectionLayout?.width != sectionWidth || sectionLayout?.styles.first?.color != color {
                    sectionLayout = TextLayout(section, style: TextStyle(size: compact ? 13 : 15, color: color, maximumScale: TextScale.controlMaximum),
                                               width: sectionWidth, maxLines: 1, measurer: FontTextMeasurer.shared)
                }
                if let layout = sectionLayout {
                    canvas.drawTextLayout(layout, at: Point(x: frame.minX + sectionX, y: frame.minY + (frame.height - 2 - layout.size.height) / 2))
                }
            }
        }
        // The reading progress: a hairline, and the read part of it in the accent colour.
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: ReaderStyle.barHairline)
        if let scroll = list?.scrollView {
            let range = scroll.maxContentOffset.y - scroll.minContentOffset.y
            let progress = range > 0 ? min(1, max(0, (scroll.contentOffset.y - scroll.minContentOffset.y) / range)) : 0
            canvas.fill(Rect(x: frame.minX, y: frame.maxY - 3, width: (frame.width * progress).rounded(), height: 3), color: ReaderStyle.accent(on: ReaderStyle.bar))
        }
    }
}

/// The table of contents: a dimmed backdrop (a tap on it closes) and a card listing the headings; a tap or
/// Return on one chooses it. Arrows move the focus; Escape, "c" or the button close it.
final class ReaderContents: ViewNode {
    let card = ViewNode()
    let list: ListView
    let headings: ReaderHeadingRows
    var onChoose: (@MainActor (Int) -> Void)?
    var onDismiss: (@MainActor () -> Void)?

    init(source: ReaderSource) {
        headings = ReaderHeadingRows(source: source)
        list = ListView(frame: .zero, dataSource: headings)
        super.init(frame: .zero)
        isHidden = true
        confinesFocus = true      // a modal: Tab goes round its headings while it shows
        list.itemsAreFocusable = true
        list.backgroundColor = ReaderStyle.card
        list.insets = Insets(top: 6, left: 0, bottom: 6, right: 0)
        card.addSubview(list)
        addSubview(card)
        list.onSelectItem = { [weak self] row in
            guard let self else { return }
            self.onChoose?(self.headings.blocks[row])
        }
        onActivate = { [weak self] _ in self?.onDismiss?() }   // a tap on the backdrop
    }

    /// Shows the list with `heading` (a block index) focused, or the first heading.
    func open(highlighting heading: Int?) {
        let row = heading.flatMap { headings.blocks.firstIndex(of: $0) } ?? 0
        headings.current = heading ?? -1
        list.reloadData()
        list.focusItem(row)
    }

    override func layoutSubviews() {
        let w = min(frame.width - 24, 380), rowsHeight = Double(headings.blocks.count) * ReaderHeadingRows.rowHeight + 12
        let h = min(frame.height - 24, rowsHeight + 44)
        let x = frame.width >= 640 ? frame.width - w - 16 : (frame.width - w) / 2
        card.frame = Rect(x: x, y: 8, width: max(0, w), height: max(0, h))
        list.frame = Rect(x: 0, y: 40, width: card.frame.width, height: max(0, card.frame.height - 44))
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: ReaderStyle.backdrop)
        let c = card.frame.offsetBy(dx: frame.minX, dy: frame.minY)
        canvas.fillRoundedRect(c.offsetBy(dx: 0, dy: 3), radius: 14, color: ReaderStyle.cardShadow)
        canvas.fillRoundedRect(c, radius: 14, color: ReaderStyle.card)
        canvas.drawText("Contents", in: Rect(x: c.minX + 18, y: c.minY + 8, width: c.width - 36, height: 30),
                        style: TextStyle(size: 15, weight: .bold, color: ReaderStyle.secondary, maximumScale: TextScale.controlMaximum), alignment: .leading)
    }
}

/// The headings as rows of the contents list.
@MainActor
final class ReaderHeadingRows: ListDataSource {
    static let rowHeight = 44.0
    let source: ReaderSource
    let blocks: [Int]
    /// The heading being read (a block index), drawn in the accent colour.
    var current = -1

    init(source: ReaderSource) {
        self.source = source
        blocks = source.headingIndices
    }

    var numberOfItems: Int { blocks.count }
    var fixedItemSize: Double? { Self.rowHeight }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ReaderHeadingCell.self, for: index)
        cell.title = source.headingTitle(blocks[index])
        cell.titleStyle = TextStyle(size: 15, weight: blocks[index] == current ? .bold : .regular,
                                    color: blocks[index] == current ? ReaderStyle.accent(on: ReaderStyle.card) : ReaderStyle.text, maximumScale: TextScale.controlMaximum)
        cell.contentInsets = Insets(top: 4, left: 18, bottom: 4, right: 18)
        cell.separatorColor = ReaderStyle.rowSeparator
        return cell
    }
}

/// A row of the contents: a label whose focus is a soft accent band (a ring around a full-width row of a
/// menu would be cut by its neighbours).
final class ReaderHeadingCell: LabelCell {
    override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {
        let band = frame.insetBy(dx: 6, dy: 3)
        canvas.fillRoundedRect(band, radius: 8, color: ReaderStyle.accent(on: ReaderStyle.card).mixAlpha(34))
        canvas.fillRoundedRect(Rect(x: band.minX, y: band.minY + 6, width: 3, height: max(0, band.height - 12)),
                               radius: 1.5, color: ReaderStyle.accent(on: ReaderStyle.card))
    }
}
