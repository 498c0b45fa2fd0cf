// DrawingCanvas, the protocol views draw through, and the values it takes: TextAlign, TextStyle, ImageRef,
// CircleFill.

/// Horizontal alignment of text within a rectangle.
///
/// `.leading` and `.trailing` are the start and end of the text's own paragraph in ``TextLayout`` (the right edge
/// for an Arabic or Hebrew paragraph), and the left and right edges in ``DrawingCanvas/drawText(_:in:style:alignment:)``,
/// which does not reorder. `.left` and `.right` are physical, whatever the text: what a view asks for when its own
/// layout direction decides the edge (``ViewNode/resolvedAlignment(_:)``), so a column of rows in several scripts
/// lines up on one side, as Flutter's `TextAlign.left`/`.right` and CSS's `left`/`right` do.
public enum TextAlign: Sendable, Hashable {
    case leading, center, trailing
    /// The left edge, whatever the paragraph's direction.
    case left
    /// The right edge, whatever the paragraph's direction.
    case right
}

/// How text is drawn: a point size and a weight. The canvas picks the font file.
///
/// `size` is the size at text scale 1: text is laid out and drawn at `size` × ``ViewNode/textScale`` (the
/// user's *Larger text* setting, 1.0–2.0), at most `size` × ``maximumScale`` (see ``scaled(by:)``).
public struct TextStyle: Sendable, Hashable {
    public enum Weight: Sendable, Hashable { case regular, bold }
    public var size: Double
    public var weight: Weight
    public var color: RGBAColor
    /// The largest factor the text scale may grow this style by: `.infinity` (the default) follows the
    /// setting up to its 2.0; `1` keeps the style at `size` (text in a shape that cannot grow, such as a
    /// badge or a tab bar's label); `1.5` grows it to one and a half times at most. Values below 1, and NaN,
    /// count as 1. As UIKit's `UIFontMetrics.scaledFont(for:maximumPointSize:)`, in a factor.
    public var maximumScale: Double
    public init(size: Double = 16, weight: Weight = .regular, color: RGBAColor = .black,
                maximumScale: Double = .infinity) {
        self.size = size; self.weight = weight; self.color = color; self.maximumScale = maximumScale
    }
}

/// An image a canvas can draw, identified by name (the canvas resolves and caches it).
public struct ImageRef: Sendable, Hashable {
    /// How a canvas prepares an image for the sizes it is drawn at.
    public enum Sizing: Sendable, Hashable {
        /// Decoded once per drawn size, scaled with care at decode, so that each frame is a plain copy: for
        /// images drawn at a few steady sizes (cells, thumbnails). The default.
        case drawnSize
        /// Decoded once at the file's own size and scaled as it is drawn: for images whose drawn size changes
        /// every frame, such as the tiles of a zooming photo (``TiledImageView``). Scaling costs a little per
        /// drawn pixel in every frame (bilinear); pick the level of detail so that it stays within 2x.
        case natural
    }
    public var name: String
    /// How it is prepared (default ``Sizing/drawnSize``).
    public var sizing: Sizing
    public init(_ name: String, sizing: Sizing = .drawnSize) { self.name = name; self.sizing = sizing }
}

/// One circle of a batch drawn by `DrawingCanvas.fillCircles(_:)`: centre and radius in points, a colour.
public struct CircleFill: Sendable, Hashable {
    public var center: Point
    public var radius: Double
    public var color: RGBAColor
    public init(center: Point, radius: Double, color: RGBAColor) {
        self.center = center; self.radius = radius; self.color = color
    }
}

/// Where views draw. Coordinates are logical points; the canvas maps them to pixels.
///
/// ScrollKitSDL implements it on an SDL renderer; tests use a recording canvas. A canvas that draws by
/// damage also implements ``DamageTrackingCanvas``.
/// Clips nest: `pushClip` intersects with the current clip, `popClip` restores the previous one.
///
/// Translations nest too: `pushTranslation(dx:dy:)` moves the origin of every later call (shapes,
/// text, images and `pushClip` rects) by `dx`, `dy` points on top of the translation in force, and
/// `popTranslation()` restores the previous one. A clip is fixed on the target when it is pushed:
/// changing the translation afterwards does not move it. `clear` and `size` ignore translations.
/// A container draws a child laid out at (0, 0) like this:
///
/// ```swift
/// canvas.pushTranslation(dx: content.minX, dy: content.minY)
/// canvas.pushClip(Rect(origin: .zero, size: content.size))
/// child.draw(in: canvas)
/// canvas.popClip()
/// canvas.popTranslation()
/// ```
@MainActor
public protocol DrawingCanvas: AnyObject {
    /// The drawable area in points.
    var size: Size { get }
    func clear(_ color: RGBAColor)
    func fill(_ rect: Rect, color: RGBAColor)
    func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBAColor)
    func strokeRect(_ rect: Rect, color: RGBAColor, width: Double)
    func drawLine(from: Point, to: Point, color: RGBAColor, width: Double)
    /// Connected line segments through `points`.
    func drawPolyline(_ points: [Point], color: RGBAColor, width: Double)
    func fillCircle(center: Point, radius: Double, color: RGBAColor)
    /// Fills every circle of `circles` in order (later ones on top): the same pixels as calling
    /// `fillCircle` for each, which is what the default implementation does. A canvas may draw a batch
    /// faster (SDLCanvas's software target rasterises it in bands on two threads).
    func fillCircles(_ circles: [CircleFill])
    /// Draws `text` inside `rect`, vertically centred, aligned horizontally as asked.
    func drawText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign)
    /// The size `text` takes in `style`.
    func measureText(_ text: String, style: TextStyle) -> Size
    /// Draws a laid-out text with its top-left corner at `origin`: each glyph at its place in the
    /// layout, in its run's style. Does not lay out again. The default implementation draws each line's
    /// runs with `drawText` (SDLCanvas draws the glyphs one by one from its atlas, allocation-free).
    func drawTextLayout(_ layout: TextLayout, at origin: Point)
    /// Draws an image scaled into `rect` with an opacity in 0...1.
    func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double)
    func pushClip(_ rect: Rect)
    func popClip()
    /// Moves the origin of the calls that follow by `dx`, `dy` points, added to the translation in
    /// force (NaN or infinite components count as 0). O(1).
    func pushTranslation(dx: Double, dy: Double)
    /// Restores the translation in force before the matching `pushTranslation`. Without one, does nothing.
    func popTranslation()

    /// Starts preparing `image` for drawing at `size` (points) if it is not ready, and returns whether it is:
    /// whether `drawImage` would draw the image itself now rather than a placeholder. A view with something
    /// else to show meanwhile (``TiledImageView`` shows a coarser level) asks first. The default: true.
    func prepareImage(_ image: ImageRef, size: Size) -> Bool
    /// Device pixels per point (2 on a 2x display). The default: 1.
    var pixelScale: Double { get }
    /// This canvas as a ``DamageTrackingCanvas`` (a canvas that draws by damage), or nil: the default for a
    /// plain canvas, which draws every frame whole; a ``DamageTrackingCanvas`` answers itself. (A requirement,
    /// not a cast, so that views ask for it every frame at the cost of a call.)
    var damageTracking: (any DamageTrackingCanvas)? { get }
}

extension DrawingCanvas {
    /// Images are always ready.
    public func prepareImage(_ image: ImageRef, size: Size) -> Bool { true }
    /// One pixel per point.
    public var pixelScale: Double { 1 }
    /// A plain canvas: nil.
    public var damageTracking: (any DamageTrackingCanvas)? { nil }
}

extension DrawingCanvas {
    /// Draws each line's stretches of one style with `drawText`, leading-aligned from the stretch's
    /// first glyph in a rect as tall as the line (so mixed sizes are centred on the line, not on one
    /// baseline). Allocates a string per stretch. A NaN or infinite origin draws nothing.
    public func drawTextLayout(_ layout: TextLayout, at origin: Point) {
        guard origin.x.isFinite, origin.y.isFinite else { return }
        for line in layout.lines {
            var start = line.glyphs.lowerBound
            while start < line.glyphs.upperBound {
                let styleIndex = layout.glyphs[start].styleIndex
                var end = start
                var text = String.UnicodeScalarView()
                while end < line.glyphs.upperBound, layout.glyphs[end].styleIndex == styleIndex {
                    text.append(layout.glyphs[end].scalar); end += 1
                }
                let x0 = layout.glyphs[start].x
                let x1 = end < line.glyphs.upperBound ? layout.glyphs[end].x : line.x + line.width
                drawText(String(text), in: Rect(x: origin.x + x0, y: origin.y + line.top, width: max(x1 - x0, 0),
                                                height: line.height),
                         style: layout.styles[styleIndex], alignment: .leading)
                start = end
            }
        }
    }

    /// Calls `fillCircle` for each circle, in order.
    public func fillCircles(_ circles: [CircleFill]) {
        for circle in circles { fillCircle(center: circle.center, radius: circle.radius, color: circle.color) }
    }
}
