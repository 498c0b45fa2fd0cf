// The reader's article: ReaderBlock, ReaderArticle (loading and parsing valley.txt), ReaderStyle,
// ReaderBlockLayout, and ReaderSource and ReaderCell, the self-sizing list's data source and cell.

import Foundation
import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL

/// One block of the reader's article: what the list shows as one item ("paragraph" in the trace).
enum ReaderBlock: Equatable {
    case title(String)
    case byline(String)
    case heading(String)
    case paragraph(String)
    /// An image of `Assets/Images` and its caption.
    case image(name: String, caption: String)
    /// The closing credit line (the article's sources and licences).
    case credit(String)
}

/// The article file's format (`Assets/Reader/valley.txt`): blocks separated by blank lines; `# ` the
/// title, `@ ` the byline, `## ` a heading, `![scene-03] Caption.` an image (each of these one line, a
/// block of its own), any other block a paragraph (its lines joined by spaces). A last paragraph that starts with "Text:" is the credit line.
enum ReaderArticle {
    static let file = "Reader/valley.txt"

    /// The bundled article's blocks; when the file cannot be read, a short article that says so
    /// (the scene still runs).
    static func load() -> [ReaderBlock] {
        let path = BundledAssets.path(file)
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            return [.title("Reader"), .paragraph("The article could not be read from \(path).")]
        }
        return parse(String(decoding: data, as: UTF8.self))
    }

    static func parse(_ text: String) -> [ReaderBlock] {
        var blocks: [ReaderBlock] = []
        var lines: [Substring] = []
        func flush() {
            defer { lines.removeAll() }
            guard !lines.isEmpty else { return }
            let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            if joined.hasPrefix("## ") {
                blocks.append(.heading(String(joined.dropFirst(3))))
            } else if joined.hasPrefix("# ") {
                blocks.append(.title(String(joined.dropFirst(2))))
            } else if joined.hasPrefix("@ ") {
                blocks.append(.byline(String(joined.dropFirst(2))))
            } else if joined.hasPrefix("!["), let close = joined.firstIndex(of: "]") {
                let name = joined[joined.index(joined.startIndex, offsetBy: 2)..<close]
                let caption = joined[joined.index(after: close)...].trimmingCharacters(in: .whitespaces)
                blocks.append(.image(name: String(name), caption: caption))
            } else if joined.hasPrefix("Text:") {
                blocks.append(.credit(joined))
            } else {
                blocks.append(.paragraph(joined))
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                flush()
            } else if trimmed.hasPrefix("#") || trimmed.hasPrefix("@ ") || trimmed.hasPrefix("![") {
                // A marked line is a block of its own even without blank lines around it.
                flush()
                lines.append(line)
                flush()
            } else {
                lines.append(line)
            }
        }
        flush()
        return blocks
    }
}

/// The reader's colours, typography and spacing (in points).
///
/// The colours are the gallery's theme with the reader's warm "paper" cast: in light, exactly the reader's own
/// palette (paper FBFAF7, ink 23211E, grey 77736B, rust B5562B); in dark, warm near-black paper with warm
/// off-white ink; in high contrast, the plain tokens (black on white), the rust darkened to 7:1.
enum ReaderStyle {
    /// The warm hue the paper is mixed towards, and how far (the light theme's white becomes FBFAF7 exactly;
    /// dark's black a barely warm black).
    static let paperHue = RGBAColor(hex: 0x80631E)
    static let paperMix = 0.0345
    /// The article's paper: the theme's background, warmed (none in high contrast).
    @MainActor static var background: RGBAColor {
        galleryColors.background.mixed(with: paperHue, fraction: paperMix * SceneStyle.warmth)
    }
    /// The ink: the label with the reader's warm cast.
    @MainActor static var text: RGBAColor { SceneStyle.tinted(\.label, as: RGBAColor(hex: 0x23211E)) }
    /// Bylines, captions, the section: the secondary label, warm.
    @MainActor static var secondary: RGBAColor { SceneStyle.tinted(\.secondaryLabel, as: RGBAColor(hex: 0x77736B)) }
    /// The reader's rust (rules, the reading progress, the button and the heading being read), and the
    /// button's while pressed.
    static let rust = RGBAColor(hex: 0xB5562B), pressedRust = RGBAColor(hex: 0x8E3F1C)
    /// The rust on the paper, lightened or darkened as the theme's text needs (``SceneStyle/readable(_:on:minimum:)``).
    @MainActor static var accent: RGBAColor { accent(on: background) }
    /// The rust as text on `surface`.
    @MainActor static func accent(on surface: RGBAColor) -> RGBAColor { SceneStyle.readable(rust, on: surface) }
    /// The bars and the contents card.
    @MainActor static var bar: RGBAColor { galleryColors.cellBackground }
    @MainActor static var barHairline: RGBAColor { SceneStyle.tinted(\.barSeparator, as: RGBAColor(hex: 0xE4E1DA)) }
    @MainActor static var card: RGBAColor { galleryColors.elevatedBackground }
    @MainActor static var rowSeparator: RGBAColor { SceneStyle.tinted(\.fill, as: RGBAColor(hex: 0xEEEBE5)) }
    /// What dims the article under the contents, and the card's shadow.
    @MainActor static var backdrop: RGBAColor { SceneStyle.tinted(\.scrim, as: RGBAColor(r: 20, g: 18, b: 15, a: 90)) }
    @MainActor static var cardShadow: RGBAColor { SceneStyle.tinted(\.shadow, as: RGBAColor(r: 0, g: 0, b: 0, a: 40)) }
    /// The text column's widest measure (about 70 characters of body text) and its least side margin.
    static let maxColumn = 640.0
    static let minMargin = 20.0

    @MainActor static func title(compact: Bool) -> TextStyle { TextStyle(size: compact ? 24 : 32, weight: .bold, color: text) }
    @MainActor static func byline(compact: Bool) -> TextStyle { TextStyle(size: compact ? 13 : 15, color: secondary) }
    @MainActor static func heading(compact: Bool) -> TextStyle { TextStyle(size: compact ? 19 : 23, weight: .bold, color: text) }
    @MainActor static func body(compact: Bool) -> TextStyle { TextStyle(size: compact ? 15 : 17, color: text) }
    @MainActor static func caption(compact: Bool) -> TextStyle { TextStyle(size: compact ? 12 : 13, color: secondary) }
    static func bodySpacing(compact: Bool) -> Double { compact ? 5 : 7 }

    /// The text column for a list `width` points wide: its left edge and width.
    static func column(width: Double) -> (x: Double, width: Double) {
        let w = max(0, min(maxColumn, width - 2 * minMargin))
        return ((width - w) / 2, w)
    }
    static func isCompact(width: Double) -> Bool { width < 520 }
}

/// The laid-out form of one block at one width: its text layouts and where they go inside the item.
struct ReaderBlockLayout {
    var text: TextLayout?
    var textOrigin: Point = .zero
    var image: ImageRef?
    var imageRect: Rect = .zero
    var caption: TextLayout?
    var captionOrigin: Point = .zero
    /// A rule above the block (headings).
    var rule: Rect?
    var height: Double = 0
}

/// The article as a self-sizing list's data source: every block is estimated, and laid out (measured)
/// only when the list asks, as it comes near the viewport. The layouts are cached for the width they were
/// made at, so measuring and drawing share them; a new width drops the cache.
@MainActor
final class ReaderSource: ListDataSource {
    let blocks: [ReaderBlock]
    let measurer: any TextMeasurer
    private var layouts: [ReaderBlockLayout?]
    private var layoutWidth: Double = .nan
    /// The colours the cached layouts' text was made in (ink, secondary): a theme change lays them out again.
    private var layoutColors: (RGBAColor, RGBAColor)?
    /// How many blocks were laid out in total (a measure of the lazy work).
    private(set) var layoutCount = 0

    init(blocks: [ReaderBlock], measurer: any TextMeasurer = FontTextMeasurer.shared) {
        self.blocks = blocks
        self.measurer = measurer
        layouts = Array(repeating: nil, count: blocks.count)
    }

    var numberOfItems: Int { blocks.count }
    /// A typical paragraph: four lines of body text.
    var estimatedItemSize: Double? { 130 }

    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        layout(at: index, width: crossLength).height
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ReaderCell.self, for: index)
        cell.source = self
        return cell
    }

    /// The indices of the headings, in order (the table of contents).
    private(set) lazy var headingIndices: [Int] =
        blocks.indices.filter { if case .heading = blocks[$0] { return true } else { return false } }

    func headingTitle(_ index: Int) -> String {
        if case .heading(let t) = blocks[index] { return t }
        return ""
    }

    /// Block `index` laid out for an item `width` points across (cached per width).
    func layout(at index: Int, width: Double) -> ReaderBlockLayout {
        guard index >= 0, index < blocks.count else { return ReaderBlockLayout() }
        let colors = (ReaderStyle.text, ReaderStyle.secondary)
        if width != layoutWidth || layoutColors.map({ $0 != colors }) ?? true {
            for k in layouts.indices { layouts[k] = nil }
            layoutWidth = width
            layoutColors = colors
        }
        if let cached = layouts[index] { return cached }
        let made = makeLayout(blocks[index], width: width)
        layouts[index] = made
        layoutCount += 1
        return made
    }

    private func makeLayout(_ block: ReaderBlock, width: Double) -> ReaderBlockLayout {
        let compact = ReaderStyle.isCompact(width: width)
        let (x, w) = ReaderStyle.column(width: width)
        var result = ReaderBlockLayout()
        func text(_ s: String, _ style: TextStyle, top: Double, bottom: Double, spacing: Double = 0,
                  alignment: TextAlign = .leading) {
            let layout = TextLayout(s, style: style, width: w, alignment: alignment, lineSpacing: spacing, measurer: measurer)
            result.text = layout
            result.textOrigin = Point(x: x, y: top)
            result.height = (top + layout.size.height + bottom).rounded(.up)
        }
        switch block {
        case .title(let s):
            text(s, ReaderStyle.title(compact: compact), top: compact ? 20 : 36, bottom: 8, spacing: 2)
        case .byline(let s):
            text(s, ReaderStyle.byline(compact: compact), top: 0, bottom: compact ? 18 : 26)
        case .heading(let s):
            let top = compact ? 22.0 : 30.0
            result.rule = Rect(x: x, y: top - 12, width: min(48, w), height: 3)
            text(s, ReaderStyle.heading(compact: compact), top: top, bottom: 10, spacing: 2)
        case .paragraph(let s):
            text(s, ReaderStyle.body(compact: compact), top: 0, bottom: compact ? 14 : 18,
                 spacing: ReaderStyle.bodySpacing(compact: compact))
        case .credit(let s):
            text(s, ReaderStyle.caption(compact: compact), top: 12, bottom: 40, spacing: 3)
        case .image(let name, let caption):
            let side = min(w, 400).rounded(.down)
            let top = 8.0
            result.image = ImageRef(name)
            result.imageRect = Rect(x: x + (w - side) / 2, y: top, width: side, height: side)
            let captionLayout = TextLayout(caption, style: ReaderStyle.caption(compact: compact), width: side,
                                           alignment: .center, lineSpacing: 2, measurer: measurer)
            result.caption = captionLayout
            result.captionOrigin = Point(x: result.imageRect.minX, y: result.imageRect.maxY + 10)
            result.height = (result.captionOrigin.y + captionLayout.size.height + (compact ? 20 : 28)).rounded(.up)
        }
        return result
    }
}

/// One block of the article: draws its cached layout at the cell's width (so a resize needs no reconfiguring).
final class ReaderCell: ListCell {
    weak var source: ReaderSource?

    override var isOpaque: Bool { true }

    override func prepareForReuse() { source = nil }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: ReaderStyle.background)
        guard let source else { return }
        let layout = source.layout(at: index, width: frame.width)
        if let rule = layout.rule {
            canvas.fillRoundedRect(rule.offsetBy(dx: frame.minX, dy: frame.minY), radius: 1.5, color: ReaderStyle.accent)
        }
        if let text = layout.text {
            canvas.drawTextLayout(text, at: Point(x: frame.minX + layout.textOrigin.x, y: frame.minY + layout.textOrigin.y))
        }
        if let image = layout.image {
            let r = layout.imageRect.offsetBy(dx: frame.minX, dy: frame.minY)
            canvas.drawImage(image, in: r, opacity: 1)
        }
        if let caption = layout.caption {
            canvas.drawTextLayout(caption, at: Point(x: frame.minX + layout.captionOrigin.x, y: frame.minY + layout.captionOrigin.y))
        }
    }
}
