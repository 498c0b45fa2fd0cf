// WorldScene: text for the whole world, cards in eleven scripts (shaped, reordered, wrapped, colour emoji) in a
// self-sizing list, with a switch that flips the scene to right to left (WorldCards and WorldCardCell beside it).

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// Cards of text in Arabic, Hebrew, Hindi, Thai, Chinese, Japanese, Korean, Greek, Russian, English and
    /// emoji, each with its language; the switch (or "r") flips the scene to right to left.
    static let world = SceneEntry(name: "world") { context throws(CLIError) in
        WorldScene(context: context)
    }
}

/// One card: the language's name in English and in itself, and a sample.
struct WorldSample: Sendable {
    var language: String
    var sample: String
    /// The card's accent colour.
    var accent: UInt32

    static let all: [WorldSample] = [
        WorldSample(language: "Arabic · العربية",
                    sample: "أهلاً وسهلاً! الطقس اليوم مشمس، ودرجة الحرارة 24 درجة مئوية في الساعة 10:30 صباحاً.",
                    accent: 0x0A7E5C),
        WorldSample(language: "Hebrew · עברית",
                    sample: "ההזמנה שלך מ־ScrollKit Store (מספר 4521) תגיע ב־15 במאי, בין 9:00 ל־12:00.",
                    accent: 0x2B5FD9),
        WorldSample(language: "Hindi · हिन्दी",
                    sample: "नमस्ते दुनिया! संयुक्ताक्षर जैसे क्ष, त्र, ज्ञ और श्र सही जुड़ने चाहिए: विद्यार्थी, राष्ट्र, स्वतंत्रता।",
                    accent: 0xD9622B),
        WorldSample(language: "Thai · ไทย",
                    sample: "ภาษาไทยเขียนติดกันโดยไม่เว้นวรรคระหว่างคำ การตัดบรรทัดจึงต้องอาศัยพจนานุกรมเพื่อหาขอบเขตของคำ "
                        + "ข้อความนี้ยาวพอที่จะขึ้นบรรทัดใหม่หลายครั้งบนหน้าจอขนาดเล็ก โดยไม่ตัดกลางคำ",
                    accent: 0x8E44AD),
        WorldSample(language: "Chinese · 中文", sample: "滚动视图应该流畅自然。中文在任意两个汉字之间都可以换行，标点不会出现在行首。",
                    accent: 0xC0392B),
        WorldSample(language: "Japanese · 日本語", sample: "こんにちは、世界！日本語はひらがな、カタカナ、漢字を組み合わせて書きます。",
                    accent: 0xD81B60),
        WorldSample(language: "Korean · 한국어", sample: "안녕하세요, 세계! 한국어는 띄어쓰기로 단어를 구분하고 음절 단위로 씁니다.",
                    accent: 0x00838F),
        WorldSample(language: "Greek · Ελληνικά", sample: "Καλημέρα κόσμε! Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
                    accent: 0x1565C0),
        WorldSample(language: "Russian · Русский", sample: "Привет, мир! Съешь же ещё этих мягких французских булок да выпей чаю.",
                    accent: 0x6D4C41),
        WorldSample(language: "English · kerning and ligatures", sample: "AVATAR, Typography, office coffee: fi ffl, To Wa Yo.",
                    accent: 0x455A64),
        WorldSample(language: "Emoji · sequences", sample: "👩‍👩‍👧 family  👋🏻👋🏽👋🏿 skin tones  🇯🇵🇧🇷🇰🇪🇺🇦 flags  🧑‍💻❤️‍🔥🏳️‍🌈",
                    accent: 0xF4A100),
    ]
}

/// The world scene: a header with the title and the direction switch over a self-sizing ``ListView`` of
/// ``WorldSample`` cards. Left to right, each paragraph takes its direction from its first strong
/// character (Arabic and Hebrew run right to left and align right); right to left (the switch, or "r"),
/// every paragraph is right to left and the cards mirror. ``apply(_:)`` is the one place the direction
/// is set.
@MainActor
final class WorldScene: ListBackedScene {
    let root = ViewNode()
    let header = WorldHeader()
    let list: ListView
    let cards: WorldCards
    private(set) var size: Size
    private(set) var direction: ReadingDirection = .leftToRight

    init(context: SceneContext, measurer: any TextMeasurer = FontTextMeasurer.shared) {
        size = context.size
        cards = WorldCards(measurer: measurer)
        list = ListView(frame: .zero, dataSource: cards)
        list.backgroundColor = WorldStyle.background
        list.insets = Insets(top: 10, left: 0, bottom: 16, right: 0)
        root.addSubview(list)
        root.addSubview(header)
        header.toggle.onChange = { [weak self] on in self?.apply(on ? .rightToLeft : .leftToRight) }
        layout()
    }

    /// Sets the scene's direction: the paragraphs' (nil, from each one's first strong character, when left
    /// to right; right to left for all), the cards' mirroring, the switch, and the scene's `layoutDirection`
    /// (the list's scroll indicator moves to the left).
    func apply(_ direction: ReadingDirection) {
        guard direction != self.direction else { return }
        self.direction = direction
        root.layoutDirection = direction
        header.direction = direction
        header.toggle.isOn = direction == .rightToLeft
        cards.direction = direction
        list.reloadData()
        header.setNeedsDisplay()
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        let headerHeight = min(height, 52.0)
        header.frame = Rect(x: 0, y: 0, width: width, height: headerHeight)
        list.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
    }

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if case .text("r", _) = event { apply(direction.flipped); return }
        root.handle(event)
    }

    func update(_ tick: FrameTick) {
        // A gallery laid out right to left (`--direction rtl`, a right-to-left locale) starts the scene flipped.
        if root.layoutDirection == nil, root.effectiveLayoutDirection != direction { apply(root.effectiveLayoutDirection) }
        root.step(tick)
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.isAnimating }
    var wantsQuit: Bool { false }
    var mainList: ListView { list }
    func coversOpaquely(_ size: Size) -> Bool { true }

    /// The list's background is pinned (the scene's, not the list's plain one): set again for the new theme.
    /// (The cards are configured again by the list, and lay their text out again in the new colours.)
    func themeDidChange() { list.backgroundColor = WorldStyle.background }
}

/// The world scene's colours (the gallery's theme: in light exactly the scene's own warm greys) and metrics.
enum WorldStyle {
    /// Behind the cards: the grouped background, a shade warmer (light F2F1EE).
    @MainActor static var background: RGBAColor { SceneStyle.tinted(\.groupedBackground, as: RGBAColor(hex: 0xF2F1EE)) }
    @MainActor static var text: RGBAColor { galleryColors.label }
    @MainActor static var secondary: RGBAColor { SceneStyle.tinted(\.secondaryLabel, as: RGBAColor(hex: 0x6E6E73)) }
    /// The cards and the header (light white), the header's hairline and the cards' shadow.
    @MainActor static var card: RGBAColor { galleryColors.cellBackground }
    @MainActor static var hairline: RGBAColor { SceneStyle.tinted(\.barSeparator, as: RGBAColor(hex: 0xE0DED8)) }
    /// The cards' edge: none but in high contrast, where it is the theme's separator (strong edges there).
    @MainActor static var cardEdge: RGBAColor { galleryColors.separator.withAlpha(1 - SceneStyle.warmth) }
    @MainActor static var cardShadow: RGBAColor { SceneStyle.tinted(\.shadow, as: RGBAColor(r: 0, g: 0, b: 0, a: 18)) }
    /// A language's accent as its label's colour on a card: as designed in light, lightened or darkened as the
    /// theme's text needs (``SceneStyle/readable(_:on:minimum:)``).
    @MainActor static func labelColor(_ accent: UInt32) -> RGBAColor { SceneStyle.readable(RGBAColor(hex: accent), on: card) }
    static let sampleSize = 20.0
    static let labelSize = 12.0
    /// The card's margin in the list, its padding, and the gap between label and sample.
    static let margin = 12.0
    static let padding = 16.0
    static let gap = 8.0
}

/// The header: the title, "Right to left" and its switch (on the left when the scene is right to left).
final class WorldHeader: ViewNode {
    let toggle = Switch()
    var direction: ReadingDirection = .leftToRight { didSet { layoutSubviews() } }

    override init(frame: Rect) {
        super.init(frame: frame)
        addSubview(toggle)
        toggle.isFocusable = true            // Tab reaches it; Return or Space flips it
        toggle.accessibilityLabel = "Right to left"
    }

    convenience init() { self.init(frame: .zero) }

    override func layoutSubviews() {
        let s = Switch.size, y = (frame.height - s.height) / 2
        toggle.frame = Rect(x: direction == .rightToLeft ? 14 : frame.width - s.width - 14, y: y,
                            width: s.width, height: s.height)
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: WorldStyle.card)
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: WorldStyle.hairline)
        let rtl = direction == .rightToLeft
        let title = TextStyle(size: 19, weight: .bold, color: WorldStyle.text)
        let caption = TextStyle(size: 13, color: WorldStyle.secondary)
        let switchRoom = Switch.size.width + 28
        let titleRect = Rect(x: frame.minX + (rtl ? switchRoom : 16), y: frame.minY, width: max(0, frame.width - switchRoom - 16),
                             height: frame.height - 1)
        canvas.drawText("World", in: titleRect, style: title, alignment: rtl ? .right : .left)
        let label = rtl ? "Right to left" : "Left to right"
        let labelWidth = canvas.measureText(label, style: caption).width
        let labelX = rtl ? frame.minX + switchRoom : frame.maxX - switchRoom - labelWidth
        if frame.width > 260 {
            canvas.drawText(label, in: Rect(x: labelX, y: frame.minY, width: labelWidth, height: frame.height - 1),
                            style: caption, alignment: .leading)
        }
    }
}

/// The cards, laid out once per width and direction (``TextLayout``), measured before they are drawn.
@MainActor
final class WorldCards: ListDataSource {
    let samples = WorldSample.all
    let measurer: any TextMeasurer
    var direction: ReadingDirection = .leftToRight { didSet { if direction != oldValue { layouts.removeAll() } } }
    private var layouts: [Int: (width: Double, label: TextLayout, sample: TextLayout)] = [:]
    /// The sample's text colour and the card's when the cached layouts were made: a theme change lays them out again.
    private var layoutColors: (text: RGBAColor, card: RGBAColor)?

    init(measurer: any TextMeasurer) { self.measurer = measurer }

    var numberOfItems: Int { samples.count }
    var estimatedItemSize: Double? { 110 }

    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        let (label, sample) = layout(at: index, width: crossLength)
        return (WorldStyle.padding * 2 + label.size.height + WorldStyle.gap + sample.size.height + WorldStyle.margin).rounded(.up)
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(WorldCardCell.self, for: index)
        let (label, sample) = layout(at: index, width: list.frame.width)
        cell.label = label
        cell.sample = sample
        cell.accent = RGBAColor(hex: samples[index].accent)
        cell.direction = direction
        return cell
    }

    /// The card's label and sample laid out for a list `width` across (cached per width and direction).
    func layout(at index: Int, width: Double) -> (TextLayout, TextLayout) {
        let i = min(max(index, 0), samples.count - 1)
        let text = WorldStyle.text, card = WorldStyle.card
        if layoutColors.map({ $0.text != text || $0.card != card }) ?? true {
            layouts.removeAll()
            layoutColors = (text, card)
        }
        if let cached = layouts[i], cached.width == width { return (cached.label, cached.sample) }
        let textWidth = max(0, width - 2 * WorldStyle.margin - 2 * WorldStyle.padding - 6)
        let paragraphs: ReadingDirection? = direction == .rightToLeft ? .rightToLeft : nil
        // The English name in capitals; the name in the language itself as written (Greek capitals drop accents).
        let parts = samples[i].language.components(separatedBy: " · ")
        let name = parts.count == 2 ? parts[0].uppercased() + " · " + parts[1] : samples[i].language.uppercased()
        let label = TextLayout(name, style: TextStyle(size: WorldStyle.labelSize, weight: .bold,
                                                      color: WorldStyle.labelColor(samples[i].accent)),
                               width: textWidth, maxLines: 1, direction: direction, measurer: measurer)
        let sample = TextLayout(samples[i].sample, style: TextStyle(size: WorldStyle.sampleSize, color: text),
                                width: textWidth, lineSpacing: 5, direction: paragraphs, measurer: measurer)
        layouts[i] = (width, label, sample)
        return (label, sample)
    }
}

/// A card: a white rounded panel with an accent bar on its leading edge, the language label and the sample.
final class WorldCardCell: ListCell {
    var label: TextLayout?
    var sample: TextLayout?
    var accent = RGBAColor.black
    var direction: ReadingDirection = .leftToRight

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let m = WorldStyle.margin, p = WorldStyle.padding
        let card = Rect(x: frame.minX + m, y: frame.minY, width: max(0, frame.width - 2 * m), height: max(0, frame.height - m))
        canvas.fillRoundedRect(card.offsetBy(dx: 0, dy: 1), radius: 12, color: WorldStyle.cardShadow)
        let edge = WorldStyle.cardEdge
        if edge.a > 0 {
            canvas.fillRoundedRect(card, radius: 12, color: edge)
            canvas.fillRoundedRect(card.insetBy(dx: 1, dy: 1), radius: 11, color: WorldStyle.card)
        } else {
            canvas.fillRoundedRect(card, radius: 12, color: WorldStyle.card)
        }
        let rtl = direction == .rightToLeft
        canvas.fillRoundedRect(Rect(x: rtl ? card.maxX - 10 : card.minX + 6, y: card.minY + 14, width: 4,
                                    height: max(0, card.height - 28)), radius: 2, color: accent)
        let x = card.minX + p + (rtl ? 0 : 6)
        guard let label, let sample else { return }
        canvas.drawTextLayout(label, at: Point(x: x, y: card.minY + p))
        canvas.drawTextLayout(sample, at: Point(x: x, y: card.minY + p + label.size.height + WorldStyle.gap))
    }
}
