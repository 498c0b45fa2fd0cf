import Motion
import Testing
@testable import ScrollKit

/// The library cases of issue 8's "hostile input": each runs through `ScenarioRunner`, so every frame is
/// also checked against all the invariants, and adds the expectations specific to the case.
@Suite("Hostile input (library)", .serialized)
@MainActor
struct HostileInputTests {
    nonisolated static let snaps: [SnapBehavior] = [.none, .items(snapRatio: 0.3, alignment: .start), .items(snapRatio: 0.5, alignment: .center),
                                        .paging(snapRatio: 0.1, pageSize: nil), .centered]

    static func list(count: Int, fixed: Double? = 60, pattern: [Double] = [44], snap: SnapBehavior = .none,
                     width: Double = 320, height: Double = 600) -> ListConfig {
        ListConfig(axis: .vertical, width: width, height: height, spacing: 4, insets: Insets(top: 8, left: 0, bottom: 8, right: 0),
                   fixed: fixed, pattern: pattern, count: count, snap: snap, bounces: true)
    }

    static let clock = ClockSpec(hz: 60, glitches: [])
    /// A hard upward fling (the offset grows at about 6000 pt/s).
    static let fling = Action.drag(x: 0.5, y: 0.8, distance: -300, moves: 6, duration: 0.06, speed: -6000, pause: 0, nanMove: false)

    func expectDone(_ runner: ScenarioRunner, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(runner.run() == nil, sourceLocation: sourceLocation)
    }

    // MARK: The count drops to 0

    @Test("the count drops to 0 mid-fling: the fling stops at once, no cells, offset 0", arguments: Self.snaps)
    func countToZeroMidFling(snap: SnapBehavior) {
        let runner = ScenarioRunner(config: Self.list(count: 1000, snap: snap), clock: Self.clock, steps: [])
        runner.perform(Self.fling)
        runner.at(runner.now + 0.15)
        #expect(runner.scroll.phase == .decelerating)
        #expect(runner.along > 300)
        runner.perform(.reload(count: 0))
        #expect(!runner.list.isAnimating)
        #expect(runner.scroll.contentOffset == .zero)
        #expect(runner.list.visibleCells.isEmpty)
        #expect(runner.failure == nil)
        // Everything still works on the empty list, and when the items come back.
        runner.steps.append(contentsOf: [Step(Self.fling, wait: 0.1), Step(.key(.end, repeats: 2), wait: 0.1),
                                         Step(.scrollToItem(fraction: 0.5, position: .center, duration: 0.3, curve: .named(0)), wait: 0.1),
                                         Step(.reload(count: 50), wait: 0.05), Step(Self.fling, wait: 0.05), Step(.reload(count: 0), wait: 0)])
        expectDone(runner)
        #expect(runner.list.visibleCells.isEmpty && runner.scroll.contentOffset == .zero)
    }

    @Test("the count drops to 0 during a timed scroll, a glide, a bounce and a drag")
    func countToZeroDuringOtherMotions() {
        let motions: [[Step]] = [
            [Step(.scrollToItem(fraction: 0.9, position: .start, duration: 1, curve: .named(5)), wait: 0.4)],
            [Step(.key(.pageDown, repeats: 3), wait: 0.05)],
            [Step(.key(.end, repeats: 1), wait: 0.4), Step(Self.fling, wait: 0.1)],      // into the end: bouncing
        ]
        for steps in motions {
            let runner = ScenarioRunner(config: Self.list(count: 1000), clock: Self.clock,
                                        steps: steps + [Step(.reload(count: 0), wait: 0), Step(.tap(x: 0.5, y: 0.5), wait: 0)])
            expectDone(runner)
            #expect(runner.list.visibleCells.isEmpty && runner.scroll.contentOffset == .zero)
            #expect(runner.log.calls.values.allSatisfy { $0.count == 1 })
        }
        // During a drag: the drag goes on rubber-banded, and the release springs back to 0.
        let runner = ScenarioRunner(config: Self.list(count: 1000), clock: Self.clock, steps: [])
        runner.list.handle(.pointerDown(location: Point(x: 100, y: 500), time: 0))
        runner.list.handle(.pointerMove(location: Point(x: 100, y: 100), time: 0.1))
        runner.pointerDown = true
        runner.at(0.1)
        runner.perform(.reload(count: 0))
        runner.at(0.15)
        #expect(runner.along > 0 && runner.along < 600)          // rubber-banded past the (empty) end
        runner.list.handle(.pointerUp(location: Point(x: 100, y: 100), time: 0.2))
        runner.pointerDown = false
        runner.lastInputTime = 0.2
        expectDone(runner)
        #expect(runner.scroll.contentOffset == .zero)
    }

    // MARK: Item sizes of 0 or less

    /// ListLayout documents: sizes below 1 pt (0, negative, NaN) count as 1 pt; above 10^6 as 10^6.
    @Test("item sizes of 0 or less, NaN or below 1 pt are clamped to 1 pt, as documented",
          arguments: [0, -1, -1e300, -Double.infinity, Double.nan, 0.25, 0.999])
    func badItemSizes(size: Double) {
        for config in [Self.list(count: 5000, fixed: size), Self.list(count: 5000, fixed: nil, pattern: [size, 30, size, size])] {
            let runner = ScenarioRunner(config: config, clock: Self.clock,
                                        steps: [Step(Self.fling, wait: 0.3), Step(.key(.pageDown, repeats: 2), wait: 0.5),
                                                Step(.scrollToItem(fraction: 0.5, position: .end, duration: 0.2, curve: .named(3)), wait: 0.1)])
            expectDone(runner)
            #expect(runner.list.frame(of: 0)?.height == ListLayout.minimumItemSize)
            for cell in runner.list.visibleCells where config.fixed != nil || cell.index % 4 != 1 {
                #expect(cell.frame.height == 1)
            }
            #expect(!runner.list.visibleCells.isEmpty)
        }
        // Above the maximum: 10^6 pt.
        let big = ScenarioRunner(config: Self.list(count: 10, fixed: nil, pattern: [.infinity, 1e12, 50]), clock: Self.clock,
                                 steps: [Step(Self.fling, wait: 0.2), Step(.key(.end, repeats: 1), wait: 0)])
        expectDone(big)
        #expect(big.list.frame(of: 0)?.height == ListLayout.maximumItemSize && big.list.frame(of: 1)?.height == ListLayout.maximumItemSize)
    }

    // MARK: A 0x0 viewport

    @Test("a 0x0 viewport: no cells, nothing drawn, every input harmless; resizing back shows the cells", arguments: Self.snaps)
    func zeroViewport(snap: SnapBehavior) {
        let runner = ScenarioRunner(config: Self.list(count: 1000, snap: snap, width: 0, height: 0), clock: Self.clock, steps: [
            Step(Self.fling, wait: 0.1), Step(.tap(x: 0, y: 0), wait: 0.1),
            Step(.wheel(dx: 0, dy: -3, count: 4, interval: 0.02, nanTime: false), wait: 0.1),
            Step(.key(.pageDown, repeats: 2), wait: 0.1), Step(.key(.end, repeats: 1), wait: 0.5),
            Step(.scrollToItem(fraction: 0.5, position: .center, duration: 0.3, curve: .named(26)), wait: 0.5),
            Step(.scrollTo(fraction: 2, duration: 0.2, curve: .spring(ratio: 0.2, response: 0.3)), wait: 0.5),
            Step(.reload(count: 3), wait: 0.1),
        ])
        expectDone(runner)
        #expect(runner.list.visibleCells.isEmpty)
        #expect(runner.source.configureCalls == 0)
        let canvas = RecordingCanvas()
        runner.list.draw(in: canvas)
        #expect(canvas.commands.isEmpty)
        let offset = runner.scroll.contentOffset
        #expect(offset.x.isFinite && offset.y.isFinite)

        // Shrinking to 0x0 in the middle of a fling, then back.
        let resized = ScenarioRunner(config: Self.list(count: 1000, snap: snap), clock: Self.clock, steps: [
            Step(Self.fling, wait: 0.1), Step(.resize(width: 0, height: 0), wait: 0.3),
            Step(.key(.down, repeats: 2), wait: 0.1), Step(.resize(width: 320, height: 600), wait: 0.1), Step(Self.fling, wait: 0),
        ])
        expectDone(resized)
        #expect(!resized.list.visibleCells.isEmpty)
    }

    // MARK: NaN everywhere

    @Test("NaN everywhere: frame, spacing, insets, sizes, events, timestamps, targets and durations")
    func nanEverywhere() {
        let nanInsets = Insets(top: .nan, left: .nan, bottom: .nan, right: .nan)
        var config = ListConfig(axis: .vertical, width: .nan, height: .nan, spacing: .nan, insets: nanInsets,
                                fixed: .nan, pattern: [.nan], count: 100, snap: .items(snapRatio: .nan, alignment: .center), bounces: true)
        let steps = [
            Step(Self.fling, wait: 0.1), Step(.resize(width: 320, height: .nan), wait: 0.1), Step(.resize(width: 320, height: 600), wait: 0.1),
            Step(.drag(x: 0.5, y: 0.5, distance: -200, moves: 3, duration: 0.05, speed: -3000, pause: 0, nanMove: true), wait: 0.1),
            Step(.wheel(dx: .nan, dy: .nan, count: 3, interval: 0.01, nanTime: true), wait: 0.1),
            Step(.wheel(dx: 0, dy: -1, count: 3, interval: 0.01, nanTime: true), wait: 0.1),
            Step(.scrollTo(fraction: .nan, duration: .nan, curve: .spring(ratio: .nan, response: .nan)), wait: 0.1),
            Step(.scrollTo(fraction: 0.7, duration: .nan, curve: .bezier(.nan, .nan, .nan, .nan)), wait: 0.1),
            Step(.scrollToItem(fraction: .nan, position: .center, duration: .infinity, curve: .named(0)), wait: 0.1),
            Step(.jump(fraction: .nan), wait: 0.1), Step(Self.fling, wait: 0.1),
        ]
        let clock = ClockSpec(hz: 60, glitches: [.nanTick(at: 3), .nanTick(at: 20), .nanTick(at: 40), .backwards(at: 30, by: 0.05)])
        for snap in Self.snaps + [.paging(snapRatio: .nan, pageSize: .nan)] {
            config.snap = snap
            let runner = ScenarioRunner(config: config, clock: clock, steps: steps)
            expectDone(runner)
            // NaN sizes count as 1 pt, NaN spacing and insets as 0.
            #expect(runner.list.frame(of: 5) == Rect(x: 0, y: 5, width: 320, height: 1))
            #expect(runner.list.visibleCells.map(\.index) == Array(0..<100))
        }
    }
}
