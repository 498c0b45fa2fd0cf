// TextMeasurer, how text layout measures glyphs, with FontMetrics and ApproximateTextMeasurer (no fonts needed).

/// The vertical metrics of a font at one size, in points.
public struct FontMetrics: Sendable, Hashable {
    /// From the top of a line to its baseline.
    public var ascent: Double
    /// The height of one line (ascent plus descent).
    public var lineHeight: Double
    public init(ascent: Double, lineHeight: Double) {
        self.ascent = ascent; self.lineHeight = lineHeight
    }
}

/// What ``TextLayout`` needs to know about fonts: shaped glyphs, glyph advances and line metrics, in points.
///
/// ScrollKit has no fonts of its own. ScrollKitSDL's `FontTextMeasurer` answers with SDL2_ttf's
/// metrics (`FontTextMeasurer.shared`, or `SDLCanvas.textMeasurer` for the canvas's pixel scale);
/// ``ApproximateTextMeasurer`` answers without fonts, like ``RecordingCanvas/measureText(_:style:)``.
///
/// A measurer is called once per Unicode scalar laid out, so it should answer in O(1) (cache
/// per scalar, size and weight). ``TextLayout`` never passes a style whose size is NaN, infinite or
/// zero and below (it lays such runs out as zero-sized without asking), and treats a NaN, infinite
/// or negative answer as 0.
@MainActor
public protocol TextMeasurer: AnyObject {
    /// Ascent and line height of the font of `style` (its size and weight; colour is ignored).
    func fontMetrics(for style: TextStyle) -> FontMetrics
    /// How far the pen moves after `scalar` in the font of `style`.
    func advance(of scalar: Unicode.Scalar, style: TextStyle) -> Double
    /// Shapes `scalars[range]`, one style and one direction (a bidi level run; the rest of `scalars` is
    /// context), appending its glyphs to `glyphs` in visual order, left to right: ligatures, kerning,
    /// joining and marks as the fonts have them, and fallback fonts for what the style's font lacks.
    /// Clusters are offsets into `scalars`, never decreasing left to right, or never increasing right to
    /// left. The default (in an extension) places one glyph per scalar at ``advance(of:style:)``.
    func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, style: TextStyle, direction: ReadingDirection,
               into glyphs: inout [ShapedGlyph])
    /// The base name of the file behind `font` (a ``ShapedGlyph/font``) for `style`, for diagnostics
    /// (`scrollkit-demo text --json`).
    func fontName(of font: Int, style: TextStyle) -> String
}

/// A ``TextMeasurer`` without fonts, for tests and pure layout code: every Unicode scalar is
/// 0.6 × the point size wide, a line is 1.2 × the point size tall with its baseline at 0.95 × the size
/// (the same approximation as ``RecordingCanvas/measureText(_:style:)``).
@MainActor
public final class ApproximateTextMeasurer: TextMeasurer {
    /// One shared instance (it has no state).
    public static let shared = ApproximateTextMeasurer()
    public init() {}
    public func fontMetrics(for style: TextStyle) -> FontMetrics {
        FontMetrics(ascent: style.size * 0.95, lineHeight: style.size * 1.2)
    }
    public func advance(of scalar: Unicode.Scalar, style: TextStyle) -> Double { style.size * 0.6 }
}

/// Where text measured without a canvas gets its measurer by default (``StandardCell/defaultTextMeasurer``).
///
/// ScrollKit has no fonts; ScrollKitSDL sets ``make`` to its `FontTextMeasurer.shared` when it is loaded
/// (before `main`), so a `StandardCell.height(…)` asked before any window exists measures with the fonts it
/// will be drawn with. Without ScrollKitSDL it stays nil and ``ApproximateTextMeasurer`` is used.
public enum TextMeasurerDefault {
    /// Makes the default measurer (called once, on first use).
    nonisolated(unsafe) public static var make: (@MainActor () -> any TextMeasurer)?
}

extension TextMeasurerDefault {
    /// The measurer to measure text with when no canvas is at hand (a label's size, a row's height): the real
    /// fonts when ScrollKitSDL is linked (its `FontTextMeasurer.shared`, registered through ``make``), else
    /// ``ApproximateTextMeasurer``. The same as ``StandardCell/defaultTextMeasurer``; set it to use your own.
    ///
    /// ```swift
    /// let size = TextLayout("Hello", style: TextStyle(size: 17), width: 200).size   // measured with it
    /// ```
    @MainActor public static var shared: any TextMeasurer {
        get { StandardCell.defaultTextMeasurer }
        set { StandardCell.defaultTextMeasurer = newValue }
    }
}

extension TextLayout {
    /// Lays out `text` as ``init(_:style:width:maxLines:truncation:alignment:lineSpacing:direction:measurer:)``
    /// does, measured by ``TextMeasurerDefault/shared`` (no canvas needed).
    @MainActor
    public init(_ text: String, style: TextStyle, width: Double, maxLines: Int = 0, truncation: TextTruncation = .tail,
                alignment: TextAlign = .leading, lineSpacing: Double = 0, direction: ReadingDirection? = nil) {
        self.init(text, style: style, width: width, maxLines: maxLines, truncation: truncation, alignment: alignment,
                  lineSpacing: lineSpacing, direction: direction, measurer: TextMeasurerDefault.shared)
    }
}
