// FormGridArrangement and FormGrid: a form's labels and controls in columns, the label column as wide as its widest
// label (up to a share of the width), the last column taking the rest.

/// Views in rows of ``columns`` (row by row: a label, then its control), the columns lined up down the form.
///
/// Every column but the last is as wide as its widest view's ideal width, together at most
/// ``maximumLeadingFraction`` of the offered width and less when the last column's views need the room (their least widths: offered 0)
/// (never below a third; shrunk in proportion, so long labels wrap); the last column takes what is left. Each view is then measured once for its column's width; a row is as tall as its
/// tallest view, and its views are lined up down by ``rowAlignment`` and across by ``cellAlignment`` of their column
/// (leading by default; the last column's controls at its trailing edge with `.trailing`).
public struct FormGridArrangement: Arrangement {
    public var columns: Int
    public var columnSpacing: Double
    public var rowSpacing: Double
    public var rowAlignment: RowAlignment
    /// How each column's views sit across their column (missing columns: leading).
    public var cellAlignment: [ColumnAlignment]
    public var maximumLeadingFraction: Double

    public init(columns: Int = 2, columnSpacing: Double = 16, rowSpacing: Double = 12, rowAlignment: RowAlignment = .center,
                cellAlignment: [ColumnAlignment] = [], maximumLeadingFraction: Double = 0.5) {
        self.columns = max(1, columns)
        self.columnSpacing = columnSpacing.isFinite ? max(0, columnSpacing) : 0
        self.rowSpacing = rowSpacing.isFinite ? max(0, rowSpacing) : 0
        self.rowAlignment = rowAlignment
        self.cellAlignment = cellAlignment
        self.maximumLeadingFraction = maximumLeadingFraction.isFinite ? min(max(maximumLeadingFraction, 0.1), 0.9) : 0.5
    }

    /// The grid's solution for one proposal.
    public struct Cache {
        var proposal: SizeProposal?
        var widths: [Double] = []
        var sizes: [Size] = []
        var rowHeights: [Double] = []
        var size = Size.zero
    }

    public func makeCache(subviews: ArrangedSubviews) -> Cache { Cache() }

    public func sizeThatFits(proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) -> Size {
        solve(proposal, subviews, &cache)
        return cache.size
    }

    public func placeSubviews(in bounds: Rect, proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) {
        solve(proposal, subviews, &cache)
        var y = 0.0
        for row in cache.rowHeights.indices {
            var x = 0.0
            let first = row * columns
            var line = 0.0
            for i in first..<min(first + columns, subviews.count) {
                line = max(line, subviews[i].guideValue(rowAlignment.guide, size: cache.sizes[i]))
            }
            let content = (first..<min(first + columns, subviews.count)).reduce(0.0) {
                max($0, line - subviews[$1].guideValue(rowAlignment.guide, size: cache.sizes[$1]) + cache.sizes[$1].height)
            }
            let top = y + max(0, cache.rowHeights[row] - content) * rowAlignment.guide.defaultFraction
            for c in 0..<columns {
                let i = first + c
                guard i < subviews.count else { break }
                let size = cache.sizes[i]
                let width = c == columns - 1 ? max(cache.widths[c], bounds.width - x) : cache.widths[c]
                let align = c < cellAlignment.count ? cellAlignment[c].guide : .leading
                let dx = max(0, width - size.width) * align.defaultFraction
                let dy = line - subviews[i].guideValue(rowAlignment.guide, size: size)
                subviews[i].place(at: Point(x: x + dx, y: top + dy), size: size,
                                  proposal: SizeProposal(width: cache.widths[c], height: nil))
                x += width + columnSpacing
            }
            y += cache.rowHeights[row] + rowSpacing
        }
    }

    private func solve(_ proposal: SizeProposal, _ subviews: ArrangedSubviews, _ cache: inout Cache) {
        if cache.proposal == proposal, cache.sizes.count == subviews.count { return }
        let n = subviews.count
        var widths = [Double](repeating: 0, count: columns)
        for i in 0..<n where i % columns < columns - 1 || proposal.width == nil {
            widths[i % columns] = max(widths[i % columns], subviews[i].sizeThatFits(.unspecified).width)
        }
        let gaps = columnSpacing * Double(columns - 1)
        if let available = proposal.width, available.isFinite {
            let leading = widths.dropLast().reduce(0, +)
            // The leading columns leave the last one the least width its views take (offered none: a stepper's,
            // a switch's), down to a third of the width.
            var need = 0.0
            for i in Swift.stride(from: columns - 1, to: n, by: columns) {
                need = max(need, subviews[i].sizeThatFits(SizeProposal(width: 0, height: nil)).width)
            }
            let room = max(0, available - gaps)
            let cap = max(room / 3, min(room * maximumLeadingFraction, room - need))
            if leading > cap, leading > 0 { for c in 0..<(columns - 1) { widths[c] *= cap / leading } }
            widths[columns - 1] = max(0, available - gaps - widths.dropLast().reduce(0, +))
        }
        var sizes = [Size](repeating: .zero, count: n)
        let rows = (n + columns - 1) / columns
        var heights = [Double](repeating: 0, count: rows)
        for i in 0..<n {
            sizes[i] = subviews[i].sizeThatFits(SizeProposal(width: widths[i % columns], height: nil))
            if proposal.width == nil { widths[i % columns] = max(widths[i % columns], sizes[i].width) }
        }
        for row in 0..<rows {
            let first = row * columns, end = min(first + columns, n)
            var line = 0.0
            for i in first..<end { line = max(line, subviews[i].guideValue(rowAlignment.guide, size: sizes[i])) }
            for i in first..<end {
                heights[row] = max(heights[row], line - subviews[i].guideValue(rowAlignment.guide, size: sizes[i]) + sizes[i].height)
            }
        }
        let width = widths.reduce(0, +) + gaps
        let height = heights.reduce(0, +) + rowSpacing * Double(max(0, rows - 1))
        cache = Cache(proposal: proposal, widths: widths, sizes: sizes, rowHeights: heights, size: Size(width: width, height: height))
    }
}

/// A form's labels and controls in lined-up columns (see ``FormGridArrangement``): add them row by row.
///
/// ```swift
/// let form = FormGrid(columns: 2, [LabelView("Name"), nameField, LabelView("Volume"), volumeSlider])
/// ```
public final class FormGrid: ArrangementView<FormGridArrangement> {
    public init(columns: Int = 2, columnSpacing: Double = 16, rowSpacing: Double = 12,
                cellAlignment: [ColumnAlignment] = [], _ views: [ViewNode] = []) {
        super.init(FormGridArrangement(columns: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing,
                                       cellAlignment: cellAlignment), views)
    }
}
