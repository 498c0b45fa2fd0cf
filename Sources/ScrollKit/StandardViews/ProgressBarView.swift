// ProgressBarView: a determinate bar (a fraction done) or, with no fraction, an indeterminate spinner turning with
// each frame's target timestamp, which asks for no frames and does no work while it is hidden.

import Foundation
import Motion

/// A progress view: a bar filled from its leading edge by ``progress`` (0 … 1), or, when ``progress`` is `nil`, a
/// spinner of twelve spokes turning once a second (``spinnerPeriod``). The spinner is an ambient animation
/// (``ViewNode/hasAmbientAnimation``): it is sampled at each frame's `targetTimestamp`, and a hidden spinner (or
/// one in a hidden subtree) asks for no frames and computes nothing. Accessible as a slider (AT-SPI Value, read
/// only) from 0 to 1, or named "In progress" while indeterminate.
public final class ProgressBarView: ViewNode {
    /// The bar's height and the spinner's side, in points.
    public static let barHeight = 6.0
    public static let spinnerSide = 24.0
    /// Seconds for one turn of the spinner.
    public static let spinnerPeriod = 1.0

    /// The colours, in one place: the theme's (``Look/init(colors:)``) until the app sets ``look``.
    public struct Look: Sendable, Hashable {
        public var fill = RGBAColor(hex: 0x0A84FF)
        public var track = RGBAColor(hex: 0xE5E5EA)
        public var spoke = RGBAColor(hex: 0x8E8E93)
        public init() {}
        /// The look a theme's tokens give.
        public init(colors c: ThemeColors) {
            fill = c.tint; track = c.fill; spoke = c.secondaryLabel
        }
    }
    /// The colours drawn with: the theme's until set (then pinned).
    public var look: Look {
        get { explicitLook ?? Look(colors: effectiveTheme.colors) }
        set { explicitLook = newValue; setNeedsDisplay() }
    }
    private var explicitLook: Look?

    /// The fraction done (clamped to 0 … 1; NaN counts as 0), or `nil` for the spinner.
    public var progress: Double? {
        get { storedProgress }
        set {
            let clamped = newValue.map { $0.isFinite ? min(max($0, 0), 1) : ($0 == .infinity ? 1 : 0) }
            guard clamped != storedProgress else { return }
            if (clamped == nil) != (storedProgress == nil) { setNeedsLayout() }
            storedProgress = clamped
            drawingInputChanged()
        }
    }
    private var storedProgress: Double?
    /// The spinner's turn, 0 … 1 (the spoke drawn brightest), as of the last frame it was shown in.
    public private(set) var phase = 0.0

    public init(progress: Double? = 0) {
        super.init()
        self.progress = progress
        isUserInteractionEnabled = false
    }

    /// Whether the view and every view above it are shown.
    private var isShownInTree: Bool {
        var view: ViewNode? = self
        while let v = view {
            if v.isHidden { return false }
            view = v.superview
        }
        return true
    }

    public override var hasAmbientAnimation: Bool { progress == nil && isShownInTree }

    public override func update(_ tick: FrameTick) {
        guard progress == nil, !isHidden, tick.targetTimestamp.isFinite else { return }
        let turns = tick.targetTimestamp / Self.spinnerPeriod
        let newPhase = ((turns - turns.rounded(.down)) * 12).rounded(.down) / 12
        if newPhase != phase { phase = newPhase; drawingInputChanged() }
    }

    /// The bar: the offered width (160 offered nothing) by ``barHeight``; the spinner: ``spinnerSide`` square.
    public override func sizeThatFits(_ proposal: SizeProposal) -> Size {
        if progress == nil { return Size(width: Self.spinnerSide, height: Self.spinnerSide) }
        let width = proposal.width.map { $0.isFinite ? $0 : 160 } ?? 160
        return Size(width: width, height: Self.barHeight)
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard let progress else { return drawSpinner(in: canvas, frame: frame) }
        let r = frame.height / 2
        canvas.fillRoundedRect(frame, radius: r, color: look.track)
        let filled = frame.width * progress
        guard filled > 0 else { return }
        let x = isRightToLeft ? frame.maxX - filled : frame.minX
        canvas.fillRoundedRect(Rect(x: x, y: frame.minY, width: filled, height: frame.height), radius: r, color: look.fill)
    }

    private func drawSpinner(in canvas: any DrawingCanvas, frame: Rect) {
        let side = min(frame.width, frame.height)
        guard side > 4 else { return }
        let c = Point(x: frame.midX, y: frame.midY)
        let lead = Int((phase * 12).rounded())
        for i in 0..<12 {
            let angle = Double(i) / 12 * 2 * Double.pi
            let age = Double((lead - i + 12) % 12)
            let d = side * 0.36
            canvas.fillCircle(center: Point(x: c.x + d * sin(angle), y: c.y - d * cos(angle)), radius: max(1, side * 0.07),
                              color: look.spoke.withAlpha(1 - age / 13))
        }
    }
}

extension ProgressBarView: AccessibilityDescribing {
    public func describeAccessibility(_ node: inout AccessibleNode) {
        node.role = .slider
        if let progress {
            node.range = AccessibleRange(current: progress, minimum: 0, maximum: 1, step: 0)
            node.value = "\(Int((progress * 100).rounded())) %"
        } else {
            node.value = "In progress"
        }
    }
}
