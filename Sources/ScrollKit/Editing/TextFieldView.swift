// TextFieldView: a one-line editable text view (a search box, a form's field) with a placeholder, a clear button,
// a secure mode and Return to submit; the text scrolls sideways inside it to keep the caret in view.

import Motion

/// A one-line text field, as UIKit's `UITextField` and Qt's `QLineEdit`: a white rounded box with the text,
/// its placeholder while empty, and a clear button (ⓧ) at the trailing end while it holds text.
///
/// Everything ``TextEditingView`` describes: typing, selection, the clipboard, undo, the input method's
/// composition, mouse and touch. Return calls ``onSubmit``. ``isSecure`` shows a bullet per character and
/// refuses to copy or cut. A text longer than the box scrolls sideways to keep the caret in view; right-to-left
/// text (Arabic, Hebrew) starts at the right edge.
///
/// ```swift
/// let search = TextFieldView(placeholder: "Search", frame: Rect(x: 16, y: 8, width: 343, height: TextFieldView.height))
/// search.onChange = { query in model.filter(query) }
/// root.addSubview(search)
/// search.becomeFocused()
/// ```
@MainActor
public final class TextFieldView: TextEditingView {
    /// The field's usual height, in points (44, a touch target).
    public static let height = 44.0
    /// The room left and right of the text, in points.
    public static let padding = 12.0
    /// The clear button's circle diameter, and the room it takes at the trailing end, in points.
    public static let clearButtonSize = 18.0
    static let clearButtonRoom = 30.0

    /// Called with the text when Return is pressed. Held strongly; capture owners weakly.
    public var onSubmit: (@MainActor (String) -> Void)?
    /// Shows a bullet (•) per character; copying and cutting do nothing; word moves go to the ends.
    public var isSecure = false {
        didSet {
            model.treatsTextAsOneWord = isSecure
            invalidateLayout()
        }
    }
    /// Whether the clear button shows while the field holds text (and is enabled).
    public var showsClearButton = true { didSet { layoutSubviews() } }
    /// The box's corner radius, fill and border, and the border while focused (``tintColor`` by default).
    @DrawingInput public var cornerRadius = 10.0
    @ThemeColor(\.fieldBackground) public var fillColor: RGBAColor
    @ThemeColor(\.fieldBorder) public var borderColor: RGBAColor
    @ThemeColor(\.disabledFieldBackground) public var disabledFillColor: RGBAColor

    /// How far the text is scrolled sideways, in points (0: its start shows).
    var scrollX = 0.0
    let clearButton = TextFieldClearButton()

    /// A field holding `text`, showing `placeholder` while empty.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        super.init(text: text, frame: frame)
        self.placeholder = placeholder
        model.isSingleLine = true
        clearButton.field = self
        addSubview(clearButton)
        layoutSubviews()
    }

    override var showsBullets: Bool { isSecure }

    override func submit() { onSubmit?(model.text) }

    /// The text's box in the field's own coordinates: inside the padding, less the clear button's room.
    var textRect: Rect {
        let b = bounds
        let room = clearButton.isHidden ? 0 : Self.clearButtonRoom - Self.padding / 2
        let x = isRightToLeft ? b.minX + Self.padding + room : b.minX + Self.padding
        return Rect(x: x, y: b.minY, width: max(0, b.width - 2 * Self.padding - room), height: b.height)
    }

    /// Whether the text (or the empty field) starts at the right.
    var startsAtRight: Bool { (layout?.direction ?? emptyDirection) == .rightToLeft }

    /// The layout's top-left corner in the field's own coordinates.
    var layoutOrigin: Point {
        let r = textRect
        let width = layout?.size.width ?? 0
        let height = layout?.size.height ?? lineHeight
        let y = r.midY - height / 2
        if width <= r.width, !layoutIsPartial { return Point(x: startsAtRight ? r.maxX - width : r.minX, y: y) }
        return Point(x: r.minX - scrollX, y: y)
    }

    override func layoutWindowDidMove(by dx: Double) {
        if dx.isFinite { scrollX -= dx }
    }

    override func layoutOriginInRoot() -> Point {
        let o = layoutOrigin
        return convert(o, to: nil)
    }

    override func revealCaret() {
        let r = textRect
        let width = layout?.size.width ?? 0
        guard width > r.width || layoutIsPartial else { scrollX = 0; return }
        let x = caretBox(layoutOffset: layoutOffset(model.caret)).minX
        if x - scrollX < 2 { scrollX = x - 2 }
        if x - scrollX > r.width - 2 { scrollX = x - r.width + 2 }
        scrollX = min(max(scrollX, 0), max(0, width - r.width + 2))
    }

    override func edgeSpeed(atRoot p: Point) -> Double {
        let r = convert(textRect, to: nil)
        if p.x > r.maxX { return 60 + 8 * (p.x - r.maxX) }
        if p.x < r.minX { return -60 - 8 * (r.minX - p.x) }
        return 0
    }

    override func scrollText(by delta: Double) {
        let width = layout?.size.width ?? 0, r = textRect
        guard width > r.width || layoutIsPartial, delta.isFinite else { return }
        scrollX = min(max(scrollX + delta, 0), max(0, width - r.width + 2))
        setNeedsDisplay()
    }

    override func editingDidChange() {
        let hide = !showsClearButton || !isEnabled || model.text.isEmpty
        if clearButton.isHidden != hide { clearButton.isHidden = hide; layoutSubviews() }
    }

    override func takesPointer(atRoot p: Point) -> Bool {
        clearButton.isHidden || !clearButton.frameInRoot.contains(p)
    }

    /// The width offered (240 offered none) by its text's line plus 10 above and below, at least ``height``.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let line = TextLayout("Xg", style: textStyle, width: .infinity, measurer: measurer).size.height
        let width = proposal.width.map { $0.isFinite ? $0 : 240 } ?? 240
        return Size(width: width, height: max(Self.height, (line + 20).rounded(.up)))
    }

    public override func layoutSubviews() {
        clearButton.isHidden = !showsClearButton || !isEnabled || model.text.isEmpty
        let b = bounds, side = Self.clearButtonRoom
        let x = isRightToLeft ? b.minX + Self.padding / 2 : b.maxX - Self.padding / 2 - side
        clearButton.frame = Rect(x: x, y: b.midY - side / 2, width: side, height: side)
        revealCaret()
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        drawBox(in: canvas, frame: frame, radius: cornerRadius, fill: isEnabled ? fillColor : disabledFillColor, border: borderColor)
        let r = textRect.offsetBy(dx: frame.minX, dy: frame.minY)
        let o = layoutOrigin
        let origin = Point(x: frame.minX + o.x, y: frame.minY + o.y)
        // Clipped only when the text is wider than its box (a clip costs the canvas a command each frame).
        let overflows = (layout?.size.width ?? placeholderLayout?.size.width ?? 0) > r.width || layoutIsPartial
        if overflows { canvas.pushClip(Rect(x: r.minX - 2, y: frame.minY, width: r.width + 4, height: frame.height)) }
        drawEditing(in: canvas, origin: origin)
        if overflows { canvas.popClip() }
        if !isEnabled { canvas.fillRoundedRect(frame, radius: cornerRadius, color: fillColor.withAlpha(0.45)) }
        drawHandles(in: canvas, origin: origin)
    }
}

/// The field's clear button: a grey circle with a white ×; a tap empties the field (undoable, onChange).
final class TextFieldClearButton: ViewNode {
    weak var field: TextFieldView?
    override var isPressable: Bool { field?.isEnabled ?? false }
    override func activate() { field?.clearText() }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let r = TextFieldView.clearButtonSize / 2
        let c = Point(x: frame.midX, y: frame.midY)
        let colors = effectiveTheme.colors
        // Light: the grey circle #B4B4BA (#8E8E93 pressed) with a white cross; other themes from their tokens.
        let circle = isHighlighted ? colors.tertiaryLabel : colors.tertiaryLabel.mixed(with: colors.fieldBackground, fraction: 0.35)
        canvas.fillCircle(center: c, radius: r, color: circle)
        let a = r * 0.42, cross = colors.fieldBackground
        canvas.drawLine(from: Point(x: c.x - a, y: c.y - a), to: Point(x: c.x + a, y: c.y + a), color: cross, width: 1.8)
        canvas.drawLine(from: Point(x: c.x - a, y: c.y + a), to: Point(x: c.x + a, y: c.y - a), color: cross, width: 1.8)
    }
}
