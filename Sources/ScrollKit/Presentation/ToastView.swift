// Toast and ToastView: a short message at the bottom of the window for a few seconds, with an optional action
// (Android's snackbar), announced to a screen reader; timed by the frame clock.

import Motion

/// A passing message: shown by ``ViewNode/showToast(_:animated:)`` at the bottom of the window for ``duration`` seconds.
///
/// ```swift
/// list.showToast(Toast("Message deleted", action: ToastAction("Undo") { mailbox.restore() }))
/// ```
public struct Toast: Sendable {
    /// The message.
    public var message: String
    /// A button beside the message, if any.
    public var action: ToastAction?
    /// Seconds it shows (4 by default, 10 with an action so there is time to reach it; at least 1).
    public var duration: Double

    /// A toast saying `message`.
    public init(_ message: String, action: ToastAction? = nil, duration: Double? = nil) {
        self.message = message
        self.action = action
        let d = duration ?? (action == nil ? 4 : 10)
        self.duration = d.isFinite ? max(1, d) : 4
    }
}

/// The button of a ``Toast``.
public struct ToastAction: Sendable {
    public var title: String
    public var handler: (@MainActor @Sendable () -> Void)?
    public init(_ title: String, handler: (@MainActor @Sendable () -> Void)? = nil) {
        self.title = title
        self.handler = handler
    }
}

/// The view of a shown ``Toast``: a dark rounded bar at the bottom of the window, over everything but not modal
/// (presses elsewhere go on to the window beneath; focus stays where it is). An AT-SPI `notification` named by
/// its message: it is announced as it shows. A new toast replaces the one showing. It leaves when its time is up
/// (on the frame clock: a headless run is deterministic), when its action is chosen, or by
/// ``PresentationView/dismiss(animated:)``.
public final class ToastView: PresentationView {
    /// What it shows.
    public let toast: Toast
    var button: PresentationButton?
    private var shownAt: Double?
    private var text = CachedText()
    static let height = 48.0, margin = 16.0

    /// The view of `toast`.
    public init(_ toast: Toast) {
        self.toast = toast
        super.init(kind: .toast)
        accessibilityRole = .notification
        accessibilityLabel = toast.message
        if let action = toast.action {
            let b = PresentationButton(title: action.title, role: .cancel)
            b.titleSize = 15
            b.onActivate = { [weak self] _ in
                guard let self, !self.isDismissing else { return }
                self.dismiss(animated: true)
                action.handler?()
            }
            button = b
            addSubview(b)
        }
    }

    public override var isModal: Bool { false }
    public override var dismissesOnOutsideTap: Bool { false }

    public override func update(_ tick: FrameTick) {
        guard tick.targetTimestamp.isFinite else { return }
        if shownAt == nil { shownAt = tick.targetTimestamp }
        if !isDismissing, let s = shownAt, tick.targetTimestamp - s >= toast.duration { dismiss(animated: true) }
    }

    /// It needs frames while it counts down.
    public override var isAnimating: Bool { !isDismissing || super.isAnimating }

    public override func place(in bounds: Rect) {
        let m = Self.margin
        let w = min(560, max(0, bounds.width - 2 * m))
        let drop = movesWhileAppearing ? (1 - opacity) * (Self.height + m) : 0
        frame = Rect(x: ((bounds.width - w) / 2).rounded(), y: (bounds.height - m - Self.height + drop).rounded(),
                     width: w, height: Self.height)
        if let b = button {
            let bw = min(w / 2, TextLayout(b.title, style: TextStyle(size: 15, weight: .bold), width: .infinity,
                                           measurer: TextMeasurerDefault.shared).size.width + 32)
            b.frame = Rect(x: isRightToLeft ? 4 : w - bw - 4, y: 4, width: bw, height: Self.height - 8)
            b.corner = 8
        }
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let dark = effectiveTheme.isDark
        // Inverted against the theme, as Android's snackbar: a light bar over dark content.
        let face = dark ? RGBAColor(r: 230, g: 230, b: 235, a: 255) : RGBAColor(r: 44, g: 44, b: 48, a: 255)
        let ink = dark ? RGBAColor(r: 20, g: 20, b: 22, a: 255) : RGBAColor(r: 245, g: 245, b: 247, a: 255)
        let o = opacity
        drawSoftShadow(under: frame, radius: 10, strength: 1.2 * o, in: canvas)
        canvas.fillRoundedRect(frame, radius: 10, color: face.faded(o))
        let bw = button?.frame.width ?? 0
        let textRect = Rect(x: frame.minX + (isRightToLeft ? bw + 8 : 16), y: frame.minY,
                            width: max(0, frame.width - bw - 24), height: frame.height)
        canvas.drawText(toast.message, in: textRect, style: TextStyle(size: 15, color: ink.faded(o)), alignment: .leading)
    }
}

extension ViewNode {
    /// Shows `toast` at the bottom of this view's window (see ``ToastView``), replacing a toast showing. Returns
    /// its view.
    @discardableResult
    public func showToast(_ toast: Toast, animated: Bool = true) -> ToastView {
        for p in presentedViews where p.kind == .toast { p.dismiss(animated: animated) }
        return present(presentation: ToastView(toast), animated: animated)
    }
}
