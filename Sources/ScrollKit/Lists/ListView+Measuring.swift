// ListView's self-sizing: measuring items with an estimated size as they come near the viewport.

import Motion

/// Self-sizing: measuring the items of a list with an ``ListDataSource/estimatedItemSize`` as they come
/// near the viewport, keeping what is in view in place.
extension ListView {
    /// The most measuring passes one update makes: items that turn out smaller than their estimate let
    /// more items into view, which are measured in the next pass. Each pass measures at least one item,
    /// and after the last the visible items are measured anyway, so this only bounds the anchoring work.
    static let maximumMeasuringPasses = 8

    /// Measures every unmeasured item in the viewport, then up to ``measurementLookahead`` items ahead of
    /// it (within one viewport length, in the scroll direction), and moves the offset by what the items
    /// above the anchor grew or shrank. The anchor is the first visible item that was already measured
    /// (what the reader saw last frame), or the first visible item when none was.
    ///
    /// Allocates nothing; O(log n) per item measured plus O(visible items) per pass.
    func measureNearViewport() {
        let cross = itemCrossLength
        if cross != measuredCrossLength {
            // A new width: every size is stale. Items keep their old sizes (better than the estimate) until
            // measured again; the anchor rule keeps the item at the top in place.
            storedLayout.invalidateMeasurements()
            measuredCrossLength = cross
            framesDirty = true
        }
        let length = viewportLength
        guard storedLayout.itemCount > 0, length > 0 else { return }
        var measuredAny = false
        // A list resting at its end (a chat showing its newest message) stays at its end as the items there
        // are measured, whatever their sizes turn out to be.
        let phase = scrollView.phase
        let atEnd = keepsEndPinned && isScrolledPastViewport
            && axisOffset >= axisComponent(scrollView.maxContentOffset) - 0.5 && phase == .idle
        var pass = 0
        while pass < Self.maximumMeasuringPasses {
            pass += 1
            let offset = axisOffset
            let visible = storedLayout.visibleRange(offset: offset, length: length)
            guard !visible.isEmpty else { break }
            var anchor = visible.lowerBound
            var i = visible.lowerBound
            while i < visible.upperBound {
                if storedLayout.isMeasured(i) { anchor = i; break }
                i += 1
            }
            let anchorStart = storedLayout.itemStart(anchor)
            var changed = false
            i = visible.lowerBound
            while i < visible.upperBound {
                if !storedLayout.isMeasured(i) { measure(i, cross: cross); changed = true }
                i += 1
            }
            if pass == 1 {
                changed = measureAhead(of: visible, offset: offset, length: length, cross: cross) || changed
                changed = measureDestination(length: length, cross: cross) || changed
            }
            guard changed else { break }
            measuredAny = true
            let delta = storedLayout.itemStart(anchor) - anchorStart
            let size = storedLayout.contentSize(crossLength: crossLength)
            scrollView.setContentSize(size, adjustingContentOffsetBy: axisPoint(delta))
            if atEnd && phase == .idle { scrollView.setOffset(scrollView.endOffset()) }
        }
        guard measuredAny else { return }
        framesDirty = true
        reaimItemScroll()
    }

    /// Whether the content is longer than the viewport along the axis (more than half a point): only then
    /// can the list be "at its end" for ``keepsEndPinned`` (a short list rests at its start and its end at once).
    var isScrolledPastViewport: Bool {
        numberOfItems > 0 && axisComponent(scrollView.maxContentOffset) - axisComponent(scrollView.minContentOffset) > 0.5
    }

    /// Measures up to ``measurementLookahead`` unmeasured items within one viewport past `visible` in the
    /// scroll direction. Returns whether it measured any.
    private func measureAhead(of visible: Range<Int>, offset: Double, length: Double, cross: Double) -> Bool {
        var budget = max(0, measurementLookahead)
        guard budget > 0 else { return false }
        let n = storedLayout.itemCount
        var measured = false
        if prefetchDirection >= 0 {
            let end = storedLayout.visibleRange(offset: offset + length, length: length).upperBound
            var i = visible.upperBound
            while i < min(n, end) && budget > 0 {
                if !storedLayout.isMeasured(i) { measure(i, cross: cross); budget -= 1; measured = true }
                i += 1
            }
        } else {
            let start = storedLayout.visibleRange(offset: offset - length, length: length).lowerBound
            var i = visible.lowerBound - 1
            while i >= max(0, start) && budget > 0 {
                if !storedLayout.isMeasured(i) { measure(i, cross: cross); budget -= 1; measured = true }
                i -= 1
            }
        }
        return measured
    }

    /// While a scroll to an item runs, measures the items its last frame will show, so that frame needs no
    /// correction (a correction after the motion ended would move the item off its place).
    private func measureDestination(length: Double, cross: Double) -> Bool {
        guard let target = itemScroll else { return false }
        let destination = axisComponent(contentOffset(forItem: target.index, position: target.position))
        let range = storedLayout.visibleRange(offset: destination, length: length)
        var measured = false
        var i = range.lowerBound
        while i < range.upperBound {
            if !storedLayout.isMeasured(i) { measure(i, cross: cross); measured = true }
            i += 1
        }
        return measured
    }

    /// Measures the unmeasured items a viewport at `offset` would show. Returns whether it measured any.
    /// (A batch of changes measures where its anchor goes before it places the offset there: an offset
    /// computed from estimates would be clamped against a content end that the measuring then moves.)
    func measureItemsShowing(atOffset offset: Double) -> Bool {
        let length = viewportLength
        guard storedLayout.itemCount > 0, length > 0, offset.isFinite else { return false }
        let cross = itemCrossLength
        var measured = false
        for i in storedLayout.visibleRange(offset: offset, length: length) where !storedLayout.isMeasured(i) {
            measure(i, cross: cross)
            measured = true
        }
        return measured
    }

    private func measure(_ index: Int, cross: Double) {
        measureCount += 1
        measuredInLastStep += 1
        storedLayout.setMeasuredSize(dataSource.sizeOfItem(at: index, crossLength: cross), at: index)
    }

    /// Moves the scroll indicator's thumb along the list's axis to `fraction` (0...1, clamped; NaN ignored)
    /// of its travel, as a mouse drag of the thumb does (``ScrollingView/setThumbFraction(_:_:)``), with the
    /// cells brought up to date. In a self-sizing list the items that come into view there are measured,
    /// which changes the content length, so the thumb is set again until the offset is `fraction` of the
    /// measured range (as the next mouse move of a real drag would); each pass measures only new items, and
    /// there are at most six.
    public func setThumbFraction(_ fraction: Double) {
        guard !fraction.isNaN else { return }
        let axis: ScrollIndicatorAxis = storedLayout.axis == .horizontal ? .horizontal : .vertical
        let f = min(max(fraction, 0), 1)
        for _ in 0..<6 {
            scrollView.setThumbFraction(f, axis)
            updateCells()
            guard storedLayout.estimatedItemSize != nil else { return }
            let lo = axisComponent(scrollView.minContentOffset), hi = axisComponent(scrollView.maxContentOffset)
            if abs(axisOffset - (lo + f * (hi - lo))) < 0.5 { return }
        }
    }

    /// Re-aims the running ``scrollToItem(_:position:duration:curve:completion:)`` at its item's corrected place.
    func reaimItemScroll() {
        guard let target = itemScroll else { return }
        let destination = contentOffset(forItem: target.index, position: target.position)
        scrollView.reaimTimedScroll(to: destination)
    }
}
