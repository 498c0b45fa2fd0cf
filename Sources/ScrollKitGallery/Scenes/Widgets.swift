// The scenes' shared chrome: SceneStyle (colours, sizes, shadow, fade), RGBAColor mixing, PanelView and
// CycleControl, and helpers that format numbers into reused strings.

import ScrollKit

// The scenes' shared look (`SceneStyle`) and small views: a ‹ value › cycler (`CycleControl`) and
// `PanelView`, a view that draws through a closure. (Buttons and the segmented selector are the library's
// `PushButton` and `SegmentedControl`.) They are views of their scene's tree: presses reach them through
// the tree's router, as the library's controls get them.

/// Colours and type sizes of the scenes' chrome (panels, controls, captions). The greys and inks are
/// the gallery's (`GalleryTheme`); the controls' accent is a shade deeper, for white text on it.
enum SceneStyle {
    /// Behind content: a light cool grey (the theme's grouped background).
    @MainActor static var background: RGBAColor { GalleryTheme.contentBackground }
    /// Panels (toolbars): the theme's bars.
    @MainActor static var panel: RGBAColor { galleryColors.barBackground }
    /// Hairlines between panels and content.
    @MainActor static var hairline: RGBAColor { galleryColors.barSeparator }
    /// Main text.
    @MainActor static var ink: RGBAColor { GalleryTheme.ink }
    /// Secondary text (values, status).
    @MainActor static var secondaryInk: RGBAColor { GalleryTheme.secondaryInk }
    /// Captions.
    @MainActor static var tertiaryInk: RGBAColor { GalleryTheme.tertiaryInk }
    /// Primary buttons and the selection accents.
    @MainActor static var accent: RGBAColor { galleryColors.tint }
    @MainActor static var accentPressed: RGBAColor { galleryColors.pressedTint }

    // MARK: Scenes with a palette of their own (chat, reader, world, picker)

    /// The gallery's colour scheme (nil for a theme that is none of the built-in ones). During the T switch's
    /// cross-fade it is the scheme faded to.
    @MainActor static var scheme: Theme.ColorScheme? { Theme.ColorScheme(name: ViewNode.defaultTheme.name) }

    /// How much of their own warm cast scenes with a palette of their own (the reader's paper, the picker's
    /// cream) lay over the theme: all of it in light and dark, none in high contrast (black on white there).
    @MainActor static var warmth: Double { scheme == .highContrast ? 0 : 1 }

    /// The theme's `token`, shifted channel by channel (alpha too) as the scene's own `design` colour differs from
    /// the light theme's token, times ``warmth``: exactly `design` in light, the same cast over dark's token, the
    /// plain token in high contrast. For text and lines, whose contrast with the theme's backgrounds it keeps.
    @MainActor
    static func tinted(_ token: KeyPath<ThemeColors, RGBAColor>, as design: RGBAColor) -> RGBAColor {
        let base = galleryColors[keyPath: token], light = Theme.light.colors[keyPath: token], w = warmth
        func channel(_ t: UInt8, _ l: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(min(max((Double(t) + (Double(d) - Double(l)) * w).rounded(), 0), 255))
        }
        return RGBAColor(r: channel(base.r, light.r, design.r), g: channel(base.g, light.g, design.g),
                         b: channel(base.b, light.b, design.b), a: channel(base.a, light.a, design.a))
    }

    /// The contrast a scene's own accent colours need as text: none beyond their design in light, 4.5:1 (WCAG AA)
    /// in dark, 7:1 (AAA) in high contrast.
    @MainActor static var accentContrast: Double {
        switch scheme {
        case .light: 1
        case .dark: 4.5
        case .highContrast: 7
        case nil: ViewNode.defaultTheme.isDark ? 4.5 : 1
        }
    }

    /// `color` as it must be drawn on `background` to reach `minimum` contrast: itself when it does, else
    /// mixed towards the theme's label, a tenth at a time, until it does.
    @MainActor
    static func readable(_ color: RGBAColor, on background: RGBAColor, minimum: Double = accentContrast) -> RGBAColor {
        guard color.contrastRatio(against: background) < minimum else { return color }
        let ink = galleryColors.label
        for step in 1...10 {
            let mixed = color.mixed(with: ink, fraction: Double(step) / 10)
            if mixed.contrastRatio(against: background) >= minimum { return mixed }
        }
        return ink
    }

    /// A fixed row's height at the current text scale: `base` (its height at 1.0), taller by what `textHeight`
    /// (the height of its lines of text at 1.0) grows (`ViewNode.textScale`; whole points). Rows whose height
    /// derives from their text grow with it, as UIKit's self-sizing cells do under Dynamic Type.
    @MainActor
    static func grownRowHeight(_ base: Double, textHeight: Double) -> Double {
        (base + textHeight * (ViewNode.textScale - 1)).rounded()
    }

    /// Control height and corner radius.
    static let controlHeight = 34.0
    static let controlRadius = 9.0
    /// Text size of controls.
    static let controlTextSize = 14.0
    /// Caption size (above control groups).
    static let captionTextSize = 11.0

    /// A soft drop shadow under a rounded rectangle: two offset translucent layers.
    @MainActor
    static func drawShadow(under rect: Rect, radius: Double, in canvas: any DrawingCanvas, strength: Double = 1) {
        canvas.fillRoundedRect(rect.offsetBy(dx: 0, dy: 1), radius: radius, color: RGBAColor.black.mixAlpha(18 * strength))
        canvas.fillRoundedRect(Rect(x: rect.minX - 1, y: rect.minY + 1, width: rect.width + 2, height: rect.height + 2),
                               radius: radius + 1, color: RGBAColor.black.mixAlpha(8 * strength))
    }

    /// A vertical fade from `color` to transparent, `height` points tall starting at `y`
    /// (drawn as 1 pt strips): the shadow a panel casts on the content under it.
    @MainActor
    static func drawFade(from color: RGBAColor, x: Double, y: Double, width: Double, height: Double, in canvas: any DrawingCanvas) {
        guard width > 0, height >= 1 else { return }
        let steps = Int(height)
        for i in 0..<steps {
            let t = 1 - Double(i) / Double(steps)
            canvas.fill(Rect(x: x, y: y + Double(i), width: width, height: 1), color: color.withAlpha(t * t))
        }
    }
}

extension RGBAColor {
    /// This colour with alpha `alpha` (0...255, clamped): ScrollKit's ``RGBAColor/withAlphaValue(_:)``.
    func mixAlpha(_ alpha: Double) -> RGBAColor { withAlphaValue(alpha) }
    /// This colour mixed with `other` by `t` (0 = self, 1 = other): ScrollKit's ``RGBAColor/mixed(with:fraction:)``.
    func mixed(with other: RGBAColor, _ t: Double) -> RGBAColor { mixed(with: other, fraction: t) }
}

/// The colour tokens of the gallery's theme (the window's ``ViewNode/defaultTheme``, which the chrome's theme
/// switch and `--color-scheme` set): what the scenes draw their own chrome and rows with.
@MainActor
var galleryColors: ThemeColors { ViewNode.defaultTheme.colors }

/// A plain view that draws through a closure (a scene's toolbar panel holding library controls).
@MainActor
final class PanelView: ViewNode {
    /// Draws the panel into its frame (canvas coordinates), under its subviews.
    var drawPanel: (@MainActor (any DrawingCanvas, Rect) -> Void)?

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        drawPanel?(canvas, frame)
    }
}

/// A ‹ value › selector: a white rounded field with a value in the middle and two arrow buttons
/// that step backward and forward through `values`, wrapping around. Each half is a pressable subview
/// (``Arrow``): it looks pressed while held, and a tap on it steps.
@MainActor
final class CycleControl: ViewNode {
    var values: [String]
    /// The value shown.
    var index: Int
    var onChange: (@MainActor (Int) -> Void)?
    private let back = Arrow(step: -1)
    private let forward = Arrow(step: 1)

    /// Width of each arrow area.
    static let arrowWidth = 34.0

    init(values: [String], index: Int = 0, frame: Rect = .zero) {
        self.values = values
        self.index = index
        super.init(frame: frame)
        addSubview(back)
        addSubview(forward)
        layoutSubviews()
        isFocusable = true
        accessibilityRole = .slider
    }

    /// Focused: ← › step back and forward, Return and Space step forward.
    override func handleFocusedKey(_ key: Key) -> Bool {
        switch key {
        case .left: advance(by: isRightToLeft ? 1 : -1)
        case .right: advance(by: isRightToLeft ? -1 : 1)
        case .space: advance(by: 1)
        default: return false
        }
        return true
    }

    /// Return while focused: the next value.
    override func activate() { advance(by: 1) }

    /// Which arrow a press in progress is on: -1 (‹), +1 (›), nil for none.
    var pressedStep: Int? { back.isHighlighted ? -1 : (forward.isHighlighted ? 1 : nil) }

    /// Each half of the field is an arrow's press target.
    override func layoutSubviews() {
        let half = (frame.width / 2).rounded(.down)
        back.frame = Rect(x: 0, y: 0, width: half, height: frame.height)
        forward.frame = Rect(x: half, y: 0, width: frame.width - half, height: frame.height)
    }

    /// Steps `delta` values forward (negative: backward), wrapping, and calls `onChange`.
    func advance(by delta: Int) {
        guard !values.isEmpty, delta != 0 else { return }
        let n = values.count
        index = ((index + delta) % n + n) % n
        onChange?(index)
    }

    /// One half of the field: a pressable view that steps its control.
    final class Arrow: ViewNode {
        let step: Int
        init(step: Int) { self.step = step; super.init() }
        override var isPressable: Bool { true }
        override func activate() { (superview as? CycleControl)?.advance(by: step) }
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0 else { return }
        let r = SceneStyle.controlRadius, w = Self.arrowWidth
        let pressedStep = self.pressedStep
        SceneStyle.drawShadow(under: frame, radius: r, in: canvas)
        canvas.fillRoundedRect(frame, radius: r, color: SceneStyle.hairline)
        canvas.fillRoundedRect(frame.insetBy(dx: 1, dy: 1), radius: r - 1, color: galleryColors.elevatedBackground)
        let left = Rect(x: frame.minX, y: frame.minY, width: w, height: frame.height)
        let right = Rect(x: frame.maxX - w, y: frame.minY, width: w, height: frame.height)
        func arrow(_ area: Rect, _ step: Int) {   // a function, not an array literal: no allocation per frame
            if pressedStep == step {
                canvas.fillRoundedRect(area.insetBy(dx: 3, dy: 3), radius: r - 3, color: galleryColors.pressedControlFace)
            }
            drawChevron(in: area, pointingRight: step > 0, canvas: canvas,
                        color: pressedStep == step ? SceneStyle.accentPressed : SceneStyle.accent)
        }
        arrow(left, -1)
        arrow(right, 1)
        canvas.fill(Rect(x: left.maxX, y: frame.minY + 8, width: 1, height: frame.height - 16), color: galleryColors.separator)
        canvas.fill(Rect(x: right.minX - 1, y: frame.minY + 8, width: 1, height: frame.height - 16), color: galleryColors.separator)
        if !values.isEmpty {
            let value = values[min(max(index, 0), values.count - 1)]
            canvas.drawText(value, in: Rect(x: left.maxX + 6, y: frame.minY, width: max(0, right.minX - left.maxX - 12), height: frame.height),
                            style: TextStyle(size: 13, weight: .bold, color: SceneStyle.ink, maximumScale: TextScale.controlMaximum), alignment: .center)
        }
    }

    private func drawChevron(in area: Rect, pointingRight: Bool, canvas: any DrawingCanvas, color: RGBAColor) {
        let cx = area.midX, cy = area.midY, h = 5.0, w = 3.5
        let tip = Point(x: cx + (pointingRight ? w : -w), y: cy)
        // Filled in place: no array per chevron per frame.
        chevron[0] = Point(x: cx + (pointingRight ? -w : w), y: cy - h)
        chevron[1] = tip
        chevron[2] = Point(x: cx + (pointingRight ? -w : w), y: cy + h)
        canvas.drawPolyline(chevron, color: color, width: 2)
    }

    /// The three points of a chevron, reused.
    private var chevron = [Point](repeating: .zero, count: 3)
}

/// Whole numbers with thousands separators: 1000 → "1,000", -1234567 → "-1,234,567".
func groupedNumber(_ n: Int) -> String {
    var out = ""
    appendGroupedNumber(n, to: &out)
    return out
}

/// Appends `n` with thousands separators (as ``groupedNumber(_:)`` formats it) to `out`, digit by
/// digit: no allocation when `out` has the capacity (a reused buffer, see ``replaceContents(of:with:)``).
func appendGroupedNumber(_ n: Int, to out: inout String) {
    appendDecimal(n, grouped: true, to: &out)
}

/// Appends `n` in decimal to `out`, with a comma every three digits when `grouped`, digit by digit
/// (no allocation when `out` has the room).
func appendDecimal(_ n: Int, grouped: Bool, to out: inout String) {
    if n < 0 { out.append("-") }
    let magnitude = n.magnitude
    var divisor: UInt = 1, digits = 1
    while magnitude / divisor >= 10 {
        divisor *= 10
        digits += 1
    }
    var rest = magnitude
    for i in 0..<digits {
        if grouped && i > 0 && (digits - i) % 3 == 0 { out.append(",") }
        out.append(Character(Unicode.Scalar(UInt8(48 + rest / divisor))))
        rest %= divisor
        divisor /= 10
    }
}

/// An empty string with room for `capacity` UTF-8 bytes: a buffer for ``replaceContents(of:with:)``
/// that never grows (growing would allocate in the frame whose text first gets longer).
func reservedBuffer(_ capacity: Int = 64) -> String {
    var buffer = ""
    buffer.reserveCapacity(capacity)
    return buffer
}

/// Empties `text` keeping its storage, then lets `write` append the new contents: a label that is
/// formatted again while the scene runs (a status line) reuses its buffer instead of allocating one
/// each time. (A copy still held elsewhere, such as a text cache's key, makes this one copy.)
func replaceContents(of text: inout String, with write: (inout String) -> Void) {
    text.removeAll(keepingCapacity: true)
    write(&text)
}
