// A list's row parts (swipe actions and reorder), each owning its state, and the two views they add to the list's content: the swipe actions behind a row and a lifted row's shadow.

import Motion

/// A list's swipe actions, a part the list owns (``ListView/swipePart``): the row swiped open or being swiped,
/// its offset as an interactive position, the actions behind it and the keyboard's choice among them. At rest
/// (no row) it holds `nil`s, and the list's per-frame hook returns at once.
final class SwipeActionsPart {
    /// The row swiped open or being swiped, if any.
    var item: Int?
    /// Its horizontal offset, in points (negative: the trailing actions show), as an interactive position:
    /// held and dragged by the finger, settling on open or closed after a release, moved by a close or a key.
    var offset = InteractivePosition(0, physics: .swipe)
    var leadingActions: [SwipeAction] = []
    var trailingActions: [SwipeAction] = []
    /// The action a full swipe or a tap on a button runs once the settle ends, and its item.
    var pendingAction: (action: SwipeAction, item: Int)?
    var actionsView: SwipeActionsView?
    /// The revealed button the keyboard has chosen (an index into the showing side's actions), if the row was
    /// opened by a key.
    var keyboardAction: Int?
    /// The side the keyboard opened: the sign of the row's offset once open (-1 moved left, 1 right), 0: none.
    var keyboardSide = 0.0
    var fullSwipeFraction = 0.55
    /// The list's offset when the swipe began: a scroll away from it closes the row.
    var anchorOffset = 0.0
}

/// A list's reorder, a part the list owns (``ListView/reorderPart``): whether rows lift, the lifted row and
/// where it would drop, the finger, the other rows' shifts and the lift's shadow.
final class ReorderPart {
    var isEnabled = false
    /// The lifted row, if any, and (while there is one) the place it would drop at.
    var item: Int?
    var target = 0
    /// The finger in the list's coordinates, and the lifted cell's grab point (finger − cell origin, content).
    var finger = Point.zero
    var grab = Point.zero
    /// The host time up to which the edge auto-scroll has been applied.
    var autoScrollTime = 0.0
    /// The other rows' displacements while a row is lifted, by item (each animated to its new value).
    var shifts: [Int: (x: Animated<TimedSimulation>, y: Animated<TimedSimulation>)] = [:]
    var lift: Animated<TimedSimulation>?
    var shadowView: LiftShadowView?
}

/// The buttons behind a swiped row: drawn under the row's cell (which moves aside), filling the revealed
/// width, each button's share growing as the row is pulled further; past a full swipe the first one fills it.
final class SwipeActionsView: ViewNode {
    var actions: [SwipeAction] = [] { didSet { setNeedsDisplay() } }
    /// The row's offset (negative: trailing actions at the right edge).
    @DrawingInput var offset: Double = 0
    @DrawingInput var expanded = false
    /// The button the keyboard has chosen (ringed), if any.
    @DrawingInput var keyboardIndex: Int? = nil
    static let titleStyle = TextStyle(size: 15, weight: .bold, color: .white, maximumScale: TextScale.controlMaximum)

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        guard !actions.isEmpty, offset != 0 else { return }
        let width = min(abs(offset), f.width)
        let trailing = offset < 0
        let area = Rect(x: trailing ? f.maxX - width : f.minX, y: f.minY, width: width, height: f.height)
        if expanded {
            canvas.fill(area, color: actions[0].color)
            // The title rides at the row's edge, as the finger pulls it across (iOS).
            let label = Rect(x: trailing ? area.minX : area.maxX - 96, y: area.minY, width: 96, height: area.height)
            canvas.drawText(actions[0].title, in: label, style: Self.titleStyle, alignment: .center)
            return
        }
        let share = width / Double(actions.count)
        // The first action is outermost (at the row's edge), as UIKit lays them.
        for (k, action) in actions.enumerated() {
            let x = trailing ? area.maxX - share * Double(k + 1) : area.minX + share * Double(k)
            let button = Rect(x: x, y: area.minY, width: share + 0.5, height: area.height)
            canvas.fill(button, color: action.color)
            if share > 24 { canvas.drawText(action.title, in: button, style: Self.titleStyle, alignment: .center) }
            if k == keyboardIndex, share > 12 {
                // The keyboard's choice: a white ring inside the button (the focus ring's width).
                canvas.strokeRect(button.insetBy(dx: 4, dy: 4), color: .white, width: effectiveTheme.focusRing.width)
            }
        }
    }

    /// The action under `x` (the view's own coordinates), if it is in the revealed area.
    func action(atX x: Double) -> Int? {
        let w = storedFrame.width, width = min(abs(offset), w)
        guard !actions.isEmpty, width > 0 else { return nil }
        let share = width / Double(actions.count)
        let d = offset < 0 ? w - x : x
        guard d >= 0, d < width else { return nil }
        return min(actions.count - 1, Int(d / share))
    }
}

/// The soft shadow under a lifted row: a few translucent rounded rectangles growing outwards.
final class LiftShadowView: ViewNode {
    /// 0 (resting) to 1 (fully lifted).
    @DrawingInput var amount: Double = 0

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        guard amount > 0 else { return }
        let inner = f.insetBy(dx: 12, dy: 12).offsetBy(dx: 0, dy: 4 * amount)
        for k in 0..<6 {
            let grow = Double(k) * 2.0
            let alpha = UInt8(max(0, min(255, (10 - Double(k) * 1.4) * amount)))
            canvas.fillRoundedRect(inner.insetBy(dx: -grow, dy: -grow), radius: 8 + grow,
                                   color: RGBAColor(r: 0, g: 0, b: 0, a: alpha))
        }
    }
}
