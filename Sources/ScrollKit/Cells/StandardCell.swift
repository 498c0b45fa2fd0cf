/// A ready-made table row in the manner of UIKit's standard cell styles: a title, an optional subtitle
/// wrapped to a few lines, an optional leading image or colour swatch, a trailing accessory (chevron,
/// checkmark, value text or an on/off switch), a separator with insets, a pressed look and a selected look.
///
/// One class covers every style: leave ``subtitle`` `nil` for a title-only row, set ``leading`` for a
/// thumbnail and ``accessory`` for the trailing part. The sizes, fonts and colours are one value,
/// ``appearance``, so a data source can size its rows with ``height(title:subtitle:width:leading:accessory:appearance:measurer:)``
/// from the same description the cells draw with.
///
/// ```swift
/// let look = StandardCell.Appearance()
/// func cell(at index: Int, in list: ListView) -> ListCell {
///     let cell = list.dequeueCell(StandardCell.self, for: index)
///     cell.appearance = look
///     cell.title = "Wi-Fi"
///     cell.subtitle = "Joins known networks automatically"
///     cell.leading = .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "W")
///     cell.accessory = .value("Home")          // or .chevron, .checkmark, .toggle(isOn: true)
///     cell.isSelected = index == selectedIndex
///     return cell
/// }
/// func sizeOfItem(at index: Int) -> Double {   // rows sized from their text, no canvas needed
///     StandardCell.height(title: "Wi-Fi", subtitle: "Joins known networks automatically",
///                         width: listWidth, accessory: .value("Home"), appearance: look)
/// }
/// ```
///
/// ## Text
/// Text is laid out with ``TextLayout`` through ``textMeasurer`` (default ``defaultTextMeasurer``, which
/// ScrollKitSDL sets to `FontTextMeasurer.shared` when the first `SDLCanvas` is made, so measured heights
/// match the drawn glyphs). The title takes one line, the subtitle up to
/// ``Appearance/subtitleMaxLines`` (default 2), both cut with a tail ellipsis. In a frame shorter than the
/// text needs (a fixed row height), the subtitle keeps only the lines that fit, at least one. Both are flush
/// with the row's leading side whatever their script (an Arabic title in a left-to-right row starts at the left,
/// an English one in a right-to-left row at the right), as UIKit's natural alignment follows the interface's direction.
///
/// Layouts are kept in the cell and laid out again only when the text, the width, the style or the
/// measurer change. They are also shared through a bounded process-wide cache (``layoutCacheCapacity``
/// entries, emptied when full), so a recycled cell given text another cell laid out at the same width
/// reuses that layout. Drawing a laid-out cell allocates nothing (on a canvas such as `SDLCanvas` that draws
/// glyphs from its atlas).
///
/// ## Switch
/// With ``accessory`` `.toggle(isOn:)` the cell shows a ``Switch``, a subview of the cell: a tap on the switch
/// (not elsewhere on the row) flips it (its knob slides), updates ``accessory`` and calls ``onToggle``; a tap on the rest of
/// the row selects the row as usual (the list's `onSelectItem`). A data source should store the new state,
/// since the cell is reused for other items.
///
/// ## Bad input
/// Nothing traps. Empty titles and subtitles take no room (an empty subtitle is treated as `nil`). A frame
/// or width that is NaN, infinite, zero or negative draws nothing and measures as the minimum height
/// (widths are sanitised to 0, which lays text out one grapheme per line, cut to the line limits). A
/// leading image that is missing or cannot be decoded shows the canvas's placeholder (SDLCanvas: a soft
/// rounded box while it loads, a crossed box when it cannot be loaded), as in ``ImageLabelCell``; a
/// ``Appearance/leadingSize`` with a NaN, infinite or non-positive side shows no leading part and takes no
/// room. NaN or negative insets and spacings count as 0.
@MainActor
open class StandardCell: ListCell {
    /// What shows before the text.
    public enum Leading: Sendable, Hashable {
        /// Nothing: the text starts at the leading content inset.
        case none
        /// An image drawn at ``Appearance/leadingSize`` through ``DrawingCanvas/drawImage(_:in:opacity:)``
        /// (the canvas shows a placeholder while it loads or when it cannot be loaded).
        case image(ImageRef)
        /// A rounded square of one colour, as in iOS's Settings, with an optional short symbol (one or two
        /// characters, drawn white and bold in its middle).
        case swatch(RGBAColor, symbol: String? = nil)
    }

    /// What shows at the trailing edge.
    public enum Accessory: Sendable, Hashable {
        case none
        /// A disclosure chevron "›", drawn as two lines.
        case chevron
        /// A checkmark in ``Appearance/tintColor``.
        case checkmark
        /// Right-aligned text in the secondary colour (``Appearance/valueStyle``), one line; it takes at most
        /// ``Appearance/maximumValueFraction`` of the text's width and is cut with an ellipsis beyond it.
        case value(String)
        /// An on/off switch; a tap on it flips it (see "Switch" in the type's notes).
        case toggle(isOn: Bool)
    }

    /// Sizes, fonts and colours: everything the cell's look and measured height depend on.
    public struct Appearance: Sendable, Hashable {
        /// The title's font and colour (one line).
        public var titleStyle = TextStyle(size: 17, weight: .regular, color: RGBAColor(hex: 0x1C1C1E))
        /// The subtitle's font and colour.
        public var subtitleStyle = TextStyle(size: 13, weight: .regular, color: RGBAColor(hex: 0x6C6C70))
        /// The value text's font and colour (`.value` accessory).
        public var valueStyle = TextStyle(size: 17, weight: .regular, color: RGBAColor(hex: 0x8A8A8E))
        /// The most lines the subtitle takes (0 or below: no limit); fewer when the frame is too short.
        public var subtitleMaxLines = 2
        /// Space between the title and the subtitle, in points.
        public var subtitleSpacing = 2.0
        /// Padding between the cell's edges and its content.
        public var contentInsets = Insets(top: 10, left: 16, bottom: 10, right: 16)
        /// The size of a leading image or swatch.
        public var leadingSize = Size(width: 36, height: 36)
        /// The corner radius of a leading image's placeholder and of a swatch.
        public var leadingCornerRadius = 8.0
        /// Space between the leading part and the text.
        public var leadingSpacing = 12.0
        /// Space between the text and the accessory.
        public var accessorySpacing = 10.0
        /// The largest share of the text's width a value text may take (0...1).
        public var maximumValueFraction = 0.5
        /// Rows are never measured shorter than this (UIKit: 44 points).
        public var minimumHeight = 44.0
        /// The fill behind the content.
        public var backgroundColor = RGBAColor.white
        /// The fill while ``StandardCell/isSelected``.
        public var selectedBackgroundColor = RGBAColor(hex: 0xE3EEFD)
        /// Laid over the background while the row is pressed, or `nil` for no pressed look (UIKit's grey).
        public var highlightColor: RGBAColor? = RGBAColor(r: 0, g: 0, b: 0, a: 26)
        /// The checkmark, and a selected row's checkmark (``showsCheckmarkWhenSelected``).
        public var tintColor = RGBAColor(hex: 0x0A7AFF)
        /// The chevron.
        public var chevronColor = RGBAColor(hex: 0xBDBDC2)
        /// The switch's track when on, when off, and its knob.
        public var switchOnColor = RGBAColor(hex: 0x34C759)
        public var switchOffColor = RGBAColor(hex: 0xE3E3E8)
        public var switchKnobColor = RGBAColor.white
        /// The separator's colour, or `nil` for none.
        public var separatorColor: RGBAColor? = RGBAColor(hex: 0xC6C6C8)
        /// The separator's thickness, in points (drawn inside the frame, at its bottom).
        public var separatorThickness = 1.0
        /// Where the separator starts, from the cell's leading edge; `nil` (the default): where the title
        /// starts, as in UIKit.
        public var separatorLeadingInset: Double? = nil
        /// Where the separator ends, from the cell's trailing edge.
        public var separatorTrailingInset = 0.0
        /// Whether a selected row shows a checkmark (in place of a `.none` or `.chevron` accessory).
        public var showsCheckmarkWhenSelected = false

        /// The default look: UIKit's inset-grouped light colours at 17/13 points (``Theme/light``'s).
        public init() {}

        /// The default sizes in `theme`'s colours: its label colours, cell backgrounds, tint, separator and
        /// switch tokens.
        public init(theme: Theme) {
            let c = theme.colors
            titleStyle.color = c.label
            subtitleStyle.color = c.secondaryLabel
            valueStyle.color = c.tertiaryLabel
            backgroundColor = c.cellBackground
            selectedBackgroundColor = c.selectedCellBackground
            highlightColor = c.pressedOverlay
            tintColor = c.tint
            chevronColor = c.tertiaryLabel.mixed(with: c.cellBackground, fraction: 0.45)
            switchOnColor = c.positive
            switchOffColor = c.fill
            switchKnobColor = c.knob
            separatorColor = c.separator
        }
    }

    /// The rectangles a cell's parts take in a frame (in the frame's coordinates), from ``parts(in:)``.
    public struct Parts: Sendable, Hashable {
        /// The leading image or swatch, or `nil`.
        public var leading: Rect?
        /// The title's line (its laid-out size, at its place).
        public var title: Rect
        /// The subtitle's lines, or `nil`.
        public var subtitle: Rect?
        /// The accessory (the switch's track, the value text's line, the chevron's or checkmark's box), or `nil`.
        public var accessory: Rect?
        /// The separator, or `nil`.
        public var separator: Rect?
        /// The width the text is laid out for (between the leading part and the accessory).
        public var textWidth: Double
        /// The subtitle's lines as laid out in this frame.
        public var subtitleLineCount: Int
        /// The height the content needs at this width (what ``StandardCell/height(title:subtitle:width:leading:accessory:appearance:measurer:)`` answers).
        public var fittingHeight: Double
    }

    // MARK: Content

    /// The main line of text.
    @DrawingInput public var title: String = ""
    /// Text under the title, wrapped to ``Appearance/subtitleMaxLines`` lines, or `nil` for a title-only row.
    @DrawingInput public var subtitle: String? = nil
    /// The leading image or swatch.
    @DrawingInput public var leading: Leading = .none
    /// The trailing accessory.
    @DrawingInput public var accessory: Accessory = .none { didSet { updateSwitch() } }
    /// The selected look: ``Appearance/selectedBackgroundColor`` (and a checkmark with
    /// ``Appearance/showsCheckmarkWhenSelected``). Set it from the data source; a list does not set it.
    @DrawingInput public var isSelected = false
    /// The look. Give cells and ``height(title:subtitle:width:leading:accessory:appearance:measurer:)`` the same value.
    /// Until set, the look of the cell's theme (``Appearance/init(theme:)``), following it when it changes; once
    /// set, that value (build it with ``Appearance/init(theme:)`` from the cell's ``ViewNode/effectiveTheme`` to
    /// keep the theme's colours).
    public var appearance: Appearance {
        get { explicitAppearance ?? themedAppearance }
        set {
            explicitAppearance = newValue
            drawingInputChanged()
            updateSwitch()
        }
    }
    private var explicitAppearance: Appearance?
    private var themedMemo: (generation: UInt64, appearance: Appearance)?
    /// The theme's look, made once per theme generation.
    private var themedAppearance: Appearance {
        let generation = themeGeneration
        if let memo = themedMemo, memo.generation == generation { return memo.appearance }
        let look = Appearance(theme: effectiveTheme)
        themedMemo = (generation, look)
        return look
    }

    open override func effectiveThemeDidChange() {
        super.effectiveThemeDidChange()
        if explicitAppearance == nil { updateSwitch() }
    }
    /// The measurer text is laid out with, or `nil` for ``defaultTextMeasurer``.
    @DrawingInput public var textMeasurer: (any TextMeasurer)? = nil
    /// Called after a tap on the switch flipped it, with the new state. Held strongly; capture owners weakly.
    public var onToggle: (@MainActor (StandardCell, Bool) -> Void)?

    /// The measurer of cells whose ``textMeasurer`` is `nil`, and of ``height(title:subtitle:width:leading:accessory:appearance:measurer:)``:
    /// the real fonts (``TextMeasurerDefault/make``: ScrollKitSDL's `FontTextMeasurer.shared` whenever
    /// ScrollKitSDL is linked, before any canvas exists), else ``ApproximateTextMeasurer``. Set it to keep
    /// your own.
    public static var defaultTextMeasurer: any TextMeasurer {
        get {
            if let chosenTextMeasurer { return chosenTextMeasurer }
            let measurer = TextMeasurerDefault.make?() ?? ApproximateTextMeasurer.shared
            chosenTextMeasurer = measurer
            return measurer
        }
        set { chosenTextMeasurer = newValue }
    }
    private static var chosenTextMeasurer: (any TextMeasurer)?
    /// How many layouts the shared layout cache holds before it is emptied.
    public static let layoutCacheCapacity = 1024

    /// The switch's size (UIKit's), in points.
    public static let switchSize = Switch.size

    /// The `.toggle` accessory: a public ``Switch`` kept in step with ``accessory`` and ``appearance``.
    private let switchView = Switch()
    /// Passed inout to `arrange` in every draw (no other access meanwhile): no dynamic exclusivity check.
    @exclusivity(unchecked) private var layouts = LayoutSlots()
    /// The parts last arranged, for the frame, measurer and inputs (``ViewNode/drawingVersion``) they were
    /// arranged for: a cell drawn again unchanged (every frame while its list scrolls: its frame is in
    /// content coordinates) reuses them. Every input of `arrange` but the first two is a ``DrawingInput``.
    @exclusivity(unchecked) private var arranged: (frame: Rect, measurer: any TextMeasurer, version: DrawingVersion,
                                                   direction: ReadingDirection, parts: Parts)?

    public required init() {
        super.init()
        switchView.onChange = { [weak self] on in self?.switchDidFlip(on) }
        switchView.isHidden = true
        addSubview(switchView)
    }

    /// Clears the text, the leading part, the accessory and the selection; ``appearance``, ``textMeasurer``
    /// and ``onToggle`` stay. (The cached layouts stay too, for the next item with the same text.)
    open override func prepareForReuse() {
        title = ""
        subtitle = nil
        leading = .none
        accessory = .none
        isSelected = false
    }

    /// True when the background in force is opaque.
    open override var isOpaque: Bool {
        (isSelected ? appearance.selectedBackgroundColor : appearance.backgroundColor).a == 255
    }

    /// The switch's state, or `nil` when the accessory is not a switch.
    public var isSwitchOn: Bool? {
        if case .toggle(let on) = accessory { return on }
        return nil
    }

    /// Flips the switch as a tap on it does: updates ``accessory`` and calls ``onToggle``. Does nothing when
    /// the accessory is not a switch.
    public func toggleSwitch() {
        guard case .toggle = accessory else { return }
        switchView.toggle()
    }

    /// While the cell's item has focus, Space flips a `.toggle` accessory's switch (Return activates the row).
    open override func handleFocusedKey(_ key: Key) -> Bool {
        guard key == .space, case .toggle = accessory, switchView.isEnabled else { return false }
        toggleSwitch()
        return true
    }

    /// The switch was flipped (a tap, a key, ``toggleSwitch()``): the accessory follows, then ``onToggle``.
    private func switchDidFlip(_ on: Bool) {
        accessory = .toggle(isOn: on)
        onToggle?(self, on)
    }

    // MARK: Measuring

    /// The height a row needs to show `title` and `subtitle` in full (up to ``Appearance/subtitleMaxLines``)
    /// at `width`, with the given leading part and accessory: the same layout the cell draws, without a
    /// canvas. At least ``Appearance/minimumHeight``; a NaN, infinite or non-positive width measures the text
    /// at width 0. `measurer` `nil`: ``defaultTextMeasurer``.
    ///
    /// ```swift
    /// func sizeOfItem(at index: Int) -> Double {
    ///     StandardCell.height(title: notes[index].title, subtitle: notes[index].preview, width: 390)
    /// }
    /// ```
    public static func height(title: String, subtitle: String? = nil, width: Double, leading: Leading = .none,
                              accessory: Accessory = .none, appearance: Appearance = Appearance(),
                              measurer: (any TextMeasurer)? = nil) -> Double {
        var slots = LayoutSlots()
        let w = width.isFinite ? max(0, width) : 0
        let parts = arrange(in: Rect(x: 0, y: 0, width: w, height: .infinity), title: title, subtitle: subtitle,
                            leading: leading, accessory: accessory, checkmark: false, appearance: appearance,
                            measurer: measurer ?? defaultTextMeasurer, slots: &slots)
        return parts.fittingHeight
    }

    /// Where the parts go in `frame` (laying the text out if it changed). For tests and custom drawing.
    public func parts(in frame: Rect) -> Parts {
        arrangeSelf(in: frame)
    }

    /// The subtitle as laid out by the last ``parts(in:)`` or draw, or `nil`.
    public var subtitleLayout: TextLayout? { layouts.subtitle.layout }
    /// The title as laid out by the last ``parts(in:)`` or draw, or `nil`.
    public var titleLayout: TextLayout? { layouts.title.layout }

    private var showsSelectionCheckmark: Bool {
        guard isSelected, appearance.showsCheckmarkWhenSelected else { return false }
        switch accessory {
        case .none, .chevron: return true
        default: return false
        }
    }

    private func arrangeSelf(in frame: Rect) -> Parts {
        let measurer = textMeasurer ?? Self.defaultTextMeasurer
        let direction = effectiveLayoutDirection
        if let arranged, arranged.frame == frame, arranged.measurer === measurer, arranged.version == drawingVersion,
           arranged.direction == direction {
            return arranged.parts
        }
        let parts = Self.arrange(in: frame, title: title, subtitle: subtitle, leading: leading, accessory: accessory,
                                 checkmark: showsSelectionCheckmark, appearance: appearance,
                                 measurer: measurer, direction: direction, slots: &layouts)
        arranged = (frame, measurer, drawingVersion, direction, parts)
        return parts
    }

    // MARK: Drawing

    /// Draws the background (selected, pressed), the leading part, the text, the accessory (the switch is a
    /// subview drawn after) and the separator. Allocates nothing once the text is laid out.
    open override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite,
              frame.minX.isFinite, frame.minY.isFinite else { return }
        // One call group (`DrawingCanvas.callGroup`): a canvas that compares frames takes the last frame's
        // calls while nothing they depend on changed (every frame a list scrolls: the frame is in content
        // coordinates). The key: the frame, the inputs' version, the highlight and the measurer.
        let measurer = textMeasurer ?? Self.defaultTextMeasurer
        let state = UInt64(UInt(bitPattern: ObjectIdentifier(measurer))) << 2 | (isRightToLeft ? 2 : 0)
            | (isHighlighted ? 1 : 0)
        let key = CallGroupKey(frame: frame, version: drawingVersion, state: state)
        canvas.callGroup(id: CallGroupID(of: self), key: key) { drawContent(in: $0, frame: frame) }
    }

    /// The calls of ``draw(in:frame:)``'s group.
    private func drawContent(in canvas: any DrawingCanvas, frame: Rect) {
        let look = appearance
        canvas.fill(frame, color: isSelected ? look.selectedBackgroundColor : look.backgroundColor)
        if isHighlighted, let highlight = look.highlightColor { canvas.fill(frame, color: highlight) }
        let parts = arrangeSelf(in: frame)
        // The direction may have come with the tree after the switch was placed: move it to its side then (a check
        // that reads no `appearance`, which a frame should not copy again).
        if case .toggle = accessory, (switchView.frame.midX < storedFrame.width / 2) != isRightToLeft { placeSwitch() }
        if let rect = parts.leading {
            switch leading {
            case .none: break
            case .image(let image): canvas.drawImage(image, in: rect, opacity: 1)
            case .swatch(let color, let symbol):
                canvas.fillRoundedRect(rect, radius: Self.sanitised(look.leadingCornerRadius), color: color)
                if let symbol, !symbol.isEmpty {
                    let style = TextStyle(size: (rect.height * 0.5).rounded(), weight: .bold, color: .white,
                                          maximumScale: 1)   // sized by its swatch, which keeps its size
                    canvas.drawText(symbol, in: rect, style: style, alignment: .center)
                }
            }
        }
        let overflows = parts.fittingHeight > frame.height + 0.5
        if overflows { canvas.pushClip(frame) }
        let direction: ReadingDirection = isRightToLeft ? .rightToLeft : .leftToRight
        if let layout = layouts.title.layout {
            canvas.drawTextLayout(layout, at: Self.textOrigin(of: layout, in: parts.title, direction: direction))
        }
        if let rect = parts.subtitle, let layout = layouts.subtitle.layout {
            canvas.drawTextLayout(layout, at: Self.textOrigin(of: layout, in: rect, direction: direction))
        }
        if overflows { canvas.popClip() }
        if let rect = parts.accessory {
            if showsSelectionCheckmark {
                drawCheckmark(in: rect, color: look.tintColor, canvas: canvas)
            } else {
                switch accessory {
                case .none, .toggle: break   // the switch draws itself (a subview)
                case .chevron: drawChevron(in: rect, color: look.chevronColor, pointsLeft: isRightToLeft, canvas: canvas)
                case .checkmark: drawCheckmark(in: rect, color: look.tintColor, canvas: canvas)
                case .value:
                    if let layout = layouts.value.layout { canvas.drawTextLayout(layout, at: rect.origin) }
                }
            }
        }
        if let rect = parts.separator, let color = look.separatorColor { canvas.fill(rect, color: color) }
    }

    private func drawChevron(in rect: Rect, color: RGBAColor, pointsLeft: Bool, canvas: any DrawingCanvas) {
        // "›": two strokes meeting at the right, 7 × 12 points in an 8-point box ("‹" right to left, mirrored).
        let x0 = pointsLeft ? rect.maxX - 1 : rect.minX + 1, x1 = pointsLeft ? rect.maxX - 7.5 : rect.minX + 7.5
        let y = rect.midY
        canvas.drawLine(from: Point(x: x0, y: y - 6), to: Point(x: x1, y: y), color: color, width: 2)
        canvas.drawLine(from: Point(x: x1, y: y), to: Point(x: x0, y: y + 6), color: color, width: 2)
    }

    private func drawCheckmark(in rect: Rect, color: RGBAColor, canvas: any DrawingCanvas) {
        let x = rect.minX, y = rect.midY
        let knee = Point(x: x + 5, y: y + 5)
        canvas.drawLine(from: Point(x: x, y: y), to: knee, color: color, width: 2.5)
        canvas.drawLine(from: knee, to: Point(x: x + 14, y: y - 6), color: color, width: 2.5)
    }

    /// Places the switch subview (in the cell's own coordinates) and shows it only for `.toggle`.
    private func updateSwitch() {
        guard case .toggle = accessory else {
            switchView.isHidden = true
            return
        }
        switchView.isHidden = false
        switchView.isOn = isSwitchOn ?? false
        switchView.onColor = appearance.switchOnColor
        switchView.offColor = appearance.switchOffColor
        switchView.knobColor = appearance.switchKnobColor
        placeSwitch()
    }

    /// The switch's frame: at the trailing content inset (the left one right to left), centred vertically.
    private func placeSwitch() {
        let b = Rect(origin: .zero, size: frame.size)
        let inset = Self.sanitised(appearance.contentInsets.right)
        let s = Self.switchSize
        let x = max(0, b.maxX - inset - s.width)
        switchView.frame = Rect(x: isRightToLeft ? b.maxX - x - s.width : x, y: (b.height - s.height) / 2,
                                width: s.width, height: s.height)
    }

    /// Keeps the switch at the trailing edge when the cell's size changes.
    open override func layoutSubviews() {
        updateSwitch()
    }
}
