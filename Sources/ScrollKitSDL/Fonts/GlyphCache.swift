// The glyph cache: glyph keys, faces and the atlas that holds each glyph's coverage.

import CSDL2
import ScrollKit

// The glyph cache behind SDLCanvas+Glyphs.swift: coverage rasterised once per (scalar, pixel size,
// weight), packed on shelves into one coverage atlas and its texture, plus the faces' metrics.

/// A glyph's cache key: Unicode scalar, pixel size and weight (no string: hashing allocates nothing); for a
/// shaped glyph, its font's shaping id (from 1) and its glyph id in `scalar`.
struct GlyphKey: Hashable {
    var scalar: UInt32
    var pixelSize: Int32
    var weight: TextStyle.Weight
    var font: Int32 = 0
}

/// A colour glyph (an emoji from a CBDT font), scaled to its pixel size: a texture and its place from the
/// pen and the baseline, in pixels.
struct ColorGlyph {
    var texture: OpaquePointer?
    var left: Int32
    var top: Int32
    var width: Int32
    var height: Int32
}

/// A face at one pixel size, as the glyph layout needs it.
struct GlyphFace {
    var font: OpaquePointer
    /// TTF_FontAscent: pixels from the line's top to the baseline.
    var ascent: Int32
    /// TTF_FontHeight: the line height (the height of SDL2_ttf's rendered line).
    var height: Int32
    /// The space's advance in 26.6 pixels.
    var spaceAdvance: Int32
    /// Where this face's 128 ASCII slots start in `GlyphCache.ascii`.
    var asciiBase: Int
    /// Whether SDL2_ttf (HarfBuzz) kerns this face: then its text keeps the per-string path, whose
    /// fractional kerning the glyph layout does not reproduce.
    var kerned: Bool
}

struct GlyphFaceKey: Hashable {
    var pixelSize: Int32
    var weight: TextStyle.Weight
}

/// One cached glyph: layout metrics and where its coverage is in the atlas.
struct GlyphEntry {
    /// Advance in 26.6 fixed-point pixels (HarfBuzz's, unrounded).
    var advance: Int32
    /// The glyph bitmap's extent from the pen, as SDL2_ttf sizes lines (TTF_GlyphMetrics32 minx, maxx).
    var boundsLeft: Int32
    var boundsRight: Int32
    /// The glyph's rendered extent from the line's top (the ascent line), as SDL2_ttf sizes lines:
    /// min(0, top) and max(line height, bottom) of its single-glyph rendering.
    var lineTop: Int32
    var lineBottom: Int32
    /// The ink (non-zero coverage) box: left from the pen, top from the baseline (negative: above).
    var inkLeft: Int32
    var inkTop: Int32
    var width: Int32
    var height: Int32
    /// The ink box's top-left corner in the atlas.
    var atlasX: Int32
    var atlasY: Int32
}

/// The glyph cache of one canvas: glyph entries and a shelf-packed coverage atlas (CPU bytes, plus a
/// white texture whose alpha is the coverage for renderers other than a directly composited software
/// target).
///
/// Memory is bounded: the atlas is `size × size` bytes (1 MiB by default) plus, once text is drawn
/// through SDL, a texture of 4 bytes per atlas pixel. When a new glyph does not fit, every glyph is
/// dropped and packing starts over (`resets` counts it); a frame that needs more glyphs than fit at
/// once draws the strings that do not fit with the per-string path.
@MainActor
final class GlyphCache {
    static let defaultAtlasSize: Int32 = 1024
    static let padding: Int32 = 1

    // The glyph tables marked `@exclusivity(unchecked)` are read for every glyph drawn or laid out, by
    // the canvas on its one thread and never through overlapping inout accesses: no dynamic exclusivity
    // checks on them.

    private(set) var atlasSize: Int32
    @exclusivity(unchecked) var coverage: [UInt8]
    /// Shelves: top, height, next free x.
    var shelves: [(y: Int32, height: Int32, x: Int32)] = []
    var nextShelfY: Int32 = 0
    /// Every cached glyph; found through `ascii` (scalars below 128: one array read) or `index`.
    @exclusivity(unchecked) var entries: [GlyphEntry] = []
    @exclusivity(unchecked) var index: [GlyphKey: Int32] = [:]
    /// 128 slots per face (see `GlyphFace.asciiBase`): the entry's position in `entries`, or -1.
    @exclusivity(unchecked) var ascii: [Int32] = []
    @exclusivity(unchecked) var faces: [GlyphFaceKey: GlyphFace] = [:]
    /// The last laid-out line: each glyph's entry, pen position and rise above the baseline (whole
    /// pixels). Reused.
    @exclusivity(unchecked) var placed: [(entry: Int32, pen: Int32, rise: Int32)] = []
    /// Colour glyphs (emoji) by (font, glyph id, pixel size), each its own texture.
    var colorGlyphs: [GlyphKey: ColorGlyph] = [:]
    var texture: OpaquePointer?
    var resets = 0
    var rasterized = 0
    var upload: [UInt32] = []
    /// The quads of a line drawn through SDL (reused).
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []

    init(atlasSize: Int32 = GlyphCache.defaultAtlasSize) {
        self.atlasSize = max(16, atlasSize)
        coverage = []
        entries.reserveCapacity(1024)
        index.reserveCapacity(512)
        ascii.reserveCapacity(128 * 16)
        placed.reserveCapacity(256)
        shelves.reserveCapacity(64)
    }

    /// The glyph of `scalar` in `face`, if cached. Complexity: O(1), one array read for ASCII.
    @inline(__always)
    func lookup(_ key: GlyphKey, face: GlyphFace) -> Int32? {
        if key.scalar < 128 && key.font == 0 {
            let i = ascii[face.asciiBase + Int(key.scalar)]
            return i >= 0 ? i : nil
        }
        return index[key]
    }

    /// Adds a glyph; returns its position in `entries`.
    func insert(_ entry: GlyphEntry, key: GlyphKey, face: GlyphFace) -> Int32 {
        let i = Int32(entries.count)
        entries.append(entry)
        if key.scalar < 128 && key.font == 0 { ascii[face.asciiBase + Int(key.scalar)] = i } else { index[key] = i }
        return i
    }

    /// Adds a shaped glyph (keyed by font and glyph id); returns its position in `entries`.
    func insertShaped(_ entry: GlyphEntry, key: GlyphKey) -> Int32 {
        let i = Int32(entries.count)
        entries.append(entry)
        index[key] = i
        return i
    }

    /// Forgets every face (and so every glyph).
    func clearFaces() {
        clearGlyphs()
        faces.removeAll(keepingCapacity: true)
        ascii.removeAll(keepingCapacity: true)
    }

    /// Drops every glyph and starts packing over (the texture is kept: new glyphs overwrite it).
    func clearGlyphs() {
        entries.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        for i in ascii.indices { ascii[i] = -1 }
        shelves.removeAll(keepingCapacity: true)
        nextShelfY = 0
        resets += 1
    }

    /// Drops everything, including the texture (call before the renderer goes) and the faces.
    func releaseAll() {
        if let texture { SDL_DestroyTexture(texture) }
        texture = nil
        for glyph in colorGlyphs.values { if let t = glyph.texture { SDL_DestroyTexture(t) } }
        colorGlyphs.removeAll()
        entries.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        ascii.removeAll(keepingCapacity: true)
        faces.removeAll(keepingCapacity: true)
        shelves.removeAll(keepingCapacity: true)
        nextShelfY = 0
        coverage = []
    }

    /// Changes the atlas size (pixels a side, at least 16): drops everything.
    func resize(_ size: Int32) {
        releaseAll()
        atlasSize = max(16, size)
    }

    /// A free `w × h` place in the atlas, or nil when full. Shelf packing: the first shelf tall enough
    /// (and not more than a third taller) with room, else a new shelf below the last.
    func allocate(width w: Int32, height h: Int32) -> (x: Int32, y: Int32)? {
        let pw = w + Self.padding, ph = h + Self.padding
        guard pw <= atlasSize, ph <= atlasSize else { return nil }
        for i in shelves.indices where shelves[i].height >= ph && shelves[i].height <= ph + ph / 3 + 2
            && shelves[i].x + pw <= atlasSize {
            let x = shelves[i].x
            shelves[i].x += pw
            return (x, shelves[i].y)
        }
        guard nextShelfY + ph <= atlasSize else { return nil }
        let y = nextShelfY
        shelves.append((y, ph, pw))
        nextShelfY += ph
        return (0, y)
    }
}
