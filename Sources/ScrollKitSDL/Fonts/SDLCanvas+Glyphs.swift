// SDLCanvas's glyph text: laying out a line's glyphs from the cache and drawing them.

import CSDL2
import CScrollKitPixels
import CSDL2_ttf
import ScrollKit

// Glyph cache and atlas: text drawn glyph by glyph from coverage rasterised once per
// (scalar, pixel size, weight), so drawing or measuring a string whose glyphs were seen before
// allocates nothing (no per-string surface, texture or coverage array).
//
// Layout reproduces SDL2_ttf's (TTF_RenderUTF8_Blended with HarfBuzz, as built on this system):
// the pen advances by each glyph's *unrounded* advance in 26.6 fixed point, each glyph is placed at
// floor(pen) + its bitmap's left bearing, the line's top is the font's ascent line, and the line's
// box runs from min(0, leftmost ink) to max(rightmost ink, floor(final pen)). HarfBuzz applies no
// kerning to the bundled DejaVu Sans faces (checked: string widths equal the sums of advances at
// 9…48 px, both weights), so none is applied; a registered face that HarfBuzz does kern (DejaVu
// Serif, for one) is detected when first used and keeps the per-string path. Strings that need shaping
// (combining marks, right-to-left or complex scripts, controls), scalars the font lacks and emoji-only
// strings (with an emoji font) keep the per-string path of SDLCanvas+Text.swift too.

/// Where a laid-out line's glyphs go, and its size (pixels).
struct GlyphLine {
    /// min(0, leftmost bitmap edge): the line's box starts here, relative to the first pen position.
    var minX: Int32
    /// The line's width (SDL2_ttf's TTF_SizeUTF8 width).
    var width: Int32
    /// min(0, highest ink) from the ascent line: the rendered line's box starts here (a glyph above
    /// the ascent, such as a tall accent, makes SDL2_ttf's surface taller).
    var minY: Int32
    /// The rendered line's height (SDL2_ttf's surface height: at least the font's line height).
    var height: Int32
}

extension SDLCanvas {
    // MARK: - Public diagnostics and settings

    /// How many glyphs are in the glyph cache now (all faces and sizes).
    public var glyphCount: Int { glyphCache.entries.count }

    /// How many glyphs this canvas has rasterised into its atlas so far (a cache hit rasterises none).
    public var glyphsRasterized: Int { glyphCache.rasterized }

    /// How many times the glyph atlas was full and started over.
    public var glyphAtlasResets: Int { glyphCache.resets }

    /// The glyph atlas's side in pixels (default 1024: 1 MiB of coverage, plus a 4 MiB texture when text
    /// is drawn through SDL). Setting it drops every cached glyph; values are clamped to 16...4096.
    public var glyphAtlasSize: Int32 {
        get { glyphCache.atlasSize }
        set { glyphCache.resize(min(max(newValue, 16), 4096)) }
    }

    /// Whether `text` would be drawn from the glyph cache (each scalar simple and provided by the
    /// font) rather than rendered as a whole string. False for bad sizes and with glyph caching off.
    /// Caches the string's glyphs, like `measureText`.
    public func drawsWithGlyphs(_ text: String, style: TextStyle) -> Bool {
        guard glyphCachingEnabled, let pixelSize = textPixelSize(style.size) else { return false }
        return layoutGlyphLine(text, pixelSize: pixelSize, weight: style.weight) != nil
    }

    // MARK: - Drawing

    /// Draws `text` from the glyph cache: false when the glyph path cannot draw it (the caller falls
    /// back to the per-string path). Arguments already checked by `drawText`.
    func drawGlyphText(_ text: String, in rect: Rect, pixelSize: Int32, style: TextStyle,
                       alignment: TextAlign) -> Bool {
        guard glyphCachingEnabled else { return false }
        // Lay out (and cache every glyph); a reset during layout invalidates atlas places, so lay out
        // again; a second reset means the string's glyphs do not fit together.
        var line: GlyphLine? = nil
        for _ in 0..<2 {
            let resets = glyphCache.resets
            guard let laid = layoutGlyphLine(text, pixelSize: pixelSize, weight: style.weight) else { return false }
            if glyphCache.resets == resets { line = laid; break }
        }
        guard let line, let face = glyphCache.faces[GlyphFaceKey(pixelSize: pixelSize, weight: style.weight)]
        else { return false }

        guard let place = placement(of: line, in: rect, alignment: alignment) else { return true }
        let cut = place.right.map { Int32($0) } ?? Int32.max
        let originX = Int32(Self.pixelRound(place.x)) - line.minX
        let baseline = Int32(place.top) + face.ascent - line.minY
        if directSurface != nil {
            compositeGlyphLine(originX: originX, baseline: baseline, cut: cut, color: style.color)
        } else {
            renderGlyphLine(originX: originX, baseline: baseline, cut: cut, color: style.color)
        }
        return true
    }

    /// The pixels ``drawGlyphText(_:in:pixelSize:style:alignment:)`` writes for `text` at the current
    /// translation (its line's box, placed as it places it, with a pixel to spare), for damage tracking;
    /// nil when the text is not drawn glyph by glyph (then the caller assumes more). Lays the line out.
    func glyphTextBounds(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) -> SDL_Rect? {
        guard glyphCachingEnabled, let pixelSize = textPixelSize(style.size),
              let line = layoutGlyphLine(text, pixelSize: pixelSize, weight: style.weight) else { return nil }
        let nothing = SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        guard let place = placement(of: line, in: rect, alignment: alignment) else { return nothing }
        let x0 = Self.pixelRound(place.x), x1 = min(x0 + Double(line.width), place.right ?? .infinity)
        guard x1 > x0 else { return nothing }
        return SDL_Rect(x: Int32(x0) - 1, y: Int32(place.top) - 1, w: Int32(x1 - x0) + 2, h: line.height + 2)
    }

    /// Where a laid-out line goes in `rect` (pixels, the current translation and scale): its left edge `x`
    /// before rounding, its top, and where a line too wide for the rect is cut (`right`, nil when it fits).
    /// Nil when nothing is drawn (past the coordinate limit, or no whole pixel of room). The one placement
    /// drawing (``drawGlyphText(_:in:pixelSize:style:alignment:)``) and damage bounds (``glyphTextBounds``) share.
    func placement(of line: GlyphLine, in rect: Rect, alignment: TextAlign) -> (x: Double, top: Double, right: Double?)? {
        let s = pixelScale
        let left = (rect.minX + tx) * s, available = (max(rect.width, 0) * s).rounded()
        let top = Self.pixelRound((rect.midY + ty) * s - Double(line.height) / 2)
        guard abs(left) < Self.coordinateLimit, abs(top) < Self.coordinateLimit else { return nil }
        let width = Double(line.width)
        if width <= available {
            switch alignment {
            case .leading, .left: return (left, top, nil)
            case .center: return (left + (available - width) / 2, top, nil)
            case .trailing, .right: return (left + available - width, top, nil)
            }
        }
        guard available >= 1 else { return nil }
        return (left, top, Self.pixelRound(left) + available)   // too wide: keep the start, cut at the right edge
    }

    /// Software target: blends each glyph of the last laid-out line straight from the atlas.
    func compositeGlyphLine(originX: Int32, baseline: Int32, cut: Int32, color: RGBAColor) {
        guard let surface = directSurface else { return }
        SDL_RenderFlush(renderer)
        var x1Limit = min(surface.pointee.w, cut), y1Limit = surface.pointee.h
        var x0Limit: Int32 = 0, y0Limit: Int32 = 0
        if let clip = topClip {
            x0Limit = max(x0Limit, clip.x); y0Limit = max(y0Limit, clip.y)
            x1Limit = min(x1Limit, clip.x + clip.w); y1Limit = min(y1Limit, clip.y + clip.h)
        }
        guard x1Limit > x0Limit, y1Limit > y0Limit else { return }
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let cache = glyphCache
        Self.composite(cache.placed, entries: cache.entries, atlas: cache.coverage, atlasPitch: Int(cache.atlasSize),
                       into: pixels, pitch: pitch, originX: originX, baseline: baseline,
                       limits: (x0Limit, y0Limit, x1Limit, y1Limit), color: color)
    }

    /// The arrays' memory for ``composite(_:entries:atlas:atlasPitch:into:pitch:originX:baseline:limits:color:)``,
    /// taken outside the main actor: its closures check no executor (three checks a string otherwise).
    private nonisolated static func composite(_ placed: [(entry: Int32, pen: Int32, rise: Int32)], entries: [GlyphEntry],
                                              atlas: [UInt8], atlasPitch: Int, into pixels: UnsafeMutablePointer<UInt32>,
                                              pitch: Int, originX: Int32, baseline: Int32,
                                              limits: (Int32, Int32, Int32, Int32), color: RGBAColor) {
        atlas.withUnsafeBufferPointer { atlas in
            entries.withUnsafeBufferPointer { entries in
                placed.withUnsafeBufferPointer { placed in
                    composite(placed, entries: entries, atlas: atlas, atlasPitch: atlasPitch, into: pixels, pitch: pitch,
                              originX: originX, baseline: baseline, limits: limits, color: color)
                }
            }
        }
    }

    /// Blends each placed glyph's coverage from the atlas into the target within `limits` (x0, y0, x1,
    /// y1): plain memory, no isolation (a closure reading the cache would check its executor per call).
    private nonisolated static func composite(_ placed: UnsafeBufferPointer<(entry: Int32, pen: Int32, rise: Int32)>,
                                              entries: UnsafeBufferPointer<GlyphEntry>, atlas: UnsafeBufferPointer<UInt8>,
                                              atlasPitch: Int, into pixels: UnsafeMutablePointer<UInt32>, pitch: Int,
                                              originX: Int32, baseline: Int32, limits: (Int32, Int32, Int32, Int32),
                                              color: RGBAColor) {
        guard let base = atlas.baseAddress else { return }
        let (x0Limit, y0Limit, x1Limit, y1Limit) = limits
        for index in 0..<placed.count {
            let p = placed[index]
            guard Int(p.entry) < entries.count else { continue }   // placed before an atlas reset
            let glyph = entries[Int(p.entry)]
            guard glyph.width > 0 else { continue }
            let gx = originX + p.pen + glyph.inkLeft, gy = baseline - p.rise + glyph.inkTop
            let x0 = max(gx, x0Limit), x1 = min(gx + glyph.width, x1Limit)
            let y0 = max(gy, y0Limit), y1 = min(gy + glyph.height, y1Limit)
            guard x1 > x0, y1 > y0 else { continue }
            let column = Int(glyph.atlasX + x0 - gx)
            let source = base + (Int(glyph.atlasY) + Int(y0 - gy)) * atlasPitch + column
            // The glyph's rows in one C call (a Swift row loop costs more than the blending in debug builds).
            sk_blend_mask_rect(pixels + Int(y0) * pitch + Int(x0), Int32(pitch), source, Int32(atlasPitch),
                               x1 - x0, y1 - y0, color.r, color.g, color.b, color.a)
        }
    }

    /// Other renderers: the glyphs of the last laid-out line as quads of the atlas texture, tinted by
    /// their vertex colour, in one `SDL_RenderGeometry` call (one draw call per string on a GPU, where a
    /// copy per glyph would be one each). Quads sit on whole pixels and sample the atlas 1:1; the
    /// renderer's clip applies, and a line too wide for its rect is cut at `cut`.
    func renderGlyphLine(originX: Int32, baseline: Int32, cut: Int32, color: RGBAColor) {
        if glyphCache.texture == nil { createGlyphTexture() }
        guard let texture = glyphCache.texture else { return }
        let cache = glyphCache
        cache.vertices.removeAll(keepingCapacity: true)
        cache.indices.removeAll(keepingCapacity: true)
        let tint = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        let scale = 1 / Float(cache.atlasSize)
        let placedGlyphs = cache.placed
        for index in 0..<placedGlyphs.count {   // indices: iterating an array of tuples allocates in debug builds
            let placed = placedGlyphs[index]
            guard Int(placed.entry) < cache.entries.count else { continue }   // placed before an atlas reset
            let glyph = cache.entries[Int(placed.entry)]
            guard glyph.width > 0 else { continue }
            let gx = originX + placed.pen + glyph.inkLeft, gy = baseline - placed.rise + glyph.inkTop
            let w = cut == .max ? glyph.width : min(glyph.width, cut - gx)
            guard w > 0 else { continue }
            let x0 = Float(gx), y0 = Float(gy), x1 = Float(gx + w), y1 = Float(gy + glyph.height)
            let u0 = Float(glyph.atlasX) * scale, v0 = Float(glyph.atlasY) * scale
            let u1 = Float(glyph.atlasX + w) * scale, v1 = Float(glyph.atlasY + glyph.height) * scale
            let first = Int32(cache.vertices.count)
            cache.vertices.append(SDL_Vertex(position: SDL_FPoint(x: x0, y: y0), color: tint, tex_coord: SDL_FPoint(x: u0, y: v0)))
            cache.vertices.append(SDL_Vertex(position: SDL_FPoint(x: x1, y: y0), color: tint, tex_coord: SDL_FPoint(x: u1, y: v0)))
            cache.vertices.append(SDL_Vertex(position: SDL_FPoint(x: x1, y: y1), color: tint, tex_coord: SDL_FPoint(x: u1, y: v1)))
            cache.vertices.append(SDL_Vertex(position: SDL_FPoint(x: x0, y: y1), color: tint, tex_coord: SDL_FPoint(x: u0, y: v1)))
            cache.indices.append(first); cache.indices.append(first + 1); cache.indices.append(first + 2)
            cache.indices.append(first); cache.indices.append(first + 2); cache.indices.append(first + 3)
        }
        guard !cache.indices.isEmpty else { return }
        let status = cache.vertices.withUnsafeBufferPointer { v in
            cache.indices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(renderer, texture, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        if status != 0 { lastError = SDLError("SDL_RenderGeometry failed for text") }
    }

    // MARK: - Layout

    /// Lays out one line from the glyph cache, rasterising glyphs met for the first time: the line's
    /// box (SDL2_ttf's), or nil when a scalar needs the per-string path. Each glyph's entry and pen
    /// position go to `glyphCache.placed` (reused). Complexity: O(scalars), one array read per ASCII
    /// scalar (a hash lookup for others), no allocation when every glyph is cached.
    func layoutGlyphLine(_ text: String, pixelSize: Int32, weight: TextStyle.Weight) -> GlyphLine? {
        if fonts.emojiFontAtStrike() != nil, FontLibrary.isEmojiOnly(text) { return nil }
        guard let face = glyphFace(pixelSize: pixelSize, weight: weight), !face.kerned else { return nil }
        let cache = glyphCache
        cache.placed.removeAll(keepingCapacity: true)
        var key = GlyphKey(scalar: 0, pixelSize: pixelSize, weight: weight)
        var pen: Int32 = 0, minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY = face.height
        for scalar in text.unicodeScalars {
            guard Self.isSimpleScalar(scalar) else { return nil }
            key.scalar = scalar.value
            let i: Int32
            if let cached = cache.lookup(key, face: face) {
                i = cached
            } else {
                guard let made = makeGlyph(key, face: face) else { return nil }
                i = made
            }
            let glyph = cache.entries[Int(i)]
            let x = (pen >> 6) &+ glyph.boundsLeft
            minX = min(minX, x)
            maxX = max(maxX, x &+ glyph.boundsRight &- glyph.boundsLeft)
            minY = min(minY, glyph.lineTop)
            maxY = max(maxY, glyph.lineBottom)
            cache.placed.append((i, pen >> 6, 0))
            pen &+= glyph.advance
        }
        maxX = max(maxX, pen >> 6)
        return GlyphLine(minX: minX, width: maxX - minX, minY: minY, height: maxY - minY)
    }

    /// Scalars drawn glyph by glyph: printable, not a combining mark, not from a script that needs
    /// shaping (Hebrew, Arabic, Indic… from U+0590 on, except Latin/Greek extended, punctuation and
    /// symbols up to U+2BFF, and CJK).
    nonisolated static func isSimpleScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x20...0x7E: return true
        case 0xA0...0x2FF, 0x370...0x482, 0x48A...0x58F: break
        case 0x1D00...0x1DBF, 0x1E00...0x1FFF: break
        case 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF, 0x2100...0x2BFF: break
        case 0x3000...0x303F, 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60: break
        default: return false
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format: return false
        default: return true
        }
    }

    /// The face for `weight` at `pixelSize` with its metrics (measured on first use). A face
    /// re-registered in the font library (another TTF_Font) drops the cached glyphs.
    func glyphFace(pixelSize: Int32, weight: TextStyle.Weight) -> GlyphFace? {
        guard let font = try? fonts.font(for: weight, pixelSize: pixelSize) else { return nil }
        let key = GlyphFaceKey(pixelSize: pixelSize, weight: weight)
        if let face = glyphCache.faces[key] {
            if face.font == font { return face }
            glyphCache.clearFaces()
        }
        // The space's advance, to 1/64 pixel: 64 spaces end at floor(64 · a / 64) = a (26.6).
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(font, String(repeating: " ", count: 64), &w, &h) == 0 else { return nil }
        // Kerning: " " + "AV" × 32 + " " and " " + "A" × 32 + "V" × 32 + " " have the same glyphs and
        // advances; only kerning (63 pairs against 1) makes them differ. Checked on a few classic pairs.
        var kerned = false
        for pair in ["AV", "To", "Ty", "LT", "Yo", "Wa"] {
            let first = String(pair.prefix(1)), second = String(pair.suffix(1))
            var w1: Int32 = 0, w2: Int32 = 0
            _ = TTF_SizeUTF8(font, " " + String(repeating: pair, count: 32) + " ", &w1, &h)
            _ = TTF_SizeUTF8(font, " " + String(repeating: first, count: 32) + String(repeating: second, count: 32) + " ", &w2, &h)
            if abs(w1 - w2) > 1 { kerned = true; break }
        }
        let face = GlyphFace(font: font, ascent: TTF_FontAscent(font), height: TTF_FontHeight(font), spaceAdvance: w,
                             asciiBase: glyphCache.ascii.count, kerned: kerned)
        glyphCache.ascii.append(contentsOf: repeatElement(-1, count: 128))
        glyphCache.faces[key] = face
        if !kerned, pixelSize <= 64 {
            var glyph = GlyphKey(scalar: 0, pixelSize: pixelSize, weight: weight)
            for scalar in glyphWarmUp.unicodeScalars where Self.isSimpleScalar(scalar) {
                glyph.scalar = scalar.value
                if glyphCache.lookup(glyph, face: face) == nil { _ = makeGlyph(glyph, face: face) }
            }
        }
        return face
    }

    /// Measures and rasterises one glyph into the atlas (resetting the atlas when full). Nil when the
    /// font does not provide the scalar, SDL2_ttf fails, or the glyph is larger than the atlas.
    func makeGlyph(_ key: GlyphKey, face: GlyphFace) -> Int32? {
        let font = face.font
        guard TTF_GlyphIsProvided32(font, key.scalar) != 0, let scalar = Unicode.Scalar(key.scalar) else { return nil }
        var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
        guard TTF_GlyphMetrics32(font, key.scalar, &minX, &maxX, &minY, &maxY, &advance) == 0 else { return nil }

        // HarfBuzz's unrounded advance, to 1/64 pixel: " " + 64 × glyph + " " ends at
        // floor((2 · space + 64 · a) / 64) = a + floor(2 · space / 64) pixels (a in 26.6).
        var advance26 = face.spaceAdvance
        if key.scalar != 0x20 {
            var probe = " "
            probe.unicodeScalars.append(contentsOf: repeatElement(scalar, count: 64))
            probe += " "
            var w: Int32 = 0, h: Int32 = 0
            advance26 = advance << 6
            if TTF_SizeUTF8(font, probe, &w, &h) == 0 {
                let measured = w - (2 * face.spaceAdvance) >> 6
                if abs(measured - advance << 6) <= 128 { advance26 = measured }
            }
        }

        var entry = GlyphEntry(advance: advance26, boundsLeft: minX, boundsRight: maxX, lineTop: 0, lineBottom: face.height,
                               inkLeft: 0, inkTop: 0, width: 0, height: 0, atlasX: 0, atlasY: 0)
        glyphCache.rasterized += 1
        guard maxX > minX, let rendered = TTF_RenderGlyph32_Blended(font, key.scalar, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        else {
            return glyphCache.insert(entry, key: key, face: face)   // no ink (a space)
        }
        defer { SDL_FreeSurface(rendered) }
        guard let format = rendered.pointee.format, format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              sk_SDL_MUSTLOCK(rendered) == 0, let pixels = rendered.pointee.pixels else { return nil }
        let sw = Int(rendered.pointee.w), sh = Int(rendered.pointee.h), pitch = Int(rendered.pointee.pitch)
        // Ink box.
        var x0 = sw, x1 = 0, y0 = sh, y1 = 0
        for row in 0..<sh {
            let line = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
            for column in 0..<sw where line[column] >> 24 != 0 {
                x0 = min(x0, column); x1 = max(x1, column + 1); y0 = min(y0, row); y1 = max(y1, row + 1)
            }
        }
        // Where the pen and the baseline are in the single-glyph surface (SDL2_ttf's xstart, ystart).
        let penX = max(0, -minX), ystart = max(0, maxY - face.ascent), baselineY = ystart + face.ascent
        entry.lineTop = -ystart
        entry.lineBottom = Int32(sh) - ystart
        guard x1 > x0, y1 > y0 else {
            return glyphCache.insert(entry, key: key, face: face)
        }
        let w = Int32(x1 - x0), h = Int32(y1 - y0)
        if glyphCache.coverage.isEmpty {
            glyphCache.coverage = [UInt8](repeating: 0, count: Int(glyphCache.atlasSize) * Int(glyphCache.atlasSize))
        }
        var place = glyphCache.allocate(width: w, height: h)
        if place == nil {
            glyphCache.clearGlyphs()
            place = glyphCache.allocate(width: w, height: h)
        }
        guard let place else { return nil }
        let atlasPitch = Int(glyphCache.atlasSize)
        glyphCache.coverage.withUnsafeMutableBufferPointer { atlas in
            for row in 0..<Int(h) {
                let line = (pixels + (y0 + row) * pitch).assumingMemoryBound(to: UInt32.self)
                let start = (Int(place.y) + row) * atlasPitch + Int(place.x)
                for column in 0..<Int(w) { atlas[start + column] = UInt8(truncatingIfNeeded: line[x0 + column] >> 24) }
            }
        }
        entry.inkLeft = Int32(x0) - penX
        entry.inkTop = Int32(y0) - baselineY
        entry.width = w
        entry.height = h
        entry.atlasX = place.x
        entry.atlasY = place.y
        if glyphCache.texture != nil { uploadGlyph(entry) }
        return glyphCache.insert(entry, key: key, face: face)
    }

    /// Creates the atlas texture (on the first glyph text drawn through SDL) and uploads every glyph
    /// cached so far (measured, or composited directly).
    private func createGlyphTexture() {
        let size = glyphCache.atlasSize
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), size, size) else {
            lastError = SDLError("cannot create the \(size)x\(size) glyph atlas texture")
            return
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)   // quads map it 1:1
        glyphCache.texture = texture
        textTexturesCreated += 1
        for entry in glyphCache.entries where entry.width > 0 { uploadGlyph(entry) }
    }

    /// Copies a shaped glyph's coverage into the atlas texture.
    func uploadShapedGlyph(_ glyph: GlyphEntry) { uploadGlyph(glyph) }

    /// Copies a glyph's coverage into the atlas texture (white, alpha = coverage).
    private func uploadGlyph(_ glyph: GlyphEntry) {
        let size = glyphCache.atlasSize
        guard let texture = glyphCache.texture else { return }
        let count = Int(glyph.width) * Int(glyph.height)
        if glyphCache.upload.count < count { glyphCache.upload = [UInt32](repeating: 0, count: max(count, 4096)) }
        let atlasPitch = Int(size)
        glyphCache.coverage.withUnsafeBufferPointer { atlas in
            glyphCache.upload.withUnsafeMutableBufferPointer { out in
                for row in 0..<Int(glyph.height) {
                    let start = (Int(glyph.atlasY) + row) * atlasPitch + Int(glyph.atlasX)
                    for column in 0..<Int(glyph.width) {
                        out[row * Int(glyph.width) + column] = UInt32(atlas[start + column]) << 24 | 0x00FF_FFFF
                    }
                }
            }
        }
        var rect = SDL_Rect(x: glyph.atlasX, y: glyph.atlasY, w: glyph.width, h: glyph.height)
        _ = glyphCache.upload.withUnsafeBytes { bytes in
            SDL_UpdateTexture(texture, &rect, bytes.baseAddress, glyph.width * 4)
        }
    }
}
