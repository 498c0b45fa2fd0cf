// The glue between a list's row interactions and its frames: the per-frame step, the frames applied after the
// cells are placed, the decoration views kept in the content's subviews, and the reset on a reload.

import Motion

extension ListView {
    /// Whether a row interaction needs frames (a settle, a lifted row; a refresh is its scroll view's).
    var rowNeedsFrames: Bool {
        swipePart.offset.isMoving || swipePart.pendingAction != nil || reorderPart.item != nil
    }

    /// Each frame after the scroll view moved (and its refresh control followed the pull): swipe settle,
    /// reorder auto-scroll.
    func stepRowInteractions(_ tick: FrameTick) {
        stepSwipe(tick)
        stepReorder(tick)
        if rowPartsActive { applyRowFrames() }
    }

    /// After the cells got their frames: the swiped row moved aside, the lifted row and the rows sliding aside.
    func applyRowFrames() {
        applySwipeFrame()
        applyReorderFrames()
    }

    /// After the content's subviews were set to the cells: the swipe buttons go under the swiped cell, the
    /// lifted cell and its shadow on top of everything.
    func addRowDecorations() {
        if let control = scrollView.refreshControl, control.spinnerShown, let spinner = control.spinner {
            scrollView.insertSubview(spinner, at: 0)
        }
        // cells can be shorter than cellRange mid-update (a swipe action performed over AT-SPI during a batch
        // update traps without the second check).
        if let item = swipePart.item, let view = swipePart.actionsView, cellRange.contains(item),
           cells.indices.contains(item - cellRange.lowerBound) {
            let cell = cells[item - cellRange.lowerBound]
            if let k = scrollView.storedSubviews.firstIndex(where: { $0 === cell }) {
                view.removeFromSuperview()
                scrollView.insertSubview(view, at: k)
            }
        }
        if let item = reorderPart.item, cellRange.contains(item), cells.indices.contains(item - cellRange.lowerBound) {
            let cell = cells[item - cellRange.lowerBound]
            if let k = scrollView.storedSubviews.firstIndex(where: { $0 === cell }) {
                scrollView.storedSubviews.remove(at: k)
                if let shadow = reorderPart.shadowView {
                    shadow.removeFromSuperview()
                    scrollView.appendSubview(shadow)
                }
                scrollView.appendSubview(cell)
            }
        }
    }

    /// Whether a row part holds a row (swiped or lifted): the per-frame hook runs only then.
    var rowPartsActive: Bool { swipePart.item != nil || reorderPart.item != nil }

    /// A reload drops an open swipe and a lifted row (their items may be gone).
    func endRowInteractions() {
        if swipePart.item != nil {
            swipePart.item = nil
            swipePart.offset.jump(to: 0)
            swipePart.pendingAction = nil
            swipePart.actionsView?.removeFromSuperview()
        }
        if reorderPart.item != nil {
            reorderPart.item = nil
            reorderPart.shifts.removeAll()
            reorderPart.shadowView?.removeFromSuperview()
        }
    }
}
