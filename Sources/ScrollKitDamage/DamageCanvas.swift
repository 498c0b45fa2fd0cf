// DamageCanvas: a canvas that records a frame's calls on a DamageBackend, compares them with the last frame's
// and redraws only the damage; its clips, translations, scrolled content, and DamageReport.

import ScrollKit

// The damage renderer: a canvas that wraps a backend whose pixels stay from one frame to the next and
// draws each frame by damage, scrolling by moving pixels.
//
// With `tracksDamage` on, `beginFrame()` starts recording: every drawing call of the frame is kept (its
// arguments, translation and clip) instead of being drawn (Recording.swift). `endFrame()` then
//  1. compares the calls with the last frame's (Matching.swift). Calls inside a scroll view's content
//     (between `beginScrolledContent` and `endScrolledContent`, the outermost scroll views only) are
//     compared in content coordinates, the others on screen. Calls are matched as a multiset (so rows
//     entering at the top do not shift the comparison), and matched calls that changed their order count
//     as changed; call groups taken over from the last frame are matched in advance (CallGroups.swift);
//  2. for each scrolled region whose content origin moved by whole pixels (scroll views draw at
//     device-pixel-rounded offsets) and whose background is one uniform fill (or nothing), moves the
//     region's pixels by that delta (the backend's `movePixels`);
//  3. collects the damage (DamageFinding.swift): the bounds of calls that appeared, disappeared or changed
//     (old bounds where their moved pixels now are), the strips a move exposed, whatever is drawn over a
//     moved region (an indicator, a HUD: its old pixels moved with the content), and what views invalidated;
//  4. draws every call of the frame again through the backend, clipped to each damaged rectangle (calls
//     that miss it are skipped), in order (Replay.swift).
// Since a backend writes each pixel from its own coordinates and the call's arguments alone (clips only
// decide which pixels are written) and pixel positions round halves up (`PixelGrid.round`, which commutes
// with whole-pixel moves), the result is byte-identical to drawing the frame whole: the tests check it
// with a pure-Swift rasteriser (Tests/DamageTests) and with SDL on scripted runs of every scene
// (Tests/ScrollKitGalleryTests/DamageIdentityTests.swift).

/// A canvas that draws frames by damage on a ``DamageBackend``: it records a frame's calls, compares them
/// with the last frame's, moves scrolled pixels and draws again only what changed (see the notes at the top
/// of DamageCanvas.swift). A frame drawn this way is byte-identical to the same frame drawn whole.
///
/// ```swift
/// let damage = DamageCanvas(backend: softwareCanvas)   // the backend must outlive it (held unowned)
/// damage.beginFrame()
/// root.draw(in: damage)
/// damage.endFrame()                                    // damage.changedRects: what to present
/// ```
///
/// With ``tracksDamage`` off, or on a backend without ``DamageBackend/retainedPixelSize``, every call is
/// executed on the backend as it is made (the frame is drawn whole).
@MainActor
public final class DamageCanvas: DamageTrackingCanvas {
    /// The canvas calls are executed on.
    public unowned let backend: any DamageBackend
    /// Whether frames are drawn by damage (when the backend keeps its pixels). Changing it draws the next frame whole.
    public var tracksDamage: Bool {
        didSet { if tracksDamage != oldValue { damage.forgetPrevious() } }
    }
    /// What the last ``endFrame()`` did (all zero, `tracked` false, when the frame was not drawn by damage).
    public private(set) var lastDamage = DamageReport()

    // The recorded frames and scratch (see DamageState.swift); read by every call, from this canvas's own
    // methods on one thread, never through overlapping inout accesses: no dynamic exclusivity checks.
    @exclusivity(unchecked) var damage = DamageState()
    // The drawing state while recording: translation (points) and clips (pixels, each intersected with the
    // one below), as the backend would have them.
    @exclusivity(unchecked) var tx = 0.0
    @exclusivity(unchecked) var ty = 0.0
    @exclusivity(unchecked) var translationStack: [SIMD2<Double>] = []
    @exclusivity(unchecked) var clipStack: [PixelRect] = []
    @exclusivity(unchecked) var clipIsEmpty = false
    /// Nesting of scrolled content begun (and its translations pushed).
    @exclusivity(unchecked) var scrolledDepth = 0
    /// The backend's pixel scale and retained size, as the frame began.
    @exclusivity(unchecked) var scale = 1.0
    @exclusivity(unchecked) var target = PixelPoint(x: 0, y: 0)

    /// A damage canvas on `backend`, which must outlive it (it is held unowned: a backend may own its
    /// damage canvas).
    public init(backend: any DamageBackend, tracksDamage: Bool = true) {
        self.backend = backend
        self.tracksDamage = tracksDamage
        translationStack.reserveCapacity(16)
        clipStack.reserveCapacity(16)
    }

    /// Whether the frame in progress is being recorded (drawn by damage at its end).
    public var isRecording: Bool { damage.isRecording }

    /// The pixel rectangles of the target that the last ``endFrame()`` may have changed (pixels moved with
    /// their scrolled content, then the rectangles drawn again; they may overlap), when ``lastDamage`` is
    /// `tracked`: what a window needs to present. Empty when nothing changed. When the frame was not
    /// tracked, any pixel may have changed. Valid until the next frame ends (the array is reused).
    public var changedRects: [PixelRect] { damage.changed }

    /// Draws the next tracked frame whole (after pixels of the target were changed behind the canvas, or
    /// its size or scale changed).
    public func setNeedsFullRedraw() { damage.forgetPrevious() }

    /// The clip in force (pixels; nil when none), as the backend would have it.
    public var currentPixelClip: PixelRect? { clipStack.last }
    /// How many clips are pushed.
    public var clipDepth: Int { clipStack.count }
    /// The sum of the translations in force (points).
    public var currentTranslation: Point { Point(x: tx, y: ty) }
    /// How many translations are pushed (scrolled content's included).
    public var translationDepth: Int { translationStack.count }

    /// The whole target (pixels).
    var wholeTarget: PixelRect { PixelRect(x: 0, y: 0, w: target.x, h: target.y) }

    /// Starts a frame: recording when ``tracksDamage`` is on and the backend keeps its pixels; no clip, no
    /// translation.
    public func beginFrame() {
        let retained = backend.retainedPixelSize
        scale = backend.pixelScale
        target = retained ?? PixelPoint(x: 0, y: 0)
        damage.beginRecording(tracksDamage && retained != nil)
        clipStack.removeAll(keepingCapacity: true)
        clipIsEmpty = false
        translationStack.removeAll(keepingCapacity: true)
        tx = 0
        ty = 0
        scrolledDepth = 0
    }

    /// Ends a frame begun by ``beginFrame()``. A recorded frame is compared with the last, its scrolled
    /// pixels moved and what changed drawn again on the backend (see the notes at the top of
    /// DamageCanvas.swift). - Returns: whether any pixel may have changed since the last frame (false:
    /// nothing to present).
    /// Complexity: O(calls) to compare (a hash table, no allocation once grown), O(moved pixels) to move,
    /// and the cost of the calls that touch the damage, clipped to it.
    @discardableResult
    public func endFrame() -> Bool {
        guard damage.isRecording else {
            lastDamage = DamageReport()
            return true
        }
        while scrolledDepth > 0 { endScrolledContent() }
        damage.isRecording = false
        let size = target
        let whole = wholeTarget
        damage.rects.removeAll(keepingCapacity: true)
        damage.changed.removeAll(keepingCapacity: true)
        var movedPixels = 0
        if !damage.hasPrevious || damage.previousSize != size || damage.previousScale != scale {
            damage.rects.append(whole)
        } else {
            damage.matchCalls()
            refineTextBounds()
            damage.findDamage()
            damage.coalesceDamage(whole: whole)
            damage.coverImagesWhole(whole: whole)
            movedPixels = moveScrolledPixels()
        }
        let changed = !damage.rects.isEmpty || movedPixels > 0
        var drawn = 0
        for i in damage.rects.indices {
            drawn += damage.rects[i].area
            replay(within: damage.rects[i])
        }
        damage.changed.append(contentsOf: damage.rects)
        clipStack.removeAll(keepingCapacity: true)
        clipIsEmpty = false
        translationStack.removeAll(keepingCapacity: true)
        tx = 0
        ty = 0
        backend.endReplay()
        var takenOver = 0
        for r in damage.reused { takenOver += r.count }
        lastDamage = DamageReport(tracked: true, changed: changed, rectCount: damage.rects.count,
                                  drawnPixels: drawn, movedPixels: movedPixels, commandCount: damage.commands.count,
                                  takenOverCount: takenOver)
        damage.keep(size: size, scale: scale)
        return changed
    }

    // MARK: Clips and translations

    /// See `DrawingCanvas.pushClip(_:)`.
    public func pushClip(_ rect: Rect) {
        let proposed = PixelGrid.rect(rect, tx: tx, ty: ty, scale: scale) ?? .empty
        if damage.isRecording {
            damage.rawClips.append(proposed)
            // What a group in scrolled content records under its own clip depends on where the content
            // is (an empty clip records nothing): it is not taken over.
            if damage.openGroup >= 0, damage.groups[damage.openGroup].space >= 0 {
                damage.groups[damage.openGroup].reusable = false
            }
        } else {
            backend.pushClip(rect)
        }
        var clip = proposed
        if let current = clipStack.last {
            let x0 = max(current.x, proposed.x), y0 = max(current.y, proposed.y)
            let x1 = min(current.x + current.w, proposed.x + proposed.w)
            let y1 = min(current.y + current.h, proposed.y + proposed.h)
            clip = PixelRect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
        }
        if clip.w <= 0 || clip.h <= 0 { clip.w = 0; clip.h = 0 }
        clipStack.append(clip)
        clipIsEmpty = clip.w <= 0 || clip.h <= 0
    }

    /// See `DrawingCanvas.popClip()`.
    public func popClip() {
        guard !clipStack.isEmpty else { return }
        clipStack.removeLast()
        if damage.isRecording {
            if !damage.rawClips.isEmpty { damage.rawClips.removeLast() }
        } else {
            backend.popClip()
        }
        if let c = clipStack.last { clipIsEmpty = c.w <= 0 || c.h <= 0 } else { clipIsEmpty = false }
    }

    /// See `DrawingCanvas.pushTranslation(dx:dy:)`.
    public func pushTranslation(dx: Double, dy: Double) {
        translationStack.append(SIMD2(tx, ty))
        if dx.isFinite { tx += dx }
        if dy.isFinite { ty += dy }
        if !damage.isRecording { backend.pushTranslation(dx: dx, dy: dy) }
    }

    /// See `DrawingCanvas.popTranslation()`.
    public func popTranslation() {
        guard let previous = translationStack.popLast() else { return }
        tx = previous.x
        ty = previous.y
        if !damage.isRecording { backend.popTranslation() }
    }

    // MARK: Scrolled content

    /// True: scrolled content is drawn at its origin rounded to whole device pixels.
    public var roundsScrolledContent: Bool { true }

    /// Starts a scroll view's content: the origin is rounded to whole device pixels and the content is
    /// drawn translated there (returns `.zero`, the origin in the new coordinates). See
    /// `DamageTrackingCanvas.beginScrolledContent(origin:)`.
    public func beginScrolledContent(origin: Point) -> Point {
        let s = scale
        let x = origin.x.isFinite ? origin.x : 0, y = origin.y.isFinite ? origin.y : 0
        let oldTx = tx, oldTy = ty
        translationStack.append(SIMD2(tx, ty))
        // The origin in whole device pixels (kept: at a fractional scale `tx * s` need not give it back exactly).
        let originX = PixelGrid.round((x + tx) * s), originY = PixelGrid.round((y + ty) * s)
        tx = originX / s
        ty = originY / s
        scrolledDepth += 1
        guard damage.isRecording else {
            backend.pushTranslation(dx: tx - oldTx, dy: ty - oldTy)
            return .zero
        }
        damage.depth += 1
        if damage.depth == 1 {
            let clip = clipStack.last ?? wholeTarget
            let px = min(max(originX, -PixelGrid.originLimit), PixelGrid.originLimit)
            let py = min(max(originY, -PixelGrid.originLimit), PixelGrid.originLimit)
            damage.openRegion = damage.regions.count
            damage.regions.append(ScrollRegion(clip: clip, px: Int64(px), py: Int64(py), tx: tx, ty: ty,
                                               first: damage.commands.count, end: damage.commands.count,
                                               clipDepth: damage.rawClips.count))
        }
        return .zero
    }

    /// Ends the content begun by the matching ``beginScrolledContent(origin:)``.
    public func endScrolledContent() {
        guard scrolledDepth > 0 else { return }
        scrolledDepth -= 1
        popTranslation()
        guard damage.depth > 0 else { return }
        damage.depth -= 1
        if damage.depth == 0, damage.openRegion >= 0 {
            damage.regions[damage.openRegion].end = damage.commands.count
            damage.openRegion = -1
        }
    }

    /// Marks `rect` (current coordinates) as changed in this frame (see `ViewNode.setNeedsDisplay()`).
    public func invalidate(_ rect: Rect) {
        guard damage.isRecording, let r = PixelGrid.rect(rect, tx: tx, ty: ty, scale: scale) else { return }
        if damage.openGroup >= 0 { damage.groups[damage.openGroup].reusable = false }
        let clipped = clipStack.last.map { intersect($0, r) } ?? r
        if !clipped.isEmpty { damage.invalidated.append(clipped) }
    }
}

/// What the last frame drawn by damage did (``DamageCanvas/lastDamage``).
public struct DamageReport: Sendable, Equatable {
    /// Whether the frame was drawn by damage (false: drawn whole, or tracking off).
    public var tracked: Bool
    /// Whether any pixel may have changed (false: the target holds the last frame as it is; a window
    /// need not present it).
    public var changed: Bool
    /// Rectangles drawn again, and the pixels they cover.
    public var rectCount: Int
    public var drawnPixels: Int
    /// Pixels moved with their scrolled content.
    public var movedPixels: Int
    /// Calls recorded in the frame.
    public var commandCount: Int
    /// Of those, the calls of call groups taken over from the last frame (`DrawingCanvas.callGroup`): not
    /// drawn again by their views.
    public var takenOverCount: Int

    /// A report (the defaults: a frame not drawn by damage).
    public init(tracked: Bool = false, changed: Bool = true, rectCount: Int = 0, drawnPixels: Int = 0,
                movedPixels: Int = 0, commandCount: Int = 0, takenOverCount: Int = 0) {
        self.tracked = tracked; self.changed = changed; self.rectCount = rectCount
        self.drawnPixels = drawnPixels; self.movedPixels = movedPixels; self.commandCount = commandCount
        self.takenOverCount = takenOverCount
    }
}
