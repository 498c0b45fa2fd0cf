// Shared set-up of the row interaction tests: a mail-like data source with swipe actions and reordering that
// records what the list asked of it, a one-section grid source that reorders, and a clocked driver.

import Motion
@testable import ScrollKit

/// Rows of 60 pt, each an id in `items`; trailing actions Delete (destructive, removes the row through an
/// animated batch) and Archive, leading action Read. Records every handler call and every move.
@MainActor
final class RowSource: ListSwipeActionsSource, ListReorderingSource {
    var items: [Int]
    weak var list: ListView?
    var actionsCalled: [(String, Int)] = []
    var moves: [(Int, Int)] = []
    var leadingEnabled = true
    init(count: Int) { items = Array(0..<count) }
    var numberOfItems: Int { items.count }
    var fixedItemSize: Double? { 60 }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }

    func trailingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction] {
        [SwipeAction(title: "Delete", color: SwipeAction.destructiveColor, isDestructive: true) { [weak self] i in
            guard let self else { return }
            self.actionsCalled.append(("Delete", i))
            self.items.remove(at: i)
            try? self.list?.performChanges([.delete(at: i, count: 1)])
         },
         SwipeAction(title: "Archive", color: SwipeAction.neutralColor) { [weak self] i in
            self?.actionsCalled.append(("Archive", i))
         }]
    }

    func leadingSwipeActions(forItem index: Int, in list: ListView) -> [SwipeAction] {
        guard leadingEnabled else { return [] }
        return [SwipeAction(title: "Read", color: SwipeAction.accentColor) { [weak self] i in
            self?.actionsCalled.append(("Read", i))
        }]
    }

    func moveItem(from: Int, to: Int) {
        moves.append((from, to))
        let x = items.remove(at: from)
        items.insert(x, at: to)
    }
}

/// A grid of one section of `count` square cards that reorders.
@MainActor
final class ReorderGridSource: GridDataSource, ListReorderingSource {
    var items: [Int]
    var moves: [(Int, Int)] = []
    init(count: Int) { items = Array(0..<count) }
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { items.count }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }
    func moveItem(from: Int, to: Int) {
        moves.append((from, to))
        let x = items.remove(at: from)
        items.insert(x, at: to)
    }
}

/// A list of `count` 60-pt rows in a 400 × 600 window, on a clock of `hz` frames a second: events go in at
/// their own times, with every frame that starts before them stepped first.
@MainActor
final class RowDriver {
    let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
    let list: ListView
    let source: RowSource
    let hz: Double
    var frameIndex = 0
    var now: Double { Double(frameIndex) / hz }
    /// Called after every frame (for checks that must hold all along).
    var observer: (() -> Void)?

    init(count: Int = 100, hz: Double = 60, reorder: Bool = true) {
        self.hz = hz
        source = RowSource(count: count)
        list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 600), dataSource: source)
        source.list = list
        list.isReorderEnabled = reorder
        root.addSubview(list)
        step()
    }

    func step() {
        root.step(FrameTick(index: frameIndex, timestamp: now, duration: 1 / hz))
        frameIndex += 1
        observer?()
    }

    func run(until time: Double) { while now <= time { step() } }

    func settle(maxFrames: Int = 3000) {
        var n = 0
        while root.isAnimating && n < maxFrames { step(); n += 1 }
    }

    func down(_ x: Double, _ y: Double, at t: Double) { run(until: t); root.handle(.pointerDown(location: Point(x: x, y: y), time: t)) }
    func move(_ x: Double, _ y: Double, at t: Double) { run(until: t); root.handle(.pointerMove(location: Point(x: x, y: y), time: t)) }
    func up(_ x: Double, _ y: Double, at t: Double) { run(until: t); root.handle(.pointerUp(location: Point(x: x, y: y), time: t)) }

    /// A straight drag from (x0, y0) to (x1, y1): down at `t`, `steps` moves 10 ms apart, held `hold` s, up.
    func drag(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, at t: Double, steps: Int = 10,
              hold: Double = 0.1) {
        down(x0, y0, at: t)
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            move(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, at: t + 0.01 * Double(k))
        }
        up(x1, y1, at: t + 0.01 * Double(steps) + hold)
    }
}
