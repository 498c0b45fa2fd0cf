import Motion
import PropertyBased
import Testing
@testable import ScrollKit

// Random batches of item and section changes on a sectioned grid, interleaved with jumps, flings and frames,
// against a model: sections of identifiers (each section with an identifier of its own). At rest the grid's
// frames are checked against `GridModel` (brute force, independent of the layout), and its cells and headers
// against the model's identifiers.

/// Sections of identified items, four 100-point columns, 100-point rows, 40-point headers.
@MainActor
final class ShelfModelSource: GridDataSource {
    var sections: [(id: Int, items: [Int])]
    var nextItem = 100_000
    var nextSection = 1_000

    init(counts: [Int]) {
        var first = 0
        sections = counts.enumerated().map { s, c in
            defer { first += c }
            return (id: s, items: Array(first..<(first + c)))
        }
    }

    var flatIDs: [Int] { sections.flatMap(\.items) }
    var counts: [Int] { sections.map(\.items.count) }
    var numberOfSections: Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    var sectionStyle: GridSectionStyle? { GridSectionStyle(headerLength: 40) }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(flatIDs[index])"
        return cell
    }
    func headerCell(forSection section: Int, in list: ListView) -> ListCell {
        let header = list.dequeueCell(LabelCell.self, for: section)
        header.title = "S\(sections[section].id)"
        return header
    }
}

/// One grid change as generated: `kind` 0 insert items, 1 delete items, 2 move an item, 3 reload an item,
/// 4 insert a section, 5 delete sections, 6 move a section, 7 reload a section; `s`, `t`, `a`, `b`, `n` are
/// reduced against the model at the change's turn, so every generated change is valid.
struct RawGridChange: Sendable, Hashable, CustomStringConvertible {
    var kind: Int
    var s: Int
    var t: Int
    var a: Int
    var n: Int
    var description: String { "RawGridChange(kind: \(kind), s: \(s), t: \(t), a: \(a), n: \(n))" }
}

enum GridChangeStep: Sendable, Hashable, CustomStringConvertible, ChangeStepping {
    /// A batch of grid changes, animated or not; with `bad`, a delete of a section past the end is appended:
    /// the batch must throw and change nothing (the model is then put back).
    case batch([RawGridChange], animated: Bool, bad: Bool)
    case jump(perMille: Int)
    case fling(distance: Int, speed: Int)
    case frames(Int)

    var action: ChangeAction<[RawGridChange]> {
        switch self {
        case let .batch(raw, animated, bad): .batch(raw, animated: animated, bad: bad)
        case let .jump(p): .jump(perMille: p)
        case let .fling(d, s): .fling(distance: d, speed: s)
        case let .frames(n): .frames(n)
        }
    }

    var description: String {
        switch self {
        case let .batch(c, a, b): return ".batch([\(c.map(\.description).joined(separator: ", "))], animated: \(a), bad: \(b))"
        case let .jump(p): return ".jump(perMille: \(p))"
        case let .fling(d, s): return ".fling(distance: \(d), speed: \(s))"
        case let .frames(n): return ".frames(\(n))"
        }
    }
}

enum GridChangeGens {
    static var change: Generator<RawGridChange, some SendableSequenceType> {
        zip(Gen.int(in: 0...7), Gen.int(in: 0...1000), Gen.int(in: 0...1000), Gen.int(in: 0...1000), Gen.int(in: 0...6)).map {
            RawGridChange(kind: $0, s: $1, t: $2, a: $3, n: $4)
        }
    }

    static var step: Generator<GridChangeStep, some SendableSequenceType> {
        zip(Gen.int(in: 0...99), change.array(of: 1...6), Gen.int(in: 0...1000), Gen.int(in: 0...2000), Gen.int(in: 0...40)).map {
            roll, changes, p, q, n -> GridChangeStep in
            switch roll {
            case 0..<45: return .batch(changes, animated: p % 3 != 0, bad: q % 10 == 0)
            case 45..<60: return .jump(perMille: min(1000, p * 3 / 2))   // one in three: the end
            case 60..<75: return .fling(distance: q / 4 - 250, speed: (q - 1000) * 4)
            default: return .frames(n)
            }
        }
    }

    static var steps: Generator<[GridChangeStep], some SendableSequenceType> { step.array(of: 1...14) }
}

/// Runs one scenario on a grid; returns the first broken expectation.
@MainActor
final class GridChangeRunner: ChangeRunning {
    let source: ShelfModelSource
    let list: ListView
    var time = 1.0
    var frameIndex = 0
    var failure: String?
    var stepIndex = 0
    nonisolated(unsafe) static var anchorChecks = 0
    nonisolated(unsafe) static var anchorChecksWhileMoving = 0
    nonisolated(unsafe) static var pinnedChecks = 0
    nonisolated(unsafe) static var refusedBatches = 0
    nonisolated(unsafe) static var sectionChanges = 0

    init(counts: [Int], height: Int) {
        source = ShelfModelSource(counts: counts)
        let grid = SectionedGridLayout(columns: .fixed(4), itemLength: .fixed(100))
        list = ListView(frame: Rect(x: 0, y: 0, width: 400, height: Double(height)), gridLayout: grid, dataSource: source)
        list.keepsEndPinned = true   // the end is kept (opt-in since the filtering fix); checked below
    }

    func screenY(_ i: Int) -> Double { list.frame(of: i)!.minY - scroll.contentOffset.y }

    func fail(_ message: String) {
        if failure == nil { failure = "step \(stepIndex): \(message)" }
    }

    func frame() {
        frameIndex += 1
        list.step(FrameTick(index: frameIndex, timestamp: time, targetTimestamp: time + 1.0 / 60, duration: 1.0 / 60))
        time += 1.0 / 60
        let ids = source.flatIDs
        let titles = list.visibleCells.map { ($0 as? LabelCell)?.title ?? "?" }
        let expected = list.visibleRange.map { "\(ids[$0])" }
        if titles != expected { fail("frame \(frameIndex): cells \(titles) for items \(expected)") }
        for header in list.visibleSupplementaryCells {
            let s = header.role.section
            let want = s >= 0 && s < source.sections.count ? "S\(source.sections[s].id)" : "none"
            if (header as? LabelCell)?.title != want { fail("frame \(frameIndex): header of section \(s) shows \((header as? LabelCell)?.title ?? "?"), the model \(want)") }
        }
    }

    /// The changes of `raw`, made on the model as they are generated.
    func makeChanges(_ raw: [RawGridChange]) -> [GridChange] {
        var changes: [GridChange] = []
        for c in raw {
            let sc = source.sections.count
            let s = sc > 0 ? c.s % sc : 0
            let count = sc > 0 ? source.sections[s].items.count : 0
            switch c.kind {
            case 0 where sc > 0:
                let at = c.a % (count + 1)
                source.sections[s].items.insert(contentsOf: source.nextItem..<(source.nextItem + c.n), at: at)
                source.nextItem += c.n
                changes.append(.insertItems(at: GridIndex(section: s, item: at), count: c.n))
            case 1 where count > 0:
                let at = c.a % count, k = min(c.n, count - at)
                source.sections[s].items.removeSubrange(at..<(at + k))
                changes.append(.deleteItems(at: GridIndex(section: s, item: at), count: k))
            case 2 where count > 0:
                let from = c.a % count
                let id = source.sections[s].items.remove(at: from)
                let t = c.t % sc
                let to = c.n * 7919 % (source.sections[t].items.count + 1)
                source.sections[t].items.insert(id, at: to)
                changes.append(.moveItem(from: GridIndex(section: s, item: from), to: GridIndex(section: t, item: to)))
            case 3 where count > 0:
                changes.append(.reloadItem(at: GridIndex(section: s, item: c.a % count)))
            case 4:
                let at = c.t % (sc + 1), k = c.a % 9
                source.sections.insert((id: source.nextSection, items: Array(source.nextItem..<(source.nextItem + k))), at: at)
                source.nextSection += 1
                source.nextItem += k
                changes.append(.insertSections(at: at, itemCounts: [k]))
                Self.sectionChanges += 1
            case 5 where sc > 0:
                let k = min(1 + c.n % 2, sc - s)
                source.sections.removeSubrange(s..<(s + k))
                changes.append(.deleteSections(at: s, count: k))
                Self.sectionChanges += 1
            case 6 where sc > 0:
                let to = c.t % sc
                source.sections.insert(source.sections.remove(at: s), at: to)
                changes.append(.moveSection(from: s, to: to))
                Self.sectionChanges += 1
            case 7 where sc > 0:
                changes.append(.reloadSection(at: s))
                Self.sectionChanges += 1
            default:
                break
            }
        }
        return changes
    }

    func batch(_ raw: [RawGridChange], animated: Bool, bad: Bool) {
        let oldSections = source.sections
        let oldIDs = source.flatIDs
        let offset = scroll.contentOffset
        let visibleBefore = list.visibleRange
        let before = visibleBefore.map { (id: oldIDs[$0], y: screenY($0)) }
        let atRest = !list.isAnimating
        // At its end: only content longer than the viewport has one (a short list rests at its start).
        let atEnd = scroll.contentOffset.y >= scroll.maxContentOffset.y - 0.5
            && scroll.maxContentOffset.y - scroll.minContentOffset.y > 0.5
        var changes = makeChanges(raw)
        if bad {
            changes.append(.deleteSections(at: source.sections.count, count: 1))
            do {
                try list.performChanges(changes, animation: animated ? .standard : nil)
                fail("a batch ending in a delete of a section past the end was accepted")
            } catch {
                Self.refusedBatches += 1
                source.sections = oldSections
                if list.numberOfItems != oldIDs.count || scroll.contentOffset != offset || list.visibleRange != visibleBefore {
                    fail("a refused batch changed the grid")
                }
            }
            return
        }
        do {
            try list.performChanges(changes, animation: animated ? .standard : nil)
        } catch {
            fail("a valid batch \(changes) was refused: \(error)")
            return
        }
        let ids = source.flatIDs
        if list.numberOfItems != ids.count { fail("\(list.numberOfItems) items, the model has \(ids.count)") }
        if !atEnd, let kept = before.first(where: { ids.contains($0.id) }), let now = ids.firstIndex(of: kept.id),
           let f = list.frame(of: now) {
            let wanted = f.minY - kept.y
            if wanted >= scroll.minContentOffset.y && wanted <= scroll.maxContentOffset.y {
                Self.anchorChecks += 1
                if !atRest { Self.anchorChecksWhileMoving += 1 }
                if abs(screenY(now) - kept.y) > 1e-6 {
                    fail("card \(kept.id) moved on screen from \(kept.y) to \(screenY(now)) (changes \(changes))")
                }
            }
        }
        if atRest && atEnd && !oldIDs.isEmpty && !ids.isEmpty {
            for _ in 0..<30 { frame() }
            Self.pinnedChecks += 1
            if !list.isAnimating && abs(scroll.contentOffset.y - scroll.maxContentOffset.y) > 0.5 {
                fail("a grid at rest at its end left it: offset \(scroll.contentOffset.y), end \(scroll.maxContentOffset.y)")
            }
        }
    }

    var flingX: Double { 200 }

    func run(_ steps: [GridChangeStep]) -> String? {
        guard runSteps(steps) else { return failure }
        // At rest: every cell and header where the independent model puts it, nothing faded, no ghosts.
        let model = GridModel(counts: source.counts, columns: 4, width: 400, rowLength: 100, spacing: 0, gap: 0,
                              header: 40, footer: 0, sectionInset: 0)
        if list.gridLayout?.contentLength != model.contentLength {
            fail("content length \(list.gridLayout?.contentLength ?? -1), the model \(model.contentLength)")
        }
        let o = scroll.contentOffset.y
        if o < scroll.minContentOffset.y - 1e-9 || o > scroll.maxContentOffset.y + 1e-9 {
            fail("at rest outside the range: \(o) in \(scroll.minContentOffset.y)...\(scroll.maxContentOffset.y)")
        }
        let visible = model.visibleItems(offset: o, length: list.frame.height)
        if list.visibleCells.map(\.index) != visible { fail("cells \(list.visibleCells.map(\.index)), the model \(visible)") }
        for cell in list.visibleCells {
            let want = Rect(x: model.itemLefts[cell.index], y: model.itemTops[cell.index], width: 100, height: 100)
            if cell.frame != want || cell.fadeAmount != 0 { fail("card \(cell.index) at \(cell.frame) faded \(cell.fadeAmount), the model \(want)") }
        }
        for header in list.visibleSupplementaryCells where header.fadeAmount != 0 { fail("header \(header.role) faded at rest") }
        if list.scrollView.subviews.count != list.visibleCells.count + list.visibleSupplementaryCells.count {
            fail("\(list.scrollView.subviews.count) subviews for \(list.visibleCells.count) cards and \(list.visibleSupplementaryCells.count) headers")
        }
        frame()
        return failure
    }
}

@Suite("Grid data changes under random input", .serialized)
@MainActor
struct GridChangePropertyTests {
    @Test("random item and section batches between jumps, flings and frames keep the model, the anchor and the end")
    func batches() async {
        let anchors = GridChangeRunner.anchorChecks, moving = GridChangeRunner.anchorChecksWhileMoving
        let pinned = GridChangeRunner.pinnedChecks, refused = GridChangeRunner.refusedBatches
        let sections = GridChangeRunner.sectionChanges
        await propertyCheck(count: 200, input: Gen.int(in: 0...40).array(of: 0...12), Gen.int(in: 100...900),
                            GridChangeGens.steps) { counts, height, steps in
            let runner = GridChangeRunner(counts: counts, height: height)
            if let failure = runner.run(steps) {
                Issue.record("\(failure) — GridChangeRunner(counts: \(counts), height: \(height)).run([\(steps.map(\.description).joined(separator: ", "))])")
            }
        }
        #expect(GridChangeRunner.anchorChecks - anchors > 150)
        #expect(GridChangeRunner.anchorChecksWhileMoving - moving > 20)
        #expect(GridChangeRunner.pinnedChecks - pinned > 10)
        #expect(GridChangeRunner.refusedBatches - refused > 20)
        #expect(GridChangeRunner.sectionChanges - sections > 100)
    }
}
