// ListView and the text scale: a change of ViewNode.textScale measures the rows again, keeping the row at the
// top of the viewport where it was.

/// Larger text in lists (see ``ViewNode/textScale``).
///
/// - A **self-sizing** list (an ``ListDataSource/estimatedItemSize``) measures its rows again as they come
///   near the viewport, as after a width change: rows whose text grew are taller, and the row at the top of
///   the viewport stays where it was (``measureNearViewport()``'s anchor).
/// - A list with **variable** sizes (`sizeOfItem(at:crossLength:)`, no estimate) or a **fixed** size
///   (``ListDataSource/fixedItemSize``, which a data source may derive from the scale) reads its sizes again;
///   the first visible item keeps its distance to the top of the viewport.
/// - A grid reflows the same way.
extension ListView: TextScaleObserving {
    /// Measures again at the new text scale, keeping the first visible item in place. O(items) for lists that
    /// are not self-sizing (their sizes are read again), O(1) for self-sizing ones (measured lazily).
    public func invalidateTextMeasurements() {
        if grid == nil, storedLayout.estimatedItemSize != nil {
            measuredCrossLength = .nan   // measureNearViewport() measures again, anchored
            reconfigureVisibleItems()
            return
        }
        let cross = crossLength
        let visible = geometry.visibleItems(offset: axisOffset, length: viewportLength, crossLength: cross)
        var anchor: (index: Int, gap: Double)?
        if let first = visible.first, let frame = geometry.frame(ofItem: first, crossLength: cross) {
            anchor = (first, axisOffset - axisComponent(frame.origin))
        }
        reloadLayout()
        if let anchor, anchor.index < numberOfItems,
           let frame = geometry.frame(ofItem: anchor.index, crossLength: crossLength) {
            let target = axisComponent(frame.origin) + anchor.gap
            let delta = target - axisOffset
            scrollView.adjustContentOffset(by: axisPoint(delta))
        }
        reconfigureVisibleItems()
    }

    /// The cells in view are configured again (their data sources may size their text by the scale).
    func reconfigureVisibleItems() {
        framesDirty = true
        let visible = geometry.visibleItems(offset: axisOffset, length: viewportLength, crossLength: crossLength)
        pendingReconfigure.formUnion(visible)
        updateCells()
    }
}
