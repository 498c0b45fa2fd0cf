// The public values of a list's row interactions: SwipeAction, the data-source protocols that give a row its
// swipe actions (ListSwipeActionsSource) and take a reorder (ListReorderingSource), and RefreshState.

import Motion

/// A button revealed behind a row by a horizontal swipe (UIKit's `UIContextualAction`): a title, a fill colour
/// and a handler called with the item's index when the button is tapped, or when a full swipe runs it.
///
/// ```swift
/// SwipeAction(title: "Delete", color: SwipeAction.destructiveColor, isDestructive: true) { [weak self] i in
///     self?.delete(i)
/// }
/// ```
public struct SwipeAction: Sendable {
    /// The iOS red of destructive actions.
    public static let destructiveColor = RGBAColor(hex: 0xFF3B30)
    /// The iOS grey of neutral actions (Archive, More).
    public static let neutralColor = RGBAColor(hex: 0x8E8E93)
    /// The iOS blue (Read, Unread, Flag).
    public static let accentColor = RGBAColor(hex: 0x007AFF)

    /// The button's title (drawn white, centred).
    public var title: String
    /// The button's fill.
    public var color: RGBAColor
    /// Whether the action removes the row (a delete): the row slides out with it before the handler runs.
    public var isDestructive: Bool
    /// Called with the row's item index, after the row closed (or slid out, for a destructive full swipe).
    public var handler: @MainActor @Sendable (Int) -> Void

    /// An action titled `title` on `color`.
    public init(title: String, color: RGBAColor, isDestructive: Bool = false,
                handler: @escaping @MainActor @Sendable (Int) -> Void) {
        self.title = title
        self.color = color
        self.isDestructive = isDestructive
        self.handler = handler
    }
}

/// A ``ListDataSource`` whose rows have swipe actions. The list reads the actions of a row when a swipe on it
/// starts. The first action of each side is the one a full swipe runs (``ListView/fullSwipeFraction``), the
/// outermost button, as in UIKit. Return `[]` for a row (or a side) without actions.
@MainActor
public protocol ListSwipeActionsSource: ListDataSource {
    /// The actions at the row's leading edge, revealed by a drag away from it (to the right in a left-to-right
    /// list, to the left in a right-to-left one), the first action outermost (it runs on a full swipe).
    func leadingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction]
    /// The actions at the row's trailing edge, revealed by a drag away from it (to the left in a left-to-right
    /// list), the first action outermost (it runs on a full swipe).
    func trailingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction]
}

extension ListSwipeActionsSource {
    public func leadingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction] { [] }
    public func trailingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction] { [] }
}

/// A ``ListDataSource`` that takes a drag-to-reorder (``ListView/isReorderEnabled``): when a lifted row is
/// dropped, ``moveItem(from:to:)`` is called once, and the data source moves the item in its own storage
/// (the list then shows the move, animated). `to` is the item's index after the move, as in
/// ``ListChange/move(from:to:)`` and `Array`'s remove-then-insert.
@MainActor
public protocol ListReorderingSource: ListDataSource {
    /// Whether item `index` may be lifted. The default says yes.
    func canMoveItem(at index: Int) -> Bool
    /// Move item `from` so that it ends at index `to` (remove it, then insert it at `to`).
    func moveItem(from: Int, to: Int)
}

extension ListReorderingSource {
    public func canMoveItem(at index: Int) -> Bool { true }
}

/// Where a list's pull-to-refresh is (``ListView/refreshState``), as the trace's `refreshState` column names it.
public enum RefreshState: String, Sendable, Hashable, CaseIterable {
    /// Nothing: the list is not pulled past its top (or has no ``ListView/onRefresh``).
    case idle
    /// Held and pulled down past the top, short of ``ListView/refreshThreshold``.
    case pulling
    /// Held and pulled past the threshold: a release now refreshes.
    case armed
    /// Released while armed: ``ListView/onRefresh`` runs, the list rests below the spinner.
    case refreshing
    /// The refresh completed: the spinner collapses and the list returns to its top.
    case ending
}
