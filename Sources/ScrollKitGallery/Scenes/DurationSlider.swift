// DurationSlider: the curves scene's logarithmic duration slider, a PointerTracking view with a knob and its value.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollKit

/// The curves scene's duration slider: a thin track with a white knob and the value over it, on a
/// logarithmic scale of ``range``, to 0.01.
///
/// A view that follows the pointer itself (`PointerTracking`): a press anywhere on it (the track and 12
/// points either side, the row's height) moves the knob there, a drag moves it along, and the release
/// reports the final value (``onChange`` with `done` true). The tree's router gives it the whole gesture,
/// so no scroll view around it scrolls meanwhile. It takes focus (Tab); focused, the arrows step it.
@MainActor
final class DurationSlider: ViewNode, PointerTracking {
    /// The values the track spans, low to high (a logarithmic scale: both ends positive).
    var range: ClosedRange<Double> = 0.05...4.0
    /// The value the knob shows (set it from outside; a drag reports through ``onChange``).
    var value = 0.25
    /// The text over the knob (the value, formatted by the owner).
    var label = ""
    /// Called with the value under the pointer as it moves, and once more with `done` true on release.
    var onChange: (@MainActor (Double, _ done: Bool) -> Void)?

    /// Called with −1 or +1 when ← or → is pressed while the slider has focus (the owner steps its value).
    var onStep: (@MainActor (Int) -> Void)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isFocusable = true
        accessibilityRole = .slider
    }

    /// Focused: ← → step the value down and up (``onStep``).
    override func handleFocusedKey(_ key: Key) -> Bool {
        switch key {
        case .left, .down: onStep?(-1)
        case .right, .up: onStep?(1)
        default: return false
        }
        return true
    }

    /// Points of press target either side of the track.
    static let margin = 12.0

    /// The track, in the superview's coordinates.
    var track: Rect {
        Rect(x: frame.minX + Self.margin, y: frame.midY - 2, width: max(0, frame.width - 2 * Self.margin), height: 4)
    }

    /// The value at `x` (the slider's own coordinates), rounded to 0.01.
    func value(atX x: Double) -> Double {
        let width = track.width
        let f = width > 0 ? min(max((x - Self.margin) / width, 0), 1) : 0
        let lo = range.lowerBound, hi = range.upperBound
        return (lo * pow(hi / lo, f) * 100).rounded() / 100
    }

    /// Where the knob sits for `value` (the slider's own coordinates).
    func x(for value: Double) -> Double {
        let lo = range.lowerBound, hi = range.upperBound
        let f = log(min(max(value, lo), hi) / lo) / log(hi / lo)
        return Self.margin + f * track.width
    }

    // MARK: PointerTracking

    func beginTracking(at point: Point) -> Bool {
        onChange?(value(atX: point.x), false)
        return true
    }

    func continueTracking(at point: Point) {
        onChange?(value(atX: point.x), false)
    }

    func endTracking(at point: Point) {
        onChange?(value(atX: point.x), true)
    }

    func cancelTracking() {}

    // MARK: Drawing

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let track = Rect(x: frame.minX + Self.margin, y: frame.midY - 2, width: max(0, frame.width - 2 * Self.margin), height: 4)
        guard track.width > 20 else { return }
        let knobX = frame.minX + x(for: value)
        canvas.fillRoundedRect(track, radius: 2, color: galleryColors.fill)
        canvas.fillRoundedRect(Rect(x: track.minX, y: track.minY, width: max(0, knobX - track.minX), height: 4),
                               radius: 2, color: GalleryTheme.accent)
        let knob = Point(x: knobX, y: track.midY)
        canvas.fillCircle(center: Point(x: knob.x, y: knob.y + 1), radius: 12, color: RGBAColor(r: 0, g: 0, b: 0, a: 40))
        canvas.fillCircle(center: knob, radius: 11.5, color: galleryColors.controlBorder)
        canvas.fillCircle(center: knob, radius: 10.5, color: galleryColors.knob)
        canvas.drawText(label, in: Rect(x: knobX - 30, y: frame.minY - 20, width: 60, height: 18),
                        style: TextStyle(size: 12, weight: .bold, color: GalleryTheme.accent, maximumScale: TextScale.controlMaximum), alignment: .center)
    }
}
