// SDLCanvas as DamageTrackingCanvas (frames, scrolled content and call groups through its damage canvas) and
// as DamageBackend (replay state, moving pixels, text ink bounds, image states).

import CSDL2
import CScrollKitPixels
import ScrollKit
import ScrollKitDamage

// SDLCanvas and the damage renderer (ScrollKitDamage's `DamageCanvas`). With `tracksDamage` on a software
// target, the canvas's drawing calls go to its damage canvas, which records the frame and at `endFrame()`
// moves scrolled pixels and replays what changed back here; SDLCanvas only executes calls (as the
// `DamageBackend` below: state set per call, pixels moved with `sk_move_rect`).

extension SDLCanvas: DamageTrackingCanvas {
    /// What the last ``endFrame()`` did (all zero, `tracked` false, when the frame was not drawn by damage).
    public var lastDamage: DamageReport { damage.lastDamage }

    /// Draws the next tracked frame whole (after pixels of the target were changed behind the canvas).
    public func setNeedsFullRedraw() { damage.setNeedsFullRedraw() }

    /// The pixel rectangles of the target that the last ``endFrame()`` may have changed (pixels moved with
    /// their scrolled content, then the rectangles drawn again; they may overlap), when ``lastDamage`` is
    /// `tracked`: what a window needs to present (the window host does). Empty when nothing changed. When
    /// the frame was not tracked, any pixel may have changed: present the whole target. Valid until the next
    /// frame ends (the array is reused).
    public var changedRects: [PixelRect] { damage.changedRects }

    /// Ends a frame begun by ``beginFrame()``. With ``tracksDamage`` on a software target, the frame's
    /// calls were recorded: this compares them with the last frame's, moves scrolled pixels, and draws
    /// what changed (`DamageCanvas.endFrame()`). Otherwise it does nothing. Hosts call it after
    /// `HostClient.draw(in:)`, before presenting.
    /// - Returns: whether any pixel may have changed since the last frame (false: nothing to present).
    @discardableResult
    public func endFrame() -> Bool {
        damage.endFrame()
    }

    // MARK: DamageTrackingCanvas

    /// Starts a scroll view's content: the origin is rounded to whole device pixels and the content is
    /// drawn translated there (returns `.zero`, the origin in the new coordinates). See
    /// `DamageTrackingCanvas.beginScrolledContent(origin:)`.
    public func beginScrolledContent(origin: Point) -> Point {
        if damage.isRecording { return damage.beginScrolledContent(origin: origin) }
        let s = pixelScale
        let x = origin.x.isFinite ? origin.x : 0, y = origin.y.isFinite ? origin.y : 0
        translationStack.append(SIMD2(tx, ty))
        tx = Self.pixelRound((x + tx) * s) / s
        ty = Self.pixelRound((y + ty) * s) / s
        scrolledDepth += 1
        return .zero
    }

    /// Ends the content begun by the matching ``beginScrolledContent(origin:)``.
    public func endScrolledContent() {
        if damage.isRecording { return damage.endScrolledContent() }
        guard scrolledDepth > 0 else { return }
        scrolledDepth -= 1
        if let previous = translationStack.popLast() { tx = previous.x; ty = previous.y }
    }

    /// Marks `rect` (current coordinates) as changed in this frame (see `ViewNode.setNeedsDisplay()`).
    public func invalidate(_ rect: Rect) {
        if damage.isRecording { damage.invalidate(rect) }
    }

    /// See `DamageTrackingCanvas.drawCallGroup(id:key:_:)`: while recording, the damage canvas may take the
    /// group's calls from the last frame (`DamageCanvas.drawCallGroup`); otherwise `draw` is called.
    public func drawCallGroup(id: CallGroupID, key: CallGroupKey, _ draw: () -> Void) {
        if damage.isRecording { damage.drawCallGroup(id: id, key: key, draw) } else { draw() }
    }
}

extension SDLCanvas: DamageBackend {
    /// The software target's size: its pixels stay from one frame to the next. Nil on a GPU renderer.
    public var retainedPixelSize: PixelPoint? {
        directSurface.map { PixelPoint(x: $0.pointee.w, y: $0.pointee.h) }
    }

    /// Sets exactly `clip` and the translation (`tx`, `ty`) for the next calls (a replay).
    public func setReplayState(clip: PixelRect, tx: Double, ty: Double) {
        let sdlClip = SDL_Rect(x: clip.x, y: clip.y, w: max(0, clip.w), h: max(0, clip.h))
        clipStack.removeAll(keepingCapacity: true)
        clipStack.append(sdlClip)
        clipIsEmpty = sdlClip.w <= 0 || sdlClip.h <= 0
        var rect = sdlClip
        SDL_RenderSetClipRect(renderer, &rect)
        self.tx = tx
        self.ty = ty
    }

    /// No clip, no translation; the frame complete in the target (later frames move its pixels).
    public func endReplay() {
        resetClip()
        resetTranslation()
        SDL_RenderFlush(renderer)
    }

    /// Moves the target's pixels of `rect` by `delta` (`memmove` per row).
    public func movePixels(in rect: PixelRect, by delta: PixelPoint) {
        guard let surface = directSurface else { return }
        let dst = rect.intersection(rect.offsetBy(delta))
        guard !dst.isEmpty else { return }
        SDL_RenderFlush(renderer)
        sk_move_rect(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), surface.pointee.pitch / 4,
                     dst.x, dst.y, dst.w, dst.h, delta.x, delta.y)
    }

    /// Strokes `points` (a replayed polyline).
    public func drawPolyline(_ points: ArraySlice<Point>, color: RGBAColor, width: Double) {
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite, points.count >= 2 else { return }
        strokePolyline(points, color: color, width: width)
    }

    /// The ink of `text` drawn glyph by glyph (its line's box, with a pixel to spare), or nil.
    public func textInkBounds(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign,
                              tx: Double, ty: Double) -> PixelRect? {
        let savedTx = self.tx, savedTy = self.ty
        self.tx = tx
        self.ty = ty
        defer { self.tx = savedTx; self.ty = savedTy }
        return glyphTextBounds(text, in: rect, style: style, alignment: alignment).map {
            PixelRect(x: $0.x, y: $0.y, w: $0.w, h: $0.h)
        }
    }

    /// What the image library has for `image` at `rect`'s size: an entry decoded (drawn by the exact
    /// bilinear kernel, redrawn in part; or blitted by SDL, whose blended blit rounds by where a clip starts
    /// a row: drawn whole), a stand-in while it decodes, a failure.
    public func imageState(_ image: ImageRef, in rect: Rect, opacity: Double) -> DamageImageState {
        guard let key = ImageLibrary.key(for: image, size: rect.size, pixelScale: pixelScale) else {
            return DamageImageState(identity: 0, redrawsInPart: false)
        }
        switch images.lookup(key) {
        case .ready(let entry):
            return DamageImageState(identity: UInt(bitPattern: ObjectIdentifier(entry)),
                                    redrawsInPart: Self.drawsExactly(entry, alpha: min(opacity, 1), on: directSurface))
        case .pending(let standIn):
            return DamageImageState(identity: standIn.map { UInt(bitPattern: ObjectIdentifier($0)) | 1 } ?? 2,
                                    redrawsInPart: false)
        case .failed:
            return DamageImageState(identity: 3, redrawsInPart: false)
        }
    }
}
