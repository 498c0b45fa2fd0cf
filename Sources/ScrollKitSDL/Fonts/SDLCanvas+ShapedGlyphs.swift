// SDLCanvas+ShapedGlyphs: glyphs by glyph id from any shaping font, rasterised with FreeType into the glyph atlas;
// colour glyphs (CBDT emoji) rendered at their strike, scaled to the text size, one texture each.

import CFontStack
import CSDL2
import ScrollKit

extension SDLCanvas {
    /// Rasterises glyph `key.scalar` (a glyph id) of shaping font `key.font` at `key.pixelSize` with
    /// FreeType (light hinting, as SDL2_ttf draws the faces) into the atlas. Nil when the font cannot be
    /// opened or the glyph not loaded, or when it is larger than the atlas.
    func makeShapedGlyph(_ key: GlyphKey) -> Int32? {
        guard let face = fonts.shaping.ftFace(Int(key.font)) else { return nil }
        guard FT_Set_Pixel_Sizes(face, 0, UInt32(max(1, key.pixelSize))) == 0,
              FT_Load_Glyph(face, key.scalar, Int32(sk_ft_load_render_light())) == 0, let slot = face.pointee.glyph
        else { return nil }
        glyphCache.rasterized += 1
        let bitmap = slot.pointee.bitmap
        var entry = GlyphEntry(advance: Int32(truncatingIfNeeded: slot.pointee.advance.x), boundsLeft: 0, boundsRight: 0,
                               lineTop: 0, lineBottom: 0, inkLeft: slot.pointee.bitmap_left, inkTop: -slot.pointee.bitmap_top,
                               width: 0, height: 0, atlasX: 0, atlasY: 0)
        let w = Int32(bitmap.width), h = Int32(bitmap.rows)
        guard w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            return glyphCache.insertShaped(entry, key: key)   // no ink
        }
        if glyphCache.coverage.isEmpty {
            glyphCache.coverage = [UInt8](repeating: 0, count: Int(glyphCache.atlasSize) * Int(glyphCache.atlasSize))
        }
        var place = glyphCache.allocate(width: w, height: h)
        if place == nil {
            glyphCache.clearGlyphs()
            place = glyphCache.allocate(width: w, height: h)
        }
        guard let place else { return nil }
        let atlasPitch = Int(glyphCache.atlasSize), pitch = Int(bitmap.pitch)
        glyphCache.coverage.withUnsafeMutableBufferPointer { atlas in
            for row in 0..<Int(h) {
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (Int(h) - 1 - row) * -pitch
                let start = (Int(place.y) + row) * atlasPitch + Int(place.x)
                for column in 0..<Int(w) { atlas[start + column] = source[column] }
            }
        }
        entry.width = w; entry.height = h; entry.atlasX = place.x; entry.atlasY = place.y
        if glyphCache.texture != nil { uploadShapedGlyph(entry) }
        return glyphCache.insertShaped(entry, key: key)
    }

    /// The colour glyph `key.scalar` of colour font `key.font`, rendered at the font's bitmap strike and
    /// scaled (area-averaged) to `key.pixelSize` per em, as a texture; made once, nil when it cannot be.
    func colorGlyph(_ key: GlyphKey) -> ColorGlyph? {
        if let glyph = glyphCache.colorGlyphs[key] { return glyph.texture == nil ? nil : glyph }
        let made = makeColorGlyph(key)
        glyphCache.colorGlyphs[key] = made ?? ColorGlyph(texture: nil, left: 0, top: 0, width: 0, height: 0)
        return made
    }

    private func makeColorGlyph(_ key: GlyphKey) -> ColorGlyph? {
        guard let face = fonts.shaping.ftFace(Int(key.font)) else { return nil }
        if sk_ft_is_scalable(face) == 0 {
            guard face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else { return nil }
        } else {
            guard FT_Set_Pixel_Sizes(face, 0, UInt32(max(1, key.pixelSize))) == 0 else { return nil }
        }
        guard FT_Load_Glyph(face, key.scalar, Int32(sk_ft_load_render_color())) == 0, let slot = face.pointee.glyph,
              let size = face.pointee.size else { return nil }
        let bitmap = slot.pointee.bitmap
        let w = Int32(bitmap.width), h = Int32(bitmap.rows)
        guard w > 0, h > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
              let strike = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        defer { SDL_FreeSurface(strike) }
        // FreeType's BGRA is premultiplied; the surface (and the downsampler) take straight alpha.
        let pixels = strike.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let outPitch = Int(strike.pointee.pitch) / 4, pitch = Int(bitmap.pitch)
        for row in 0..<Int(h) {
            let source = buffer + row * pitch
            for column in 0..<Int(w) {
                let b = UInt32(source[column * 4]), g = UInt32(source[column * 4 + 1])
                let r = UInt32(source[column * 4 + 2]), a = UInt32(source[column * 4 + 3])
                func straight(_ c: UInt32) -> UInt32 { a == 0 ? 0 : min(255, (c * 255 + a / 2) / a) }
                pixels[row * outPitch + column] = a << 24 | straight(r) << 16 | straight(g) << 8 | straight(b)
            }
        }
        let strikePixels = Double(size.pointee.metrics.y_ppem)
        let scale = strikePixels > 0 ? Double(key.pixelSize) / strikePixels : 1
        let tw = max(1, Int32((Double(w) * scale).rounded())), th = max(1, Int32((Double(h) * scale).rounded()))
        var scaled = strike
        var owned: UnsafeMutablePointer<SDL_Surface>?
        if scale < 1, let down = try? FontLibrary.downsample(strike, width: tw, height: th) {
            scaled = down; owned = down
        }
        defer { if let owned { SDL_FreeSurface(owned) } }
        guard let texture = SDL_CreateTextureFromSurface(renderer, scaled) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if scale >= 1 { SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear) }
        textTexturesCreated += 1
        return ColorGlyph(texture: texture, left: Int32((Double(slot.pointee.bitmap_left) * scale).rounded()),
                          top: Int32((Double(slot.pointee.bitmap_top) * scale).rounded()), width: tw, height: th)
    }

    /// Draws a colour glyph with its pen at `pen` on `baseline` (pixels), faded by `alpha`.
    func drawColorGlyph(_ glyph: ColorGlyph, pen: Int32, baseline: Int32, alpha: UInt8) {
        guard let texture = glyph.texture else { return }
        var rect = SDL_Rect(x: pen + glyph.left, y: baseline - glyph.top, w: glyph.width, h: glyph.height)
        SDL_SetTextureAlphaMod(texture, alpha)
        if SDL_RenderCopy(renderer, texture, nil, &rect) != 0 { lastError = SDLError("SDL_RenderCopy failed for an emoji") }
    }
}
