// The values of a batch of list changes: ListChange (insert, delete, move, reload), ListChangeError,
// ListChangeAnimation, and SectionChanges for a grid's sections.

import Motion

// The list's change model: ListChange, ListChangeError, ListChangeAnimation and what a batch did to
// a grid's sections (SectionChanges).

/// One change to a list's items, as a batch applies them: in order, each index counting in the list as
/// it is after the changes before it (so `[.delete(at: 0, count: 1), .delete(at: 0, count: 1)]` deletes
/// the first two items).
public enum ListChange: Sendable, Hashable {
    /// `count` new items before index `at` (`at` may equal the count: they are appended).
    case insert(at: Int, count: Int = 1)
    /// The items `at ..< at + count`.
    case delete(at: Int, count: Int = 1)
    /// The item at `from` taken out and put back so that it ends at index `to`.
    case move(from: Int, to: Int)
    /// The item at `at` changed: it is measured and configured again, and keeps its place.
    case reload(at: Int)
}

/// Why a batch of changes was refused (the list is then exactly as it was).
public struct ListChangeError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// How a batch of changes animates: cells that stay slide from where they were to their new places, new
/// ones fade in and removed ones fade out, over `duration` seconds along `curve`, each a `TimedSimulation`
/// sampled at the frames' `targetTimestamp` like every motion. A batch that arrives while another animates
/// starts its slides from where the cells are drawn then.
public struct ListChangeAnimation: Sendable, Hashable {
    public var duration: Double
    public var curve: TimingCurve
    /// `duration` NaN, infinite or negative counts as 0 (no animation).
    public init(duration: Double = 0.3, curve: TimingCurve = .easeInOutCubic) {
        self.duration = duration.isFinite ? max(0, duration) : 0
        self.curve = curve
    }
    /// 0.3 s, ease-in-out.
    public static let standard = ListChangeAnimation()
}

/// What a batch did to a grid's sections: `mapping` takes an old section to its new one (nil: removed);
/// `inserted` and `reloaded` hold new sections; `previousFrame` gives where a header or footer (by its new
/// section) was in the old content, for those that come into view.
struct SectionChanges {
    var mapping: (Int) -> Int?
    var inserted: Set<Int>
    var reloaded: Set<Int>
    var previousFrame: ((ListCellRole) -> Rect?)? = nil
}
