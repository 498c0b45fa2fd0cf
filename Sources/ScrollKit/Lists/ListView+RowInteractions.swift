// The glue between a list's row interactions and its frames: the per-frame step, the frames applied after the
// cells are placed, the decoration views kept in the content's subviews, and the reset on a reload.

import Motion

extension ListView {
    /// Whether a row interaction needs frames (a settle, a lifted row; a refresh is its scroll view's).
    var rowNeedsFrames: Bool {
        rowState.swipe.isMoving || rowState.pendingAction != nil || rowState.reorderItem >= 0
    }

    /// Each frame after the scroll view moved (and its refresh control followed the pull): swipe settle,
    /// reorder auto-scroll.
    func stepRowInteractions(_ tick: FrameTick) {
        stepSwipe(tick)
        stepReorder(tick)
        if rowState.swipeItem >= 0 || rowState.reorderItem >= 0 { applyRowFrames() }
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
        if rowState.swipeItem >= 0, let view = rowState.actionsView, cellRange.contains(rowState.swipeItem),
           cells.indices.contains(rowState.swipeItem - cellRange.lowerBound) {
            let cell = cells[rowState.swipeItem - cellRange.lowerBound]
            if let k = scrollView.storedSubviews.firstIndex(where: { $0 === cell }) {
                view.removeFromSuperview()
                scrollView.insertSubview(view, at: k)
            }
        }
        if rowState.reorderItem >= 0, cellRange.contains(rowState.reorderItem),
           cells.indices.contains(rowState.reorderItem - cellRange.lowerBound) {
            let cell = cells[rowState.reorderItem - cellRange.lowerBound]
            if let k = scrollView.storedSubviews.firstIndex(where: { $0 === cell }) {
                scrollView.storedSubviews.remove(at: k)
                if let shadow = rowState.shadowView {
                    shadow.removeFromSuperview()
                    scrollView.appendSubview(shadow)
                }
                scrollView.appendSubview(cell)
            }
        }
    }

    /// A reload drops an open swipe and a lifted row (their items may be gone).
    func endRowInteractions() {
        if rowState.swipeItem >= 0 {
            rowState.swipeItem = -1
            rowState.swipe.jump(to: 0)
            rowState.pendingAction = nil
            rowState.actionsView?.removeFromSuperview()
        }
        if rowState.reorderItem >= 0 {
            rowState.reorderItem = -1
            rowState.reorderTarget = -1
            rowState.shifts.removeAll()
            rowState.shadowView?.removeFromSuperview()
        }
    }
}
