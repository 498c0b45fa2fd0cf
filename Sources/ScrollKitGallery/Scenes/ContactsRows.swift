// ContactsRows: the contacts list's data source — the people a query leaves, in sections whose headers are
// items (SectionedListDataSource), their identifiers for the animated batch update; and ContactsHeaderCell.

import Motion
import ScrollKit

/// The contacts list's rows: for the people the query leaves (in the book's order), each section's header
/// item followed by its people. Headers are items (``SectionedListDataSource``), so filtering is one
/// ``ListView/applyDifference(from:to:animation:)`` over ``ids`` (a header's identifier is `-1 - section`, a
/// person's their index in the book) and a section that empties loses its header in the same animation.
/// Self-sizing: people are `StandardCell`s measured from their names at the list's width.
@MainActor
final class ContactsRows: SectionedListDataSource {
    enum Row: Hashable { case header(Int), person(Int) }

    let book: ContactsBook
    /// The people shown (book indices, ascending) and the rows.
    private(set) var shown: [Int] = []
    private(set) var rows: [Row] = []
    private(set) var ids: [Int] = []
    private(set) var sectionHeaderItems: [Int] = []
    /// The section (of the book) of each header item, in order.
    private(set) var shownSections: [Int] = []
    /// The one cell the pinned header is drawn with.
    let pinned = ContactsHeaderCell()

    static let headerHeight = 28.0
    static var appearance: StandardCell.Appearance {
        var look = StandardCell.Appearance(theme: ViewNode.defaultTheme)
        look.leadingSize = Size(width: 34, height: 34)
        look.leadingCornerRadius = 17
        look.contentInsets = Insets(top: 7, left: 16, bottom: 7, right: 30)   // room for the index strip
        look.minimumHeight = 48
        return look
    }

    init(book: ContactsBook) {
        self.book = book
        show(Array(0..<book.people.count))
    }

    /// Shows `people` (book indices, ascending): rebuilds the rows and identifiers.
    func show(_ people: [Int]) {
        shown = people
        rows.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        sectionHeaderItems.removeAll(keepingCapacity: true)
        shownSections.removeAll(keepingCapacity: true)
        var last = -1
        for p in people {
            let s = book.sectionOfPerson[p]
            if s != last {
                last = s
                sectionHeaderItems.append(rows.count)
                shownSections.append(s)
                rows.append(.header(s))
                ids.append(-1 - s)
            }
            rows.append(.person(p))
            ids.append(p)
        }
    }

    /// The title of shown section `k` (index into ``sectionHeaderItems``).
    func title(ofShownSection k: Int) -> String {
        guard k >= 0, k < shownSections.count else { return "" }
        return book.sections[shownSections[k]].title
    }

    /// The person of row `index`, if it is one.
    func person(at index: Int) -> Int? {
        guard index >= 0, index < rows.count, case .person(let p) = rows[index] else { return nil }
        return p
    }

    // MARK: ListDataSource

    var numberOfItems: Int { rows.count }
    var estimatedItemSize: Double? { 48 }

    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        guard index >= 0, index < rows.count else { return 48 }
        switch rows[index] {
        case .header: return Self.headerHeight
        case .person(let p):
            return StandardCell.height(title: book.people[p].displayName, width: crossLength,
                                       leading: Self.monogram(book.people[p]), appearance: Self.appearance)
        }
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        guard index >= 0, index < rows.count else { return ListCell() }
        switch rows[index] {
        case .header(let s):
            let cell = list.dequeueCell(ContactsHeaderCell.self, for: index)
            cell.title = book.sections[s].title
            return cell
        case .person(let p):
            let cell = list.dequeueCell(StandardCell.self, for: index)
            cell.appearance = Self.appearance
            cell.title = book.people[p].displayName
            cell.subtitle = nil
            cell.leading = Self.monogram(book.people[p])
            cell.accessory = .none
            // The last person of a section has no separator (the next header follows).
            let next = index + 1
            cell.appearance.separatorColor = next < rows.count && person(at: next) == nil ? nil : Self.appearance.separatorColor
            return cell
        }
    }

    func pinnedHeaderCell(forItem index: Int, in list: ListView) -> ListCell {
        if index >= 0, index < rows.count, case .header(let s) = rows[index] { pinned.title = book.sections[s].title }
        return pinned
    }

    /// A round swatch with the person's initial, its colour from the name (stable across runs).
    static func monogram(_ p: ContactPerson) -> StandardCell.Leading {
        let initial = p.family.first.map { $0.isLetter ? String($0) : "" } ?? ""
        var h: UInt32 = 2166136261
        for u in (p.given + p.family).unicodeScalars { h = (h ^ u.value) &* 16777619 }
        let palette: [UInt32] = [0x8E8E93, 0x5E8BC7, 0x6AA66E, 0xC98A4B, 0x9C6FC0, 0xC0677A, 0x4FA3A5, 0x7C8796]
        return .swatch(RGBAColor(hex: palette[Int(h % UInt32(palette.count))]), symbol: initial)
    }
}

/// A section header of the contacts list: the section's letter on a light grey band (UIKit's plain style).
final class ContactsHeaderCell: ListCell {
    /// The section's title.
    var title = ""

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: galleryColors.groupedBackground)
        let inset = 16.0
        canvas.drawText(title, in: Rect(x: frame.minX + inset, y: frame.minY, width: max(0, frame.width - 2 * inset), height: frame.height),
                        style: TextStyle(size: 15, weight: .bold, color: galleryColors.secondaryLabel, maximumScale: TextScale.controlMaximum),
                        alignment: isRightToLeft ? .right : .left)
    }
}

extension ContactsRows: ListDataSourceAccessibility {
    /// Every row is named, on screen or not: a person by their name, a header by its section's letter.
    func accessibilityLabel(ofItem index: Int) -> String? {
        guard index >= 0, index < rows.count else { return nil }
        switch rows[index] {
        case .header(let s): return book.sections[s].title
        case .person(let p): return book.people[p].displayName
        }
    }
}
