import Foundation
import Testing
import Motion
@testable import ScrollKit

/// Behaviour tests of composition (issue 14): a view tree with nested scroll views, gesture arbitration,
/// chaining, pressable content, focus and keys. The suites are nested in this one, so that
/// `--filter CompositionTests` runs them all.
@Suite("Composition")
@MainActor
enum CompositionTests {}

// MARK: - A home screen: a vertical list of shelves, each a horizontal carousel of cards

/// A carousel's card: a plain cell that reports its highlight changes to its data source.
final class CompositionCardCell: ListCell {
    weak var source: CompositionCardsSource?
    override func highlightDidChange() { source?.onHighlight?(index, isHighlighted) }
}

/// A carousel's cards: `count` cards of ``HomeScreen/cardWidth``.
@MainActor
final class CompositionCardsSource: ListDataSource {
    var count: Int
    /// Called with (card, isHighlighted) when a card's highlight changes.
    var onHighlight: ((Int, Bool) -> Void)?
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { HomeScreen.cardWidth }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(CompositionCardCell.self, for: index)
        cell.source = self
        return cell
    }
}

/// A shelf: a title strip over a carousel, which the cell lays out in `layoutSubviews()`.
final class ShelfCell: ListCell {
    private(set) var carousel: ListView?

    /// Shows `carousel` in this cell (taking it from the cell that showed it before, if any).
    func hold(_ carousel: ListView) {
        if self.carousel !== carousel || carousel.superview !== self {
            if let old = self.carousel, old.superview === self { old.removeFromSuperview() }
            self.carousel = carousel
            addSubview(carousel)
        }
        layoutSubviews()
    }

    override func layoutSubviews() {
        carousel?.frame = Rect(x: 0, y: HomeScreen.titleHeight, width: bounds.width,
                               height: max(0, bounds.height - HomeScreen.titleHeight))
    }
}

/// The shelves: one carousel per shelf, kept for the life of the screen (so each keeps its offset, as
/// an app would), put into whichever shelf cell shows that shelf.
@MainActor
final class ShelvesSource: ListDataSource {
    let carousels: [ListView]
    init(carousels: [ListView]) { self.carousels = carousels }
    var numberOfItems: Int { carousels.count }
    var fixedItemSize: Double? { HomeScreen.shelfHeight }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ShelfCell.self, for: index)
        cell.hold(carousels[index])
        return cell
    }
}

/// A card's highlight turning on or off.
struct HighlightChange: Equatable, CustomStringConvertible {
    var shelf: Int
    var card: Int
    var on: Bool
    var description: String { "(\(shelf), \(card)) \(on ? "on" : "off")" }
}

/// A card activated by a tap or by Return.
struct ShelfCard: Equatable, CustomStringConvertible {
    var shelf: Int
    var card: Int
    var description: String { "(\(shelf), \(card))" }
}

/// A home screen on a virtual 60 Hz clock: a 50 pt header view over a vertical ``ListView`` of 200 pt
/// shelves; each shelf is a 40 pt title strip over a horizontal ``ListView`` (a carousel) of 100 pt cards
/// 10 pt apart with 20 pt insets left and right. The root is a plain ``ViewNode``.
///
/// Geometry (window points), computed here independently of the library:
/// - the list spans y 50 ..< 650 (a 600 pt viewport), shelf `s` spans content y 200 s ..< 200 s + 200;
/// - a carousel spans x 0 ..< 400 and y 40 ..< 200 of its shelf (160 pt high);
/// - card `c` spans carousel content x 20 + 110 c ..< 120 + 110 c.
@MainActor
final class HomeScreen: TreeDriver {
    static let width = 400.0
    static let headerHeight = 50.0
    static let listHeight = 600.0
    static let shelfHeight = 200.0
    static let titleHeight = 40.0
    static let carouselHeight = shelfHeight - titleHeight
    static let cardWidth = 100.0
    static let cardSpacing = 10.0
    static let carouselInset = 20.0

    let header: ViewNode
    let list: ListView
    let source: ShelvesSource
    var carousels: [ListView] { source.carousels }

    /// Every onSelectItem call of a carousel, in order.
    var activations: [ShelfCard] = []
    /// Every change of a card's highlight, in order.
    var highlights: [HighlightChange] = []
    /// How many times each scroll view's offset changed (onDidScroll), since the last ``resetMoves()``.
    var listMoves = 0
    var carouselMoves: [Int]

    /// `cards[s]` cards on shelf `s`. `pressable`: the carousels have onSelectItem. `focusable`: their cards take focus.
    /// `showFirstFrame`: step the first frame at once, as a host shows a screen before any input comes
    /// (a list makes its cells, and so puts the carousels in the tree, in its first frame).
    init(cards: [Int], pressable: Bool = false, focusable: Bool = false, showFirstFrame: Bool = true) {
        header = ViewNode(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.headerHeight))
        var made: [ListView] = []
        var sources: [CompositionCardsSource] = []
        for n in cards {
            let cardsSource = CompositionCardsSource(count: n)
            sources.append(cardsSource)
            let carousel = ListView(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.carouselHeight),
                                    axis: .horizontal, dataSource: cardsSource)
            carousel.itemSpacing = Self.cardSpacing
            carousel.insets = Insets(top: 0, left: Self.carouselInset, bottom: 0, right: Self.carouselInset)
            carousel.itemsAreFocusable = focusable
            made.append(carousel)
        }
        source = ShelvesSource(carousels: made)
        list = ListView(frame: Rect(x: 0, y: Self.headerHeight, width: Self.width, height: Self.listHeight),
                        dataSource: source)
        carouselMoves = Array(repeating: 0, count: cards.count)
        super.init(root: ViewNode(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.headerHeight + Self.listHeight)))
        root.addSubview(header)
        root.addSubview(list)
        list.scrollView.onDidScroll = { [unowned self] _ in self.listMoves += 1 }
        for (s, carousel) in made.enumerated() {
            carousel.scrollView.onDidScroll = { [unowned self] _ in self.carouselMoves[s] += 1 }
            sources[s].onHighlight = { [unowned self] card, on in self.highlights.append(HighlightChange(shelf: s, card: card, on: on)) }
            if pressable {
                carousel.onSelectItem = { [unowned self] card in self.activations.append(ShelfCard(shelf: s, card: card)) }
            }
        }
        if showFirstFrame { step() }
    }

    func resetMoves() {
        listMoves = 0
        carouselMoves = Array(repeating: 0, count: carouselMoves.count)
    }

    var listOffset: Double { list.scrollView.contentOffset.y }
    func carouselOffset(_ shelf: Int) -> Double { carousels[shelf].scrollView.contentOffset.x }

    /// The card with focus, if any.
    var focus: ShelfCard? {
        for (s, c) in carousels.enumerated() {
            if let item = c.focusedItem { return ShelfCard(shelf: s, card: item) }
        }
        return nil
    }

    // MARK: Geometry (independent of the library)

    /// Card `card` of shelf `shelf` in window points, at the current offsets.
    func cardRect(shelf: Int, card: Int) -> Rect {
        let x = Self.carouselInset + Double(card) * (Self.cardWidth + Self.cardSpacing) - carouselOffset(shelf)
        let y = Self.headerHeight + Double(shelf) * Self.shelfHeight + Self.titleHeight - listOffset
        return Rect(x: x, y: y, width: Self.cardWidth, height: Self.carouselHeight)
    }

    func cardCenter(shelf: Int, card: Int) -> Point {
        let r = cardRect(shelf: shelf, card: card)
        return Point(x: r.midX, y: r.midY)
    }

    /// Shelf `shelf`'s carousel in window points.
    func carouselRect(shelf: Int) -> Rect {
        Rect(x: 0, y: Self.headerHeight + Double(shelf) * Self.shelfHeight + Self.titleHeight - listOffset,
             width: Self.width, height: Self.carouselHeight)
    }

    static let listRect = Rect(x: 0, y: headerHeight, width: width, height: listHeight)

    /// The carousel offset that `.visible` gives card `card` from `offset`: none when it shows whole,
    /// else the least movement (leading edge after the left inset, trailing edge before the right one).
    static func visibleCarouselOffset(card: Int, from offset: Double, cards: Int) -> Double {
        let start = carouselInset + Double(card) * (cardWidth + cardSpacing), end = start + cardWidth
        let content = 2 * carouselInset + Double(cards) * cardWidth + Double(max(cards - 1, 0)) * cardSpacing
        let maxOffset = max(0, content - width)
        var target = offset
        if start < offset { target = start - carouselInset } else if end > offset + width { target = end + carouselInset - width }
        return min(max(target, 0), maxOffset)
    }
}

/// Drives a tree on a virtual 60 Hz clock: frame k starts at k / 60 s; events are sent at their own
/// times, with every frame that starts before them stepped first.
@MainActor
class TreeDriver {
    static let frameRate = 60.0
    let root: ViewNode
    init(root: ViewNode) { self.root = root }

    /// The index of the next frame.
    var frameIndex = 0
    /// The timestamp of the next frame.
    var now: Double { Double(frameIndex) / Self.frameRate }
    /// Called after every frame and every event (for checks that must hold all along).
    var observer: (() -> Void)?

    // MARK: Clock and input

    func step() {
        root.step(FrameTick(index: frameIndex, timestamp: now, duration: 1 / Self.frameRate))
        frameIndex += 1
        observer?()
    }

    /// Steps every frame that starts at or before `time`.
    func run(until time: Double) {
        while now <= time { step() }
    }

    /// Steps until nothing in the tree needs frames; returns the number of frames.
    @discardableResult
    func settle(maxFrames: Int = 6000) -> Int {
        var n = 0
        while root.isAnimating && n < maxFrames { step(); n += 1 }
        return n
    }

    func send(_ event: InputEvent) {
        run(until: event.time)
        root.handle(event)
        observer?()
    }

    func down(_ p: Point, at t: Double) { send(.pointerDown(location: p, time: t)) }
    func move(_ p: Point, at t: Double) { send(.pointerMove(location: p, time: t)) }
    func up(_ p: Point, at t: Double) { send(.pointerUp(location: p, time: t)) }
    /// A key pressed just before the next frame (so several in a row come with no frame in between).
    func key(_ k: Key) { send(.key(k, time: now - 0.001)) }

    /// A straight drag from `from` by `by`, an event every 8 ms over `duration`, starting at `start`
    /// (default: the next frame's time); released unless `release` is false. Frames run in between.
    /// Returns the time of the last event.
    @discardableResult
    func drag(from: Point, by delta: Point, start: Double? = nil, duration: Double = 0.2, release: Bool = true) -> Double {
        let t0 = start ?? now
        let n = max(1, Int((duration / 0.008).rounded()))
        down(from, at: t0)
        for i in 1...n {
            let f = Double(i) / Double(n)
            move(Point(x: from.x + delta.x * f, y: from.y + delta.y * f), at: t0 + Double(i) * 0.008)
        }
        let end = t0 + Double(n) * 0.008
        if release { up(Point(x: from.x + delta.x, y: from.y + delta.y), at: end) }
        return end
    }
}

/// A pointer displacement of `length` at `degrees` from horizontal, pointing up and to the left (so the
/// content it drags moves towards larger offsets on both axes).
func upLeft(_ length: Double, degrees: Double) -> Point {
    let a = degrees * Double.pi / 180
    return Point(x: -length * cos(a), y: -length * sin(a))
}

/// `inner` lies inside `outer` (inclusive, with 1e-9 slack).
func compositionContains(_ outer: Rect, _ inner: Rect) -> Bool {
    inner.minX >= outer.minX - 1e-9 && inner.maxX <= outer.maxX + 1e-9
        && inner.minY >= outer.minY - 1e-9 && inner.maxY <= outer.maxY + 1e-9
}
