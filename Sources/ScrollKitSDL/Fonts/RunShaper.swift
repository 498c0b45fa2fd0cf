// RunShaper: a run of text shaped with HarfBuzz, cluster by cluster from the style's face or the first fallback font
// that has it, cached by text, size, weight and direction.

import CFontStack
import ScrollKit

/// Shapes runs for ``FontTextMeasurer``: splits a run into clusters (a base and its marks, joiners,
/// variation selectors, emoji modifiers and tags, flag pairs), picks each cluster's font (the style's
/// face when it has every scalar, a colour font for emoji, else the first fallback that has the base),
/// shapes each stretch of one font with HarfBuzz (the whole text as context), and converts font units to
/// points at the pixel size. Glyphs of the style's own face that shaping left alone (nominal glyph, no
/// offset) are font 0, drawn by scalar, with the face's hinted advance plus HarfBuzz's kerning.
///
/// Complexity: O(run length) plus HarfBuzz; a run shaped before (same text, size, weight, direction) is
/// one hash lookup. The cache is bounded by bytes (``cacheBudget``, least recently used out first), not by
/// runs: one run of 200,000 characters holds about 10 MB of scalars and glyphs.
@MainActor
final class RunShaper {
    private struct Key: Hashable {
        var scalars: [UInt32]
        var pixelSize: Int32
        var weight: TextStyle.Weight
        var rightToLeft: Bool
    }
    private var cache = ByteBudgetCache<Key, [ShapedGlyph]>(budget: RunShaper.cacheBudget)
    private let buffer: OpaquePointer?
    private var segment: [ShapedGlyph] = []
    /// How many runs HarfBuzz shaped, and how many came from the cache (for tests and benchmarks).
    private(set) var shapedRuns = 0
    private(set) var cachedRuns = 0
    /// The most bytes the shaped runs kept hold together (their scalars and glyphs): 16 MiB. A run larger than a
    /// quarter of it is shaped every time it is laid out, and not kept.
    static let cacheBudget = 16 << 20
    /// The bytes the cache holds now (for tests and benchmarks).
    var cachedBytes: Int { cache.bytes }

    init() {
        buffer = hb_buffer_create()
    }

    isolated deinit { hb_buffer_destroy(buffer) }

    func shape(_ scalars: [Unicode.Scalar], range: Range<Int>, weight: TextStyle.Weight, pixelSize: Int32,
               pixelScale: Double, rightToLeft: Bool, fonts: FontLibrary,
               nominalAdvance: (Unicode.Scalar) -> Double, into glyphs: inout [ShapedGlyph]) {
        guard !range.isEmpty, let buffer else { return }
        let key = Key(scalars: scalars[range].map(\.value), pixelSize: pixelSize, weight: weight, rightToLeft: rightToLeft)
        let start = glyphs.count
        if let cached = cache.value(for: key) {
            cachedRuns += 1
            for var g in cached { g.cluster += range.lowerBound; glyphs.append(g) }
            return
        }
        shapedRuns += 1
        let primary = fonts.shapingFontID(for: weight) ?? 0
        let set = fonts.shaping
        var i = range.lowerBound
        var stretchStart = i, stretchFont = -1
        while i < range.upperBound {
            let end = Self.clusterEnd(scalars, from: i, limit: range.upperBound)
            let font = chooseFont(scalars, i..<end, primary: primary, weight: weight, fonts: set)
            if font != stretchFont {
                if stretchFont >= 0 {
                    shapeStretch(scalars, stretchStart..<i, font: stretchFont, primary: primary, fonts: set,
                                 pixelSize: pixelSize, pixelScale: pixelScale, rightToLeft: rightToLeft,
                                 nominalAdvance: nominalAdvance, buffer: buffer, into: &glyphs, runStart: start)
                }
                stretchStart = i; stretchFont = font
            }
            i = end
        }
        if stretchFont >= 0 {
            shapeStretch(scalars, stretchStart..<range.upperBound, font: stretchFont, primary: primary, fonts: set,
                         pixelSize: pixelSize, pixelScale: pixelScale, rightToLeft: rightToLeft,
                         nominalAdvance: nominalAdvance, buffer: buffer, into: &glyphs, runStart: start)
        }
        let bytes = 64 + key.scalars.count * MemoryLayout<UInt32>.stride + (glyphs.count - start) * MemoryLayout<ShapedGlyph>.stride
        guard bytes <= Self.cacheBudget / 4 else { return }
        cache.insert(glyphs[start...].map { var g = $0; g.cluster -= range.lowerBound; return g }, bytes: bytes, for: key)
    }

    /// The font for one cluster: the emoji font for an emoji cluster; the style's face when it has every
    /// scalar that shows; else the fallback for the base scalar in the style's weight; else the face (its
    /// missing-glyph box).
    private func chooseFont(_ scalars: [Unicode.Scalar], _ cluster: Range<Int>, primary: Int, weight: TextStyle.Weight,
                            fonts: ShapingFonts) -> Int {
        let base = scalars[cluster.lowerBound]
        if cluster.count == 1, base.value < 0x80 {   // ASCII alone: the face, if it has it
            return fonts.font(primary)?.covers(base.value) == false ? fallbackOrPrimary(base, primary: primary, weight: weight, fonts: fonts)
                                                                      : primary
        }
        if Self.isEmojiCluster(scalars, cluster) {
            let id = fonts.fallbackFont(for: base.value, emoji: true, weight: weight)
            if id != 0 { return id }
        }
        guard let face = fonts.font(primary) else { return primary }
        var covered = true
        for k in cluster where !Self.isIgnorable(scalars[k]) && !face.covers(scalars[k].value) { covered = false; break }
        if covered { return primary }
        return fallbackOrPrimary(base, primary: primary, weight: weight, fonts: fonts)
    }

    private func fallbackOrPrimary(_ base: Unicode.Scalar, primary: Int, weight: TextStyle.Weight,
                                   fonts: ShapingFonts) -> Int {
        let id = fonts.fallbackFont(for: base.value, emoji: false, weight: weight)
        return id != 0 ? id : primary
    }

    private func shapeStretch(_ scalars: [Unicode.Scalar], _ range: Range<Int>, font id: Int, primary: Int,
                              fonts: ShapingFonts, pixelSize: Int32, pixelScale: Double, rightToLeft: Bool,
                              nominalAdvance: (Unicode.Scalar) -> Double, buffer: OpaquePointer,
                              into glyphs: inout [ShapedGlyph], runStart: Int) {
        guard let font = fonts.font(id) else { return }
        hb_buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer { all in
            all.withMemoryRebound(to: UInt32.self) { text in
                hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let toPixels = Double(pixelSize) / font.unitsPerEm
        segment.removeAll(keepingCapacity: true)
        for k in 0..<Int(count) {
            let info = infos[k], position = positions[k]
            let cluster = Int(info.cluster)
            let scalar = scalars[min(max(cluster, 0), scalars.count - 1)]
            var glyph = ShapedGlyph(id: info.codepoint, cluster: cluster, advance: 0,
                                    xOffset: Double(position.x_offset) * toPixels / pixelScale,
                                    yOffset: Double(position.y_offset) * toPixels / pixelScale, font: id)
            if info.codepoint == 0, scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                glyph.advance = 0   // tabs, bidi marks: no visible advance
            } else if id == primary, position.x_offset == 0, position.y_offset == 0,
                      info.codepoint == font.nominalGlyph(scalar.value) {
                // The face's own glyph, unshaped: drawn by scalar, at its hinted advance plus the kerning.
                let kerning = Double(position.x_advance - hb_font_get_glyph_h_advance(font.hbFont, info.codepoint))
                glyph.font = 0
                glyph.advance = nominalAdvance(scalar) + (kerning * toPixels).rounded() / pixelScale
            } else {
                glyph.advance = (Double(position.x_advance) * toPixels).rounded() / pixelScale
            }
            segment.append(glyph)
        }
        // Right to left, a stretch that comes later in the text goes left of the ones before it.
        if rightToLeft { glyphs.insert(contentsOf: segment, at: runStart) } else { glyphs.append(contentsOf: segment) }
    }

    // MARK: Clusters

    /// Scalars that draw nothing of their own (joiners, variation selectors, tags): a font need not have them.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xE0000...0xE0FFF, 0x034F, 0x00AD: true
        default: false
        }
    }

    /// The end of the cluster starting at `i`: a base with its marks, joiners and what they join,
    /// variation selectors, emoji modifiers, tags and keycap marks; a pair of regional indicators.
    static func clusterEnd(_ scalars: [Unicode.Scalar], from i: Int, limit: Int) -> Int {
        var j = i + 1
        // Below U+0300 nothing joins a cluster (marks, joiners, selectors and modifiers all come later).
        if j >= limit || scalars[j].value < 0x300 { return j }
        if (0x1F1E6...0x1F1FF).contains(scalars[i].value), j < limit, (0x1F1E6...0x1F1FF).contains(scalars[j].value) {
            return j + 1
        }
        while j < limit {
            let s = scalars[j]
            switch s.value {
            case 0x200D:
                j += 1
                if j < limit { j += 1 }
                continue
            case 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x20E3, 0xE0100...0xE01EF:
                j += 1; continue
            default: break
            }
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: j += 1
            default: return j
            }
        }
        return j
    }

    /// Whether a cluster is an emoji: a base shown as emoji by default, a flag, a modifier, a keycap, or
    /// any base followed by U+FE0F.
    static func isEmojiCluster(_ scalars: [Unicode.Scalar], _ cluster: Range<Int>) -> Bool {
        let base = scalars[cluster.lowerBound].properties
        if base.isEmojiPresentation || base.isEmojiModifier { return true }
        if (0x1F1E6...0x1F1FF).contains(scalars[cluster.lowerBound].value) { return true }
        for k in cluster.dropFirst() where scalars[k].value == 0xFE0F || scalars[k].value == 0x20E3 { return base.isEmoji }
        return false
    }
}
