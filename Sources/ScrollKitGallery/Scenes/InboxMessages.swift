// The inbox's data: InboxMessage, InboxMessages (the list's data source with its swipe actions and reordering)
// and InboxCell, which draws one message.

import Motion
import ScrollKit

/// One message: made from its identifier (deterministic), its strings made once.
struct InboxMessage {
    let id: Int
    let sender: String
    let subject: String
    let preview: String
    let time: String
    var unread: Bool

    static let senders = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
                          "Donald Knuth", "Margaret Hamilton", "Ken Thompson", "Frances Allen", "Niklaus Wirth",
                          "Radia Perlman", "John McCarthy", "Sophie Wilson", "Dennis Ritchie"]
    static let subjects = ["Lunch on Thursday?", "Re: the scrolling demo", "Quarterly numbers", "Your parcel is on its way",
                           "Build 1.4 is green", "Photos from the trip", "Meeting notes", "Re: Re: fonts",
                           "Invitation: design review", "Weekend plans", "The flaky test again", "Release checklist"]
    static let previews = ["Shall we try the new place round the corner? I hear the soup is excellent.",
                           "The fling felt right at 120 Hz; can we check 30 Hz before Friday?",
                           "Attached are the figures. The second page has the breakdown by region.",
                           "It left the depot this morning and should reach you before six.",
                           "All 950 tests pass on both machines, and the bench is flat.",
                           "Twenty pictures from the coast, the best one is the lighthouse at dusk.",
                           "We agreed to ship the inbox first and the sheets next week.",
                           "Noto has the glyph; the fallback chain just needs the CJK face first."]

    init(id: Int, unread: Bool) {
        self.id = id
        // A small deterministic mix so that neighbours differ.
        let h = (id &* 2_654_435_761) & 0x7fff_ffff
        sender = Self.senders[h % Self.senders.count]
        subject = Self.subjects[(h / 7) % Self.subjects.count]
        preview = Self.previews[(h / 13) % Self.previews.count]
        let minutes = (id * 37) % (24 * 60)
        time = "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
        self.unread = unread
    }
}

/// The inbox's messages, newest first, and the list's data source: swipe actions (left: Archive, Delete; right:
/// Read/Unread) and reordering. Changes it makes itself (a swipe action) are reported through ``changed``.
@MainActor
final class InboxMessages: ListSwipeActionsSource, ListReorderingSource {
    static let rowHeight = 88.0
    private(set) var items: [InboxMessage]
    private var nextID: Int
    /// Called with the changes a swipe action made (the scene applies them to the list, animated).
    var changed: (@MainActor ([ListChange]) -> Void)?

    init(count: Int) {
        items = (0..<max(0, count)).map { InboxMessage(id: $0, unread: $0 % 3 == 0) }
        nextID = max(0, count)
    }

    var count: Int { items.count }
    var unreadCount: Int { items.reduce(0) { $0 + ($1.unread ? 1 : 0) } }

    func prependNew(_ n: Int) { insert(n, at: 0) }

    func insert(_ n: Int, at index: Int) {
        let new = (0..<max(0, n)).map { k in InboxMessage(id: nextID + k, unread: true) }
        nextID += max(0, n)
        items.insert(contentsOf: new, at: min(max(0, index), items.count))
    }

    func remove(_ range: Range<Int>) {
        let r = max(0, range.lowerBound)..<min(items.count, range.upperBound)
        guard !r.isEmpty else { return }
        items.removeSubrange(r)
    }

    func move(from: Int, to: Int) {
        guard from >= 0, from < items.count, to >= 0, to < items.count else { return }
        let m = items.remove(at: from)
        items.insert(m, at: to)
    }

    func setRead(_ index: Int, _ read: Bool) {
        guard index >= 0, index < items.count, items[index].unread == read else { return }
        items[index].unread = !read
        changed?([.reload(at: index)])
    }

    /// The message ids in order (tests compare them with a model).
    var ids: [Int] { items.map(\.id) }

    // MARK: ListDataSource

    var numberOfItems: Int { items.count }
    /// 88 pt at text scale 1, taller by what the three lines of text grow.
    var fixedItemSize: Double? { SceneStyle.grownRowHeight(Self.rowHeight, textHeight: 64) }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(InboxCell.self, for: index)
        let m = items[index]
        cell.sender = m.sender
        cell.subject = m.subject
        cell.preview = m.preview
        cell.time = m.time
        cell.unread = m.unread
        return cell
    }

    // MARK: Swipe actions

    func trailingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction] {
        [SwipeAction(title: "Delete", color: SwipeAction.destructiveColor, isDestructive: true) { [weak self] i in
            self?.removeBySwipe(i)
         },
         SwipeAction(title: "Archive", color: SwipeAction.neutralColor, isDestructive: true) { [weak self] i in
            self?.removeBySwipe(i)
         }]
    }

    func leadingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction] {
        let unread = index >= 0 && index < items.count && items[index].unread
        return [SwipeAction(title: unread ? "Read" : "Unread", color: SwipeAction.accentColor) { [weak self] i in
            guard let self, i >= 0, i < self.items.count else { return }
            self.setRead(i, self.items[i].unread)
        }]
    }

    /// Takes message `index` out (a context menu's Delete, Archive or Junk) and returns it, for an Undo.
    func take(_ index: Int) -> InboxMessage? {
        guard index >= 0, index < items.count else { return nil }
        let m = items.remove(at: index)
        changed?([.delete(at: index, count: 1)])
        return m
    }

    /// Puts `message` back at `index` (an Undo).
    func restore(_ message: InboxMessage, at index: Int) {
        let i = min(max(0, index), items.count)
        items.insert(message, at: i)
        changed?([.insert(at: i, count: 1)])
    }

    private func removeBySwipe(_ index: Int) {
        guard index >= 0, index < items.count else { return }
        items.remove(at: index)
        changed?([.delete(at: index, count: 1)])
    }

    // MARK: Reordering

    func moveItem(from: Int, to: Int) { move(from: from, to: to) }
}

/// One message row: an unread dot, the sender and time, the subject, two lines of preview, a separator.
final class InboxCell: ListCell {
    @DrawingInput var sender = ""
    @DrawingInput var subject = ""
    @DrawingInput var preview = ""
    @DrawingInput var time = ""
    @DrawingInput var unread = false

    static var senderStyle: TextStyle { TextStyle(size: 16, weight: .bold, color: galleryColors.label) }
    static var subjectStyle: TextStyle { TextStyle(size: 14, color: galleryColors.label) }
    static var previewStyle: TextStyle { TextStyle(size: 13, color: galleryColors.tertiaryLabel) }
    static var timeStyle: TextStyle { TextStyle(size: 13, color: galleryColors.tertiaryLabel) }
    static var dot: RGBAColor { galleryColors.tint }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        canvas.fill(f, color: isHighlighted ? galleryColors.fill : galleryColors.cellBackground)
        let k = ViewNode.textScale   // the lines move apart as their text grows (the row grows with them)
        if unread { canvas.fillCircle(center: Point(x: f.minX + 14, y: f.minY + 10 + 12 * k), radius: 5, color: Self.dot) }
        let x = f.minX + 28, w = max(0, f.width - 28 - 16)
        canvas.drawText(time, in: Rect(x: f.maxX - 16 - 60 * k, y: f.minY + 10, width: 60 * k, height: 22 * k),
                        style: Self.timeStyle, alignment: .trailing)
        canvas.drawText(sender, in: Rect(x: x, y: f.minY + 10, width: max(0, w - 6 - 60 * k), height: 22 * k),
                        style: Self.senderStyle, alignment: .leading)
        canvas.drawText(subject, in: Rect(x: x, y: f.minY + 10 + 23 * k, width: w, height: 20 * k),
                        style: Self.subjectStyle, alignment: .leading)
        canvas.drawText(preview, in: Rect(x: x, y: f.minY + 10 + 44 * k, width: w, height: 20 * k),
                        style: Self.previewStyle, alignment: .leading)
        canvas.fill(Rect(x: x, y: f.maxY - 0.5, width: f.width - 28, height: 0.5), color: galleryColors.barSeparator)
    }
}
