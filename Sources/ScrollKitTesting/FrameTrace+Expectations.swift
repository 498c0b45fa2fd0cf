// FrameTrace's expectations for Swift Testing: comes to rest within N frames, a column monotonic during a phase,
// no frame over its budget, and a match with a recorded trace (a trace golden) within tolerances.

import Foundation
import Motion
import ScrollKitSDL
import Testing

/// Which way a column must move (``FrameTrace/expectMonotonic(_:_:during:sourceLocation:)``).
public enum TraceDirection: Sendable, Hashable {
    /// Never decreasing.
    case increasing
    /// Never increasing.
    case decreasing
    /// Either, but one way throughout (each run taken on its own).
    case either
}

/// One cell where two traces differ (``FrameTrace/differences(from:tolerance:tolerances:ignoring:)``).
public struct TraceDifference: Sendable, Hashable, CustomStringConvertible {
    /// The row (from 0) and its `frame` cell.
    public var row: Int
    public var frame: String
    /// The column, and the cells: this trace's and the other's ("(missing)" where one has no such row or column).
    public var column: String
    public var actual: String
    public var expected: String

    public var description: String {
        "row \(row) (frame \(frame)) \(column): \(actual), expected \(expected)"
    }
}

extension FrameTrace {
    /// Where this trace differs from `expected`: every column of either (but those in `ignoring`), row by row;
    /// numbers may differ by `tolerances[column]` (else `tolerance`), text must be equal. A row one trace
    /// has and the other lacks differs in its `frame` column.
    public func differences(from expected: FrameTrace, tolerance: Double = 1e-9, tolerances: [String: Double] = [:],
                            ignoring: Set<String> = []) -> [TraceDifference] {
        var found: [TraceDifference] = []
        var names = expected.columns
        for name in columns where !names.contains(name) { names.append(name) }
        names.removeAll { ignoring.contains($0) }
        for row in 0..<max(count, expected.count) {
            let frame = text("frame", at: row) ?? expected.text("frame", at: row) ?? "?"
            guard row < count, row < expected.count else {
                found.append(TraceDifference(row: row, frame: frame, column: "frame",
                                             actual: text("frame", at: row) ?? "(missing)",
                                             expected: expected.text("frame", at: row) ?? "(missing)"))
                continue
            }
            for name in names {
                let a = text(name, at: row), e = expected.text(name, at: row)
                if a == e { continue }
                if let a, let e, let x = Double(a), let y = Double(e),
                   x == y || abs(x - y) <= (tolerances[name] ?? tolerance) { continue }
                found.append(TraceDifference(row: row, frame: frame, column: name, actual: a ?? "(missing)",
                                             expected: e ?? "(missing)"))
            }
        }
        return found
    }

    /// Expects the trace to come to rest (``restingRow``) within its first `frames` rows: a fling that decelerates
    /// to a stop, a spring that settles, no animation left running.
    /// - Returns: the resting row, or nil when the trace never comes to rest.
    @discardableResult
    public func expectSettles(withinFrames frames: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        guard let rest = restingRow else {
            let last = count - 1
            let frame = text("frame", at: last) ?? "?", phase = text("phase", at: last) ?? "?"
            let x = text("offsetX", at: last) ?? "?", y = text("offsetY", at: last) ?? "?"
            Issue.record("the trace never comes to rest: its last row (frame \(frame)) is still \(phase) at offset (\(x), \(y))",
                         sourceLocation: sourceLocation)
            return nil
        }
        if rest > frames {
            let frame = text("frame", at: rest) ?? "?"
            Issue.record("the trace comes to rest at row \(rest) (frame \(frame)), past the \(frames) frames allowed",
                         sourceLocation: sourceLocation)
        }
        return rest
    }

    /// Expects column `name` to move one way only (`direction`), within each run of frames in `phase` taken on
    /// its own (each fling's deceleration), or through the whole trace when `phase` is nil. Names the first
    /// step that turns back.
    public func expectMonotonic(_ name: String, _ direction: TraceDirection = .either, during phase: ScrollingPhase? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        guard columns.contains(name) else {
            Issue.record("the trace has no column “\(name)”", sourceLocation: sourceLocation)
            return
        }
        let runs = phase.map(runs(of:)) ?? [0..<count]
        if let phase, runs.isEmpty {
            Issue.record("the trace has no frame in phase \(phase.rawValue)", sourceLocation: sourceLocation)
            return
        }
        for run in runs {
            let values = run.map { value(name, at: $0) ?? .nan }
            guard let first = values.first, let last = values.last else { continue }
            let up: Bool
            switch direction {
            case .increasing: up = true
            case .decreasing: up = false
            case .either: up = last >= first
            }
            for (k, pair) in zip(values, values.dropFirst()).enumerated() where up ? !(pair.1 >= pair.0) : !(pair.1 <= pair.0) {
                let row = run.lowerBound + k + 1
                let frame = text("frame", at: row) ?? "?"
                let during = phase.map { " (\($0.rawValue))" } ?? ""
                let message = "\(name) turns back at row \(row) (frame \(frame)): \(pair.0) then \(pair.1), moving "
                    + (up ? "up" : "down") + " in rows \(run.lowerBound)–\(run.upperBound - 1)" + during
                Issue.record("\(message)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Expects no frame to cost more than `milliseconds` of CPU time (default: the frame period, what a display
    /// gives a frame). Names the frames over it. Only a recorded trace has costs (``frameCosts``); on a shared
    /// machine give a budget with room: the cost is measured time.
    public func expectNoFrameOverBudget(milliseconds: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        guard frameCosts.count == count, !isEmpty else {
            Issue.record("the trace has no frame costs (only a trace recorded from a TestApp has them)",
                         sourceLocation: sourceLocation)
            return
        }
        let budget = milliseconds ?? (period ?? 1.0 / 60) * 1000
        let over = frameCosts.indices.filter { !(frameCosts[$0] <= budget) }
        guard !over.isEmpty else { return }
        let named = over.prefix(8).map { "frame \(text("frame", at: $0) ?? "?") \(String(format: "%.2f", frameCosts[$0])) ms" }
        let message = "\(over.count) of \(count) frames over the \(String(format: "%.2f", budget)) ms budget: "
            + named.joined(separator: ", ") + (over.count > 8 ? ", …" : "")
        Issue.record("\(message)", sourceLocation: sourceLocation)
    }

    /// Expects the trace to match the recorded trace `<directory>/<name>.csv` (a trace golden), cell by cell
    /// within the tolerances (see ``differences(from:tolerance:tolerances:ignoring:)``; `displayFrame`, which
    /// only a window has, is ignored by default). On a mismatch it writes `<name>.actual.csv` beside the golden
    /// and records an issue naming the first differing cells. A missing golden is written (and recorded as an
    /// issue, so it is looked at); `update` (default: `SCROLLKIT_UPDATE_GOLDENS=1`) rewrites it.
    /// `directory` defaults to the `Golden` folder beside the calling test file.
    /// - Returns: the differences (empty when it matched or the golden was written).
    @discardableResult
    public func expectMatches(golden name: String, in directory: String? = nil, tolerance: Double = 1e-9,
                              tolerances: [String: Double] = [:], ignoring: Set<String> = ["displayFrame"],
                              update: Bool = GoldenImage.updateRequested, filePath: String = #filePath,
                              sourceLocation: SourceLocation = #_sourceLocation) -> [TraceDifference] {
        let folder = directory ?? GoldenImage.directory(besides: filePath)
        let golden = (folder as NSString).appendingPathComponent(name + ".csv")
        let actualPath = (folder as NSString).appendingPathComponent(name + ".actual.csv")
        let files = FileManager.default
        do {
            if update || !files.fileExists(atPath: golden) {
                let existed = files.fileExists(atPath: golden)
                try write(to: golden)
                try? files.removeItem(atPath: actualPath)
                if !existed {
                    Issue.record("trace golden \(golden) was missing: written from this run; check it in",
                                 sourceLocation: sourceLocation)
                }
                return []
            }
            let expected = try FrameTrace(contentsOfFile: golden)
            let found = differences(from: expected, tolerance: tolerance, tolerances: tolerances, ignoring: ignoring)
            guard !found.isEmpty else {
                try? files.removeItem(atPath: actualPath)
                return []
            }
            try write(to: actualPath)
            let first = found.prefix(6).map(\.description).joined(separator: "; ")
            Issue.record("\(name) does not match its trace golden: \(found.count) cells differ, the first: \(first). Wrote \(actualPath). If the change is intended: SCROLLKIT_UPDATE_GOLDENS=1.",
                         sourceLocation: sourceLocation)
            return found
        } catch {
            Issue.record("trace golden check of \(name) failed: \(error)", sourceLocation: sourceLocation)
            return []
        }
    }
}
