// The inbox scene: InboxScene (a header with a Compose button over a ListView of 500 messages with
// pull-to-refresh, swipe actions and drag-to-reorder) and InboxHeader; the messages and their cell are in
// InboxMessages.swift.

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
/// - **Seams for later work**: ``onOpenMessage`` (a tap on a message; to push the message screen once
///   NavigationStack exists) and ``onCompose`` (the Compose button; to present the recipients sheet).
///
/// Trace: the main scroll view is the list's; `refreshState`, `swipeRow`, `swipeOffset`, `reorderRow` and
/// `reorderTarget` come from the list (``TraceSample/init(list:selected:)``).
@MainActor
final class InboxScene: ListBackedScene {
    static let defaultCount = 500
    static let maxCount = 100_000
    /// Seconds on the scene's clock a refresh takes.
    static let refreshDelay = 1.0
    /// Messages a refresh brings.
    static let refreshCount = 3

    let root = ViewNode()
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

    /// Called with a message's index when it is tapped. The owner wires it to push the message screen
    /// (NavigationStack, issue 31 item 1); until then the scene marks the message read.
    var onOpenMessage: (@MainActor (Int) -> Void)?
    /// Called when the Compose button is pressed. The owner wires it to present the recipients sheet
    /// (`present(sheet:detents:)`, issue 31 item 2); until then nothing opens.
    var onCompose: (@MainActor () -> Void)?
    /// Times Compose was pressed (shown in the header until a sheet exists).
    private(set) var composeCount = 0

    init(context: SceneContext, count: Int) {
        size = context.size
        messages = InboxMessages(count: count)
        list = ListView(frame: .zero, dataSource: messages)
        list.backgroundColor = .white
        list.isReorderEnabled = true
        root.addSubview(list)
        root.addSubview(header)
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
        header.unread = messages.unreadCount
        layout()
        list.layoutIfNeeded()
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        let headerHeight = min(height, 56.0)
        header.frame = Rect(x: 0, y: 0, width: width, height: headerHeight)
        list.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
    }

    func open(_ index: Int) {
        openedMessage = index
        if let onOpenMessage { onOpenMessage(index); return }
        messages.setRead(index, true)
    }

    func compose() {
        composeCount += 1
        onCompose?()
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if event.time.isFinite { now = max(now, event.time) }
        root.handle(event)
    }

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
        sample.activatedRow = openedMessage
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

/// The inbox's header: the title, the unread count and the Compose button.
final class InboxHeader: ViewNode {
    let compose = PushButton(title: "Compose", kind: .filled)
    var unread = 0 { didSet { if unread != oldValue { unreadText = "\(unread) unread"; setNeedsDisplay() } } }
    private var unreadText = "0 unread"
    /// How to use the scene, shown beside the count where there is room.
    static let hint = "Pull to refresh · swipe a message left or right · hold one to reorder"

    override init(frame: Rect) {
        super.init(frame: frame)
        compose.titleSize = 15
        addSubview(compose)
        // Shown once it opens something: the recipients sheet comes with sheets (issue 31, item 2). A button
        // that does nothing is not shown.
        compose.isHidden = true
    }

    convenience init() { self.init(frame: .zero) }

    override func layoutSubviews() {
        let w = 104.0, h = 34.0
        compose.frame = Rect(x: frame.width - w - 12, y: (frame.height - h) / 2, width: w, height: h)
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: RGBAColor(hex: 0xF9F9FB))
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: RGBAColor(hex: 0xD8D8DE))
        let room = (compose.isHidden ? frame.width - 12 : compose.frame.minX) - 16 - 8
        guard room > 60 else { return }
        canvas.drawText("Inbox", in: Rect(x: frame.minX + 16, y: frame.minY + 5, width: room, height: 28),
                        style: TextStyle(size: 22, weight: .bold, color: RGBAColor(hex: 0x1C1C1E)), alignment: .leading)
        let small = TextStyle(size: 12, color: RGBAColor(hex: 0x8E8E93))
        canvas.drawText(unreadText, in: Rect(x: frame.minX + 16, y: frame.minY + 33, width: 90, height: 18),
                        style: small, alignment: .leading)
        if room > 520 {
            canvas.drawText(Self.hint, in: Rect(x: frame.minX + 110, y: frame.minY + 33, width: room - 94, height: 18),
                            style: small, alignment: .leading)
        }
    }
}
