// FontLibrary+Fallback: the public face of shaped text's fonts: the app's fallback files, the system's fonts
// (fontconfig) on or off, and the bundled files.

import ScrollKitAssets

extension FontLibrary {
    /// Font files asked, in order, for a cluster the style's face cannot draw, before the system's fonts:
    /// an app that ships its own fonts (Arabic, CJK, emoji…) lists them here. Of the files that have the
    /// cluster, the first of the style's weight is taken (bold: a face of weight 600 or more), else the first.
    /// Empty by default.
    /// Setting it forgets the fallbacks chosen so far (the next layouts choose again).
    public var fallbackFontFiles: [String] {
        get { shaping.fallbackFiles }
        set { shaping.fallbackFiles = newValue }
    }

    /// Whether fontconfig is asked (once per Unicode scalar and weight, then cached) for a font that has a
    /// scalar no registered font has: Noto Sans Arabic, Devanagari, Thai, CJK, Noto Color Emoji… as installed,
    /// in the style's weight (a bold style asks for `FC_WEIGHT_BOLD`). On by default; off, such scalars draw
    /// as the face's missing-glyph box.
    public var usesSystemFallback: Bool {
        get { shaping.usesSystemFallback }
        set { shaping.usesSystemFallback = newValue }
    }

    /// The bundled font files (DejaVu Sans regular and bold), as paths: what the canvases draw with unless
    /// a face is registered over them (``register(fontFile:as:)``).
    public static var bundledFontFiles: [String] {
        [BundledAssets.path(BundledAssets.regularFont), BundledAssets.path(BundledAssets.boldFont)]
    }
}
