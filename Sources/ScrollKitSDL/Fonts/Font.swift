// Fonts for SDLCanvas: the FontLibrary of bundled and registered faces, opened once per face and pixel size.

import CSDL2
import CSDL2_ttf
import Foundation
import ScrollKitAssets
import ScrollKit

/// Fonts for `SDLCanvas`: the bundled DejaVu Sans (regular and bold), any other registered font
/// files, and an optional colour-emoji font.
///
/// SDL2_ttf fonts are opened once per (face, pixel size) and kept open (`TTF_Font` cache); sizes are
/// in pixels, so a canvas asks for `points × pixelScale` and text stays crisp at high DPI.
/// Rendered text *textures* belong to a renderer, so each `SDLCanvas` keeps its own LRU of them.
///
/// A missing or corrupt font file is a thrown `SDLError` naming the file.
@MainActor
public final class FontLibrary {
    /// The library every canvas uses unless given another: DejaVu Sans from the package's resources.
    public static let shared = FontLibrary()

    /// The only pixel size at which Noto Color Emoji (a CBDT bitmap font) can be opened: its strike.
    public static let emojiStrikePixelSize: Int32 = 109

    /// Largest pixel size a font is opened at; bigger requests are clamped to it.
    public static let maxPixelSize: Int32 = 512

    /// The face name of `TextStyle.Weight.regular`.
    public static let regularFace = "regular"
    /// The face name of `TextStyle.Weight.bold`.
    public static let boldFace = "bold"

    private struct FontKey: Hashable {
        var face: String
        var pixelSize: Int32
    }

    private var faceFiles: [String: String] = [:]
    /// The fonts shaped text is drawn from (the faces, the fallback files, the system's), by id.
    let shaping = ShapingFonts()
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var emojiFont: OpaquePointer?
    private let ownsTTFInit: Bool

    /// The emoji font file registered with `registerEmojiFont(path:)`, if any.
    public private(set) var emojiFontPath: String?

    /// FreeType hinting for fonts opened from now on (`TTF_HINTING_*`). Light hinting keeps the
    /// glyph shapes and snaps only vertically: crisp and even at small UI sizes.
    public var hinting: Int32 = TTF_HINTING_LIGHT

    /// How many `TTF_Font`s are open (one per face and pixel size used so far).
    public var openFontCount: Int { fonts.count + (emojiFont == nil ? 0 : 1) }

    /// A library whose regular and bold faces are the bundled DejaVu Sans files.
    /// Nothing is opened yet: a missing file shows up as an error on first use (or from `validate()`).
    public init() {
        ownsTTFInit = TTF_Init() == 0
        faceFiles[Self.regularFace] = BundledAssets.path(BundledAssets.regularFont)
        faceFiles[Self.boldFace] = BundledAssets.path(BundledAssets.boldFont)
    }

    isolated deinit {
        for font in fonts.values { TTF_CloseFont(font) }
        if let emojiFont { TTF_CloseFont(emojiFont) }
        if ownsTTFInit { TTF_Quit() }
    }

    /// The font file behind a face name, if registered.
    public func path(forFace face: String) -> String? { faceFiles[face] }

    /// Uses the font file at `path` for `face` (for example `"bold"`, or a new name such as `"mono"`).
    ///
    /// The file is opened once to check it. Fonts already open for that face are closed.
    /// - Throws: `SDLError` naming the file when it is missing or not a font SDL2_ttf can open.
    public func register(fontFile path: String, as face: String) throws {
        try Self.check(fontFile: path, pixelSize: 12)
        for (key, font) in fonts where key.face == face {
            TTF_CloseFont(font)
            fonts[key] = nil
        }
        faceFiles[face] = path
        shapingFaceIDs.removeAll()
    }

    private var shapingFaceIDs: [String: Int] = [:]

    /// The shaping font id of `weight`'s face (see ``ShapingFonts``), or nil when its file cannot be opened.
    func shapingFontID(for weight: TextStyle.Weight) -> Int? {
        let face = Self.face(for: weight)
        if let id = shapingFaceIDs[face] { return id > 0 ? id : nil }
        let id = faceFiles[face].flatMap { shaping.id(path: $0) } ?? 0
        shapingFaceIDs[face] = id
        return id > 0 ? id : nil
    }

    /// Registers a colour-emoji font such as Noto Color Emoji (`fonts-noto-color-emoji`).
    ///
    /// It is opened at its bitmap strike (109 px); canvases scale the rendered emoji down.
    /// - Throws: `SDLError` naming the file when it is missing or cannot be opened at 109 px.
    public func registerEmojiFont(path: String) throws {
        let font = try Self.open(fontFile: path, pixelSize: Self.emojiStrikePixelSize)
        if let emojiFont { TTF_CloseFont(emojiFont) }
        emojiFont = font
        emojiFontPath = path
    }

    /// Opens the regular and bold faces at one size, so a broken installation fails early.
    /// - Throws: `SDLError` naming the first font file that cannot be opened.
    public func validate() throws {
        _ = try font(face: Self.regularFace, pixelSize: 16)
        _ = try font(face: Self.boldFace, pixelSize: 16)
    }

    /// The face name used for a text weight.
    public static func face(for weight: TextStyle.Weight) -> String {
        switch weight {
        case .regular: regularFace
        case .bold: boldFace
        }
    }

    /// The open `TTF_Font` for `weight` at `pixelSize` (clamped to 1...`maxPixelSize`), opened on first use.
    /// - Throws: `SDLError` naming the file when it is missing or corrupt.
    package func font(for weight: TextStyle.Weight, pixelSize: Int32) throws -> OpaquePointer {
        try font(face: Self.face(for: weight), pixelSize: pixelSize)
    }

    /// The open `TTF_Font` for a registered face at `pixelSize` (clamped to 1...`maxPixelSize`).
    /// Complexity: O(1) after the first call for that face and size.
    /// - Throws: `SDLError` when the face is unknown, or naming the file when it cannot be opened.
    package func font(face: String, pixelSize: Int32) throws -> OpaquePointer {
        let size = min(max(pixelSize, 1), Self.maxPixelSize)
        let key = FontKey(face: face, pixelSize: size)
        if let font = fonts[key] { return font }
        guard let path = faceFiles[face] else {
            throw SDLError("no font file registered for face '\(face)'", path: nil, sdlMessage: "")
        }
        let font = try Self.open(fontFile: path, pixelSize: size)
        TTF_SetFontHinting(font, hinting)
        fonts[key] = font
        return font
    }

    /// The emoji font at its 109 px strike, or nil when none is registered.
    package func emojiFontAtStrike() -> OpaquePointer? { emojiFont }

    // MARK: - Rendering (renderer-independent surfaces)

    /// Renders one line of `text` in white with anti-aliased alpha (`TTF_RenderUTF8_Blended`).
    ///
    /// The caller owns the returned ARGB8888 surface (free it with `SDL_FreeSurface`). Tint it with a
    /// texture colour/alpha mod: that gives exactly the pixels of rendering in that colour.
    /// - Returns: nil for empty text (nothing to draw).
    /// - Throws: `SDLError` when the font cannot be opened or SDL2_ttf fails.
    package func renderWhite(_ text: String, weight: TextStyle.Weight, pixelSize: Int32)
        throws -> UnsafeMutablePointer<SDL_Surface>?
    {
        guard !text.isEmpty else { return nil }
        let font = try font(for: weight, pixelSize: pixelSize)
        guard let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            throw SDLError("cannot render text \"\(text.prefix(40))\" at \(pixelSize) px")
        }
        return surface
    }

    /// The size in pixels of one line of `text`: its advance width, and the font's line height
    /// (ascent + descent) even for empty text. Complexity: O(length of text).
    /// - Throws: `SDLError` when the font cannot be opened.
    public func measure(_ text: String, weight: TextStyle.Weight, pixelSize: Int32) throws -> (width: Int32, height: Int32) {
        let font = try font(for: weight, pixelSize: pixelSize)
        var w: Int32 = 0, h: Int32 = 0
        if !text.isEmpty { _ = TTF_SizeUTF8(font, text, &w, &h) }
        return (w, TTF_FontHeight(font))
    }

    /// Whether `text` is made only of emoji (with their modifiers, joiners and variation selectors),
    /// so it is drawn with the emoji font when one is registered. Plain digits, `#` or `©` alone are not.
    /// Complexity: O(number of Unicode scalars).
    public nonisolated static func isEmojiOnly(_ text: String) -> Bool {
        var sawEmoji = false
        for scalar in text.unicodeScalars {
            let p = scalar.properties
            switch scalar.value {
            case 0xFE0F, 0x20E3:
                sawEmoji = true
            case 0x200D, 0xFE0E, 0xE0020...0xE007F:
                continue
            default:
                if p.isEmojiPresentation || p.isEmojiModifier {
                    sawEmoji = true
                } else if p.isEmoji && scalar.value > 0xFF {
                    continue   // text-default emoji (e.g. U+2764): counts only with U+FE0F
                } else if scalar.value < 0x80 && p.isEmoji {
                    continue   // keycap bases 0-9 # *: count only with U+20E3
                } else {
                    return false
                }
            }
        }
        return sawEmoji
    }

    /// Renders an emoji string with the registered emoji font at its strike, then scales it to
    /// `pixelSize` (the em size it should match) with an area-averaging filter, so small emoji stay smooth.
    ///
    /// The caller owns the returned ARGB8888 surface. Returns nil when no emoji font is registered,
    /// the text is empty, or the size is not positive.
    /// - Throws: `SDLError` when SDL2_ttf cannot render the text.
    package func renderEmoji(_ text: String, pixelSize: Int32) throws -> UnsafeMutablePointer<SDL_Surface>? {
        guard let emojiFont, !text.isEmpty, pixelSize > 0 else { return nil }
        guard let strike = TTF_RenderUTF8_Blended(emojiFont, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            throw SDLError("cannot render emoji with '\(emojiFontPath ?? "?")'", path: emojiFontPath)
        }
        let scale = Double(min(pixelSize, Self.maxPixelSize)) / Double(Self.emojiStrikePixelSize)
        if scale >= 1 { return strike }
        defer { SDL_FreeSurface(strike) }
        let w = max(1, Int32((Double(strike.pointee.w) * scale).rounded()))
        let h = max(1, Int32((Double(strike.pointee.h) * scale).rounded()))
        return try Self.downsample(strike, width: w, height: h)
    }

    /// The size in pixels of an emoji string drawn at `pixelSize`, or nil without an emoji font.
    public func measureEmoji(_ text: String, pixelSize: Int32) -> (width: Int32, height: Int32)? {
        guard let emojiFont else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        if !text.isEmpty { _ = TTF_SizeUTF8(emojiFont, text, &w, &h) }
        h = TTF_FontHeight(emojiFont)
        let scale = Double(pixelSize) / Double(Self.emojiStrikePixelSize)
        return (Int32((Double(w) * scale).rounded()), Int32((Double(h) * scale).rounded()))
    }

    // MARK: - Helpers

    private static func check(fontFile path: String, pixelSize: Int32) throws {
        TTF_CloseFont(try open(fontFile: path, pixelSize: pixelSize))
    }

    private static func open(fontFile path: String, pixelSize: Int32) throws -> OpaquePointer {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SDLError("font file not found: '\(path)'", path: path, sdlMessage: "")
        }
        guard let font = TTF_OpenFont(path, Int32(pixelSize)) else {
            throw SDLError("cannot open font '\(path)'", path: path)
        }
        return font
    }

    /// Area-averaged resampling of an ARGB8888 surface (straight alpha) to a smaller size, in
    /// premultiplied space so transparent edges do not darken. Complexity: O(source pixels + target pixels).
    static func downsample(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int32, height: Int32) throws
        -> UnsafeMutablePointer<SDL_Surface>
    {
        guard let argb = SDL_ConvertSurfaceFormat(source, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("cannot convert emoji surface")
        }
        defer { SDL_FreeSurface(argb) }
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot create a \(width)x\(height) surface")
        }
        let sw = Int(argb.pointee.w), sh = Int(argb.pointee.h), tw = Int(width), th = Int(height)
        let sPitch = Int(argb.pointee.pitch) / 4, tPitch = Int(out.pointee.pitch) / 4
        let src = argb.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let dst = out.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        // Horizontal pass: premultiplied RGBA floats, sh rows × tw columns.
        var rows = [Float](repeating: 0, count: sh * tw * 4)
        let fx = Double(sw) / Double(tw), fy = Double(sh) / Double(th)
        for y in 0..<sh {
            for x in 0..<tw {
                let x0 = Double(x) * fx, x1 = x0 + fx
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                var sx = Int(x0)
                while Double(sx) < x1, sx < sw {
                    let weight = Float(min(Double(sx + 1), x1) - max(Double(sx), x0))
                    let p = src[y * sPitch + sx]
                    let a = Float(p >> 24) / 255
                    acc.0 += weight * a * Float((p >> 16) & 0xFF)
                    acc.1 += weight * a * Float((p >> 8) & 0xFF)
                    acc.2 += weight * a * Float(p & 0xFF)
                    acc.3 += weight * a
                    sx += 1
                }
                let i = (y * tw + x) * 4
                rows[i] = acc.0; rows[i + 1] = acc.1; rows[i + 2] = acc.2; rows[i + 3] = acc.3
            }
        }
        // Vertical pass, then back to straight alpha.
        let area = Float(fx * fy)
        for y in 0..<th {
            let y0 = Double(y) * fy, y1 = y0 + fy
            for x in 0..<tw {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                var sy = Int(y0)
                while Double(sy) < y1, sy < sh {
                    let weight = Float(min(Double(sy + 1), y1) - max(Double(sy), y0))
                    let i = (sy * tw + x) * 4
                    acc.0 += weight * rows[i]; acc.1 += weight * rows[i + 1]
                    acc.2 += weight * rows[i + 2]; acc.3 += weight * rows[i + 3]
                    sy += 1
                }
                let alpha = acc.3 / area
                var pixel: UInt32 = 0
                if alpha > 0 {
                    func channel(_ v: Float) -> UInt32 { UInt32(min(max((v / acc.3).rounded(), 0), 255)) }
                    let a = UInt32(min(max((alpha * 255).rounded(), 0), 255))
                    pixel = a << 24 | channel(acc.0) << 16 | channel(acc.1) << 8 | channel(acc.2)
                }
                dst[y * tPitch + x] = pixel
            }
        }
        return out
    }
}
