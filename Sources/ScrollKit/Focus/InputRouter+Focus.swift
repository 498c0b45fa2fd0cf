// InputRouter's focus: moving it spatially (D-pad) and in order (Tab, a rotary encoder), entering lists' items,
// scrolling it into view.

import Motion

/// Focus: moving it spatially (D-pad) and in order (Tab, a rotary encoder), and scrolling it into view.
///
/// Focus is a view, or an item of a list whose items take focus. A move starts at the focused target
/// and climbs the tree: a list along whose axis the move goes steps to its neighbouring item (a list of
/// focusable items focuses it; a list of containers, such as shelves of carousels, enters the neighbouring
/// item's content, picking the target nearest the old one, and passes over items with nothing to focus);
/// any other view searches its other subviews in the move's direction. Cells that are not showing yet
/// (the next shelf below the viewport) are scrolled to, and entered when they show.
extension InputRouter {
    /// Sets the focus (or clears it with `nil`) and, when `scroll`, brings it fully into view.
    func setFocus(_ target: FocusTarget?, scroll: Bool) {
        pendingEntry = nil
        focus = target
        if let target, let view = target.view { rememberFocus(view: view, item: target.item) }
        guard scroll, let target, let view = target.view else { return }
        scrollIntoView(view: view, item: target.item)
    }

    func treeHasFocusables() -> Bool {
        Self.containsFocusable(root)
    }

    static func containsFocusable(_ view: ViewNode) -> Bool {
        guard !view.isHidden, !hasNoSize(view) else { return false }
        if view.isFocusable { return true }
        if let list = view as? ListView {
            if list.itemsAreFocusable, list.numberOfItems > 0 { return true }
            // A list makes its cells lazily (first frame, draw or query): look at the cells that show now.
            list.updateCells()
        }
        for sub in view.storedSubviews where containsFocusable(sub) { return true }
        return false
    }

    /// Whether `view` is a subview laid out to no size (a control a compact layout leaves out): not drawn.
    static func hasNoSize(_ view: ViewNode) -> Bool {
        view.superview != nil && (view.storedFrame.width <= 0 || view.storedFrame.height <= 0)
    }

    /// The focused target's rectangle in root frame coordinates.
    func focusRect(_ target: FocusTarget) -> Rect? {
        guard let view = target.view else { return nil }
        if let list = view as? ListView, let item = target.item, let frame = list.frame(of: item) {
            return list.scrollView.convert(frame, to: nil)
        }
        return view.frameInRoot
    }

    @discardableResult
    func moveFocus(_ move: FocusMove) -> Bool {
        // A move into a shelf that is still scrolling into view: count on from there (no key is lost).
        if let pending = pendingEntry {
            if pending.list.isDescendant(of: root), let next = pending.list.neighbourItem(from: pending.item, move) {
                enterItem(next, of: pending.list, move: move, reference: pending.reference)
                return true
            }
            pendingEntry = nil
        }
        guard let current = focus, let view = current.view, view.isDescendant(of: root),
              let reference = focusRect(current) else {
            // Nothing focused: the first target in order, or the top-leading-most for a direction (top-right-most
            // right to left).
            let start: FocusMove = move == .previous ? .previous : (move == .next ? .next : .down)
            // A modal showing (a sheet): focus starts inside it.
            let scope = Self.showingFocusScope(in: root) ?? root
            let corner = scope.frameInRoot
            let reference = Rect(x: scope.isRightToLeft ? corner.maxX : corner.minX, y: corner.minY, width: 0, height: 0)
            guard let target = entry(in: scope, move: start, reference: reference) else { return false }
            setFocus(target, scroll: true)
            return true
        }
        if let list = view as? ListView, let item = current.item {
            if let next = list.neighbourItem(from: item, move) {
                setFocus(FocusTarget(view: list, item: next), scroll: true)
                return true
            }
            if let taken = groupEdge(list, move: move, reference: reference) { return taken }
        }
        var child: ViewNode = view
        var cellIndex: Int?                // the item of the list being climbed into that holds the focus
        var ancestor = view.superview
        while let a = ancestor {
            if let cell = child as? ListCell { cellIndex = cell.index }
            if let list = a as? ListView {
                if let k = cellIndex, let next = list.neighbourItem(from: k, move) {
                    if list.itemsAreFocusable {
                        setFocus(FocusTarget(view: list, item: next), scroll: true)
                        return true
                    }
                    if enterItem(next, of: list, move: move, reference: reference) { return true }
                }
                cellIndex = nil
            } else if !(a is ScrollingView) || (a.superview as? ListView)?.scrollView !== a {
                // A plain scroll view (a form's) searches its subviews too; a list's own goes by items above.
                if let target = spatialTarget(in: a, excluding: child, move: move, reference: reference) {
                    setFocus(target, scroll: true)
                    return true
                }
            }
            if a.focusGroup != nil, let taken = groupEdge(a, move: move, reference: reference) { return taken }
            if a.confinesFocus {
                // A modal: Tab and Shift-Tab wrap around inside it; a direction stops at its edge.
                guard move == .next || move == .previous, let target = entry(in: a, move: move, reference: reference)
                else { return false }
                setFocus(target, scroll: true)
                return true
            }
            child = a
            ancestor = a.superview
        }
        return false
    }

    /// The innermost view under `node` that confines focus (``ViewNode/confinesFocus``) and shows (not hidden,
    /// not of no size), the last in drawing order where there are several: where focus starts in a modal.
    static func showingFocusScope(in node: ViewNode) -> ViewNode? {
        guard !node.isHidden, !hasNoSize(node) else { return nil }
        for sub in node.storedSubviews.reversed() {
            if let inner = showingFocusScope(in: sub) { return inner }
        }
        return node.confinesFocus ? node : nil
    }

    /// Focuses the best target inside item `index` of `list` (a container item), or, when that item has
    /// nothing to focus (an empty shelf, a header row), inside the next item along `move` that has: at
    /// once when its cell shows, else after the list scrolled it into view. Returns false when every
    /// item ahead shows and none has anything to focus.
    @discardableResult
    func enterItem(_ index: Int, of list: ListView, move: FocusMove, reference: Rect) -> Bool {
        var index = index
        while let cell = list.cell(at: index) {
            if let target = entry(in: cell, move: move, reference: reference) {
                setFocus(target, scroll: true)
                return true
            }
            guard let next = list.neighbourItem(from: index, move) else { return false }
            index = next
        }
        list.scrollToItem(index, position: .visible, duration: list.scrollView.focusScrollDuration,
                          curve: list.scrollView.focusScrollCurve)
        pendingEntry = (list, index, move, reference)
        return true
    }

    /// The target to focus when entering `node` by `move` from `reference` (root coordinates): for Tab the
    /// first in order, for Shift-Tab the last, for a direction the one nearest the reference.
    func entry(in node: ViewNode, move: FocusMove, reference: Rect, remembering: Bool = true) -> FocusTarget? {
        // A hidden view, or a subview of no size (not drawn, nor its subviews), has nothing to focus.
        guard !node.isHidden, !Self.hasNoSize(node) else { return nil }
        // A focus group that remembers: its last focused target again (a direction's move; Tab goes in order).
        if remembering, move != .next, move != .previous, let group = node.focusGroup, group.remembersFocus,
           let target = rememberedTarget(in: node, group) {
            return target
        }
        if let list = node as? ListView {
            let n = list.numberOfItems
            guard n > 0 else { return nil }
            if list.itemsAreFocusable {
                return FocusTarget(view: list, item: list.entryItem(move: move, reference: reference))
            }
            // A list of containers: its showing cells, nearest first.
            for cell in ordered(list.visibleCells, move: move, reference: reference) {
                if let t = entry(in: cell, move: move, reference: reference) { return t }
            }
            return nil
        }
        if node.isFocusable { return FocusTarget(view: node, item: nil) }
        for sub in ordered(readingOrder(node.storedSubviews), move: move, reference: reference) {
            if let t = entry(in: sub, move: move, reference: reference) { return t }
        }
        return nil
    }

    /// `views` in the order a move tries them: in order for next, reversed for previous, nearest to the
    /// reference first for a direction.
    func ordered<V: ViewNode>(_ views: [V], move: FocusMove, reference: Rect) -> [V] {
        switch move {
        case .next: return views
        case .previous: return views.reversed()
        default:
            return views.sorted { distance($0.frameInRoot, reference, move) < distance($1.frameInRoot, reference, move) }
        }
    }

    /// `views` in reading order, the order Tab visits them: a view wholly above another comes first; views side
    /// by side (overlapping vertically) go leading edge first (right to left: the rightmost first); else the
    /// tree's order. So a toolbar drawn over its list (added after it) is still visited before the list.
    func readingOrder(_ views: [ViewNode]) -> [ViewNode] {
        guard views.count > 1 else { return views }
        let rtl = views[0].superview?.isRightToLeft ?? false
        let frames = views.map(\.frameInRoot)
        let sorted = views.indices.sorted { a, b in
            let fa = frames[a], fb = frames[b]
            if fa.maxY <= fb.minY + 0.5 { return true }
            if fb.maxY <= fa.minY + 0.5 { return false }
            if abs(fa.minX - fb.minX) > 0.5 || abs(fa.maxX - fb.maxX) > 0.5 {
                return rtl ? fa.maxX > fb.maxX : fa.minX < fb.minX
            }
            return a < b
        }
        return sorted.map { views[$0] }
    }

    /// Distance from `reference` to `rect` for a move: the gap along the move plus twice the offset across it.
    func distance(_ rect: Rect, _ reference: Rect, _ move: FocusMove) -> Double {
        let dx = rect.midX - reference.midX, dy = rect.midY - reference.midY
        switch move {
        case .up, .down: return abs(dy) + 2 * abs(dx)
        case .left, .right: return abs(dx) + 2 * abs(dy)
        default: return abs(dx) + abs(dy)
        }
    }

    /// The nearest focusable target among `container`'s subviews other than `child`, in `move`'s direction.
    func spatialTarget(in container: ViewNode, excluding child: ViewNode, move: FocusMove, reference: Rect) -> FocusTarget? {
        var candidates: [ViewNode] = []
        let order = move == .next || move == .previous ? readingOrder(container.storedSubviews) : container.storedSubviews
        for sub in order where sub !== child && !sub.isHidden {
            let r = sub.frameInRoot
            let ahead: Bool
            switch move {
            case .up: ahead = r.midY < reference.midY && r.maxY <= reference.minY + 1
            case .down: ahead = r.midY > reference.midY && r.minY >= reference.maxY - 1
            case .left: ahead = r.midX < reference.midX && r.maxX <= reference.minX + 1
            case .right: ahead = r.midX > reference.midX && r.minX >= reference.maxX - 1
            case .next, .previous:
                let i = order.firstIndex { $0 === child } ?? 0
                let j = order.firstIndex { $0 === sub } ?? 0
                ahead = move == .next ? j > i : j < i
            }
            if ahead { candidates.append(sub) }
        }
        for sub in beamOrdered(candidates, move: move, reference: reference) {
            if let t = entry(in: sub, move: move, reference: reference) { return t }
        }
        return nil
    }

    /// Scrolls every scroll view around the target (innermost first) so that it shows whole.
    func scrollIntoView(view: ViewNode, item: Int?) {
        var child: ViewNode = view
        if let list = view as? ListView, let item {
            list.scrollToFocusedItem(item)
        }
        var cellIndex: Int?
        var ancestor = view.superview
        while let a = ancestor {
            if let cell = child as? ListCell { cellIndex = cell.index }
            if let list = a as? ListView {
                if let k = cellIndex, k >= 0 { list.scrollToFocusedItem(k) }
                cellIndex = nil
            } else if let s = a as? ScrollingView, !((s.superview as? ListView)?.scrollView === s) {
                // A plain scroll view: the focused view's own rectangle in its content coordinates (not the whole
                // column it sits in: a form's button deep in a stack).
                let target = s.contentOffset(toReveal: view.convert(view.bounds, to: s))
                if target != s.contentOffset {
                    s.setContentOffset(target, duration: s.focusScrollDuration, curve: s.focusScrollCurve)
                }
            }
            child = a
            ancestor = a.superview
        }
    }
}

extension ListView {
    /// The item a focus move from `index` goes to inside this list, or `nil` when the move leaves it
    /// (across its axis, or past its ends).
    func neighbourItem(from index: Int, _ move: FocusMove) -> Int? {
        // Mirrored (right to left), the item after this one shows to its left.
        let move = scrollView.mirrorsContent ? move.mirroredHorizontally : move
        if let grid { return gridNeighbour(grid, from: index, move) }
        let horizontal = axis == .horizontal
        let step: Int
        switch move {
        case .next: step = 1
        case .previous: step = -1
        case .left where horizontal, .up where !horizontal: step = -1
        case .right where horizontal, .down where !horizontal: step = 1
        default: return nil
        }
        var j = index + step
        while j >= 0, j < numberOfItems, isSectionHeaderItem(j) { j += step }   // headers are not choices
        return j >= 0 && j < numberOfItems ? j : nil
    }

    /// The item focus enters this list on: the first for Tab, the last for Shift-Tab, else the showing
    /// item nearest the reference along the axis (for a move along the axis, the first showing one ahead).
    func entryItem(move: FocusMove, reference: Rect) -> Int {
        let n = numberOfItems
        switch move {
        case .next: return neighbourItem(from: -1, .next) ?? 0
        case .previous: return neighbourItem(from: n, .previous) ?? n - 1
        default: break
        }
        let visible = visibleRange
        guard !visible.isEmpty else { return min(max(0, visible.lowerBound), n - 1) }
        let horizontal = axis == .horizontal
        var best = visible.lowerBound, bestDistance = Double.infinity
        for i in visible where !isSectionHeaderItem(i) {
            guard let f = frame(of: i) else { continue }
            // Prefer items showing whole.
            let shown = scrollView.contentOffset(toReveal: f) == scrollView.clampPoint(scrollView.contentOffset)
            let onScreen = scrollView.convert(f, to: nil)   // reflected in a mirrored (right-to-left) list
            let centre = horizontal ? onScreen.midX : onScreen.midY
            let ref = horizontal ? reference.midX : reference.midY
            let d = abs(centre - ref) + (shown ? 0 : 10_000)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }
}
