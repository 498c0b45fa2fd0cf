// LabelView: text that sizes itself (one line or many, a style, truncation), measured without a canvas through
// TextMeasurerDefault, drawn from one cached TextLayout, mirrored and scaled with no code.

/// A piece of text as a view (UIKit's `UILabel`): one line or many (``maxLines``), in a ``style``, cut with an
/// ellipsis (``truncation``) where it does not fit, aligned to its leading edge by default (the right one right to
/// left). It sizes itself from its text for a container (``ViewNode/sizeThatFits(_:)``: its one-line width at
/// most, wrapped to the width offered), grows with the text scale, and puts ``AlignmentGuide/firstBaseline`` on its
/// first line's baseline so a row can line labels up by their text.
///
/// Text is measured without a canvas, by ``measurer`` (default ``TextMeasurerDefault/shared``: the real fonts when
/// ScrollKitSDL is linked). One ``TextLayout`` is kept for the width the label was last measured or drawn at, and
/// made again only when the text, the style, the width or the text scale changes. Setting ``text`` lays out only
/// up to the nearest relayout boundary (``ViewNode/setNeedsLayout()``).
///
/// Accessible as a label (``isHeading``: a heading) named by its text.
///
/// ```swift
/// let title = LabelView("Settings", style: LabelView.Style.title)
/// let note = LabelView("Changes apply at once.", style: LabelView.Style.footnote, maxLines: 0)
/// ```
public final class LabelView: ViewNode {
    /// The text. Setting it lays the label's container out again when its size changes.
    @DrawingInput public var text: String { didSet { if text != oldValue { textDidChange() } } }
    /// The font size, weight and colour.
    /// A style whose colour is one of the theme's text tokens (label, secondary, tertiary, placeholder, tint,
    /// destructive: every ``Style`` preset) follows that token when the theme changes; any other colour stays.
    @DrawingInput public var style: TextStyle {
        didSet {
            guard style != oldValue else { return }
            if !recolouring { colorToken = Self.token(of: style.color, in: effectiveTheme.colors) }
            textDidChange()
        }
    }
    /// The most lines shown (0: no limit; 1, the default: one line).
    @DrawingInput public var maxLines: Int { didSet { if maxLines != oldValue { textDidChange() } } }
    /// Where the ellipsis goes when the text is cut.
    @DrawingInput public var truncation: TextTruncation = .tail { didSet { if truncation != oldValue { textDidChange() } } }
    /// The text's alignment in the label (``TextAlign/leading`` by default, resolved by the layout direction).
    @DrawingInput public var alignment: TextAlign = .leading
    /// A heading (a section's title) to assistive technology, not a plain label.
    public var isHeading = false
    /// The measurer, or `nil` for ``TextMeasurerDefault/shared``.
    public var measurer: (any TextMeasurer)? { didSet { textDidChange() } }

    /// Common styles, in one place (the theme sets their colours).
    public enum Style {
        @MainActor public static var body: TextStyle { TextStyle(size: 17, color: ViewNode.defaultTheme.colors.label) }
        @MainActor public static var title: TextStyle { TextStyle(size: 28, weight: .bold, color: ViewNode.defaultTheme.colors.label) }
        @MainActor public static var headline: TextStyle { TextStyle(size: 17, weight: .bold, color: ViewNode.defaultTheme.colors.label) }
        @MainActor public static var sectionHeader: TextStyle { TextStyle(size: 13, color: ViewNode.defaultTheme.colors.secondaryLabel) }
        @MainActor public static var footnote: TextStyle { TextStyle(size: 13, color: ViewNode.defaultTheme.colors.secondaryLabel) }
        @MainActor public static var value: TextStyle { TextStyle(size: 17, color: ViewNode.defaultTheme.colors.tertiaryLabel) }
    }

    /// The theme token the style's colour follows (see ``style``).
    private var colorToken: KeyPath<ThemeColors, RGBAColor>?
    private var recolouring = false
    private static let textTokens: [KeyPath<ThemeColors, RGBAColor>] =
        [\.label, \.secondaryLabel, \.tertiaryLabel, \.placeholder, \.tint, \.destructive]
    private static func token(of color: RGBAColor, in colors: ThemeColors) -> KeyPath<ThemeColors, RGBAColor>? {
        textTokens.first { colors[keyPath: $0] == color }
    }

    /// A theme change recolours a label whose colour is a theme token.
    public override func effectiveThemeDidChange() {
        super.effectiveThemeDidChange()
        guard let token = colorToken else { return }
        let c = effectiveTheme.colors[keyPath: token]
        guard c != style.color else { return }
        recolouring = true
        style.color = c
        recolouring = false
    }

    private var layout: TextLayout?
    private var layoutKey: (width: Double, generation: UInt64) = (.nan, 0)

    /// A label showing `text`.
    public init(_ text: String = "", style: TextStyle = Style.body, maxLines: Int = 1, frame: Rect = .zero) {
        _text = DrawingInput(wrappedValue: text)
        _style = DrawingInput(wrappedValue: style)
        _maxLines = DrawingInput(wrappedValue: maxLines)
        super.init(frame: frame)
        isUserInteractionEnabled = false
        colorToken = Self.token(of: style.color, in: ViewNode.defaultTheme.colors)
    }

    private func textDidChange() {
        layout = nil
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// The text laid out for `width` (cached for the last width and text scale).
    public func textLayout(width: Double) -> TextLayout {
        let generation = ViewNode.textScaleGeneration
        if let layout, layoutKey.width == width || (layoutKey.width.isInfinite && width.isInfinite),
           layoutKey.generation == generation { return layout }
        let chosen: any TextMeasurer = measurer ?? TextMeasurerDefault.shared
        let made = TextLayout(text, style: style, width: width, maxLines: maxLines, truncation: truncation,
                              alignment: resolvedAlignment(alignment), measurer: chosen)
        layout = made
        layoutKey = (width, generation)
        return made
    }

    /// Its text's size for the offered width (unlimited when none): one line as wide as it is, wrapped or cut
    /// to fit the width, rounded up to whole points.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        guard !text.isEmpty else { return .zero }
        let width = proposal.width ?? .infinity
        let size = textLayout(width: width).size
        return Size(width: min(size.width.rounded(.up), width), height: size.height.rounded(.up))
    }

    /// ``AlignmentGuide/firstBaseline``: the first line's baseline.
    public override func defaultGuideValue(_ guide: AlignmentGuide, size: Size) -> Double {
        guard guide == .firstBaseline else { return super.defaultGuideValue(guide, size: size) }
        return textLayout(width: size.width).lines.first?.baseline ?? size.height
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard !text.isEmpty, frame.width > 0 else { return }
        let layout = textLayout(width: frame.width)
        // Vertically centred when the label is taller than its text (a row's height set by its neighbours).
        let y = frame.minY + max(0, (frame.height - layout.size.height) / 2)
        canvas.drawTextLayout(layout, at: Point(x: frame.minX, y: y.rounded()))
    }
}

extension LabelView: TextScaleObserving {
    public func invalidateTextMeasurements() { textDidChange() }
}

extension LabelView: AccessibilityDescribing {
    public func describeAccessibility(_ node: inout AccessibleNode) {
        node.role = isHeading ? .heading : .label
        node.label = text
        node.text = text
    }
}
