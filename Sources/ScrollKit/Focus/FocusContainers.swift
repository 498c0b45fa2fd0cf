// What the router's keys ask of the views they route to, as protocols rather than casts to concrete types:
// ItemFocusHost (a view whose items take focus: a list) and KeyScrollTarget (a view the scroll keys move).

/// A view whose items hold focus (``ListView``): the router hands it keys for its focused item, asks whether
/// the item presses, and activates it.
@MainActor
protocol ItemFocusHost: ViewNode {
    /// Offers `key` to focused item `item` (a row's swipe actions, then its cell); whether it was used.
    func handleItemKey(_ key: Key, item: Int, time: Double) -> Bool
    /// Whether Space presses item `item` (it takes a tap).
    func itemIsPressable(_ item: Int) -> Bool
    /// The view drawn for item `item` while it shows (what highlights on activation), else nil.
    func itemView(_ item: Int) -> ViewNode?
    /// Activates item `item` (Return, A).
    func activateItem(_ item: Int)
    /// Where a climb for the key's scroll view starts: the host's own scroll view.
    var keyScrollStart: ViewNode { get }
}

/// A view the scroll keys move (``ScrollingView``): the router picks the innermost along a key's axis.
@MainActor
protocol KeyScrollTarget: ViewNode {
    func key(_ key: Key, time: Double)
    func eventTime(_ t: Double) -> Double
    /// Whether it scrolls along the key's axis (`horizontal`: left and right).
    func scrollsForKey(horizontal: Bool) -> Bool
    var isZoomEnabled: Bool { get }
}

extension ListView: ItemFocusHost {
    func handleItemKey(_ key: Key, item: Int, time: Double) -> Bool {
        if handleSwipeKey(key, item: item, time: time) { return true }
        return cell(at: item)?.handleFocusedKey(key) == true
    }

    func itemIsPressable(_ item: Int) -> Bool {
        onSelectItem != nil || cell(at: item)?.isPressable == true
    }

    func itemView(_ item: Int) -> ViewNode? { cell(at: item) }

    var keyScrollStart: ViewNode { scrollView }
}

extension ScrollingView: KeyScrollTarget {
    func scrollsForKey(horizontal: Bool) -> Bool { scrolls(horizontal ? .x : .y) }
}
