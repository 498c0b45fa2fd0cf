// The tv scene's posters and hero: TVPosterSource, TVPosterCell (a poster that lifts when focused), TVArt (the
// posters' self-drawn art and titles: no images, nothing licensed from anyone), TVHero and TVLook.

import Motion
import ScrollKit
import ScrollKitSDL

/// A row's posters.
@MainActor
final class TVPosterSource: ListDataSourceAccessibility {
    var row = 0
    weak var state: TVState?
    var metrics = TVMetrics(size: Size(width: 1280, height: 720))

    var numberOfItems: Int { TVScene.postersPerRow }
    var fixedItemSize: Double? { metrics.posterWidth }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(TVPosterCell.self, for: index)
        cell.key = TVPosterKey(row: row, poster: index)
        cell.state = state
        cell.radius = metrics.radius
        cell.compact = metrics.compact
        cell.accessibilityLabel = TVArt.title(row: row, poster: index)
        return cell
    }

    func accessibilityLabel(ofItem index: Int) -> String? { TVArt.title(row: row, poster: index) }
}

/// A poster: self-drawn art with its title. Focused, it lifts: it grows by up to 10 % and casts a soft shadow
/// (the theme's shadow colour; in a dark theme a light rim too, since a shadow does not show on black).
@MainActor
final class TVPosterCell: ListCell {
    var key = TVPosterKey(row: 0, poster: 0)
    weak var state: TVState?
    var radius = 12.0
    var compact = false

    override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {}   // the lift is the focus look

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let lift = state?.lift(key) ?? (isFocused ? 1 : 0)
        let scale = 1 + 0.1 * lift
        let w = frame.width * scale, h = frame.height * scale
        let rect = Rect(x: frame.midX - w / 2, y: frame.midY - h / 2 - 2 * lift, width: w, height: h)
        let r = radius * scale
        if lift > 0 {
            // The shadow: a dozen rounded rectangles, each a little wider and offset down, each faint: together a
            // soft edge rather than rings.
            let shadow = TVLook.shadow
            for k in 1...12 {
                let spread = Double(k) * 1.4 * lift
                canvas.fillRoundedRect(rect.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: 8 * lift),
                                       radius: r + spread, color: shadow.withAlphaValue(Double(shadow.a) * 0.055 * lift))
            }
            canvas.fillRoundedRect(rect.insetBy(dx: -2.5 * lift, dy: -2.5 * lift), radius: r + 2.5 * lift,
                                   color: TVLook.rim.withAlphaValue(255 * lift))
        }
        TVArt.draw(row: key.row, poster: key.poster, in: rect, radius: r, compact: compact, canvas: canvas)
        if isHighlighted { canvas.fillRoundedRect(rect, radius: r, color: RGBAColor.black.withAlphaValue(70)) }
    }
}

/// The posters' art: made from the poster's row and place (a palette, a sky, a motif), and their titles.
/// All drawn here with rectangles and circles: no image files, so nothing to license.
enum TVArt {
    static let rowTitles = ["Continue watching", "Trending now", "New releases", "Documentaries", "For kids", "Music and concerts"]
    static let titles = [
        "Lagoon", "Harbor", "Glacier", "Tide", "Meadow", "Canopy", "Saffron", "Ember", "Coral", "Orchid",
        "Bloom", "Skyline", "Fjord", "Dune", "Nebula", "Cinder", "Cove", "Fern", "Sunset", "Aurora",
        "Atlas", "Basalt", "Cirrus", "Delta", "Estuary", "Flint", "Grove", "Haze", "Isle", "Juniper",
    ]
    static let genres = ["Drama", "Comedy", "Thriller", "Nature", "Animation", "Concert"]
    static let palette: [(UInt32, UInt32, UInt32)] = [
        (0x1D2B64, 0xF8CDDA, 0xFFB36B), (0x0F3443, 0x34E89E, 0xE9FFF3), (0x41295A, 0x2F0743, 0xFF6F91),
        (0x0B486B, 0xF56217, 0xFFE29F), (0x16222A, 0x3A6073, 0xB7E4F9), (0x5A3F37, 0x2C7744, 0xF4E285),
        (0x3A1C71, 0xD76D77, 0xFFAF7B), (0x134E5E, 0x71B280, 0xF1F7C8), (0x232526, 0x414345, 0xF2C94C),
        (0x4B134F, 0xC94B4B, 0xFFD3A5), (0x1F4037, 0x99F2C8, 0x0B3D2E), (0x2C3E50, 0xFD746C, 0xFFE8D6),
    ]

    /// Poster `poster`'s title in row `row` (titles rotate from row to row, none twice in a row).
    static func title(row: Int, poster: Int) -> String {
        titles[(row * 7 + poster) % titles.count]
    }

    static func blurb(row: Int, poster: Int) -> String {
        let year = 2019 + (row * 3 + poster) % 8
        let minutes = 84 + (row * 13 + poster * 7) % 70
        return "\(year) · \(genres[(row + poster) % genres.count]) · \(minutes / 60) h \(minutes % 60) min"
    }

    /// Draws the poster's art into `rect`.
    @MainActor
    static func draw(row: Int, poster: Int, in rect: Rect, radius: Double, compact: Bool, labelled: Bool = true,
                     canvas: any DrawingCanvas) {
        let seed = row * 31 + poster * 17
        let (top, bottom, accent) = palette[seed % palette.count]
        let topColor = RGBAColor(hex: top), bottomColor = RGBAColor(hex: bottom), accentColor = RGBAColor(hex: accent)
        canvas.fillRoundedRect(rect, radius: radius, color: topColor)
        // The sky: bands from the top colour to the bottom colour, inside the corners.
        let bands = max(12, Int(rect.height / 6))
        let inner = rect.insetBy(dx: 0, dy: radius)
        for b in 0..<bands {
            let y0 = inner.minY + inner.height * Double(b) / Double(bands)
            let band = Rect(x: rect.minX, y: y0, width: rect.width, height: inner.height / Double(bands) + 1)
            canvas.fill(band, color: topColor.mixed(with: bottomColor, fraction: Double(b + 1) / Double(bands)))
        }
        canvas.fillRoundedRect(Rect(x: rect.minX, y: rect.maxY - 2 * radius, width: rect.width, height: 2 * radius),
                               radius: radius, color: bottomColor)
        // The motif, clipped to the poster's inside (clear of the corners).
        canvas.pushClip(rect.insetBy(dx: radius * 0.3, dy: radius * 0.3))
        let cx = rect.minX + rect.width * (0.3 + 0.4 * Double((seed * 7) % 10) / 10)
        let art = Rect(x: rect.minX + 6, y: rect.minY + 6, width: rect.width - 12, height: rect.height * 0.62)
        switch seed % 4 {
        case 0:   // a sun over hills
            canvas.fillCircle(center: Point(x: cx, y: art.minY + art.height * 0.45), radius: art.width * 0.2, color: accentColor)
            for k in 0..<3 {
                let hill = Double(k)
                canvas.fillCircle(center: Point(x: art.minX + art.width * (0.2 + 0.35 * hill), y: art.maxY + art.width * 0.35),
                                  radius: art.width * (0.55 - 0.08 * hill), color: bottomColor.mixed(with: .black, fraction: 0.15 + 0.1 * hill))
            }
        case 1:   // rings
            for k in 0..<4 {
                let rr = art.width * (0.42 - 0.09 * Double(k))
                canvas.fillCircle(center: Point(x: cx, y: art.midY), radius: rr,
                                  color: k % 2 == 0 ? accentColor : topColor.mixed(with: bottomColor, fraction: 0.5))
            }
        case 2:   // a peak: stacked slices
            let slices = 14
            for k in 0..<slices {
                let f = Double(k + 1) / Double(slices)
                let wk = art.width * 0.9 * f
                canvas.fill(Rect(x: cx - wk / 2, y: art.minY + art.height * 0.2 + art.height * 0.8 * Double(k) / Double(slices),
                                 width: wk, height: art.height * 0.8 / Double(slices) + 0.5),
                            color: k < 3 ? RGBAColor.white.withAlphaValue(230) : bottomColor.mixed(with: .black, fraction: 0.25))
            }
        default:  // bubbles
            for k in 0..<6 {
                let x = art.minX + art.width * Double((seed + k * 37) % 100) / 100
                let y = art.minY + art.height * Double((seed * 3 + k * 53) % 100) / 100
                canvas.fillCircle(center: Point(x: x, y: y), radius: art.width * (0.06 + 0.03 * Double(k % 3)),
                                  color: accentColor.withAlphaValue(Double(120 + 20 * (k % 4))))
            }
        }
        canvas.popClip()
        guard labelled else { return }
        // The title over a darkened foot.
        let foot = Rect(x: rect.minX, y: rect.maxY - rect.height * 0.3, width: rect.width, height: rect.height * 0.3)
        canvas.fillRoundedRect(foot, radius: radius, color: RGBAColor.black.withAlphaValue(90))
        canvas.fill(Rect(x: foot.minX, y: foot.minY, width: foot.width, height: min(radius, foot.height / 2)),
                    color: RGBAColor.black.withAlphaValue(90))
        canvas.drawText(title(row: row, poster: poster), in: foot.insetBy(dx: compact ? 6 : 10, dy: 0),
                        style: TextStyle(size: compact ? 12 : max(13, (rect.width / 9).rounded()), weight: .bold, color: .white,
                                         maximumScale: TextScale.controlMaximum),
                        alignment: .center)
    }
}

/// The hero area: the focused poster's art large at the trailing side, fading into the background, with its
/// title, a line about it, and how to drive the screen.
@MainActor
final class TVHero: ViewNode {
    weak var state: TVState?

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: TVLook.background)
        guard let state, frame.width > 0, frame.height > 0 else { return }
        let m = state.metrics
        let key = state.hero
        let rtl = isRightToLeft
        // The art: the poster's, wide, on the trailing 60 %, faded into the background toward the leading side.
        let artWidth = (frame.width * 0.6).rounded()
        let art = Rect(x: rtl ? frame.minX : frame.maxX - artWidth, y: frame.minY, width: artWidth, height: frame.height)
        canvas.pushClip(art)
        TVArt.draw(row: key.row, poster: key.poster, in: art.insetBy(dx: 0, dy: -40).offsetBy(dx: 0, dy: 20),
                   radius: 0, compact: false, labelled: false, canvas: canvas)
        canvas.popClip()
        // Strips on whole points, none overlapping (an overlap would show as a darker line).
        let fadeWidth = (art.width * 0.55).rounded()
        let steps = Int(fadeWidth / 3)
        for k in 0..<steps {
            let f = Double(k) / Double(steps)
            let a = (Double(k) * 3), b = (Double(k + 1) * 3)
            let x = rtl ? art.maxX - b : art.minX + a
            canvas.fill(Rect(x: x, y: art.minY, width: b - a, height: art.height),
                        color: TVLook.background.withAlphaValue(255 * (1 - f) * (1 - f) + 0))
        }
        // And into the rows below: a short fade along the bottom edge.
        for k in 0..<12 {
            let f = Double(k + 1) / 12
            canvas.fill(Rect(x: art.minX, y: art.maxY - 36 + 3 * Double(k), width: art.width, height: 3),
                        color: TVLook.background.withAlphaValue(255 * f))
        }
        // The words.
        let inset = m.sideInset
        let textWidth = max(0, frame.width * (m.compact ? 0.6 : 0.45))
        let x = rtl ? frame.maxX - inset - textWidth : frame.minX + inset
        let leading = resolvedAlignment(.leading)
        let titleSize = m.compact ? 22.0 : 40.0
        var y = frame.minY + frame.height * (m.compact ? 0.12 : 0.2)
        canvas.drawText(TVArt.title(row: key.row, poster: key.poster), in: Rect(x: x, y: y, width: textWidth, height: titleSize * 1.3),
                        style: TextStyle(size: titleSize, weight: .bold, color: TVLook.label, maximumScale: TextScale.controlMaximum),
                        alignment: leading)
        y += titleSize * 1.35
        let line = state.openedTitle.map { "Opened “\($0)”" } ?? TVArt.blurb(row: key.row, poster: key.poster)
        canvas.drawText(line, in: Rect(x: x, y: y, width: textWidth, height: m.compact ? 18 : 24),
                        style: TextStyle(size: m.compact ? 12 : 17, color: TVLook.secondary, maximumScale: TextScale.controlMaximum),
                        alignment: leading)
        y += m.compact ? 22 : 34
        let row = TVArt.rowTitles[key.row % TVArt.rowTitles.count]
        canvas.drawText("\(row) · \(key.poster + 1) of \(TVScene.postersPerRow)", in: Rect(x: x, y: y, width: textWidth, height: m.compact ? 16 : 20),
                        style: TextStyle(size: m.compact ? 11 : 14, color: TVLook.secondary, maximumScale: TextScale.controlMaximum),
                        alignment: leading)
        guard frame.height >= 150 else { return }
        let hint = frame.width >= 900 ? "Arrows or D-pad move · Return or A opens · Esc or B back · knob turns"
            : "D-pad moves · A opens · B back"
        canvas.drawText(hint, in: Rect(x: frame.minX + inset, y: frame.maxY - (m.compact ? 26 : 36), width: max(0, frame.width - 2 * inset), height: 20),
                        style: TextStyle(size: m.compact ? 10 : 13, color: TVLook.secondary, maximumScale: TextScale.controlMaximum),
                        alignment: leading)
    }

    override var isOpaque: Bool { true }
}

/// The scene's colours: the window theme's tokens, so it reads in light and dark.
@MainActor
enum TVLook {
    static var background: RGBAColor { galleryColors.background }
    static var label: RGBAColor { galleryColors.label }
    static var secondary: RGBAColor { galleryColors.secondaryLabel }
    static var shadow: RGBAColor { galleryColors.shadow.withAlphaValue(255) }
    /// The lifted poster's rim: the label colour (dark on light, light on dark), so the focus shows in either.
    static var rim: RGBAColor { galleryColors.label }
}
