// Right-to-left layouts (issue 29, item 6), views and cells: the effective direction's inheritance and what a
// change re-lays out, StandardCell, LabelCell and the ordered controls mirrored, checked against an independent
// model (the left-to-right geometry reflected: x' = width − x − w) and for LTR → RTL → LTR identity.

import Testing
@testable import ScrollKit

/// Reflection in the horizontal span `x ..< x + width`: the model every mirrored rectangle is checked against.
func reflected(_ r: Rect, in x: Double, _ width: Double) -> Rect {
    Rect(x: x + (width - (r.minX - x) - r.width), y: r.minY, width: r.width, height: r.height)
}

/// Equal within 1e-9 on every side.
func same(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9
        && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

/// A view that counts its layout passes.
final class CountingLayoutView: ViewNode {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

/// A small deterministic generator (xorshift), so the random cases are the same on every run.
struct SeededRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + Double(next() % 10_000) / 10_000 * (hi - lo) }
}

@Suite("Right to left: views and cells")
@MainActor
struct RightToLeftCellTests {
    // MARK: The effective direction

    @Test func inheritsDownTheTreeAndDefaultsToTheHosts() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let child = ViewNode(), grandchild = ViewNode()
        root.addSubview(child)
        child.addSubview(grandchild)
        #expect(grandchild.effectiveLayoutDirection == ViewNode.defaultLayoutDirection)
        root.layoutDirection = .rightToLeft
        #expect(child.layoutDirection == nil)
        #expect(child.effectiveLayoutDirection == .rightToLeft)
        #expect(grandchild.effectiveLayoutDirection == .rightToLeft)
        child.layoutDirection = .leftToRight   // a subtree that stays left to right (a phone number field)
        #expect(grandchild.effectiveLayoutDirection == .leftToRight)
        #expect(root.effectiveLayoutDirection == .rightToLeft)
        child.layoutDirection = nil
        #expect(grandchild.effectiveLayoutDirection == .rightToLeft)
        grandchild.removeFromSuperview()       // out of the tree: the default again
        #expect(grandchild.effectiveLayoutDirection == ViewNode.defaultLayoutDirection)
        let other = ViewNode()
        other.layoutDirection = .rightToLeft
        other.addSubview(grandchild)           // moved into another tree: that tree's direction
        #expect(grandchild.effectiveLayoutDirection == .rightToLeft)
    }

    @Test func theHostsDefaultAppliesToRootsThatSetNone() {
        let saved = ViewNode.defaultLayoutDirection
        defer { ViewNode.defaultLayoutDirection = saved }
        let root = ViewNode(), child = ViewNode()
        root.addSubview(child)
        ViewNode.defaultLayoutDirection = .rightToLeft
        #expect(child.effectiveLayoutDirection == .rightToLeft)
        root.layoutDirection = .leftToRight
        #expect(child.effectiveLayoutDirection == .leftToRight)
        ViewNode.defaultLayoutDirection = .leftToRight
        root.layoutDirection = nil
        #expect(child.effectiveLayoutDirection == .leftToRight)
    }

    @Test func aChangeRelaysOutAndRedrawsWhatInheritsIt() {
        let root = CountingLayoutView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let inherits = CountingLayoutView(), keepsItsOwn = CountingLayoutView()
        keepsItsOwn.layoutDirection = .leftToRight
        root.addSubview(inherits)
        root.addSubview(keepsItsOwn)
        let canvas = RecordingCanvas()
        root.draw(in: canvas)
        keepsItsOwn.layouts = 0
        let version = inherits.drawingVersion
        root.layoutDirection = .rightToLeft
        #expect(root.layouts == 1 && inherits.layouts == 1)
        #expect(keepsItsOwn.layouts == 0, "a subtree with its own direction is not affected")
        #expect(inherits.needsDisplay && inherits.drawingVersion != version)
        root.layoutDirection = .rightToLeft    // the same: nothing to do
        #expect(root.layouts == 1)
    }

    @Test func alignmentResolvesThroughTheDirection() {
        let view = ViewNode()
        // Physical sides: text of any script lines up on the view's leading edge.
        #expect(view.resolvedAlignment(.leading) == .left && view.resolvedAlignment(.trailing) == .right)
        view.layoutDirection = .rightToLeft
        #expect(view.resolvedAlignment(.leading) == .right)
        #expect(view.resolvedAlignment(.trailing) == .left)
        #expect(view.resolvedAlignment(.center) == .center)
        #expect(view.resolvedAlignment(.left) == .left && view.resolvedAlignment(.right) == .right)
        #expect(FocusMove.left.mirroredHorizontally == .right && FocusMove.up.mirroredHorizontally == .up)
    }

    // MARK: StandardCell

    static let accessories: [StandardCell.Accessory] = [.none, .chevron, .checkmark, .value("Home network"),
                                                         .toggle(isOn: true)]
    static let leadings: [StandardCell.Leading] = [.none, .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "W"),
                                                   .image(ImageRef("thumb"))]

    func cell(frame: Rect, leading: StandardCell.Leading, accessory: StandardCell.Accessory, subtitle: String?) -> StandardCell {
        let cell = StandardCell()
        cell.textMeasurer = ApproximateTextMeasurer.shared
        cell.frame = frame
        cell.title = "Wi-Fi"
        cell.subtitle = subtitle
        cell.leading = leading
        cell.accessory = accessory
        return cell
    }

    /// Every part of a right-to-left row is the left-to-right part reflected in the frame.
    @Test(arguments: 0..<5)
    func partsAreTheLeftToRightPartsReflected(accessoryIndex: Int) {
        for leading in Self.leadings {
            for subtitle in [nil, StandardCellTests.long] as [String?] {
                let frame = Rect(x: 12, y: 40, width: 343, height: 88)
                let c = cell(frame: frame, leading: leading, accessory: Self.accessories[accessoryIndex], subtitle: subtitle)
                let ltr = c.parts(in: frame)
                c.layoutDirection = .rightToLeft
                let rtl = c.parts(in: frame)
                #expect(same(rtl.leading, ltr.leading.map { reflected($0, in: frame.minX, frame.width) }))
                #expect(same(rtl.title, reflected(ltr.title, in: frame.minX, frame.width)))
                #expect(same(rtl.subtitle, ltr.subtitle.map { reflected($0, in: frame.minX, frame.width) }))
                #expect(same(rtl.accessory, ltr.accessory.map { reflected($0, in: frame.minX, frame.width) }))
                #expect(same(rtl.separator, ltr.separator.map { reflected($0, in: frame.minX, frame.width) }))
                #expect(rtl.textWidth == ltr.textWidth && rtl.subtitleLineCount == ltr.subtitleLineCount
                        && rtl.fittingHeight == ltr.fittingHeight)
                // Semantics: the leading part on the right of the title, the accessory on its left.
                if let l = rtl.leading { #expect(l.minX >= rtl.title.maxX) }
                if let a = rtl.accessory { #expect(a.maxX <= rtl.title.minX + 1e-9) }
            }
        }
    }

    /// The drawn row: every shape reflected (the chevron points left), every text line's extent reflected.
    @Test func drawingIsTheLeftToRightDrawingReflected() throws {
        for accessory in [StandardCell.Accessory.chevron, .checkmark, .value("On")] {
            let frame = Rect(x: 0, y: 0, width: 320, height: 80)
            let c = cell(frame: frame, leading: .swatch(RGBAColor(hex: 0x34C759), symbol: nil), accessory: accessory,
                         subtitle: StandardCellTests.long)
            let ltrCanvas = RecordingCanvas(), rtlCanvas = RecordingCanvas()
            c.draw(in: ltrCanvas)
            c.layoutDirection = .rightToLeft
            c.draw(in: rtlCanvas)
            try #require(ltrCanvas.commands.count == rtlCanvas.commands.count)
            var lineSpans = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for (l, r) in zip(ltrCanvas.commands, rtlCanvas.commands) {
                switch (l, r) {
                case let (.fill(a, ca), .fill(b, cb)), let (.fillRoundedRect(a, _, ca), .fillRoundedRect(b, _, cb)):
                    #expect(ca == cb && same(b, reflected(a, in: 0, 320)), "\(l) vs \(r)")
                case let (.line(a0, a1, ca, _), .line(b0, b1, cb, _)):
                    // The chevron is reflected stroke by stroke ("‹"); the checkmark keeps its shape (a tick
                    // is not directional, as in UIKit) and moves: the span of its strokes is reflected.
                    #expect(ca == cb && b0.y == a0.y && b1.y == a1.y)
                    if accessory == .chevron {
                        #expect(abs(b0.x - (320 - a0.x)) < 1e-9 && abs(b1.x - (320 - a1.x)) < 1e-9, "\(l) vs \(r)")
                    }
                    lineSpans.0 = min(lineSpans.0, a0.x, a1.x); lineSpans.1 = max(lineSpans.1, a0.x, a1.x)
                    lineSpans.2 = min(lineSpans.2, b0.x, b1.x); lineSpans.3 = max(lineSpans.3, b0.x, b1.x)
                case let (.textLayout(la, at: pa), .textLayout(lb, at: pb)):
                    try #require(la.lines.count == lb.lines.count)
                    for (x, y) in zip(la.lines, lb.lines) {
                        let extentA = Rect(x: pa.x + x.x, y: pa.y + x.top, width: x.width, height: x.height)
                        let extentB = Rect(x: pb.x + y.x, y: pb.y + y.top, width: y.width, height: y.height)
                        #expect(same(extentB, reflected(extentA, in: 0, 320)), "line \(extentA) vs \(extentB)")
                    }
                default:
                    #expect(l == r)
                }
            }
            if accessory == .checkmark {
                #expect(abs(lineSpans.2 - (320 - lineSpans.1)) < 1e-9 && abs(lineSpans.3 - (320 - lineSpans.0)) < 1e-9)
            }
        }
    }

    /// Left to right, right to left, and back: the same parts and the same drawing as at first.
    @Test func flippingTwiceIsTheIdentity() {
        var random = SeededRandom(state: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<60 {
            let frame = Rect(x: random.double(-50, 50), y: random.double(0, 100), width: random.double(60, 600),
                             height: random.double(44, 140))
            let c = cell(frame: frame, leading: Self.leadings[random.int(3)],
                         accessory: Self.accessories[random.int(5)],
                         subtitle: random.int(2) == 0 ? nil : String(StandardCellTests.long.prefix(random.int(80))))
            let first = RecordingCanvas()
            c.draw(in: first)
            let parts = c.parts(in: frame), switchFrame = c.subviews.first?.frame
            c.layoutDirection = .rightToLeft
            c.draw(in: RecordingCanvas())
            c.layoutDirection = .leftToRight
            let again = RecordingCanvas()
            c.draw(in: again)
            #expect(c.parts(in: frame) == parts)
            #expect(c.subviews.first?.frame == switchFrame)
            #expect(again.commands == first.commands)
        }
    }

    @Test func theSwitchMovesToTheLeadingSide() {
        let frame = Rect(x: 0, y: 0, width: 320, height: 52)
        let c = cell(frame: frame, leading: .none, accessory: .toggle(isOn: false), subtitle: nil)
        let ltr = c.subviews[0].frame
        c.layoutDirection = .rightToLeft
        #expect(same(c.subviews[0].frame, reflected(ltr, in: 0, 320)))
        #expect(c.subviews[0].frame.minX == c.appearance.contentInsets.right)
    }

    // MARK: LabelCell

    /// A subtitle in another script lines up with its neighbours on the cell's leading edge: an Arabic subtitle
    /// (a right-to-left paragraph) starts at the left in a left-to-right list and at the right in a right-to-left
    /// one, and an English one likewise; the words inside still read in their own direction.
    @Test(arguments: ["مرحبا بالعالم", "Hello world"])
    func subtitlesAlignToTheCellsLeadingEdgeWhateverTheirScript(_ subtitle: String) throws {
        for direction in ReadingDirection.allCases {
            let c = cell(frame: Rect(x: 0, y: 0, width: 390, height: 74), leading: .none, accessory: .none,
                         subtitle: subtitle)
            c.layoutDirection = direction
            let canvas = RecordingCanvas()
            c.draw(in: canvas)
            let layout = try #require(canvas.textLayouts.last)
            let line = try #require(layout.lines.first)
            if direction == .leftToRight {
                #expect(abs(line.x) < 1e-9, "\(subtitle) \(direction): starts at \(line.x)")
            } else {
                #expect(abs(line.x + line.width - layout.width) < 1e-9, "\(subtitle) \(direction): ends at \(line.x + line.width) of \(layout.width)")
            }
        }
    }

    @Test func labelCellTextAlignsToTheLeadingEdge() throws {
        let c = LabelCell()
        c.frame = Rect(x: 0, y: 0, width: 300, height: 44)
        c.title = "שלום"
        c.contentInsets = Insets(top: 6, left: 20, bottom: 6, right: 8)
        let ltr = RecordingCanvas(), rtl = RecordingCanvas()
        c.draw(in: ltr)
        c.layoutDirection = .rightToLeft
        c.draw(in: rtl)
        let text: (RecordingCanvas) -> (Rect, TextAlign)? = { canvas in
            for case let .text(_, rect, _, alignment) in canvas.commands { return (rect, alignment) }
            return nil
        }
        let (a, alignA) = try #require(text(ltr)), (b, alignB) = try #require(text(rtl))
        #expect(alignA == .left && alignB == .right)
        #expect(same(b, reflected(a, in: 0, 300)), "the leading inset (20) is on the right")
    }

    // MARK: Ordered controls

    @Test func segmentedControlOrdersFromTheRight() {
        let control = SegmentedControl(segments: ["Day", "Week", "Month"], frame: Rect(x: 0, y: 0, width: 300, height: 32))
        let ltr = (0..<3).map { control.segmentFrame($0) }
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 32))
        root.addSubview(control)
        root.layoutDirection = .rightToLeft
        for i in 0..<3 { #expect(same(control.segmentFrame(i), reflected(ltr[i], in: 0, 300))) }
        // A tap on the rightmost third selects the first segment.
        control.selectedIndex = 2
        root.handle(.pointerDown(location: Point(x: 280, y: 16), time: 0))
        root.handle(.pointerUp(location: Point(x: 280, y: 16), time: 0.05))
        #expect(control.selectedIndex == 0)
    }

    @Test func tabBarOrdersFromTheRight() {
        let bar = TabBar(titles: ["One", "Two", "Three", "Four"], frame: Rect(x: 0, y: 0, width: 400, height: 44))
        let ltr = (0..<4).map { bar.tabFrame(Double($0)) }
        bar.layoutDirection = .rightToLeft
        for i in 0..<4 { #expect(same(bar.tabFrame(Double(i)), reflected(ltr[i], in: 0, 400))) }
        bar.layoutDirection = .leftToRight
        for i in 0..<4 { #expect(bar.tabFrame(Double(i)) == ltr[i]) }
    }
}
