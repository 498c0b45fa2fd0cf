// DrawingCanvas, the protocol views draw through, and the values it takes: TextAlign, TextStyle, ImageRef,
// CircleFill.

/// Horizontal alignment of text within a rectangle.
public enum TextAlign: Sendable, Hashable {
    case leading, center, trailing
}

/// How text is drawn: a point size and a weight. The canvas picks the font file.
public struct TextStyle: Sendable, Hashable {
    public enum Weight: Sendable, Hashable { case regular, bold }
    public var size: Double
    public var weight: Weight
    public var color: RGBAColor
    public init(size: Double = 16, weight: Weight = .regular, color: RGBAColor = .black) {
        self.size = size; self.weight = weight; self.color = color
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
/// ScrollKitSDL implements it on an SDL renderer; tests use a recording canvas.
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

    /// Starts content that scrolls: a scroll view calls it around its subviews, after pushing its clip,
    /// with `origin` the point (current coordinates) where its content's origin lands (its frame's
    /// top-left minus its content offset). Returns the origin to lay the subviews out from, in the
    /// coordinates in force after the call. A canvas may round the origin to whole device pixels (as
    /// UIKit does: SDLCanvas does, so that a frame scrolled by moving pixels equals a redrawn one) and
    /// translate the content instead of offsetting it: then it returns `.zero`. The default implementation
    /// returns `origin` unchanged (content drawn at exact, unrounded offsets). Calls nest (a carousel in a
    /// list's cell); each needs a matching ``endScrolledContent()``.
    func beginScrolledContent(origin: Point) -> Point
    /// Ends the scrolled content begun by the matching ``beginScrolledContent(origin:)``. Without one,
    /// does nothing.
    func endScrolledContent()
    /// Tells the canvas that the pixels of `rect` (current, translated coordinates) change in this frame
    /// even if the calls drawing them are the same as last frame's (``ViewNode/setNeedsDisplay()``
    /// sends it). A canvas that redraws everything each frame ignores it (the default).
    func invalidate(_ rect: Rect)
    /// Starts preparing `image` for drawing at `size` (points) if it is not ready, and returns whether it is:
    /// whether `drawImage` would draw the image itself now rather than a placeholder. A view with something
    /// else to show meanwhile (``TiledImageView`` shows a coarser level) asks first. The default: true.
    func prepareImage(_ image: ImageRef, size: Size) -> Bool
    /// Starts a group of calls that draw the same thing every frame they have the same `key`, at the same
    /// translation and clip (a bar that changes only with its state), or, inside a scroll view's content,
    /// at the same place in the content (a cell that only moves with it). Returns true when the canvas took
    /// the group's calls from the last frame instead (a canvas that compares frames: SDLCanvas drawing by
    /// damage): the caller draws nothing, and does not call ``endCallGroup()``. Returns false otherwise:
    /// the caller draws the group, then calls ``endCallGroup()``. `id` names the group (one per frame);
    /// `key` must capture everything the calls depend on besides the translation, clip and canvas. The
    /// default: false (nothing is kept).
    func beginCallGroup(id: Int, key: SIMD4<UInt64>) -> Bool
    /// Ends the group begun by ``beginCallGroup(id:key:)`` when it returned false.
    func endCallGroup()
    /// Device pixels per point (2 on a 2x display). The default: 1.
    var pixelScale: Double { get }
    /// Whether ``beginScrolledContent(origin:)`` rounds the content's origin to whole device pixels (then a
    /// list pins its sticky headers to those pixels too). The default: false.
    var roundsScrolledContent: Bool { get }
}

extension DrawingCanvas {
    /// Content drawn at `origin` exactly, unrounded and untranslated.
    public func beginScrolledContent(origin: Point) -> Point { origin }
    /// Nothing to end.
    public func endScrolledContent() {}
    /// Every frame is drawn whole: nothing to do.
    public func invalidate(_ rect: Rect) {}
    /// Images are always ready.
    public func prepareImage(_ image: ImageRef, size: Size) -> Bool { true }
    /// Nothing is kept between frames: always drawn.
    public func beginCallGroup(id: Int, key: SIMD4<UInt64>) -> Bool { false }
    /// Nothing to end.
    public func endCallGroup() {}
    /// One pixel per point.
    public var pixelScale: Double { 1 }
    /// Content is drawn at exact offsets.
    public var roundsScrolledContent: Bool { false }
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
