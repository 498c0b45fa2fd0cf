import CSDL2
import CScrollKitPixels
import ScrollKit

// Damage tracking on a software target: scrolling by moving pixels.
//
// With `tracksDamage` on, `beginFrame()` starts recording: every drawing call of the frame is kept (its
// arguments, translation and clip) instead of being drawn. `endFrame()` then
//  1. compares the calls with the last frame's. Calls inside a scroll view's content (between
//     `beginScrolledContent` and `endScrolledContent`, the outermost scroll views only) are compared in
//     content coordinates, the others on screen. Calls are matched as a multiset (so rows entering at the
//     top do not shift the comparison), and matched calls that changed their order count as changed;
//  2. for each scrolled region whose content origin moved by whole pixels (scroll views draw at
//     device-pixel-rounded offsets) and whose background is one uniform fill (or nothing), moves the
//     region's pixels by that delta (`memmove` per row);
//  3. collects the damage: the bounds of calls that appeared, disappeared or changed (old bounds where
//     their moved pixels now are), the strips a move exposed, whatever is drawn over a moved region (an
//     indicator, a HUD: its old pixels moved with the content), and what views invalidated;
//  4. draws every call of the frame again, clipped to each damaged rectangle (calls that miss it are
//     skipped), in order.
// Since every kernel writes each pixel from its own coordinates and the call's arguments alone (clips only
// decide which pixels are written) and pixel positions round halves up (`pixelRound`, which commutes with
// whole-pixel moves), the result is byte-identical to drawing the frame whole: the pixel-identity test
// (`Tests/ScrollKitGalleryTests/DamageIdentityTests.swift`) checks it on scripted runs of every scene.

/// One drawing call, as recorded. Plain values only (what a call holds by reference is kept in
/// `DamageState` and referred to by index), so calls copy without reference counting.
enum DrawOp: Equatable {
    case clear(RGBAColor)
    case fill(Rect, RGBAColor)
    case roundedRect(Rect, Double, RGBAColor)
    case strokeRect(Rect, RGBAColor, Double)
    case line(Point, Point, RGBAColor, Double)
    /// Its points are `DamageState.points[range]` (of its frame).
    case polyline(Range<Int>, RGBAColor, Double)
    case circle(Point, Double, RGBAColor)
    /// Its discs are `DamageState.batches[index]` (of its frame, let go of when the frame ends).
    case circles(Int32)
    /// Its UTF-8 bytes are `DamageState.textBytes[range]` (of its frame), which is what is compared. The
    /// string, `DamageState.text(index)`, is for drawing in its own frame only: it is let go of when the
    /// frame becomes the previous one, so a view that rewrites its label's buffer in place
    /// (`replaceContents(of:with:)`) does not copy it; except in a call group (negative indices), whose
    /// calls the next frame may take over.
    case text(Int32, Range<Int>, Rect, TextStyle, TextAlign)
    /// Its layout is `DamageState.layout(index)`: this frame's `layouts`, or for a negative index (in a
    /// call group, kept a frame more like its texts) `groupLayouts[~index]`.
    case layout(Int32, Point)
    /// Its image is `DamageState.images[index]` (of its frame). `state` identifies what the image library
    /// had for it (decoded, a stand-in, pending, failed).
    case image(Int32, Rect, Double, state: UInt)
}

/// A recorded call with where it draws.
struct DrawCommand {
    var op: DrawOp
    /// The translation in force (points, absolute).
    var tx: Double
    var ty: Double
    /// The clip in force (pixels, absolute; the whole target when none).
    var clip: SDL_Rect
    /// The outermost scrolled region it was drawn in (an index into the frame's regions), or -1.
    var space: Int32
    /// The translation relative to its region's (or `tx`, `ty` outside regions): what is compared.
    var keyTx: Double
    var keyTy: Double
    /// The clips pushed inside its region, intersected, relative to the region's pixel origin (the
    /// region's own clip excluded, since it does not move with the content); outside regions the clip.
    var keyClip: SDL_Rect
    /// Pixels it may write (absolute, within `clip`); empty when none.
    var bounds: SDL_Rect
    /// A cheap summary of the above, for matching.
    var hash: UInt64
    /// Never matched: drawn again wherever it shows, every frame (an image cut by its clip: SDL's scaled
    /// blit samples a cut image from where the clip starts, so its moved pixels would not equal redrawn ones).
    var alwaysRedraw = false
    /// An opaque fill or a clear: every pixel of `bounds` is written with one colour (what was drawn
    /// before it does not show there).
    var covers = false
}

/// Calls drawn between `beginCallGroup` and `endCallGroup`, or taken over from the last frame's group.
/// A group on screen keeps its calls as they were; one inside scrolled content (a list's cell) is
/// compared in content coordinates and its calls are moved with the content when taken over.
struct CallGroup {
    var id: Int
    var key: SIMD4<UInt64>
    /// The state they were drawn in.
    var tx: Double
    var ty: Double
    var clip: SDL_Rect?
    var clipIsEmpty: Bool
    var clipCount: Int
    /// The outermost scrolled region it was drawn in (an index into the frame's regions), or -1 on screen;
    /// then `keyTx`, `keyTy` are its translation relative to the region's.
    var space: Int32 = -1
    var keyTx = 0.0
    var keyTy = 0.0
    /// Its commands.
    var first: Int
    var end: Int
    /// Where its texts' bytes, its texts (in `groupTexts`) and its polylines' points start and end: each
    /// one span, kept in order while it was drawn.
    var bytes: Range<Int> = 0..<0
    var texts: Range<Int> = 0..<0
    var points: Range<Int> = 0..<0
    var layouts: Range<Int> = 0..<0
    /// Its calls that refer to those spans (texts, polylines and layouts), as bits by position in the group (the
    /// first 64 calls); `spanCallsOverflow`: one past those, so every call is looked at.
    var spanCalls: UInt64 = 0
    var spanCallsOverflow = false
    /// Whether the next frame may take its calls over: none is a batch or an image, nothing was
    /// invalidated meanwhile, and in scrolled content, every call was drawn at the group's translation
    /// with no clip of its own (so moving them with the content is all that changes).
    var reusable = true
}

/// The content of an outermost scroll view in one frame.
struct ScrollRegion {
    /// Its clip (pixels, absolute).
    var clip: SDL_Rect
    /// Where its content's origin is, in whole pixels. 64 bits: a list of 10^7 rows puts it far past
    /// the 2^22 pixels drawing coordinates are clamped to, and two frames' origins must differ by the
    /// true scroll distance there too.
    var px: Int64
    var py: Int64
    /// The translation its content is drawn with (points).
    var tx: Double
    var ty: Double
    /// Its first command (those of the region follow, up to `end`).
    var first: Int
    var end: Int
    /// How many clips were pushed when it began (inner clips are the ones above).
    var clipDepth: Int
}

/// What damage tracking keeps between frames, and the scratch it reuses (no allocation per frame once grown).
struct DamageState {
    var isRecording = false
    var commands: [DrawCommand] = []
    var previous: [DrawCommand] = []
    var regions: [ScrollRegion] = []
    var previousRegions: [ScrollRegion] = []
    var hasPrevious = false
    var previousSize = (w: Int32(0), h: Int32(0))
    var previousScale = 1.0
    /// Nesting of scrolled content (only the outermost level makes a region).
    var depth = 0
    var openRegion = -1
    /// The pixel rects of the clips pushed while recording (unintersected), parallel to the clip stack.
    var rawClips: [SDL_Rect] = []
    /// The points of this frame's and the last frame's polylines.
    var points: [Point] = []
    var previousPoints: [Point] = []
    /// The UTF-8 bytes of this frame's and the last frame's texts.
    var textBytes: [UInt8] = []
    var previousTextBytes: [UInt8] = []
    /// This frame's texts (drawn from here; let go of when the frame becomes the previous one).
    var texts: [String] = []
    /// The texts of this frame's and the last frame's call groups (kept for a frame more).
    var groupTexts: [String] = []
    var previousGroupTexts: [String] = []
    /// The text layouts of this frame's and the last frame's calls, outside call groups and in them.
    var layouts: [TextLayout] = []
    var previousLayouts: [TextLayout] = []
    var groupLayouts: [TextLayout] = []
    var previousGroupLayouts: [TextLayout] = []
    /// The images of this frame's and the last frame's calls.
    var images: [ImageRef] = []
    var previousImages: [ImageRef] = []
    /// This frame's batches of discs (let go of when the frame becomes the previous one: never matched).
    var batches: [[CircleFill]] = []
    /// Call groups of this frame and the last, the one open, and the ranges of calls taken over from the
    /// last frame (this frame's first index, the last frame's, the count): matched in advance.
    var groups: [CallGroup] = []
    var previousGroups: [CallGroup] = []
    var openGroup = -1
    /// Groups begun inside the open one (drawn as part of it; their ends do not end it).
    var nestedGroups = 0
    var reused: [(new: Int, old: Int, count: Int)] = []
    /// Rects views invalidated this frame (pixels).
    var invalidated: [SDL_Rect] = []
    var rects: [SDL_Rect] = []
    /// The last tracked frame's changed pixels: its moved regions' destinations, then `rects`.
    var changed: [SDL_Rect] = []
    // Matching scratch.
    var buckets: [Int32] = []
    var chain: [Int32] = []
    var used: [Bool] = []
    var matchOf: [Int32] = []
    var inverted: [Bool] = []
    var suffixMin: [Int32] = []
    var moved: [SDL_Point?] = []
    /// Replay scratch: opaque fills over a damaged rect (their index, and their part of it).
    var covers: [(index: Int, rect: SDL_Rect)] = []

    init() {
        commands.reserveCapacity(512)
        previous.reserveCapacity(512)
        regions.reserveCapacity(8)
        previousRegions.reserveCapacity(8)
        rawClips.reserveCapacity(16)
        invalidated.reserveCapacity(8)
        rects.reserveCapacity(64)
        changed.reserveCapacity(72)
        textBytes.reserveCapacity(4096)
        previousTextBytes.reserveCapacity(4096)
        texts.reserveCapacity(256)
        groupTexts.reserveCapacity(32)
        previousGroupTexts.reserveCapacity(32)
        layouts.reserveCapacity(64)
        previousLayouts.reserveCapacity(64)
        groupLayouts.reserveCapacity(64)
        previousGroupLayouts.reserveCapacity(64)
        images.reserveCapacity(16)
        previousImages.reserveCapacity(16)
        batches.reserveCapacity(4)
        groups.reserveCapacity(4)
        previousGroups.reserveCapacity(4)
        reused.reserveCapacity(4)
        covers.reserveCapacity(8)
    }

    /// The string of a text call's index (see `DrawOp.text`).
    @inline(__always) func text(_ index: Int32) -> String {
        index >= 0 ? texts[Int(index)] : groupTexts[Int(~index)]
    }

    /// The layout of a layout call's index in this frame (see `DrawOp.layout`).
    @inline(__always) func layout(_ index: Int32) -> TextLayout {
        index >= 0 ? layouts[Int(index)] : groupLayouts[Int(~index)]
    }

    /// The layout of a layout call's index in the last frame.
    @inline(__always) func previousLayout(_ index: Int32) -> TextLayout {
        index >= 0 ? previousLayouts[Int(index)] : previousGroupLayouts[Int(~index)]
    }

    /// Keeps `layout` for this frame (in a call group: for the next frame too). - Returns: its index.
    mutating func keepLayout(_ layout: TextLayout) -> Int32 {
        if openGroup >= 0 {
            groupLayouts.append(layout)
            return ~Int32(groupLayouts.count - 1)
        }
        layouts.append(layout)
        return Int32(layouts.count - 1)
    }

    mutating func keepImage(_ image: ImageRef) -> Int32 {
        images.append(image)
        return Int32(images.count - 1)
    }

    mutating func keepBatch(_ batch: [CircleFill]) -> Int32 {
        batches.append(batch)
        return Int32(batches.count - 1)
    }

    /// The last frame's group `id` (a group per id and frame), if any.
    func previousGroup(_ id: Int) -> CallGroup? {
        previousGroups.withUnsafeBufferPointer { groups in
            for i in groups.indices where groups[i].id == id { return groups[i] }
            return nil
        }
    }

    /// This frame's group `id`'s index, if it has one already.
    func currentGroup(_ id: Int) -> Int? {
        groups.withUnsafeBufferPointer { groups in
            for i in groups.indices where groups[i].id == id { return i }
            return nil
        }
    }

    /// Keeps `text` and its UTF-8 bytes for this frame. - Returns: its index in `texts`, and the bytes'
    /// range in `textBytes`.
    mutating func keepText(_ text: String) -> (Int32, Range<Int>) {
        let start = textBytes.count
        textBytes.append(contentsOf: text.utf8)
        if openGroup >= 0 {
            groupTexts.append(text)
            return (~Int32(groupTexts.count - 1), start..<textBytes.count)
        }
        texts.append(text)
        return (Int32(texts.count - 1), start..<textBytes.count)
    }

    mutating func beginRecording(_ on: Bool) {
        isRecording = on
        commands.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        rawClips.removeAll(keepingCapacity: true)
        invalidated.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        textBytes.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        groupTexts.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        groupLayouts.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        reused.removeAll(keepingCapacity: true)
        openGroup = -1
        nestedGroups = 0
        depth = 0
        openRegion = -1
        if !on { hasPrevious = false }
    }

    /// Makes this frame the previous one.
    mutating func keep(size: (w: Int32, h: Int32), scale: Double) {
        swap(&commands, &previous)
        swap(&regions, &previousRegions)
        swap(&points, &previousPoints)
        points.removeAll(keepingCapacity: true)
        swap(&textBytes, &previousTextBytes)
        textBytes.removeAll(keepingCapacity: true)
        // Texts are compared by their kept bytes: let go of their strings, whose buffers views reuse (a
        // string still held here would be copied when rewritten). Batches of circles are never matched (see
        // `sameCall`): let go of their arrays, so the caller can change them in place without a copy.
        texts.removeAll(keepingCapacity: true)
        swap(&groupTexts, &previousGroupTexts)
        groupTexts.removeAll(keepingCapacity: true)
        swap(&layouts, &previousLayouts)
        layouts.removeAll(keepingCapacity: true)
        swap(&groupLayouts, &previousGroupLayouts)
        groupLayouts.removeAll(keepingCapacity: true)
        swap(&images, &previousImages)
        images.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        swap(&groups, &previousGroups)
        groups.removeAll(keepingCapacity: true)
        reused.removeAll(keepingCapacity: true)
        openGroup = -1
        nestedGroups = 0
        commands.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        hasPrevious = true
        previousSize = size
        previousScale = scale
    }

    /// The next tracked frame is drawn whole.
    mutating func forgetPrevious() { hasPrevious = false }

    /// Takes over the last frame's calls of group `old` (see `SDLCanvas.beginCallGroup`): copies them, with
    /// their texts' strings and bytes and their polylines' points, and notes them matched. A group's texts,
    /// bytes and points are one span each (`CallGroup`): copied at once, and the calls' ranges move by the
    /// span's shift.
    mutating func takeOver(_ old: CallGroup) {
        let first = commands.count
        commands.append(contentsOf: previous[old.first..<old.end])
        let byteShift = textBytes.count - old.bytes.lowerBound, textShift = groupTexts.count - old.texts.lowerBound
        let pointShift = points.count - old.points.lowerBound
        let layoutShift = groupLayouts.count - old.layouts.lowerBound
        let newBytes = textBytes.count..<(textBytes.count + old.bytes.count)
        let newTexts = groupTexts.count..<(groupTexts.count + old.texts.count)
        let newPoints = points.count..<(points.count + old.points.count)
        let newLayouts = groupLayouts.count..<(groupLayouts.count + old.layouts.count)
        if !old.bytes.isEmpty || !old.texts.isEmpty {
            textBytes.append(contentsOf: previousTextBytes[old.bytes])
            groupTexts.append(contentsOf: previousGroupTexts[old.texts])
        }
        if !old.points.isEmpty { points.append(contentsOf: previousPoints[old.points]) }
        if !old.layouts.isEmpty { groupLayouts.append(contentsOf: previousGroupLayouts[old.layouts]) }
        if !old.texts.isEmpty || !old.points.isEmpty || !old.layouts.isEmpty {
            // Only the calls that refer to the spans (their bits), or all of them past the first 64.
            var bits = old.spanCalls
            var k = first
            while old.spanCallsOverflow ? k < commands.count : bits != 0 {
                if !old.spanCallsOverflow {
                    k = first + bits.trailingZeroBitCount
                    bits &= bits - 1
                }
                switch commands[k].op {
                case .text(let index, let bytes, let r, let style, let alignment):
                    commands[k].op = .text(~(~index + Int32(textShift)), (bytes.lowerBound + byteShift)..<(bytes.upperBound + byteShift),
                                           r, style, alignment)
                case .polyline(let range, let color, let width):
                    commands[k].op = .polyline((range.lowerBound + pointShift)..<(range.upperBound + pointShift), color, width)
                case .layout(let index, let origin):
                    commands[k].op = .layout(~(~index + Int32(layoutShift)), origin)
                default: break
                }
                k += 1
            }
        }
        var group = old
        group.first = first
        group.end = commands.count
        group.bytes = newBytes
        group.texts = newTexts
        group.points = newPoints
        group.layouts = newLayouts
        groups.append(group)
        reused.append((first, old.first, old.end - old.first))
    }
}

/// What the last frame drawn by damage did (``SDLCanvas/lastDamage``).
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
    /// Of those, the calls of call groups taken over from the last frame (``SDLCanvas/beginCallGroup(id:key:)``):
    /// not drawn again by their views.
    public var takenOverCount: Int

    public init(tracked: Bool = false, changed: Bool = true, rectCount: Int = 0, drawnPixels: Int = 0,
                movedPixels: Int = 0, commandCount: Int = 0, takenOverCount: Int = 0) {
        self.tracked = tracked; self.changed = changed; self.rectCount = rectCount
        self.drawnPixels = drawnPixels; self.movedPixels = movedPixels; self.commandCount = commandCount
        self.takenOverCount = takenOverCount
    }
}

// MARK: - Rect helpers (pixels)

@inline(__always) private func isEmpty(_ r: SDL_Rect) -> Bool { r.w <= 0 || r.h <= 0 }

@inline(__always) private func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
    let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
    let x1 = min(a.x + a.w, b.x + b.w), y1 = min(a.y + a.h, b.y + b.h)
    return x1 > x0 && y1 > y0 ? SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : SDL_Rect(x: 0, y: 0, w: 0, h: 0)
}

@inline(__always) private func union(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
    let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
    let x1 = max(a.x + a.w, b.x + b.w), y1 = max(a.y + a.h, b.y + b.h)
    return SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
}

@inline(__always) private func contains(_ outer: SDL_Rect, _ inner: SDL_Rect) -> Bool {
    inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h
}

@inline(__always) private func area(_ r: SDL_Rect) -> Int { isEmpty(r) ? 0 : Int(r.w) * Int(r.h) }

@inline(__always) private func offset(_ r: SDL_Rect, _ d: SDL_Point) -> SDL_Rect {
    SDL_Rect(x: r.x + d.x, y: r.y + d.y, w: r.w, h: r.h)
}

@inline(__always) private func sameRect(_ a: SDL_Rect, _ b: SDL_Rect) -> Bool {
    a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h
}

/// A rect that stands for "no clip pushed inside the region".
private let noInnerClip = SDL_Rect(x: Int32.min, y: Int32.min, w: 0, h: 0)

@inline(__always) private func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
    (h ^ v) &* 0x9E37_79B9_7F4A_7C15 ^ ((h ^ v) >> 29)
}
@inline(__always) private func mix(_ h: UInt64, _ v: Double) -> UInt64 { mix(h, v.bitPattern) }
@inline(__always) private func mix(_ h: UInt64, _ r: Rect) -> UInt64 {
    mix(mix(mix(mix(h, r.minX), r.minY), r.width), r.height)
}
@inline(__always) private func mix(_ h: UInt64, _ c: RGBAColor) -> UInt64 {
    mix(h, UInt64(c.r) << 24 | UInt64(c.g) << 16 | UInt64(c.b) << 8 | UInt64(c.a))
}

extension DrawOp {
    /// A cheap summary (equal ops have equal summaries; arrays and strings contribute their size only).
    var summary: UInt64 {
        switch self {
        case .clear(let c): return mix(UInt64(1), c)
        case .fill(let r, let c): return mix(mix(UInt64(2), r), c)
        case .roundedRect(let r, let radius, let c): return mix(mix(mix(UInt64(3), r), radius), c)
        case .strokeRect(let r, let c, let w): return mix(mix(mix(UInt64(4), r), c), w)
        case .line(let a, let b, let c, let w): return mix(mix(mix(mix(mix(mix(UInt64(5), a.x), a.y), b.x), b.y), c), w)
        case .polyline(let p, let c, let w): return mix(mix(mix(UInt64(6), UInt64(p.count)), c), w)
        case .circle(let p, let r, let c): return mix(mix(mix(mix(UInt64(7), p.x), p.y), r), c)
        case .circles: return UInt64(8)
        case .text(_, let bytes, let r, let style, _): return mix(mix(mix(mix(UInt64(9), UInt64(bytes.count)), r), style.size), style.color)
        case .layout(_, let o): return mix(mix(UInt64(10), o.x), o.y)   // and the layout's size (`record`)
        case .image(_, let r, let o, let state): return mix(mix(mix(UInt64(11), r), o), UInt64(state))
        }
    }
}

extension SDLCanvas {
    /// What the last ``endFrame()`` did (all zero, `tracked` false, when the frame was not drawn by damage).
    public var lastDamage: DamageReport { damageReport }

    /// Draws the next tracked frame whole (after pixels of the target were changed behind the canvas).
    public func setNeedsFullRedraw() { damage.forgetPrevious() }

    /// The pixel rectangles of the target that the last ``endFrame()`` may have changed (pixels moved with
    /// their scrolled content, then the rectangles drawn again; they may overlap), when ``lastDamage`` is
    /// `tracked`: what a window needs to present, for example with `SDL_UpdateWindowSurfaceRects` (the window
    /// host does). Empty when nothing changed. When the frame was not tracked, any pixel may have changed:
    /// present the whole target. Valid until the next frame ends (the array is reused).
    package var changedRects: [SDL_Rect] { damage.changed }

    /// Ends a frame begun by ``beginFrame()``. With ``tracksDamage`` on a software target, the frame's
    /// calls were recorded: this compares them with the last frame's, moves scrolled pixels, and draws
    /// what changed (see the notes at the top of SDLCanvas+Damage.swift). Otherwise it does nothing.
    /// Hosts call it after `HostClient.draw(in:)`, before presenting.
    /// - Returns: whether any pixel may have changed since the last frame (false: nothing to present).
    /// Complexity: O(calls) to compare (a hash table, no allocation once grown), O(moved pixels) to
    /// move, and the cost of the calls that touch the damage, clipped to it.
    @discardableResult
    public func endFrame() -> Bool {
        guard damage.isRecording else {
            damageReport = DamageReport()
            return true
        }
        damage.isRecording = false
        while damage.depth > 0 { endScrolledContent() }
        guard let surface = directSurface else {
            damage.hasPrevious = false
            damageReport = DamageReport()
            return true
        }
        let w = surface.pointee.w, h = surface.pointee.h
        let whole = SDL_Rect(x: 0, y: 0, w: w, h: h)
        damage.rects.removeAll(keepingCapacity: true)
        damage.changed.removeAll(keepingCapacity: true)
        var movedPixels = 0
        if !damage.hasPrevious || damage.previousSize != (w, h) || damage.previousScale != pixelScale {
            damage.rects.append(whole)
        } else {
            damage.matchCalls()
            refineTextBounds()
            damage.findDamage()
            damage.coalesceDamage(whole: whole)
            damage.coverImagesWhole(whole: whole)
            movedPixels = moveScrolledPixels(surface)
        }
        let changed = !damage.rects.isEmpty || movedPixels > 0
        var drawn = 0
        for i in damage.rects.indices {
            drawn += area(damage.rects[i])
            replay(within: damage.rects[i])
        }
        damage.changed.append(contentsOf: damage.rects)
        resetClip()
        resetTranslation()
        SDL_RenderFlush(renderer)   // the frame is complete in the target (later frames move its pixels)
        var takenOver = 0
        for r in damage.reused { takenOver += r.count }
        damageReport = DamageReport(tracked: true, changed: changed, rectCount: damage.rects.count,
                                    drawnPixels: drawn, movedPixels: movedPixels, commandCount: damage.commands.count,
                                    takenOverCount: takenOver)
        damage.keep(size: (w, h), scale: pixelScale)
        return changed
    }

    // MARK: Scrolled content

    /// Starts a scroll view's content: the origin is rounded to whole device pixels and the content is
    /// drawn translated there (returns `.zero`, the origin in the new coordinates). See
    /// `DrawingCanvas.beginScrolledContent(origin:)`.
    public func beginScrolledContent(origin: Point) -> Point {
        let s = pixelScale
        let x = origin.x.isFinite ? origin.x : 0, y = origin.y.isFinite ? origin.y : 0
        translationStack.append(SIMD2(tx, ty))
        tx = Self.pixelRound((x + tx) * s) / s
        ty = Self.pixelRound((y + ty) * s) / s
        damage.depth += 1
        if damage.isRecording, damage.depth == 1, let surface = directSurface {
            let clip = clipStack.last ?? SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)
            let px = (tx * s).clamped(-Self.originLimit, Self.originLimit)
            let py = (ty * s).clamped(-Self.originLimit, Self.originLimit)
            damage.openRegion = damage.regions.count
            damage.regions.append(ScrollRegion(clip: clip, px: Int64(px), py: Int64(py), tx: tx, ty: ty,
                                               first: damage.commands.count, end: damage.commands.count,
                                               clipDepth: damage.rawClips.count))
        }
        return .zero
    }

    /// Ends the content begun by the matching ``beginScrolledContent(origin:)``.
    public func endScrolledContent() {
        guard damage.depth > 0 else { return }
        damage.depth -= 1
        popTranslation()
        if damage.depth == 0, damage.openRegion >= 0 {
            damage.regions[damage.openRegion].end = damage.commands.count
            damage.openRegion = -1
        }
    }

    /// Marks `rect` (current coordinates) as changed in this frame (see `ViewNode.setNeedsDisplay()`).
    public func invalidate(_ rect: Rect) {
        guard damage.isRecording, let r = pixelRect(rect) else { return }
        if damage.openGroup >= 0 { damage.groups[damage.openGroup].reusable = false }
        let clipped = clipStack.last.map { intersect($0, r) } ?? r
        if !isEmpty(clipped) { damage.invalidated.append(clipped) }
    }

    // MARK: Call groups

    /// See `DrawingCanvas.beginCallGroup(id:key:)`. While recording a frame, a group whose last frame's
    /// calls had the same key is taken over: its calls are copied, already matched (the same calls a
    /// redraw would record, so the frame's pixels are those of a redraw; `DamageIdentityTests`).
    ///  - On screen, it must have been drawn at the same translation and clip.
    ///  - In scrolled content (the outermost scroll view's, not nested), at the same translation relative
    ///    to the content, in the same region, with no clip pushed inside the content: its calls then move
    ///    with the content (translation, clip and bounds of this frame), as a list's cells do.
    public func beginCallGroup(id: Int, key: SIMD4<UInt64>) -> Bool {
        if damage.openGroup >= 0 {
            damage.nestedGroups += 1
            return false
        }
        guard damage.isRecording, damage.depth <= 1, let surface = directSurface else { return false }
        let clip = clipStack.last
        var space: Int32 = -1, keyTx = 0.0, keyTy = 0.0, innerClipped = false
        if damage.depth == 1 {
            guard damage.openRegion >= 0 else { return false }
            let region = damage.regions[damage.openRegion]
            space = Int32(damage.openRegion)
            keyTx = tx - region.tx
            keyTy = ty - region.ty
            innerClipped = damage.rawClips.count != region.clipDepth
        }
        if damage.hasPrevious, damage.previousSize == (surface.pointee.w, surface.pointee.h),
           damage.previousScale == pixelScale, !innerClipped {
            if let g = damage.previousGroup(id), damage.currentGroup(id) == nil {
                let samePlace = space < 0
                    ? g.space < 0 && g.tx == tx && g.ty == ty
                        && (g.clip.map({ c in clip.map { sameRect($0, c) } ?? false }) ?? (clip == nil))
                    : g.space == space && g.keyTx == keyTx && g.keyTy == keyTy
                if g.reusable, g.key == key, samePlace, g.clipIsEmpty == clipIsEmpty {
                    damage.takeOver(g)
                    if space >= 0 { moveTakenOverCalls() }
                    return true
                }
            }
        }
        damage.openGroup = damage.groups.count
        damage.groups.append(CallGroup(id: id, key: key, tx: tx, ty: ty, clip: clip, clipIsEmpty: clipIsEmpty,
                                       clipCount: clipStack.count, space: space, keyTx: keyTx, keyTy: keyTy,
                                       first: damage.commands.count, end: damage.commands.count,
                                       bytes: damage.textBytes.count..<damage.textBytes.count,
                                       texts: damage.groupTexts.count..<damage.groupTexts.count,
                                       points: damage.points.count..<damage.points.count,
                                       layouts: damage.groupLayouts.count..<damage.groupLayouts.count,
                                       reusable: !innerClipped))
        return false
    }

    /// The calls of the group just taken over in scrolled content, moved with it: drawn at this frame's
    /// translation (the group's calls were all drawn at the group's), in the region's clip (none has its
    /// own), with the bounds `record` would give them: the old ones moved by the content's whole-pixel
    /// delta (the same rounding, see the notes at the top), or computed again for a call its old clip cut.
    private func moveTakenOverCalls() {
        guard let group = damage.groups.last, group.end > group.first, let surface = directSurface,
              damage.openRegion >= 0 else { return }
        let clip = clipStack.last ?? SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)
        let region = damage.regions[damage.openRegion]
        let oldSpace = Int(damage.previous[damage.reused[damage.reused.count - 1].old].space)
        let oldRegion = damage.previousRegions[oldSpace]
        let dx = region.px - oldRegion.px, dy = region.py - oldRegion.py
        let shift = abs(dx) < Int64(Int32.max / 2) && abs(dy) < Int64(Int32.max / 2)
            ? SDL_Point(x: Int32(dx), y: Int32(dy)) : nil
        var k = group.first
        while k < group.end {
            let old = damage.commands[k].clip, b = damage.commands[k].bounds
            damage.commands[k].tx = tx
            damage.commands[k].ty = ty
            damage.commands[k].clip = clip
            // Whole within its old clip, not touching its edges: not cut by it.
            if let shift, !isEmpty(b), b.x > old.x, b.y > old.y, b.x + b.w < old.x + old.w, b.y + b.h < old.y + old.h {
                damage.commands[k].bounds = intersect(offset(b, shift), clip)
            } else {
                damage.commands[k].bounds = intersect(pixelBounds(damage.commands[k].op) ?? clip, clip)
            }
            k += 1
        }
        damage.groups[damage.groups.count - 1].tx = tx
        damage.groups[damage.groups.count - 1].ty = ty
        damage.groups[damage.groups.count - 1].clip = clipStack.last
    }

    /// See `DrawingCanvas.endCallGroup()`.
    public func endCallGroup() {
        guard damage.openGroup >= 0 else { return }
        if damage.nestedGroups > 0 {
            damage.nestedGroups -= 1
            return
        }
        let g = damage.openGroup
        damage.groups[g].end = damage.commands.count
        damage.groups[g].bytes = damage.groups[g].bytes.lowerBound..<damage.textBytes.count
        damage.groups[g].texts = damage.groups[g].texts.lowerBound..<damage.groupTexts.count
        damage.groups[g].points = damage.groups[g].points.lowerBound..<damage.points.count
        damage.groups[g].layouts = damage.groups[g].layouts.lowerBound..<damage.groupLayouts.count
        // Drawn in another state than it began in (unbalanced pushes): not taken over.
        if damage.groups[g].tx != tx || damage.groups[g].ty != ty || damage.groups[g].clipCount != clipStack.count
            || damage.depth != (damage.groups[g].space >= 0 ? 1 : 0) { damage.groups[g].reusable = false }
        damage.openGroup = -1
    }

    // MARK: Recording

    func record(_ op: DrawOp) {
        guard let surface = directSurface else { return }
        let clip = clipStack.last ?? SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)
        var space: Int32 = -1
        var keyTx = tx, keyTy = ty, keyClip = clip
        if damage.openRegion >= 0 {
            let region = damage.regions[damage.openRegion]
            space = Int32(damage.openRegion)
            keyTx = tx - region.tx
            keyTy = ty - region.ty
            keyClip = noInnerClip
            var i = region.clipDepth
            while i < damage.rawClips.count {
                // Relative to the content's origin, modulo 2^32: only compared for equality, between
                // clips of the target.
                let c = damage.rawClips[i]
                let raw = SDL_Rect(x: Int32(truncatingIfNeeded: Int64(c.x) &- region.px),
                                   y: Int32(truncatingIfNeeded: Int64(c.y) &- region.py), w: c.w, h: c.h)
                keyClip = sameRect(keyClip, noInnerClip) ? raw : intersect(keyClip, raw)
                i += 1
            }
        }
        let unclipped = pixelBounds(op) ?? clip
        let bounds = intersect(unclipped, clip)
        var alwaysRedraw = false
        // An image blitted by SDL is drawn whole (see `coverImagesWhole`); one drawn by the exact kernel (state bit 2)
        // is redrawn in part like a shape.
        if case .image(_, _, _, let state) = op, state & 4 == 0 { alwaysRedraw = !sameRect(unclipped, bounds) }
        var hash = op.summary
        if case .layout(let index, _) = op {
            let layout = damage.layout(index)
            hash = mix(mix(hash, UInt64(layout.glyphs.count)), layout.size.height)
        }
        hash = mix(mix(mix(hash, keyTx), keyTy), UInt64(UInt32(bitPattern: space)))
        hash = mix(hash, UInt64(UInt32(bitPattern: keyClip.x)) << 32 | UInt64(UInt32(bitPattern: keyClip.y)))
        hash = mix(hash, UInt64(UInt32(bitPattern: keyClip.w)) << 32 | UInt64(UInt32(bitPattern: keyClip.h)))
        var covers = false
        switch op {
        case .clear: covers = true
        case .fill(_, let color): covers = color.a == 255
        default: break
        }
        if damage.openGroup >= 0 {
            let g = damage.groups[damage.openGroup]
            switch op {
            case .text, .polyline, .layout:
                let position = damage.commands.count - g.first
                if position < 64 { damage.groups[damage.openGroup].spanCalls |= 1 << UInt64(position) }
                else { damage.groups[damage.openGroup].spanCallsOverflow = true }
            default: break
            }
            switch op {
            case .circles, .image: damage.groups[damage.openGroup].reusable = false
            default:
                // On screen: nothing of it scrolls. In scrolled content: every call at the group's translation,
                // with no clip of its own (`moveTakenOverCalls` gives them the region's), not nested deeper.
                if space != g.space || (space >= 0 && (tx != g.tx || ty != g.ty || damage.depth != 1
                    || damage.rawClips.count != damage.regions[Int(space)].clipDepth)) {
                    damage.groups[damage.openGroup].reusable = false
                }
            }
        }
        damage.commands.append(DrawCommand(op: op, tx: tx, ty: ty, clip: clip, space: space, keyTx: keyTx, keyTy: keyTy,
                                           keyClip: keyClip, bounds: bounds, hash: hash, alwaysRedraw: alwaysRedraw,
                                           covers: covers))
    }

    /// The pixels `op` may write at the current translation, generously (nil: anywhere in the clip).
    private func pixelBounds(_ op: DrawOp) -> SDL_Rect? {
        let s = pixelScale
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> SDL_Rect? {
            let l = Self.coordinateLimit
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
            let a = (x0.rounded(.down) - 2).clamped(-l, l), b = (y0.rounded(.down) - 2).clamped(-l, l)
            let c = (x1.rounded(.up) + 2).clamped(-l, l), d = (y1.rounded(.up) + 2).clamped(-l, l)
            return SDL_Rect(x: Int32(a), y: Int32(b), w: Int32(max(0, c - a)), h: Int32(max(0, d - b)))
        }
        switch op {
        case .clear:
            return nil
        case .fill(let r, _), .roundedRect(let r, _, _), .strokeRect(let r, _, _), .image(_, let r, _, _):
            return pixelRect(r) ?? SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        case .line(let a, let b, _, let width):
            let pad = width * s
            return box((min(a.x, b.x) + tx) * s - pad, (min(a.y, b.y) + ty) * s - pad,
                       (max(a.x, b.x) + tx) * s + pad, (max(a.y, b.y) + ty) * s + pad)
        case .polyline(let range, _, let width):
            let points = damage.points[range]
            guard let first = points.first else { return nil }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            let pad = width * s
            return box((x0 + tx) * s - pad, (y0 + ty) * s - pad, (x1 + tx) * s + pad, (y1 + ty) * s + pad)
        case .circle(let c, let r, _):
            let pad = r * s + 1
            return box((c.x + tx) * s - pad, (c.y + ty) * s - pad, (c.x + tx) * s + pad, (c.y + ty) * s + pad)
        case .circles(let index):
            let list = damage.batches[Int(index)]
            guard !list.isEmpty else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for c in list where c.radius.isFinite && c.center.x.isFinite && c.center.y.isFinite {
                x0 = min(x0, c.center.x - c.radius); y0 = min(y0, c.center.y - c.radius)
                x1 = max(x1, c.center.x + c.radius); y1 = max(y1, c.center.y + c.radius)
            }
            guard x0 <= x1 else { return SDL_Rect(x: 0, y: 0, w: 0, h: 0) }
            return box((x0 + tx) * s - 1, (y0 + ty) * s - 1, (x1 + tx) * s + 1, (y1 + ty) * s + 1)
        case .text(_, _, let r, let style, _):
            // Generous (refined for the calls that changed: `refineTextBounds`). Glyphs start at the rect's left edge (bearings aside), are cut at its right edge or fit in
            // it, and stand on a line centred on its middle: a line of the style's size, with room to spare.
            let pad = style.size * s + 4, side = style.size * s / 2 + 4
            return box((r.minX + tx) * s - side, (r.midY + ty) * s - pad,
                       (r.minX + max(r.width, 0) + tx) * s + side, (r.midY + ty) * s + pad)
        case .layout(let index, let o):
            let layout = damage.layout(index)
            var size = 0.0
            for style in layout.styles { size = max(size, style.size) }
            let pad = size * s + 4
            return box((o.x + tx) * s - pad, (o.y + ty) * s - pad,
                       (o.x + layout.size.width + tx) * s + pad, (o.y + layout.size.height + ty) * s + pad)
        }
    }

    /// Narrows the bounds of this frame's texts (recorded generously, without laying them out) to the
    /// pixels their glyphs cover: a text that changed is laid out (`glyphTextBounds`); one that did not, on
    /// screen, keeps the bounds it had (the same call at the same place). So a changing label damages its
    /// line's ink, not its whole rect, for the cost of laying out only the labels that changed.
    private func refineTextBounds() {
        let savedTx = tx, savedTy = ty
        for j in damage.commands.indices {
            guard case .text(let index, _, let r, let style, let alignment) = damage.commands[j].op else { continue }
            let text = damage.text(index)
            let m = damage.matchOf[j]
            if m >= 0 {
                // Calls in scrolled content match at another place (the content moved): keep theirs.
                if damage.commands[j].space < 0 { damage.commands[j].bounds = damage.previous[Int(m)].bounds }
                continue
            }
            tx = damage.commands[j].tx
            ty = damage.commands[j].ty
            if let ink = glyphTextBounds(text, in: r, style: style, alignment: alignment) {
                damage.commands[j].bounds = intersect(ink, damage.commands[j].clip)
            }
        }
        tx = savedTx
        ty = savedTy
    }

    /// Moves each moved region's pixels by its delta within its clip. - Returns: pixels moved.
    private func moveScrolledPixels(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Int {
        var total = 0
        for (r, region) in damage.regions.enumerated() {
            guard r < damage.moved.count, let d = damage.moved[r], d.x != 0 || d.y != 0 else { continue }
            let c = region.clip
            let dst = intersect(c, offset(c, d))
            guard !isEmpty(dst) else { continue }
            SDL_RenderFlush(renderer)
            sk_move_rect(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), surface.pointee.pitch / 4,
                         dst.x, dst.y, dst.w, dst.h, d.x, d.y)
            damage.changed.append(dst)
            total += area(dst)
        }
        return total
    }

    // MARK: Drawing the damage

    /// Draws every recorded call that touches `rect`, clipped to it, in order, from the last opaque fill
    /// that covers `rect` whole (nothing drawn before it shows there: a toolbar's text over its background).
    private func replay(within rect: SDL_Rect) {
        let commands = damage.commands
        // The opaque fills that touch the rect, last first (up to eight), back to the last that covers it
        // whole: a call whose pixels in the rect a later one of them covers is not drawn (what it would
        // write there is written over with one colour; a pinned header over the cards under it).
        damage.covers.removeAll(keepingCapacity: true)
        var first = commands.count
        while first > 0 {
            first -= 1
            guard commands[first].covers else { continue }
            let part = intersect(commands[first].bounds, rect)
            guard !isEmpty(part) else { continue }
            if sameRect(part, rect) { break }
            if damage.covers.count < 8 { damage.covers.append((first, part)) }
        }
        for k in first..<commands.count {
            // Only the calls that touch the rect are copied out (a copy retains what the call holds).
            let part = intersect(commands[k].bounds, rect)
            guard !isEmpty(part) else { continue }
            var hidden = false
            for cover in damage.covers where cover.index > k && contains(cover.rect, part) {
                hidden = true
                break
            }
            if hidden { continue }
            let clip = intersect(commands[k].clip, rect)
            guard !isEmpty(clip) else { continue }
            let c = commands[k]
            clipStack.removeAll(keepingCapacity: true)
            clipStack.append(clip)
            clipIsEmpty = false
            var sdlClip = clip
            SDL_RenderSetClipRect(renderer, &sdlClip)
            tx = c.tx
            ty = c.ty
            switch c.op {
            case .clear(let color): clear(color)
            case .fill(let r, let color): fill(r, color: color)
            case .roundedRect(let r, let radius, let color): fillRoundedRect(r, radius: radius, color: color)
            case .strokeRect(let r, let color, let width): strokeRect(r, color: color, width: width)
            case .line(let a, let b, let color, let width): drawLine(from: a, to: b, color: color, width: width)
            case .polyline(let range, let color, let width):
                if color.a > 0, width > 0, width.isFinite, range.count >= 2 {
                    strokePolyline(damage.points[range], color: color, width: width)
                }
            case .circle(let center, let radius, let color): fillCircle(center: center, radius: radius, color: color)
            case .circles(let index): fillCircles(damage.batches[Int(index)])
            case .text(let index, _, let r, let style, let alignment):
                drawText(damage.text(index), in: r, style: style, alignment: alignment)
            case .layout(let index, let origin): drawTextLayout(damage.layout(index), at: origin)
            case .image(let index, let r, let opacity, _): drawImage(damage.images[Int(index)], in: r, opacity: opacity)
            }
        }
    }
}

extension Double {
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}

extension DamageState {
    // MARK: Finding the damage

    /// Whether old call `a` and new call `b` draw the same pixels (relative to their space). Batches of
    /// circles never do (they are large, change every frame where they are used, and are let go of).
    @inline(__always)   // called from matchCalls' buffer closures: a call out of them would copy `self`
    private func sameCall(_ a: UnsafePointer<DrawCommand>, _ b: UnsafePointer<DrawCommand>) -> Bool {
        guard a.pointee.hash == b.pointee.hash, !a.pointee.alwaysRedraw, !b.pointee.alwaysRedraw,
              a.pointee.space == b.pointee.space, a.pointee.keyTx == b.pointee.keyTx, a.pointee.keyTy == b.pointee.keyTy,
              sameRect(a.pointee.keyClip, b.pointee.keyClip) else { return false }
        // One op at a time, in place (copying the calls, or a tuple of both ops, costs more than comparing).
        switch a.pointee.op {
        case .circles: return false
        case .polyline(let ra, let ca, let wa):
            guard case .polyline(let rb, let cb, let wb) = b.pointee.op else { return false }
            return ca == cb && wa == wb && previousPoints[ra] == points[rb]
        case .text(_, let ba, let ra, let sa, let aa):
            guard case .text(_, let bb, let rb, let sb, let ab) = b.pointee.op else { return false }
            return ra == rb && sa == sb && aa == ab && Self.sameBytes(previousTextBytes, ba, textBytes, bb)
        case .layout(let ia, let oa):
            guard case .layout(let ib, let ob) = b.pointee.op else { return false }
            return oa == ob && previousLayout(ia) == layout(ib)
        case .image(let ia, let ra, let pa, let sa):
            guard case .image(let ib, let rb, let pb, let sb) = b.pointee.op else { return false }
            return ra == rb && pa == pb && sa == sb && previousImages[Int(ia)] == images[Int(ib)]
        default: return a.pointee.op == b.pointee.op
        }
    }

    private static func sameBytes(_ a: [UInt8], _ ra: Range<Int>, _ b: [UInt8], _ rb: Range<Int>) -> Bool {
        guard ra.count == rb.count else { return false }
        guard !ra.isEmpty else { return true }
        return a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                memcmp(pa.baseAddress! + ra.lowerBound, pb.baseAddress! + rb.lowerBound, ra.count) == 0
            }
        }
    }

    /// Whether region `r`'s background in `commands` is uniform: every call on screen before the
    /// region's content that touches its clip fills all of it (a clear, or a fill covering it).
    private static func uniformBeneath(_ commands: [DrawCommand], _ region: ScrollRegion) -> Bool {
        var i = 0
        while i < region.first {
            let c = commands[i]
            if c.space < 0, !isEmpty(intersect(c.bounds, region.clip)) {
                switch c.op {
                case .clear, .fill: if !contains(c.bounds, region.clip) { return false }
                default: return false
                }
            }
            i += 1
        }
        return true
    }

    /// Matches this frame's calls with the last frame's as a multiset (`matchOf`: the old call each new
    /// one matched, or -1; `used`: the old calls matched).
    mutating func matchCalls() {
        let new = commands, old = previous
        // A table of the old calls by summary, each chain in call order. The scratch is taken out of `self`
        // while it is filled (written through buffers, with no uniqueness check per element).
        var size = 16
        while size < 2 * old.count { size *= 2 }
        let mask = size - 1
        var buckets: [Int32] = [], chain: [Int32] = [], used: [Bool] = [], matchOf: [Int32] = []
        swap(&buckets, &self.buckets); swap(&chain, &self.chain); swap(&used, &self.used); swap(&matchOf, &self.matchOf)
        buckets.removeAll(keepingCapacity: true)
        buckets.append(contentsOf: repeatElement(-1, count: size))
        chain.removeAll(keepingCapacity: true)
        chain.append(contentsOf: repeatElement(-1, count: old.count))
        used.removeAll(keepingCapacity: true)
        used.append(contentsOf: repeatElement(false, count: old.count))
        matchOf.removeAll(keepingCapacity: true)
        matchOf.append(contentsOf: repeatElement(-1, count: new.count))
        old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
        buckets.withUnsafeMutableBufferPointer { buckets in
        chain.withUnsafeMutableBufferPointer { chain in
        used.withUnsafeMutableBufferPointer { used in
        matchOf.withUnsafeMutableBufferPointer { matchOf in
            var i = old.count - 1
            while i >= 0 {
                let b = Int(truncatingIfNeeded: old[i].hash) & mask
                chain[i] = buckets[b]
                buckets[b] = Int32(i)
                i -= 1
            }
            guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return }
            // Calls taken over from the last frame are theirs.
            for r in reused {
                for n in 0..<r.count {
                    matchOf[r.new + n] = Int32(r.old + n)
                    used[r.old + n] = true
                }
            }
            for j in 0..<new.count where matchOf[j] < 0 {
                let hash = new[j].hash
                var k = buckets[Int(truncatingIfNeeded: hash) & mask]
                while k >= 0 {
                    // The summaries first: the full comparison only when they agree.
                    if !used[Int(k)], old[Int(k)].hash == hash, sameCall(oldBase + Int(k), newBase + j) {
                        used[Int(k)] = true
                        matchOf[j] = k
                        break
                    }
                    k = chain[Int(k)]
                }
            }
        }}}}}}
        swap(&buckets, &self.buckets); swap(&chain, &self.chain); swap(&used, &self.used); swap(&matchOf, &self.matchOf)
    }

    /// Collects the damage of this frame against the last (after ``matchCalls()``): see the notes at the top.
    mutating func findDamage() {
        let new = commands, old = previous
        let regions = regions, oldRegions = previousRegions
        // Regions: matched by order and clip; moved when their origin moved by whole pixels within the clip
        // over a uniform background, in both frames.
        moved.removeAll(keepingCapacity: true)
        for (i, region) in regions.enumerated() {
            guard i < oldRegions.count, sameRect(oldRegions[i].clip, region.clip) else {
                moved.append(nil)
                rects.append(region.clip)
                continue
            }
            let dx = region.px - oldRegions[i].px, dy = region.py - oldRegions[i].py
            if dx == 0 && dy == 0 {
                moved.append(SDL_Point(x: 0, y: 0))
            } else if abs(dx) < Int64(region.clip.w), abs(dy) < Int64(region.clip.h),
                      Self.uniformBeneath(new, region), Self.uniformBeneath(old, oldRegions[i]) {
                moved.append(SDL_Point(x: Int32(dx), y: Int32(dy)))
            } else {
                moved.append(nil)
                rects.append(region.clip)
            }
        }
        for i in regions.count..<max(regions.count, oldRegions.count) { rects.append(oldRegions[i].clip) }
        for r in invalidated { rects.append(r) }

        // Old bounds where their pixels are now (moved with their region, else in place).
        let moved = self.moved
        func oldBounds(_ c: DrawCommand) -> SDL_Rect {
            guard c.space >= 0, Int(c.space) < moved.count, let d = moved[Int(c.space)] else { return c.bounds }
            return intersect(offset(c.bounds, d), regions[Int(c.space)].clip)
        }

        // Calls that appeared or disappeared (matched by `matchCalls`).
        for j in new.indices where matchOf[j] < 0 && !isEmpty(new[j].bounds) { rects.append(new[j].bounds) }
        for k in old.indices where !used[k] && !isEmpty(old[k].bounds) {
            let b = oldBounds(old[k])
            rects.append(b)
        }

        // Matched calls whose order changed: a call is out of order when an earlier one (in this frame)
        // matched a later old call, or a later one an earlier old call.
        suffixMin.removeAll(keepingCapacity: true)
        suffixMin.append(contentsOf: repeatElement(Int32.max, count: new.count + 1))
        var j = new.count - 1
        while j >= 0 {
            let m = matchOf[j]
            suffixMin[j] = m >= 0 ? min(m, suffixMin[j + 1]) : suffixMin[j + 1]
            j -= 1
        }
        var prefixMax: Int32 = -1
        for j in new.indices {
            let m = matchOf[j]
            guard m >= 0 else { continue }
            if m < prefixMax || m > suffixMin[j + 1] {
                if !isEmpty(new[j].bounds) { rects.append(new[j].bounds) }
                if !isEmpty(old[Int(m)].bounds) {
                    let b = oldBounds(old[Int(m)])
                    rects.append(b)
                }
            }
            prefixMax = max(prefixMax, m)
        }

        // Moved regions: the strips they expose, and whatever is drawn over them (in either frame).
        for (r, region) in regions.enumerated() {
            guard let d = self.moved[r], d.x != 0 || d.y != 0 else { continue }
            let c = region.clip
            if d.y > 0 { rects.append(SDL_Rect(x: c.x, y: c.y, w: c.w, h: d.y)) }
            if d.y < 0 { rects.append(SDL_Rect(x: c.x, y: c.y + c.h + d.y, w: c.w, h: -d.y)) }
            if d.x > 0 { rects.append(SDL_Rect(x: c.x, y: c.y, w: d.x, h: c.h)) }
            if d.x < 0 { rects.append(SDL_Rect(x: c.x + c.w + d.x, y: c.y, w: -d.x, h: c.h)) }
            var k = region.end
            while k < new.count {
                let over = intersect(new[k].bounds, c)
                if !isEmpty(over) { rects.append(over) }
                k += 1
            }
            k = oldRegions[r].end
            while k < old.count {
                let over = intersect(offset(old[k].bounds, d), c)
                if !isEmpty(over) { rects.append(over) }
                k += 1
            }
            // Other regions drawn over this one move differently: none are expected (scroll views side by
            // side), but overlapping ones are redrawn whole.
            for (q, other) in regions.enumerated() where q != r {
                let overlap = intersect(other.clip, c)
                if !isEmpty(overlap) { rects.append(c) }
            }
        }
    }

    /// Merges damage rects that overlap or nearly touch when the merge adds little area, then caps their
    /// number (by merging the closest); every rect is cut to the target.
    mutating func coalesceDamage(whole: SDL_Rect) {
        var out = 0
        for i in rects.indices {
            let r = intersect(rects[i], whole)
            if !isEmpty(r) { rects[out] = r; out += 1 }
        }
        rects.removeLast(rects.count - out)
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    let a = rects[i], b = rects[j]
                    let u = union(a, b)
                    if contains(a, b) || area(u) <= area(a) + area(b) + 4096 || (contains(b, a)) {
                        rects[i] = u
                        rects.swapAt(j, rects.count - 1)
                        rects.removeLast()
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        if rects.count > 24 {
            var all = rects[0]
            for r in rects { all = union(all, r) }
            rects.removeAll(keepingCapacity: true)
            rects.append(all)
        }
    }


    /// Images are blitted by SDL, whose blended blit rounds differently depending on where a clip starts
    /// a row: a damaged rect that cuts an image grows to take the image's visible part whole, so an image
    /// is only ever drawn with the clip a whole frame gives it. Falls back to the whole target when that
    /// does not settle.
    mutating func coverImagesWhole(whole: SDL_Rect) {
        for _ in 0..<4 {
            var grew = false
            for c in commands {
                guard case .image(_, _, _, let state) = c.op, state & 4 == 0, !isEmpty(c.bounds) else { continue }
                for i in rects.indices {
                    let r = rects[i]
                    if !isEmpty(intersect(r, c.bounds)) && !contains(r, c.bounds) {
                        rects[i] = union(r, c.bounds)
                        grew = true
                    }
                }
            }
            if !grew { return }
            coalesceDamage(whole: whole)
        }
        rects.removeAll(keepingCapacity: true)
        rects.append(whole)
    }
}
