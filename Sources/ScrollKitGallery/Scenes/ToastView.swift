// ToastView: a dark rounded message at the bottom that fades in, holds and fades out (a FadeEnvelope sampled
// through Animated), for a moment's information such as a contact's phone number.

import Motion
import ScrollKit

/// A toast: ``show(_:)`` fades a message in at the bottom of its frame, holds it and fades it out over
/// ``duration`` seconds, an `Animated` ``FadeEnvelope`` sampled at each frame's `targetTimestamp`. A new
/// message restarts it. It takes no presses.
@MainActor
final class ToastView: ViewNode {
    static let duration = 2.2
    private(set) var message = ""
    private(set) var opacity = 0.0
    private var fade: Animated<FadeEnvelope>?

    /// Shows `message` from the next frame on.
    func show(_ message: String) {
        self.message = message
        fade = Animated(FadeEnvelope(duration: Self.duration, fadeIn: 0.12, fadeOut: 0.35), rest: 0)
    }

    override func update(_ tick: FrameTick) {
        guard var f = fade else { return }
        opacity = f.sample(tick)
        fade = f.needsFrames ? f : nil
    }

    override var isAnimating: Bool { fade != nil || super.isAnimating }
    override func hitTest(_ point: Point) -> ViewNode? { nil }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let a = min(max(opacity, 0), 1)
        guard a > 0.001, !message.isEmpty, frame.width > 0 else { return }
        let style = TextStyle(size: 15, weight: .bold, color: RGBAColor.white.withAlpha(a))
        let w = min(frame.width, canvas.measureText(message, style: style).width + 40)
        let rect = Rect(x: frame.minX + (frame.width - w) / 2, y: frame.minY, width: w, height: frame.height)
        canvas.fillRoundedRect(rect, radius: frame.height / 2, color: RGBAColor(hex: 0x2C2F38).withAlpha(0.94 * a))
        canvas.drawText(message, in: rect, style: style, alignment: .center)
    }
}
