// ListLayout: a list's geometry along its scroll axis — its state; setting, measuring, inserting, removing
// and moving items; and the block prefix sums every lookup reads (the positions are in
// ListLayout+Positions.swift).

/// The geometry of a list along its scroll axis: where each item starts, how long it is, and which
/// items a stretch of content holds.
///
/// Positions are content coordinates along the axis (y for a vertical list, x for a horizontal one).
/// Content runs: leading inset, item 0, spacing, item 1, ..., spacing, item n-1, trailing inset. The
/// leading and trailing insets along the axis are content padding; the two cross-axis insets narrow the
/// items' frames (see ``frame(of:crossLength:)``).
///
/// ```swift
/// let layout = ListLayout(axis: .vertical, itemSpacing: 8)
/// layout.setItems(count: 1000, fixedSize: 60)
/// layout.visibleRange(offset: 130, length: 600)   // 1..<11
/// ```
///
/// Cost:
/// - **Fixed sizes**: every query is O(1) and nothing is stored, whatever the count.
/// - **Variable sizes** (``setItems(count:size:)``): nothing is read when the items are set. The first
///   query afterwards reads every size once, in index order (O(n) time, 8 bytes per item), and builds
///   a Fenwick tree of prefix sums over blocks of ``blockSize`` items (linear-time construction).
///   From then on a position-to-index lookup is O(log n) and an index-to-position lookup is
///   O(log n + blockSize); neither reads a size again. ``updateSize(at:)`` changes one size in O(log n).
///   10,000,000 items cost about 80 MB and one pass over the sizes.
///
/// - **Estimated sizes** (``setItems(count:estimatedSize:)``): every item starts at the estimate (filled
///   on the first query, O(n) memory fill, no calls); ``setMeasuredSize(_:at:)`` gives an item its real
///   length in O(log n) as it comes near the viewport (``ListView`` does this for self-sizing data sources).
///
/// Bad input never traps:
/// - Sizes below ``minimumItemSize`` (1 pt), including 0, negative values and NaN, count as 1 pt;
///   sizes above ``maximumItemSize`` (including +infinity) count as that maximum.
/// - A negative, NaN or infinite spacing or inset counts as 0 (and one above ``maximumItemSize`` as that).
/// - A negative count counts as 0; counts above ``maximumItemCount`` (fixed sizes) or
///   ``maximumVariableItemCount`` (variable sizes) are clamped to those limits.
/// - `.both` as an axis lays items out vertically.
public final class ListLayout {
    /// The smallest length an item can have, in points. Smaller, zero, negative and NaN sizes become this.
    public static let minimumItemSize: Double = 1
    /// The item length a data source reports by default when it gives neither sizes nor a fixed size (44 pt).
    public static let defaultItemSize: Double = 44
    /// The largest length an item can have, in points (also what +infinity becomes).
    public static let maximumItemSize: Double = 1_000_000
    /// The largest item count a fixed-size layout accepts (2^40); positions stay exact to well under a point.
    public static let maximumItemCount: Int = 1 << 40
    /// The largest item count a variable-size layout accepts (2^26, about 67 million items, 512 MB of sizes).
    public static let maximumVariableItemCount: Int = 1 << 26
    /// How many items share one entry of the prefix-sum tree (variable sizes only).
    public static let blockSize: Int = 1 << blockShift
    static let blockShift = 5

    /// Clamps a size from a data source into `minimumItemSize...maximumItemSize` (NaN becomes the minimum).
    public static func sanitizedSize(_ size: Double) -> Double {
        guard size >= minimumItemSize else { return minimumItemSize }   // also catches NaN
        return min(size, maximumItemSize)
    }

    /// A spacing or inset: negative, NaN and infinite values become 0; values above `maximumItemSize`
    /// become that maximum (so content lengths stay finite).
    static func sanitizedLength(_ value: Double) -> Double {
        value.isFinite && value > 0 ? min(value, maximumItemSize) : 0
    }

    /// The scroll axis. `.both` is treated as `.vertical`.
    public var axis: ScrollAxis
    /// The gap between neighbouring items along the axis, in points (sanitized on read: negative/NaN → 0).
    public var itemSpacing: Double {
        get { spacing }
        set { spacing = Self.sanitizedLength(newValue) }
    }
    /// Insets around the items. Along the axis they are content padding before the first and after the
    /// last item; across it they narrow every item's frame. Negative/NaN/infinite edges count as 0.
    public var insets: Insets {
        get { storedInsets }
        set {
            storedInsets = Insets(top: Self.sanitizedLength(newValue.top), left: Self.sanitizedLength(newValue.left),
                                      bottom: Self.sanitizedLength(newValue.bottom), right: Self.sanitizedLength(newValue.right))
        }
    }

    /// The number of items laid out.
    public private(set) var itemCount: Int = 0
    /// The common item length when every item has the same size, `nil` for variable sizes.
    public private(set) var fixedItemSize: Double?

    private(set) var spacing: Double = 0
    private(set) var storedInsets: Insets = .zero
    private var sizeProvider: ((Int) -> Double)?
    /// The estimate every unmeasured item has (estimated layouts only).
    private var estimate: Double?
    /// One flag per item of an estimated layout: set once its real size was given (``setMeasuredSize(_:at:)``).
    /// (A byte each rather than a bit, so that inserting and removing items is one array operation.)
    private var measuredFlags: [Bool] = []
    /// Per-item lengths (variable sizes only), valid once `isBuilt`.
    private(set) var sizes: [Double] = []
    /// Fenwick tree over block sums, 1-based: `tree[k]` covers blocks `(k - lowbit(k)) ..< k`.
    private var tree: [Double] = []
    private var blockCount: Int = 0
    private var isBuilt = true
    /// How many times the sizes were read in full (for tests: stays 1 after the first query).
    public private(set) var buildCount = 0

    /// Creates an empty layout.
    public init(axis: ScrollAxis = .vertical, itemSpacing: Double = 0, insets: Insets = .zero) {
        self.axis = axis
        self.itemSpacing = itemSpacing
        self.insets = insets
    }

    // MARK: - Items

    /// Lays out `count` items that all have length `fixedSize` (sanitized). O(1).
    public func setItems(count: Int, fixedSize: Double) {
        itemCount = min(max(count, 0), Self.maximumItemCount)
        fixedItemSize = Self.sanitizedSize(fixedSize)
        sizeProvider = nil
        estimate = nil
        measuredFlags = []
        measuredItemCount = 0
        sizes = []
        tree = []
        blockCount = 0
        isBuilt = true
    }

    /// Lays out `count` items whose lengths come from `size` (sanitized).
    ///
    /// O(1) now: `size` is called for each index once, in order, on the first query that needs
    /// positions, and the layout keeps its own copy until the next `setItems` or ``updateSize(at:)``.
    public func setItems(count: Int, size: @escaping (Int) -> Double) {
        itemCount = min(max(count, 0), Self.maximumVariableItemCount)
        fixedItemSize = nil
        sizeProvider = size
        estimate = nil
        measuredFlags = []
        measuredItemCount = 0
        sizes = []
        tree = []
        blockCount = 0
        isBuilt = false
    }

    /// Lays out `count` items that all start at length `estimatedSize` (sanitized) until their real sizes
    /// are given one by one with ``setMeasuredSize(_:at:)``: self-sizing, where measuring an item is costly
    /// (laying out its text) and is done only as it comes near the viewport.
    ///
    /// O(1) now; the first query fills the sizes with the estimate (a memory fill, O(n): about 1 ms per
    /// million items) and builds the prefix sums. Measuring one item is then O(log n).
    public func setItems(count: Int, estimatedSize: Double) {
        itemCount = min(max(count, 0), Self.maximumVariableItemCount)
        fixedItemSize = nil
        sizeProvider = nil
        let e = Self.sanitizedSize(estimatedSize)
        estimate = e
        measuredFlags = [Bool](repeating: false, count: itemCount)
        measuredItemCount = 0
        sizes = []
        tree = []
        blockCount = 0
        isBuilt = false
    }

    /// The estimate unmeasured items have, or `nil` when the layout is not estimated.
    public var estimatedItemSize: Double? { estimate }

    /// How many items of an estimated layout have their measured size (0 for other layouts).
    public private(set) var measuredItemCount = 0

    /// Whether item `index` has its real size: always true for fixed and plain variable layouts; for an
    /// estimated layout, once ``setMeasuredSize(_:at:)`` gave it (and not invalidated since). False out of range.
    public func isMeasured(_ index: Int) -> Bool {
        guard index >= 0, index < itemCount else { return false }
        guard estimate != nil else { return true }
        return measuredFlags[index]
    }

    /// Gives item `index` its real length (sanitized) and marks it measured. O(log n). Works on any
    /// variable layout (a plain one keeps the new size until the next `setItems`); does nothing for fixed
    /// sizes and out-of-range indices.
    public func setMeasuredSize(_ size: Double, at index: Int) {
        guard fixedItemSize == nil, index >= 0, index < itemCount else { return }
        buildIfNeeded()
        if estimate != nil {
            if !measuredFlags[index] {
                measuredFlags[index] = true
                measuredItemCount += 1
            }
        }
        replaceSize(at: index, with: Self.sanitizedSize(size))
    }

    /// Marks every item of an estimated layout unmeasured (they keep their current sizes until measured
    /// again), as when the width they were measured at changed. O(n).
    public func invalidateMeasurements() {
        guard estimate != nil else { return }
        for k in measuredFlags.indices { measuredFlags[k] = false }
        measuredItemCount = 0
    }

    /// Marks item `index` of an estimated layout unmeasured (it keeps its current size until measured again).
    public func invalidateMeasurement(at index: Int) {
        guard estimate != nil, index >= 0, index < itemCount else { return }
        if measuredFlags[index] {
            measuredFlags[index] = false
            measuredItemCount -= 1
        }
    }

    private func replaceSize(at index: Int, with new: Double) {
        let delta = new - sizes[index]
        guard delta != 0 else { return }
        sizes[index] = new
        var k = (index >> Self.blockShift) + 1
        while k <= blockCount {
            tree[k] += delta
            k += k & -k
        }
    }

    /// Re-reads the size of item `index` from the size function and updates the prefix sums in O(log n).
    /// Does nothing for fixed sizes, out-of-range indices, or before the sizes were first read.
    public func updateSize(at index: Int) {
        guard isBuilt, fixedItemSize == nil, let sizeProvider, index >= 0, index < itemCount else { return }
        replaceSize(at: index, with: Self.sanitizedSize(sizeProvider(index)))
    }

    /// Whether the variable sizes have been read (always true for fixed sizes).
    public var hasBuiltSizes: Bool { isBuilt }

    private func buildIfNeeded() {
        guard !isBuilt else { return }
        isBuilt = true
        buildCount += 1
        let n = itemCount
        let provider = sizeProvider
        if let estimate {
            sizes = [Double](repeating: estimate, count: n)
        } else {
            sizes = [Double](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n { buffer[i] = Self.sanitizedSize(provider?(i) ?? Self.minimumItemSize) }
                initialized = n
            }
        }
        rebuildTree()
    }

    // MARK: - Inserting, removing and moving items

    /// Inserts `count` items before `index` (clamped to `0...itemCount`). Fixed sizes: O(1). Variable sizes:
    /// the new items' sizes are read from the size function (which must answer for the new indices), or, for
    /// an estimated layout, start unmeasured at the estimate; O(n) (the sizes move and the prefix sums are
    /// rebuilt, lazily, once for a batch). Before the sizes were first read, only the count changes.
    public func insertItems(at index: Int, count: Int) {
        guard count > 0 else { return }
        let limit = fixedItemSize == nil ? Self.maximumVariableItemCount : Self.maximumItemCount
        let n = min(count, limit - itemCount)
        guard n > 0 else { return }
        let at = min(max(index, 0), itemCount)
        itemCount += n
        if estimate != nil { measuredFlags.insert(contentsOf: repeatElement(false, count: n), at: at) }
        guard fixedItemSize == nil, isBuilt else { return }
        if let estimate {
            sizes.insert(contentsOf: repeatElement(estimate, count: n), at: at)
        } else {
            let provider = sizeProvider
            sizes.insert(contentsOf: (at..<(at + n)).map { Self.sanitizedSize(provider?($0) ?? Self.minimumItemSize) }, at: at)
        }
        rebuildTree()
    }

    /// Removes the items `index ..< index + count` (clipped to the items there are). O(1) fixed, O(n) variable.
    public func removeItems(at index: Int, count: Int) {
        let lo = min(max(index, 0), itemCount), hi = min(max(index, 0) + max(count, 0), itemCount)
        guard hi > lo else { return }
        itemCount -= hi - lo
        if estimate != nil {
            measuredItemCount -= measuredFlags[lo..<hi].lazy.filter { $0 }.count
            measuredFlags.removeSubrange(lo..<hi)
        }
        guard fixedItemSize == nil, isBuilt else { return }
        sizes.removeSubrange(lo..<hi)
        rebuildTree()
    }

    /// Moves item `from` to index `to` (both clamped to the items), keeping its size and measured state.
    /// O(1) fixed, O(n) variable.
    public func moveItem(from: Int, to: Int) {
        guard itemCount > 0 else { return }
        let a = min(max(from, 0), itemCount - 1), b = min(max(to, 0), itemCount - 1)
        guard a != b else { return }
        if estimate != nil { measuredFlags.insert(measuredFlags.remove(at: a), at: b) }
        guard fixedItemSize == nil, isBuilt else { return }
        sizes.insert(sizes.remove(at: a), at: b)
        rebuildTree()
    }

    /// Applies a batch of ``ListChange``s (their indices as ``ListView/performChanges(_:animation:)`` reads
    /// them: each in the list as it is after the ones before) in one pass: the changes are first applied to an
    /// ``ItemOrder`` (runs of old items; identifiers from the old count on are new items), then the sizes
    /// and measured flags are copied once and the prefix sums rebuilt once. O(n + changes²) for variable
    /// sizes, O(changes²) for fixed. New items start at the estimate (unmeasured) or, for plain variable
    /// layouts, at the minimum size until ``updateSize(at:)`` reads them. Indices must be valid (ListView
    /// validates them first); out-of-range ones are clamped.
    func applyChanges(_ changes: [ListChange]) {
        let oldCount = itemCount
        var order = ItemOrder(count: oldCount)
        for change in changes { order.apply(change) }
        let limit = fixedItemSize == nil ? Self.maximumVariableItemCount : Self.maximumItemCount
        itemCount = min(order.count, limit)
        if estimate != nil {
            var flags: [Bool] = []
            flags.reserveCapacity(itemCount)
            for r in order.runs {
                if r.start >= oldCount { flags.append(contentsOf: repeatElement(false, count: r.count)) }
                else { flags.append(contentsOf: measuredFlags[r.start..<(r.start + r.count)]) }
            }
            measuredFlags = Array(flags.prefix(itemCount))
            measuredItemCount = measuredFlags.lazy.filter { $0 }.count
        }
        guard fixedItemSize == nil, isBuilt, oldCount == sizes.count else { return }
        let fill = estimate ?? Self.minimumItemSize
        var newSizes: [Double] = []
        newSizes.reserveCapacity(itemCount)
        for r in order.runs {
            if r.start >= oldCount { newSizes.append(contentsOf: repeatElement(fill, count: r.count)) }
            else { newSizes.append(contentsOf: sizes[r.start..<(r.start + r.count)]) }
        }
        sizes = Array(newSizes.prefix(itemCount))
        rebuildTree()
    }

    /// Rebuilds the prefix sums from `sizes` (linear time).
    private func rebuildTree() {
        let n = itemCount
        blockCount = (n + Self.blockSize - 1) >> Self.blockShift
        let nb = blockCount
        tree = [Double](repeating: 0, count: nb + 1)
        sizes.withUnsafeBufferPointer { s in
            tree.withUnsafeMutableBufferPointer { t in
                for i in 0..<n { t[(i >> Self.blockShift) + 1] += s[i] }
                if nb > 0 {
                    for k in 1...nb {
                        let parent = k + (k & -k)
                        if parent <= nb { t[parent] += t[k] }
                    }
                }
            }
        }
    }

    // MARK: - Internals

    /// Length of an in-range item.
    @inline(__always)
    func length(_ i: Int) -> Double {
        if let fixedItemSize { return fixedItemSize }
        buildIfNeeded()
        return sizes[i]
    }

    /// The canonical start of item `i` for `i` in `0...itemCount`. Every other computation of a start
    /// goes through here (or repeats its exact summation order), so lookups and positions agree to the bit.
    func start(_ i: Int) -> Double {
        if let fixedItemSize { return leadingInset + Double(i) * (fixedItemSize + spacing) }
        buildIfNeeded()
        let b = i >> Self.blockShift
        var x = blockStart(b)
        var j = b << Self.blockShift
        while j < i {
            x += sizes[j] + spacing
            j += 1
        }
        return x
    }

    /// The start of the first item of block `b` (`b` in `0...blockCount`).
    private func blockStart(_ b: Int) -> Double {
        var sum = 0.0
        var k = b
        while k > 0 {
            sum += tree[k]
            k &= k - 1
        }
        return leadingInset + sum + Double(b << Self.blockShift) * spacing
    }

    /// The last item whose start is `<= p` (inclusive) or `< p` (exclusive), with that start;
    /// `(-1, 0)` when there is none.
    func lastIndex(startingBefore p: Double, inclusive: Bool) -> (Int, Double) {
        let n = itemCount
        @inline(__always) func before(_ x: Double) -> Bool { inclusive ? x <= p : x < p }
        guard n > 0, !p.isNaN else { return (-1, 0) }
        if let fixedItemSize {
            // `start(_:)`'s fixed-size formula, with the stored properties read once (each read of a
            // class property is a dynamic exclusivity check; this runs twice a frame).
            let stride = fixedItemSize + spacing
            let lead = leadingInset
            @inline(__always) func fixedStart(_ i: Int) -> Double { lead + Double(i) * stride }
            var q = ((p - lead) / stride).rounded(.down)
            q = min(max(q, -1), Double(n - 1))
            var i = Int(q)
            while i >= 0 && !before(fixedStart(i)) { i -= 1 }
            while i + 1 < n && before(fixedStart(i + 1)) { i += 1 }
            return (i, i >= 0 ? fixedStart(i) : 0)
        }
        buildIfNeeded()
        guard before(blockStart(0)) else { return (-1, 0) }
        // Fenwick descent: the last block whose start satisfies `before`.
        let nb = blockCount
        var pos = 0
        var acc = 0.0
        var step = 1
        while step << 1 <= nb { step <<= 1 }
        while step > 0 {
            let next = pos + step
            if next <= nb {
                let candidate = acc + tree[next]
                if before(leadingInset + candidate + Double(next << Self.blockShift) * spacing) {
                    pos = next
                    acc = candidate
                }
            }
            step >>= 1
        }
        // Correct any rounding disagreement with the canonical block start.
        var b = min(pos, nb - 1)
        while b > 0 && !before(blockStart(b)) { b -= 1 }
        while b + 1 < nb && before(blockStart(b + 1)) { b += 1 }
        // Scan inside the block, repeating `start(_:)`'s summation order exactly.
        var i = b << Self.blockShift
        var x = blockStart(b)
        let end = min(n, (b + 1) << Self.blockShift)
        while i + 1 < end {
            let nx = x + sizes[i] + spacing
            guard before(nx) else { break }
            x = nx
            i += 1
        }
        return (i, x)
    }
}
