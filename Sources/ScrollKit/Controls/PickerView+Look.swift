/// How a ``PickerView``'s items scale and fade with their distance from the centre (the "wheel look").
///
/// Both fall linearly from 1 at the centre to their minimum at ``falloff`` item lengths away, and stay
/// there beyond it.
///
/// ```swift
/// picker.wheelLook = PickerWheelLook(minimumScale: 0.5, minimumOpacity: 0.25, falloff: 2.5)
/// PickerWheelLook.standard.scale(atDistance: 1)   // 0.8
/// ```
public struct PickerWheelLook: Sendable, Hashable {
    /// The scale of items ``falloff`` or more item lengths from the centre (0...1).
    public var minimumScale: Double
    /// The opacity of items ``falloff`` or more item lengths from the centre (0...1).
    public var minimumOpacity: Double
    /// How many item lengths from the centre the minimums are reached (> 0).
    public var falloff: Double

    /// A look; values are sanitised when used: minimums NaN → 1 (no effect) and clamped to 0...1,
    /// a falloff that is not positive and finite → 1.
    public init(minimumScale: Double = 0.6, minimumOpacity: Double = 0.3, falloff: Double = 2) {
        self.minimumScale = minimumScale
        self.minimumOpacity = minimumOpacity
        self.falloff = falloff
    }

    /// Scale 1 → 0.6 and opacity 1 → 0.3 over two items.
    public static let standard = PickerWheelLook()

    /// The scale at `distance` item lengths from the centre (either sign): 1 at 0, ``minimumScale`` at
    /// ``falloff`` and beyond. NaN counts as far away.
    public func scale(atDistance distance: Double) -> Double {
        interpolate(to: minimumScale, distance)
    }

    /// The opacity at `distance` item lengths from the centre: 1 at 0, ``minimumOpacity`` at
    /// ``falloff`` and beyond. NaN counts as far away.
    public func opacity(atDistance distance: Double) -> Double {
        interpolate(to: minimumOpacity, distance)
    }

    private func interpolate(to minimum: Double, _ distance: Double) -> Double {
        let floor = minimum.isNaN ? 1 : min(max(minimum, 0), 1)
        let reach = falloff.isFinite && falloff > 0 ? falloff : 1
        let t = distance.isNaN ? 1 : min(abs(distance) / reach, 1)
        return t >= 1 ? floor : 1 - (1 - floor) * t   // exactly the minimum at and beyond the falloff
    }
}

/// A ``ListCell`` that knows where it sits in a ``PickerView``: its distance from the centre and the
/// wheel look's scale and opacity for it, set by the picker just before each draw.
///
/// Subclass it and use ``wheelOpacity`` when drawing (the picker already scales the frame).
@MainActor
open class PickerCell: ListCell {
    /// The item's signed distance from the picker's centre, in item lengths (0 = centred).
    public internal(set) var distanceFromCenter: Double = 0
    /// The scale the picker drew this cell's frame at (1 without a wheel look).
    public internal(set) var wheelScale: Double = 1
    /// The opacity the wheel look asks for (1 without a wheel look); apply it to what you draw.
    public internal(set) var wheelOpacity: Double = 1
    /// Whether this item is the one nearest the centre.
    public internal(set) var isCentered = false

    public required init() { super.init() }
}

/// A ready-made picker cell: an image (such as an emoji) and/or a title, centred, faded by the wheel look.
///
/// With an image, the image fills the largest centred square that fits the frame less
/// ``padding`` and the title (if any) is not drawn; without one, the title is drawn centred.
@MainActor
open class PickerLabelCell: PickerCell {
    /// The image to show, or `nil` for a text-only cell.
    public var image: ImageRef?
    /// The text to show when there is no image.
    public var title: String = ""
    /// The title's style (its colour is faded by ``PickerCell/wheelOpacity``).
    public var titleStyle = TextStyle(size: 20, weight: .regular, color: RGBAColor(hex: 0x1C1C1E),
                                      maximumScale: TextScale.controlMaximum)
    /// The title's style on the centred item, or `nil` to use ``titleStyle``.
    public var centeredTitleStyle: TextStyle? = TextStyle(size: 20, weight: .bold, color: RGBAColor(hex: 0x1C1C1E),
                                                          maximumScale: TextScale.controlMaximum)
    /// The title's colour over the styles' own: the theme's `label` unless set; set it to `nil` to draw in
    /// ``titleStyle``'s and ``centeredTitleStyle``'s colours.
    @OptionalThemeColor(\.label) public var titleColor: RGBAColor?
    /// Space between the frame and the image, in points.
    public var padding: Double = 6

    public required init() { super.init() }

    open override func prepareForReuse() {
        image = nil
        title = ""
    }

    open override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard frame.width > 0, frame.height > 0 else { return }
        if let image {
            let inset = padding.isFinite ? max(0, padding) : 0
            let side = max(0, min(frame.width, frame.height) - 2 * inset)
            guard side > 0 else { return }
            canvas.drawImage(image, in: Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side),
                             opacity: wheelOpacity)
        } else if !title.isEmpty {
            var style = isCentered ? (centeredTitleStyle ?? titleStyle) : titleStyle
            style.color = (titleColor ?? style.color).withAlpha(wheelOpacity)
            canvas.drawText(title, in: frame, style: style, alignment: .center)
        }
    }
}
