// ListView's snapping: the list's layout as the snap geometry of its scroll view.

import Motion

extension ListView {
    // MARK: - Snapping

    /// Applies ``snapBehavior`` for the scroll view, with the list's layout as the geometry.
    /// A separate object so the list view itself does not expose the `ScrollSnapping` methods.
    /// The scroll view holds it strongly and the list owns the scroll view, so it refers to the list
    /// weakly (no cycle); should the scroll view outlive the list, it no longer snaps.
    final class SnapAdapter: ScrollSnapping {
        weak var list: ListView?
        init(list: ListView) { self.list = list }

        func snapTarget(for proposed: Point, velocity: Point, dragStartOffset: Point, currentOffset: Point,
                        in scrollView: ScrollingView) -> Point {
            guard let l = list else { return proposed }
            let context = SnapContext(proposedRest: l.axisComponent(proposed),
                                      currentOffset: l.axisComponent(currentOffset),
                                      dragStartOffset: l.axisComponent(dragStartOffset),
                                      velocity: l.axisComponent(velocity),
                                      viewportLength: l.viewportLength,
                                      minOffset: l.axisComponent(scrollView.minContentOffset),
                                      maxOffset: l.axisComponent(scrollView.maxContentOffset))
            let target = l.snapBehavior.target(context, geometry: l.geometry.snapGeometry(crossLength: l.crossLength))
            var result = proposed
            if l.storedLayout.axis == .horizontal { result.x = target } else { result.y = target }
            return result
        }

        func snapPosition(from offset: Point, steps: Int, in scrollView: ScrollingView) -> Point {
            guard let l = list else { return offset }
            let target = l.snapBehavior.stepTarget(from: l.axisComponent(offset), steps: steps,
                                                   viewportLength: l.viewportLength,
                                                   minOffset: l.axisComponent(scrollView.minContentOffset),
                                                   maxOffset: l.axisComponent(scrollView.maxContentOffset),
                                                   geometry: l.geometry.snapGeometry(crossLength: l.crossLength))
            var result = offset
            if l.storedLayout.axis == .horizontal { result.x = target } else { result.y = target }
            return result
        }
    }
}
