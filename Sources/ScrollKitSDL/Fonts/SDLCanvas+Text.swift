// SDLCanvas's text textures: one cached white texture per string, pixel size and weight, tinted when drawn.

import CSDL2
import ScrollKit

/// The text-texture cache key: one white texture per string, pixel size and weight (colour is a tint).
struct TextKey: Hashable {
    var text: String
    var pixelSize: Int32
    var weight: TextStyle.Weight
}

/// A cached rendering of one `TextKey`.
struct TextEntry {
    var texture: OpaquePointer?
    /// Size drawn, in pixels.
    var width: Int32
    var height: Int32
    /// Size of the texture itself (differs from width/height only for emoji drawn above their strike).
    var textureWidth: Int32
    var textureHeight: Int32
    var isEmoji: Bool
    var lastUse: UInt64
    var bytes: Int
    /// The glyphs' coverage (the white surface's alpha), one byte per pixel, kept for compositing
    /// straight into a software target; nil for emoji (colour) and scaled entries.
    var coverage: [UInt8]? = nil
}

struct MeasuredText {
    var width: Int32
    var height: Int32
}

extension SDLCanvas {
    // MARK: - DrawingCanvas: text

    /// Draws one line of `text` inside `rect`: vertically centred on the rect, aligned horizontally.
    ///
    /// Rendered with SDL2_ttf at the pixel size `style.size × ViewNode.textScale × pixelScale` (crisp at any DPI) and placed on
    /// whole pixels. Text wider than the rect is cut at the rect's right edge (drawn as if leading).
    /// When an emoji font is registered, a string made only of emoji is drawn in colour from it.
    /// Drawn glyph by glyph from the canvas's glyph atlas (the same pixels as SDL2_ttf's whole-line
    /// rendering) when every scalar is simple and in the font; a string the emoji font draws whole in colour;
    /// anything else (scripts that need shaping, characters from fallback fonts) laid out once by
    /// ``TextLayout`` (HarfBuzz, fontconfig fallback, bidi) and drawn from the atlas.
    /// Complexity: O(scalars) hash lookups and blits, no allocation once the glyphs are cached (a new
    /// glyph is rasterised once); a whole-string miss rasterises the string.
    /// Empty text, a NaN or non-positive size, a non-finite rect or a transparent colour draw nothing.
    public func drawText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) {
        let style = style.atCurrentTextScale   // Larger text (TextScale); a scaled style is not scaled again
        if damage.isRecording { return damage.drawText(text, in: rect, style: style, alignment: alignment) }
        guard !clipIsEmpty, !text.isEmpty, style.color.a > 0, let pixelSize = textPixelSize(style.size),
              rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return }
        if drawGlyphText(text, in: rect, pixelSize: pixelSize, style: style, alignment: alignment) { return }
        // The glyph path cannot draw it: shaped, unless only the atlas was too small (then whole, below).
        if drawsShaped(text), layoutGlyphLine(text, pixelSize: pixelSize, weight: style.weight) == nil {
            return drawShapedText(text, in: rect, style: style, alignment: alignment)
        }
        guard let entry = textEntry(TextKey(text: text, pixelSize: pixelSize, weight: style.weight)),
              let texture = entry.texture else { return }
        let s = pixelScale
        let left = (rect.minX + tx) * s, available = (max(rect.width, 0) * s).rounded()
        let top = Self.pixelRound((rect.midY + ty) * s - Double(entry.height) / 2)
        guard abs(left) < Self.coordinateLimit, abs(top) < Self.coordinateLimit else { return }
        if directSurface != nil, let coverage = entry.coverage {
            // Software target: blend the cached coverage straight in (a few times faster than SDL's
            // tinted blit), cut at the rect's right edge when too wide, as below.
            let width = Double(entry.width)
            var x = left
            if width <= available {
                switch alignment {
                case .leading, .left: break
                case .center: x = left + (available - width) / 2
                case .trailing, .right: x = left + available - width
                }
            } else if available < 1 {
                return
            }
            let visible = width <= available ? entry.width : Int32(available)
            _ = coverage.withUnsafeBufferPointer { mask in
                compositeCoverage(mask, width: entry.width, height: entry.height, x: Int32(Self.pixelRound(x)),
                                  y: Int32(top), visibleWidth: visible, color: style.color)
            }
            return
        }
        if entry.isEmoji {
            SDL_SetTextureColorMod(texture, 255, 255, 255)
        } else {
            SDL_SetTextureColorMod(texture, style.color.r, style.color.g, style.color.b)
        }
        SDL_SetTextureAlphaMod(texture, style.color.a)

        let width = Double(entry.width)
        if width <= available {
            let x: Double
            switch alignment {
            case .leading, .left: x = left
            case .center: x = left + (available - width) / 2
            case .trailing, .right: x = left + available - width
            }
            var dst = SDL_Rect(x: Int32(Self.pixelRound(x)), y: Int32(top), w: entry.width, h: entry.height)
            SDL_RenderCopy(renderer, texture, nil, &dst)
        } else if available >= 1 {
            // Too wide: keep the start, cut at the rect's right edge.
            let visible = Int32(available)
            var dst = SDL_Rect(x: Int32(Self.pixelRound(left)), y: Int32(top), w: visible, h: entry.height)
            if entry.textureWidth == entry.width && entry.textureHeight == entry.height {
                var src = SDL_Rect(x: 0, y: 0, w: visible, h: entry.height)
                SDL_RenderCopy(renderer, texture, &src, &dst)
            } else {
                let fraction = Double(visible) / width
                var src = SDL_Rect(x: 0, y: 0, w: Int32((Double(entry.textureWidth) * fraction).rounded()), h: entry.textureHeight)
                SDL_RenderCopy(renderer, texture, &src, &dst)
            }
        }
    }

    /// The size of one line of `text` in `style`, in points: its advance width and the font's line
    /// height (so empty text has zero width and a line's height). Measured at the pixel size text is
    /// drawn at, so it matches `drawText`. A NaN or non-positive size gives `.zero`.
    /// Complexity: O(scalars) glyph lookups, no allocation, when the glyphs are cached (measuring caches
    /// them: measure a string such as "0123456789" once to have its glyphs ready before they are drawn);
    /// one hash lookup for whole-string text measured before.
    public func measureText(_ text: String, style: TextStyle) -> Size {
        let style = style.atCurrentTextScale
        guard let pixelSize = textPixelSize(style.size) else { return .zero }
        if glyphCachingEnabled, !text.isEmpty,
           let line = layoutGlyphLine(text, pixelSize: pixelSize, weight: style.weight),
           let face = glyphCache.faces[GlyphFaceKey(pixelSize: pixelSize, weight: style.weight)] {
            return Size(width: Double(line.width) / pixelScale, height: Double(face.height) / pixelScale)
        }
        if !text.isEmpty, drawsShaped(text) { return shapedLine(text, style: style).size }   // the glyph line failed
        let key = TextKey(text: text, pixelSize: pixelSize, weight: style.weight)
        let measured: MeasuredText
        if let cached = measureCache[key] {
            measured = cached
        } else if let entry = textCache[key] {
            measured = MeasuredText(width: entry.width, height: entry.height)
        } else {
            var size: (width: Int32, height: Int32)? = nil
            if !text.isEmpty, FontLibrary.isEmojiOnly(text) { size = fonts.measureEmoji(text, pixelSize: pixelSize) }
            if size == nil {
                do { size = try fonts.measure(text, weight: style.weight, pixelSize: pixelSize) } catch {
                    lastError = error as? SDLError
                    return .zero
                }
            }
            measured = MeasuredText(width: size!.width, height: size!.height)
            if measureCache.count >= 4096 { measureCache.removeAll(keepingCapacity: true) }
            measureCache[key] = measured
        }
        return Size(width: Double(measured.width) / pixelScale, height: Double(measured.height) / pixelScale)
    }

    // MARK: - Cache

    /// Text pixel size for a point size, or nil when NaN, infinite or under half a pixel.
    func textPixelSize(_ points: Double) -> Int32? {
        let pixels = (points * pixelScale).rounded()
        guard pixels.isFinite, pixels >= 1 else { return nil }
        return Int32(min(pixels, Double(FontLibrary.maxPixelSize)))
    }

    /// The cached entry for `key`, rendered on a miss. Marks it most recently used.
    func textEntry(_ key: TextKey) -> TextEntry? {
        textClock &+= 1
        if let index = textCache.index(forKey: key) {
            textCache.values[index].lastUse = textClock
            return textCache.values[index]
        }
        guard let entry = makeTextEntry(key) else { return nil }
        textCache[key] = entry
        textCacheBytes += entry.bytes
        trimTextCache()
        return entry
    }

    private func makeTextEntry(_ key: TextKey) -> TextEntry? {
        let emoji = fonts.emojiFontAtStrike() != nil && FontLibrary.isEmojiOnly(key.text)
        let rendered: UnsafeMutablePointer<SDL_Surface>?
        do {
            rendered = emoji
                ? try fonts.renderEmoji(key.text, pixelSize: key.pixelSize)
                : try fonts.renderWhite(key.text, weight: key.weight, pixelSize: key.pixelSize)
        } catch {
            lastError = error as? SDLError
            return nil
        }
        guard let strike = rendered else { return nil }
        defer { SDL_FreeSurface(strike) }
        var surface = strike
        var scaled: UnsafeMutablePointer<SDL_Surface>? = nil
        defer { if let scaled { SDL_FreeSurface(scaled) } }
        if emoji, key.pixelSize > FontLibrary.emojiStrikePixelSize,
           let size = fonts.measureEmoji(key.text, pixelSize: key.pixelSize),
           size.width != strike.pointee.w || size.height != strike.pointee.h {
            // Above the strike the surface is the strike itself: scale it up once, smoothly, to the
            // size it is drawn at, so every draw is a 1:1 copy (a scaled copy cut by the target's edge
            // makes SDL's software renderer allocate a temporary surface on every draw).
            scaled = Self.stretchedLinear(strike, width: size.width, height: size.height)
            if let scaled { surface = scaled }
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
            lastError = SDLError("cannot create a texture for text \"\(key.text.prefix(40))\"")
            return nil
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        textTexturesCreated += 1
        let tw = surface.pointee.w, th = surface.pointee.h
        var w = tw, h = th
        if emoji, scaled == nil, key.pixelSize > FontLibrary.emojiStrikePixelSize,
           let size = fonts.measureEmoji(key.text, pixelSize: key.pixelSize) {
            // Could not be scaled ahead: draw the strike scaled up, smoothly.
            w = size.width; h = size.height
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        }
        var coverage: [UInt8]? = nil
        if !emoji, let format = surface.pointee.format, format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue,
           sk_SDL_MUSTLOCK(surface) == 0, let pixels = surface.pointee.pixels {
            let pitch = Int(surface.pointee.pitch)
            let width = Int(tw), height = Int(th)
            coverage = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
                for row in 0..<height {
                    let line = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
                    for column in 0..<width { buffer[row * width + column] = UInt8(truncatingIfNeeded: line[column] >> 24) }
                }
                count = width * height
            }
        }
        return TextEntry(texture: texture, width: w, height: h, textureWidth: tw, textureHeight: th,
                         isEmoji: emoji, lastUse: textClock, bytes: Int(tw) * Int(th) * 5, coverage: coverage)
    }

    /// `source` stretched to `width` × `height` with SDL's bilinear scaler (what the software renderer
    /// uses for a linear-scaled copy), as ARGB8888; nil when SDL cannot.
    static func stretchedLinear(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int32, height: Int32)
        -> UnsafeMutablePointer<SDL_Surface>? {
        guard width > 0, height > 0,
              let argb = SDL_ConvertSurfaceFormat(source, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        guard let target = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            return nil
        }
        guard SDL_SoftStretchLinear(argb, nil, target, nil) == 0 else {
            SDL_FreeSurface(target)
            return nil
        }
        return target
    }

    /// Destroys least recently used text textures until within `textCacheCapacity` and
    /// `textCacheByteBudget` (the most recent entry is always kept). Complexity: O(count) per eviction.
    func trimTextCache() {
        while textCache.count > max(textCacheCapacity, 1) || (textCacheBytes > textCacheByteBudget && textCache.count > 1) {
            var oldest: Dictionary<TextKey, TextEntry>.Index? = nil
            var oldestUse = UInt64.max
            var index = textCache.startIndex
            while index != textCache.endIndex {
                let use = textCache.values[index].lastUse
                if use < oldestUse { oldestUse = use; oldest = index }
                index = textCache.index(after: index)
            }
            guard let victim = oldest else { return }
            let entry = textCache.values[victim]
            if let texture = entry.texture { SDL_DestroyTexture(texture) }
            textCacheBytes -= entry.bytes
            textCache.remove(at: victim)
        }
    }

    /// Whether a text texture for `text` in `style` is cached (for tests and diagnostics).
    public func isTextCached(_ text: String, style: TextStyle) -> Bool {
        guard let pixelSize = textPixelSize(style.size) else { return false }
        return textCache[TextKey(text: text, pixelSize: pixelSize, weight: style.weight)] != nil
    }
}
