// ThemeColors: the colour tokens of a theme, the names every library view draws with.

/// The colours of a ``Theme``, by role. Every library view draws with these tokens (unless the app pins a
/// colour on the view itself), so one theme value turns a whole window dark or high contrast.
///
/// Text tokens (``label``, ``secondaryLabel``, ``tertiaryLabel``, ``placeholder``, ``tint``, ``destructive``)
/// are meant to be read on the backgrounds (``background``, ``groupedBackground``, ``cellBackground``,
/// ``barBackground``, ``elevatedBackground``, ``fieldBackground``), and ``onTint`` on ``tint``; the built-in
/// themes' ratios are checked against WCAG 2.2 by the test suite (see ``RGBAColor/contrastRatio(against:)``).
public struct ThemeColors: Sendable, Hashable {
    // MARK: Backgrounds
    /// A plain screen's background (a plain list, a navigation screen).
    public var background: RGBAColor
    /// The background behind grouped sections and cards (iOS's grouped background).
    public var groupedBackground: RGBAColor
    /// A row's or card's fill.
    public var cellBackground: RGBAColor
    /// A selected row's fill.
    public var selectedCellBackground: RGBAColor
    /// Surfaces above the content: sheets, alerts, menus, popovers.
    public var elevatedBackground: RGBAColor
    /// Navigation bars and tool bars.
    public var barBackground: RGBAColor
    /// The hairline under a bar.
    public var barSeparator: RGBAColor
    /// A text field's fill, border, and fill while disabled.
    public var fieldBackground: RGBAColor
    public var fieldBorder: RGBAColor
    public var disabledFieldBackground: RGBAColor

    // MARK: Text
    public var label: RGBAColor
    public var secondaryLabel: RGBAColor
    public var tertiaryLabel: RGBAColor
    /// A field's placeholder.
    public var placeholder: RGBAColor

    // MARK: Accents
    /// Buttons, links, the caret, checkmarks, selected segments and tabs.
    public var tint: RGBAColor
    /// ``tint`` while pressed.
    public var pressedTint: RGBAColor
    /// Text and symbols drawn on ``tint`` (a filled button's title).
    public var onTint: RGBAColor
    /// Destructive actions (Delete).
    public var destructive: RGBAColor
    /// An on switch's track.
    public var positive: RGBAColor
    /// A neutral swipe action's fill.
    public var neutralAction: RGBAColor

    // MARK: Fills and lines
    /// Separators between rows.
    public var separator: RGBAColor
    /// Tracks of controls: a segmented control, an off switch, a slider's rail, a tab bar.
    public var fill: RGBAColor
    /// A control's face drawn on ``fill`` (a selected segment's pill, a bordered button's face, a switch's knob).
    public var controlFace: RGBAColor
    /// ``controlFace`` while pressed.
    public var pressedControlFace: RGBAColor
    /// A control's border (a bordered button's edge).
    public var controlBorder: RGBAColor
    /// A switch's knob.
    public var knob: RGBAColor
    /// Laid over a row or control while it is pressed.
    public var pressedOverlay: RGBAColor
    /// A scroll indicator's thumb.
    public var scrollIndicator: RGBAColor
    /// The scrim over what a presentation covers, at its fullest.
    public var scrim: RGBAColor
    /// Shadows under raised surfaces.
    public var shadow: RGBAColor

    // MARK: The on-screen keyboard
    public var keyboardTray: RGBAColor
    public var keyboardKey: RGBAColor
    public var keyboardFunctionKey: RGBAColor
    public var keyboardKeyShadow: RGBAColor
    public var keyboardLabel: RGBAColor

    /// A palette with every token given (start from a built-in's ``Theme/colors`` to change a few).
    public init(background: RGBAColor,
                groupedBackground: RGBAColor,
                cellBackground: RGBAColor,
                selectedCellBackground: RGBAColor,
                elevatedBackground: RGBAColor,
                barBackground: RGBAColor,
                barSeparator: RGBAColor,
                fieldBackground: RGBAColor,
                fieldBorder: RGBAColor,
                disabledFieldBackground: RGBAColor,
                label: RGBAColor,
                secondaryLabel: RGBAColor,
                tertiaryLabel: RGBAColor,
                placeholder: RGBAColor,
                tint: RGBAColor,
                pressedTint: RGBAColor,
                onTint: RGBAColor,
                destructive: RGBAColor,
                positive: RGBAColor,
                neutralAction: RGBAColor,
                separator: RGBAColor,
                fill: RGBAColor,
                controlFace: RGBAColor,
                pressedControlFace: RGBAColor,
                controlBorder: RGBAColor,
                knob: RGBAColor,
                pressedOverlay: RGBAColor,
                scrollIndicator: RGBAColor,
                scrim: RGBAColor,
                shadow: RGBAColor,
                keyboardTray: RGBAColor,
                keyboardKey: RGBAColor,
                keyboardFunctionKey: RGBAColor,
                keyboardKeyShadow: RGBAColor,
                keyboardLabel: RGBAColor) {
        self.background = background
        self.groupedBackground = groupedBackground
        self.cellBackground = cellBackground
        self.selectedCellBackground = selectedCellBackground
        self.elevatedBackground = elevatedBackground
        self.barBackground = barBackground
        self.barSeparator = barSeparator
        self.fieldBackground = fieldBackground
        self.fieldBorder = fieldBorder
        self.disabledFieldBackground = disabledFieldBackground
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.tertiaryLabel = tertiaryLabel
        self.placeholder = placeholder
        self.tint = tint
        self.pressedTint = pressedTint
        self.onTint = onTint
        self.destructive = destructive
        self.positive = positive
        self.neutralAction = neutralAction
        self.separator = separator
        self.fill = fill
        self.controlFace = controlFace
        self.pressedControlFace = pressedControlFace
        self.controlBorder = controlBorder
        self.knob = knob
        self.pressedOverlay = pressedOverlay
        self.scrollIndicator = scrollIndicator
        self.scrim = scrim
        self.shadow = shadow
        self.keyboardTray = keyboardTray
        self.keyboardKey = keyboardKey
        self.keyboardFunctionKey = keyboardFunctionKey
        self.keyboardKeyShadow = keyboardKeyShadow
        self.keyboardLabel = keyboardLabel
    }

    /// Every token, by name: for contrast checks, theme editors and diagnostics.
    public var tokens: [(name: String, color: RGBAColor)] {
        [("background", background), ("groupedBackground", groupedBackground), ("cellBackground", cellBackground),
         ("selectedCellBackground", selectedCellBackground), ("elevatedBackground", elevatedBackground),
         ("barBackground", barBackground), ("barSeparator", barSeparator), ("fieldBackground", fieldBackground),
         ("fieldBorder", fieldBorder), ("disabledFieldBackground", disabledFieldBackground), ("label", label),
         ("secondaryLabel", secondaryLabel), ("tertiaryLabel", tertiaryLabel), ("placeholder", placeholder),
         ("tint", tint), ("pressedTint", pressedTint), ("onTint", onTint), ("destructive", destructive),
         ("positive", positive), ("neutralAction", neutralAction), ("separator", separator), ("fill", fill),
         ("controlFace", controlFace), ("pressedControlFace", pressedControlFace), ("controlBorder", controlBorder), ("knob", knob),
         ("pressedOverlay", pressedOverlay), ("scrollIndicator", scrollIndicator), ("scrim", scrim),
         ("shadow", shadow), ("keyboardTray", keyboardTray), ("keyboardKey", keyboardKey),
         ("keyboardFunctionKey", keyboardFunctionKey), ("keyboardKeyShadow", keyboardKeyShadow),
         ("keyboardLabel", keyboardLabel)]
    }
}
