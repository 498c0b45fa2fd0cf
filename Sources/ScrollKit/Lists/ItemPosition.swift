/// Where ``ListView/scrollToItem(_:position:duration:curve:completion:)`` puts an item in the viewport.
public enum ItemPosition: String, Sendable, Hashable, CaseIterable {
    /// The item's leading edge at the viewport's leading edge (after the leading inset, see ``ListView``).
    case start
    /// The item's middle at the viewport's middle.
    case center
    /// The item's trailing edge at the viewport's trailing edge (before the trailing inset).
    case end
    /// The least movement that shows the item whole (UIKit's and CSS's "nearest"; also called contain):
    /// none when it already shows whole in the viewport; else it lands at the leading or trailing edge
    /// (inside the insets, as `.start` and `.end` do), whichever is nearer. An item longer than the viewport
    /// goes to `.start`. Measured from where a running scroll-to is heading, so repeated requests (focus
    /// moving along a carousel) do not fight it.
    case visible
}
