import ScrollKitSDL

// A screen that composes, written against the public API only: a list of shelves, each a carousel of
// cards. No hit testing, direction locking or focus code of the app's own: the tree's root does it.

@MainActor final class Cards: ListDataSource {
    var numberOfItems: Int { 12 }
    var fixedItemSize: Double? { 120 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Card \(index + 1)"
        cell.backgroundColor = RGBAColor(hue: Double(index) / 12, saturation: 0.4, value: 0.9)
        return cell
    }
}

@MainActor final class ShelfCell: ListCell {
    let carousel = ListView(frame: .zero, axis: .horizontal, dataSource: Cards())
    required init() {
        super.init()
        carousel.itemsAreFocusable = true
        carousel.itemSpacing = 8
        addSubview(carousel)
    }
    override func layoutSubviews() { carousel.frame = Rect(x: 0, y: 24, width: frame.width, height: frame.height - 24) }
}

@MainActor final class Shelves: ListDataSource {
    var opened: [(shelf: Int, card: Int)] = []
    var numberOfItems: Int { 50 }
    var fixedItemSize: Double? { 140 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(ShelfCell.self, for: index)
        cell.carousel.onSelectItem = { [unowned self] card in self.opened.append((index, card)) }
        return cell
    }
}

/// Drives the screen headless: a horizontal drag, a vertical drag, the D-pad and Return. Returns a line
/// for the log, or throws what went wrong.
@MainActor func checkShelves() throws -> String {
    struct Failure: Error, CustomStringConvertible { let description: String }
    let shelves = Shelves()
    let list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: 300), dataSource: shelves)
    var frame = 0
    func tick() { list.step(FrameTick(index: frame, timestamp: Double(frame) / 60, duration: 1.0 / 60)); frame += 1 }
    func drag(from p: Point, by d: Point) {
        let t = Double(frame) / 60
        list.handle(.pointerDown(location: p, time: t))
        for i in 1...6 { list.handle(.pointerMove(location: Point(x: p.x + d.x * Double(i) / 6, y: p.y + d.y * Double(i) / 6), time: t + Double(i) / 60)) }
        list.handle(.pointerUp(location: Point(x: p.x + d.x, y: p.y + d.y), time: t + 0.1))
        for _ in 0..<300 { tick() }
    }
    tick()
    drag(from: Point(x: 300, y: 80), by: Point(x: -150, y: 20))   // mostly horizontal: the first carousel
    guard let first = list.cell(at: 0) as? ShelfCell, first.carousel.scrollView.contentOffset.x > 0,
          list.scrollView.contentOffset.y == 0 else { throw Failure(description: "a horizontal drag did not move the carousel alone") }
    drag(from: Point(x: 200, y: 250), by: Point(x: 20, y: -150))   // mostly vertical: the list
    guard list.scrollView.contentOffset.y > 0 else { throw Failure(description: "a vertical drag did not move the list") }
    list.handle(.key(.down, time: Double(frame) / 60))              // focus: the top-left card
    list.handle(.key(.right, time: Double(frame) / 60))
    list.handle(.key(.enter, time: Double(frame) / 60))
    for _ in 0..<60 { tick() }
    guard let opened = shelves.opened.last else { throw Failure(description: "Return opened nothing") }
    return "consumer: shelves ok: carousel at \(Int(first.carousel.scrollView.contentOffset.x)), list at \(Int(list.scrollView.contentOffset.y)), opened shelf \(opened.shelf) card \(opened.card)"
}
