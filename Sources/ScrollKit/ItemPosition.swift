/// Where ``ListView/scrollToItem(_:position:duration:curve:completion:)`` puts an item in the viewport.
public enum ItemPosition: String, Sendable, Hashable, CaseIterable {
    /// The item's leading edge at the viewport's leading edge (after the leading inset, see ``ListView``).
    case start
    /// The item's middle at the viewport's middle.
    case center
    /// The item's trailing edge at the viewport's trailing edge (before the trailing inset).
    case end
}
