// GridIndex: an item's place in a sectioned grid, as (section, item).

/// A position in a sectioned grid: the `item`-th item of section `section` (both from 0).
public struct GridIndex: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int
    public init(section: Int, item: Int) { self.section = section; self.item = item }
    public static func < (a: GridIndex, b: GridIndex) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }
}
