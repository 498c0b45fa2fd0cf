// IndexBubbleView: the large rounded bubble naming a section (the index letter pressed, or the section under a
// scrubbed scroll indicator's thumb), fading in and out through an Animated timed simulation.

import Motion

/// A bubble that shows a short text large (a section index letter, the section under a dragged scroll
/// thumb, as photo apps show a date), fading in when ``show(_:)`` is called and out after ``hide()``.
///
/// The fade is an `Animated` timed simulation sampled at each frame's `targetTimestamp` (``fadeDuration``);
/// ``opacity`` is what the frame shows. The owner places the bubble (its ``ViewNode/frame``). Hidden (fully
/// faded) it draws nothing and takes no press.
@MainActor
public final class IndexBubbleView: ViewNode {
    /// Seconds a fade in or out takes.
    public static let fadeDuration = 0.15
    /// The text shown (kept while fading out).
    public private(set) var text = ""
    /// The opacity the current frame shows, 0 (hidden) to 1.
    public private(set) var opacity = 0.0
    /// Whether the bubble is showing or fading in (not fading out or hidden).
    public private(set) var isShown = false
    /// The bubble's fill and the text's colour.
    public var fill = RGBAColor(r: 40, g: 40, b: 46, a: 225)
    public var textColor = RGBAColor.white
    /// The text size, in points (a long text is drawn smaller to fit).
    public var textSize = 40.0

    private var fade: Animated<TimedSimulation>?

    /// Shows `text` (fading in if hidden; a shown bubble changes its text at once).
    public func show(_ text: String) {
        self.text = text
        guard !isShown else { return }
        isShown = true
        fade = Animated(TimedSimulation(from: opacity, to: 1, duration: Self.fadeDuration, curve: .easeOutCubic), rest: 1)
    }

    /// Fades the bubble out.
    public func hide() {
        guard isShown else { return }
        isShown = false
        fade = Animated(TimedSimulation(from: opacity, to: 0, duration: Self.fadeDuration, curve: .easeInCubic), rest: 0)
    }

    public override func update(_ tick: FrameTick) {
        guard var f = fade else { return }
        opacity = f.sample(tick)
        fade = f.needsFrames ? f : nil
    }

    public override var isAnimating: Bool { fade != nil || super.isAnimating }

    public override func hitTest(_ point: Point) -> ViewNode? { nil }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let a = opacity.isFinite ? min(max(opacity, 0), 1) : 0
        guard a > 0.001, frame.width > 0, frame.height > 0, !text.isEmpty else { return }
        canvas.fillRoundedRect(frame, radius: min(frame.width, frame.height) * 0.22, color: fill.withAlpha(a))
        let scalars = text.unicodeScalars.count
        let size = scalars <= 2 ? textSize : max(14, textSize * 2.2 / Double(scalars))
        canvas.drawText(text, in: frame, style: TextStyle(size: size, weight: .bold, color: textColor.withAlpha(a), maximumScale: 1),
                        alignment: .center)
    }
}
