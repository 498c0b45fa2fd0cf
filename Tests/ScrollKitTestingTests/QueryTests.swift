// Queries: elements found by role, label and identifier in a small app of buttons and a 10,000-row list; items
// far off screen reached by scrolling; failures that print the tree where the query looked.

import ScrollKit
import ScrollKitTesting
import Testing

/// A screen with two buttons above a list of `rows` rows titled "Fruit #i" (named off screen only when
/// `namesOffscreen`).
@MainActor
private final class FruitScreen: ViewNode {
    let reply = PushButton(title: "Reply")
    let archive = PushButton(title: "Archive")
    let list: ListView
    var replies = 0
    var opened: [Int] = []

    init(rows: Int, namesOffscreen: Bool) {
        list = ListView(frame: .zero, dataSource: namesOffscreen ? NamedFruits(count: rows) : Fruits(count: rows))
        super.init(frame: .zero)
        addSubview(reply)
        addSubview(archive)
        addSubview(list)
        reply.action = { [weak self] _ in self?.replies += 1 }
        list.onSelectItem = { [weak self] i in self?.opened.append(i) }
    }

    override func layoutSubviews() {
        reply.frame = Rect(x: 10, y: 10, width: 100, height: 40)
        archive.frame = Rect(x: 120, y: 10, width: 100, height: 40)
        list.frame = Rect(x: 0, y: 60, width: bounds.width, height: bounds.height - 60)
    }
}

@MainActor
private class Fruits: ListDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 44 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Fruit #\(index)"
        return cell
    }
}

@MainActor
private final class NamedFruits: Fruits, ListDataSourceAccessibility {
    func accessibilityLabel(ofItem index: Int) -> String? { "Fruit #\(index)" }
}

@MainActor
@Suite("Queries", .serialized)
struct QueryTests {
    @Test("a button found by its label is tapped; an unknown label fails with the tree printed")
    func buttonByLabel() throws {
        let screen = FruitScreen(rows: 100, namesOffscreen: true)
        let app = try TestApp(root: screen, size: Size(width: 320, height: 480))
        #expect(app.buttons.count == 2)
        try app.buttons["Reply"].tap()
        #expect(screen.replies == 1)
        #expect(app.buttons["Archive"].exists && !app.buttons["Forward"].exists)
        do {
            try app.buttons["Forward"].tap()
            Issue.record("tapping a button that does not exist did not fail")
        } catch let error as QueryError {
            let text = error.description
            #expect(text.contains("no buttons “Forward”") && text.contains("pushButton “Reply”")
                    && text.contains("100 items"))
        }
    }

    @Test("several matches where one was asked for fail, listing them")
    func ambiguous() throws {
        let app = try TestApp(root: FruitScreen(rows: 10, namesOffscreen: true), size: Size(width: 320, height: 480))
        #expect(throws: QueryError.self) { try app.buttons.element.tap() }
        #expect(try app.buttons.first.label == "Reply")
        #expect(try app.buttons.element(boundBy: 1).label == "Archive")
    }

    @Test("a row of a 10,000-row list is reached by label, off screen, and tapped",
          arguments: [true, false])
    func rowFarAway(namesOffscreen: Bool) throws {
        let screen = FruitScreen(rows: 10_000, namesOffscreen: namesOffscreen)
        let app = try TestApp(root: screen, size: Size(width: 320, height: 480))
        let target = namesOffscreen ? 7_345 : 1_234
        try app.lists.first.cells["Fruit #\(target)"].tap()
        #expect(screen.opened == [target])
        let frame = try app.cells["Fruit #\(target)"].frame
        #expect(frame.minY >= 60 && frame.maxY <= 480)   // it shows in the list's viewport
        if namesOffscreen {
            #expect(app.lists.first.cells.count == 10_000)   // the true count, named by the data source
        }
    }

    @Test("queries compose: identifier, predicate and containment")
    func composing() throws {
        let screen = FruitScreen(rows: 50, namesOffscreen: true)
        screen.archive.accessibilityIdentifier = "archive-button"
        let app = try TestApp(root: screen, size: Size(width: 320, height: 480))
        #expect(try app.buttons.matching(identifier: "archive-button").element.label == "Archive")
        #expect(app.cells.containing(label: "#4").count == 11)        // "Fruit #4" and "#40" to "#49"
        #expect(app.cells.matching("labels ending in 0") { $0.label.hasSuffix("0") }.count == 5)
    }
}

@MainActor
@Suite("Soak", .serialized)
struct SoakTests {
    @Test("a soak of random gestures keeps every scroll view in range, and a seed repeats it frame for frame")
    func soakRepeats() throws {
        let a = try TestApp(root: FruitScreen(rows: 2_000, namesOffscreen: true), size: Size(width: 320, height: 480))
        let first = try a.soak(steps: 60, seed: 42)
        let b = try TestApp(root: FruitScreen(rows: 2_000, namesOffscreen: true), size: Size(width: 320, height: 480))
        let second = try b.soak(steps: 60, seed: 42)
        #expect(first == second)
        let screens = [a.root, b.root].compactMap { $0 as? FruitScreen }
        #expect(screens[0].list.scrollView.contentOffset == screens[1].list.scrollView.contentOffset)
    }

    @Test("a broken invariant stops the soak with the seed, the action and the frame")
    func brokenInvariantReportsSeed() throws {
        let screen = FruitScreen(rows: 2_000, namesOffscreen: true)
        let app = try TestApp(root: screen, size: Size(width: 320, height: 480))
        do {
            try app.soak(steps: 200, seed: 7) { _ in
                screen.list.scrollView.contentOffset.y > 300 ? "scrolled past 300" : nil
            }
            Issue.record("the soak never scrolled past 300 points in 200 actions")
        } catch let failure as SoakFailure {
            #expect(failure.seed == 7 && failure.problem == "scrolled past 300")
            #expect(failure.description.contains("seed: 7"))
        }
    }
}
