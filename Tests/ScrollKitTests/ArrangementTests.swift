// The layout system against models: random rows and columns of boxes and spacers placed where a reference
// computation says, right to left the mirror of left to right, flow lines, form grids and the modifiers.

import Motion
import SplitMix
import Testing
@testable import ScrollKit

@Suite("Layout: stacks against a model")
@MainActor
struct ArrangementTests {
    /// A random stack along `axis` as the root of a tree, laid out.
    func stack(_ model: RandomStack, _ axis: LayoutAxis, direction: ReadingDirection = .leftToRight) -> ArrangementView<StackArrangement> {
        let guide: AlignmentGuide
        if axis == .horizontal { guide = [AlignmentGuide.top, .centerY, .bottom][Int(model.alignmentFraction * 2)] }
        else { guide = [AlignmentGuide.leading, .centerX, .trailing][Int(model.alignmentFraction * 2)] }
        let root: ArrangementView<StackArrangement> = axis == .horizontal
            ? RowStack(spacing: model.spacing, alignment: RowAlignment(guide), model.views(along: axis))
            : ColumnStack(spacing: model.spacing, alignment: ColumnAlignment(guide), model.views(along: axis))
        root.layoutDirection = direction
        root.frame = Rect(origin: .zero, size: .along(axis, main: model.length, cross: model.crossLength))
        root.layoutIfNeeded()
        return root
    }

    @Test("rows and columns of random boxes and spacers: every frame where the model puts it", arguments: [LayoutAxis.horizontal, .vertical])
    func stacksMatchTheModel(axis: LayoutAxis) {
        var rng = SplitMix64(seed: axis == .horizontal ? 44 : 45)
        for trial in 0..<300 {
            let model = RandomStack(&rng)
            let root = stack(model, axis)
            for (view, want) in zip(root.subviews, model.expected()) {
                let got = mainCross(view.frame, axis)
                #expect(near(got.main, want.main) && near(got.mainLength, want.mainLength)
                        && near(got.cross, want.cross) && near(got.crossLength, want.crossLength),
                        "trial \(trial): \(model.pieces) got \(got) want \(want)")
            }
        }
    }

    @Test("right to left, every frame of a random stack is the mirror of its left-to-right frame", arguments: [LayoutAxis.horizontal, .vertical])
    func rightToLeftMirrors(axis: LayoutAxis) {
        var rng = SplitMix64(seed: 4444)
        for _ in 0..<200 {
            let model = RandomStack(&rng)
            let ltr = stack(model, axis), rtl = stack(model, axis, direction: .rightToLeft)
            let width = ltr.frame.width
            for (a, b) in zip(ltr.subviews, rtl.subviews) {
                #expect(near(b.frame.minX, width - a.frame.maxX) && near(b.frame.minY, a.frame.minY)
                        && b.frame.size == a.frame.size)
            }
        }
    }

    @Test("nested stacks (rows in a column, with padding): RTL frames in the window mirror LTR ones")
    func nestedMirror() {
        func tree(_ direction: ReadingDirection) -> (ColumnStack, [ViewNode]) {
            var rng = SplitMix64(seed: 7)
            var leaves: [ViewNode] = []
            let rows: [ViewNode] = (0..<6).map { _ in
                let model = RandomStack(&rng)
                let views = model.views(along: .horizontal)
                leaves += views
                return RowStack(spacing: model.spacing, views).padding(LayoutInsets(top: 2, leading: 12, bottom: 3, trailing: 4))
            }
            let column = ColumnStack(spacing: 6, alignment: .leading, rows)
            column.layoutDirection = direction
            column.frame = Rect(x: 0, y: 0, width: 700, height: 800)
            column.layoutIfNeeded()
            return (column, leaves)
        }
        let (leftToRight, ltr) = tree(.leftToRight), (rightToLeft, rtl) = tree(.rightToLeft)
        #expect(leftToRight.subviews.count == rightToLeft.subviews.count)   // the roots stay alive (superviews are weak)
        for (a, b) in zip(ltr, rtl) {
            let fa = a.frameInRoot, fb = b.frameInRoot
            #expect(near(fb.minX, 700 - fa.maxX) && near(fb.minY, fa.minY) && fb.size == fa.size, "\(fa) \(fb)")
        }
    }

    @Test("labels wider than their row are offered less: nothing leaves the row and nothing overlaps")
    func overflowShrinks() {
        let labels = (0..<3).map { LabelView(String(repeating: "word ", count: 8 + $0 * 3)) }
        let row = RowStack(spacing: 8, labels + [Switch()])
        row.frame = Rect(x: 0, y: 0, width: 360, height: 60)
        row.layoutIfNeeded()
        let frames = row.subviews.map(\.frame)
        for f in frames { #expect(f.minX >= 0 && f.maxX <= 360 + 1e-9, "\(f)") }
        for i in 1..<frames.count { #expect(frames[i].minX >= frames[i - 1].maxX + 8 - 1e-9) }
        #expect(frames[3].width == Switch.size.width)
    }

    @Test("a flow wraps like the greedy reference; no chip leaves the width, none overlaps")
    func flowWraps() {
        var rng = SplitMix64(seed: 99)
        for _ in 0..<100 {
            let width = 100 + Double(rng.int(below: 300))
            let sizes = (0..<(1 + rng.int(below: 15))).map { _ in Size(width: rng.uniform(10...100).rounded(), height: rng.uniform(10...30).rounded()) }
            let flow = FlowStack(spacing: 6, lineSpacing: 4, alignment: .top, sizes.map { Box($0.width, $0.height) })
            flow.frame = Rect(x: 0, y: 0, width: width, height: 2000)
            flow.layoutIfNeeded()
            // Reference: greedy lines.
            var x = 0.0, y = 0.0, lineHeight = 0.0
            for (i, size) in sizes.enumerated() {
                if i > 0, x + 6 + size.width > width { y += lineHeight + 4; x = 0; lineHeight = 0 } else if i > 0 { x += 6 }
                #expect(flow.subviews[i].frame == Rect(x: x, y: y, width: size.width, height: size.height))
                x += size.width
                lineHeight = max(lineHeight, size.height)
            }
            #expect(near(flow.fittingSize(width: width).height, y + lineHeight))
        }
    }

    @Test("a form grid: labels in one column, controls lined up after the widest label, rows apart")
    func formGrid() {
        let names = ["Name", "A much longer label", "Volume"]
        var views: [ViewNode] = []
        for name in names { views += [LabelView(name), Box(120, 30)] }
        let grid = FormGrid(columns: 2, columnSpacing: 16, rowSpacing: 10, views)
        grid.frame = Rect(x: 0, y: 0, width: 600, height: 400)
        grid.layoutIfNeeded()
        let widest = names.map { LabelView($0).fittingSize(width: nil).width }.max()!
        for row in 0..<3 {
            let label = grid.subviews[2 * row].frame, control = grid.subviews[2 * row + 1].frame
            #expect(label.minX == 0)
            #expect(near(control.minX, widest + 16))
            #expect(near(control.minY, Double(row) * 40))
            #expect(near(label.midY, control.midY))
        }
    }

    @Test("padding, fixed frames, an infinite maximum, fixed size and a custom guide")
    func modifiers() {
        let padded = Box(40, 20).padding(LayoutInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        let fixed = Box(40, 20).layoutFrame(width: 70, height: 25)
        let wide = Box(40, 20).layoutFrame(maxWidth: .infinity)
        let label = LabelView(String(repeating: "long ", count: 30)).fixedSize()
        let column = ColumnStack(spacing: 0, [padded, fixed, wide, label])
        column.frame = Rect(x: 0, y: 0, width: 300, height: 500)
        column.layoutIfNeeded()
        #expect(padded.frame == Rect(x: 2, y: 1, width: 40, height: 20))
        #expect(fixed.frame == Rect(x: 0, y: 24, width: 70, height: 25))
        #expect(wide.frame == Rect(x: 0, y: 49, width: 300, height: 20))
        #expect(label.frame.width == label.fittingSize(width: nil).width && label.frame.width > 300)

        // A guide 10 points in from the first box's leading edge lines it up with the second's centre.
        let a = Box(50, 10).alignmentGuide(.centerX) { _ in 10 }, b = Box(80, 10)
        let centred = ColumnStack(spacing: 0, alignment: .center, [a, b])
        centred.frame = Rect(x: 0, y: 0, width: 200, height: 40)
        centred.layoutIfNeeded()
        #expect(near(a.frame.minX + 10, b.frame.midX))
    }

    @Test("text scale flows through content sizes: a label at 2 is twice as tall, and its column grows")
    func textScaleFlows() {
        let old = ViewNode.textScale
        defer { ViewNode.textScale = old }
        ViewNode.textScale = 1
        let label = LabelView("Brightness")
        let column = ColumnStack(spacing: 4, [label, Box(10, 10)])
        let one = column.fittingSize(width: 300).height, oneLabel = label.fittingSize(width: 300).height
        ViewNode.textScale = 2
        column.textScaleDidChange()
        let twoLabel = label.fittingSize(width: 300).height
        #expect(abs(twoLabel - 2 * oneLabel) <= 1)
        #expect(near(column.fittingSize(width: 300).height, one + twoLabel - oneLabel))
    }

    @Test("bad input: NaN and negative proposals, paddings and spacings, empty stacks; nothing traps")
    func badInput() {
        let empty = RowStack(spacing: .nan, [])
        #expect(empty.fittingSize(width: .nan) == .zero)
        let box = Box(.nan, -5).padding(LayoutInsets(-3))
        let row = RowStack(spacing: -4, [box, SpacerView(minLength: .infinity)])
        row.frame = Rect(x: 0, y: 0, width: .nan, height: 10)
        row.layoutIfNeeded()
        #expect(box.frame.width == 0 && row.arrangedSize(for: SizeProposal(width: -1, height: .infinity)).width >= 0)
    }
}
