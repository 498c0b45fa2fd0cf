// ListView's change animations: ItemAnimation (a cell's slide and fade), started at a frame's clock, sampled
// each frame, and removed cells faded out and returned to their pools.

import Motion

// The list's change animator: each cell's slides and fade (ItemAnimation, every part an Animated
// simulation), started on a frame's clock and sampled at its targetTimestamp.

/// The running animation of one cell (a showing cell, or a removed one fading out): each part an
/// `Animated` timed simulation, pending until the next frame starts its clock (`startItemAnimations`).
struct ItemAnimation {
    /// The displacement along the axis from the cell's place, going to 0.
    var slide: Animated<TimedSimulation>?
    /// The displacement across the axis (a grid's cell changing columns), going to 0; starts with `slide`.
    var crossSlide: Animated<TimedSimulation>?
    /// How faded the cell is (ListCell.fadeAmount), going to 0 (fade in) or 1 (fade out).
    var fade: Animated<TimedSimulation>?
    /// A removed cell's frame in content coordinates (it has no item to take it from).
    var ghostFrame: Rect?
}

extension ListView {
    /// Sets `a`'s slides to start from screen displacement `d` (x, y) and go to 0: along the axis, and across
    /// it when `d` has a component there (a grid's cell changing columns). A displacement under 0.01 pt is none.
    func setSlide(_ a: inout ItemAnimation, by d: Point, _ animation: ListChangeAnimation) {
        let horizontal = storedLayout.axis == .horizontal
        let along = horizontal ? d.x : d.y, across = horizontal ? d.y : d.x
        if abs(along) > 0.01 {
            a.slide = Animated(TimedSimulation(from: along, to: 0, duration: animation.duration, curve: animation.curve))
        } else {
            a.slide = nil
        }
        if abs(across) > 0.01 {
            a.crossSlide = Animated(TimedSimulation(from: across, to: 0, duration: animation.duration, curve: animation.curve))
        } else {
            a.crossSlide = nil
        }
    }

    func startSlide(_ cell: ListCell, by d: Point, _ animation: ListChangeAnimation) {
        var a = itemAnimations[ObjectIdentifier(cell)] ?? ItemAnimation()
        setSlide(&a, by: d, animation)
        if a.slide != nil || a.crossSlide != nil || a.fade != nil { itemAnimations[ObjectIdentifier(cell)] = a }
    }

    // MARK: - Animating

    /// Ends every change animation at once: cells at their places, removed ones back to their pools.
    func endItemAnimations() {
        guard !itemAnimations.isEmpty || !ghosts.isEmpty else { return }
        itemAnimations.removeAll()
        for cell in cells { cell.fadeAmount = 0 }
        for cell in supplementaryCells { cell.fadeAmount = 0 }
        let fading = ghosts
        ghosts.removeAll()
        for ghost in fading {
            ghost.isUserInteractionEnabled = true
            recycle(ghost)
        }
        framesDirty = true
        syncSubviews()
    }

    /// The scroll view's subviews: the showing cells, then the removed ones fading out.
    func syncSubviews() {
        if ghosts.isEmpty { scrollView.replaceSubviews(with: cells) } else { scrollView.replaceSubviews(with: cells + ghosts) }
        if rowPartsActive || scrollView.refreshControl?.spinnerShown == true { addRowDecorations() }
        if listPinnedItem >= 0, let pinned = listPinnedCell { scrollView.appendSubview(pinned) }   // a list's pinned header
        // Headers and footers over the items; the pinned header over everything (its own footer included).
        guard !supplementaryCells.isEmpty else { return }
        var pinnedCell: ListCell?
        for cell in supplementaryCells {
            if cell.role.isHeader && cell.role.section == storedPinnedSection { pinnedCell = cell } else { scrollView.appendSubview(cell) }
        }
        if let pinnedCell { scrollView.appendSubview(pinnedCell) }
    }

    /// Starts the animations a batch queued, on the clock of the frame `tick` (an `Animated` that is
    /// pending starts at `tick.timestamp`; a running one keeps its clock).
    func startItemAnimations(_ tick: FrameTick) {
        animationTime = tick.targetTimestamp
        guard !itemAnimations.isEmpty else { return }
        var i = itemAnimations.values.startIndex
        while i != itemAnimations.values.endIndex {
            itemAnimations.values[i].slide?.sample(tick)
            itemAnimations.values[i].crossSlide?.sample(tick)
            itemAnimations.values[i].fade?.sample(tick)
            i = itemAnimations.values.index(after: i)
        }
    }

    /// Sets the frames and fades of the animating cells for the current frame time, and ends the finished
    /// ones (a removed cell goes to its pool). No allocation unless an animation ends.
    func applyItemAnimations() {
        guard !itemAnimations.isEmpty else { return }
        let cross = crossLength
        var finished = false
        for cell in cells {
            let id = ObjectIdentifier(cell)
            guard let a = itemAnimations[id] else { continue }
            let (d, c, fade, done) = sample(a)
            var frame = geometry.frame(ofItem: cell.index, crossLength: cross) ?? .zero
            if storedLayout.axis == .horizontal { frame.origin.x += d; frame.origin.y += c } else { frame.origin.y += d; frame.origin.x += c }
            cell.frame = frame
            cell.fadeAmount = fade
            if done { itemAnimations[id] = nil; cell.fadeAmount = 0 }
        }
        // A grid's headers and footers sliding with their sections (from their place: natural, or pinned).
        for cell in supplementaryCells {
            let id = ObjectIdentifier(cell)
            guard let a = itemAnimations[id] else { continue }
            let (d, c, fade, done) = sample(a)
            var frame = supplementaryFrame(cell)
            if storedLayout.axis == .horizontal { frame.origin.x += d; frame.origin.y += c } else { frame.origin.y += d; frame.origin.x += c }
            cell.frame = frame
            cell.fadeAmount = fade
            if done { itemAnimations[id] = nil; cell.fadeAmount = 0 }
        }
        var k = 0
        while k < ghosts.count {
            let ghost = ghosts[k]
            let id = ObjectIdentifier(ghost)
            guard let a = itemAnimations[id] else { k += 1; continue }
            let (_, _, fade, done) = sample(a)
            if let frame = a.ghostFrame { ghost.frame = frame }
            ghost.fadeAmount = fade
            if done {
                itemAnimations[id] = nil
                ghosts.remove(at: k)
                ghost.fadeAmount = 0
                ghost.isUserInteractionEnabled = true
                recycle(ghost)
                finished = true
            } else {
                k += 1
            }
        }
        if finished { syncSubviews() }
    }

    /// An animation's displacement along and across the axis and its fade at the current frame time, and
    /// whether it is over.
    private func sample(_ a: ItemAnimation) -> (Double, Double, Double, Bool) {
        let t = animationTime
        var done = true
        func part(_ animated: Animated<TimedSimulation>?) -> Double {
            guard let animated else { return 0 }
            if !animated.isDone(at: t) { done = false }
            return animated.position(at: t)   // exactly the end value once done
        }
        let d = part(a.slide), c = part(a.crossSlide), fade = part(a.fade)
        return (d, c, fade, done)
    }

    /// Where a frame starts along the axis.
    func axisStart(_ r: Rect) -> Double { storedLayout.axis == .horizontal ? r.minX : r.minY }

    /// A point with `v` along the axis and 0 across.
    func axisPoint(_ v: Double) -> Point { storedLayout.axis == .horizontal ? Point(x: v, y: 0) : Point(x: 0, y: v) }
}
