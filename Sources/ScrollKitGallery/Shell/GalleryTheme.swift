// GalleryTheme: the colours and sizes of the gallery's chrome, and its shadow, card and key-cap drawing helpers.

import ScrollKit

/// Colours, sizes and small drawing helpers of the gallery's chrome (tab bar, HUD, help) and of the
/// sprites and curves scenes.
enum GalleryTheme {
    // Chrome (the dark tab bar).
    static let barBackground = RGBAColor(hex: 0x16181D)
    static let barHairline = RGBAColor(hex: 0x000000, alpha: 160)
    static let segmentTrack = RGBAColor(hex: 0x262A32)
    static let segmentText = RGBAColor(hex: 0xB9BDC6)
    static let segmentNumber = RGBAColor(hex: 0x6F7580)
    static let barHint = RGBAColor(hex: 0x7D838F)

    // Content: the window theme's tokens (light: iOS's grouped greys and white cards).
    @MainActor static var contentBackground: RGBAColor { galleryColors.groupedBackground }
    @MainActor static var card: RGBAColor { galleryColors.cellBackground }
    @MainActor static var cardBorder: RGBAColor { galleryColors.separator.mixed(with: galleryColors.cellBackground, fraction: 0.35) }
    @MainActor static var ink: RGBAColor { galleryColors.label }
    @MainActor static var secondaryInk: RGBAColor { galleryColors.secondaryLabel }
    @MainActor static var tertiaryInk: RGBAColor { galleryColors.tertiaryLabel }
    @MainActor static var grid: RGBAColor { galleryColors.fill }
    @MainActor static var accent: RGBAColor { galleryColors.tint }
    @MainActor static var accentPressed: RGBAColor { galleryColors.pressedTint }
    static let highlight = RGBAColor(hex: 0xFF375F)

    // Overlays (HUD and help).
    static let overlayPanel = RGBAColor(hex: 0x101217, alpha: 225)
    static let overlayText = RGBAColor(hex: 0xF2F3F5)
    static let overlaySecondary = RGBAColor(hex: 0x9AA0AB)
    static let good = RGBAColor(hex: 0x30D158)
    static let warning = RGBAColor(hex: 0xFFD60A)
    static let bad = RGBAColor(hex: 0xFF453A)

    /// A soft shadow under a rounded rectangle: two translucent layers just below it.
    @MainActor
    static func shadow(under rect: Rect, radius: Double, in canvas: DrawingCanvas, strength: Double = 1) {
        let a = max(0, min(strength, 4))
        canvas.fillRoundedRect(Rect(x: rect.minX - 1, y: rect.minY + 1, width: rect.width + 2, height: rect.height + 2),
                               radius: radius + 1, color: RGBAColor(r: 0, g: 0, b: 0, a: UInt8(10 * a)))
        canvas.fillRoundedRect(rect.offsetBy(dx: 0, dy: 1), radius: radius, color: RGBAColor(r: 0, g: 0, b: 0, a: UInt8(18 * a)))
    }

    /// A white card with a hairline border and a soft shadow.
    @MainActor
    static func card(_ rect: Rect, radius: Double = 12, in canvas: DrawingCanvas) {
        guard rect.width > 0, rect.height > 0 else { return }
        shadow(under: rect, radius: radius, in: canvas)
        canvas.fillRoundedRect(rect, radius: radius, color: cardBorder)
        canvas.fillRoundedRect(rect.insetBy(dx: 1, dy: 1), radius: max(0, radius - 1), color: card)
    }

    /// The width of ``keyCap(_:at:height:in:fill:text:)``'s cap for `name`.
    @MainActor
    static func keyCapWidth(_ name: String, height: Double, in canvas: DrawingCanvas) -> Double {
        max(height, canvas.measureText(name, style: TextStyle(size: 12, weight: .bold, maximumScale: 1)).width + 14)
    }

    /// A key cap: a rounded rect with the key's name centred in it; returns its width.
    @MainActor @discardableResult
    static func keyCap(_ name: String, at origin: Point, height: Double, in canvas: DrawingCanvas,
                       fill: RGBAColor = RGBAColor(hex: 0x2C3039), text: RGBAColor = RGBAColor(hex: 0xF2F3F5)) -> Double {
        let style = TextStyle(size: 12, weight: .bold, color: text, maximumScale: 1)
        let width = keyCapWidth(name, height: height, in: canvas)
        let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        canvas.fillRoundedRect(rect.offsetBy(dx: 0, dy: 1.5), radius: 6, color: RGBAColor(r: 0, g: 0, b: 0, a: 120))
        canvas.fillRoundedRect(rect, radius: 6, color: fill)
        canvas.drawText(name, in: rect, style: style, alignment: .center)
        return width
    }
}
