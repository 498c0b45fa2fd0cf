// PushButton and SegmentedControl, pressable controls built on the tree's presses, and drawSoftShadow,
// the controls' drop shadow.

import Motion

/// A push button: a title or an image on a rounded face, a pressed look while the pointer holds it,
/// a disabled look, and an action. (Named so as not to clash with SwiftUI's `Button`.)
///
/// It is a ``ViewNode`` using the tree's presses: a tap (or Enter while it has focus) calls
/// ``action``; a drag that starts on it inside a scroll view scrolls instead (the press is cancelled);
/// it looks pressed while ``ViewNode/isHighlighted``. A disabled button takes no press and no
/// activation. Set ``ViewNode/isFocusable`` to reach it with Tab and arrows. Drawing allocates nothing.
@MainActor
public final class PushButton: ViewNode {
    /// The look of the face.
    public enum Kind: Sendable, Hashable {
        /// Filled with ``tint``, white title: the primary action.
        case filled
        /// White with a hairline border, the title in ``tint``.
        case bordered
        /// No face; the title in ``tint``, a light fill while pressed.
        case plain
    }

    /// The title, drawn centred (with the image, after it). `nil` or empty: none.
    @DrawingInput public var title: String? = nil { didSet { if title != oldValue { setNeedsLayout() } } }
    /// An image, drawn ``imageSize`` points square (left of the title, or centred alone).
    @DrawingInput public var image: ImageRef? = nil
    @DrawingInput public var imageSize: Double = 20
    @DrawingInput public var kind: Kind
    /// The accent colour: a filled face, or a bordered or plain title (the theme's `tint` unless set).
    @ThemeColor(\.tint) public var tint: RGBAColor
    /// The face while pressed (filled), or the title while pressed (bordered and plain; the theme's `pressedTint`).
    @ThemeColor(\.pressedTint) public var pressedTint: RGBAColor
    /// A filled button's title (the theme's `onTint` unless set).
    @ThemeColor(\.onTint) public var filledTitleColor: RGBAColor
    /// A bordered button's face, its face while pressed, and its edge (the theme's `elevatedBackground`,
    /// `pressedControlFace` and `controlBorder` unless set).
    @ThemeColor(\.elevatedBackground) public var faceColor: RGBAColor
    @ThemeColor(\.pressedControlFace) public var pressedFaceColor: RGBAColor
    @ThemeColor(\.controlBorder) public var borderColor: RGBAColor
    @DrawingInput public var titleSize: Double = 14
    @DrawingInput public var cornerRadius: Double = 9
    /// A soft shadow under filled and bordered faces.
    @DrawingInput public var hasShadow = true
    /// Disabled: drawn faded (``disabledOpacity``), no press, no activation.
    @DrawingInput public var isEnabled = true
    public static let disabledOpacity = 0.45
    /// Called when the button is tapped (or activated with Enter). Held strongly; capture owners weakly.
    public var action: (@MainActor (PushButton) -> Void)?

    /// Makes a button. Give a title, an image or both.
    public init(title: String? = nil, image: ImageRef? = nil, kind: Kind = .bordered, frame: Rect = .zero,
                action: (@MainActor (PushButton) -> Void)? = nil) {
        _title = DrawingInput(wrappedValue: title)
        _image = DrawingInput(wrappedValue: image)
        _kind = DrawingInput(wrappedValue: kind)
        self.action = action
        super.init(frame: frame)
    }

    /// Whether the button looks pressed now (highlighted by the tree's press, and enabled).
    public var isPressed: Bool { isHighlighted && isEnabled }

    public override var isPressable: Bool { isEnabled }

    /// Its title's width (and image) plus 16 points each side by its title's line plus 12 above and below (at
    /// least 44, a touch target): what a stack gives it. Text grows up to ``TextScale/controlMaximum``.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let style = TextStyle(size: titleSize, weight: .bold, maximumScale: TextScale.controlMaximum)
        let text = (title ?? "").isEmpty ? Size.zero : TextLayout(title ?? "", style: style, width: .infinity).size
        let imageWidth = image == nil ? 0 : imageSize + (text.width > 0 ? 8 : 0)
        let width = (text.width + imageWidth).rounded(.up) + 32
        return Size(width: max(44, width), height: max(44, (max(text.height, image == nil ? 0 : imageSize) + 24).rounded(.up)))
    }

    /// Calls ``action`` (then ``ViewNode/onActivate``) when enabled.
    public override func activate() {
        guard isEnabled else { return }
        action?(self)
        onActivate?(self)
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let pressed = isPressed
        // The same calls while nothing they read changed (a canvas drawing by damage takes them over).
        let key = CallGroupKey(frame: frame, version: drawingVersion, state: pressed ? 1 : 0)
        canvas.callGroup(id: CallGroupID(of: self), key: key) { drawFace(in: $0, frame: frame, pressed: pressed) }
    }

    /// The calls of ``draw(in:frame:)``'s group.
    private func drawFace(in canvas: any DrawingCanvas, frame: Rect, pressed: Bool) {
        let fade = isEnabled ? 1.0 : Self.disabledOpacity
        let r = cornerRadius
        let ink: RGBAColor
        switch kind {
        case .filled:
            if hasShadow { drawSoftShadow(under: frame, radius: r, strength: pressed ? 0.5 : 1.4, in: canvas) }
            canvas.fillRoundedRect(frame, radius: r, color: (pressed ? pressedTint : tint).withAlpha(fade))
            if !pressed {
                canvas.fillRoundedRect(Rect(x: frame.minX + 1, y: frame.minY + 1, width: max(0, frame.width - 2), height: frame.height / 2),
                                       radius: max(0, r - 1), color: RGBAColor(r: 255, g: 255, b: 255, a: 14))
            }
            ink = filledTitleColor.withAlpha(fade)
        case .bordered:
            if hasShadow { drawSoftShadow(under: frame, radius: r, strength: pressed ? 0.3 : 1, in: canvas) }
            canvas.fillRoundedRect(frame, radius: r, color: borderColor)
            canvas.fillRoundedRect(frame.insetBy(dx: 1, dy: 1), radius: max(0, r - 1),
                                   color: pressed ? pressedFaceColor : faceColor)
            ink = (pressed ? pressedTint : tint).withAlpha(fade)
        case .plain:
            if pressed { canvas.fillRoundedRect(frame, radius: r, color: effectiveTheme.colors.pressedOverlay) }
            ink = (pressed ? pressedTint : tint).withAlpha(fade)
        }
        let content = frame.offsetBy(dx: 0, dy: pressed && kind != .plain ? 1 : 0)
        let hasTitle = !(title ?? "").isEmpty
        if let image {
            let side = min(imageSize, content.height)
            let x = hasTitle ? content.minX + 10 : content.midX - side / 2
            canvas.drawImage(image, in: Rect(x: x, y: content.midY - side / 2, width: side, height: side), opacity: fade)
        }
        if let title, hasTitle {
            let shift = image != nil ? min(imageSize, content.height) / 2 + 4 : 0
            canvas.drawText(title, in: Rect(x: content.minX + shift, y: content.minY, width: max(0, content.width - shift), height: content.height),
                            style: TextStyle(size: titleSize, weight: .bold, color: ink, maximumScale: TextScale.controlMaximum),
                            alignment: .center)
        }
    }
}

/// A segmented control: a grey track of equal segments, the selected one a raised white pill. A tap on
/// a segment selects it and calls ``onChange`` (only when the selection changes). Each segment is a
/// pressable subview, so the tree's presses apply: a segment looks pressed while held, a drag that starts
/// on it inside a scroll view scrolls instead. With ``ViewNode/isFocusable``, Enter and Space select the next
/// segment (wrapping), ← → the neighbouring one. Drawing allocates nothing.
@MainActor
public final class SegmentedControl: ViewNode {
    /// The segments' titles. Setting them rebuilds the segments and clamps ``selectedIndex``.
    @DrawingInput public var segments: [String] = [] { didSet { rebuild() } }
    /// The selected segment, clamped to the segments (0 when there are none). Setting it does not call
    /// ``onChange``.
    public var selectedIndex: Int {
        get { storedSelection }
        set { storedSelection = segments.isEmpty ? 0 : min(max(newValue, 0), segments.count - 1) }
    }
    /// Called with the new index when a tap (or Enter) changes the selection. Held strongly.
    public var onChange: (@MainActor (Int) -> Void)?
    /// Disabled: drawn faded, segments take no press.
    @DrawingInput public var isEnabled = true
    @DrawingInput public var titleSize: Double = 13
    @DrawingInput public var cornerRadius: Double = 9
    /// The titles, and the selected one (the theme's `secondaryLabel` and `label` unless set).
    @ThemeColor(\.secondaryLabel) public var textColor: RGBAColor
    @ThemeColor(\.label) public var selectedTextColor: RGBAColor
    /// The track, and the selected segment's pill (the theme's `fill` and `controlFace` unless set).
    @ThemeColor(\.fill) public var trackColor: RGBAColor
    @ThemeColor(\.controlFace) public var selectedSegmentColor: RGBAColor

    @DrawingInput var storedSelection = 0

    public init(segments: [String], selectedIndex: Int = 0, frame: Rect = .zero) {
        _segments = DrawingInput(wrappedValue: segments)
        super.init(frame: frame)
        rebuild()
        self.selectedIndex = selectedIndex
    }

    /// The frame of segment `index` in the control's own coordinates. Right to left the first segment is on
    /// the right, as UIKit's `UISegmentedControl` orders them.
    public func segmentFrame(_ index: Int) -> Rect {
        let width = storedFrame.width / Double(max(1, segments.count))
        return Rect(x: mirroredX(Double(index) * width, width: width), y: 0, width: width, height: storedFrame.height)
    }

    /// Selects `index` as a tap would: calls ``onChange`` if the selection changes. Ignored when
    /// disabled or out of range.
    public func select(_ index: Int) {
        guard isEnabled, segments.indices.contains(index), index != storedSelection else { return }
        storedSelection = index
        onChange?(index)
    }

    /// Enter while focused: the next segment, wrapping.
    public override func activate() {
        guard !segments.isEmpty else { return }
        select((storedSelection + 1) % segments.count)
        onActivate?(self)
    }

    public override var isPressable: Bool { false }

    /// The width offered (offered none: each segment as wide as the widest title plus 28), at least 32 tall
    /// and as tall as a title line plus 12.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        let style = TextStyle(size: titleSize, weight: .bold, maximumScale: TextScale.controlMaximum)
        var widest = 0.0, line = 0.0
        for title in segments {
            let size = TextLayout(title, style: style, width: .infinity).size
            widest = max(widest, size.width)
            line = max(line, size.height)
        }
        let ideal = Double(segments.count) * (widest.rounded(.up) + 28)
        let width = proposal.width.map { $0.isFinite ? $0 : ideal } ?? ideal
        return Size(width: width, height: max(32, (line + 12).rounded(.up)))
    }

    /// While focused: ← → select the segment drawn to the left or right (a radio group's arrows; mirrored right
    /// to left), Space the next one as Enter does. Other keys move focus as usual.
    public override func handleFocusedKey(_ key: Key) -> Bool {
        switch key {
        case .left, .right:
            let step = (key == .right) != isRightToLeft ? 1 : -1
            select(storedSelection + step)
            return true
        case .space:
            activate()
            return true
        default:
            return false
        }
    }

    public override func layoutSubviews() {
        for case let segment as Segment in subviews { segment.frame = segmentFrame(segment.index) }
    }

    func rebuild() {
        for view in subviews { view.removeFromSuperview() }
        for index in segments.indices { addSubview(Segment(control: self, index: index)) }
        layoutSubviews()
        selectedIndex = storedSelection
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard !segments.isEmpty else { return }
        // The same calls while nothing they read changed: the inputs, the frame and which segments are
        // pressed (a canvas drawing by damage takes them over). Past 64 segments, drawn every frame.
        guard segments.count <= 64 else { return drawSegments(in: canvas, frame: frame) }
        var pressedSegments: UInt64 = 0
        for index in 0..<min(subviews.count, segments.count) where subviews[index].isHighlighted {
            pressedSegments |= 1 << UInt64(index)
        }
        let key = CallGroupKey(frame: frame, version: drawingVersion,
                               state: pressedSegments ^ (isRightToLeft ? 1 << 63 : 0))
        canvas.callGroup(id: CallGroupID(of: self), key: key) { drawSegments(in: $0, frame: frame) }
    }

    /// The calls of ``draw(in:frame:)``'s group.
    private func drawSegments(in canvas: any DrawingCanvas, frame: Rect) {
        let fade = isEnabled ? 1.0 : PushButton.disabledOpacity
        let r = cornerRadius
        let colors = effectiveTheme.colors
        canvas.fillRoundedRect(frame, radius: r, color: trackColor.withAlpha(fade))
        let selected = storedSelection, rtl = isRightToLeft
        var index = 0
        while index < segments.count {
            let cell = segmentFrame(index).offsetBy(dx: frame.minX, dy: frame.minY)
            let pressed = isEnabled && index < subviews.count && subviews[index].isHighlighted
            if index == selected {
                let pill = cell.insetBy(dx: 2, dy: 2)
                drawSoftShadow(under: pill, radius: max(0, r - 2), strength: 1.6, in: canvas)
                canvas.fillRoundedRect(pill, radius: max(0, r - 2), color: pressed ? colors.pressedControlFace : selectedSegmentColor)
            } else {
                if pressed {
                    canvas.fillRoundedRect(cell.insetBy(dx: 2, dy: 2), radius: max(0, r - 2), color: colors.pressedOverlay)
                }
                if index > 0 && index - 1 != selected {
                    canvas.fill(Rect(x: (rtl ? cell.maxX : cell.minX) - 0.5, y: cell.minY + 9, width: 1, height: max(0, cell.height - 18)),
                                color: colors.separator.withAlpha(fade))
                }
            }
            let style = TextStyle(size: titleSize, weight: index == selected ? .bold : .regular,
                                  color: (index == selected ? selectedTextColor : textColor).withAlpha(fade),
                                  maximumScale: TextScale.controlMaximum)
            canvas.drawText(segments[index], in: cell, style: style, alignment: .center)
            index += 1
        }
    }

    /// One segment: a pressable subview that selects its index when tapped (drawn by the control).
    final class Segment: ViewNode {
        unowned let control: SegmentedControl
        let index: Int
        init(control: SegmentedControl, index: Int) {
            self.control = control
            self.index = index
            super.init()
        }
        override var isPressable: Bool { control.isEnabled }
        override func activate() { control.select(index) }
    }
}

/// A soft drop shadow under a rounded rectangle: two offset translucent layers (the controls' shadow).
@MainActor
func drawSoftShadow(under rect: Rect, radius: Double, strength: Double, in canvas: any DrawingCanvas) {
    canvas.fillRoundedRect(rect.offsetBy(dx: 0, dy: 1), radius: radius, color: RGBAColor.black.withAlpha(18 * strength / 255))
    canvas.fillRoundedRect(Rect(x: rect.minX - 1, y: rect.minY + 1, width: rect.width + 2, height: rect.height + 2),
                           radius: radius + 1, color: RGBAColor.black.withAlpha(8 * strength / 255))
}
