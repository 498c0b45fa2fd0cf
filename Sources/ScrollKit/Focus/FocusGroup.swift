// FocusGroup: a row, grid, section or panel of focusable views that remembers its last focused item, gives focus
// back to it on entry, wraps or stops at its edges, and may name where a move out of it goes.

/// A group of focus targets with a memory, as tvOS's `remembersLastFocusedIndexPath` and focus guides and Android
/// TV's focus groups: set one on the view that holds them (``ViewNode/focusGroup``: a carousel's ``ListView``, a
/// grid, a panel of buttons).
///
/// - Memory: the group notes the target focused last inside it. A move that enters the group from outside
///   focuses that target again (when it is still there and shows), rather than the one spatially nearest;
///   ``remembersFocus`` false, or ``forget()``, turns that off. A group is a reference: a list cell reused for
///   another row takes that row's group (`carousel.focusGroup = groups[row]`), so each row keeps its own memory.
/// - Edges: a move that would leave the group through an edge leaves it (``Edge/leave``, the default), stays
///   (``Edge/stop``) or wraps to the far side (``Edge/wrap``), per direction.
/// - Exits: ``exit`` names the view a move out of the group goes to (a focus guide), per direction.
@MainActor
public final class FocusGroup {
    /// What kind of group it is: how it reads, and what its edges do by default.
    public enum Kind: String, Sendable, Hashable, CaseIterable { case row, grid, section, panel }
    /// What a move does at the group's edge.
    public enum Edge: String, Sendable, Hashable, CaseIterable { case leave, stop, wrap }

    public var kind: Kind
    /// Whether entering the group focuses its last focused target again. Default true.
    public var remembersFocus: Bool
    /// What a move past the group's edge does, by direction (missing: ``Edge/leave``).
    public var edges: [FocusMove: Edge]
    /// Where a move out of the group goes, by direction: the view to enter (nil: the spatial search decides).
    public var exit: (@MainActor (FocusMove) -> ViewNode?)?

    /// The item (of a list group) or the view focused last inside the group.
    public private(set) var lastItem: Int?
    public private(set) weak var lastView: ViewNode?

    public init(kind: Kind = .row, remembersFocus: Bool = true, edges: [FocusMove: Edge] = [:]) {
        self.kind = kind
        self.remembersFocus = remembersFocus
        self.edges = edges
    }

    /// Drops the memory: the next entry goes by the spatial rule.
    public func forget() {
        lastItem = nil
        lastView = nil
    }

    /// What a move past the group's edge in `move` does.
    public func edge(_ move: FocusMove) -> Edge { edges[move] ?? .leave }

    func remember(view: ViewNode, item: Int?) {
        lastView = view
        lastItem = item
    }
}
