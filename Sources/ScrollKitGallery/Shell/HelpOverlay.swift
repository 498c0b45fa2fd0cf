// HelpOverlay: every key and gesture of the gallery, in sections of items over a dimmed window (H or ?).

import ScrollKit

/// The help overlay (H or ?): every key and gesture of the gallery, in sections, over a dimmed window.
///
/// A view covering the window: a tap anywhere on it activates it (the shell closes it then). Static text;
/// drawing is a few dozen cached text blits.
@MainActor
final class HelpOverlay: ViewNode {
    /// One line: the keys (each drawn as a key cap) or a gesture (plain text), and what it does.
    struct Item: Sendable, Equatable {
        var keys: [String]
        var gesture: String?
        var action: String
        init(keys: [String], _ action: String) { self.keys = keys; self.gesture = nil; self.action = action }
        init(gesture: String, _ action: String) { self.keys = []; self.gesture = gesture; self.action = action }
    }

    struct Section: Sendable, Equatable {
        var title: String
        var items: [Item]
        /// The title as drawn (upper case), made once.
        let heading: String
        init(title: String, items: [Item]) {
            self.title = title
            self.items = items
            heading = title.uppercased()
        }
    }

    /// The left column.
    static let left: [Section] = [
        Section(title: "Everywhere", items: [
            Item(keys: ["1", "–", "9", "0"], "Switch scene (Ctrl-Tab: next)"),
            Item(keys: ["Tab", "⇧Tab"], "Next, previous control"),
            Item(keys: ["F"], "Frame-time HUD"),
            Item(keys: ["H", "?"], "This help"),
            Item(keys: ["Esc"], "Close, or quit"),
        ]),
        Section(title: "Scrolling", items: [
            Item(gesture: "Drag", "Follow 1:1, rubber band"),
            Item(gesture: "Flick", "Fling, decelerate, snap"),
            Item(gesture: "Wheel", "Glide (Shift: sideways)"),
            Item(gesture: "Trackpad", "Follow 1:1, then fling"),
            Item(keys: ["↑", "↓", "←", "→"], "Step"),
            Item(keys: ["PgUp", "PgDn"], "Page up, down"),
            Item(keys: ["Home", "End"], "Start, end"),
        ]),
        Section(title: "Sprites", items: [
            Item(keys: ["Space", "P"], "Pause, resume"),
            Item(keys: ["R"], "Restart, same seed"),
        ]),
    ]

    /// The right column.
    static let right: [Section] = [
        Section(title: "Focus", items: [
            Item(keys: ["↑", "↓", "←", "→"], "Move focus (grid: 2D)"),
            Item(keys: ["Return", "Space"], "Press, open, flip"),
            Item(keys: ["N", "X"], "Grid: add, remove a card"),
        ]),
        Section(title: "Curves", items: [
            Item(keys: ["↑", "↓"], "Choose a curve"),
            Item(keys: ["←", "→"], "Duration ∓ 0.05 s"),
            Item(gesture: "Slider", "Set the duration"),
            Item(keys: ["Enter"], "Play again"),
        ]),
        Section(title: "Reader, Chat, Photo", items: [
            Item(keys: ["C"], "Contents: jump to a heading"),
            Item(keys: ["R", "E"], "Reply, load earlier"),
            Item(gesture: "Pinch", "Zoom the photo"),
            Item(gesture: "2-tap, ±", "Zoom in, out (Ctrl-wheel)"),
        ]),
    ]

    static let title = "Keys and gestures"
    static let footer = "Press H, ? or Esc to close"

    /// Every key name the overlay mentions (tests check the gallery handles them).
    static var allKeys: [String] { (left + right).flatMap { $0.items.flatMap(\.keys) }.filter { $0 != "–" } }

    static let rowHeight = 26.0
    static let sectionGap = 14.0
    static let sectionTitleHeight = 24.0

    /// The card's rectangle for a window of `size` points.
    static func cardRect(in size: Size) -> Rect {
        let width = min(720, max(0, size.width - 32))
        let columnHeight = max(height(of: left), height(of: right))
        let height = min(max(0, size.height - 32), 64 + columnHeight + 44)
        return Rect(x: ((size.width - width) / 2).rounded(), y: ((size.height - height) / 2).rounded(),
                    width: width, height: height)
    }

    static func height(of sections: [Section]) -> Double {
        sections.reduce(0) { $0 + sectionTitleHeight + Double($1.items.count) * rowHeight + sectionGap } - sectionGap
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        draw(in: canvas, size: frame.size)
    }

    /// Dims the whole window and draws the card.
    func draw(in canvas: DrawingCanvas, size: Size) {
        guard size.width > 0, size.height > 0 else { return }
        canvas.fill(Rect(origin: .zero, size: size), color: RGBAColor(r: 6, g: 8, b: 12, a: 150))
        let card = Self.cardRect(in: size)
        guard card.width > 40, card.height > 40 else { return }
        canvas.fillRoundedRect(card.offsetBy(dx: 0, dy: 4), radius: 18, color: RGBAColor(r: 0, g: 0, b: 0, a: 90))
        canvas.fillRoundedRect(card, radius: 18, color: RGBAColor(hex: 0x1A1D23, alpha: 248))
        canvas.pushClip(card)
        canvas.drawText(Self.title, in: Rect(x: card.minX + 28, y: card.minY + 18, width: card.width - 56, height: 30),
                        style: TextStyle(size: 20, weight: .bold, color: GalleryTheme.overlayText, maximumScale: 1), alignment: .leading)
        canvas.drawText("ScrollKit gallery", in: Rect(x: card.minX + 28, y: card.minY + 18, width: card.width - 56, height: 30),
                        style: TextStyle(size: 13, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .trailing)
        canvas.fill(Rect(x: card.minX + 28, y: card.minY + 56, width: card.width - 56, height: 1),
                    color: RGBAColor(r: 255, g: 255, b: 255, a: 28))
        let columnWidth = (card.width - 56 - 32) / 2
        drawColumn(Self.left, in: canvas, x: card.minX + 28, y: card.minY + 68, width: columnWidth)
        drawColumn(Self.right, in: canvas, x: card.minX + 28 + columnWidth + 32, y: card.minY + 68, width: columnWidth)
        canvas.drawText(Self.footer, in: Rect(x: card.minX, y: card.maxY - 36, width: card.width, height: 24),
                        style: TextStyle(size: 12, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .center)
        canvas.popClip()
    }

    private static let keyHeight = 20.0
    private static let gestureStyle = TextStyle(size: 13, weight: .bold, color: GalleryTheme.overlayText, maximumScale: 1)
    private static let actionStyle = TextStyle(size: 13, color: RGBAColor(hex: 0xC9CDD4), maximumScale: 1)

    /// The width of an item's keys (key caps and gaps) or gesture text.
    private func leadWidth(_ item: Item, canvas: DrawingCanvas) -> Double {
        if let gesture = item.gesture { return canvas.measureText(gesture, style: Self.gestureStyle).width }
        let capStyle = TextStyle(size: 12, weight: .bold, maximumScale: 1)
        var width = 0.0
        for key in item.keys {
            width += key == "–" ? 16 : max(Self.keyHeight, canvas.measureText(key, style: capStyle).width + 14) + 5
        }
        return width
    }

    private func drawColumn(_ sections: [Section], in canvas: DrawingCanvas, x: Double, y: Double, width: Double) {
        var y = y
        var lead = 0.0
        for section in sections { for item in section.items { lead = max(lead, leadWidth(item, canvas: canvas)) } }
        let keyColumn = min(lead + 12, width * 0.55)
        for section in sections {
            canvas.drawText(section.heading, in: Rect(x: x, y: y, width: width, height: Self.sectionTitleHeight),
                            style: TextStyle(size: 11, weight: .bold, color: GalleryTheme.accent, maximumScale: 1), alignment: .leading)
            y += Self.sectionTitleHeight
            for item in section.items {
                if let gesture = item.gesture {
                    canvas.drawText(gesture, in: Rect(x: x, y: y, width: keyColumn, height: Self.rowHeight),
                                    style: Self.gestureStyle, alignment: .leading)
                } else {
                    var kx = x
                    for key in item.keys {
                        if key == "–" {   // a range: "1 – 5"
                            canvas.drawText("–", in: Rect(x: kx - 2, y: y, width: 14, height: Self.rowHeight),
                                            style: TextStyle(size: 13, color: GalleryTheme.overlaySecondary, maximumScale: 1), alignment: .center)
                            kx += 16
                            continue
                        }
                        kx += GalleryTheme.keyCap(key, at: Point(x: kx, y: y + 3), height: Self.keyHeight, in: canvas) + 8
                    }
                }
                canvas.drawText(item.action, in: Rect(x: x + keyColumn, y: y, width: max(0, width - keyColumn), height: Self.rowHeight),
                                style: Self.actionStyle, alignment: .leading)
                y += Self.rowHeight
            }
            y += Self.sectionGap
        }
    }
}
