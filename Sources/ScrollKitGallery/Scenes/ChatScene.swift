// The chat scene: ChatScene (a header over a self-sizing ListView of messages, earlier history and replies,
// random batches), ChatStyle, ChatMessages, ChatBubbleCell and ChatHeader.

import Motion
import ScrollKit
import ScrollKitSDL
import SplitMix

extension SceneEntry {
    /// A conversation of self-sized messages that starts at the newest; messages arrive below and history
    /// loads above without the reader's place ever jumping.
    static let chat = SceneEntry(name: "chat") { context throws(CLIError) in
        let options = context.options
        let count = options.itemsGiven ? options.items : ChatScene.defaultCount
        guard count >= 0, count <= ChatScene.maxCount else {
            throw CLIError("--items must be a whole number from 0 to \(ChatScene.maxCount) for the chat scene (got \"\(count)\")")
        }
        return ChatScene(context: context, count: count)
    }
}

/// The chat scene: a header (the contact, "Earlier" and "Reply" buttons) over a self-sizing ``ListView`` of
/// messages, each a bubble of wrapped text (``TextLayout``) on the left (them) or the right (me).
///
/// - It starts at the newest message. Messages that arrive while it is at its end slide it along; while the
///   reader is scrolled up it stays put and a "new messages" pill counts them (tap it to go down).
/// - "Earlier" loads 20 older messages above (the message at the top stays where it is); "Reply" makes the
///   other side answer. Scripts insert, delete and move messages (`insert`, `delete`, `move` events).
/// - Messages are made from their identifier (deterministic); their sizes are whole points, so a change
///   above the viewport moves the offset by whole points and the pixels of the messages do not change.
///
/// Trace: the main scroll view is the messages'; `firstVisible`/`lastVisible` are message indices.
@MainActor
final class ChatScene: ListBackedScene {
    static let defaultCount = 400
    static let maxCount = 1_000_000

    let root = ViewNode()
    let header = ChatHeader()
    let list: ListView
    let messages: ChatMessages
    let pill = PushButton(title: "", kind: .filled)
    private(set) var size: Size
    private var quit = false

    init(context: SceneContext, count: Int) {
        size = context.size
        messages = ChatMessages(count: count)
        list = ListView(frame: .zero, dataSource: messages)
        list.keepsEndPinned = true   // the newest message stays in view as messages arrive and are measured
        list.backgroundColor = ChatStyle.background
        list.insets = Insets(top: 10, left: 0, bottom: 10, right: 0)
        root.addSubview(list)
        root.addSubview(header)
        root.addSubview(pill)
        pill.isHidden = true
        pill.titleSize = 13
        pill.cornerRadius = 15   // filled in the theme's tint, as my messages are
        pill.action = { [weak self] _ in self?.scrollToNewest() }
        header.earlier.action = { [weak self] _ in self?.loadEarlier() }
        header.reply.action = { [weak self] _ in self?.receive() }
        // Keyboard-only use: Tab reaches Earlier, Reply and (while it shows) the newest-messages pill.
        for button in [pill, header.earlier, header.reply] { button.isFocusable = true }
        layout()
        list.scrollView.contentOffset = Point(x: 0, y: .greatestFiniteMagnitude)
        list.layoutIfNeeded()
    }

    private func layout() {
        let width = max(0, size.width), height = max(0, size.height)
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        let headerHeight = min(height, width < 520 ? 48.0 : 58.0)
        header.frame = Rect(x: 0, y: 0, width: width, height: headerHeight)
        list.frame = Rect(x: 0, y: headerHeight, width: width, height: max(0, height - headerHeight))
        layoutPill()
    }

    private func layoutPill() {
        let w = 170.0, h = 30.0
        pill.frame = Rect(x: (size.width - w) / 2, y: size.height - h - 14, width: w, height: h)
    }

    // MARK: Changes

    /// 20 older messages above the oldest.
    func loadEarlier() {
        let n = 20
        messages.prepend(n)
        try? list.performChanges([.insert(at: 0, count: n)])
    }

    /// The other side answers: one new message at the end.
    func receive() {
        messages.append(fromMe: false)
        let n = messages.count
        try? list.performChanges([.insert(at: n - 1, count: 1)] + (n > 1 ? [.reload(at: n - 2)] : []))
    }

    func scrollToNewest() {
        list.scrollView.scrollToEnd(duration: 0.35, curve: .easeInOutCubic)
    }

    /// `count` random changes (inserts, deletes and moves, a third each) in one batch, animated: the
    /// benchmark's "a frame that applies a batch". Deterministic for a `seed`.
    func applyRandomBatch(count: Int, seed: UInt64) {
        try? list.performChanges(makeRandomBatch(count: count, seed: seed))
    }

    /// The model half of ``applyRandomBatch(count:seed:)``: the messages changed, the changes returned for
    /// the list (the benchmark times the list's half alone).
    func makeRandomBatch(count: Int, seed: UInt64) -> [ListChange] {
        randomChangeBatch(count: count, seed: seed, itemCount: { messages.count }) { change in
            switch change {
            case .insert(let at, _): messages.insert(1, at: at)
            case .delete(let at, _): messages.delete(at..<(at + 1))
            case .move(let from, let to): messages.move(from: from, to: to)
            case .reload: return false   // not drawn by the generator
            }
            return true
        }
    }

    func apply(_ change: ListChange, animated: Bool) throws(CLIError) {
        let n = messages.count
        switch change {
        case .insert(let at, let count):
            guard at <= n else { throw CLIError("insert at \(at) is out of range (0...\(n))") }
            guard n + count <= Self.maxCount else { throw CLIError("insert of \(count) would make more than \(Self.maxCount) messages") }
            messages.insert(count, at: at)
        case .delete(let at, let count):
            guard at + count <= n else { throw CLIError("delete of \(at)..<\(at + count) is out of range (\(n) messages)") }
            messages.delete(at..<(at + count))
        case .move(let from, let to):
            guard from < n, to < n else { throw CLIError("move from \(from) to \(to) is out of range (\(n) messages)") }
            messages.move(from: from, to: to)
        case .reload:
            return
        }
        // A message's gap below depends on who speaks next: the neighbours of the change are measured again.
        var touched: Set<Int> = []
        switch change {
        case .insert(let at, _), .delete(let at, _): touched = [at - 1]
        case .move(let from, let to): touched = [from - 1, from, to - 1, to]
        case .reload: break
        }
        let reloads = touched.filter { $0 >= 0 && $0 < messages.count }.sorted().map { ListChange.reload(at: $0) }
        do {
            try list.performChanges([change] + reloads, animation: animated ? .standard : nil)
        } catch {
            throw CLIError(error.description)
        }
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size || root.frame.size != size else { return }
        self.size = size
        layout()
    }

    func handle(_ event: InputEvent) {
        if case .text("r", _) = event { receive(); return }
        if case .text("e", _) = event { loadEarlier(); return }
        root.handle(event)
    }

    func update(_ tick: FrameTick) {
        root.step(tick)
        header.count = messages.count
        let below = list.newItemsBelow
        pill.isHidden = below == 0
        if below > 0 { pill.title = below == 1 ? "↓ 1 new message" : "↓ \(below) new messages" }
    }

    func draw(in canvas: DrawingCanvas) {
        guard size.width > 0, size.height > 0 else { return }
        root.draw(in: canvas)
    }

    var needsFrames: Bool { root.isAnimating }
    var wantsQuit: Bool { quit }

    // MARK: DemoScene

    var mainList: ListView { list }

    func coversOpaquely(_ size: Size) -> Bool { true }

    /// The list's background is pinned (grouped, not the list's plain background): set again for the new theme.
    func themeDidChange() { list.backgroundColor = ChatStyle.background }
}

/// The chat's colours (the gallery's theme: in light, the iOS greys and blue the chat always had) and metrics.
enum ChatStyle {
    /// Behind the bubbles: the grouped background (light F2F2F7).
    @MainActor static var background: RGBAColor { galleryColors.groupedBackground }
    /// My bubbles, and the text on them: the tint and the text drawn on it.
    @MainActor static var mine: RGBAColor { galleryColors.tint }
    @MainActor static var mineText: RGBAColor { galleryColors.onTint }
    /// Their bubbles: the theme's fill, half a percent towards the label (light: E5E5EA, the old grey exactly;
    /// the fill alone is E6E6EB).
    @MainActor static var theirs: RGBAColor { galleryColors.fill.mixed(with: galleryColors.label, fraction: 0.005) }
    @MainActor static var text: RGBAColor { galleryColors.label }
    /// The message count: the tertiary label, a shade lighter (light 8E8E93 exactly).
    @MainActor static var secondary: RGBAColor { SceneStyle.tinted(\.tertiaryLabel, as: RGBAColor(hex: 0x8E8E93)) }
    /// The header: a bar of the row colour (light white) over the bars' hairline.
    @MainActor static var header: RGBAColor { galleryColors.cellBackground }
    @MainActor static var headerHairline: RGBAColor { galleryColors.barSeparator }
    /// The contact's avatar.
    @MainActor static var avatar: RGBAColor { galleryColors.positive }
    static let font = 15.0
    static let padX = 12.0, padY = 8.0
    /// The gap under a message: small within one side's run, larger where the speaker changes.
    static let gap = 3.0, turnGap = 12.0
    static let sideInset = 12.0

    /// The widest a bubble's text may be in a list `width` across.
    static func textWidth(_ width: Double) -> Double { max(40, min(520, (width - 2 * sideInset) * 0.72) - 2 * padX) }
}

/// The messages: identifiers (older history negative, new messages counting up), each message made from
/// its identifier, and laid-out bubbles cached for one width.
@MainActor
final class ChatMessages: ListDataSource {
    private(set) var ids: [Int]
    private var nextNew: Int
    private var nextOld = -1
    private var layouts: [Int: TextLayout] = [:]
    private var layoutWidth = -1.0
    /// The text colours the cached layouts were made in (mine, theirs): a theme change lays them out again.
    private var layoutColors: (RGBAColor, RGBAColor)?
    let measurer: any TextMeasurer = FontTextMeasurer.shared

    init(count: Int) {
        ids = Array(0..<count)
        nextNew = count
    }

    var count: Int { ids.count }
    var numberOfItems: Int { ids.count }
    var estimatedItemSize: Double? { 64 }

    func prepend(_ n: Int) {
        ids.insert(contentsOf: (0..<n).map { nextOld - $0 }.reversed(), at: 0)
        nextOld -= n
    }

    func append(fromMe: Bool) {
        var id = nextNew
        while Self.isMine(id) != fromMe { id += 1 }
        ids.append(id)
        nextNew = id + 1
    }

    func insert(_ n: Int, at index: Int) {
        ids.insert(contentsOf: (0..<n).map { nextNew + $0 }, at: index)
        nextNew += n
    }

    func delete(_ range: Range<Int>) { ids.removeSubrange(range) }

    func move(from: Int, to: Int) { ids.insert(ids.remove(at: from), at: to) }

    // MARK: Messages from identifiers

    /// A hash of an identifier: the first output of SplitMix64 seeded with it.
    static func mix(_ id: Int) -> UInt64 {
        var generator = SplitMix64(seed: UInt64(bitPattern: Int64(id)))
        return generator.next()
    }

    /// Runs of two to four messages from one side, then the other.
    static func isMine(_ id: Int) -> Bool { (mix((id >= 0 ? id : id - 2) / 3 &* 7919) >> 33) & 1 == 0 }

    static let phrases = [
        "Are we still on for Saturday?", "yes!", "I found the trail map, the long loop is about 14 km.",
        "Bring a jacket, the forecast says wind on the ridge after two.", "ok", "haha",
        "The lake was completely still this morning, like glass. I took about forty photos and every one of them looks the same.",
        "Can you pick up bread on the way?", "On my way!", "Give me ten minutes.",
        "Did you see the message from Sam about the cabin? They want to know by Thursday whether we need it for two nights or three, and whether anyone is bringing a dog.",
        "Three nights, I think.", "Perfect.", "Sounds good to me.",
        "I'll book the train: the 8:14 gets in at 10:02, which leaves the whole afternoon for the walk up.",
        "Remember the last time we tried the north path in October? We were back before dark only because you insisted on turning around at the saddle.",
        "Fair.", "See you there.", "What time does the last bus leave the village?",
        "Quarter past six, but on Sundays there is only the one at four.", "Then we start early.",
        "I can drive us to the farm gate, it saves an hour of road.", "Do we need the stove or is the hut open?",
        "The hut is open from May, the warden says it has a kettle and not much else.",
        "Found my old compass in the drawer. Still points north, mostly.", "Perfect, bring it.",
        "It rained all night here, the river must be high.", "We can take the bridge at the mill instead of the stones.",
        "Good idea.", "Here is the route from last year: the last bit is steeper than you remember.",
    ]

    static func text(_ id: Int) -> String {
        let h = mix(id)
        let first = phrases[Int(h % UInt64(phrases.count))]
        return first
    }

    /// Message `index`'s text laid out for a list `width` across (cached for that width).
    func layout(at index: Int, width: Double) -> TextLayout {
        let mineText = ChatStyle.mineText, theirText = ChatStyle.text
        if width != layoutWidth || layoutColors.map({ $0.0 != mineText || $0.1 != theirText }) ?? true {
            layouts.removeAll(keepingCapacity: true)
            layoutWidth = width
            layoutColors = (mineText, theirText)
        }
        let id = ids[index]
        if let cached = layouts[id] { return cached }
        if layouts.count > 4_000 { layouts.removeAll(keepingCapacity: true) }   // a bounded cache
        let mine = Self.isMine(id)
        let made = TextLayout(Self.text(id), style: TextStyle(size: ChatStyle.font, color: mine ? mineText : theirText),
                              width: ChatStyle.textWidth(width), lineSpacing: 2, measurer: measurer)
        layouts[id] = made
        return made
    }

    /// Whether message `index` is the last of its speaker's run (a larger gap follows).
    func endsTurn(_ index: Int) -> Bool {
        index + 1 >= ids.count || Self.isMine(ids[index + 1]) != Self.isMine(ids[index])
    }

    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        guard index >= 0, index < ids.count else { return 1 }
        let text = layout(at: index, width: crossLength).size.height
        return (text + 2 * ChatStyle.padY).rounded(.up) + (endsTurn(index) ? ChatStyle.turnGap : ChatStyle.gap)
    }

    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ChatBubbleCell.self, for: index)
        cell.messages = self
        return cell
    }
}

/// One message: a rounded bubble with its text, on the speaker's side.
final class ChatBubbleCell: ListCell {
    weak var messages: ChatMessages?

    override func prepareForReuse() { messages = nil }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard let messages, index >= 0, index < messages.count else { return }
        let id = messages.ids[index]
        let mine = ChatMessages.isMine(id)
        let layout = messages.layout(at: index, width: frame.width)
        let w = (layout.size.width + 2 * ChatStyle.padX).rounded(.up)
        let h = (layout.size.height + 2 * ChatStyle.padY).rounded(.up)
        let x = mine ? frame.maxX - ChatStyle.sideInset - w : frame.minX + ChatStyle.sideInset
        let bubble = Rect(x: x, y: frame.minY, width: w, height: h)
        canvas.fillRoundedRect(bubble, radius: min(17, h / 2), color: mine ? ChatStyle.mine : ChatStyle.theirs)
        canvas.drawTextLayout(layout, at: Point(x: bubble.minX + ChatStyle.padX, y: bubble.minY + ChatStyle.padY))
    }
}

/// The chat's header: the contact, the message count and two buttons.
final class ChatHeader: ViewNode {
    let earlier = PushButton(title: "Earlier", kind: .bordered)
    let reply = PushButton(title: "Reply", kind: .filled)
    var count = 0 {
        didSet { if count != oldValue { countText = "\(count) messages" } }
    }
    /// Made when the count changes, not in every frame's draw.
    private var countText = "0 messages"

    override init(frame: Rect) {
        super.init(frame: frame)
        addSubview(earlier)
        addSubview(reply)
    }

    convenience init() { self.init(frame: .zero) }

    override func layoutSubviews() {
        let compact = frame.width < 520
        let h = compact ? 30.0 : 34.0, w = compact ? 78.0 : 92.0
        reply.frame = Rect(x: frame.width - w - 12, y: (frame.height - h) / 2, width: w, height: h)
        earlier.frame = Rect(x: reply.frame.minX - w - 8, y: (frame.height - h) / 2, width: w, height: h)
    }

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: ChatStyle.header)
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1), color: ChatStyle.headerHairline)
        let room = earlier.frame.minX - 16 - 12
        guard room > 60 else { return }
        canvas.fillCircle(center: Point(x: frame.minX + 32, y: frame.midY), radius: 16, color: ChatStyle.avatar)
        canvas.drawText("A", in: Rect(x: frame.minX + 16, y: frame.minY, width: 32, height: frame.height),
                        style: TextStyle(size: 15, weight: .bold, color: .white, maximumScale: 1), alignment: .center)
        canvas.drawText("Alex", in: Rect(x: frame.minX + 58, y: frame.minY + 6, width: room - 46, height: frame.height / 2 - 4),
                        style: TextStyle(size: 16, weight: .bold, color: ChatStyle.text, maximumScale: TextScale.controlMaximum), alignment: .leading)
        canvas.drawText(countText, in: Rect(x: frame.minX + 58, y: frame.midY, width: room - 46, height: frame.height / 2 - 6),
                        style: TextStyle(size: 12, color: ChatStyle.secondary, maximumScale: TextScale.controlMaximum), alignment: .leading)
    }
}
