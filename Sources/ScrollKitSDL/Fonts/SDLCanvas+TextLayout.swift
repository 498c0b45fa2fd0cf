// SDLCanvas and TextLayout: drawing a laid-out text glyph by glyph from the atlas, and the canvas's own text measurer.

import CSDL2
import ScrollKit

extension SDLCanvas {
    /// The innermost clip in pixels, if any (`clipStack.last` allocates in debug builds; this does not).
    var topClip: SDL_Rect? {
        let count = clipStack.count
        return count == 0 ? nil : clipStack[count - 1]
    }

    /// A ``FontTextMeasurer`` on this canvas's fonts at its pixel scale: layouts made with it place
    /// their glyphs on this canvas's whole pixels.
    public var textMeasurer: FontTextMeasurer {
        if let measurer = layoutMeasurer, measurer.pixelScale == pixelScale, measurer.fonts === fonts { return measurer }
        let measurer = FontTextMeasurer(fonts: fonts, pixelScale: pixelScale)
        layoutMeasurer = measurer
        return measurer
    }

    /// Draws a laid-out text with its top-left corner at `origin`, glyph by glyph from the glyph atlas:
    /// each glyph rasterised at the pixel size `size × pixelScale` (crisp at any scale) and placed on the
    /// whole pixel nearest its layout position, on its line's baseline, tinted with its run's colour.
    ///
    /// Lines wholly outside the clip are skipped, so drawing the visible part of a long article costs
    /// only its visible lines plus an O(1) test per other line.
    /// Complexity: O(glyphs drawn): an array read per ASCII glyph (a hash lookup for others), no
    /// allocation once the glyphs are in the atlas (a glyph met for the first time is rasterised once).
    ///
    /// Shaped glyphs (``TextLayout/Glyph/font`` other than 0: ligatures, joined Arabic, conjuncts,
    /// fallback fonts) are rasterised by glyph id with FreeType into the same atlas, keyed by (font, glyph
    /// id, pixel size); colour glyphs (emoji) are rendered once at their font's strike, scaled, and drawn
    /// as textures.
    ///
    /// ## Bad input
    /// A NaN or infinite origin, or one beyond ±2^22 pixels, draws nothing. Glyphs no font has draw as
    /// the face's missing-glyph box; runs with a transparent colour or a bad size draw nothing.
    public func drawTextLayout(_ layout: TextLayout, at origin: Point) {
        if damage.isRecording { return damage.drawTextLayout(layout, at: origin) }
        guard !clipIsEmpty, origin.x.isFinite, origin.y.isFinite else { return }
        let s = pixelScale
        let ox = (origin.x + tx) * s, oy = (origin.y + ty) * s
        guard abs(ox) < Self.coordinateLimit, abs(oy) < Self.coordinateLimit else { return }
        var clipTop = 0.0, clipBottom = size.height * s
        if let clip = topClip {
            clipTop = Double(clip.y); clipBottom = Double(clip.y + clip.h)
        }
        let cache = glyphCache
        let shaping = fonts.shaping
        for lineIndex in 0..<layout.lines.count {   // indices: no iterator (it allocates in debug builds)
            let line = layout.lines[lineIndex]
            let top = oy + line.top * s
            // Glyphs may reach past their line's box (descenders, accents): a line is skipped only when a
            // margin of half a line around its box misses the clip, so what is drawn never depends on the clip.
            let margin = line.height * s / 2 + 2
            if top - margin >= clipBottom || top + line.height * s + margin <= clipTop { continue }
            let baseline = Int32(Self.pixelRound(oy + line.baseline * s))
            var start = line.glyphs.lowerBound
            while start < line.glyphs.upperBound {
                let styleIndex = layout.glyphs[start].styleIndex
                var end = start + 1
                while end < line.glyphs.upperBound, layout.glyphs[end].styleIndex == styleIndex { end += 1 }
                let style = layout.styles[styleIndex]
                if style.color.a > 0, let pixelSize = textPixelSize(style.size),
                   let face = glyphFace(pixelSize: pixelSize, weight: style.weight) {
                    // Place the stretch's glyphs (rasterising new ones); an atlas reset meanwhile moves
                    // glyphs placed before it, so place them again once.
                    for _ in 0..<2 {
                        let resets = cache.resets
                        cache.placed.removeAll(keepingCapacity: true)
                        var key = GlyphKey(scalar: 0, pixelSize: pixelSize, weight: style.weight)
                        for k in start..<end {
                            let glyph = layout.glyphs[k]
                            let entry: Int32?
                            if glyph.font == 0 {   // the style's face, by scalar
                                guard glyph.scalar.value != 0x20 else { continue }
                                key.scalar = glyph.scalar.value; key.font = 0
                                entry = cache.lookup(key, face: face) ?? makeGlyph(key, face: face)
                            } else {               // a shaped glyph, by id (colour glyphs are drawn below)
                                if shaping.font(glyph.font)?.isColor ?? true { continue }
                                key.scalar = glyph.glyphID; key.font = Int32(truncatingIfNeeded: glyph.font)
                                entry = cache.index[key] ?? makeShapedGlyph(key)
                            }
                            guard let entry else { continue }
                            cache.placed.append((entry, Int32(Self.pixelRound(ox + glyph.x * s)),
                                                 Int32(Self.pixelRound(glyph.yOffset * s))))
                        }
                        if cache.resets == resets { break }
                        // The stretch's glyphs do not fit the atlas together (a tiny atlas): nothing placed
                        // before the second reset is valid.
                        if cache.resets != resets { cache.placed.removeAll(keepingCapacity: true) }
                    }
                    if directSurface != nil {
                        compositeGlyphLine(originX: 0, baseline: baseline, cut: .max, color: style.color)
                    } else {
                        renderGlyphLine(originX: 0, baseline: baseline, cut: .max, color: style.color)
                    }
                    for k in start..<end where layout.glyphs[k].font != 0 {
                        let glyph = layout.glyphs[k]
                        guard shaping.font(glyph.font)?.isColor == true else { continue }
                        let key = GlyphKey(scalar: glyph.glyphID, pixelSize: pixelSize, weight: .regular,
                                           font: Int32(truncatingIfNeeded: glyph.font))
                        guard let color = colorGlyph(key) else { continue }
                        drawColorGlyph(color, pen: Int32(Self.pixelRound(ox + glyph.x * s)),
                                       baseline: baseline - Int32(Self.pixelRound(glyph.yOffset * s)), alpha: style.color.a)
                    }
                }
                start = end
            }
        }
    }
}
