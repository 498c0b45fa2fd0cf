// LayoutSettings, what a view keeps for the layout system (its modifiers, its answers cached per proposal, the
// proposal it was placed with), and LayoutCounters, how much measuring a pass did.

/// A view's minimum, ideal and maximum sizes, and its fixed ones (``ViewNode/layoutFrame(width:height:)``).
struct FrameLimits: Hashable {
    var width: Double?, height: Double?
    var minWidth: Double?, idealWidth: Double?, maxWidth: Double?
    var minHeight: Double?, idealHeight: Double?, maxHeight: Double?

    func fixed(_ axis: LayoutAxis) -> Double? { axis == .horizontal ? width : height }
    func minimum(_ axis: LayoutAxis) -> Double? { axis == .horizontal ? minWidth : minHeight }
    func ideal(_ axis: LayoutAxis) -> Double? { axis == .horizontal ? idealWidth : idealHeight }
    func maximum(_ axis: LayoutAxis) -> Double? { axis == .horizontal ? maxWidth : maxHeight }
    /// Whether the view takes exactly what it is offered along `axis` (a minimum and an infinite maximum).
    func fills(_ axis: LayoutAxis) -> Bool { minimum(axis) != nil && maximum(axis) == .infinity }
}

/// The layout state of one view, made on first use (a view outside any arrangement never makes one).
final class LayoutSettings {
    var padding = LayoutInsets.zero
    var limits = FrameLimits()
    var fixedSize = (horizontal: false, vertical: false)
    var flex: Double?
    var guides: [AlignmentGuide: @MainActor (Size) -> Double] = [:]

    /// Answers cached per proposal, at one text scale generation (a few: a stack asks once, a form grid twice).
    static let cacheCapacity = 4
    var cachedProposals: [SizeProposal] = []
    var cachedSizes: [Size] = []
    var cacheGeneration: UInt64 = 0
    var nextSlot = 0

    /// The proposal the view's content was last placed for, and the size it was placed at.
    var placedProposal: SizeProposal?
    var placedSize: Size?
    /// The view's subviews must be placed again (something in it changed).
    var needsPlacement = false
    /// The text scale generation the subviews were last placed at (a change places them again).
    var placedGeneration: UInt64 = .max

    func cached(_ proposal: SizeProposal, generation: UInt64) -> Size? {
        guard generation == cacheGeneration else { return nil }
        var i = 0
        while i < cachedProposals.count {
            if cachedProposals[i] == proposal { return cachedSizes[i] }
            i += 1
        }
        return nil
    }

    func store(_ size: Size, for proposal: SizeProposal, generation: UInt64) {
        if generation != cacheGeneration { dropCache(); cacheGeneration = generation }
        if cachedProposals.count < Self.cacheCapacity {
            cachedProposals.append(proposal)
            cachedSizes.append(size)
        } else {
            cachedProposals[nextSlot] = proposal
            cachedSizes[nextSlot] = size
            nextSlot = (nextSlot + 1) % Self.cacheCapacity
        }
    }

    func dropCache() {
        cachedProposals.removeAll(keepingCapacity: true)
        cachedSizes.removeAll(keepingCapacity: true)
        nextSlot = 0
    }
}

/// What the layout system did since the counters were last reset: a diagnostic for benchmarks and tests (how many
/// views a change touched), never needed to lay anything out.
@MainActor
public enum LayoutCounters {
    /// Views measured: calls of ``ViewNode/sizeThatFits(_:)`` that no cached answer spared.
    public internal(set) static var measurements = 0
    /// Views whose cached answers a change dropped (``ViewNode/setNeedsLayout()``'s walk up to its boundary).
    public internal(set) static var invalidations = 0
    /// Arrangement views that placed their subviews.
    public internal(set) static var placements = 0

    /// Sets every counter to 0.
    public static func reset() {
        measurements = 0
        invalidations = 0
        placements = 0
    }
}
