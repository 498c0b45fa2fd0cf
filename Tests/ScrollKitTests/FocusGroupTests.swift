// The focus engine: FocusFinder's beam rule and weighted distance (against the rule worked by hand), focus groups
// that remember their last item across a move away and back (and forget when told), wrap and stop edges, exits,
// and a modal's trap still holding.

import Motion
import ScrollKit
import Testing

@MainActor @Suite(.serialized) struct FocusGroupTests {
    // MARK: FocusFinder

    @Test("a candidate in the beam beats a nearer one outside it, left and right always")
    func beamWinsSideways() {
        let source = Rect(x: 400, y: 100, width: 100, height: 100)
        let inBeam = Rect(x: 100, y: 150, width: 100, height: 100)      // 200 pt away, overlapping the beam
        let nearOut = Rect(x: 280, y: 220, width: 100, height: 100)     // 20 pt away, below the beam
        #expect(FocusFinder.beamsOverlap(source, inBeam, .left) && !FocusFinder.beamsOverlap(source, nearOut, .left))
        #expect(FocusFinder.isBetter(inBeam, than: nearOut, from: source, .left))
        #expect(!FocusFinder.isBetter(nearOut, than: inBeam, from: source, .left))
        #expect(FocusFinder.ranked([nearOut, inBeam], from: source, .left) == [1, 0])
    }

    @Test("up and down: one outside the beam wins when it is nearer than the beam candidate's far edge")
    func beamLosesVertically() {
        let source = Rect(x: 100, y: 400, width: 100, height: 50)
        let farInBeam = Rect(x: 120, y: 100, width: 60, height: 50)     // gap 250
        let nearOut = Rect(x: 260, y: 330, width: 60, height: 50)       // gap 20, far edge 70
        #expect(FocusFinder.majorAxisDistance(source, farInBeam, .up) == 250)
        #expect(FocusFinder.majorAxisDistanceToFarEdge(source, nearOut, .up) == 70)
        // 250 is not less than 70: the beam does not win; the weighted distance decides.
        let wBeam = 13.0 * 250 * 250 + 0
        let wOut = 13.0 * 20 * 20 + (290.0 - 150.0) * (290.0 - 150.0)
        #expect(FocusFinder.weightedDistance(source, farInBeam, .up) == wBeam)
        #expect(FocusFinder.weightedDistance(source, nearOut, .up) == wOut)
        #expect(FocusFinder.isBetter(nearOut, than: farInBeam, from: source, .up) == (wOut < wBeam))
    }

    @Test("things behind the move are not candidates; next and previous have none")
    func candidates() {
        let source = Rect(x: 100, y: 100, width: 100, height: 100)
        #expect(!FocusFinder.isCandidate(source, Rect(x: 300, y: 100, width: 50, height: 50), .left))
        #expect(FocusFinder.isCandidate(source, Rect(x: 300, y: 100, width: 50, height: 50), .right))
        #expect(!FocusFinder.isCandidate(source, source, .down))
        #expect(FocusFinder.ranked([source], from: source, .next).isEmpty)
    }

    @Test("the router's D-pad follows the beam: Right goes to the button level with it, not the nearer one below")
    func routerUsesBeam() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 800, height: 400))
        func button(_ x: Double, _ y: Double) -> PushButton {
            let b = PushButton(title: "B", frame: Rect(x: x, y: y, width: 80, height: 40))
            b.isFocusable = true
            root.addSubview(b)
            return b
        }
        let start = button(20, 20), level = button(500, 24), below = button(140, 80)
        #expect(start.becomeFocused())
        root.handle(.key(.right, time: 0))
        // The old rule (gap + 2 × offset) chose `below` (120 + 2·60 = 240 < 480 + 2·4); the beam chooses `level`.
        #expect(root.focusedView === level)
        _ = below
    }

    // MARK: Groups

    /// Two stacked rows of ten 100-pt items, each row its own list with a focus group; the lower row is shifted
    /// by half an item so that spatial nearness and memory disagree.
    private func rows() -> (root: ViewNode, top: ListView, bottom: ListView) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 1000, height: 300))
        let top = ListView(frame: Rect(x: 0, y: 0, width: 1000, height: 120), axis: .horizontal, dataSource: NumberedCells(count: 10))
        let bottom = ListView(frame: Rect(x: 50, y: 150, width: 950, height: 120), axis: .horizontal, dataSource: NumberedCells(count: 10))
        for l in [top, bottom] {
            l.itemsAreFocusable = true
            l.focusGroup = FocusGroup(kind: .row)
            root.addSubview(l)
        }
        root.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        return (root, top, bottom)
    }

    @Test("down then up comes back to the remembered item, not the one spatially nearest")
    func memory() {
        let (root, top, bottom) = rows()
        top.focusItem(3)
        root.handle(.key(.down, time: 0))
        let entered = bottom.focusedItem
        #expect(entered != nil)
        root.handle(.key(.right, time: 0))
        root.handle(.key(.right, time: 0))
        #expect(bottom.focusedItem == entered.map { $0 + 2 })
        root.handle(.key(.up, time: 0))
        #expect(top.focusedItem == 3)
        #expect(top.focusGroup?.lastItem == 3)
        // And down again: the lower row's memory.
        root.handle(.key(.down, time: 0))
        #expect(bottom.focusedItem == entered.map { $0 + 2 })
    }

    @Test("a group that does not remember (or forgot) is entered by the spatial rule")
    func noMemory() {
        let (root, top, bottom) = rows()
        top.focusGroup?.remembersFocus = false
        top.focusItem(3)
        root.handle(.key(.down, time: 0))
        root.handle(.key(.right, time: 0))
        root.handle(.key(.right, time: 0))
        let below = bottom.focusedItem ?? -1
        root.handle(.key(.up, time: 0))
        // Spatially: the top item whose centre is nearest the lower item's (the lower row is 50 pt to the right).
        let centre = 50 + Double(below) * 100 + 50
        let nearest = (0..<10).min { abs(Double($0) * 100 + 50 - centre) < abs(Double($1) * 100 + 50 - centre) }
        #expect(top.focusedItem != 3)
        #expect(top.focusedItem == nearest)
        bottom.focusGroup?.forget()
        #expect(bottom.focusGroup?.lastItem == nil)
    }

    @Test("wrap: Right past the last item goes to the first; stop: Left at the first stays")
    func edges() {
        let (root, top, _) = rows()
        top.focusGroup?.edges = [.right: .wrap, .left: .stop]
        top.focusItem(9)
        root.handle(.key(.right, time: 0))
        #expect(top.focusedItem == 0)
        root.handle(.key(.left, time: 0))
        #expect(top.focusedItem == 0)
    }

    @Test("an exit names where a move out of the group goes")
    func exits() {
        let (root, top, _) = rows()
        let far = PushButton(title: "Far", frame: Rect(x: 900, y: 280, width: 80, height: 20))
        far.isFocusable = true
        root.addSubview(far)
        top.focusGroup?.exit = { move in move == .down ? far : nil }
        top.focusItem(0)
        root.handle(.key(.down, time: 0))
        #expect(root.focusedView === far)
    }

    @Test("a modal still traps focus: a direction stops at its edge, Tab wraps inside it")
    func modalTrap() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 800, height: 400))
        let outside = PushButton(title: "Out", frame: Rect(x: 20, y: 20, width: 80, height: 40))
        outside.isFocusable = true
        root.addSubview(outside)
        let modal = ViewNode(frame: Rect(x: 200, y: 100, width: 400, height: 200))
        modal.confinesFocus = true
        modal.focusGroup = FocusGroup(kind: .panel)
        let a = PushButton(title: "A", frame: Rect(x: 20, y: 20, width: 80, height: 40))
        let b = PushButton(title: "B", frame: Rect(x: 200, y: 20, width: 80, height: 40))
        for v in [a, b] { v.isFocusable = true; modal.addSubview(v) }
        root.addSubview(modal)
        #expect(a.becomeFocused())
        root.handle(.key(.left, time: 0))
        #expect(root.focusedView === a)
        root.handle(.key(.tab, time: 0))
        root.handle(.key(.tab, time: 0))
        #expect(root.focusedView === a)
        root.handle(.gamepad(.dpadLeft, pressed: true, time: 0))
        #expect(root.focusedView === a)
    }
}
