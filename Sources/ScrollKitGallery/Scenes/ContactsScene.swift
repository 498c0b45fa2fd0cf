// The contacts scene: ContactsScene (a header with the search field's place over a sectioned, self-sizing
// ListView of 2,820 people with sticky headers, a section index with its bubble, scrubbing, filtering, and a person's
// card pushed on a tap).

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// A contacts book: people in ten scripts, sorted by family name in sections with sticky headers, an A–Z
    /// index, and a search query filtering with an animated batch update.
    static let contacts = SceneEntry(name: "contacts") { context throws(CLIError) in
        let scene = ContactsScene(context: context, book: ContactsScene.sharedBook())
        if let query = context.options.query { scene.search.text = query; scene.setQuery(query, animated: false) }
        return scene
    }
}

/// The contacts scene: a header ("Contacts", how many are shown, and the search field's place) over a
/// ``ListView`` of the people of `Assets/Contacts/people.csv` (``ContactsBook``) in sections with sticky
/// headers (``SectionedListDataSource``), a section index along the trailing edge (the leading one right to
/// left), and a bubble naming the section an index press or a scroll-thumb drag is at.
///
/// - **Search**: a ``TextFieldView`` in the header, focused when the scene opens (as a search screen's is): typing
///   filters by ``ContactSearch``'s rule through ``setQuery(_:animated:)``, one animated `applyDifference` (no
///   reload; the first person shown stays in place). Escape or the clear button empties it. A touch on the field
///   slides up the on-screen keyboard (``KeyboardContainer``), which the list makes room for.
/// - **Tap** a person: their card (``ContactDetailView``) is pushed on the scene's ``NavigationStackView``; the
///   back button, an edge swipe, Escape or Backspace go back to the list, whose place is kept.
///
/// Trace: the main scroll view is the list's; `itemCount` is the number of people shown (not rows);
/// `navigationDepth` the stack's (2 with a card open).
@MainActor
final class ContactsScene: ListBackedScene {
    /// The scene's views: the list screen's content, on a navigation stack inside ``root``, the keyboard's
    /// container.
    let content = ViewNode()
    let stack: NavigationStackView
    let root: KeyboardContainer
    let header = ContactsHeaderView()
    let search = TextFieldView(placeholder: "Search")
    let list: ListView
    let rows: ContactsRows
    let index = SectionIndexView()
    let bubble = IndexBubbleView()
    private(set) var size: Size
    /// The query the people are filtered by.
    private(set) var query = ""
    /// The index entries (title, section of the book or nil) and what the bubble shows for.
    private var entries: [(title: String, section: Int?)] = []
    private var bubbleForScrub = false
    private var direction: ReadingDirection?
    /// The person tapped last (book index, -1: none).
    private(set) var tappedPerson = -1

    /// The book, read once per process (2,820 people, folded once).
    static func sharedBook() -> ContactsBook {
        if let book = loadedBook { return book }
        let book = ContactsBook.load()
        loadedBook = book
        return book
    }
    private static var loadedBook: ContactsBook?

    init(context: SceneContext, book: ContactsBook) {
        size = context.size
        rows = ContactsRows(book: book)
        list = ListView(frame: .zero, dataSource: rows)
        let screen = NavigationScreen(title: "Contacts", content: content)
        screen.isNavigationBarHidden = true
        stack = NavigationStackView(root: screen)
        root = KeyboardContainer(content: stack)
        content.addSubview(list)
        content.addSubview(index)
        content.addSubview(bubble)
        content.addSubview(header)
        content.addSubview(search)
        search.fillColor = ContactsHeaderView.fieldColor
        search.borderColor = ContactsHeaderView.fieldColor
        search.clearsOnEscape = true
        search.onChange = { [weak self] text in self?.setQuery(text) }
        // A paste past the field's limit inserts nothing: the header says so where the count was (until the
        // query next changes), and the log gets a line.
        search.onPasteRefused = { [weak self] bytes in
            guard let self else { return }
            self.header.notice = ContactsHeaderView.refusedPaste(bytes: bytes, into: self.search.text.utf8.count,
                                                                 limit: self.search.maxTextBytes)
            FileHandle.standardError.write(Data("note: contacts search: \(self.header.notice ?? "")\n".utf8))
        }
        entries = ContactsBook.indexEntries(sectionTitles: book.sections.map(\.title))
        index.titles = entries.map(\.title)
        index.onSelect = { [weak self] k in self?.jump(toEntry: k) }
        index.onEnd = { [weak self] in self?.bubble.hide() }
        index.isFocusable = true       // ↑ ↓ choose a letter from the keyboard
        list.onSelectItem = { [weak self] i in self?.tapped(row: i) }
        list.itemsAreFocusable = true   // Tab and ↑/↓ reach every person; Return opens the card
        // Back from a card: the search field again, unless the keyboard's focus came back to the row it left.
        stack.onDidPop = { [weak self] _ in
            guard let self, self.root.focusedView == nil else { return }
            _ = self.search.becomeFocused()
        }
        header.count = rows.shown.count
        layout()
        list.layoutIfNeeded()
        _ = search.becomeFocused()
    }

    /// Where the search field is (the scene's coordinates): the header's rounded field, after its magnifier.
    var searchFieldFrame: Rect {
        let f = header.fieldFrame, rtl = content.isRightToLeft
        return Rect(x: rtl ? f.minX : f.minX + 28, y: f.minY, width: max(0, f.width - 28), height: f.height)
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        let rtl = content.isRightToLeft
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        let headerHeight = min(height, ContactsHeaderView.height)
        header.frame = Rect(x: 0, y: 0, width: width, height: headerHeight)
        list.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
        search.frame = searchFieldFrame
        let stripWidth = 22.0
        // Clear of the scroll indicator's thumb (3 pt inside the edge, 5 pt thick), which can be dragged to scrub.
        index.frame = Rect(x: rtl ? 9 : width - stripWidth - 9, y: headerHeight + 6, width: stripWidth,
                           height: max(0, height - headerHeight - 12))
        let b = 84.0
        bubble.frame = Rect(x: (width - b) / 2, y: headerHeight + (height - headerHeight - b) / 2, width: b, height: b)
    }

    // MARK: Search

    /// Filters the people by `query` (``ContactSearch``'s rule): one batch update, animated unless
    /// `animated` is false. The first person still shown keeps its place.
    func setQuery(_ query: String, animated: Bool = true) {
        guard query != self.query else { return }
        self.query = query
        let old = rows.ids
        rows.show(rows.book.search.matching(query))
        header.count = rows.shown.count
        header.notice = nil
        do {
            try list.applyDifference(from: old, to: rows.ids, animation: animated ? .standard : nil)
        } catch {
            list.reloadData()
        }
    }

    // MARK: Index and bubble

    private func jump(toEntry k: Int) {
        guard k >= 0, k < entries.count else { return }
        bubbleForScrub = false
        bubble.show(entries[k].title)
        // The section of the book the entry names, then the first shown section at or after it.
        let target = entries[k].section ?? rows.book.sections.count
        let shown = rows.shownSections
        guard !shown.isEmpty else { return }
        let s = shown.firstIndex { $0 >= target } ?? shown.count - 1
        list.scrollToSection(s)
    }

    private func tapped(row: Int) {
        guard let p = rows.person(at: row) else { return }
        tappedPerson = p
        let person = rows.book.people[p]
        search.resignFocus()
        stack.push(NavigationScreen(title: person.displayName, content: ContactDetailView(person: person)), animated: true)
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if stack.depth > 1, case .key(.backspace, _, _) = event {
            _ = stack.pop(animated: true)
            return
        }
        root.handle(event)
    }

    func themeDidChange() {
        search.fillColor = ContactsHeaderView.fieldColor
        search.borderColor = ContactsHeaderView.fieldColor
    }

    func handleEscape() -> Bool {
        if stack.depth > 1 { return stack.pop(animated: true) }
        guard !search.text.isEmpty else { return false }
        search.clearText()
        return true
    }

    /// The search field while it has focus: the gallery then types into it (digits too) and the window host
    /// keeps the platform's text input on.
    var focusedTextInput: (any TextInputClient)? { root.focusedTextInput }

    func update(_ tick: FrameTick) {
        if root.effectiveLayoutDirection != direction {
            direction = root.effectiveLayoutDirection
            layout()
        }
        root.step(tick)
        // Scrubbing the scroll indicator's thumb: the bubble names the section at the top.
        if list.scrollView.isDraggingIndicator, let s = list.topSection {
            bubbleForScrub = true
            bubble.show(rows.title(ofShownSection: s))
        } else if bubbleForScrub {
            bubbleForScrub = false
            bubble.hide()
        }
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.isAnimating }
    var wantsQuit: Bool { false }

    // MARK: DemoScene

    var mainList: ListView { list }

    var traceSample: TraceSample {
        var sample = TraceSample(list: list)
        sample.itemCount = rows.shown.count
        sample.activatedRow = tappedPerson
        sample.navigationDepth = stack.depth
        return sample
    }

    func coversOpaquely(_ size: Size) -> Bool { true }
}

/// The contacts header: the large title, how many people show, and the search field's rounded grey place with
/// its magnifier (the scene's `TextFieldView` sits in it, after the magnifier).
final class ContactsHeaderView: ViewNode {
    static let height = 104.0
    /// The search field's grey.
    static var fieldColor: RGBAColor { galleryColors.fill }
    var count = 0 { didSet { if count != oldValue { countText = count == 1 ? "1 person" : "\(count) people"; setNeedsDisplay() } } }
    private var countText = ""
    /// A message shown in the count's place (a refused paste), until the query changes.
    var notice: String? { didSet { if notice != oldValue { setNeedsDisplay() } } }

    /// The message for a paste of `bytes` refused by a field holding `text` bytes and taking at most `limit`.
    static func refusedPaste(bytes: Int, into text: Int, limit: Int) -> String {
        func mb(_ n: Int) -> String { String(format: "%.1f MB", Double(n) / 1_000_000) }
        return "Nothing pasted: \(mb(bytes)) would make \(mb(text + bytes)), more than \(mb(limit))"
    }

    /// The search field's place, in the superview's coordinates.
    var fieldFrame: Rect { Rect(x: frame.minX + 16, y: frame.minY + 58, width: max(0, frame.width - 32), height: 36) }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let rtl = isRightToLeft
        canvas.fill(frame, color: galleryColors.barBackground)
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: galleryColors.barSeparator)
        let w = max(0, frame.width - 32)
        canvas.drawText("Contacts", in: Rect(x: frame.minX + 16, y: frame.minY + 10, width: w, height: 38),
                        style: TextStyle(size: 30, weight: .bold, color: galleryColors.label, maximumScale: TextScale.controlMaximum), alignment: rtl ? .right : .left)
        canvas.drawText(notice ?? countText, in: Rect(x: frame.minX + 16, y: frame.minY + 20, width: w, height: 24),
                        style: TextStyle(size: 13, color: notice == nil ? galleryColors.tertiaryLabel : RGBAColor(hex: 0xC4281C),
                                         maximumScale: TextScale.controlMaximum), alignment: rtl ? .left : .right)
        let field = Rect(x: frame.minX + 16, y: frame.minY + 58, width: w, height: 36)
        canvas.fillRoundedRect(field, radius: 10, color: Self.fieldColor)
        // A magnifier: a ring and its handle.
        let cx = rtl ? field.maxX - 22 : field.minX + 20, cy = field.midY - 1
        canvas.fillCircle(center: Point(x: cx, y: cy), radius: 6.5, color: galleryColors.tertiaryLabel)
        canvas.fillCircle(center: Point(x: cx, y: cy), radius: 4.8, color: Self.fieldColor)
        let d = rtl ? -1.0 : 1.0
        canvas.drawLine(from: Point(x: cx + d * 4.5, y: cy + 4.5), to: Point(x: cx + d * 8.5, y: cy + 8.5),
                        color: galleryColors.tertiaryLabel, width: 2)
    }
}
