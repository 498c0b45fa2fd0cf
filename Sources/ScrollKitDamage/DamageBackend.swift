// DamageBackend, the protocol of a canvas that executes a DamageCanvas's calls (replay state, moving pixels,
// ink bounds), and DamageImageState.

import ScrollKit

// The backend a `DamageCanvas` wraps: the canvas that executes calls on a target whose pixels stay from one
// frame to the next (ScrollKitSDL's `SDLCanvas` on a software target; the tests' pure-Swift rasteriser).

/// What an image call draws in its frame, beyond its arguments: part of the call's identity, so that the
/// same call is drawn again when the image behind it changed (decoded, replaced by a stand-in, failed).
public struct DamageImageState: Sendable, Hashable {
    /// Names what the backend has for the image (equal values: the same pixels for the same call).
    public var identity: UInt
    /// Whether the image may be drawn again in part, clipped to a damaged rect, with the pixels drawing it
    /// whole gives (its kernel writes each pixel from its coordinates alone). When false, an image that a
    /// damaged rect cuts is drawn whole (the rect grows to hold it), and one cut by its own clip is drawn
    /// again every frame it shows.
    public var redrawsInPart: Bool
    /// A state of `identity`, redrawn in part or not.
    public init(identity: UInt, redrawsInPart: Bool) { self.identity = identity; self.redrawsInPart = redrawsInPart }
}

/// A canvas that executes drawing calls for a ``DamageCanvas``: fills, rounded rects, strokes, lines,
/// polylines, circles and batches of circles, text and text layouts, images, clears (its `DrawingCanvas`
/// methods), each under a clip and translation the damage canvas sets (``setReplayState(clip:tx:ty:)``),
/// and whole-pixel moves of the target's pixels.
///
/// For a frame drawn by damage to equal the frame drawn whole, every call must write each pixel from the
/// pixel's coordinates and the call's arguments alone (the clip only decides which pixels are written), and
/// put points on pixels with ``PixelGrid/rect(_:tx:ty:scale:)`` and ``PixelGrid/round(_:)``.
@MainActor
public protocol DamageBackend: DrawingCanvas {
    /// The target's size in pixels when its pixels stay from one frame to the next (a frame can be drawn
    /// by damage), or nil (every frame is drawn whole).
    var retainedPixelSize: PixelPoint? { get }
    /// Sets the state the next calls are executed in: exactly `clip` (pixels, absolute; replaces any clip
    /// pushed) and the translation (`tx`, `ty`) points (replaces any pushed).
    func setReplayState(clip: PixelRect, tx: Double, ty: Double)
    /// Ends a replay: no clip, no translation, the frame complete in the target.
    func endReplay()
    /// Moves the pixels of `rect` by `delta` (the destination `rect` moved, cut to `rect`, is written; the
    /// source is read as it was before the move).
    func movePixels(in rect: PixelRect, by delta: PixelPoint)
    /// Draws connected segments through `points` (as `drawPolyline(_:color:width:)`, without an array).
    func drawPolyline(_ points: ArraySlice<Point>, color: RGBAColor, width: Double)
    /// The pixels `text` drawn in `rect` at translation (`tx`, `ty`) may write, closer than the damage
    /// canvas's generous estimate (its glyphs' ink), or nil to keep the estimate.
    func textInkBounds(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign,
                       tx: Double, ty: Double) -> PixelRect?
    /// What `drawImage(image, in: rect, opacity:)` would draw now (see ``DamageImageState``).
    func imageState(_ image: ImageRef, in rect: Rect, opacity: Double) -> DamageImageState
}

extension DamageBackend {
    /// The estimate stays.
    public func textInkBounds(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign,
                              tx: Double, ty: Double) -> PixelRect? { nil }
    /// Images are plain, always the same, and redrawn in part.
    public func imageState(_ image: ImageRef, in rect: Rect, opacity: Double) -> DamageImageState {
        DamageImageState(identity: 0, redrawsInPart: true)
    }
}
