// ListView's queries: the visible range, hit testing, item frames, and scrolling to an item.

import Motion

/// Queries about items (visible range, hit testing, frames) and scrolling to an item.
extension ListView {
    // MARK: - Queries

    /// The items that intersect the viewport at the current offset. O(1) fixed sizes, O(log n) variable.
    public var visibleRange: Range<Int> {
        geometry.visibleItems(offset: axisOffset, length: viewportLength, crossLength: crossLength)
    }

    /// The item under `point`, given in the list's own coordinates (0,0 = the frame's top-left), or
    /// `nil` outside the list, in spacing, insets, or past the content. O(1) fixed, O(log n) variable.
    public func item(at point: Point) -> Int? {
        let f = storedFrame
        guard point.x >= 0, point.y >= 0, point.x < f.width, point.y < f.height else { return nil }
        let offset = scrollView.contentOffset
        let content = Point(x: point.x + offset.x, y: point.y + offset.y)
        return geometry.item(at: content, crossLength: crossLength)
    }

    /// The frame of item `index` in content coordinates, or `nil` if out of range.
    public func frame(of index: Int) -> Rect? {
        geometry.frame(ofItem: index, crossLength: crossLength)
    }

    /// The content offset at which item `index` sits at `position`, clamped to the scroll range.
    /// `.start` leaves the leading inset visible before the item and `.end` the trailing inset after
    /// it (so the first item at `.start` is the top, the last at `.end` the bottom). Out-of-range
    /// indices are clamped; an empty list gives the minimum offset.
    public func contentOffset(forItem index: Int, position: ItemPosition) -> Point {
        var result = scrollView.contentOffset
        let lo = axisComponent(scrollView.minContentOffset), hi = axisComponent(scrollView.maxContentOffset)
        var target = lo
        if numberOfItems > 0 {
            let e = geometry.scrollExtent(ofItem: index, crossLength: crossLength)
            let start = e.start, length = e.length
            switch position {
            case .start: target = start - e.leadingPadding
            case .center: target = start + length / 2 - viewportLength / 2
            case .end: target = start + length + e.trailingPadding - viewportLength
            case .visible:
                let base = axisComponent(scrollView.headingOffset())
                let leading = start - e.leadingPadding
                let trailing = start + length + e.trailingPadding - viewportLength
                if length + e.pinnedLength > viewportLength {
                    target = leading
                } else if start - e.pinnedLength >= base && start + length <= base + viewportLength {
                    target = base
                } else {
                    target = start - e.pinnedLength < base ? leading : trailing
                }
            }
        }
        target = target.isNaN ? lo : min(max(target, lo), hi)
        if storedLayout.axis == .horizontal { result.x = target } else { result.y = target }
        return result
    }

    /// Scrolls so that item `index` sits at `position` (see ``contentOffset(forItem:position:)``) over
    /// `duration` seconds along `curve`, with the scroll view's timed-scroll rules: the request starts
    /// at the next ``step(_:)``, every item passed on the way is configured in the frame it shows,
    /// `completion` fires exactly once (`false` if interrupted or replaced), and a duration of 0 or
    /// less jumps at the next step and still completes. In a self-sizing list (an
    /// ``ListDataSource/estimatedItemSize``) the destination follows the item as the sizes on the way are
    /// measured, and the scroll still lands exactly on it.
    public func scrollToItem(_ index: Int, position: ItemPosition,
                             duration: Double = ScrollingView.defaultAnimationDuration,
                             curve: TimingCurve = ScrollingView.defaultAnimationCurve,
                             completion: (@MainActor (Bool) -> Void)? = nil) {
        let destination = contentOffset(forItem: index, position: position)
        guard storedLayout.estimatedItemSize != nil else {
            scrollView.setContentOffset(destination, duration: duration, curve: curve, completion: completion)
            return
        }
        // Self-sizing: the item's place may be corrected on the way; the scroll re-aims at it each time.
        itemScrollToken += 1
        let token = itemScrollToken
        itemScroll = (min(max(index, 0), max(0, numberOfItems - 1)), position, token)
        scrollView.setContentOffset(destination, duration: duration, curve: curve) { [weak self] finished in
            if let self, self.itemScroll?.token == token { self.itemScroll = nil }
            completion?(finished)
        }
    }
}
