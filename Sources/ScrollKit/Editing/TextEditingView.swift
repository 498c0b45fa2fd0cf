// TextEditingView: what TextFieldView and TextAreaView share — the editing model, the look's inputs, the laid-out text
// with its composition, the caret's blink, focus, and the TextInputClient conformance. Keys, drawing and the
// pointer are in TextEditingView+*.swift.

import Motion

/// The editing ``TextFieldView`` (one line) and ``TextAreaView`` (many lines) share: a ``TextEditingModel`` shown
/// through ``TextLayout`` (shaped, bidi-reordered, hit-tested), a blinking caret, selection, clipboard, undo,
/// and the input method's composition drawn inline. It is the tree's ``TextInputClient`` while focused: the
/// input router gives it typed text, compositions and keys first. Not subclassable outside ScrollKit.
///
/// A tap (or click) focuses it and places the caret; the focus ring shows only when focus came by keys
/// (Tab, arrows). Changes made by a person call ``onChange``; setting ``text`` does not.
@MainActor
public class TextEditingView: ViewNode, TextInputClient {
    // MARK: - Public inputs

    /// The text. Setting it (a program, not a person) puts the caret at the end, clears the undo history
    /// and does not call ``onChange``.
    public var text: String {
        get { model.text }
        set {
            guard newValue != model.text else { return }
            model.setText(newValue)
            textDidChange(byUser: false)
        }
    }
    /// Shown in ``placeholderColor`` while the text is empty (and nothing is being composed).
    @DrawingInput public var placeholder: String = ""
    /// Called with the new text after each change a person makes: typing, deleting, pasting, cutting,
    /// undo and redo, a committed composition, the clear button. Held strongly; capture owners weakly.
    public var onChange: (@MainActor (String) -> Void)?
    /// The most grapheme clusters the text takes from typing and pasting (0: no limit).
    public var maxLength: Int {
        get { model.maxLength }
        set { model.maxLength = max(0, newValue) }
    }
    /// The most UTF-8 bytes the text takes from typing and pasting (``TextEditingModel/maxTextBytes``: 2 MiB unless
    /// set; 0: no limit). Setting ``text`` is not limited.
    public var maxTextBytes: Int {
        get { model.maxTextBytes }
        set { model.maxTextBytes = max(0, newValue) }
    }
    /// Called when a paste (Ctrl+V, a middle-click, an AT-SPI insert or paste) inserts nothing because the text would pass
    /// ``maxTextBytes``, with the paste's length in UTF-8 bytes: say so to the person (the gallery's contacts
    /// scene shows it under the field and logs it). Typing at the limit is refused without a call.
    public var onPasteRefused: (@MainActor (Int) -> Void)?
    /// The characters typing and pasting let in (``TextInputFilter/digits``, say); nil lets all in.
    public var inputFilter: TextInputFilter? {
        get { model.filter }
        set { model.filter = newValue }
    }
    /// Disabled: drawn faded, takes no focus, no press and no typing (a focused view gives up its focus).
    public var isEnabled = true {
        didSet {
            isFocusable = isEnabled
            if !isEnabled { resignFocus() }
            setNeedsDisplay()
        }
    }
    /// Whether Escape empties the text (a search field); otherwise Escape goes on to the tree.
    public var clearsOnEscape = false
    /// The text's size, weight and colour; its colour is ``textColor`` (setting a style of another colour sets
    /// ``textColor``).
    public var textStyle: TextStyle {
        get { var style = storedTextStyle; style.color = textColor; return style }
        set {
            if newValue.color != textColor { textColor = newValue.color }
            storedTextStyle = newValue
            invalidateLayout()
        }
    }
    private var storedTextStyle = TextStyle(size: 17, weight: .regular, maximumScale: TextScale.controlMaximum)
    /// The text's colour (the theme's `label` unless set).
    @ThemeColor(\.label) public var textColor: RGBAColor
    /// The placeholder's colour (the theme's `placeholder` unless set).
    @ThemeColor(\.placeholder) public var placeholderColor: RGBAColor
    /// The caret, the selection's handles and the focused border (the selection is a light tint of it; the
    /// theme's `tint` unless set).
    @ThemeColor(\.tint) public var tintColor: RGBAColor
    /// The measurer the text is laid out with; nil for ``StandardCell/defaultTextMeasurer`` (the fonts
    /// the window draws with, once ScrollKitSDL is loaded).
    public var textMeasurer: (any TextMeasurer)? { didSet { invalidateLayout() } }

    /// The selection as scalar offsets into ``text`` (empty for a caret). Setting it (clamped to cluster
    /// boundaries) moves the caret to its end.
    public var selectedRange: Range<Int> {
        get { model.selection }
        set { model.select(anchor: newValue.lowerBound, caret: newValue.upperBound); selectionDidChange() }
    }
    /// The editing state: text, selection, composition, undo history.
    public var editingModel: TextEditingModel { model }

    // MARK: - State

    var model: TextEditingModel
    /// The laid-out display text (text with the composition, or bullets), made on demand.
    var cachedLayout: (layout: TextLayout, width: Double)?
    /// The display-text scalars the layout holds (all of them unless a one-line field's text is long), and the
    /// layout dropped last, until the next is made (to keep the text's place when the window moves).
    var layoutWindow: Range<Int> = 0..<0
    var previousLayout: TextLayout?
    /// In an area whose text is longer than its window: the display offset the window is laid out around while the
    /// reader scrolls away from the caret (nil: the caret), and the estimated heights of the text before and after
    /// the window (``estimatedHeight(of:advance:lineHeight:)``), which place it in the content. 0 for the rest.
    var windowAnchor: Int?
    var windowTop = 0.0
    var windowRest = 0.0
    var cachedPlaceholder: (layout: TextLayout, width: Double)?
    /// The caret's blink since the last keystroke, while focused.
    var blink: Animated<CaretBlink>?
    var caretOpacity = 1.0
    /// Whether focus came from keys (Tab, arrows): the focus ring shows.
    var focusedByKey = false
    /// The caret's box last asked for: (layout offset, layout width, box), so a blinking frame lays out nothing.
    var cachedCaret: (offset: Int, width: Double, box: Rect)?
    /// Whether the touch selection handles show (after a long press or a double tap).
    var showsHandles = false
    /// The x the caret keeps while moving up and down lines (TextAreaView).
    var goalX: Double?
    /// Clicks: the last one's time and place (root coordinates) and how many came in a row.
    var lastClick: (time: Double, point: Point, count: Int)?
    /// The pointer gesture this view follows itself (PointerTracking).
    var tracking: TextTracking?
    /// A touch press that becomes a long press at `at` unless it moved.
    var pendingLongPress: (at: Double, point: Point)?
    /// The last frame's time, for auto-scrolling while a handle is held at an edge.
    var lastFrameTime: Double?

    init(text: String, frame: Rect) {
        model = TextEditingModel(text: text)
        super.init(frame: frame)
        isFocusable = true
    }

    // MARK: - For the subclasses

    /// Whether this view shows many lines (TextAreaView).
    var isMultiline: Bool { false }
    /// Whether the text is shown as bullets (a secure field).
    var showsBullets: Bool { false }
    /// The width the text is laid out in (infinity: one line).
    var layoutWidth: Double { .infinity }
    /// The layout's top-left corner in the root's coordinates.
    func layoutOriginInRoot() -> Point { frameInRoot.origin }
    /// Scrolls so that the caret shows.
    func revealCaret() {}
    /// The height of the text's viewport (an area's), in points; 0 for a one-line field.
    var visibleTextHeight: Double { 0 }
    /// Called after the text or the selection changed (a subclass resizes its content).
    func editingDidChange() {}
    /// Return in a one-line field (TextFieldView calls its onSubmit).
    func submit() {}
    /// Whether a press at `p` (root coordinates) is the text's, not a part's (the clear button).
    func takesPointer(atRoot p: Point) -> Bool { true }
    /// The scroll view the view keeps its own text in (TextAreaView), which a mouse press may select inside.
    var ownScrollView: ScrollingView? { nil }
    /// Points a second to scroll the text while the pointer is at `p` past the visible text's edge.
    func edgeSpeed(atRoot p: Point) -> Double { 0 }
    /// Scrolls the text by `delta` points along its axis (while a handle is held at an edge).
    func scrollText(by delta: Double) {}

    var measurer: any TextMeasurer { textMeasurer ?? StandardCell.defaultTextMeasurer }

    // MARK: - Layout

    /// The text shown: the text (or a bullet per cluster) with the composition at the caret.
    var displayString: String {
        let shown = bulletsOrText
        // Spaces at a line's end hang and a newline at the very end adds no line: a zero-width space after
        // them keeps the caret after them where a person expects it.
        if let last = shown.last, last.isWhitespace { return shown + "\u{200B}" }
        return shown
    }

    private var bulletsOrText: String {
        guard showsBullets else { return model.displayText }
        let bullets = String(repeating: "\u{2022}", count: model.clusterCount)
        guard !model.composition.isEmpty else { return bullets }
        let i = model.boundaries.index(atOrBefore: model.caret)
        return String(bullets.prefix(i)) + model.composition + String(bullets.dropFirst(i))
    }

    /// The laid-out display text (nil when it is empty): all of it, or in a one-line field the window around the
    /// caret (``layoutWindow``; layout offsets are then relative to its start).
    var layout: TextLayout? {
        let width = layoutWidth
        if let cached = cachedLayout, cached.width == width || (cached.width.isNaN && width.isNaN) {
            return cached.layout.lines.isEmpty ? nil : cached.layout
        }
        let window = nextWindow()
        let whole = window.lowerBound == 0 && window.upperBound == displayCount
        let shown = whole ? displayString : displayScalars(window)
        let direction = whole || window.lowerBound == 0 || isMultiline ? paragraphDirection : firstParagraphDirection()
        let made = TextLayout(shown, style: textStyle, width: width, direction: direction, measurer: measurer)
        placeWindow(window, of: made, whole: whole)
        // A window that moved along the text: the text keeps its place on screen (the x of the new start in the
        // old layout, when it was in it).
        if let old = previousLayout, window.lowerBound != layoutWindow.lowerBound,
           layoutWindow.contains(window.lowerBound), let caret = old.caret(at: window.lowerBound - layoutWindow.lowerBound) {
            layoutWindowDidMove(by: caret.x)
        }
        layoutWindow = window
        previousLayout = nil
        cachedLayout = (made, width)
        return made.lines.isEmpty ? nil : made
    }

    /// An area's window in its content: the estimated heights of the text before and after it, from the advance per
    /// grapheme cluster its own lines show (``windowTop``, ``windowRest``).
    private func placeWindow(_ window: Range<Int>, of made: TextLayout, whole: Bool) {
        guard isMultiline, !whole else { windowTop = 0; windowRest = 0; return }
        var width = 0.0, clusters = 0
        let boundaries = model.boundaries, base = window.lowerBound
        for line in made.lines where line.scalars.count > 1 {
            width += line.width
            // In text offsets (an area shows no bullets; a composition only shifts a few offsets near the caret).
            clusters += max(1, boundaries.index(atOrBefore: base + line.scalars.upperBound)
                            - boundaries.index(atOrBefore: base + line.scalars.lowerBound))
        }
        let advance = clusters > 0 && width > 0 ? width / Double(clusters) : max(1, textStyle.atCurrentTextScale.size * 0.5)
        let h = made.lines.first.map { $0.height } ?? lineHeight
        // Greedy wrapping leaves part of each line empty: about a word's worth, which the advance is padded by.
        let padded = advance * 1.08
        windowTop = estimatedHeight(of: 0..<window.lowerBound, advance: padded, lineHeight: h)
        windowRest = estimatedHeight(of: window.upperBound..<displayCount, advance: padded, lineHeight: h)
    }

    /// Whether text offset `offset` lies in the laid-out window (always, unless an area's window moved away
    /// from it with the reader's scroll): a caret or handle outside it is not drawn.
    func isInLayoutWindow(_ offset: Int) -> Bool {
        _ = layout
        guard layoutWindow.lowerBound > 0 || layoutWindow.upperBound < displayCount else { return true }
        let o = (showsBullets ? model.boundaries.index(atOrBefore: offset) : offset)
            + (!model.composition.isEmpty && offset >= model.caret ? model.composition.unicodeScalars.count : 0)
        return o >= layoutWindow.lowerBound && o <= layoutWindow.upperBound
    }

    /// Called when the layout window's start moved to `dx` points from the old start (TextFieldView scrolls by it).
    func layoutWindowDidMove(by dx: Double) {}

    var placeholderLayout: TextLayout? {
        guard !placeholder.isEmpty else { return nil }
        let width = layoutWidth
        // In the empty text's direction: it starts where typing starts (``placeholderOrigin(_:layoutOrigin:)``).
        let direction = paragraphDirection ?? emptyDirection
        if let cached = cachedPlaceholder, cached.width == width, cached.layout.text == placeholder,
           cached.layout.direction == direction { return cached.layout }
        var style = textStyle
        style.color = placeholderColor
        let made = TextLayout(placeholder, style: style, width: width, direction: direction, measurer: measurer)
        cachedPlaceholder = (made, width)
        return made
    }

    /// Each paragraph's own direction (its first strong character's); an empty one follows the view's.
    var paragraphDirection: ReadingDirection? { nil }

    /// Where the placeholder is drawn when the (empty) text's layout is at `origin`: it starts at the empty text's
    /// caret, where typing starts. Laid out in a limited width, it is aligned in that width as the text would be;
    /// in an unlimited one (a field's line) it is only as wide as its text, so right to left it ends at the caret.
    func placeholderOrigin(_ placeholder: TextLayout, layoutOrigin origin: Point) -> Point {
        guard placeholder.direction == .rightToLeft, !placeholder.width.isFinite else { return origin }
        return Point(x: origin.x + caretBox(layoutOffset: 0).minX - placeholder.size.width, y: origin.y)
    }

    /// The direction the empty text (and the placeholder) starts from.
    var emptyDirection: ReadingDirection { isRightToLeft ? .rightToLeft : .leftToRight }

    /// The height of one line of the text's style.
    var lineHeight: Double { max(0, measurer.fontMetrics(for: textStyle.atCurrentTextScale).lineHeight) }

    /// A new theme may bring a new text colour: the layout (which holds it) is made again.
    public override func effectiveThemeDidChange() {
        super.effectiveThemeDidChange()
        invalidateLayout()
    }

    func invalidateLayout() {
        if let cached = cachedLayout { previousLayout = cached.layout }
        cachedLayout = nil
        cachedCaret = nil
        cachedPlaceholder = nil
        setNeedsDisplay()
    }

    /// An offset into ``text`` as an offset into the layout (bullets, composition).
    func layoutOffset(_ offset: Int) -> Int {
        _ = layout   // the window the offset is relative to
        var o = showsBullets ? model.boundaries.index(atOrBefore: offset) : offset
        if !model.composition.isEmpty, offset >= model.caret { o += model.composition.unicodeScalars.count }
        return min(max(o - layoutWindow.lowerBound, 0), layoutWindow.count)
    }

    /// Where the composition starts in the layout (the caret's place before it).
    var compositionStart: Int {
        _ = layout
        return (showsBullets ? model.boundaries.index(atOrBefore: model.caret) : model.caret) - layoutWindow.lowerBound
    }

    /// An offset into the layout as an offset into ``text`` (inside the composition: the caret).
    func textOffset(fromLayout offset: Int) -> Int {
        _ = layout
        var o = offset + layoutWindow.lowerBound
        let n = model.composition.unicodeScalars.count
        if n > 0 {
            let start = compositionStart + layoutWindow.lowerBound
            if o > start && o < start + n { return model.caret }
            if o >= start + n { o -= n }
        }
        guard showsBullets else { return o }
        let clusters = model.boundaries.clusters
        return clusters[min(max(o, 0), clusters.count - 1)]
    }

    /// The caret's place for layout offset `offset`, in layout coordinates: its x, top and height.
    func caretBox(layoutOffset offset: Int) -> Rect {
        let width = layoutWidth
        if let c = cachedCaret, c.offset == offset, c.width == width || (c.width.isNaN && width.isNaN) { return c.box }
        if let layout, let caret = layout.caret(at: offset) {
            let box = Rect(x: caret.x, y: caret.top, width: 0, height: caret.height)
            cachedCaret = (offset, width, box)
            return box
        }
        let x = emptyDirection == .rightToLeft && layoutWidth.isFinite ? layoutWidth : 0
        return Rect(x: x, y: 0, width: 0, height: lineHeight)
    }

    // MARK: - Changes

    /// After an edit: lay out again, restart the blink (solid while typing), reveal the caret, tell the owner.
    func textDidChange(byUser: Bool) {
        invalidateLayout()
        selectionDidChange()
        if byUser { onChange?(model.text) }
    }

    /// After a caret move: the blink starts over and the caret comes into view.
    func selectionDidChange() {
        goalX = nil
        windowAnchor = nil
        // A caret gone near the window's edge (or out of it): lay out the window around it.
        if laysOutWindow, cachedLayout != nil, nextWindow() != layoutWindow { invalidateLayout() }
        restartBlink()
        editingDidChange()
        revealCaret()
        setNeedsDisplay()
        if !model.selection.isEmpty, !showsBullets {
            ViewNode.clipboard.setText(model.selectedText, in: .primary)   // X11's select-to-copy
        }
    }

    /// A middle-click on this view: the primary selection pasted there (``pastePrimary(atRoot:)``).
    override func takePrimaryPaste(atRoot p: Point) -> Bool {
        pastePrimary(atRoot: p)
        return true
    }

    func restartBlink() {
        caretOpacity = 1
        blink = isFocused ? Animated(CaretBlink(), rest: 1) : nil
    }

    /// Called by the router when this view gains or loses the tree's focus.
    override func focusDidChange(_ focused: Bool, byKey: Bool) {
        if focused {
            focusedByKey = byKey
            restartBlink()
        } else {
            focusedByKey = false
            blink = nil
            showsHandles = false
            tracking = nil
            if !model.composition.isEmpty { model.setComposition("", cursor: 0); invalidateLayout() }
        }
        setNeedsDisplay()
    }

    /// Takes focus as a press does (no focus ring).
    func focusByPointer() {
        guard !isFocused else { return }
        becomeFocused()
    }

    public override var isPressable: Bool { isEnabled }

    /// A tap (or click) that was not a drag: focuses the view and places the caret there (a double tap
    /// selects a word and shows the handles); then ``ViewNode/onActivate``.
    public override func activate() { tapped() }

    public override func update(_ tick: FrameTick) {
        if var b = blink {
            caretOpacity = b.sample(tick)
            blink = b.needsFrames ? b : nil
        }
        updatePointer(tick)
        lastFrameTime = tick.targetTimestamp
    }

    public override var isAnimating: Bool {
        ((tracking?.edgeSpeed ?? 0) != 0 && isFocused) || pendingLongPress != nil || super.isAnimating
    }

    /// The caret's blink while focused: drawn, but no work in progress (the tree is ``ViewNode/isIdle``).
    public override var hasAmbientAnimation: Bool { blink != nil && isFocused }

    /// Draws nothing: the box draws its own rounded ring, behind it, when focus came from keys.
    public override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {}

    /// The rounded focus ring behind the box (when focus came from keys) and the box: its border (the tint
    /// while focused) and fill.
    func drawBox(in canvas: any DrawingCanvas, frame: Rect, radius: Double, fill: RGBAColor, border: RGBAColor) {
        let focused = isFocused
        if focused && focusedByKey {
            let ring = effectiveTheme.focusRing
            let o = ring.outset + ring.width - 1
            canvas.fillRoundedRect(frame.insetBy(dx: -o, dy: -o), radius: radius + o, color: ring.color.withAlpha(0.55))
        }
        canvas.fillRoundedRect(frame, radius: radius, color: focused ? tintColor : border)
        let inset = focused ? 1.5 : 1
        canvas.fillRoundedRect(frame.insetBy(dx: inset, dy: inset), radius: max(0, radius - inset),
                               color: isEnabled ? fill : effectiveTheme.colors.disabledFieldBackground)
    }

    // MARK: - TextInputClient

    public var selectedScalarRange: Range<Int> { model.selection }
    public var compositionText: String { model.composition }

    public var caretRectInRoot: Rect? {
        guard isFocused else { return nil }
        let offset = model.composition.isEmpty ? layoutOffset(model.caret) : compositionStart + model.compositionCursor
        let box = caretBox(layoutOffset: offset)
        let origin = layoutOriginInRoot()
        return Rect(x: origin.x + box.minX, y: origin.y + box.minY, width: 2, height: box.height)
    }

    public func insertText(_ text: String, time: Double) {
        guard isEnabled else { return }
        let hadComposition = !model.composition.isEmpty
        if model.insert(text) || hadComposition {
            showsHandles = false
            textDidChange(byUser: true)
        }
    }

    public func setComposition(_ text: String, cursor: Int, time: Double) {
        guard isEnabled else { return }
        let before = model.textVersion
        model.setComposition(text, cursor: cursor)
        showsHandles = false
        invalidateLayout()
        textDidChange(byUser: model.textVersion != before)
    }
}

/// A pointer gesture a text view follows itself: selecting with the mouse (by clusters, words or lines from
/// a first range) or dragging a touch handle.
struct TextTracking {
    enum Mode { case clusters, words, lines, startHandle, endHandle, caret }
    var mode: Mode
    /// The range first selected (a double-click's word), which a drag extends from.
    var initial: Range<Int>
    /// Points a second the content scrolls while a handle is held past an edge (negative: back).
    var edgeSpeed: Double = 0
    var lastPoint: Point = .zero
}
