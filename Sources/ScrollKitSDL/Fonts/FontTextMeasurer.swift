// FontTextMeasurer: a TextMeasurer on SDL2_ttf and HarfBuzz, placing glyphs on whole pixels (shaping: +Shaping).

import CSDL2_ttf
import ScrollKit

/// A ``TextMeasurer`` on SDL2_ttf and HarfBuzz: shaped runs (``shape(_:range:style:direction:into:)``:
/// ligatures, kerning, joining, marks, fallback fonts through fontconfig, colour emoji), glyph advances and
/// line metrics of a ``FontLibrary``'s faces, as drawn at `pixelScale` (advances are whole pixels at the
/// pixel size `points × pixelScale`, then converted back to points), so a layout made with it places each
/// glyph on a whole pixel.
///
/// Use ``shared`` (the shared font library at 1x) where there is no canvas, for example in a data
/// source's `sizeOfItem(at:)`, or ``SDLCanvas/textMeasurer`` for a canvas's own scale (a layout made at
/// 1x and drawn at 2x is crisp too; its glyphs keep their 1x spacing, within a pixel of the 2x one).
///
/// Complexity: O(1) per call after the first for a scalar, size and weight (cached; the cache is
/// bounded: it is emptied when it reaches 65,536 entries). Shaping: O(run) once per run text, size,
/// weight and direction, then one hash lookup (runs kept within a 16 MiB byte budget, least recently used out
/// first: `RunShaper.cacheBudget`); a fallback font is looked up once
/// per scalar.
///
/// ## Bad input
/// A size that is NaN, infinite or under half a pixel measures as 0 (no advance, no height). A font
/// that cannot be opened (a broken installation) measures with ``ApproximateTextMeasurer``'s rule and
/// keeps the error in ``lastError``. A scalar the font lacks measures as the font's missing-glyph box.
@MainActor
public final class FontTextMeasurer: TextMeasurer {
    /// The shared font library at 1x.
    public static let shared = FontTextMeasurer()

    public let fonts: FontLibrary
    /// Pixels per point the metrics are rounded at (sanitised: NaN, infinite or non-positive is 1).
    public let pixelScale: Double
    /// The last error opening a font, if any.
    public private(set) var lastError: SDLError?

    private var advances: [GlyphKey: Double] = [:]
    /// HarfBuzz shaping with fallback fonts, and its cache of shaped runs.
    let shaper = RunShaper()
    private var metrics: [GlyphFaceKey: FontMetrics] = [:]

    public init(fonts: FontLibrary = .shared, pixelScale: Double = 1) {
        self.fonts = fonts
        self.pixelScale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        advances.reserveCapacity(512)
    }

    func pixelSize(_ points: Double) -> Int32? {
        let pixels = (points * pixelScale).rounded()
        guard pixels.isFinite, pixels >= 1 else { return nil }
        return Int32(min(pixels, Double(FontLibrary.maxPixelSize)))
    }

    public func fontMetrics(for style: TextStyle) -> FontMetrics {
        guard let size = pixelSize(style.size) else { return FontMetrics(ascent: 0, lineHeight: 0) }
        let key = GlyphFaceKey(pixelSize: size, weight: style.weight)
        if let cached = metrics[key] { return cached }
        let measured: FontMetrics
        do {
            let font = try fonts.font(for: style.weight, pixelSize: size)
            measured = FontMetrics(ascent: Double(TTF_FontAscent(font)) / pixelScale,
                                   lineHeight: Double(TTF_FontHeight(font)) / pixelScale)
        } catch {
            lastError = error as? SDLError
            return ApproximateTextMeasurer.shared.fontMetrics(for: style)
        }
        metrics[key] = measured
        return measured
    }

    public func advance(of scalar: Unicode.Scalar, style: TextStyle) -> Double {
        guard let size = pixelSize(style.size) else { return 0 }
        let key = GlyphKey(scalar: scalar.value, pixelSize: size, weight: style.weight)
        if let cached = advances[key] { return cached }
        let font: OpaquePointer
        do { font = try fonts.font(for: style.weight, pixelSize: size) } catch {
            lastError = error as? SDLError
            return ApproximateTextMeasurer.shared.advance(of: scalar, style: style)
        }
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        let value: Double
        if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
            value = 0   // tabs, joiners, bidi marks: no visible advance
        } else if TTF_GlyphMetrics32(font, scalar.value, &minX, &maxX, &minY, &maxY, &advance) == 0 {
            value = Double(max(advance, 0)) / pixelScale
        } else {
            value = 0
        }
        if advances.count >= 65_536 { advances.removeAll(keepingCapacity: true) }
        advances[key] = value
        return value
    }
}
