import Motion
import PropertyBased
import Testing
@testable import ScrollKit

// Random batches of data changes, interleaved with jumps, flings and frames, against a model: an array of
// identifiers whose sizes travel with them. Everything is generated from integers, so a failure shrinks to
// a short, small case and prints it as Swift (the steps' descriptions).

/// Items with identities; an item's size is a function of its identifier, so it moves with the item.
@MainActor
final class ChangeSource: ListDataSource {
    var ids: [Int]
    /// 0: fixed 44 pt; 1: variable, sized up front; 2: self-sizing with a 55 pt estimate.
    let mode: Int

    init(count: Int, mode: Int) {
        ids = Array(0..<count)
        self.mode = mode
    }

    static func size(of id: Int) -> Double { 30 + Double((id &* 37) % 7) * 10 }

    var numberOfItems: Int { ids.count }
    var fixedItemSize: Double? { mode == 0 ? 44 : nil }
    var estimatedItemSize: Double? { mode == 2 ? 55 : nil }
    func sizeOfItem(at index: Int) -> Double { Self.size(of: ids[index]) }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "\(ids[index])"
        return cell
    }
}

/// One change as generated: `kind` 0 insert, 1 delete, 2 move, 3 reload; `a`, `b` and `n` are reduced
/// against the item count at the change's turn, so every generated change is valid.
struct RawChange: Sendable, Hashable, CustomStringConvertible {
    var kind: Int
    var a: Int
    var b: Int
    var n: Int
    var description: String { "RawChange(kind: \(kind), a: \(a), b: \(b), n: \(n))" }
}

/// One step of a change run.
enum ChangeStep: Sendable, Hashable, CustomStringConvertible, ChangeStepping {
    /// A batch, animated or not; with `bad`, a change out of range is appended: the batch must throw and
    /// leave everything as it was (the data source is then left unchanged too).
    case batch([RawChange], animated: Bool, bad: Bool)
    /// `setContentOffset(_:animated: false)` to `perMille` thousandths of the scroll range.
    case jump(perMille: Int)
    /// A drag of `distance` points released at `speed` pt/s (a fling, when fast enough).
    case fling(distance: Int, speed: Int)
    /// `frames` frames at 60 Hz.
    case frames(Int)

    var action: ChangeAction<[RawChange]> {
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

enum ChangeGens {
    static var change: Generator<RawChange, some SendableSequenceType> {
        zip(Gen.int(in: 0...3), Gen.int(in: 0...1000), Gen.int(in: 0...1000), Gen.int(in: 0...5)).map {
            RawChange(kind: $0, a: $1, b: $2, n: $3)
        }
    }

    static var step: Generator<ChangeStep, some SendableSequenceType> {
        zip(Gen.int(in: 0...99), change.array(of: 1...6), Gen.int(in: 0...1000), Gen.int(in: 0...2000), Gen.int(in: 0...40)).map {
            roll, changes, p, q, n -> ChangeStep in
            switch roll {
            case 0..<45: return .batch(changes, animated: p % 3 != 0, bad: q % 10 == 0)
            case 45..<60: return .jump(perMille: min(1000, p * 3 / 2))   // one in three: the end
            case 60..<75: return .fling(distance: q / 4 - 250, speed: (q - 1000) * 4)
            default: return .frames(n)
            }
        }
    }

    static var steps: Generator<[ChangeStep], some SendableSequenceType> { step.array(of: 1...14) }
}

/// Runs one scenario; returns the first broken expectation.
@MainActor
final class ChangeRunner: ChangeRunning {
    let source: ChangeSource
    let list: ListView
    var time = 1.0
    var frameIndex = 0
    var nextID = 10_000
    var failure: String?
    var stepIndex = 0
    /// How often each check ran (over all runs): the generators must reach what the checks are about.
    nonisolated(unsafe) static var anchorChecks = 0
    nonisolated(unsafe) static var anchorChecksWhileMoving = 0
    nonisolated(unsafe) static var pinnedChecks = 0
    nonisolated(unsafe) static var refusedBatches = 0

    init(count: Int, mode: Int, height: Int) {
        source = ChangeSource(count: count, mode: mode)
        list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: Double(height)), dataSource: source)
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
        // The cells shown are the items of the visible range, in order, each configured for its identifier.
        let titles = list.visibleCells.map { ($0 as? LabelCell)?.title ?? "?" }
        let expected = list.visibleRange.map { "\(source.ids[$0])" }
        if titles != expected { fail("frame \(frameIndex): cells \(titles) for items \(expected)") }
    }

    /// The changes of `raw`, made on the model (the data source) as they are generated.
    func makeChanges(_ raw: [RawChange]) -> [ListChange] {
        var changes: [ListChange] = []
        for c in raw {
            let n = source.ids.count
            switch c.kind {
            case 0:
                let at = c.a % (n + 1), k = c.n
                source.ids.insert(contentsOf: nextID..<(nextID + k), at: at)
                nextID += k
                changes.append(.insert(at: at, count: k))
            case 1 where n > 0:
                let at = c.a % n, k = min(c.n, n - at)
                source.ids.removeSubrange(at..<(at + k))
                changes.append(.delete(at: at, count: k))
            case 2 where n > 0:
                let from = c.a % n, to = c.b % n
                source.ids.insert(source.ids.remove(at: from), at: to)
                changes.append(.move(from: from, to: to))
            case 3 where n > 0:
                changes.append(.reload(at: c.a % n))
            default:
                break
            }
        }
        return changes
    }

    func batch(_ raw: [RawChange], animated: Bool, bad: Bool) {
        let oldIDs = source.ids
        let offset = scroll.contentOffset
        let visibleBefore = list.visibleRange
        let before = visibleBefore.map { (id: oldIDs[$0], y: screenY($0)) }
        let atRest = !list.isAnimating
        // At its end: only content longer than the viewport has one (a short list rests at its start).
        let atEnd = scroll.contentOffset.y >= scroll.maxContentOffset.y - 0.5
            && scroll.maxContentOffset.y - scroll.minContentOffset.y > 0.5
        var changes = makeChanges(raw)
        if bad {
            changes.append(.delete(at: source.ids.count, count: 1))
            do {
                try list.performChanges(changes, animation: animated ? .standard : nil)
                fail("a batch ending in a delete past the end was accepted")
            } catch {
                Self.refusedBatches += 1
                source.ids = oldIDs
                if list.numberOfItems != oldIDs.count || scroll.contentOffset != offset || list.visibleRange != visibleBefore {
                    fail("a refused batch changed the list")
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
        if list.numberOfItems != source.ids.count { fail("\(list.numberOfItems) items, the model has \(source.ids.count)") }
        // The anchor: the first visible item the batch keeps stays where the reader sees it, unless the list
        // was at its end (it then follows the end) or the content became too short to hold it there.
        if !atEnd, let kept = before.first(where: { source.ids.contains($0.id) }),
           let now = source.ids.firstIndex(of: kept.id), let f = list.frame(of: now) {
            let wanted = f.minY - kept.y
            if wanted >= scroll.minContentOffset.y && wanted <= scroll.maxContentOffset.y {
                Self.anchorChecks += 1
                if !atRest { Self.anchorChecksWhileMoving += 1 }
            }
            if wanted >= scroll.minContentOffset.y && wanted <= scroll.maxContentOffset.y && abs(screenY(now) - kept.y) > 1e-6 {
                fail("item \(kept.id) moved on screen from \(kept.y) to \(screenY(now)) (changes \(changes))")
            }
        }
        // Pinned to the end: a list at rest at its end is at its end once the changes have animated (an empty
        // list has no end to keep).
        if atRest && atEnd && !oldIDs.isEmpty {
            for _ in 0..<30 { frame() }
            Self.pinnedChecks += 1
            if !list.isAnimating && abs(scroll.contentOffset.y - scroll.maxContentOffset.y) > 0.5 {
                fail("a list at rest at its end left it: offset \(scroll.contentOffset.y), end \(scroll.maxContentOffset.y)")
            }
        }
    }

    var flingX: Double { 160 }

    func run(_ steps: [ChangeStep]) -> String? {
        guard runSteps(steps) else { return failure }
        // At rest: the layout is the model's, item by item.
        var y = 0.0
        for (i, id) in source.ids.enumerated() {
            guard let f = list.frame(of: i) else { fail("no frame for item \(i)"); break }
            let size = source.mode == 0 ? 44 : ChangeSource.size(of: id)
            let ok = f.minY == y && (f.height == size || (source.mode == 2 && f.height == 55))
            if !ok { fail("item \(i) (id \(id)) at \(f.minY), \(f.height) pt; the model: \(y), \(size) pt"); break }
            if source.mode == 2, list.visibleRange.contains(i), f.height != size {
                fail("visible item \(i) (id \(id)) not measured: \(f.height) pt")
                break
            }
            y += f.height
        }
        if failure == nil && list.layout.contentLength != y { fail("content length \(list.layout.contentLength), items sum to \(y)") }
        let o = scroll.contentOffset.y
        if failure == nil && (o < scroll.minContentOffset.y - 1e-9 || o > scroll.maxContentOffset.y + 1e-9) {
            fail("at rest outside the range: \(o) in \(scroll.minContentOffset.y)...\(scroll.maxContentOffset.y)")
        }
        return failure
    }
}

@Suite("ListView data changes under random input", .serialized)
@MainActor
struct ListChangePropertyTests {
    /// Sizing modes: fixed, variable up front, self-sizing from an estimate.
    @Test("random batches between jumps, flings and frames keep the model, the anchor and the end",
          arguments: [0, 1, 2])
    func batches(mode: Int) async {
        let anchors = ChangeRunner.anchorChecks, moving = ChangeRunner.anchorChecksWhileMoving
        let pinned = ChangeRunner.pinnedChecks, refused = ChangeRunner.refusedBatches
        await propertyCheck(count: 150, input: Gen.int(in: 0...200), Gen.int(in: 100...900), ChangeGens.steps) {
            count, height, steps in
            let runner = ChangeRunner(count: count, mode: mode, height: height)
            if let failure = runner.run(steps) {
                Issue.record("\(failure) — ChangeRunner(count: \(count), mode: \(mode), height: \(height)).run([\(steps.map(\.description).joined(separator: ", "))])")
            }
        }
        #expect(ChangeRunner.anchorChecks - anchors > 150)
        #expect(ChangeRunner.anchorChecksWhileMoving - moving > 20)
        #expect(ChangeRunner.pinnedChecks - pinned > 10)
        #expect(ChangeRunner.refusedBatches - refused > 20)
    }

    /// Cases the property run found (shrunk), kept as plain tests.
    @Test("self-sizing: the anchor moved down keeps its place; a pinned list measures its new end first",
          arguments: [
            // The anchor (item 0) moved to 5: its offset was clamped against estimated sizes below it.
            (7, [ChangeStep.batch([RawChange(kind: 2, a: 0, b: 369, n: 0)], animated: false, bad: false)]),
            // Appended to a list at its end: the new last item was shown at its estimate, never measured.
            (0, [.batch([RawChange(kind: 0, a: 0, b: 0, n: 5)], animated: false, bad: false), .jump(perMille: 967),
                 .batch([RawChange(kind: 0, a: 497, b: 0, n: 3)], animated: false, bad: false)]),
          ])
    func regressions(count: Int, steps: [ChangeStep]) {
        let failure = ChangeRunner(count: count, mode: 2, height: 100).run(steps)
        #expect(failure == nil, "\(failure ?? "")")
    }
}


