// The inbox scene: InboxScene (a NavigationStackView whose root screen is a header with a Compose button over a
// ListView of 500 messages with pull-to-refresh, swipe actions and drag-to-reorder; a tap pushes the message, Compose
// presents the recipients sheet) and InboxHeader; the messages and their cell are in InboxMessages.swift, the
// message screen and the sheet's content in InboxScreens.swift.

import Motion
import ScrollKit
import ScrollKitSDL

extension SceneEntry {
    /// A mail inbox: pull down to refresh (three new messages after 1 s on the scene's clock), swipe a message
    /// left for Archive and Delete (a full swipe deletes) or right for Read/Unread, long-press to reorder.
    static let inbox = SceneEntry(name: "inbox") { context throws(CLIError) in
        let options = context.options
        let count = options.itemsGiven ? options.items : InboxScene.defaultCount
        guard count >= 0, count <= InboxScene.maxCount else {
            throw CLIError("--items must be a whole number from 0 to \(InboxScene.maxCount) for the inbox scene (got \"\(count)\")")
        }
        return InboxScene(context: context, count: count)
    }
}

/// The inbox scene: a header ("Inbox", the unread count, a Compose button) over a ``ListView`` of messages.
///
/// - **Pull to refresh**: `list.onRefresh` keeps the completion; 1 s later on the scene's clock (the frames'
///   `targetTimestamp`, so headless runs repeat) three new messages are inserted at the top
///   (`performChanges`, the reader's place kept) and the completion collapses the spinner.
/// - **Swipe actions** (``ListSwipeActionsSource``): left reveals Archive (grey) and Delete (red; a full swipe
///   deletes), right reveals Read/Unread (blue). Deletes and archives use the animated batch removal.
/// - **Reorder**: a long press (0.5 s) lifts a message; dropping it moves it (``ListReorderingSource``).
/// - **Navigation**: a tap on a message marks it read and pushes its screen (a bar with "‹ Inbox", the subject as
///   a large title that collapses as the body scrolls); the back button, an edge swipe from the leading edge,
///   Escape or Backspace go back. The inbox list keeps its place.
/// - **Compose** presents a sheet (medium and large detents) holding the recipients list; a drag hands over
///   between the sheet and its list; a tap on the scrim, a drag down, Escape or Backspace dismiss it.
///
/// Trace: the main scroll view is the frontmost list (the sheet's recipients, else the top screen's list);
/// `refreshState`, `swipeRow`, `swipeOffset`, `reorderRow` and `reorderTarget` come from the inbox list,
/// `navigationDepth` from the stack (1 at the inbox) and `sheetPosition` from the sheet (-1 with none).
@MainActor
final class InboxScene: ListBackedScene {
    static let defaultCount = 500
    static let maxCount = 100_000
    /// Seconds on the scene's clock a refresh takes.
    static let refreshDelay = 1.0
    /// Messages a refresh brings.
    static let refreshCount = 3

    let root = ViewNode()
    let stack: NavigationStackView
    let inboxScreen: NavigationScreen
    let header = InboxHeader()
    let list: ListView
    let messages: InboxMessages
    private(set) var size: Size
    /// The scene's clock: the last frame's target time, or the last event's time when later (a refresh started
    /// by a release counts its second from the release itself, whatever the frame rate).
    private(set) var now = 0.0
    /// A refresh in progress: when it completes, and the list's completion.
    private var pendingRefresh: (at: Double, done: @MainActor () -> Void)?
    /// The message tapped last (-1: none), for the trace's `activatedRow`.
    private(set) var openedMessage = -1

    /// Called with a message's index when it is tapped, after the scene marked it read and pushed its screen.
    var onOpenMessage: (@MainActor (Int) -> Void)?
    /// Called when the Compose button is pressed, after the scene presented the recipients sheet.
    var onCompose: (@MainActor () -> Void)?
    /// Times Compose was pressed.
    private(set) var composeCount = 0
    /// The sheet's content while one is up.
    private(set) var composeView: ComposeSheetView?

    init(context: SceneContext, count: Int) {
        size = context.size
        messages = InboxMessages(count: count)
        list = ListView(frame: .zero, dataSource: messages)
        list.isReorderEnabled = true
        let main = InboxMainView(header: header, list: list)
        inboxScreen = NavigationScreen(title: "Inbox", content: main)
        inboxScreen.isNavigationBarHidden = true
        stack = NavigationStackView(root: inboxScreen)
        root.addSubview(stack)
        list.onRefresh = { [weak self] done in
            guard let self else { return }
            self.pendingRefresh = (self.now + Self.refreshDelay, done)
        }
        list.onSelectItem = { [weak self] index in self?.open(index) }
        messages.changed = { [weak self] changes in
            guard let self else { return }
            try? self.list.performChanges(changes)
            self.header.unread = self.messages.unreadCount
        }
        header.compose.action = { [weak self] _ in self?.compose() }
        // A message's context menu: right click, the Menu key or Shift+F10 (a long press reorders).
        list.opensContextMenuOnLongPress = false
        list.contextMenuProvider = { [weak self] point in
            guard let self, let index = self.list.item(at: point) else { return nil }
            return self.contextMenu(for: index)
        }
        // Keyboard-only use: Tab reaches Compose and every message (↑/↓ move, Return opens, Backspace goes back).
        header.compose.isFocusable = true
        list.itemsAreFocusable = true
        header.unread = messages.unreadCount
        layout()
        list.layoutIfNeeded()
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        stack.frame = root.frame
    }

    /// A tap on a message: it is marked read and its screen pushed.
    func open(_ index: Int) {
        openedMessage = index
        guard index >= 0, index < messages.count else { return }
        messages.setRead(index, true)
        let body = ListView(frame: .zero, dataSource: MessageBody(message: messages.items[index]))
        let screen = NavigationScreen(title: messages.items[index].subject, content: body, prefersLargeTitle: true)
        stack.push(screen, animated: true)
        onOpenMessage?(index)
    }

    /// The context menu of message `index`: open it, mark it read or unread, move it, delete it. A removal shows a
    /// toast whose Undo puts the message back.
    func contextMenu(for index: Int) -> PopupMenu? {
        guard index >= 0, index < messages.count else { return nil }
        let unread = messages.items[index].unread
        func remove(_ done: String) -> @MainActor @Sendable () -> Void {
            { [weak self] in self?.remove(index, saying: done) }
        }
        return PopupMenu(title: messages.items[index].sender, children: [
            .action(MenuAction("Open") { [weak self] in self?.open(index) }),
            .action(MenuAction(unread ? "Mark as Read" : "Mark as Unread") { [weak self] in
                self?.messages.setRead(index, unread)
            }),
            .submenu(PopupMenu(title: "Move to", children: [
                .action(MenuAction("Archive", handler: remove("Message archived"))),
                .action(MenuAction("Junk", handler: remove("Moved to Junk"))),
            ])),
            .divider,
            .action(MenuAction("Delete", isDestructive: true, handler: remove("Message deleted"))),
        ])
    }

    /// Removes message `index` and says so in a toast with an Undo.
    func remove(_ index: Int, saying done: String) {
        guard let message = messages.take(index) else { return }
        list.showToast(Toast(done, action: ToastAction("Undo") { [weak self] in
            self?.messages.restore(message, at: index)
        }))
    }

    /// Compose: the recipients sheet rises to its medium detent.
    func compose() {
        composeCount += 1
        let content = ComposeSheetView()
        content.cancel.action = { [weak self] _ in self?.stack.dismissSheet(animated: true) }
        content.cancel.isFocusable = true
        composeView = content
        stack.present(sheet: content, detents: [.medium, .large])
        onCompose?()
    }

    /// Escape or Backspace: the sheet goes, else the top screen pops. Returns whether either happened.
    func goBack() -> Bool {
        if root.showsModalPresentation { return root.performBack() }   // a context menu first
        if stack.dismissSheet(animated: true) { return true }
        return stack.pop(animated: true)
    }

    /// The frontmost list: the sheet's, else the top screen's, else the inbox's.
    var frontList: ListView {
        if let c = composeView, stack.presentedSheet != nil { return c.list }
        return stack.topScreen.contentView as? ListView ?? list
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if event.time.isFinite { now = max(now, event.time) }
        if case .key(.backspace, _, _) = event, goBack() { return }
        root.handle(event)
    }

    func handleEscape() -> Bool { goBack() }

    func update(_ tick: FrameTick) {
        if tick.targetTimestamp.isFinite { now = max(now, tick.targetTimestamp) }
        if let refresh = pendingRefresh, now >= refresh.at {
            pendingRefresh = nil
            messages.prependNew(Self.refreshCount)
            try? list.performChanges([.insert(at: 0, count: Self.refreshCount)])
            header.unread = messages.unreadCount
            refresh.done()
        }
        root.step(tick)
        if stack.presentedSheet == nil { composeView = nil }
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.isAnimating || pendingRefresh != nil }
    var wantsQuit: Bool { false }

    // MARK: DemoScene

    var mainList: ListView { list }

    var traceSample: TraceSample {
        var sample = TraceSample(list: list)
        let front = frontList
        if front !== list {
            let s = TraceSample(list: front)
            sample.offset = s.offset
            sample.velocity = s.velocity
            sample.phase = s.phase
            sample.viewportSize = s.viewportSize
            sample.contentSize = s.contentSize
            sample.firstVisible = s.firstVisible
            sample.lastVisible = s.lastVisible
            sample.configured = s.configured
        }
        sample.activatedRow = openedMessage
        sample.navigationDepth = stack.depth
        sample.sheetPosition = stack.presentedSheet.map { stack.frame.minY + $0.top } ?? -1
        return sample
    }

    func coversOpaquely(_ size: Size) -> Bool { true }

    func apply(_ change: ListChange, animated: Bool) throws(CLIError) {
        let n = messages.count
        switch change {
        case .insert(let at, let count):
            guard at <= n, count >= 0, n + count <= Self.maxCount else { throw CLIError("insert at \(at) is out of range (0...\(n))") }
            messages.insert(count, at: at)
        case .delete(let at, let count):
            guard at >= 0, count >= 0, at + count <= n else { throw CLIError("delete of \(at)..<\(at + count) is out of range (\(n) messages)") }
            messages.remove(at..<(at + count))
        case .move(let from, let to):
            guard from >= 0, to >= 0, from < n, to < n else { throw CLIError("move from \(from) to \(to) is out of range (\(n) messages)") }
            messages.move(from: from, to: to)
        case .reload:
            return
        }
        do { try list.performChanges([change], animation: animated ? .standard : nil) } catch { throw CLIError(error.description) }
        header.unread = messages.unreadCount
    }
}

/// The inbox screen's content: the header over the list.
final class InboxMainView: ViewNode {
    let header: InboxHeader
    let list: ListView

    init(header: InboxHeader, list: ListView) {
        self.header = header
        self.list = list
        super.init(frame: .zero)
        addSubview(list)
        addSubview(header)
    }

    override func layoutSubviews() {
        let width = frame.width, height = frame.height
        let headerHeight = min(height, 56.0)
        header.frame = Rect(x: 0, y: 0, width: width, height: headerHeight)
        list.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
    }
}

/// The inbox's header: the title over the unread count and a hint, and the Compose button at the trailing end
/// (the right left to right, the left right to left), laid out by stacks.
final class InboxHeader: ViewNode {
    let compose = PushButton(title: "Compose", kind: .filled)
    var unread = 0 { didSet { if unread != oldValue { unreadLabel.text = "\(unread) unread" } } }
    /// How to use the scene, shown beside the count where there is room.
    static let hint = "Pull to refresh · swipe a message left or right · hold one to reorder · right-click for more"
    let title = LabelView("Inbox", style: TextStyle(size: 22, weight: .bold, color: galleryColors.label,
                                                    maximumScale: TextScale.controlMaximum))
    let unreadLabel = LabelView("0 unread", style: InboxHeader.small)
    let hintLabel = LabelView(InboxHeader.hint, style: InboxHeader.small)
    static var small: TextStyle { TextStyle(size: 12, color: galleryColors.tertiaryLabel, maximumScale: TextScale.controlMaximum) }
    private let content: OverlayStack

    override init(frame: Rect) {
        compose.titleSize = 15
        title.isHeading = true
        let text = ColumnStack(spacing: 2, [title, RowStack(spacing: 12, [unreadLabel.fixedSize(), hintLabel])])
        let row = RowStack(spacing: 8, [text, SpacerView(), compose.layoutFrame(width: 104, height: 34)])
        content = OverlayStack(alignment: .leading, [row.layoutFrame(maxWidth: .infinity)
            .padding(LayoutInsets(top: 0, leading: 16, bottom: 1, trailing: 12))])
        super.init(frame: frame)
        addSubview(content)
        layoutSubviews()
    }

    convenience init() { self.init(frame: .zero) }

    override func layoutSubviews() {
        hintLabel.isHidden = bounds.width < 640
        content.frame = bounds
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: galleryColors.barBackground)
        canvas.fill(Rect(origin: Point(x: frame.minX, y: frame.maxY - 1), size: Size(width: frame.width, height: 1)),
                    color: galleryColors.barSeparator)
    }
}
