// The model grid changes are checked against: ShelfSource (sections and items with identities), the grid
// made of it, and the check that the grid shows the model.

import Testing
@testable import ScrollKit

/// Sections with identities of their own, holding items with identities: the model grid changes are checked
/// against. Cells show their item's identifier, headers "S" and their section's identifier.
@MainActor
final class ShelfSource: GridDataSource {
    var sections: [(id: Int, items: [Int])]
    var nextItem = 10_000
    var nextSection = 500
    /// Item identifiers passed to `cell(at:in:)` and section identifiers to `headerCell`, in call order.
    var configured: [Int] = []
    var headersConfigured: [Int] = []

    init(counts: [Int]) {
        var first = 0
        sections = counts.enumerated().map { s, c in
            defer { first += c }
            return (id: s, items: Array(first..<(first + c)))
        }
    }

    var flatIDs: [Int] { sections.flatMap(\.items) }
    var numberOfSections: Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    var sectionStyle: GridSectionStyle? { GridSectionStyle(headerLength: 40) }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let id = flatIDs[index]
        configured.append(id)
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(id)"
        return cell
    }
    func headerCell(forSection section: Int, in list: ListView) -> ListCell {
        headersConfigured.append(sections[section].id)
        let header = list.dequeueCell(TestHeaderCell.self, for: section)
        header.title = "S\(sections[section].id)"
        return header
    }

    /// Makes `change` on the model with plain array operations (new items and sections get new identifiers).
    func apply(_ change: GridChange) {
        switch change {
        case .insertItems(let at, let n):
            sections[at.section].items.insert(contentsOf: nextItem..<(nextItem + n), at: at.item)
            nextItem += n
        case .deleteItems(let at, let n):
            sections[at.section].items.removeSubrange(at.item..<(at.item + n))
        case .moveItem(let from, let to):
            let id = sections[from.section].items.remove(at: from.item)
            sections[to.section].items.insert(id, at: to.item)
        case .insertSections(let at, let counts):
            for (j, c) in counts.enumerated() {
                sections.insert((id: nextSection, items: Array(nextItem..<(nextItem + c))), at: at + j)
                nextSection += 1
                nextItem += c
            }
        case .deleteSections(let at, let n):
            sections.removeSubrange(at..<(at + n))
        case .moveSection(let from, let to):
            sections.insert(sections.remove(at: from), at: to)
        case .reloadItem, .reloadSection:
            break
        }
    }

    /// The model as a snapshot for `applyDifference`.
    var snapshot: [(section: Int, items: [Int])] { sections.map { (section: $0.id, items: $0.items) } }
}

/// A grid of `source`: 400 x 600, four 100-point columns, 100-point rows, no spacing, 40-point headers.
@MainActor
func makeShelfGrid(_ source: ShelfSource, height: Double = 600) -> ListView {
    let grid = SectionedGridLayout(columns: .fixed(4), itemLength: .fixed(100))
    return ListView(frame: Rect(x: 0, y: 0, width: 400, height: height), gridLayout: grid, dataSource: source)
}

/// The grid against the layout (``expectGridConsistent``) and the model: each cell shows its item's identifier,
/// each header its section's.
@MainActor
func expectGridMatchesModel(_ list: ListView, _ source: ShelfSource, _ comment: Comment? = nil,
                            sourceLocation: SourceLocation = #_sourceLocation) {
    expectGridConsistent(list, sourceLocation: sourceLocation)
    let ids = source.flatIDs
    #expect(list.numberOfItems == ids.count, comment, sourceLocation: sourceLocation)
    #expect(list.gridLayout?.sectionCount == source.sections.count, comment, sourceLocation: sourceLocation)
    let titles = list.visibleCells.map { ($0 as? LabelCell)?.title ?? "?" }
    #expect(titles == list.visibleRange.map { "\(ids[$0])" }, comment, sourceLocation: sourceLocation)
    for header in list.visibleSupplementaryCells where header.role.isHeader {
        #expect((header as? TestHeaderCell)?.title == "S\(source.sections[header.role.section].id)", comment,
                sourceLocation: sourceLocation)
    }
    #expect(list.visibleCells.allSatisfy { $0.fadeAmount == 0 } || list.isAnimating, comment, sourceLocation: sourceLocation)
}
