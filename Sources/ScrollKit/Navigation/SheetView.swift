// SheetView and SheetDetent: a sheet that rises over a NavigationStackView and rests at detents — its position,
// its springs, the drag between detents and the release that picks a detent (or dismisses) by the projected
// position. The hand-over to a list inside it is the router's (InputRouter+Navigation.swift).

import Motion

/// A height a sheet rests at, as UIKit's `UISheetPresentationController.Detent`.
public struct SheetDetent: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case medium, large, height(Double) }
    let kind: Kind

    /// Half the container's height.
    public static let medium = SheetDetent(kind: .medium)
    /// The container's height less ``SheetView/largeTopMargin``.
    public static let large = SheetDetent(kind: .large)
    /// A custom height in points (kept within the large detent; non-finite or negative: 0).
    public static func height(_ points: Double) -> SheetDetent { SheetDetent(kind: .height(points)) }

    /// The sheet's height at this detent in a container `containerHeight` points tall.
    public func height(inContainer containerHeight: Double) -> Double {
        let h = containerHeight.isFinite ? max(0, containerHeight) : 0
        let large = max(0, h - SheetView.largeTopMargin)
        switch kind {
        case .medium: return min(large, (h / 2).rounded())
        case .large: return large
        case .height(let p): return min(large, p.isFinite ? max(0, p) : 0)
        }
    }
}

/// A sheet presented by a ``NavigationStackView`` (``NavigationStackView/present(sheet:detents:animated:)``):
/// rounded top corners and a grabber over its ``contentView``, resting at one of its ``detents``.
///
/// It rises on a spring to its smallest detent. A drag moves it 1:1 (rubber-banded above the largest detent); on
/// release it settles, with the release velocity, on the detent nearest the position the velocity projects it to
/// (the iOS rule, ``NavigationStackView/projectedPosition(_:velocity:)``) — or off the bottom, dismissed, when that
/// is nearest. A list in the content hands the drag over to and from the sheet within one gesture: see
/// ``NavigationStackView``'s notes. A touch catches a settling sheet where it is shown.
@MainActor
public final class SheetView: ViewNode {
    /// The space a large sheet leaves above it, points.
    nonisolated public static let largeTopMargin = 12.0
    /// The grabber's band at the top of the sheet, points (the content starts below it).
    public static let grabberBand = 16.0
    /// The spring the sheet rises, settles and leaves on.
    public static let spring = PositionPhysics.sheet.spring

    /// What the sheet shows, below the grabber.
    public let contentView: ViewNode
    /// Where it rests (sorted smallest first; never empty: `.large` when none was given).
    public let detents: [SheetDetent]
    /// The sheet's top edge, in its stack's coordinates, as shown.
    public internal(set) var top: Double {
        get { position.value }
        set { position.jump(to: newValue) }
    }
    /// The scroll view inside the content that hands the drag over (the content itself, or a list's).
    public let scrollView: ScrollingView?
    weak var stack: NavigationStackView?
    /// The top as an interactive position: held and dragged by a finger, settling on a detent after a release
    /// (ballistic), rising or leaving by code (driven).
    var position = InteractivePosition(0, physics: .sheet)
    /// The motion in progress (a settle, a rise, a leave), if any.
    var motion: Animated<PositionSimulation>? { position.motion }
    /// The top a finger put it at, before the rubber band above the largest detent; nil when no finger holds it.
    var heldTop: Double? { position.isHeld ? position.raw : nil }
    /// Where the spring in progress takes it leaves it dismissed.
    var leaving = false

    init(content: ViewNode, detents: [SheetDetent], containerHeight: Double) {
        contentView = content
        let given = detents.isEmpty ? [SheetDetent.large] : detents
        self.detents = given.sorted { $0.height(inContainer: containerHeight) < $1.height(inContainer: containerHeight) }
        if let list = content as? ListView { scrollView = list.scrollView } else { scrollView = content as? ScrollingView }
        super.init(frame: .zero)
        confinesFocus = true      // a modal: Tab goes round its controls, never to the screen beneath
        addSubview(content)
    }

    /// The container's height (the stack's).
    var containerHeight: Double { stack?.frame.height ?? 0 }
    /// The tops of the detents, highest (smallest value: the largest detent) first.
    func detentTops() -> [Double] {
        let h = containerHeight
        return detents.map { h - $0.height(inContainer: h) }.sorted()
    }
    /// The top at the largest detent, and at the smallest.
    var highestTop: Double { detentTops().first ?? containerHeight }
    var lowestTop: Double { detentTops().last ?? containerHeight }
    /// Whether the sheet rests at (or above) its largest detent.
    public var isAtLargestDetent: Bool { top <= highestTop + 0.5 }

    public override var isOpaque: Bool { false }

    /// A sheet (while it has not begun to leave).
    public override var presentationKind: PresentationKind? { leaving ? nil : .sheet }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let colors = effectiveTheme.colors
        canvas.fillRoundedRect(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height + 20),
                               radius: 12, color: colors.elevatedBackground)
        canvas.fillRoundedRect(Rect(x: frame.midX - 18, y: frame.minY + 6, width: 36, height: 5), radius: 2.5,
                               color: colors.separator)
    }

    public override func layoutSubviews() {
        let h = containerHeight
        let tallest = detents.map { $0.height(inContainer: h) }.max() ?? h
        contentView.frame = Rect(x: 0, y: Self.grabberBand, width: frame.width, height: max(0, tallest - Self.grabberBand))
    }

    // MARK: Motion

    /// Settles on `target` from where it is shown, starting with `velocity` (points per second, down positive),
    /// at `time` (nil: the next frame). `role`: `.transition` for a presentation or dismissal by code (a
    /// cross-fade while motion is reduced), `.gesture` for the settle after a finger let go (never reduced).
    func settle(to target: Double, velocity: Double, time: Double?, role: MotionRole = .gesture) {
        leaving = target >= containerHeight - Precision.slack
        let pacing = motionPolicy.pacing(for: role)
        if role == .gesture {
            position.settle(to: target, velocity: velocity, time: time, pacing: pacing)
        } else {
            position.animate(to: target, velocity: velocity, time: time, pacing: pacing)
        }
    }

    /// A finger takes the sheet where it is shown.
    func hold() {
        leaving = false
        position.hold()
    }

    /// The finger put the sheet's top at `raw` (before the rubber band above the largest detent).
    func moveHeld(to raw: Double) {
        guard raw.isFinite else { return }
        let hi = highestTop, h = containerHeight
        position.drag(to: raw) { raw in raw >= hi ? min(raw, h) : hi - rubberBand(offset: hi - raw, dimension: max(1, h)) }
        stack?.layoutSheet()
    }

    /// The finger let go at `time` moving at `velocity` (down positive): it settles on the stop nearest the
    /// projected top, among the dismissed position (first, so a tie dismisses) and the detents.
    func release(velocity: Double, time: Double) {
        let h = containerHeight
        let target = position.release(velocity: velocity, time: time, stops: [h] + detentTops())
        leaving = target >= h - Precision.slack
    }

    public override func update(_ tick: FrameTick) {
        guard position.isMoving else { return }
        position.sample(tick)
        stack?.layoutSheet()
    }

    public override var isAnimating: Bool { motion != nil || super.isAnimating }

    /// A down on the sheet (the innermost presented one on the path): it is the gesture's sheet to drag, and a
    /// settling sheet is caught where it is shown.
    override func navigationDown(at p: Point, time: Double, _ nav: inout RouterNavState) -> Bool {
        guard nav.sheet == nil, stack != nil, !leaving else { return true }
        nav.sheet = self
        if motion != nil { hold(); nav.sheetCaught = true }
        return true
    }
}

/// The dimming behind a sheet: darker the higher the sheet; a tap on it dismisses the sheet.
final class SheetScrimView: ViewNode {
    weak var stack: NavigationStackView?
    private var alpha: UInt8 = 0
    // Its colour at full coverage is the theme's `scrim` (light: black at 0.3).

    override init(frame: Rect) {
        super.init(frame: frame)
        onActivate = { [weak self] _ in self?.stack?.dismissSheet(animated: true) }
    }

    convenience init() { self.init(frame: .zero) }

    func set(fraction: Double) {
        let f = min(max(fraction.isFinite ? fraction : 0, 0), 1)
        let a = UInt8((f * Double(effectiveTheme.colors.scrim.a)).rounded())
        guard a != alpha else { return }
        alpha = a
        setNeedsDisplay()
    }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        if alpha > 0 { canvas.fill(frame, color: effectiveTheme.colors.scrim.withAlphaValue(Double(alpha))) }
    }
}
