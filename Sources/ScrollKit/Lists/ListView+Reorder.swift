// ListView's drag to reorder: a row lifted by a long press (the InputRouter times it), following the finger with
// a shadow and a slight scale while the other rows slide aside, the list auto-scrolling near its edges faster the
// closer the finger, and the drop telling the data source moveItem(from:to:). Lists and grids alike.

import Motion

extension ListView {
    /// How long (seconds) a press must stay still to lift a row for reordering.
    public static let reorderLongPressDuration = 0.5
    /// The band along each end of the viewport (points) in which a lifted row scrolls the list.
    public static let autoScrollEdge = 64.0
    /// The auto-scroll speed with the finger at the very edge (points per second).
    public static let autoScrollMaxSpeed = 1400.0
    /// How much a lifted row grows.
    public static let liftScale = 1.04

    /// Whether a long press on an item lifts it to reorder (the data source must be a ``ListReorderingSource``,
    /// which hears ``ListReorderingSource/moveItem(from:to:)`` on the drop). Default false.
    public var isReorderEnabled: Bool {
        get { reorderPart.isEnabled }
        set { reorderPart.isEnabled = newValue; if !newValue { cancelReorder() } }
    }

    /// The lifted item, if a row is being reordered.
    public var reorderingItem: Int? { reorderPart.item }
    /// Where the lifted item would drop now (its index after the move), if a row is being reordered.
    public var reorderDestination: Int? { reorderPart.item == nil ? nil : reorderPart.target }

    /// The auto-scroll speed (points per second, ≥ 0) for a finger `distance` points inside the viewport's
    /// end: ``autoScrollMaxSpeed`` at the edge (or beyond it), falling to 0 at ``autoScrollEdge``, quadratically
    /// (slow near the band's inner side for fine placement). NaN counts as outside the band.
    public static func autoScrollSpeed(distanceFromEdge distance: Double) -> Double {
        guard distance.isFinite, distance < autoScrollEdge else { return 0 }
        let depth = min(1, (autoScrollEdge - distance) / autoScrollEdge)
        return autoScrollMaxSpeed * depth * depth
    }

    // MARK: - Gesture (driven by the InputRouter)

    /// Whether item `index` may be lifted now.
    func canLift(_ index: Int) -> Bool {
        guard reorderPart.isEnabled, reorderPart.item == nil, index >= 0, index < numberOfItems,
              let source = dataSource as? any ListReorderingSource else { return false }
        return source.canMoveItem(at: index)
    }

    /// Lifts `index` under the finger at `finger` (the list's coordinates) at `time`.
    func beginReorder(item index: Int, finger: Point, time: Double) {
        guard canLift(index), let frame = frame(of: index) else { return }
        endSwipe()
        scrollView.stopMotion()
        let offset = scrollView.contentOffset
        reorderPart.item = index
        reorderPart.target = index
        reorderPart.finger = finger
        reorderPart.grab = Point(x: finger.x + offset.x - frame.minX, y: finger.y + offset.y - frame.minY)
        reorderPart.autoScrollTime = time
        reorderPart.lift = Animated(TimedSimulation(from: 0, to: 1, duration: 0.15, curve: .easeOutCubic), start: time)
        if reorderPart.shadowView == nil { reorderPart.shadowView = LiftShadowView() }
        syncSubviews()
        applyRowFrames()
    }

    /// The finger moved to `finger` (the list's coordinates) at `time`.
    func moveReorder(finger: Point, time: Double) {
        guard reorderPart.item != nil else { return }
        advanceAutoScroll(to: time)
        if finger.x.isFinite, finger.y.isFinite { reorderPart.finger = finger }
        updateReorderTarget(time: time)
        applyRowFrames()
    }

    /// The finger lifted at `time`: the row drops at its destination, the data source hears the move, and every
    /// row slides from where it is shown to its new place.
    func endReorder(time: Double) {
        guard let source = reorderPart.item else { return }
        advanceAutoScroll(to: time)
        updateReorderTarget(time: time)
        let target = reorderPart.target
        let offset = scrollView.contentOffset
        var shown: [ObjectIdentifier: Point] = [:]
        for cell in cells {
            var origin = cell.frame.origin
            if cell.index == source, let f = frame(of: source) {
                // The lifted cell is grown about its centre: its unscaled place.
                origin = Point(x: cell.frame.midX - f.width / 2, y: cell.frame.midY - f.height / 2)
            }
            shown[ObjectIdentifier(cell)] = Point(x: origin.x - offset.x, y: origin.y - offset.y)
        }
        clearReorderState()
        if target != source, let reordering = dataSource as? any ListReorderingSource {
            reordering.moveItem(from: source, to: target)
            do { try performChanges([.move(from: source, to: target)], animation: nil) } catch { reloadData() }
            // A move keeps the content's length: the reader stays exactly where the drop happened (the batch's
            // anchoring would follow the moved row when it was the top one).
            if scrollView.contentOffset != offset { scrollView.contentOffset = offset }
        }
        framesDirty = true
        updateCells()
        let now = scrollView.contentOffset
        let drop = ListChangeAnimation(duration: 0.25, curve: .easeOutCubic)
        for cell in cells {
            guard let was = shown[ObjectIdentifier(cell)] else { continue }
            let d = Point(x: was.x - (cell.frame.minX - now.x), y: was.y - (cell.frame.minY - now.y))
            startSlide(cell, by: d, drop)
        }
    }

    /// Puts the lifted row back without a move (reordering turned off, the data reloaded).
    func cancelReorder() {
        guard reorderPart.item != nil else { return }
        clearReorderState()
        framesDirty = true
        updateCells()
    }

    func clearReorderState() {
        reorderPart.item = nil
        reorderPart.shifts.removeAll()
        reorderPart.lift = nil
        reorderPart.shadowView?.amount = 0
        syncSubviews()
    }

    // MARK: - Frames

    /// Each frame: the edge auto-scroll runs up to the frame's time, the destination and the other rows follow.
    func stepReorder(_ tick: FrameTick) {
        guard reorderPart.item != nil else { return }
        let t = tick.targetTimestamp
        guard t.isFinite else { return }
        advanceAutoScroll(to: t)
        updateReorderTarget(time: t)
        reorderPart.lift?.sample(tick)
        for key in reorderPart.shifts.keys {
            reorderPart.shifts[key]?.x.sample(tick)
            reorderPart.shifts[key]?.y.sample(tick)
        }
    }

    /// Scrolls the list for the time since the last advance at the speed the finger's place asks for (the
    /// finger has not moved since: the speed was constant), so any frame rate scrolls the same distance.
    func advanceAutoScroll(to time: Double) {
        guard time.isFinite, time > reorderPart.autoScrollTime else { return }
        let dt = time - reorderPart.autoScrollTime
        reorderPart.autoScrollTime = time
        let vertical = storedLayout.axis == .vertical
        let along = vertical ? reorderPart.finger.y : reorderPart.finger.x
        let length = viewportLength
        let edge = min(Self.autoScrollEdge, length / 3)
        var speed = 0.0
        if along < edge {
            speed = -Self.autoScrollSpeed(distanceFromEdge: along * Self.autoScrollEdge / max(1, edge))
        } else if along > length - edge {
            speed = Self.autoScrollSpeed(distanceFromEdge: (length - along) * Self.autoScrollEdge / max(1, edge))
        }
        guard speed != 0 else { return }
        var o = scrollView.contentOffset
        let lo = axisComponent(scrollView.minContentOffset), hi = axisComponent(scrollView.maxContentOffset)
        let next = min(hi, max(lo, axisComponent(o) + speed * dt))
        if vertical { o.y = next } else { o.x = next }
        if o != scrollView.contentOffset { scrollView.contentOffset = o }
    }

    /// The destination under the lifted row's centre, and the other rows' displacements towards it.
    func updateReorderTarget(time: Double) {
        guard let source = reorderPart.item, let sourceFrame = frame(of: source) else { return }
        let n = numberOfItems
        let offset = scrollView.contentOffset
        var centre = Point(x: reorderPart.finger.x + offset.x - reorderPart.grab.x + sourceFrame.width / 2,
                           y: reorderPart.finger.y + offset.y - reorderPart.grab.y + sourceFrame.height / 2)
        if grid == nil {
            if storedLayout.axis == .vertical { centre.x = sourceFrame.midX } else { centre.y = sourceFrame.midY }
        }
        if let hit = geometry.item(at: centre, crossLength: crossLength) {
            reorderPart.target = hit
        } else if grid == nil {
            let along = axisComponent(centre)
            if let first = frame(of: 0), along < axisStart(first) { reorderPart.target = 0 }
            if let last = frame(of: n - 1), along > axisStart(last) { reorderPart.target = n - 1 }
        }
        let target = reorderPart.target
        let gap = (storedLayout.axis == .vertical ? sourceFrame.height : sourceFrame.width) + storedLayout.itemSpacing
        var k = cellRange.lowerBound
        while k < cellRange.upperBound {
            defer { k += 1 }
            guard k != source, let f = frame(of: k) else { continue }
            var d = Point.zero
            let forward = source < target && k > source && k <= target
            let back = target < source && k >= target && k < source
            if forward || back {
                if grid == nil {
                    d = axisPoint(forward ? -gap : gap)
                } else if let g = frame(of: forward ? k - 1 : k + 1) {
                    d = Point(x: g.minX - f.minX, y: g.minY - f.minY)
                }
            }
            setShift(k, to: d, time: time)
        }
    }

    func setShift(_ item: Int, to d: Point, time: Double) {
        if let s = reorderPart.shifts[item], s.x.simulation.to == d.x, s.y.simulation.to == d.y { return }
        if reorderPart.shifts[item] == nil && d == .zero { return }
        let now = reorderPart.shifts[item].map { Point(x: $0.x.position(at: time), y: $0.y.position(at: time)) } ?? .zero
        func motion(_ a: Double, _ b: Double) -> Animated<TimedSimulation> {
            Animated(TimedSimulation(from: a, to: b, duration: 0.2, curve: .easeOutCubic), start: time)
        }
        reorderPart.shifts[item] = (motion(now.x, d.x), motion(now.y, d.y))
    }

    /// Places the lifted row under the finger (grown), its shadow under it, and the other rows at their shifts.
    func applyReorderFrames() {
        guard let source = reorderPart.item else { return }
        let cross = crossLength
        let t = animationTime
        for cell in cells where cell.index != source {
            guard var f = geometry.frame(ofItem: cell.index, crossLength: cross) else { continue }
            if let s = reorderPart.shifts[cell.index] {
                f.origin.x += s.x.position(at: t)
                f.origin.y += s.y.position(at: t)
            }
            if cell.frame != f { cell.frame = f }
        }
        guard cellRange.contains(source), let base = frame(of: source) else { return }
        let cell = cells[source - cellRange.lowerBound]
        let offset = scrollView.contentOffset
        var f = base
        let x = reorderPart.finger.x + offset.x - reorderPart.grab.x
        let y = reorderPart.finger.y + offset.y - reorderPart.grab.y
        if grid != nil || storedLayout.axis == .horizontal { f.origin.x = x }
        if grid != nil || storedLayout.axis == .vertical { f.origin.y = y }
        let lift = reorderPart.lift?.position(at: t) ?? 1
        let scale = 1 + (Self.liftScale - 1) * lift
        f = Rect(x: f.midX - f.width * scale / 2, y: f.midY - f.height * scale / 2,
                 width: f.width * scale, height: f.height * scale)
        if cell.frame != f { cell.frame = f }
        if let shadow = reorderPart.shadowView {
            let s = f.insetBy(dx: -14, dy: -14)
            if shadow.frame != s { shadow.frame = s }
            if shadow.amount != lift { shadow.amount = lift }
        }
    }
}
