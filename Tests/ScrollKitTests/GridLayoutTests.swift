// SectionedGridLayout against a brute-force model (GridModel.swift).

import Testing
@testable import ScrollKit

private func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-7 * Swift.max(1, abs(a), abs(b))
}

private func close(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}

private func transposed(_ r: Rect?) -> Rect? {
    r.map { Rect(x: $0.minY, y: $0.minX, width: $0.height, height: $0.width) }
}

@Suite("SectionedGridLayout")
struct GridLayoutTests {
    static let widths: [Double] = [0, 1, 99, 320, 375, 768, 1024, 1366, 2560]

    /// Every item, header and footer frame, the content size and the index mapping match the model.
    @Test(arguments: GridLayoutTests.widths, GridColumnMode.allCases)
    func framesMatchModel(width: Double, mode: GridColumnMode) {
        let grid = sampleGrid(mode, width: width)
        let model = sampleModel(mode, width: width)
        #expect(grid.itemCount == model.items.count)
        #expect(grid.sectionCount == sampleCounts.count)
        #expect(close(grid.contentLength, model.contentLength))
        #expect(grid.contentSize.width == width)
        for (i, expected) in model.items.enumerated() {
            #expect(close(grid.frame(ofItem: i), expected), "item \(i) at width \(width)")
            #expect(grid.gridIndex(forFlatIndex: i) == model.paths[i])
            #expect(grid.flatIndex(of: model.paths[i]) == i)
            #expect(close(grid.frame(of: model.paths[i]), expected))
        }
        for s in sampleCounts.indices {
            #expect(close(grid.headerFrame(section: s), model.headers[s]), "header \(s)")
            #expect(close(grid.footerFrame(section: s), model.footers[s]), "footer \(s)")
            #expect(close(grid.sectionStart(s), model.sectionStarts[s]))
        }
        #expect(grid.frame(ofItem: -1) == nil)
        #expect(grid.frame(ofItem: model.items.count) == nil)
        #expect(grid.gridIndex(forFlatIndex: model.items.count) == nil)
        #expect(grid.flatIndex(of: GridIndex(section: 1, item: 0)) == nil)   // the empty section
        #expect(grid.flatIndex(of: GridIndex(section: 0, item: 7)) == nil)
        #expect(grid.flatIndex(of: GridIndex(section: 6, item: 0)) == nil)
        #expect(grid.headerFrame(section: 6) == nil)
    }

    /// Adaptive column counts at the brief's widths, by hand: available = width - 24 (content insets)
    /// - 8 (section insets); columns = as many 100 pt columns with 10 pt gaps as fit, at least 1.
    @Test(arguments: [(0.0, 1), (99, 1), (320, 2), (375, 3), (768, 6), (1024, 9), (1366, 12), (2560, 23)])
    func adaptiveColumnCounts(width: Double, expected: Int) {
        let grid = sampleGrid(.adaptive, width: width)
        #expect(grid.columnCount() == expected)
        let available = Swift.max(0, width - 32)
        #expect(close(grid.columnWidth(), Swift.max(0, (available - Double(expected - 1) * 10) / Double(expected))))
    }

    /// The visible range is exactly the set of items the model says intersect, at many offsets.
    @Test(arguments: [320.0, 375, 1024], GridColumnMode.allCases)
    func visibleItemsMatchModel(width: Double, mode: GridColumnMode) {
        let grid = sampleGrid(mode, width: width)
        let model = sampleModel(mode, width: width)
        var offset = -40.0
        while offset < model.contentLength + 40 {
            for length in [0.5, 9, 100, 480] {
                let expected = model.visible(offset: offset, length: length)
                let range = grid.visibleItems(offset: offset, length: length)
                #expect(Array(range) == expected, "offset \(offset) length \(length)")
                // Sections: the model's sections whose extent intersects.
                let sections = sampleCounts.indices.filter {
                    model.sectionStarts[$0] < offset + length && model.sectionEnds[$0] > offset
                }
                let got = grid.visibleSections(offset: offset, length: length)
                #expect(Array(got) == sections || (sections.isEmpty && got.isEmpty), "sections at \(offset)")
            }
            offset += 3.7
        }
        // Item edges exactly (integer positions with fixed rows): an item ending at the offset is out,
        // one starting at the end is out.
        for (i, r) in model.items.enumerated() where mode == .fixed {
            #expect(!grid.visibleItems(offset: r.maxY, length: 1).contains(i))
            #expect(grid.visibleItems(offset: r.minY, length: 1).contains(i))
            #expect(!grid.visibleItems(offset: r.minY - 1, length: 1).contains(i))
        }
        #expect(grid.visibleItems(offset: 0, length: 0).isEmpty)
        #expect(grid.visibleItems(offset: .nan, length: 100).isEmpty)
        #expect(Array(grid.visibleItems(offset: -.infinity, length: .infinity)) == Array(model.items.indices))
    }

    /// A section's header placed as pinned at any offset: the pinned header's frame where that section is
    /// pinned, clamped between its natural place and the next section's push elsewhere (a list pins the
    /// section at its exact offset and places the header at the offset as drawn, up to half a pixel away).
    @Test func pinnedHeaderFrameOfASection() {
        let grid = SectionedGridLayout(columns: .fixed(2), itemLength: .fixed(50), itemSpacing: 5, insets: Insets(top: 15, bottom: 9))
        grid.setSections([5, 3, 8], headerLength: 40, footerLength: 20, sectionInsets: Insets(top: 10, bottom: 10))
        grid.update(crossLength: 300)
        for offset in stride(from: 0.0, through: 700, by: 3.7) {
            if let p = grid.pinnedHeader(offset: offset) {
                #expect(grid.pinnedHeaderFrame(section: p.section, offset: offset) == p.frame)
            }
        }
        // Section 1 (starts at 255, section 2 at 440): natural place above, pushed place below.
        #expect(grid.pinnedHeaderFrame(section: 1, offset: 254.6)?.minY == 255)
        #expect(grid.pinnedHeaderFrame(section: 1, offset: 300.4)?.minY == 300.4)
        #expect(grid.pinnedHeaderFrame(section: 1, offset: 500)?.minY == 400)
        #expect(grid.pinnedHeaderFrame(section: 1, offset: 500)?.height == 40)
        // Bad sections and offsets.
        #expect(grid.pinnedHeaderFrame(section: 3, offset: 0) == nil)
        #expect(grid.pinnedHeaderFrame(section: -1, offset: 0) == nil)
        #expect(grid.pinnedHeaderFrame(section: 0, offset: .nan) == nil)
    }

    /// Sticky headers: pinned at the offset, handed over exactly where the next header's top meets the
    /// pinned header's bottom, pushed up 1:1 after that, natural at the very top.
    @Test func stickyHeaderHandOver() {
        let grid = SectionedGridLayout(columns: .fixed(2), itemLength: .fixed(50), itemSpacing: 5, insets: Insets(top: 15, bottom: 9))
        grid.setSections([5, 3, 8], headerLength: 40, footerLength: 20, sectionInsets: Insets(top: 10, bottom: 10))
        grid.update(crossLength: 300)
        let model = GridModel(counts: [5, 3, 8], header: 40, footer: 20, sectionInsets: Insets(top: 10, bottom: 10),
                              columns: .fixed(2), itemLength: .fixed(50), rowGap: 5,
                              insets: Insets(top: 15, bottom: 9), width: 300)
        // Section 0: 40 + 10 + 3 rows (50 × 3 + 5 × 2) + 10 + 20 = 240; section 1 starts at 15 + 240.
        #expect(model.sectionStarts == [15, 255, 440])
        // Above the first section: nothing pinned; headers at their natural places.
        #expect(grid.pinnedHeader(offset: 0) == nil)
        #expect(grid.pinnedHeader(offset: 14.9) == nil)
        #expect(grid.headerFrame(section: 0) == Rect(x: 0, y: 15, width: 300, height: 40))
        // At the first header's top: pinned at its natural place.
        #expect(grid.pinnedHeader(offset: 15)?.section == 0)
        #expect(grid.pinnedHeader(offset: 15)?.frame == Rect(x: 0, y: 15, width: 300, height: 40))
        // Before the push point the pinned header follows the offset.
        for offset in [16.0, 100, 200, 214.5] {
            let pinned = grid.pinnedHeader(offset: offset)
            #expect(pinned?.section == 0)
            #expect(pinned?.frame.minY == offset)
        }
        // The push point: the next header's top (255) equals the pinned header's bottom (offset + 40).
        let push = model.sectionStarts[1] - 40
        let atPush = grid.pinnedHeader(offset: push)
        #expect(atPush?.section == 0)
        #expect(atPush?.frame.minY == push)
        #expect(atPush?.frame.maxY == grid.headerFrame(section: 1)?.minY)
        // After it the header moves up 1:1 in the viewport (stays put in content), over the footer.
        for d in [0.25, 1, 10, 20, 39.5] {
            let pinned = grid.pinnedHeader(offset: push + d)
            #expect(pinned?.section == 0)
            #expect(pinned?.frame.minY == push)
            #expect(pinned.map { $0.frame.minY - (push + d) } == -d)   // its top in the viewport
            #expect(pinned?.frame.maxY == model.sectionStarts[1])
        }
        // At the next header's natural place: the next section's header takes over, at its natural place.
        #expect(grid.pinnedHeader(offset: 255)?.section == 1)
        #expect(grid.pinnedHeader(offset: 255)?.frame == grid.headerFrame(section: 1))
        #expect(grid.pinnedHeader(offset: 300)?.frame.minY == 300)
        // The last section's header is pushed by the end of its section, then gone past it.
        let end = model.sectionEnds[2]
        #expect(grid.pinnedHeader(offset: end - 40)?.frame.minY == end - 40)
        #expect(grid.pinnedHeader(offset: end - 10)?.frame.minY == end - 40)
        #expect(grid.pinnedHeader(offset: end) == nil)
        #expect(grid.pinnedHeader(offset: .nan) == nil)
    }

    /// Sections without headers pin nothing; zero-item sections with a header pin it over their footer.
    @Test func stickyHeaderMixedSections() {
        let grid = SectionedGridLayout(columns: .fixed(1), itemLength: .fixed(10))
        grid.setSections([2, 0, 3]) { s in
            GridSectionStyle(headerLength: s == 0 ? 0 : 20, footerLength: s == 1 ? 15 : 0)
        }
        grid.update(crossLength: 100)
        // Section 0: 20 long (no header); section 1: header 20 + footer 15; section 2 starts at 55.
        #expect(grid.sectionStart(1) == 20)
        #expect(grid.sectionStart(2) == 55)
        #expect(grid.pinnedHeader(offset: 5) == nil)
        #expect(grid.pinnedHeader(offset: 20)?.section == 1)
        #expect(grid.pinnedHeader(offset: 30)?.frame.minY == 30)
        #expect(grid.pinnedHeader(offset: 40)?.frame.minY == 35)   // pushed by section 2's header at 55
        #expect(grid.pinnedHeader(offset: 60)?.section == 2)
        #expect(grid.frame(ofItem: 2) == Rect(x: 0, y: 75, width: 100, height: 10))
        #expect(grid.footerFrame(section: 1) == Rect(x: 0, y: 40, width: 100, height: 15))
    }

    /// A horizontal grid is the vertical one transposed (with its insets transposed): the columns become
    /// rows stacked top to bottom, filled top to bottom, and it scrolls along x.
    @Test(arguments: [99.0, 375, 768], GridColumnMode.allCases)
    func horizontalIsTransposed(height: Double, mode: GridColumnMode) {
        let flipped = Insets(top: sampleInsets.left, left: sampleInsets.top, bottom: sampleInsets.right, right: sampleInsets.bottom)
        let grid = sampleGrid(mode, width: height, axis: .horizontal, insets: flipped)
        // The section insets are read along the axis (left/right) and across it (top/bottom).
        let model = GridModel(counts: sampleCounts, header: 30, footer: 12,
                              sectionInsets: Insets(top: sampleSectionInsets.left, left: sampleSectionInsets.top,
                                                    bottom: sampleSectionInsets.right, right: sampleSectionInsets.bottom),
                              columns: mode.columns, itemLength: mode.itemLength, rowGap: 9, columnGap: 10,
                              insets: sampleInsets, width: height)
        #expect(grid.contentSize.height == height)
        #expect(close(grid.contentSize.width, model.contentLength))
        for (i, r) in model.items.enumerated() {
            #expect(close(grid.frame(ofItem: i), transposed(r)), "item \(i)")
        }
        for s in sampleCounts.indices {
            #expect(close(grid.headerFrame(section: s), transposed(model.headers[s])))
            #expect(close(grid.footerFrame(section: s), transposed(model.footers[s])))
        }
        let offset = model.sectionStarts[2] + 17
        #expect(grid.pinnedHeader(offset: offset)?.frame.minX == offset)
        #expect(Array(grid.visibleItems(offset: offset, length: 200)) == model.visible(offset: offset, length: 200))
    }

    /// Hand-computed horizontal frames: two tracks 45 tall, items fill a column top to bottom.
    @Test func horizontalByHand() {
        let grid = SectionedGridLayout(axis: .horizontal, columns: .fixed(2), itemLength: .fixed(60), itemSpacing: 4,
                              interitemSpacing: 10, insets: Insets(top: 0, left: 3))
        grid.setItems(count: 5)
        grid.update(crossLength: 100)
        #expect(grid.frame(ofItem: 0) == Rect(x: 3, y: 0, width: 60, height: 45))
        #expect(grid.frame(ofItem: 1) == Rect(x: 3, y: 55, width: 60, height: 45))
        #expect(grid.frame(ofItem: 4) == Rect(x: 131, y: 0, width: 60, height: 45))
        #expect(grid.contentSize == Size(width: 191, height: 100))
    }

    /// Rows as a SnapGeometry: the model's rows (headers and footers skipped), the lookup agreeing with
    /// the protocol's default binary search, and SnapBehavior landing on row starts.
    @Test(arguments: GridColumnMode.allCases)
    func rowsForSnapping(mode: GridColumnMode) {
        let grid = sampleGrid(mode, width: 375)
        let model = sampleModel(mode, width: 375)
        let rows = grid.rowGeometry
        let expected = model.rows
        #expect(rows.itemCount == expected.count)
        for (k, row) in expected.enumerated() {
            #expect(close(rows.itemStart(k), row.start))
            #expect(close(rows.itemLength(k), row.length))
        }
        for (i, r) in model.items.enumerated() {
            #expect(grid.row(ofItem: i).map { rows.itemStart($0) }.map { close($0, r.minY) } == true)
        }
        let reference = DefaultSearchRows(rows: rows)
        var p = -30.0
        while p < model.contentLength + 30 {
            #expect(rows.itemIndex(containing: p) == reference.itemIndex(containing: p), "at \(p)")
            p += 2.9
        }
        // Items snapping (`.start`): row k rests at rowStart(k) - rowStart(0) + minOffset, so every row comes
        // to rest where the first one is at offset 0 (below the first header and the insets).
        let behavior = SnapBehavior.items()
        let maxOffset = model.contentLength - 300
        let stops = expected.map { Swift.min($0.start - expected[0].start, maxOffset) }
        for rest in stride(from: 0.0, through: 600, by: 37) {
            let context = SnapContext(proposedRest: rest, currentOffset: rest, dragStartOffset: rest, velocity: 0,
                                      viewportLength: 300, minOffset: 0, maxOffset: maxOffset)
            let target = behavior.target(context, geometry: rows)
            #expect(stops.contains { close($0, target) }, "rest \(rest) → \(target)")
            // No motion at the release: the nearest stop (a tie goes to the one behind).
            let r = Swift.min(rest, maxOffset)
            let below = stops.last { $0 <= r } ?? 0
            let above = stops.first { $0 > r } ?? below
            let want = r - below <= above - r ? below : above
            #expect(close(target, want), "rest \(rest) → \(target), want \(want)")
        }
        let step = behavior.stepTarget(from: 0, steps: 1, viewportLength: 300, minOffset: 0,
                                       maxOffset: maxOffset, geometry: rows)
        #expect(close(step, stops[1]))
        let back = behavior.stepTarget(from: stops[4], steps: -1, viewportLength: 300, minOffset: 0,
                                       maxOffset: maxOffset, geometry: rows)
        #expect(close(back, stops[3]))
    }

    /// 10^7 items in the demo's pattern (section s holds 12 + 7s mod 29 items, the last one cut to make
    /// exactly 10^7): section count, frames, index mapping and lookups against closed formulas.
    @Test func tenMillionItemsInSections() {
        let total = 10_000_000
        var counts: [Int] = []
        counts.reserveCapacity(390_000)
        var sum = 0
        while sum < total {
            let c = Swift.min(12 + (7 * counts.count) % 29, total - sum)
            counts.append(c)
            sum += c
        }
        // 29 consecutive sections hold 29 × 12 + (0 + 1 + ... + 28) = 754 items (7 is prime to 29).
        let cycles = total / 754                                   // 13,262 full cycles
        var rest = total - cycles * 754, extra = 0
        while rest > 0 { rest -= 12 + (7 * extra) % 29; extra += 1 }
        #expect(counts.count == cycles * 29 + extra)
        #expect(counts.count == 384_615)

        // 4 columns, 100 pt rows, 30 pt headers: section s is 30 + 100 × ceil(count / 4) long.
        let grid = SectionedGridLayout(columns: .fixed(4), itemLength: .fixed(100))
        grid.setSections(counts, headerLength: 30)
        grid.update(crossLength: 400)
        #expect(grid.itemCount == total)
        func prefixRows(_ r: Int) -> Int {
            (0..<r).reduce(0) { $0 + (12 + (7 * $1) % 29 + 3) / 4 }
        }
        var cycleLength = 0.0, cycleRows = 0
        var prefixItems = [0], prefixLength = [0.0]
        for r in 0..<29 {
            let c = 12 + (7 * r) % 29
            cycleLength += 30 + 100 * Double((c + 3) / 4)
            cycleRows += (c + 3) / 4
            prefixItems.append(prefixItems[r] + c)
            prefixLength.append(prefixLength[r] + 30 + 100 * Double((c + 3) / 4))
        }
        for s in [0, 1, 28, 29, 1000, 200_017, 384_000, 384_600] {
            let q = s / 29, r = s % 29
            let start = Double(q) * cycleLength + prefixLength[r]
            let first = q * 754 + prefixItems[r]
            #expect(grid.sectionStart(s) == start)
            #expect(grid.headerFrame(section: s) == Rect(x: 0, y: start, width: 400, height: 30))
            #expect(grid.frame(ofItem: first) == Rect(x: 0, y: start + 30, width: 100, height: 100))
            #expect(grid.frame(ofItem: first + 5) == Rect(x: 100, y: start + 130, width: 100, height: 100))
            #expect(grid.gridIndex(forFlatIndex: first + 5) == GridIndex(section: s, item: 5))
            #expect(grid.flatIndex(of: GridIndex(section: s, item: 5)) == first + 5)
            #expect(grid.visibleItems(offset: start + 30, length: 100) == first..<(first + 4))
            #expect(grid.visibleItems(offset: start + 10, length: 10).isEmpty)   // inside the header
            #expect(grid.pinnedHeader(offset: start + 45)?.section == s)
            #expect(grid.pinnedHeader(offset: start + 45)?.frame.minY == start + 45)
            #expect(grid.section(at: start) == s)
            #expect(grid.rowGeometry.itemIndex(containing: start + 30) == q * cycleRows + prefixRows(r))
        }
        #expect(grid.frame(ofItem: total - 1) != nil)
        #expect(grid.frame(ofItem: total) == nil)
        #expect(grid.contentLength == grid.sectionStart(counts.count))
        #expect(grid.buildCount == 1)

    }

    /// Hit testing: the item under a point is the one whose model frame contains it, on a lattice of
    /// points over the whole content (gaps, insets, headers and footers give nil); horizontal transposed.
    @Test(arguments: [99.0, 375, 1024], GridColumnMode.allCases)
    func itemAtPoint(width: Double, mode: GridColumnMode) {
        let grid = sampleGrid(mode, width: width)
        let model = sampleModel(mode, width: width)
        let flipped = Insets(top: sampleInsets.left, left: sampleInsets.top, bottom: sampleInsets.right, right: sampleInsets.bottom)
        let horizontal = sampleGrid(mode, width: width, axis: .horizontal, insets: flipped)
        let horizontalModel = GridModel(counts: sampleCounts, header: 30, footer: 12,
                                        sectionInsets: Insets(top: sampleSectionInsets.left, left: sampleSectionInsets.top,
                                                              bottom: sampleSectionInsets.right, right: sampleSectionInsets.bottom),
                                        columns: mode.columns, itemLength: mode.itemLength, rowGap: 9, columnGap: 10,
                                        insets: sampleInsets, width: width)
        var y = -10.3
        while y < model.contentLength + 10 {
            var x = -5.1
            while x < width + 5 {
                let p = Point(x: x, y: y)
                #expect(grid.item(at: p) == model.items.firstIndex { $0.contains(p) }, "at \(x), \(y)")
                #expect(horizontal.item(at: Point(x: y, y: x)) == horizontalModel.items.firstIndex { $0.contains(p) })
                x += width / 37 + 0.9
            }
            y += 4.3
        }
        // Exactly on the edges of every item: the top-left corner is in, the far edges are out.
        if mode == .fixed {
            for (i, r) in model.items.enumerated() where r.width > 0 {
                #expect(grid.item(at: r.origin) == i)
                #expect(grid.item(at: Point(x: r.minX, y: r.maxY)) != i)
            }
        }
        #expect(grid.item(at: Point(x: .nan, y: 50)) == nil)
        #expect(grid.item(at: Point(x: 50, y: .infinity)) == nil)
    }

    /// Per-section styles: each section's insets narrow its own columns (so adaptive sections differ in
    /// column count and, with aspect rows, in row length), headers and footers vary; against the model.
    @Test(arguments: [0.0, 320, 375, 1024], GridColumnMode.allCases)
    func perSectionStyles(width: Double, mode: GridColumnMode) {
        let counts = [9, 0, 4, 13, 1, 0, 6]
        let styles = counts.indices.map { s in
            GridSectionStyle(headerLength: Double(s % 3) * 15, footerLength: s % 2 == 0 ? 0 : 11,
                             insets: Insets(top: Double(s), left: Double(40 * s), bottom: 3, right: Double(7 * (s % 4))))
        }
        let grid = SectionedGridLayout(columns: mode.columns, itemLength: mode.itemLength, itemSpacing: 6, interitemSpacing: 10,
                              insets: sampleInsets)
        grid.setSections(counts) { styles[$0] }
        grid.update(crossLength: width)
        let model = GridModel(counts: counts, styles: styles, columns: mode.columns, itemLength: mode.itemLength,
                              rowGap: 6, columnGap: 10, insets: sampleInsets, width: width)
        #expect(close(grid.contentLength, model.contentLength))
        for (i, expected) in model.items.enumerated() {
            #expect(close(grid.frame(ofItem: i), expected), "item \(i)")
        }
        for s in counts.indices {
            #expect(close(grid.headerFrame(section: s), model.headers[s]))
            #expect(close(grid.footerFrame(section: s), model.footers[s]))
        }
        #expect(grid.rowGeometry.itemCount == model.rows.count)
        var offset = -20.0
        while offset < model.contentLength + 20 {
            #expect(Array(grid.visibleItems(offset: offset, length: 150)) == model.visible(offset: offset, length: 150))
            offset += 7.3
        }
    }

    /// Item counts beyond the layout's limit are clipped, section by section.
    @Test func countsClipped() {
        let grid = SectionedGridLayout(columns: .fixed(4), itemLength: .fixed(10))
        grid.setSections([ListLayout.maximumItemCount - 3, 5, .max, 2])
        #expect(grid.itemCount == ListLayout.maximumItemCount)
        #expect(grid.itemCount(inSection: 1) == 3)
        #expect(grid.itemCount(inSection: 2) == 0)
        #expect(grid.itemCount(inSection: 3) == 0)
        #expect(grid.contentLength.isFinite)
        #expect(grid.gridIndex(forFlatIndex: ListLayout.maximumItemCount - 1) == GridIndex(section: 1, item: 2))
    }

    /// A single section answers in O(1): sanity of positions far out.
    @Test func singleHugeSection() {
        let grid = SectionedGridLayout(columns: .fixed(3), itemLength: .fixed(80), itemSpacing: 20)
        grid.setItems(count: 1 << 40)
        grid.update(crossLength: 300)
        #expect(grid.itemCount == 1 << 40)
        let i = (1 << 39) + 8   // column 1 (2^39 = 2 mod 3), row i / 3
        let row = Double(i / 3)
        #expect(grid.frame(ofItem: i) == Rect(x: 100, y: row * 100, width: 100, height: 80))
        #expect(grid.visibleItems(offset: row * 100 + 10, length: 50) == (i - 1)..<(i + 2))
    }

    /// Nothing traps and nothing becomes NaN on bad input.
    @Test func badInput() {
        let grid = SectionedGridLayout(columns: .fixed(0), itemLength: .fixed(.nan), itemSpacing: -5, interitemSpacing: .nan,
                              insets: Insets(top: .nan, left: -3, bottom: .infinity, right: -.infinity))
        grid.setSections([-4, 3, 0, 2], headerLength: .nan, footerLength: -1,
                         sectionInsets: Insets(top: .infinity, left: .nan, bottom: -2, right: 1e300))
        for width in [Double.nan, -10, 0, .infinity, 1e300, 50] {
            grid.update(crossLength: width)
            #expect(grid.columnCount() == 1)
            #expect(grid.columnWidth() >= 0)
            #expect(grid.contentLength.isFinite)
            #expect(grid.itemCount == 5)
            #expect(grid.itemCount(inSection: 0) == 0)
            for i in 0..<5 {
                let f = grid.frame(ofItem: i)
                #expect(f != nil)
                #expect(f.map { $0.minX.isFinite && $0.minY.isFinite && $0.width >= 0 && $0.height >= 1 } == true)
            }
            #expect(grid.headerFrame(section: 1) == nil)
            #expect(grid.footerFrame(section: 1) == nil)
            #expect(grid.pinnedHeader(offset: 3) == nil)
            #expect(grid.visibleItems(offset: 0, length: .nan).isEmpty)
            #expect(grid.visibleItems(offset: -.infinity, length: .infinity) == 0..<5)
        }
        // Adaptive with a bad minimum width; aspect with bad ratios.
        for minimum in [Double.nan, 0, -1, .infinity] {
            for ratio in [Double.nan, 0, -2, .infinity] {
                let g = SectionedGridLayout(columns: .adaptive(minimumWidth: minimum), itemLength: .aspect(ratio))
                g.setItems(count: 10)
                g.update(crossLength: 200)
                #expect(g.columnCount() >= 1 && g.columnCount() <= SectionedGridLayout.maximumColumnCount)
                #expect(g.contentLength.isFinite)
                #expect(g.frame(ofItem: 9).map { $0.height >= 1 && $0.height.isFinite } == true)
            }
        }
        // Huge fixed column counts are clamped; no sections at all; 0 items.
        let wide = SectionedGridLayout(columns: .fixed(.max))
        wide.setItems(count: 3)
        wide.update(crossLength: 100)
        #expect(wide.columnCount() == SectionedGridLayout.maximumColumnCount)
        let empty = SectionedGridLayout()
        #expect(empty.contentLength == 0)
        #expect(empty.visibleItems(offset: 0, length: 100).isEmpty)
        #expect(empty.visibleSections(offset: 0, length: 100).isEmpty)
        #expect(empty.pinnedHeader(offset: 0) == nil)
        #expect(empty.rowGeometry.itemIndex(containing: 0) == nil)
        #expect(empty.rowStart(3) == 0)
        #expect(empty.gridIndex(forFlatIndex: 0) == nil)
        empty.setSections([0, 0])
        #expect(empty.visibleItems(offset: -10, length: 100).isEmpty)
        #expect(empty.rowCount == 0)
    }

    /// Changing the width or a spacing rebuilds once on the next query; the same width does not.
    @Test func rebuildsLazily() {
        let grid = SectionedGridLayout(columns: .adaptive(minimumWidth: 100))
        grid.setSections([10, 10])
        grid.update(crossLength: 320)
        _ = grid.contentLength
        _ = grid.frame(ofItem: 3)
        #expect(grid.buildCount == 1)
        grid.update(crossLength: 320)
        _ = grid.contentLength
        #expect(grid.buildCount == 1)
        grid.update(crossLength: 640)
        grid.itemSpacing = 4
        #expect(grid.columnCount() == 6)
        #expect(grid.buildCount == 2)
    }
}
