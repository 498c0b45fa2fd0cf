// The hooks of a canvas that draws by damage (ScrollKitDamage's `DamageCanvas`, ScrollKitSDL's `SDLCanvas`),
// apart from `DrawingCanvas` so that a plain canvas implements drawing only; and the view-side forms that
// reach them through any canvas (`callGroup(id:key:_:)`, `damageTracking`).

/// A canvas that compares frames and draws only what changed: it needs to know where scrolled content is,
/// what views invalidated, and which groups of calls stay the same.
///
/// Views reach these through any canvas with ``DrawingCanvas/damageTracking`` (nil for a plain canvas, which
/// draws every frame whole) and ``DrawingCanvas/callGroup(id:key:_:)``.
@MainActor
public protocol DamageTrackingCanvas: DrawingCanvas {
    /// Starts content that scrolls: a scroll view calls it around its subviews, after pushing its clip,
    /// with `origin` the point (current coordinates) where its content's origin lands (its frame's
    /// top-left minus its content offset). Returns the origin to lay the subviews out from, in the
    /// coordinates in force after the call. A canvas may round the origin to whole device pixels (as
    /// UIKit does, so that a frame scrolled by moving pixels equals a redrawn one) and translate the content
    /// instead of offsetting it: then it returns `.zero`. Calls nest (a carousel in a list's cell); each
    /// needs a matching ``endScrolledContent()``.
    func beginScrolledContent(origin: Point) -> Point
    /// Ends the scrolled content begun by the matching ``beginScrolledContent(origin:)``. Without one,
    /// does nothing.
    func endScrolledContent()
    /// Tells the canvas that the pixels of `rect` (current, translated coordinates) change in this frame
    /// even if the calls drawing them are the same as last frame's (``ViewNode/setNeedsDisplay()`` sends it).
    func invalidate(_ rect: Rect)
    /// Whether ``beginScrolledContent(origin:)`` rounds the content's origin to whole device pixels (then a
    /// list pins its sticky headers to those pixels too).
    var roundsScrolledContent: Bool { get }
    /// Draws a group of calls (`draw` makes them) that draw the same thing every frame they have the same
    /// `key`, at the same translation and clip (a bar that changes only with its state), or, inside a scroll
    /// view's content, at the same place in the content (a cell that only moves with it). The canvas may
    /// take the group's calls from the last frame instead of calling `draw`. `id` names the group (one per
    /// frame); `key` must capture everything the calls depend on besides the translation, clip and canvas.
    func drawCallGroup(id: CallGroupID, key: CallGroupKey, _ draw: () -> Void)
}

extension DamageTrackingCanvas {
    /// Itself.
    public var damageTracking: (any DamageTrackingCanvas)? { self }
}

extension DrawingCanvas {
    /// Draws the calls `draw` makes on this canvas as one call group (see
    /// ``DamageTrackingCanvas/drawCallGroup(id:key:_:)``): a canvas that compares frames may take them from
    /// the last frame while `key` stays the same, without calling `draw`; any other canvas calls `draw`.
    ///
    /// ```swift
    /// canvas.callGroup(id: CallGroupID(of: self), key: CallGroupKey(frame: frame, version: drawingVersion)) { canvas in
    ///     canvas.fill(frame, color: tint)
    /// }
    /// ```
    public func callGroup(id: CallGroupID, key: CallGroupKey, _ draw: (any DrawingCanvas) -> Void) {
        if let tracking = damageTracking {
            tracking.drawCallGroup(id: id, key: key) { draw(tracking) }
        } else {
            draw(self)
        }
    }
}
