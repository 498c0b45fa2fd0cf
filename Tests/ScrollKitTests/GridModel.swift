// The oracle of GridLayoutTests: a brute-force model of a sectioned grid (sections laid out item by item with a
// running cursor), and the sample grids the tests compare with it.

import Testing
@testable import ScrollKit

/// What a grid should look like, computed the slow and obvious way (vertical axis).
struct GridModel {
    var items: [Rect] = []
    /// The section of each item and its index inside it.
    var paths: [GridIndex] = []
    var headers: [Rect?] = []
    var footers: [Rect?] = []
    var sectionStarts: [Double] = []
    var sectionEnds: [Double] = []
    var contentLength: Double = 0

    /// Rows: the distinct row tops in order, with their length.
    var rows: [(start: Double, length: Double)] {
        var result: [(start: Double, length: Double)] = []
        for (k, r) in items.enumerated() where k == 0 || r.minY != items[k - 1].minY || paths[k].section != paths[k - 1].section {
            result.append((r.minY, r.height))
        }
        return result
    }

    init(counts: [Int], header: Double = 0, footer: Double = 0, sectionInsets si: Insets = .zero,
         columns: GridColumns, itemLength: GridItemLength, rowGap: Double = 0, columnGap: Double = 0,
         insets: Insets = .zero, width: Double) {
        self.init(counts: counts, styles: counts.map { _ in GridSectionStyle(headerLength: header, footerLength: footer, insets: si) },
                  columns: columns, itemLength: itemLength, rowGap: rowGap, columnGap: columnGap, insets: insets, width: width)
    }

    /// Sections styled one by one (`styles[s]` for section `s`).
    init(counts: [Int], styles: [GridSectionStyle], columns: GridColumns, itemLength: GridItemLength, rowGap: Double = 0,
         columnGap: Double = 0, insets: Insets = .zero, width: Double) {
        var y = insets.top
        let fullWidth = Swift.max(0, width - insets.left - insets.right)
        for (s, count) in counts.enumerated() {
            let header = styles[s].headerLength, footer = styles[s].footerLength, si = styles[s].insets
            sectionStarts.append(y)
            headers.append(header > 0 ? Rect(x: insets.left, y: y, width: fullWidth, height: header) : nil)
            y += header
            if count > 0 {
                let available = Swift.max(0, fullWidth - si.left - si.right)
                var cols: Int
                switch columns {
                case .fixed(let n): cols = Swift.max(1, n)
                case .adaptive(let minimumWidth):
                    // Count up while one more column (and its gap) still fits.
                    cols = 1
                    while Double(cols + 1) * minimumWidth + Double(cols) * columnGap <= available { cols += 1 }
                }
                let colWidth = Swift.max(0, (available - Double(cols - 1) * columnGap) / Double(cols))
                let rowLength: Double
                switch itemLength {
                case .fixed(let l): rowLength = Swift.max(1, l)
                case .aspect(let ratio): rowLength = Swift.max(1, colWidth * ratio)
                }
                y += si.top
                var col = 0
                for i in 0..<count {
                    if col == cols { col = 0; y += rowLength + rowGap }
                    items.append(Rect(x: insets.left + si.left + Double(col) * (colWidth + columnGap), y: y,
                                      width: colWidth, height: rowLength))
                    paths.append(GridIndex(section: s, item: i))
                    col += 1
                }
                y += rowLength + si.bottom
            }
            footers.append(footer > 0 ? Rect(x: insets.left, y: y, width: fullWidth, height: footer) : nil)
            y += footer
            sectionEnds.append(y)
        }
        contentLength = y + insets.bottom
    }

    /// The items intersecting `[offset, offset + length)` along y.
    func visible(offset: Double, length: Double) -> [Int] {
        items.indices.filter { items[$0].minY < offset + length && items[$0].maxY > offset }
    }
}

/// A SnapGeometry that relies on the protocol's default binary search for `itemIndex(containing:)`.
struct DefaultSearchRows: SnapGeometry {
    let rows: GridRowGeometry
    var itemCount: Int { rows.itemCount }
    func itemStart(_ index: Int) -> Double { rows.itemStart(index) }
    func itemLength(_ index: Int) -> Double { rows.itemLength(index) }
}

/// The sections used by most tests: an empty section, a one-item section, uneven counts.
let sampleCounts = [7, 0, 12, 1, 5, 3]
let sampleInsets = Insets(top: 5, left: 11, bottom: 7, right: 13)
let sampleSectionInsets = Insets(top: 8, left: 6, bottom: 4, right: 2)

enum GridColumnMode: String, CaseIterable, CustomTestStringConvertible {
    case fixed, adaptive
    var columns: GridColumns { self == .fixed ? .fixed(3) : .adaptive(minimumWidth: 100) }
    var itemLength: GridItemLength { self == .fixed ? .fixed(50) : .aspect(1.25) }
    var testDescription: String { rawValue }
}

func sampleGrid(_ mode: GridColumnMode, width: Double, axis: ScrollAxis = .vertical, insets: Insets = sampleInsets) -> SectionedGridLayout {
    let grid = SectionedGridLayout(axis: axis, columns: mode.columns, itemLength: mode.itemLength, itemSpacing: 9,
                          interitemSpacing: 10, insets: insets)
    grid.setSections(sampleCounts, headerLength: 30, footerLength: 12, sectionInsets: sampleSectionInsets)
    grid.update(crossLength: width)
    return grid
}

func sampleModel(_ mode: GridColumnMode, width: Double) -> GridModel {
    GridModel(counts: sampleCounts, header: 30, footer: 12, sectionInsets: sampleSectionInsets, columns: mode.columns,
              itemLength: mode.itemLength, rowGap: 9, columnGap: 10, insets: sampleInsets, width: width)
}
