// TextEditingView's pointer and touch: a click places the caret, a drag selects, a double-click selects a word
// and a triple-click the line; a tap places the caret, a long press selects a word and shows handles that can
// be dragged (the text scrolls while one is held at an edge); a middle-click pastes the primary selection.

import Motion

extension TextEditingView: PointerTracking {
    /// Seconds a touch rests before it selects a word (UIKit's long press: 0.5 s).
    public static let longPressDuration = 0.5
    /// Seconds and points within which clicks count as a double or triple click.
    public static let multiClickInterval = 0.5
    public static let multiClickDistance = 5.0

    /// A press on the view. The mouse on a focused view (or on one outside any scroll view) selects at once
    /// and follows the pointer; a touch on a selection handle drags it. Anything else is a press like a
    /// button's, so a drag that starts on the view scrolls the list around it: a tap then places the caret
    /// (``activate()``), and a touch held still for ``longPressDuration`` selects a word.
    public func beginTracking(at point: Point) -> Bool {
        beginTextTracking(atRoot: convert(point, to: nil))
    }

    public func continueTracking(at point: Point) {
        continueTextTracking(atRoot: convert(point, to: nil))
    }

    public func endTracking(at point: Point) {
        continueTextTracking(atRoot: convert(point, to: nil))
        tracking = nil
    }

    public func cancelTracking() { tracking = nil }

    /// A tap (or click) that was not a drag: focuses the view and places the caret there (a double tap
    /// selects a word and shows the handles); then ``ViewNode/onActivate``.
    func tapped() {
        guard isEnabled else { return }
        pendingLongPress = nil
        let router = rootView.router
        focusByPointer()
        if let router, let p = router.lastPointer, !router.gestureActive {
            let time = router.latestTime
            if router.downByTouch {
                let offset = textOffset(atRoot: p)
                if let last = lastClick, time - last.time < Self.multiClickInterval, distance(last.point, p) < 20 {
                    let word = model.wordRange(at: offset)
                    model.select(anchor: word.lowerBound, caret: word.upperBound)
                    showsHandles = !word.isEmpty
                    lastClick = nil
                } else {
                    model.setCaret(offset)
                    showsHandles = false
                    lastClick = (time, p, 1)
                }
            } else {
                click(at: p, time: time)
                tracking = nil
            }
            selectionDidChange()
        }
        onActivate?(self)
    }

    func beginTextTracking(atRoot p: Point) -> Bool {
        guard isEnabled, takesPointer(atRoot: p), let router = rootView.router else { return false }
        let time = router.latestTime
        if router.downByTouch {
            if let handles = handlePointsInRoot(), isFocused {
                let nearStart = distance(handles.start, p), nearEnd = distance(handles.end, p)
                if min(nearStart, nearEnd) < 24 {
                    tracking = TextTracking(mode: nearStart < nearEnd ? .startHandle : .endHandle, initial: model.selection)
                    return true
                }
            }
            pendingLongPress = (time + Self.longPressDuration, p)
            return false
        }
        var inScrollView = false
        var v = superview
        while let view = v {
            if let s = view as? ScrollingView, s !== ownScrollView { inScrollView = true; break }
            v = view.superview
        }
        guard isFocused || !inScrollView else { return false }
        focusByPointer()
        click(at: p, time: time)
        selectionDidChange()
        return true
    }

    /// A mouse click at `p`: one places the caret, two select a word, three the line (a one-line field's
    /// whole text); a drag from there extends by the same unit.
    func click(at p: Point, time: Double) {
        let offset = textOffset(atRoot: p)
        var count = 1
        if let last = lastClick, time - last.time < Self.multiClickInterval,
           distance(last.point, p) < Self.multiClickDistance {
            count = last.count % 3 + 1
        }
        lastClick = (time, p, count)
        showsHandles = false
        switch count {
        case 2:
            let word = model.wordRange(at: offset)
            model.select(anchor: word.lowerBound, caret: word.upperBound)
            tracking = TextTracking(mode: .words, initial: word)
        case 3:
            let line = isMultiline ? model.paragraphRange(at: offset) : 0..<model.scalarCount
            model.select(anchor: line.lowerBound, caret: line.upperBound)
            tracking = TextTracking(mode: .lines, initial: line)
        default:
            model.setCaret(offset)
            tracking = TextTracking(mode: .clusters, initial: model.selection)
        }
    }

    func continueTextTracking(atRoot p: Point) {
        guard var t = tracking else { return }
        let offset = textOffset(atRoot: p)
        let selection = model.selection
        switch t.mode {
        case .clusters, .caret:
            model.select(anchor: t.initial.lowerBound, caret: offset)
        case .words, .lines:
            let unit = t.mode == .words ? model.wordRange(at: offset)
                : (isMultiline ? model.paragraphRange(at: offset) : 0..<model.scalarCount)
            if offset < t.initial.lowerBound {
                model.select(anchor: t.initial.upperBound, caret: unit.lowerBound)
            } else {
                model.select(anchor: t.initial.lowerBound, caret: max(unit.upperBound, t.initial.upperBound))
            }
        case .startHandle:
            let end = selection.upperBound
            model.select(anchor: end, caret: min(offset, model.boundaries.previous(before: end)))
        case .endHandle:
            let start = selection.lowerBound
            model.select(anchor: start, caret: max(offset, model.boundaries.next(after: start)))
        }
        t.edgeSpeed = edgeSpeed(atRoot: p)
        t.lastPoint = p
        tracking = t
        selectionDidChange()
    }

    /// Per frame: a touch long press coming due, and the scroll while a drag is held at an edge.
    func updatePointer(_ tick: FrameTick) {
        let now = tick.targetTimestamp
        if let pending = pendingLongPress {
            guard let router = rootView.router, router.isPressing(self) else {
                pendingLongPress = nil
                return
            }
            if now >= pending.at {
                pendingLongPress = nil
                focusByPointer()
                let word = model.wordRange(at: textOffset(atRoot: pending.point))
                model.select(anchor: word.lowerBound, caret: word.upperBound)
                showsHandles = !word.isEmpty
                tracking = TextTracking(mode: .words, initial: word)
                router.giveGesture(to: self, time: now)
                selectionDidChange()
            }
        }
        if let t = tracking, t.edgeSpeed != 0, let last = lastFrameTime, now > last {
            scrollText(by: t.edgeSpeed * min(now - last, 0.1))
            continueTextTracking(atRoot: t.lastPoint)
        }
    }

    /// The text offset nearest `p` (root coordinates).
    func textOffset(atRoot p: Point) -> Int {
        guard let layout else { return 0 }
        let origin = layoutOriginInRoot()
        return textOffset(fromLayout: layout.offset(at: Point(x: p.x - origin.x, y: p.y - origin.y)))
    }

    /// A middle-click at `p`: focus, the caret there, and the primary selection pasted.
    func pastePrimary(atRoot p: Point) {
        guard isEnabled else { return }
        focusByPointer()
        model.setCaret(textOffset(atRoot: p))
        if let text = ViewNode.clipboard.text(in: .primary) {
            paste(text)
        } else {
            selectionDidChange()
        }
    }
}

/// The distance between two points.
private func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
