// InputRouter's focus groups: noting the last focused target in every group around it, giving it back on entry,
// a group's edges (leave, stop, wrap) and exits; and ordering a move's candidates by FocusFinder's beam rule.

extension InputRouter {
    /// Notes `view` (and `item`) as the last focused target of every focus group it is in.
    func rememberFocus(view: ViewNode, item: Int?) {
        var v: ViewNode? = view
        while let c = v {
            c.focusGroup?.remember(view: view, item: item)
            v = c.superview
        }
    }

    /// The target `group` (set on `node`) remembers, if it is still there and shows: for a list whose items
    /// take focus, its remembered item (the list may show another row's data by now: the group holds the
    /// item, the app hands the group to the list showing its row); else the remembered view inside `node`.
    func rememberedTarget(in node: ViewNode, _ group: FocusGroup) -> FocusTarget? {
        if let list = node as? ListView, list.itemsAreFocusable {
            guard let item = group.lastItem, item >= 0, item < list.numberOfItems, !list.isSectionHeaderItem(item) else { return nil }
            return FocusTarget(view: list, item: item)
        }
        guard let view = group.lastView, view !== node, view.isDescendant(of: node), !view.isHidden, !Self.hasNoSize(view)
        else { return nil }
        if let item = group.lastItem {
            guard let list = view as? ListView, list.itemsAreFocusable, item < list.numberOfItems else { return nil }
            return FocusTarget(view: list, item: item)
        }
        return view.isFocusable ? FocusTarget(view: view, item: nil) : nil
    }

    /// A move that found nothing inside `group`'s view `a`: its exit, else its edge rule. Returns nil to go on
    /// climbing (``FocusGroup/Edge/leave``), true when the move was taken (an exit or a wrap focused something;
    /// a stop keeps focus where it is), false when it failed.
    func groupEdge(_ a: ViewNode, move: FocusMove, reference: Rect) -> Bool? {
        guard let group = a.focusGroup else { return nil }
        if let exit = group.exit?(move), exit.isDescendant(of: root), !exit.isDescendant(of: a),
           let target = entry(in: exit, move: move, reference: reference) {
            setFocus(target, scroll: true)
            return true
        }
        switch group.edge(move) {
        case .leave:
            return nil
        case .stop:
            return true
        case .wrap:
            guard let target = wrapTarget(a, move: move, reference: reference) else { return nil }
            setFocus(target, scroll: true)
            return true
        }
    }

    /// The target on the far side of `a` for a move that wraps: a list's first item (last, going back), else
    /// the target nearest a reference moved to `a`'s opposite edge.
    func wrapTarget(_ a: ViewNode, move: FocusMove, reference: Rect) -> FocusTarget? {
        if let list = a as? ListView, list.itemsAreFocusable, list.grid == nil {
            guard let item = list.neighbourItem(from: -1, move) ?? list.neighbourItem(from: list.numberOfItems, move) else { return nil }
            return FocusTarget(view: list, item: item)
        }
        let f = a.frameInRoot
        var r = reference
        switch move {
        case .right: r.origin.x = f.minX - r.width - 1
        case .left: r.origin.x = f.maxX + 1
        case .down: r.origin.y = f.minY - r.height - 1
        case .up: r.origin.y = f.maxY + 1
        case .next, .previous: break
        }
        let start: FocusMove = move == .previous ? .previous : move == .next ? .next : move
        return entry(in: a, move: start, reference: r, remembering: false)
    }

    /// `candidates` (all ahead of `reference` along `move`) in the order a move tries them: by FocusFinder's
    /// beam rule and weighted distance for a direction; in order for next and previous.
    func beamOrdered(_ candidates: [ViewNode], move: FocusMove, reference: Rect) -> [ViewNode] {
        guard move != .next, move != .previous, candidates.count > 1 else {
            return ordered(candidates, move: move, reference: reference)
        }
        let ranked = FocusFinder.ranked(candidates.map(\.frameInRoot), from: reference, move)
        var taken = [Bool](repeating: false, count: candidates.count)
        for i in ranked { taken[i] = true }
        let rest = candidates.indices.filter { !taken[$0] }.map { candidates[$0] }
        return ranked.map { candidates[$0] } + ordered(rest, move: move, reference: reference)
    }
}
