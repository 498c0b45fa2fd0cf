// Theme: the colours, type scale, metrics and focus look every library view reads; light, dark and high
// contrast built in, and the colour scheme names the host's `--color-scheme` takes.

/// What every library view draws with: colour tokens (``ThemeColors``), a type scale (``TypeScale``), corner
/// radii and spacing (``ThemeMetrics``) and the focus ring's look (``FocusRingStyle``).
///
/// A window has one (``ViewNode/defaultTheme``, which ScrollKitSDL's host sets from `--color-scheme`,
/// `SCROLLKIT_COLOR_SCHEME` or GNOME's `color-scheme` setting); any view can carry its own for its subtree
/// (``ViewNode/theme``). Views read ``ViewNode/effectiveTheme``; a colour an app sets on a view itself (for
/// example ``TextFieldView/fillColor``) is pinned and no longer follows the theme.
///
/// ```swift
/// var night = Theme.dark
/// night.colors.tint = RGBAColor(hex: 0xFF9F0A)     // an amber accent for a car at night
/// root.theme = night                                // the whole tree redraws in it
/// ```
public struct Theme: Sendable, Hashable {
    /// A name for diagnostics (`--stats`, the closing of a theme switch).
    public var name: String
    public var colors: ThemeColors
    public var type: TypeScale
    public var metrics: ThemeMetrics
    public var focusRing: FocusRingStyle
    /// Whether the theme is dark (images and the gallery's own chrome may pick their variant from it).
    public var isDark: Bool

    public init(name: String, colors: ThemeColors, type: TypeScale = TypeScale(), metrics: ThemeMetrics = ThemeMetrics(),
                focusRing: FocusRingStyle? = nil, isDark: Bool = false) {
        self.name = name; self.colors = colors; self.type = type; self.metrics = metrics
        self.focusRing = focusRing ?? FocusRingStyle(color: colors.tint)
        self.isDark = isDark
    }

    /// The built-in theme a colour scheme names.
    public init(scheme: ColorScheme) {
        switch scheme {
        case .light: self = .light
        case .dark: self = .dark
        case .highContrast: self = .highContrast
        }
    }

    /// The built-in schemes, as `--color-scheme` and `SCROLLKIT_COLOR_SCHEME` name them.
    public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
        case light
        case dark
        case highContrast = "high-contrast"

        /// The scheme `name` spells (`light`, `dark`, `high-contrast`), or `nil`.
        public init?(name: String) { self.init(rawValue: name) }
    }
}

extension Theme {
    /// iOS's light palette (the library's look before themes existed).
    public static let light = Theme(name: "light", colors: ThemeColors(
        background: .white, groupedBackground: RGBAColor(hex: 0xF2F2F7), cellBackground: .white,
        selectedCellBackground: RGBAColor(hex: 0xE3EEFD), elevatedBackground: .white,
        barBackground: RGBAColor(hex: 0xF9F9FB), barSeparator: RGBAColor(hex: 0xD8D8DE),
        fieldBackground: .white, fieldBorder: RGBAColor(hex: 0xD1D1D6), disabledFieldBackground: RGBAColor(hex: 0xF2F2F7),
        label: RGBAColor(hex: 0x1C1C1E), secondaryLabel: RGBAColor(hex: 0x6C6C70), tertiaryLabel: RGBAColor(hex: 0x8A8A8E),
        placeholder: RGBAColor(hex: 0x8A8A8E),
        tint: RGBAColor(hex: 0x0A7AFF), pressedTint: RGBAColor(hex: 0x0060D0), onTint: .white,
        destructive: RGBAColor(hex: 0xFF3B30), positive: RGBAColor(hex: 0x34C759), neutralAction: RGBAColor(hex: 0x8E8E93),
        separator: RGBAColor(hex: 0xC6C6C8), fill: RGBAColor(hex: 0xE6E6EB), controlFace: .white,
        pressedControlFace: RGBAColor(hex: 0xE4E4EA), controlBorder: RGBAColor(hex: 0xD8D8DE), knob: .white,
        pressedOverlay: RGBAColor(r: 0, g: 0, b: 0, a: 26), scrollIndicator: RGBAColor(r: 0, g: 0, b: 0, a: 110),
        scrim: RGBAColor(r: 0, g: 0, b: 0, a: 77), shadow: RGBAColor(r: 0, g: 0, b: 0, a: 46),
        keyboardTray: RGBAColor(hex: 0xD1D4DA), keyboardKey: .white, keyboardFunctionKey: RGBAColor(hex: 0xABB1BB),
        keyboardKeyShadow: RGBAColor(hex: 0x888A8E), keyboardLabel: .black),
        focusRing: FocusRingStyle(color: RGBAColor(hex: 0x0A84FF)))

    /// iOS's dark palette: black screens, raised greys for rows, bars and surfaces, light text.
    public static let dark = Theme(name: "dark", colors: ThemeColors(
        background: .black, groupedBackground: .black, cellBackground: RGBAColor(hex: 0x1C1C1E),
        selectedCellBackground: RGBAColor(hex: 0x1F3A5E), elevatedBackground: RGBAColor(hex: 0x2C2C2E),
        barBackground: RGBAColor(hex: 0x1C1C1E), barSeparator: RGBAColor(hex: 0x38383A),
        fieldBackground: RGBAColor(hex: 0x2C2C2E), fieldBorder: RGBAColor(hex: 0x48484A),
        disabledFieldBackground: RGBAColor(hex: 0x1C1C1E),
        label: .white, secondaryLabel: RGBAColor(hex: 0xAEAEB2), tertiaryLabel: RGBAColor(hex: 0x8E8E93),
        placeholder: RGBAColor(hex: 0x8E8E93),
        tint: RGBAColor(hex: 0x0A84FF), pressedTint: RGBAColor(hex: 0x409CFF), onTint: .white,
        destructive: RGBAColor(hex: 0xFF453A), positive: RGBAColor(hex: 0x30D158), neutralAction: RGBAColor(hex: 0x636366),
        separator: RGBAColor(hex: 0x38383A), fill: RGBAColor(hex: 0x3A3A3C), controlFace: RGBAColor(hex: 0x636366),
        pressedControlFace: RGBAColor(hex: 0x7C7C80), controlBorder: RGBAColor(hex: 0x48484A), knob: .white,
        pressedOverlay: RGBAColor(r: 255, g: 255, b: 255, a: 30), scrollIndicator: RGBAColor(r: 255, g: 255, b: 255, a: 120),
        scrim: RGBAColor(r: 0, g: 0, b: 0, a: 150), shadow: RGBAColor(r: 0, g: 0, b: 0, a: 120),
        keyboardTray: RGBAColor(hex: 0x202022), keyboardKey: RGBAColor(hex: 0x6B6B6E),
        keyboardFunctionKey: RGBAColor(hex: 0x464648), keyboardKeyShadow: .black, keyboardLabel: .white),
        focusRing: FocusRingStyle(color: RGBAColor(hex: 0x64B5FF)), isDark: true)

    /// Black on white with dark accents and strong edges: every text token at 7:1 or better on every
    /// background (WCAG 2.2 AAA), borders on fields and controls, a wider focus ring.
    public static let highContrast = Theme(name: "high-contrast", colors: ThemeColors(
        background: .white, groupedBackground: RGBAColor(hex: 0xF0F0F0), cellBackground: .white,
        selectedCellBackground: RGBAColor(hex: 0xC9DDFF), elevatedBackground: .white,
        barBackground: .white, barSeparator: .black,
        fieldBackground: .white, fieldBorder: .black, disabledFieldBackground: RGBAColor(hex: 0xE0E0E0),
        label: .black, secondaryLabel: RGBAColor(hex: 0x333333), tertiaryLabel: RGBAColor(hex: 0x404040),
        placeholder: RGBAColor(hex: 0x474747),
        tint: RGBAColor(hex: 0x0040C0), pressedTint: RGBAColor(hex: 0x002C85), onTint: .white,
        destructive: RGBAColor(hex: 0x9E0000), positive: RGBAColor(hex: 0x00702A), neutralAction: RGBAColor(hex: 0x4A4A4A),
        separator: RGBAColor(hex: 0x5A5A5A), fill: RGBAColor(hex: 0xC8C8CC), controlFace: .white,
        pressedControlFace: RGBAColor(hex: 0xD8D8D8), controlBorder: .black, knob: .white,
        pressedOverlay: RGBAColor(r: 0, g: 0, b: 0, a: 40), scrollIndicator: RGBAColor(r: 0, g: 0, b: 0, a: 200),
        scrim: RGBAColor(r: 0, g: 0, b: 0, a: 170), shadow: RGBAColor(r: 0, g: 0, b: 0, a: 60),
        keyboardTray: RGBAColor(hex: 0xC8C8CC), keyboardKey: .white, keyboardFunctionKey: RGBAColor(hex: 0xA8A8AE),
        keyboardKeyShadow: .black, keyboardLabel: .black),
        focusRing: FocusRingStyle(color: .black, width: 4, outset: 3))
}
