// ListLayout's positions along the axis: insets, item starts and ends, index lookups, the visible range,
// frames, and its SnapGeometry conformance.

extension ListLayout {
    // MARK: - Axis helpers

    /// The leading inset along the axis (top for vertical, left for horizontal).
    public var leadingInset: Double { axis == .horizontal ? storedInsets.left : storedInsets.top }
    /// The trailing inset along the axis (bottom for vertical, right for horizontal).
    public var trailingInset: Double { axis == .horizontal ? storedInsets.right : storedInsets.bottom }

    // MARK: - Positions

    /// The total content length along the axis, insets included. Empty: leading + trailing inset.
    /// O(1) after the sizes are built.
    public var contentLength: Double {
        let n = itemCount
        guard n > 0 else { return leadingInset + trailingInset }
        return start(n) - spacing + trailingInset
    }

    /// The content size for a viewport whose cross-axis length is `crossLength` (NaN/negative → 0).
    public func contentSize(crossLength: Double) -> Size {
        let cross = Self.sanitizedLength(crossLength)
        return axis == .horizontal ? Size(width: contentLength, height: cross) : Size(width: cross, height: contentLength)
    }

    /// Where item `index` begins along the axis. Indices are clamped to `0...itemCount`; `itemCount`
    /// gives the position one spacing after the last item's end. O(1) fixed, O(log n + blockSize) variable.
    public func itemStart(_ index: Int) -> Double {
        start(min(max(index, 0), itemCount))
    }

    /// The length of item `index` along the axis (sanitized). Out-of-range indices are clamped; 0 when empty.
    public func itemLength(_ index: Int) -> Double {
        guard itemCount > 0 else { return 0 }
        return length(min(max(index, 0), itemCount - 1))
    }

    /// Where item `index` ends along the axis (start + length). Indices are clamped; empty: the leading inset.
    public func itemEnd(_ index: Int) -> Double {
        guard itemCount > 0 else { return leadingInset }
        let i = min(max(index, 0), itemCount - 1)
        return start(i) + length(i)
    }

    /// The item at `position`, as ``SnapGeometry`` defines it: the last item starting at or before
    /// `position`, so a position in the spacing after an item belongs to that item; before the first
    /// item, the first; after the last, the last. `nil` only when there are no items; NaN gives the
    /// first item. O(1) fixed, O(log n) variable.
    public func itemIndex(containing position: Double) -> Int? {
        guard itemCount > 0 else { return nil }
        guard !position.isNaN else { return 0 }
        return max(0, lastIndex(startingBefore: position, inclusive: true).0)
    }

    /// The item whose extent `[start, end)` contains `position`; `nil` in spacing gaps, in the insets,
    /// outside the content, for NaN and when empty. O(1) fixed, O(log n) variable.
    public func index(at position: Double) -> Int? {
        guard itemCount > 0, !position.isNaN else { return nil }
        let (k, sk) = lastIndex(startingBefore: position, inclusive: true)
        guard k >= 0, position < sk + length(k) else { return nil }
        return k
    }

    /// The items that intersect the stretch `[offset, offset + length)` of content: an item
    /// `[start, end)` is included when `start < offset + length` and `end > offset`.
    ///
    /// Empty (at a clamped position) when there are no items, `length <= 0`, or either value is NaN.
    /// O(1) fixed, O(log n) variable; independent of how many items are visible.
    public func visibleRange(offset: Double, length: Double) -> Range<Int> {
        let n = itemCount
        guard n > 0, length > 0, !offset.isNaN else { return 0..<0 }
        let (k, sk) = lastIndex(startingBefore: offset, inclusive: true)
        let first: Int
        if k < 0 { first = 0 } else { first = sk + self.length(k) > offset ? k : k + 1 }
        var end = offset + length
        if end.isNaN { end = .infinity }   // -infinity + infinity: everything after the offset
        let (m, _) = lastIndex(startingBefore: end, inclusive: false)
        guard m >= first else { return min(first, n)..<min(first, n) }
        return first..<(m + 1)
    }

    /// The frame of item `index` in content coordinates, for a viewport `crossLength` points across;
    /// the cross-axis insets narrow it (never below 0). `nil` for out-of-range indices.
    public func frame(of index: Int, crossLength: Double) -> Rect? {
        guard index >= 0, index < itemCount else { return nil }
        let s = start(index), l = length(index)
        let cross = Self.sanitizedLength(crossLength)
        if axis == .horizontal {
            let top = storedInsets.top
            return Rect(x: s, y: top, width: l, height: max(0, cross - top - storedInsets.bottom))
        } else {
            let left = storedInsets.left
            return Rect(x: left, y: s, width: max(0, cross - left - storedInsets.right), height: l)
        }
    }
}

extension ListLayout: SnapGeometry {}
