// SDLCanvas: the DrawingCanvas of ScrollKitSDL on an SDL_Renderer — its state and caches, frames, clears,
// fills, rect strokes and the clip stack.

import CSDL2
import CScrollKitPixels
import Foundation
import ScrollKit
import ScrollKitDamage

/// The `DrawingCanvas` of ScrollKitSDL: draws on an `SDL_Renderer` (hardware, or software on an offscreen surface).
///
/// Views draw in logical points; the canvas multiplies by `pixelScale` itself and rounds edges to
/// whole pixels, so fills and strokes are sharp. Text is rasterised at its *pixel* size (points ×
/// pixelScale) and blitted 1:1: crisp on high-DPI displays. Colours use straight alpha and SDL's
/// BLEND mode.
///
/// Caching (nothing is re-rasterised per frame in steady state):
/// - text: glyph by glyph from a glyph atlas (SDLCanvas+Glyphs.swift): each (scalar, pixel size, weight)
///   is rasterised once into a shelf-packed coverage atlas (1 MiB, plus a 4 MiB texture when drawn through
///   SDL; it starts over when full), laid out exactly as SDL2_ttf lays out a line, so drawing or measuring
///   a string of cached glyphs allocates nothing. Strings the glyph path cannot draw (emoji-only with an
///   emoji font, scalars the font lacks, text that needs shaping) get one white texture per (string, pixel
///   size, weight), tinted per draw with the texture's colour and alpha mod (for anti-aliased blended text
///   that gives exactly the pixels of rendering in that colour, so colour changes do not create
///   textures). An LRU bound caps their count and bytes.
/// - circles: one white anti-aliased disc texture per pixel diameter up to `maxCachedCircleDiameter`,
///   tinted per draw; rounded-rect corners are quadrants of the same discs.
/// - images: decoded off the main thread by `ImageLibrary` at the drawn pixel size, one texture per
///   decoded image while the library's byte-bounded cache keeps it (SDLCanvas+Image.swift).
///
/// Software rendering: after `attachSoftwareTarget(_:)` discs are blended straight into the target
/// surface (about 10× faster than SDL's tinted blits: the sprites scene). Diagonal lines are always
/// rasterised with exact coverage on the CPU, since SDL's software renderer snaps triangle vertices.
///
/// Bad input is ignored, never a trap: NaN or infinite coordinates, empty or negative sizes, zero
/// alpha and non-positive widths draw nothing. Errors while drawing (a missing image or font) are
/// kept in `lastError`; a missing image is not retried every frame (it is reported once through
/// `ImageLibrary.onFailure`, and draws a crossed placeholder).
///
/// The canvas owns textures of its renderer: call `releaseResources()` (or drop the canvas) *before*
/// destroying the renderer.
@MainActor
public final class SDLCanvas: DrawingCanvas {
    /// The renderer drawn on (not owned: the host creates and destroys it; ``rebind(renderer:)`` moves the
    /// canvas onto another).
    @exclusivity(unchecked) package private(set) var renderer: OpaquePointer
    /// Fonts used for text (TTF_Font cache, emoji font).
    public let fonts: FontLibrary
    /// Images used by `drawImage` (search directories, decoded surfaces).
    public let images: ImageLibrary

    /// The drawable area in points.
    @exclusivity(unchecked) public private(set) var size: Size
    /// Pixels per point (1 on ordinary displays, 2 on most high-DPI ones). Never NaN or ≤ 0. (Read by
    /// every call: no dynamic exclusivity checks, see the note on the drawing state below.)
    @exclusivity(unchecked) public private(set) var pixelScale: Double
    /// True: scrolled content is drawn at its origin rounded to whole device pixels (see
    /// `beginScrolledContent(origin:)`), on every target.
    public var roundsScrolledContent: Bool { true }

    /// The most recent error met while drawing (missing image, unreadable font, SDL failure), if any.
    public var lastError: SDLError?

    /// Disc textures up to this diameter (pixels) are all kept once made (at most about 22 MB in all).
    public static let maxCachedCircleDiameter: Int32 = 256
    /// Disc textures up to this diameter (pixels) are made on demand, the last few kept; larger discs
    /// are a feathered triangle fan.
    public static let maxDiscTextureDiameter: Int32 = 2048
    static let largeDiscCacheCount = 4

    // Exclusivity: the drawing state below is touched by every call (thousands a frame), always from
    // the canvas's own methods on one thread, never through overlapping inout accesses; its dynamic
    // exclusivity checks (a runtime call and a thread-local access set each, 9% of a scrolling list
    // frame) are turned off with `@exclusivity(unchecked)`.

    // Clip state: pixel rects, each already intersected with the one below.
    @exclusivity(unchecked) var clipStack: [SDL_Rect] = []
    @exclusivity(unchecked) var clipIsEmpty = false

    // Translation state (see SDLCanvas+Translation.swift): the sum of the pushed translations in
    // points (`tx`, `ty`, added to every coordinate before scaling) and the stack of earlier sums.
    @exclusivity(unchecked) var tx: Double = 0
    @exclusivity(unchecked) var ty: Double = 0
    @exclusivity(unchecked) var translationStack: [SIMD2<Double>] = []

    // Damage tracking (ScrollKitDamage, SDLCanvas+DamageBackend.swift): while it records a frame, drawing
    // calls go to it; at `endFrame()` it replays what changed here. Set once at the end of `init`.
    @exclusivity(unchecked) var damage: DamageCanvas!
    /// Nesting of scrolled content begun (see `beginScrolledContent(origin:)`).
    @exclusivity(unchecked) var scrolledDepth = 0
    /// Whether frames on a software target are drawn by damage: the calls of a frame are recorded,
    /// compared with the last frame's, the pixels of each scrolled region moved by its offset's change,
    /// and only what changed drawn again (see ``endFrame()``). A frame drawn this way is byte-identical
    /// to the same frame drawn whole. Ignored without a software target (GPU renderers draw every
    /// frame whole). Off by default (a canvas whose owner clears the target each frame, as in
    /// `SDLBridge`, must draw whole); the headless host and a software window turn it on.
    public var tracksDamage: Bool {
        get { damage.tracksDamage }
        set { damage.tracksDamage = newValue }
    }

    // Current draw blend mode (switched to NONE for opaque fills: faster on the software renderer).
    var drawBlendMode = SDL_BLENDMODE_BLEND

    // Text caches (see SDLCanvas+Text.swift).
    var textCache: [TextKey: TextEntry] = [:]
    var measureCache: [TextKey: MeasuredText] = [:]
    /// One-line texts that need shaping, laid out once (`SDLCanvas+ShapedText.swift`).
    var shapedLines = ByteBudgetCache<ShapedLineKey, TextLayout>(budget: SDLCanvas.shapedLineBudget)
    var textClock: UInt64 = 0
    /// How many text textures this canvas has created so far (a cache hit creates none).
    public internal(set) var textTexturesCreated = 0
    /// Bytes of the text cache: 4 per pixel of texture, plus 1 of coverage kept for software targets.
    public internal(set) var textCacheBytes = 0
    /// Most text textures kept; least recently used ones are destroyed beyond it.
    public var textCacheCapacity = 512 { didSet { trimTextCache() } }
    /// Most bytes of text textures kept; least recently used ones are destroyed beyond it.
    public var textCacheByteBudget = 48 << 20 { didSet { trimTextCache() } }
    /// The number of text textures currently cached.
    public var textCacheCount: Int { textCache.count }
    // Glyph cache and atlas (GlyphCache.swift; drawn by SDLCanvas+Glyphs.swift).
    let glyphCache = GlyphCache()
    /// The measurer `textMeasurer` hands out (made on first use, again when the pixel scale changes).
    var layoutMeasurer: FontTextMeasurer?
    /// Whether text of simple scalars is drawn glyph by glyph from the glyph atlas (the default: no
    /// allocation once its glyphs are cached). When false every string is rendered whole and cached.
    public var glyphCachingEnabled = true
    /// Glyphs rasterised as soon as a face is first used at a pixel size up to 64 (not larger, to
    /// keep the atlas for what is drawn): by default the digits and the punctuation of numbers, so
    /// counters, clocks and row numbers that change every frame never meet a new glyph (which would
    /// allocate) in the middle of scrolling. Set before drawing; "" turns it off.
    public var glyphWarmUp = "0123456789.,:;-+%/()–— "

    // Shape caches (see SDLCanvas+Shapes.swift).
    var circleTextures: [OpaquePointer?]
    var largeDiscs: [(diameter: Int32, texture: OpaquePointer)] = []
    // Direct compositing into a software target (see SDLCanvas+Direct.swift).
    @exclusivity(unchecked) var directSurface: UnsafeMutablePointer<SDL_Surface>?
    /// Disc masks by diameter; never emptied while the canvas lives (`discMasks` points into it).
    var discSpanCache: [DiscSpans?]
    var largeDiscSpans: [(diameter: Int32, spans: DiscSpans)] = []
    /// Raw views of `discSpanCache`'s entries, for batches (index = diameter).
    var discMasks: [DiscMask?]
    /// Pending discs of a `fillCircles` batch (software target), kept to reuse its storage.
    var discBatch: [sk_disc_cmd] = []
    /// Covered pixels per row while splitting a batch into bands, kept to reuse its storage.
    var bandHistogram: [Int] = []
    /// A batch's discs sorted into bins of rows (see `flushDiscBatch`), kept to reuse their storage.
    var discBins = DiscBins()
    /// Every disc up to `discAtlasMaxDiameter` pixels in one texture, for batches through SDL.
    var discAtlas: OpaquePointer?
    var discAtlasRects: [SDL_Rect] = []
    /// Quads of a batch through SDL, kept to reuse their storage.
    var atlasVertices: [SDL_Vertex] = []
    var atlasIndices: [Int32] = []
    /// The thread that draws the second band of a large batch (started on first use).
    var bandWorker: BandWorker?
    /// How many threads rasterise a large `fillCircles` batch on a software target: 1 or 2 (larger
    /// values count as 2). Defaults to 2 when the machine has at least two cores. The pixels are the
    /// same either way.
    public var rasterThreads = min(2, ProcessInfo.processInfo.activeProcessorCount) {
        didSet {
            if rasterThreads < 2 { bandWorker?.stop(); bandWorker = nil }
        }
    }
    // Stroke scratch (see SDLCanvas+Stroke.swift): coverage bytes and a streaming texture.
    var strokeCoverage: [UInt8] = []
    var strokeTexture: OpaquePointer?
    var strokeTextureSize: (width: Int32, height: Int32) = (0, 0)
    /// How many disc textures this canvas has created so far.
    public internal(set) var circleTexturesCreated = 0
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    var points: [SIMD2<Double>] = []

    // Image caches (see SDLCanvas+Image.swift).
    var imageTextures: [ImageKey: ImageTexture] = [:]
    var imageRemovalsSeen = 0
    /// Names of failed images already put in `lastError` (once each, so drawing them allocates nothing).
    var reportedImageFailures: Set<String> = []

    /// A canvas on `renderer` for a drawable area of `logicalSize` points at `pixelScale` pixels per point.
    ///
    /// Sets the renderer's draw blend mode to BLEND. Opens the regular and bold fonts once, so a broken
    /// installation fails here rather than in the middle of a frame. A canvas on the shared font library
    /// makes `FontTextMeasurer.shared` the `StandardCell.defaultTextMeasurer` while that is still
    /// `ApproximateTextMeasurer` (an app's own choice stays).
    /// - Throws: `SDLError` naming the font file that cannot be opened.
    package init(renderer: OpaquePointer, logicalSize: Size, pixelScale: Double,
                fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        self.renderer = renderer
        self.fonts = fonts
        self.images = images
        self.size = Self.sanitized(logicalSize)
        self.pixelScale = Self.sanitized(pixelScale)
        self.circleTextures = Array(repeating: nil, count: Int(Self.maxCachedCircleDiameter) + 1)
        self.discSpanCache = Array(repeating: nil, count: Int(Self.maxCachedCircleDiameter) + 1)
        self.discMasks = Array(repeating: nil, count: Int(Self.maxCachedCircleDiameter) + 1)
        vertices.reserveCapacity(1024)
        indices.reserveCapacity(2048)
        points.reserveCapacity(256)
        clipStack.reserveCapacity(16)
        translationStack.reserveCapacity(16)
        try fonts.validate()
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        damage = DamageCanvas(backend: self, tracksDamage: false)
        // Cells measure with the real fonts from now on (unless the app chose a measurer itself).
        if fonts === FontLibrary.shared, StandardCell.defaultTextMeasurer is ApproximateTextMeasurer {
            StandardCell.defaultTextMeasurer = FontTextMeasurer.shared
        }
    }

    isolated deinit {
        releaseResources()
    }

    /// Adopts a new drawable size and pixel scale (after a resize or a move to another display).
    /// Cached textures stay valid: text and discs are keyed by pixel size. NaN or negative sizes count
    /// as zero; a NaN or non-positive scale counts as 1.
    public func update(logicalSize: Size, pixelScale: Double) {
        size = Self.sanitized(logicalSize)
        self.pixelScale = Self.sanitized(pixelScale)
        damage.setNeedsFullRedraw()
        resetClip()
    }

    /// Prepares for a new frame: drops any clips and translations left pushed, restores the
    /// BLEND draw mode, and takes in the images decoded since the last frame (`ImageLibrary.beginFrame()`).
    /// Hosts call it before `HostClient.draw(in:)`.
    public func beginFrame() {
        damage.beginFrame()
        scrolledDepth = 0
        images.pixelScale = pixelScale
        images.beginFrame()
        sweepImageTextures()
        resetClip()
        resetTranslation()
        setBlend(SDL_BLENDMODE_BLEND)
    }

    /// Destroys every texture this canvas created (text, discs, images) and empties its caches.
    /// Call it before destroying the renderer. Safe to call more than once; drawing afterwards
    /// simply creates textures again.
    public func releaseResources() {
        for entry in textCache.values { if let texture = entry.texture { SDL_DestroyTexture(texture) } }
        textCache.removeAll()
        textCacheBytes = 0
        glyphCache.releaseAll()
        for i in circleTextures.indices {
            if let texture = circleTextures[i] { SDL_DestroyTexture(texture) }
            circleTextures[i] = nil
        }
        for disc in largeDiscs { SDL_DestroyTexture(disc.texture) }
        largeDiscs.removeAll()
        largeDiscSpans.removeAll()
        discBatch.removeAll()
        if let discAtlas { SDL_DestroyTexture(discAtlas) }
        discAtlas = nil
        bandWorker?.stop()
        bandWorker = nil
        if let strokeTexture { SDL_DestroyTexture(strokeTexture) }
        strokeTexture = nil
        strokeTextureSize = (0, 0)
        for entry in imageTextures.values { SDL_DestroyTexture(entry.texture) }
        imageTextures.removeAll()
    }

    /// Moves the canvas onto `newRenderer`: a software renderer made on a new surface (a presenter's canvas
    /// of a new size; SDL's software renderer draws into the surface it was made on, whose size SDL alone
    /// sets). Destroys every texture of the old renderer first, so call it before destroying that one; the
    /// next frame is drawn whole and makes its textures again.
    package func rebind(renderer newRenderer: OpaquePointer) {
        releaseResources()
        renderer = newRenderer
        directSurface = nil
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        drawBlendMode = SDL_BLENDMODE_BLEND
        damage.setNeedsFullRedraw()
    }

    // MARK: - DrawingCanvas: fills

    /// Fills the whole target with `color`, replacing what was there (no blending). Inside a clip,
    /// only the clipped area is replaced.
    public func clear(_ color: RGBAColor) {
        if damage.isRecording { return damage.clear(color) }
        if let surface = directSurface {   // the software target: ordinary stores (see storeFill)
            let whole = SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)
            if clipStack.isEmpty || !clipIsEmpty { _ = storeFill(clipStack.last ?? whole, color: color) }
            return
        }
        if clipStack.isEmpty {
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_RenderClear(renderer)
        } else if !clipIsEmpty, var rect = clipStack.last {
            setBlend(SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
            SDL_RenderFillRect(renderer, &rect)
        }
    }

    /// Fills `rect` with `color`, edges rounded to whole pixels. Empty or non-finite rects draw nothing.
    public func fill(_ rect: Rect, color: RGBAColor) {
        if damage.isRecording { return damage.fill(rect, color: color) }
        guard !clipIsEmpty, color.a > 0, var r = pixelRect(rect) else { return }
        if directSurface != nil, color.a < 255 ? compositeFill(r, color: color) : storeFill(r, color: color) { return }
        setColor(color)
        SDL_RenderFillRect(renderer, &r)
    }

    /// Draws a border of `width` points *inside* `rect` (like a layer border). A border wider than
    /// half the rect fills it; a non-positive or NaN width draws nothing; at least one pixel is drawn.
    public func strokeRect(_ rect: Rect, color: RGBAColor, width: Double) {
        if damage.isRecording { return damage.strokeRect(rect, color: color, width: width) }
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite, let r = pixelRect(rect) else { return }
        let w = Int32(max(1, min((width * pixelScale).rounded(), 1_048_576)))
        setColor(color)
        if 2 * w >= min(r.w, r.h) {
            var whole = r
            SDL_RenderFillRect(renderer, &whole)
            return
        }
        var edges = (
            SDL_Rect(x: r.x, y: r.y, w: r.w, h: w),
            SDL_Rect(x: r.x, y: r.y + r.h - w, w: r.w, h: w),
            SDL_Rect(x: r.x, y: r.y + w, w: w, h: r.h - 2 * w),
            SDL_Rect(x: r.x + r.w - w, y: r.y + w, w: w, h: r.h - 2 * w)
        )
        withUnsafePointer(to: &edges) { pointer in
            pointer.withMemoryRebound(to: SDL_Rect.self, capacity: 4) { rects in
                _ = SDL_RenderFillRects(renderer, rects, 4)
            }
        }
    }

    // MARK: - DrawingCanvas: clipping

    /// Restricts drawing to `rect` (in the current, translated, coordinates) intersected with the
    /// current clip (clips nest). The clip stays where it is on the target if the translation
    /// changes later. An empty intersection draws nothing until the matching `popClip()`.
    public func pushClip(_ rect: Rect) {
        if damage.isRecording { return damage.pushClip(rect) }   // its clips while it records a frame
        let proposed = pixelRect(rect) ?? SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        var clip = proposed
        if let current = clipStack.last {
            let x0 = max(current.x, proposed.x), y0 = max(current.y, proposed.y)
            let x1 = min(current.x + current.w, proposed.x + proposed.w)
            let y1 = min(current.y + current.h, proposed.y + proposed.h)
            clip = SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
        }
        if clip.w <= 0 || clip.h <= 0 { clip.w = 0; clip.h = 0 }
        clipStack.append(clip)
        applyClip()
    }

    /// Restores the clip in force before the matching `pushClip`. Without one, does nothing.
    public func popClip() {
        if damage.isRecording { return damage.popClip() }
        guard !clipStack.isEmpty else { return }
        clipStack.removeLast()
        applyClip()
    }

    /// The current clip in points, in canvas (untranslated) coordinates (nil when drawing is not
    /// clipped). An empty clip has zero size.
    public var currentClip: Rect? {
        guard let r = damage.isRecording ? damage.currentPixelClip.map({ SDL_Rect(x: $0.x, y: $0.y, w: $0.w, h: $0.h) })
                                         : clipStack.last else { return nil }
        return Rect(x: Double(r.x) / pixelScale, y: Double(r.y) / pixelScale,
                    width: Double(r.w) / pixelScale, height: Double(r.h) / pixelScale)
    }

    /// How many clips are pushed.
    public var clipDepth: Int { damage.isRecording ? damage.clipDepth : clipStack.count }

    func resetClip() {
        clipStack.removeAll(keepingCapacity: true)
        applyClip()
    }

    private func applyClip() {
        if var clip = clipStack.last {
            clipIsEmpty = clip.w <= 0 || clip.h <= 0
            SDL_RenderSetClipRect(renderer, &clip)
        } else {
            clipIsEmpty = false
            SDL_RenderSetClipRect(renderer, nil)
        }
    }

    // MARK: - Helpers

    /// Largest pixel coordinate used; beyond it values are clamped (the renderer clips anyway).
    static let coordinateLimit: Double = 4_194_304   // 2^22

    /// `rect` (in the current, translated, points) in pixels with edges rounded to whole pixels, or
    /// nil when empty, negative or not finite.
    /// The rule is ScrollKitDamage's `PixelGrid.rect`, which the damage renderer computes bounds with.
    @inline(__always)
    func pixelRect(_ rect: Rect) -> SDL_Rect? {
        guard let r = PixelGrid.rect(rect, tx: tx, ty: ty, scale: pixelScale) else { return nil }
        return SDL_Rect(x: r.x, y: r.y, w: r.w, h: r.h)
    }

    /// A pixel position rounded to the nearest whole pixel, halves up: unlike `rounded()` (halves away
    /// from zero) it commutes with whole-pixel moves, `pixelRound(v + n) == pixelRound(v) + n`, also
    /// left of and above the target's origin, so content scrolled by moving its pixels equals content drawn
    /// at its new place (ScrollKitDamage's `PixelGrid.round`, the one rule).
    @inline(__always)
    nonisolated static func pixelRound(_ v: Double) -> Double { PixelGrid.round(v) }

    /// Sets the draw colour and the cheapest correct blend mode for it.
    @inline(__always)
    func setColor(_ color: RGBAColor) {
        setBlend(color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
    }

    @inline(__always)
    func setBlend(_ mode: SDL_BlendMode) {
        if drawBlendMode != mode {
            drawBlendMode = mode
            SDL_SetRenderDrawBlendMode(renderer, mode)
        }
    }

    static func sanitized(_ size: Size) -> Size {
        func dim(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        return Size(width: dim(size.width), height: dim(size.height))
    }

    static func sanitized(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? scale : 1
    }
}
