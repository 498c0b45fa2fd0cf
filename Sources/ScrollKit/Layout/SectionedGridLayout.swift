// SectionedGridLayout: a sectioned grid's geometry — its state, sections and width, indices, sizes and
// frames, and the internals every lookup builds on (the visible content and rows are in
// SectionedGridLayout+Visible.swift).

/// The geometry of a sectioned grid along its scroll axis: columns, rows, section headers and footers, the
/// visible items at an offset and the pinned ("sticky") header. Pure geometry: it draws nothing.
/// (Not `GridLayout`: SwiftUI declares that name, and ScrollKit's types need no module prefix beside it.)
///
/// ## Layout
/// Positions are content coordinates. For a vertical grid, *along the axis* is y and *across* is x; for a
/// horizontal grid the roles swap: the columns become rows of the grid (tracks stacked top to bottom) and
/// the grid's "rows" are its columns, left to right. Everything below is said for a vertical grid.
///
/// Content runs: the content inset's top, section 0, section 1, ..., the content inset's bottom. Sections
/// follow each other without a gap. A section runs:
/// header (``GridSectionStyle/headerLength``), the section inset's top, its rows, the section inset's
/// bottom, footer. A section without items is its header and footer only (no section insets).
/// Rows are ``itemSpacing`` apart; the columns are ``interitemSpacing`` apart and share the width left
/// between the content insets' and the section insets' left and right edges (``update(crossLength:)``).
/// Items fill a row left to right, then the next row (a horizontal grid fills a column top to bottom).
/// Headers and footers span the width between the *content* insets (section insets do not narrow them).
///
/// ## Indices
/// A *flat index* counts items only, in order: section 0's items, then section 1's, ...; headers and footers
/// are not items. ``gridIndex(forFlatIndex:)`` and ``flatIndex(of:)`` convert, in O(log S) (S = sections).
/// *Rows* are numbered the same way across sections (``rowCount``, ``rowStart(_:)``); header and footer rows
/// are not rows: ``rowGeometry`` lets ``SnapBehavior`` snap to item rows, skipping headers and footers.
///
/// ## Sticky headers
/// ``pinnedHeader(offset:)``: UITableView's plain style. The section at the viewport's top edge has its header
/// pinned at that edge; it stays there over the section's rows and footer, and is pushed up by the end of
/// its section (the next section's header top), so the pinned header's bottom never passes below the next
/// header's top. Above the first section (offset in the top content inset) nothing is pinned and every
/// header is at its natural place.
///
/// ```swift
/// let grid = SectionedGridLayout(columns: .adaptive(minimumWidth: 100), itemLength: .aspect(1), interitemSpacing: 8)
/// grid.setSections([20, 13], headerLength: 30)
/// grid.update(crossLength: 375)        // 3 columns, (375 - 16) / 3 wide
/// grid.visibleItems(offset: 0, length: 600)
/// ```
///
/// ## Cost
/// Setting sections stores the cumulative item counts (O(S) time, 8 bytes per section; 48 more with
/// per-section styles). The first query after a change of sections, width, spacing, insets, columns or item
/// length builds the cumulative row counts and section starts (O(S), 16 bytes per section). Then every
/// lookup (frames, visible items and sections, pinned header, index conversion, rows) is O(log S) binary
/// search over the sections plus O(1) inside a section: O(1) for a single section, whatever the item count.
/// 10,000,000 items in 385,000 sections cost about 9 MB and a few milliseconds per width change.
///
/// ## Bad input never traps
/// - Negative section counts count as 0; item counts beyond ``ListLayout/maximumItemCount`` in total are
///   clipped (the last sections lose items). Empty sections and no sections at all are fine.
/// - `.fixed` columns below 1 count as 1; above ``maximumColumnCount`` as that; adaptive columns: see
///   ``GridColumns/adaptive(minimumWidth:)``, also clamped to ``maximumColumnCount``.
/// - A negative, NaN or infinite width (``update(crossLength:)``), spacing, inset, header or footer length
///   counts as 0 (a huge one as ``ListLayout/maximumItemSize``). A width too narrow for the insets gives
///   0-wide columns (frames keep their positions, width 0), never negative widths.
/// - Item lengths: see ``GridItemLength``; rows are never shorter than 1 pt.
/// - Out-of-range indices give `nil` frames; NaN offsets give empty ranges and no pinned header.
/// - `.both` as an axis lays the grid out vertically.
public final class SectionedGridLayout {
    /// The largest column count (2^16); more would only give sub-point columns.
    public static let maximumColumnCount = 1 << 16

    /// The scroll axis. `.both` is treated as `.vertical`.
    public var axis: ScrollAxis { didSet { invalidate() } }
    /// How the columns are chosen.
    public var columns: GridColumns { didSet { invalidate() } }
    /// The items' length along the axis.
    public var itemLength: GridItemLength { didSet { invalidate() } }
    /// The gap between rows (along the axis), in points; negative/NaN count as 0.
    public var itemSpacing: Double {
        get { storedItemSpacing }
        set { storedItemSpacing = ListLayout.sanitizedLength(newValue); invalidate() }
    }
    /// The gap between columns (across the axis), in points; negative/NaN count as 0.
    public var interitemSpacing: Double {
        get { storedInteritemSpacing }
        set { storedInteritemSpacing = ListLayout.sanitizedLength(newValue); invalidate() }
    }
    /// Content insets: along the axis, padding before the first and after the last section; across it,
    /// they narrow everything (items, headers, footers). Negative/NaN/infinite edges count as 0.
    public var insets: Insets {
        get { storedInsets }
        set { storedInsets = Self.sanitized(newValue); invalidate() }
    }

    /// The viewport's length across the axis given to the last ``update(crossLength:)`` (sanitized).
    public private(set) var crossLength: Double = 0
    /// The number of sections.
    public var sectionCount: Int { firstItem.count - 1 }
    /// The number of items in all sections.
    public var itemCount: Int { firstItem[firstItem.count - 1] }

    private var storedItemSpacing: Double = 0
    private var storedInteritemSpacing: Double = 0
    private(set) var storedInsets: Insets = .zero
    /// `firstItem[s]`: the flat index of section `s`'s first item; `firstItem[S]` = item count.
    private(set) var firstItem: [Int] = [0]
    /// The style of every section when uniform (`styles` empty), sanitized.
    private var uniformStyle = GridSectionStyle.plain
    /// Per-section styles, sanitized; empty when every section has `uniformStyle`.
    private(set) var styles: [GridSectionStyle] = []
    /// Built lazily: `firstRow[s]` (global index of section `s`'s first row; `[S]` = row count) and
    /// `starts[s]` (where section `s`'s header begins; `[S]` = where the last section ends).
    private(set) var firstRow: [Int] = [0]
    private(set) var starts: [Double] = [0]
    private var uniformMetrics = Metrics(columns: 1, columnWidth: 0, rowLength: 1, crossStart: 0)
    private var isBuilt = false
    /// How many times the per-section positions were built (for tests).
    public private(set) var buildCount = 0

    /// Creates an empty grid (no sections, 0 wide until ``update(crossLength:)``).
    public init(axis: ScrollAxis = .vertical, columns: GridColumns = .fixed(2), itemLength: GridItemLength = .aspect(1),
                itemSpacing: Double = 0, interitemSpacing: Double = 0, insets: Insets = .zero) {
        self.axis = axis
        self.columns = columns
        self.itemLength = itemLength
        self.itemSpacing = itemSpacing
        self.interitemSpacing = interitemSpacing
        self.insets = insets
    }

    /// A copy of this layout as it is (sections, styles, width, spacings and its built positions): the geometry
    /// before a batch of changes, asked where cards and headers were. O(S).
    func snapshot() -> SectionedGridLayout {
        let copy = SectionedGridLayout(axis: axis, columns: columns, itemLength: itemLength,
                                       itemSpacing: storedItemSpacing, interitemSpacing: storedInteritemSpacing,
                                       insets: storedInsets)
        copy.crossLength = crossLength
        copy.firstItem = firstItem
        copy.uniformStyle = uniformStyle
        copy.styles = styles
        copy.firstRow = firstRow
        copy.starts = starts
        copy.uniformMetrics = uniformMetrics
        copy.isBuilt = isBuilt
        return copy
    }

    // MARK: - Sections and width

    /// Lays out one section per entry of `counts` (negative counts = 0), all with the same header, footer
    /// and section insets (lengths of 0 = no header / footer). O(S).
    public func setSections(_ counts: [Int], headerLength: Double = 0, footerLength: Double = 0,
                            sectionInsets: Insets = .zero) {
        storeCounts(counts)
        uniformStyle = Self.sanitized(GridSectionStyle(headerLength: headerLength, footerLength: footerLength,
                                                       insets: sectionInsets))
        styles = []
        invalidate()
    }

    /// Lays out one section per entry of `counts`, section `s` styled by `style(s)` (called once per
    /// section, in order, now). O(S).
    public func setSections(_ counts: [Int], style: (Int) -> GridSectionStyle) {
        storeCounts(counts)
        styles = (0..<counts.count).map { Self.sanitized(style($0)) }
        uniformStyle = .plain
        invalidate()
    }

    /// One section of `count` items, no header or footer. O(1).
    public func setItems(count: Int) { setSections([count]) }

    /// Sets the viewport's length across the axis (its width for a vertical grid); the column count and
    /// width follow on the next query. NaN/negative/infinite count as 0.
    public func update(crossLength: Double) {
        let c = ListLayout.sanitizedLength(crossLength)
        guard c != self.crossLength else { return }
        self.crossLength = c
        invalidate()
    }

    /// The number of items in section `section` (0 out of range).
    public func itemCount(inSection section: Int) -> Int {
        guard section >= 0, section < sectionCount else { return 0 }
        return firstItem[section + 1] - firstItem[section]
    }

    /// Every section's item count, in order. O(S).
    var itemCounts: [Int] {
        var counts = [Int](repeating: 0, count: sectionCount)
        firstItem.withUnsafeBufferPointer { f in
            for s in counts.indices { counts[s] = f[s + 1] - f[s] }
        }
        return counts
    }

    /// The (sanitized) style of section `section` (`.plain` out of range).
    public func style(ofSection section: Int) -> GridSectionStyle {
        guard section >= 0, section < sectionCount else { return .plain }
        return styles.isEmpty ? uniformStyle : styles[section]
    }

    /// The number of columns of section `section` at the current width (1 for out-of-range sections).
    public func columnCount(inSection section: Int = 0) -> Int { metrics(section).columns }

    /// The width of section `section`'s columns (across the axis) at the current width.
    public func columnWidth(inSection section: Int = 0) -> Double { metrics(section).columnWidth }

    // MARK: - Indices

    /// The section and item of flat index `index`, or `nil` out of range. O(log S).
    public func gridIndex(forFlatIndex index: Int) -> GridIndex? {
        guard index >= 0, index < itemCount else { return nil }
        let s = section(ofItem: index)
        return GridIndex(section: s, item: index - firstItem[s])
    }

    /// The flat index of `index`, or `nil` when its section or item is out of range. O(1).
    public func flatIndex(of index: GridIndex) -> Int? {
        guard index.item >= 0, index.item < itemCount(inSection: index.section) else { return nil }
        return firstItem[index.section] + index.item
    }

    // MARK: - Sizes and frames

    /// The content length along the axis: leading inset, every section, trailing inset.
    public var contentLength: Double {
        build()
        return starts[sectionCount] + trailing(storedInsets)
    }

    /// The content size: ``contentLength`` along the axis, ``crossLength`` across.
    public var contentSize: Size {
        axis == .horizontal ? Size(width: contentLength, height: crossLength) : Size(width: crossLength, height: contentLength)
    }

    /// The frame of the item with flat index `index`, in content coordinates; `nil` out of range. O(log S).
    public func frame(ofItem index: Int) -> Rect? {
        guard index >= 0, index < itemCount else { return nil }
        build()
        let s = section(ofItem: index)
        let m = metrics(s), i = index - firstItem[s]
        let row = i / m.columns, column = i % m.columns
        return rect(along: rowStart(section: s, row: row, m), alongLength: m.rowLength,
                    cross: m.crossStart + Double(column) * (m.columnWidth + storedInteritemSpacing), crossLength: m.columnWidth)
    }

    /// The frame of `index` (section and item), or `nil` out of range.
    public func frame(of index: GridIndex) -> Rect? {
        flatIndex(of: index).flatMap { frame(ofItem: $0) }
    }

    /// The item whose frame contains `point` (content coordinates; min edges inclusive, max edges exclusive,
    /// as ``Rect/contains(_:)``), for hit testing. `nil` in the spacing between rows and columns, in insets,
    /// headers and footers, in a last row's empty cells, outside the content, and for NaN. O(log S).
    public func item(at point: Point) -> Int? {
        let along = isHorizontal ? point.x : point.y, across = isHorizontal ? point.y : point.x
        guard !along.isNaN, !across.isNaN, let r = rowIndex(containing: along) else { return nil }
        let s = section(ofRow: r), m = metrics(s), k = r - firstRow[s]
        let start = rowStart(section: s, row: k, m)
        guard along >= start, along < start + m.rowLength, m.columnWidth > 0 else { return nil }
        let stride = m.columnWidth + storedInteritemSpacing
        let guess = ((across - m.crossStart) / stride).rounded(.down)
        guard guess >= -1, guess <= Double(m.columns) else { return nil }
        // The column whose frame (as frame(ofItem:) computes it) holds the point; the guess may be off by one.
        for column in (Int(guess) - 1)...(Int(guess) + 1) where column >= 0 && column < m.columns {
            let x = m.crossStart + Double(column) * stride
            guard across >= x, across < x + m.columnWidth else { continue }
            let item = k * m.columns + column
            return item < itemCount(inSection: s) ? firstItem[s] + item : nil
        }
        return nil
    }

    /// The natural frame of section `section`'s header (where it is when not pinned); `nil` when the
    /// section has no header or is out of range. O(1).
    public func headerFrame(section: Int) -> Rect? {
        let h = style(ofSection: section).headerLength
        guard h > 0 else { return nil }
        build()
        return decorationFrame(along: starts[section], length: h)
    }

    /// The frame of section `section`'s footer; `nil` when it has none or is out of range. O(1).
    public func footerFrame(section: Int) -> Rect? {
        let f = style(ofSection: section).footerLength
        guard f > 0 else { return nil }
        build()
        return decorationFrame(along: starts[section + 1] - f, length: f)
    }

    /// Where section `section` begins along the axis (its header's top), for `section` in `0...sectionCount`
    /// (clamped); `sectionCount` gives the end of the last section.
    public func sectionStart(_ section: Int) -> Double {
        build()
        return starts[min(max(section, 0), sectionCount)]
    }

    // MARK: - Internals

    struct Metrics {
        var columns: Int
        var columnWidth: Double
        var rowLength: Double
        /// Where column 0 begins across the axis.
        var crossStart: Double
    }

    private static func sanitized(_ i: Insets) -> Insets {
        Insets(top: ListLayout.sanitizedLength(i.top), left: ListLayout.sanitizedLength(i.left),
               bottom: ListLayout.sanitizedLength(i.bottom), right: ListLayout.sanitizedLength(i.right))
    }

    private static func sanitized(_ s: GridSectionStyle) -> GridSectionStyle {
        GridSectionStyle(headerLength: ListLayout.sanitizedLength(s.headerLength),
                         footerLength: ListLayout.sanitizedLength(s.footerLength), insets: sanitized(s.insets))
    }

    private var isHorizontal: Bool { axis == .horizontal }
    func leading(_ i: Insets) -> Double { isHorizontal ? i.left : i.top }
    private func trailing(_ i: Insets) -> Double { isHorizontal ? i.right : i.bottom }
    private func crossLeading(_ i: Insets) -> Double { isHorizontal ? i.top : i.left }
    private func crossTrailing(_ i: Insets) -> Double { isHorizontal ? i.bottom : i.right }

    private func rect(along a: Double, alongLength l: Double, cross c: Double, crossLength w: Double) -> Rect {
        isHorizontal ? Rect(x: a, y: c, width: l, height: w) : Rect(x: c, y: a, width: w, height: l)
    }

    func decorationFrame(along a: Double, length l: Double) -> Rect {
        let c = crossLeading(storedInsets)
        return rect(along: a, alongLength: l, cross: c, crossLength: max(0, crossLength - c - crossTrailing(storedInsets)))
    }

    private func storeCounts(_ counts: [Int]) {
        var starts = [Int]()
        starts.reserveCapacity(counts.count + 1)
        var total = 0
        for c in counts {
            starts.append(total)
            total += min(max(c, 0), ListLayout.maximumItemCount - total)
        }
        starts.append(total)
        firstItem = starts
    }

    private func invalidate() { isBuilt = false }

    /// Columns, their width and the row length for a section with `style` at the current width.
    private func computeMetrics(_ style: GridSectionStyle) -> Metrics {
        let crossStart = crossLeading(storedInsets) + crossLeading(style.insets)
        let available = max(0, crossLength - crossStart - crossTrailing(storedInsets) - crossTrailing(style.insets))
        let gap = storedInteritemSpacing
        var n: Int
        switch columns {
        case .fixed(let c):
            n = c
        case .adaptive(let minimumWidth):
            let w = ListLayout.sanitizedSize(minimumWidth)
            let fit = ((available + gap) / (w + gap)).rounded(.down)
            n = Int.clamped(fit, to: 1...Self.maximumColumnCount, nan: 1)   // NaN (a gap of −width) is 1
        }
        n = min(max(n, 1), Self.maximumColumnCount)
        let width = max(0, (available - Double(n - 1) * gap) / Double(n))
        let length: Double
        switch itemLength {
        case .fixed(let l):
            length = ListLayout.sanitizedSize(l)
        case .aspect(let ratio):
            let r = ratio.isNaN || ratio <= 0 ? 1 : ratio
            length = ListLayout.sanitizedSize(width * r)
        }
        return Metrics(columns: n, columnWidth: width, rowLength: length, crossStart: crossStart)
    }

    func metrics(_ s: Int) -> Metrics {
        build()
        guard !styles.isEmpty, s >= 0, s < styles.count else { return uniformMetrics }
        return computeMetrics(styles[s])
    }

    /// Builds `firstRow` and `starts` from the counts, styles, width and spacings. O(S).
    func build() {
        guard !isBuilt else { return }
        isBuilt = true
        buildCount += 1
        uniformMetrics = computeMetrics(uniformStyle)
        let sc = sectionCount
        var rows = [Int](), starts = [Double]()
        rows.reserveCapacity(sc + 1)
        starts.reserveCapacity(sc + 1)
        var r = 0
        var y = leading(storedInsets)
        let spacing = storedItemSpacing
        for s in 0..<sc {
            rows.append(r)
            starts.append(y)
            let style = styles.isEmpty ? uniformStyle : styles[s]
            let m = styles.isEmpty ? uniformMetrics : computeMetrics(style)
            let count = firstItem[s + 1] - firstItem[s]
            y += style.headerLength
            if count > 0 {
                let k = (count - 1) / m.columns + 1
                r += k
                y += leading(style.insets) + Double(k) * m.rowLength + Double(k - 1) * spacing + trailing(style.insets)
            }
            y += style.footerLength
        }
        rows.append(r)
        starts.append(y)
        firstRow = rows
        self.starts = starts
    }

    /// The section holding flat item `index` (in range): the last section starting at or before it that
    /// has items. O(log S).
    func section(ofItem index: Int) -> Int {
        partitionPoint(in: 0..<sectionCount) { self.firstItem[$0 + 1] > index }
    }

    /// The section holding global row `row` (in range). O(log S).
    func section(ofRow row: Int) -> Int {
        build()
        return partitionPoint(in: 0..<sectionCount) { self.firstRow[$0 + 1] > row }
    }

    /// Where section `s`'s first row starts (for an empty section, where its footer starts). Non-decreasing in `s`.
    func rowsStart(_ s: Int) -> Double {
        let style = styles.isEmpty ? uniformStyle : styles[s]
        let inset = firstItem[s + 1] > firstItem[s] ? leading(style.insets) : 0
        return starts[s] + style.headerLength + inset
    }

    /// Where section `s`'s last row ends (for an empty section, where its footer starts). Non-decreasing in `s`.
    func rowsEnd(_ s: Int) -> Double {
        let style = styles.isEmpty ? uniformStyle : styles[s]
        let inset = firstItem[s + 1] > firstItem[s] ? trailing(style.insets) : 0
        return starts[s + 1] - style.footerLength - inset
    }

    /// The canonical start of row `row` of section `s`: every row position is computed here, so lookups
    /// and frames agree to the bit.
    @inline(__always)
    func rowStart(section s: Int, row: Int, _ m: Metrics) -> Double {
        rowsStart(s) + Double(row) * (m.rowLength + storedItemSpacing)
    }

    /// The last row of (non-empty) section `s` whose start is `<= p` (inclusive) or `< p`; -1 when none.
    func rowIndex(section s: Int, lastStartingBefore p: Double, inclusive: Bool, _ m: Metrics) -> Int {
        let rows = firstRow[s + 1] - firstRow[s]
        @inline(__always) func before(_ x: Double) -> Bool { inclusive ? x <= p : x < p }
        let stride = m.rowLength + storedItemSpacing
        var q = ((p - rowsStart(s)) / stride).rounded(.down)
        if q.isNaN { q = p > 0 ? Double(rows) : -1 }
        q = min(max(q, -1), Double(rows - 1))
        var k = Int(q)
        while k >= 0 && !before(rowStart(section: s, row: k, m)) { k -= 1 }
        while k + 1 < rows && before(rowStart(section: s, row: k + 1, m)) { k += 1 }
        return k
    }
}
