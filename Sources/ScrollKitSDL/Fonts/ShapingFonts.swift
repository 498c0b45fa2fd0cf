// ShapingFonts: the font files shaped text is drawn from, by id (HarfBuzz faces for shaping, FreeType faces for
// glyphs by id), and the fallback font for each scalar (the app's list, then fontconfig), cached.

import CFontStack
import Foundation
import ScrollKit

/// One font file (and face index within it) that shaped text can use.
@MainActor
final class ShapingFont {
    let path: String
    let index: Int32
    /// HarfBuzz's face and font, its scale the face's units per em (positions in font units).
    let hbFont: OpaquePointer
    let unitsPerEm: Double
    /// Whether its glyphs are colour bitmaps (CBDT/sbix, like Noto Color Emoji): drawn in colour, scaled.
    let isColor: Bool
    /// FreeType's face, opened on the first glyph drawn from it.
    var ftFace: FT_Face?

    init?(path: String, index: Int32) {
        guard FileManager.default.fileExists(atPath: path), let blob = hb_blob_create_from_file(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard hb_blob_get_length(blob) > 0, let face = hb_face_create(blob, UInt32(max(index, 0))) else { return nil }
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        guard upem > 0, let font = hb_font_create(face) else { return nil }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        self.path = path; self.index = index; hbFont = font; unitsPerEm = Double(upem)
        isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
        isBold = hb_style_get_value(font, HB_STYLE_TAG_WEIGHT) >= Self.boldWeight
    }

    /// Whether its weight (OS/2 `usWeightClass`, or its `wght` axis's default) is bold: 600 (semibold) or more.
    let isBold: Bool
    /// The weight from which a face counts as bold (CSS's and OpenType's semibold).
    static let boldWeight: Float = 600

    isolated deinit {
        hb_font_destroy(hbFont)
        if let ftFace { FT_Done_Face(ftFace) }
    }

    /// Whether the font has a glyph for `scalar` (its cmap). Complexity: O(log glyphs), no allocation.
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && glyph != 0
    }

    /// The glyph `scalar` maps to without shaping, or 0.
    func nominalGlyph(_ scalar: UInt32) -> UInt32 {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 ? glyph : 0
    }

    /// The file's base name (`NotoSansThai-Regular.ttf`).
    var fileName: String { (path as NSString).lastPathComponent }
}

/// The fonts of one ``FontLibrary`` that shaped text uses: its regular and bold faces, the app's
/// fallback files, and the system's fonts found through fontconfig, each given an id (from 1; 0 means
/// "the style's own face, drawn by scalar"). Fallback is decided per scalar and weight and cached, so a frame
/// never asks fontconfig.
@MainActor
final class ShapingFonts {
    private(set) var fonts: [ShapingFont?] = [nil]   // id 0: the style's face (by scalar)
    private var ids: [String: Int] = [:]              // "path#index" → id
    private var fallback: [FallbackKey: Int] = [:]    // scalar and weight → id (0: none found)
    private var emojiFallback: [UInt32: Int] = [:]
    var library: FT_Library?
    /// The app's fallback files, asked before the system's.
    var fallbackFiles: [String] = [] { didSet { fallback.removeAll(); emojiFallback.removeAll() } }
    /// Whether fontconfig is asked when no registered font has a scalar.
    var usesSystemFallback = true { didSet { fallback.removeAll(); emojiFallback.removeAll() } }
    private var fontconfigReady = false

    init() {}

    isolated deinit {
        for font in fonts { if let face = font?.ftFace { FT_Done_Face(face); font?.ftFace = nil } }
        if let library { FT_Done_FreeType(library) }
    }

    /// The id of the font at `path` (face `index`), opened on first use; nil when it cannot be opened.
    func id(path: String, index: Int32 = 0) -> Int? {
        let key = "\(path)#\(index)"
        if let id = ids[key] { return id > 0 ? id : nil }
        guard let font = ShapingFont(path: path, index: index) else { ids[key] = 0; return nil }
        fonts.append(font)
        ids[key] = fonts.count - 1
        return fonts.count - 1
    }

    func font(_ id: Int) -> ShapingFont? { id > 0 && id < fonts.count ? fonts[id] : nil }

    private struct FallbackKey: Hashable {
        var scalar: UInt32
        var bold: Bool
    }

    /// The font to draw `scalar` with in `weight` when the style's face lacks it: of the app's fallback files
    /// that have it, the first of that weight, else the first; else fontconfig's best match that has it, asked
    /// for that weight (a colour font for emoji, of any weight). 0: none. So bold Latin text next to a
    /// registered Arabic face (which has no Latin) comes from a bold face, regular Latin from a regular one.
    /// Complexity: O(1) after the first call for a scalar and weight.
    func fallbackFont(for scalar: UInt32, emoji: Bool, weight: TextStyle.Weight) -> Int {
        let bold = weight == .bold
        if emoji, let cached = emojiFallback[scalar] { return cached }
        if !emoji, let cached = fallback[FallbackKey(scalar: scalar, bold: bold)] { return cached }
        var found = 0, firstCovering = 0
        for path in fallbackFiles {
            guard let id = id(path: path), let font = font(id), font.covers(scalar), !emoji || font.isColor else { continue }
            if firstCovering == 0 { firstCovering = id }
            if emoji || font.isBold == bold { found = id; break }
        }
        if found == 0 { found = firstCovering }
        if found == 0, usesSystemFallback, let (path, index) = systemFont(for: scalar, emoji: emoji, bold: bold),
           let id = id(path: path, index: index), font(id)?.covers(scalar) == true {
            found = id
        }
        if found == 0, emoji { found = fallbackFont(for: scalar, emoji: false, weight: weight) }
        if emoji { emojiFallback[scalar] = found } else { fallback[FallbackKey(scalar: scalar, bold: bold)] = found }
        return found
    }

    /// fontconfig's best font for `scalar` (family "emoji" with colour for emoji, else "sans-serif" of the
    /// weight asked: `FC_WEIGHT_BOLD` or `FC_WEIGHT_REGULAR`), if it has the scalar.
    private func systemFont(for scalar: UInt32, emoji: Bool, bold: Bool) -> (String, Int32)? {
        if !fontconfigReady { fontconfigReady = FcInit() != 0 }
        guard fontconfigReady, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, "family", emoji ? "emoji" : "sans-serif")
        if emoji {
            _ = FcPatternAddBool(pattern, "color", 1)
        } else {
            _ = FcPatternAddInteger(pattern, "weight", bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        }
        guard let charset = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(charset) }
        _ = FcCharSetAddChar(charset, scalar)
        _ = FcPatternAddCharSet(pattern, "charset", charset)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var matchedSet: OpaquePointer?
        guard FcPatternGetCharSet(match, "charset", 0, &matchedSet) == FcResultMatch, let matchedSet,
              FcCharSetHasChar(matchedSet, scalar) != 0 else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, "index", 0, &index)
        return (String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index)
    }

    /// FreeType's face of font `id`, opened on first use.
    func ftFace(_ id: Int) -> FT_Face? {
        guard let font = font(id) else { return nil }
        if let face = font.ftFace { return face }
        if library == nil {
            var lib: FT_Library?
            guard FT_Init_FreeType(&lib) == 0 else { return nil }
            library = lib
        }
        var face: FT_Face?
        guard FT_New_Face(library, font.path, FT_Long(font.index), &face) == 0, let face else { return nil }
        font.ftFace = face
        return face
    }
}
