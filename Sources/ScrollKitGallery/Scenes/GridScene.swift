// GridScene: a catalog of landscape print cards in a sectioned grid; CatalogSource (its sections and changes),
// CatalogCardCell and CatalogHeaderCell.

import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL

extension SceneEntry {
    /// A catalog of print cards (the twelve landscapes of `Assets/Images`) in a sectioned grid with sticky
    /// headers and adaptive columns: `--items N` cards (0 to 10^7), section `s` holding `12 + (7·s) mod 29`.
    static let grid = SceneEntry(name: "grid") { context throws(CLIError) in
        GridScene(context: context)
    }
}

/// The grid scene: a catalog of landscape prints in sections ("Coastlines", "Lakes", …), each card an image,
/// a title and a price line, laid out by a ``SectionedGridLayout`` with adaptive columns (as many 160-point
/// columns as fit, sharing the width), rows snapping below the pinned section header.
///
/// Section `s` holds `12 + (7·s) mod 29` cards until `--items` (default 1000) are placed; the last section may
/// be partial. The header shows the section's title and its card count, and is pinned at the top while its
/// section scrolls under it (pushed up by the next). Arrows move a focus ring in two dimensions (the grid
/// scrolls to show the card whole), Return or a tap opens a card (`activatedRow`/`activatedItem` = its section
/// and item); drag, fling, wheel, PageUp/PageDown/Home/End scroll. A resize reflows the columns, keeping the
/// top card in place. N adds a card before the focused one (or the first showing), X removes it: animated batch
/// changes, as the script's `insert`, `delete` and `move` events (flat card indices; an insert joins the section
/// of the card at its index, at the end the last section). In the trace, `firstVisible`/`lastVisible` are flat
/// card indices and `pinnedSection` the section whose header is pinned; `focusRow`/`focusItem` the focused
/// card's section and item.
@MainActor
final class GridScene: ListBackedScene {
    static let defaultCount = 1000
    static let minimumCardWidth = 160.0
    static let headerHeight = 52.0

    let list: ListView
    let catalog: CatalogSource
    private(set) var activated: GridIndex?
    private var quit = false

    init(context: SceneContext) {
        ImageLibrary.shared.addSearchDirectory(BundledAssets.path(BundledAssets.imagesFolder))
        catalog = CatalogSource(count: context.options.itemsGiven ? context.options.items : Self.defaultCount)
        let grid = SectionedGridLayout(columns: .adaptive(minimumWidth: Self.minimumCardWidth),
                                       itemLength: .aspect(CatalogCardCell.aspect), itemSpacing: 16, interitemSpacing: 16,
                                       insets: Insets(top: 0, left: 8, bottom: 24, right: 8))
        list = ListView(frame: Rect(origin: .zero, size: context.size), gridLayout: grid, dataSource: catalog)
        list.backgroundColor = GalleryTheme.contentBackground
        list.itemsAreFocusable = true
        list.snapBehavior = context.options.snap == nil ? .items(snapRatio: context.options.snapRatio ?? 0.3)
                                                        : ListScene.snapBehavior(for: context.options)
        list.onSelectItem = { [weak self] index in self?.open(index) }
        catalog.list = list
    }

    private func open(_ index: Int) {
        activated = list.gridIndex(forItem: index)
    }

    func hostDidResize(to size: Size) { list.frame = Rect(origin: .zero, size: size) }
    func handle(_ event: InputEvent) {
        switch event {
        case .text("n", _): try? apply(.insert(at: targetCard, count: 1), animated: true)
        case .text("x", _) where catalog.count > 0: try? apply(.delete(at: targetCard, count: 1), animated: true)
        default: list.handle(event)
        }
    }

    /// The model half of a benchmark batch: `count` random inserts, deletes and moves of single cards (by flat
    /// index) made to the catalog, returned for the list (the benchmark times the list's half alone).
    func makeRandomBatch(count: Int, seed: UInt64) -> [ListChange] {
        randomChangeBatch(count: count, seed: seed, itemCount: { catalog.count }) { change in
            if case .insert = change, catalog.counts.isEmpty { return false }   // no section to insert into
            catalog.apply(change)
            return true
        }
    }

    /// The card N and X act on: the focused one, else the first showing.
    private var targetCard: Int { list.focusedItem ?? max(0, list.visibleRange.lowerBound) }

    /// A scripted (or keyed) change of cards, by flat index: made to the catalog, then shown with
    /// ``ListView/performChanges(_:animation:)``; the headers showing update their counts.
    func themeDidChange() { list.backgroundColor = GalleryTheme.contentBackground }

    func apply(_ change: ListChange, animated: Bool) throws(CLIError) {
        let n = catalog.count
        switch change {
        case .insert(let at, let count):
            guard at <= n else { throw CLIError("insert at \(at) is out of range (0...\(n))") }
            guard n + count <= OptionRanges.items.bounds.upperBound else {
                throw CLIError("insert of \(count) would make more than \(OptionRanges.items.bounds.upperBound) cards")
            }
            guard !catalog.counts.isEmpty else { throw CLIError("insert into an empty catalog (it has no sections)") }
        case .delete(let at, let count):
            guard at + count <= n else { throw CLIError("delete of \(at)..<\(at + count) is out of range (\(n) cards)") }
        case .move(let from, let to):
            guard from < n, to < n else { throw CLIError("move from \(from) to \(to) is out of range (\(n) cards)") }
        case .reload:
            return
        }
        catalog.apply(change)
        do {
            try list.performChanges([change], animation: animated ? .standard : nil)
        } catch {
            throw CLIError(error.description)
        }
        for header in list.visibleSupplementaryCells {
            (header as? CatalogHeaderCell)?.count = CatalogSource.countLabel(catalog.counts[header.role.section])
        }
    }
    func update(_ tick: FrameTick) { list.step(tick) }
    func draw(in canvas: DrawingCanvas) { list.draw(in: canvas) }
    var needsFrames: Bool { list.isAnimating }
    var wantsQuit: Bool { quit }

    var mainList: ListView { list }
    var defaultScrollCurve: TimingCurve { .smoothstep }
    func coversOpaquely(_ size: Size) -> Bool { true }

    var traceSample: TraceSample {
        var sample = TraceSample(list: list)
        sample.pinnedSection = list.pinnedSection ?? -1
        if let f = list.focusedItem, let g = list.gridIndex(forItem: f) {
            sample.focusRow = g.section
            sample.focusItem = g.item
        }
        if let activated {
            sample.activatedRow = activated.section
            sample.activatedItem = activated.item
        }
        return sample
    }
}

/// The catalog: sections of `12 + (7·s) mod 29` cards up to `count` in all. Every string a card or header
/// shows comes from tables made once, so configuring cells allocates nothing.
@MainActor
final class CatalogSource: GridDataSource, ListDataSourcePrefetching {
    private(set) var count: Int
    private(set) var counts: [Int]
    /// Which print each card shows (its identifier), as cards are inserted, deleted and moved: runs of
    /// identifiers, so the 10^7-card catalog costs nothing until it changes. New cards get new identifiers.
    private(set) var order: ItemOrder

    static func sectionCount(_ s: Int) -> Int { 12 + (7 * s) % 29 }

    init(count: Int) {
        self.count = max(0, count)
        var counts: [Int] = []
        var left = self.count
        var s = 0
        while left > 0 {
            let n = min(left, Self.sectionCount(s))
            counts.append(n)
            left -= n
            s += 1
        }
        self.counts = counts
        order = ItemOrder(count: self.count)
    }

    /// Makes `change` (checked by the scene) to the cards: an insert joins the section of the card at its index
    /// (at the end, the last section), a delete may span sections, a move is a delete and an insert; the same
    /// rule ``ListView/performChanges(_:animation:)`` follows for flat changes on a grid.
    func apply(_ change: ListChange) {
        switch change {
        case .insert(let at, let n):
            counts[insertionSection(at)] += n
            count += n
        case .delete(let at, var n):
            count -= n
            while n > 0 {
                let (s, item) = position(of: at)
                let m = min(n, counts[s] - item)
                counts[s] -= m
                n -= m
            }
        case .move(let from, let to):
            counts[position(of: from).0] -= 1
            counts[insertionSection(to)] += 1
        case .reload:
            break
        }
        order.apply(change)
    }

    /// The section and item of card `i` (in range). O(S).
    private func position(of i: Int) -> (Int, Int) {
        var first = 0
        for (s, c) in counts.enumerated() {
            if i < first + c { return (s, i - first) }
            first += c
        }
        return (counts.count - 1, i - first)
    }

    /// The section a card inserted at `i` joins: that of the card now at `i`, or the last.
    private func insertionSection(_ i: Int) -> Int {
        i < count ? position(of: i).0 : counts.count - 1
    }

    /// "1 print", "12 prints", …: from the table up to 40, else made.
    static func countLabel(_ n: Int) -> String { n < countLabels.count ? countLabels[n] : "\(n) prints" }

    static let categories = ["Coastlines", "Lakes & Rivers", "Deserts", "Evening Skies", "Harbours", "Mountains",
                             "Night Scenes", "Islands", "Morning Light", "Meadows", "Salt Flats", "Fjords",
                             "Lagoons", "Canyons", "Tidal Pools", "Northern Lights", "Dunes", "Estuaries",
                             "Glaciers", "Wetlands", "Cliffs", "Moorland", "Reefs", "Valleys"]
    /// "12 prints" … "40 prints" (the counts a section can have), and "1 print" … for a partial last section.
    static let countLabels = (0...40).map { $0 == 1 ? "1 print" : "\($0) prints" }
    static let prices = ["€ 24 · 30 × 30 cm", "€ 39 · 40 × 40 cm", "€ 58 · 50 × 50 cm", "€ 19 · 20 × 20 cm",
                         "€ 72 · 60 × 60 cm", "€ 31 · 35 × 35 cm", "€ 45 · 45 × 45 cm"]
    static let volumeLabels = (0..<400).map { $0 == 0 ? "" : "  · Vol. \($0 + 1)" }

    var numberOfItems: Int { count }
    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    var sectionStyle: GridSectionStyle? {
        GridSectionStyle(headerLength: GridScene.headerHeight, insets: Insets(top: 12, left: 8, bottom: 20, right: 8))
    }

    static func image(for index: Int) -> ImageRef { PhotoRows.image(for: index * 5 + index / 12) }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let card = list.dequeueCell(CatalogCardCell.self, for: index)
        let id = order.id(at: index)
        let k = id * 5 + id / 12
        card.image = PhotoRows.image(for: k)
        card.title = PhotosScene.names[k % PhotosScene.names.count]
        card.subtitle = Self.prices[id % Self.prices.count]
        return card
    }

    func headerCell(forSection section: Int, in list: ListView) -> ListCell {
        let header = list.dequeueCell(CatalogHeaderCell.self, for: section)
        header.title = Self.categories[section % Self.categories.count]
        header.volume = Self.volumeLabels[min(section / Self.categories.count, Self.volumeLabels.count - 1)]
        header.count = Self.countLabel(counts[section])
        return header
    }

    func prefetchItems(at indices: Range<Int>) {
        guard let width = list?.gridLayout?.columnWidth() else { return }
        let side = CatalogCardCell.imageSide(forWidth: width)
        for i in indices { ImageLibrary.shared.prefetch(Self.image(for: order.id(at: i)), size: Size(width: side, height: side)) }
    }

    weak var list: ListView?
}

/// A catalog card: a white rounded card with a shadow along its bottom edge, the print's image, its title and
/// its price line.
final class CatalogCardCell: ListCell {
    /// Card length over width: a square image and two lines of text under it.
    static let aspect = 1.3
    static let padding = 8.0
    static let radius = 14.0
    static let shadow = RGBAColor(r: 0, g: 0, b: 0, a: 34)
    @MainActor static var titleStyle: TextStyle { TextStyle(size: 15, weight: .bold, color: GalleryTheme.ink, maximumScale: TextScale.controlMaximum) }
    @MainActor static var subtitleStyle: TextStyle { TextStyle(size: 13, color: GalleryTheme.secondaryInk, maximumScale: TextScale.controlMaximum) }

    var image: ImageRef?
    var title = ""
    var subtitle = ""

    static func imageSide(forWidth width: Double) -> Double { max(0, width - 2 * padding) }

    /// Drawn in ``draw(in:frame:)``, in the card's rounded shape.
    override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {}

    override func prepareForReuse() {
        image = nil
        title = ""
        subtitle = ""
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0 else { return }
        // A soft shadow along the bottom edge only (a strip, not a second card: every pixel blended costs), then
        // the white card; the image covers most of it.
        let r = Self.radius
        if isFocused {   // a rounded ring in the card's shape, 4 points out
            canvas.fillRoundedRect(frame.insetBy(dx: -4, dy: -4), radius: r + 4, color: GalleryTheme.accent)
            canvas.fillRoundedRect(frame.insetBy(dx: -1, dy: -1), radius: r + 1, color: GalleryTheme.contentBackground)
        }
        canvas.fillRoundedRect(Rect(x: frame.minX + 1, y: frame.maxY - 2 * r + 2, width: frame.width - 2, height: 2 * r),
                               radius: r, color: Self.shadow)
        canvas.fillRoundedRect(frame, radius: r, color: GalleryTheme.card)
        let p = Self.padding, side = Self.imageSide(forWidth: frame.width)
        let imageRect = Rect(x: frame.minX + p, y: frame.minY + p, width: side, height: side)
        if let image { canvas.drawImage(image, in: imageRect, opacity: 1) }
        let textTop = imageRect.maxY + 6
        let textWidth = max(0, frame.width - 2 * p - 4)
        canvas.drawText(title, in: Rect(x: frame.minX + p + 2, y: textTop, width: textWidth, height: 20),
                        style: Self.titleStyle, alignment: .leading)
        canvas.drawText(subtitle, in: Rect(x: frame.minX + p + 2, y: textTop + 20, width: textWidth, height: 18),
                        style: Self.subtitleStyle, alignment: .leading)
        if isHighlighted { canvas.fillRoundedRect(frame, radius: r, color: RGBAColor(r: 0, g: 0, b: 0, a: 26)) }
    }
}

/// A section header: the category's title (and volume) at the left, the section's print count at the right,
/// on the content background (opaque: the cards scrolling under the pinned header do not show through),
/// with a hairline under it.
final class CatalogHeaderCell: ListCell {
    @MainActor static var titleStyle: TextStyle { TextStyle(size: 21, weight: .bold, color: GalleryTheme.ink, maximumScale: TextScale.controlMaximum) }
    @MainActor static var volumeStyle: TextStyle { TextStyle(size: 21, weight: .regular, color: GalleryTheme.tertiaryInk, maximumScale: TextScale.controlMaximum) }
    @MainActor static var countStyle: TextStyle { TextStyle(size: 14, weight: .bold, color: GalleryTheme.accent, maximumScale: TextScale.controlMaximum) }
    @MainActor static var background: RGBAColor { GalleryTheme.contentBackground }

    var title = ""
    var volume = ""
    var count = ""

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0 else { return }
        canvas.fill(frame, color: Self.background)
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: GalleryTheme.cardBorder)
        let inset = 18.0
        let line = Rect(x: frame.minX + inset, y: frame.minY + 4, width: max(0, frame.width - 2 * inset), height: frame.height - 8)
        let titleWidth = canvas.measureText(title, style: Self.titleStyle).width
        canvas.drawText(title, in: line, style: Self.titleStyle, alignment: .leading)
        if !volume.isEmpty {
            canvas.drawText(volume, in: Rect(x: line.minX + titleWidth, y: line.minY, width: max(0, line.width - titleWidth), height: line.height),
                            style: Self.volumeStyle, alignment: .leading)
        }
        // The count in a soft pill at the right.
        let countWidth = canvas.measureText(count, style: Self.countStyle).width + 20
        let pill = Rect(x: line.maxX - countWidth, y: frame.midY - 13, width: countWidth, height: 26)
        canvas.fillRoundedRect(pill, radius: 13, color: RGBAColor(hex: 0x0A84FF, alpha: 28))
        canvas.drawText(count, in: pill, style: Self.countStyle, alignment: .center)
    }
}
