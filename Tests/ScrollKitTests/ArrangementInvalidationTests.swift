// The layout system's costs: answers cached per proposal, a label's change touching only the views up to its
// relayout boundary (as many for 1,000 rows as for 10), and no measuring or placing in frames that only scroll.

import Motion
import Testing
@testable import ScrollKit

@Suite("Layout: caching, invalidation and frames that only scroll")
@MainActor
struct ArrangementInvalidationTests {
    func tick(_ k: Int) -> FrameTick { FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60) }

    /// A settings-like form: `rows` rows of a label, a spacer and a switch, in a column 400 wide.
    func form(rows: Int, fixedRows: Bool = false) -> (ColumnStack, [LabelView]) {
        let labels = (0..<rows).map { LabelView("Setting \($0)") }
        let column = ColumnStack(spacing: 4, labels.map { label in
            let row = RowStack(spacing: 8, [label, SpacerView(), Switch()])
            return fixedRows ? row.layoutFrame(width: 400, height: 44) : row
        })
        column.frame = Rect(x: 0, y: 0, width: 400, height: Double(rows) * 48)
        column.layoutIfNeeded()
        return (column, labels)
    }

    @Test("asking the same proposal twice measures once; another proposal measures again")
    func cachedPerProposal() {
        let (column, _) = form(rows: 20)
        LayoutCounters.reset()
        _ = column.fittingSize(width: 320)
        let first = LayoutCounters.measurements
        _ = column.fittingSize(width: 320)
        #expect(first > 0 && LayoutCounters.measurements == first)
        _ = column.fittingSize(width: 200)
        #expect(LayoutCounters.measurements > first)
    }

    @Test("one label's new text touches its row and the column, as few views for 1,000 rows as for 10")
    func relayoutIsLocal() {
        var touched: [Int: (invalidated: Int, measured: Int)] = [:]
        for rows in [10, 1_000] {
            let (column, labels) = form(rows: rows)
            let others = column.subviews.map(\.frame)
            LayoutCounters.reset()
            labels[rows / 2].text = "A new, longer title"
            #expect(LayoutCounters.measurements == 0)   // nothing is measured until the next frame
            column.step(tick(1))
            touched[rows] = (LayoutCounters.invalidations, LayoutCounters.measurements)
            #expect(LayoutCounters.invalidations == 3)   // the label, its row, the column
            #expect(column.subviews.map(\.frame) == others)   // same height: no other row moved
            #expect(labels[rows / 2].frame.width > LabelView("Setting 5").fittingSize(width: nil).width)
        }
        #expect(touched[10]!.measured == touched[1_000]!.measured)
    }

    @Test("a row of fixed size is a relayout boundary: the column is not measured nor placed again")
    func boundaryStops() {
        let (column, labels) = form(rows: 50, fixedRows: true)
        LayoutCounters.reset()
        labels[3].text = "Changed"
        column.step(tick(1))
        #expect(LayoutCounters.invalidations == 2)   // the label and its row
        #expect(LayoutCounters.placements == 1)      // only the row placed its views again
        #expect(labels[3].frame.width == LabelView("Changed").fittingSize(width: nil).width)
    }

    @Test("frames that only scroll measure and place nothing")
    func scrollingDoesNoLayout() {
        let (column, _) = form(rows: 200)
        let scroller = ArrangedScrollView(column, frame: Rect(x: 0, y: 0, width: 400, height: 600))
        scroller.step(tick(0))
        #expect(scroller.scrollView.contentSize.height == column.frame.height && column.frame.height > 600)
        LayoutCounters.reset()
        scroller.scrollView.setContentOffset(Point(x: 0, y: 3000), duration: 0.5, curve: .easeOutCubic)
        for k in 1...40 { scroller.step(tick(k)) }
        #expect(scroller.scrollView.contentOffset.y == 3000)
        #expect(LayoutCounters.measurements == 0 && LayoutCounters.placements == 0 && LayoutCounters.invalidations == 0)
    }

    @Test("hiding a view gives its room to the others; adding one lays the stack out again")
    func hidingAndAdding() {
        let a = Box(50, 10), b = Box(60, 10)
        let row = RowStack(spacing: 10, [a, b])
        row.frame = Rect(x: 0, y: 0, width: 300, height: 10)
        row.layoutIfNeeded()
        #expect(b.frame.minX == 60)
        a.isHidden = true
        row.layoutIfNeeded()
        #expect(b.frame.minX == 0)
        let c = Box(5, 5)
        row.addSubview(c)
        row.layoutIfNeeded()
        #expect(c.frame.minX == 70)
    }
}
