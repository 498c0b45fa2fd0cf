// Trace expectations: a user's app records its per-frame trace (the columns of `scrollkit-demo --trace`), checks it
// (comes to rest, monotonic during a fling, no frame over budget) and compares it with a recorded trace golden.
// Oracles: the app's own state and frame count (what the trace must say), the published column list, and
// hand-made traces whose answers are known.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

@MainActor
@Suite("Trace expectations", .serialized)
struct FrameTraceTests {
    /// A list flung once and run until it settles; `idleFrame`: the first frame the list's own phase was idle again.
    private func flung() throws -> (TestApp, ListView, FrameTrace, idleFrame: Int) {
        let list = ListView(frame: .zero, dataSource: NumberedRows())
        let app = try TestApp(root: list, size: Size(width: 320, height: 480))
        var idleFrame = 0
        let trace = try app.recordTrace { app in
            app.swipeUp()
            while list.scrollView.phase != .idle, app.framesRun < 2000 { app.pump(frames: 1) }
            idleFrame = app.framesRun - 1
            try app.settle()
        }
        return (app, list, trace, idleFrame)
    }

    @Test("a recorded trace has the published columns, a row per frame run, and ends where the list is")
    func recordsEveryFrame() throws {
        let (app, list, trace, _) = try flung()
        #expect(trace.columns == TraceFormat.columns)
        #expect(trace.count == app.framesRun - 1)                 // every frame after the first (run at launch)
        #expect(trace.frames == Array(1..<app.framesRun))
        #expect(trace.value("offsetY", at: trace.count - 1) == list.scrollView.contentOffset.y)
        #expect(trace.value("itemCount", at: 0) == 10_000)
        #expect(trace.frameCosts.count == trace.count && trace.frameCosts.allSatisfy { $0 >= 0 })
        #expect(trace.texts("phase").contains("decelerating"))
        // The CSV reads back to the same rows.
        #expect(FrameTrace(csv: trace.csv).rows == trace.rows)
    }

    @Test("a fling's offset rises through its deceleration and comes to rest where the app stopped animating")
    func flingExpectations() throws {
        let (_, _, trace, idleFrame) = try flung()
        trace.expectMonotonic("offsetY", .increasing, during: .decelerating)
        // The trace comes to rest in the frame where the list itself went idle (rows start at frame 1).
        let rest = try #require(trace.restingRow)
        #expect(rest == idleFrame - 1, "rest at row \(rest), the list idle from frame \(idleFrame)")
        trace.expectSettles(withinFrames: rest)
        withKnownIssue { trace.expectSettles(withinFrames: rest - 10) } matching: { $0.description.contains("past the") }
        trace.expectNoFrameOverBudget(milliseconds: 10_000)      // a budget no frame misses, even on a loaded machine
        withKnownIssue { trace.expectNoFrameOverBudget(milliseconds: 0) } matching: { $0.description.contains("over the") }
    }

    @Test("a column that turns back, a trace that never rests: each failure names the row")
    func failuresNameTheRow() {
        var rows: [[String]] = []
        for (k, y) in [0.0, 10, 20, 19, 30].enumerated() {
            var sample = TraceSample(offset: Point(x: 0, y: y), velocity: Point(x: 0, y: 600), phase: .decelerating)
            sample.itemCount = 5
            rows.append(TraceFormat.row(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60), sample)
                .split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        }
        let trace = FrameTrace(rows: rows)
        #expect(trace.runs(of: .decelerating) == [0..<5])
        #expect(trace.restingRow == nil)
        withKnownIssue { trace.expectMonotonic("offsetY", during: .decelerating) } matching: {
            $0.description.contains("turns back at row 3 (frame 3): 20.0 then 19.0")
        }
        withKnownIssue { trace.expectSettles(withinFrames: 100) } matching: { $0.description.contains("never comes to rest") }
        withKnownIssue { trace.expectMonotonic("nope") } matching: { $0.description.contains("no column “nope”") }
        trace[rows: 0..<3].expectMonotonic("offsetY", .increasing)
    }

    @Test("a trace golden: written when missing, matched within tolerance, and a change is named with an .actual.csv")
    func golden() throws {
        let (_, _, trace, _) = try flung()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trace-golden-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        withKnownIssue { trace.expectMatches(golden: "fling", in: dir, update: false) } matching: {
            $0.description.contains("was missing")
        }
        #expect(trace.expectMatches(golden: "fling", in: dir, update: false).isEmpty)
        // Another run of the same fling (a fresh app) is the same trace, but for the frame costs.
        let (_, _, again, _) = try flung()
        #expect(again.differences(from: try FrameTrace(contentsOfFile: dir + "/fling.csv")).isEmpty)

        // The golden moved by 0.25 pt in one cell: beyond the default tolerance, within a looser one.
        var rows = trace.rows
        let y = try #require(trace.columns.firstIndex(of: "offsetY"))
        rows[20][y] = TraceFormat.number((Double(rows[20][y]) ?? 0) + 0.25)
        try FrameTrace(rows: rows).write(to: dir + "/fling.csv")
        withKnownIssue { trace.expectMatches(golden: "fling", in: dir, update: false) } matching: {
            $0.description.contains("row 20 (frame 21) offsetY") && $0.description.contains("fling.actual.csv")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/fling.actual.csv"))
        #expect(trace.expectMatches(golden: "fling", in: dir, tolerances: ["offsetY": 0.5], update: false).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir + "/fling.actual.csv"))
        // A trace one row short differs in its frame column.
        #expect(trace[rows: 0..<(trace.count - 1)].differences(from: trace).map(\.column) == ["frame"])
    }
}
