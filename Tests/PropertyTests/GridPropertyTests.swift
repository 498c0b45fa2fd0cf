import Motion
import PropertyBased
import Testing
@testable import ScrollKit

/// An independent model of a vertical sectioned grid with fixed columns and fixed item lengths: every item's
/// frame and every section's extent computed by brute force, as the layout's documentation describes it.
struct GridModel {
    var itemTops: [Double] = []
    var itemLefts: [Double] = []
    var sectionStarts: [Double] = []   // S + 1 entries
    var header: Double
    var rowLength: Double

    init(counts: [Int], columns: Int, width: Double, rowLength: Double, spacing: Double, gap: Double,
         header: Double, footer: Double, sectionInset: Double) {
        self.header = header
        self.rowLength = rowLength
        var y = 0.0
        let available = max(0, width - 2 * sectionInset)
        let columnWidth = max(0, (available - Double(columns - 1) * gap) / Double(columns))
        for n in counts {
            sectionStarts.append(y)
            y += header
            if n > 0 {
                y += sectionInset
                for i in 0..<n {
                    itemTops.append(y + Double(i / columns) * (rowLength + spacing))
                    itemLefts.append(sectionInset + Double(i % columns) * (columnWidth + gap))
                }
                let rows = (n - 1) / columns + 1
                y += Double(rows) * rowLength + Double(rows - 1) * spacing + sectionInset
            }
            y += footer
        }
        sectionStarts.append(y)
    }

    var contentLength: Double { sectionStarts.last ?? 0 }

    func visibleItems(offset: Double, length: Double) -> [Int] {
        guard length > 0 else { return [] }
        return itemTops.indices.filter { itemTops[$0] < offset + length && itemTops[$0] + rowLength > offset }
    }

    /// The pinned header's section and top at `offset`: the last section starting at or before the offset,
    /// at the offset but never below its section's end less the header, nor above its start; none before the
    /// first section, without headers, or when the header would lie wholly above the viewport.
    func pinned(offset: Double) -> (section: Int, top: Double)? {
        guard header > 0, sectionStarts.count > 1 else { return nil }
        var s = -1
        for k in 0..<(sectionStarts.count - 1) where sectionStarts[k] <= offset { s = k }
        guard s >= 0 else { return nil }
        let top = max(sectionStarts[s], min(offset, sectionStarts[s + 1] - header))
        return top + header > offset ? (s, top) : nil
    }

    /// The sections with a header whose extent meets the viewport.
    func sectionsInView(offset: Double, length: Double) -> [Int] {
        guard length > 0, header > 0 else { return [] }
        return (0..<(sectionStarts.count - 1)).filter { sectionStarts[$0] < offset + length && sectionStarts[$0 + 1] > offset }
    }
}

@MainActor
final class ModelSections: GridDataSource {
    var counts: [Int]
    var style: GridSectionStyle
    init(counts: [Int], style: GridSectionStyle) { self.counts = counts; self.style = style }
    var numberOfSections: Int { counts.count }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    var sectionStyle: GridSectionStyle? { style }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(LabelCell.self, for: index) }
    func headerCell(forSection section: Int, in list: ListView) -> ListCell { list.dequeueCell(LabelCell.self, for: section) }
    func footerCell(forSection section: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: section) }
}

/// One random grid and what is done to it.
struct GridScenario: Sendable {
    var counts: [Int]
    var columns: Int
    var width: Double
    var height: Double
    var rowLength: Double
    var spacing: Double
    var gap: Double
    var header: Double
    var footer: Double
    var sectionInset: Double
    /// Offsets as fractions (per mille) of the content length, and resizes (0 = none) in between.
    var moves: [Int]
    var widths: [Int]
}

@Suite("Sectioned grid under random scrolling and resizes", .serialized)
@MainActor
struct GridPropertyTests {
    static var scenario: Generator<GridScenario, some SendableSequenceType> {
        let q = { (lo: Int, hi: Int) in Gen.int(in: lo * 4...hi * 4).map { Double($0) / 4 } }
        let shape = zip(Gen.int(in: 0...40).array(of: 0...12), Gen.int(in: 1...6), q(0, 1200), q(0, 900), q(1, 300))
        let spacings = zip(q(0, 30), q(0, 30), Gen.int(in: 0...2), q(0, 30), q(0, 24))
        let actions = zip(Gen.int(in: -100...1100).array(of: 1...12), Gen.int(in: 0...1200).array(of: 1...12))
        return zip(shape, spacings, actions).map { shape, spacings, actions in
            let (counts, columns, width, height, rowLength) = shape
            let (spacing, gap, headerKind, footer, inset) = spacings
            return GridScenario(counts: counts, columns: columns, width: width, height: height, rowLength: rowLength,
                                spacing: spacing, gap: gap, header: [0, 44, 0.25][headerKind], footer: footer,
                                sectionInset: inset, moves: actions.0, widths: actions.1)
        }
    }

    @Test("cells, headers and the pinned header match a brute-force model at random offsets and widths")
    func againstTheModel() async {
        await propertyCheck(count: 200, input: Self.scenario) { sc in
            let style = GridSectionStyle(headerLength: sc.header, footerLength: sc.footer,
                                         insets: Insets(top: sc.sectionInset, left: sc.sectionInset,
                                                        bottom: sc.sectionInset, right: sc.sectionInset))
            let layout = SectionedGridLayout(columns: .fixed(sc.columns), itemLength: .fixed(sc.rowLength),
                                             itemSpacing: sc.spacing, interitemSpacing: sc.gap)
            let list = ListView(frame: Rect(x: 0, y: 0, width: sc.width, height: sc.height), gridLayout: layout,
                                dataSource: ModelSections(counts: sc.counts, style: style))
            var width = sc.width
            for (k, move) in sc.moves.enumerated() {
                if k < sc.widths.count, sc.widths[k] % 3 == 0 {
                    width = Double(sc.widths[k])
                    list.frame = Rect(x: 0, y: 0, width: width, height: sc.height)
                }
                let model = GridModel(counts: sc.counts, columns: sc.columns, width: width, rowLength: sc.rowLength,
                                      spacing: sc.spacing, gap: sc.gap, header: sc.header, footer: sc.footer,
                                      sectionInset: sc.sectionInset)
                #expect(list.scrollView.contentSize.height == model.contentLength)
                let target = model.contentLength * Double(move) / 1000
                list.scrollView.contentOffset = Point(x: 0, y: target)
                let y = list.scrollView.contentOffset.y
                let cells = list.visibleCells
                let expected = model.visibleItems(offset: y, length: sc.height)
                #expect(cells.map(\.index) == expected, "offset \(y), width \(width)")
                for cell in cells {
                    let i = cell.index
                    #expect(cell.frame.minY == model.itemTops[i] && abs(cell.frame.minX - model.itemLefts[i]) < 1e-9)
                }
                let headers = list.visibleSupplementaryCells.filter(\.role.isHeader)
                #expect(headers.map(\.role.section) == model.sectionsInView(offset: y, length: sc.height))
                let pinned = sc.height > 0 ? model.pinned(offset: y) : nil
                #expect(list.pinnedSection == pinned?.section, "offset \(y)")
                if let pinned {
                    #expect(list.headerCell(forSection: pinned.section)?.frame.minY == pinned.top)
                }
                #expect(list.reusePoolCount <= cells.count + headers.count + 2 * ListView.reuseMargin + 4)
            }
        }
    }
}
