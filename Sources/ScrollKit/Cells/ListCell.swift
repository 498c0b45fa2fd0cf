/// What a ``ListCell`` shows: an item, or a section's header or footer (``GridDataSource``).
public enum ListCellRole: Sendable, Hashable {
    case item
    case header(section: Int)
    case footer(section: Int)

    /// The section of a header or footer; -1 for an item.
    public var section: Int {
        switch self {
        case .item: -1
        case .header(let s), .footer(let s): s
        }
    }
    var isHeader: Bool { if case .header = self { true } else { false } }
}

/// The view for one visible item of a ``ListView``. Subclass it and override ``draw(in:frame:)``.
///
/// A data source gets its cells from ``ListView/dequeueCell(_:for:)``, which takes one from the pool
/// of that cell class or makes one with ``init()`` (hence `required`: a subclass that adds no
/// initializer of its own inherits it). When the item leaves the viewport the cell goes back to its
/// class's pool, after ``prepareForReuse()``.
///
/// A cell is a ``ViewNode``: its ``ViewNode/frame`` is the item's frame in the list's content coordinates
/// (``Rect/zero`` while it shows no item; the list sets it), and it may hold subviews, such as a
/// horizontal ``ListView`` (a carousel in a row), which take part in the tree's gestures and focus.
@MainActor
open class ListCell: ViewNode {
    /// The item this cell shows; -1 while the cell is not showing an item (and for a section's header or
    /// footer: see ``role`` and ``section``).
    public internal(set) var index: Int = -1
    /// What the cell shows: an item (the default, also while it shows nothing), or a section's header or
    /// footer in a sectioned grid (``GridDataSource``).
    public internal(set) var role: ListCellRole = .item
    /// The list whose item this cell last showed.
    public internal(set) weak var listView: ListView?

    /// Where the cell is in its life with a list: free (made or dequeued, in nobody's hands but the
    /// data source's), showing an item, or waiting in a reuse pool.
    enum ReuseState { case free, showing, pooled }
    var reuseState: ReuseState = .free
    /// The pool holding the cell while `reuseState == .pooled`.
    weak var pool: ReusePool<ListCell>?

    /// Makes an empty cell. `required` so that ``ListView/dequeueCell(_:for:)`` can make any cell class.
    public required init() { super.init(frame: .zero) }

    /// Called when the cell leaves the viewport, before it goes to the reuse pool. The default does nothing.
    open func prepareForReuse() {}

    /// Draws the cell into `frame`, given in the canvas's coordinates (already moved by the scroll offset
    /// and clipped to the list), under its subviews. The default draws nothing. Read
    /// ``ViewNode/isHighlighted`` and ``ViewNode/isFocused`` for the pressed and focused looks.
    open override func draw(in canvas: any DrawingCanvas, frame: Rect) {}

    /// Whether ``draw(in:frame:)`` paints every pixel of its frame with opaque colour. When the cells that
    /// show cover the whole viewport and all say so, the list skips its own background fill (one
    /// full-viewport fill less per frame). The default is `false`; say `true` only if it holds.
    open override var isOpaque: Bool { false }

    /// A cell is pressable when it has ``ViewNode/onActivate`` or its list has `onSelectItem`.
    open override var isPressable: Bool {
        onActivate != nil || (index >= 0 && listView?.onSelectItem != nil)
    }

    /// Calls ``ViewNode/onActivate``, then the list's `onSelectItem` with this cell's item.
    open override func activate() {
        onActivate?(self)
        if index >= 0, let listView { listView.activateItem(index) }
    }

    /// How far the cell is faded out while an insertion fades it in or a deletion fades it out (0: not at
    /// all, 1: invisible): the list's background is drawn over it with this opacity (ListView+Changes.swift).
    var fadeAmount: Double = 0

    override func drawOverlay(in canvas: any DrawingCanvas, frame: Rect) {
        guard fadeAmount > 0 else { return }
        let ground = listView?.backgroundColor ?? effectiveTheme.colors.background
        let a = (min(1, fadeAmount) * 255).rounded()
        canvas.fill(frame, color: RGBAColor(r: ground.r, g: ground.g, b: ground.b, a: UInt8(a)))
    }
}

/// A ready-made cell: a background, a title with an optional subtitle, and a hairline separator.
///
/// Text colours default to automatic: near-black on light backgrounds, white on dark ones.
///
/// ```swift
/// func cell(at index: Int, in list: ListView) -> ListCell {
///     let cell = list.dequeueCell(LabelCell.self, for: index)
///     cell.title = "Row \(index)"
///     cell.backgroundColor = RGBAColor(hue: Double(index) / 1000, saturation: 0.35, value: 0.98)
///     return cell
/// }
/// ```
@MainActor
open class LabelCell: ListCell {
    /// The main line of text.
    public var title: String = ""
    /// A smaller second line under the title, or `nil` for a single line.
    public var subtitle: String?
    /// The fill behind the content (the theme's `cellBackground` unless set).
    @ThemeColor(\.cellBackground) public var backgroundColor: RGBAColor
    /// The title's size and weight; its colour is used only when ``titleColor`` is set.
    public var titleStyle = TextStyle(size: 17, weight: .regular, color: LabelCell.darkText)
    /// The subtitle's size and weight; its colour is used only when ``subtitleColor`` is set.
    public var subtitleStyle = TextStyle(size: 13, weight: .regular, color: LabelCell.darkSecondaryText)
    /// The title colour, or `nil` for automatic contrast with ``backgroundColor`` (the theme's `label` when it
    /// reads on the background at 4.5:1, else black or white, whichever reads better).
    public var titleColor: RGBAColor?
    /// The subtitle colour, or `nil` for automatic contrast with ``backgroundColor``.
    public var subtitleColor: RGBAColor?
    /// Horizontal alignment of both lines of text (`.leading`: the right edge right to left).
    public var textAlignment: TextAlign = .leading
    /// Padding between the cell's edges and its text, in points.
    public var contentInsets = Insets(top: 6, left: 16, bottom: 6, right: 16)
    /// Laid over the background while the cell is pressed (``ViewNode/isHighlighted``, when its list has
    /// `onSelectItem`), or `nil` for no pressed look. Default: the theme's `pressedOverlay` (light: black at
    /// 10%, UIKit's grey).
    @OptionalThemeColor(\.pressedOverlay) public var highlightColor: RGBAColor?
    /// The separator colour, or `nil` for none. Drawn as a 1 pt line along the bottom edge from the
    /// left content inset to the right edge (or down the right edge, see ``separatorAlongTrailingEdge``).
    /// Default: the theme's `separator`.
    @OptionalThemeColor(\.separator) public var separatorColor: RGBAColor?
    /// When true the separator runs down the right edge instead of along the bottom (horizontal lists).
    public var separatorAlongTrailingEdge = false

    /// Whether `colors.label` reads on `background` at 4.5:1, remembered for the last pair (a frame of cells
    /// computes no luminance).
    private func labelReads(_ colors: ThemeColors, on background: RGBAColor) -> Bool {
        if let c = contrastMemo, c.background == background, c.label == colors.label, c.ground == colors.background { return c.reads }
        let reads = colors.label.contrastRatio(against: background.composited(over: colors.background)) >= 4.5
        contrastMemo = (background, colors.label, colors.background, reads)
        return reads
    }
    private var contrastMemo: (background: RGBAColor, label: RGBAColor, ground: RGBAColor, reads: Bool)?

    static let darkText = RGBAColor(hex: 0x1C1C1E)
    static let darkSecondaryText = RGBAColor(hex: 0x6C6C70)
    static let lightText = RGBAColor.white
    static let lightSecondaryText = RGBAColor(r: 235, g: 235, b: 245, a: 200)

    public required init() { super.init() }

    /// True when ``backgroundColor`` is opaque: the cell then fills its whole frame before drawing text.
    open override var isOpaque: Bool { backgroundColor.a == 255 }

    /// Clears the title and subtitle; colours and styles stay as configured.
    open override func prepareForReuse() {
        title = ""
        subtitle = nil
    }

    /// Whether `color` is dark enough that light text reads better on it (relative luminance below 0.5).
    public static func isDark(_ color: RGBAColor) -> Bool {
        let l = 0.2126 * Double(color.r) + 0.7152 * Double(color.g) + 0.0722 * Double(color.b)
        return color.a > 127 && l < 0.5 * 255
    }

    open override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0 else { return }
        canvas.fill(frame, color: backgroundColor)
        if isHighlighted, let highlightColor { canvas.fill(frame, color: highlightColor) }
        let dark = Self.isDark(backgroundColor)
        let colors = effectiveTheme.colors
        // The theme's label colours when they read on this background, else the fixed dark or light pair.
        let themed = labelReads(colors, on: backgroundColor)
        var titleStyle = self.titleStyle
        titleStyle.color = titleColor ?? (themed ? colors.label : dark ? Self.lightText : Self.darkText)
        // `contentInsets.left` is the leading inset: on the right, right to left (and the alignment mirrors).
        let rtl = isRightToLeft, textAlignment = resolvedAlignment(self.textAlignment)
        let textRect = Rect(x: frame.minX + (rtl ? contentInsets.right : contentInsets.left), y: frame.minY + contentInsets.top,
                            width: max(0, frame.width - contentInsets.left - contentInsets.right),
                            height: max(0, frame.height - contentInsets.top - contentInsets.bottom))
        if let subtitle, !subtitle.isEmpty {
            var sub = subtitleStyle
            sub.color = subtitleColor ?? (themed ? colors.secondaryLabel : dark ? Self.lightSecondaryText : Self.darkSecondaryText)
            // Two lines, centred as a block: the title takes its line height, the subtitle the rest.
            let titleHeight = titleStyle.atCurrentTextScale.size * 1.3, subHeight = sub.atCurrentTextScale.size * 1.3
            let top = textRect.minY + max(0, (textRect.height - titleHeight - subHeight) / 2)
            canvas.drawText(self.title, in: Rect(x: textRect.minX, y: top, width: textRect.width, height: titleHeight),
                            style: titleStyle, alignment: textAlignment)
            canvas.drawText(subtitle, in: Rect(x: textRect.minX, y: top + titleHeight, width: textRect.width, height: subHeight),
                            style: sub, alignment: textAlignment)
        } else if !self.title.isEmpty {
            canvas.drawText(self.title, in: textRect, style: titleStyle, alignment: textAlignment)
        }
        if let separatorColor {
            if separatorAlongTrailingEdge {
                let x = rtl ? frame.minX + 0.5 : frame.maxX - 0.5
                canvas.drawLine(from: Point(x: x, y: frame.minY + contentInsets.top),
                                to: Point(x: x, y: frame.maxY - contentInsets.bottom), color: separatorColor, width: 1)
            } else {
                let y = frame.maxY - 0.5
                canvas.drawLine(from: Point(x: rtl ? frame.minX : frame.minX + contentInsets.left, y: y),
                                to: Point(x: rtl ? frame.maxX - contentInsets.left : frame.maxX, y: y),
                                color: separatorColor, width: 1)
            }
        }
    }
}
