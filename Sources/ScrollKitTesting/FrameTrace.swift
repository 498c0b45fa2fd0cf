// FrameTrace: a per-frame trace (the columns of `scrollkit-demo --trace`) as a value — recorded from a TestApp or
// read from a CSV file — with its columns by name, its rows, slices by phase, and where it comes to rest.

import Foundation
import Motion
import ScrollKitSDL

/// A per-frame trace: one row per frame, the columns of ``TraceFormat`` (`frame`, `timestamp`, `offsetY`,
/// `phase`, … — the CSV that `scrollkit-demo --trace` writes). Record one with ``TestApp/recordTrace(sampling:_:)``,
/// read one with ``init(contentsOfFile:)``, check it with its expectations (``expectSettles(withinFrames:sourceLocation:)``,
/// ``expectMonotonic(_:_:during:sourceLocation:)``, ``expectNoFrameOverBudget(milliseconds:sourceLocation:)``,
/// ``expectMatches(golden:in:tolerance:tolerances:ignoring:update:filePath:sourceLocation:)``).
///
/// ```swift
/// let trace = try app.recordTrace { app in
///     app.swipeUp()
///     try app.settle()
/// }
/// #expect(trace.column("offsetY").last! > 1000)
/// trace.expectMonotonic("offsetY", during: .decelerating)
/// trace.expectSettles(withinFrames: 240)
/// ```
public struct FrameTrace: Sendable, Equatable {
    /// The column names (the CSV's header), in order.
    public let columns: [String]
    /// The rows, each as its cells' text (as the CSV holds them).
    public let rows: [[String]]
    /// Each row's frame cost, CPU milliseconds (update, layout, draw, present), where the trace was recorded
    /// from a ``TestApp``; empty for a trace read from a file (the CSV has no cost column).
    public let frameCosts: [Double]
    /// The frame period in seconds (the recording app's `1 / hz`), nil for a trace read from a file.
    public let period: Double?
    private let index: [String: Int]

    /// A trace with `columns` and `rows` (and, where measured, each row's cost and the frame period).
    public init(columns: [String] = TraceFormat.columns, rows: [[String]], frameCosts: [Double] = [],
                period: Double? = nil) {
        self.columns = columns
        self.rows = rows
        self.frameCosts = frameCosts
        self.period = period
        var index: [String: Int] = [:]
        for (i, name) in columns.enumerated() where index[name] == nil { index[name] = i }
        self.index = index
    }

    /// Reads CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks); the first
    /// record is the header.
    public init(csv: String) {
        let records = TraceFormat.records(csv)
        self.init(columns: records.first ?? [], rows: Array(records.dropFirst()))
    }

    /// Reads the CSV file at `path` (a `scrollkit-demo --trace` file, a golden, a trace written by ``write(to:)``).
    /// - Throws: the file system's error when it cannot be read.
    public init(contentsOfFile path: String) throws {
        self.init(csv: try String(contentsOfFile: path, encoding: .utf8))
    }

    public static func == (a: FrameTrace, b: FrameTrace) -> Bool {
        a.columns == b.columns && a.rows == b.rows && a.frameCosts == b.frameCosts && a.period == b.period
    }

    // MARK: - Reading

    /// Rows (frames) in the trace.
    public var count: Int { rows.count }
    /// Whether it has no rows.
    public var isEmpty: Bool { rows.isEmpty }

    /// The text of column `name` in row `row`, nil when there is no such column or row.
    public func text(_ name: String, at row: Int) -> String? {
        guard let c = index[name], rows.indices.contains(row), rows[row].indices.contains(c) else { return nil }
        return rows[row][c]
    }

    /// The number in column `name` of row `row` ("nan", "inf" and "-inf" included), nil when it is not one.
    public func value(_ name: String, at row: Int) -> Double? { text(name, at: row).flatMap(Double.init) }

    /// Every row's number in column `name` (NaN where a cell is not a number); empty when there is no such
    /// column.
    public func column(_ name: String) -> [Double] {
        guard index[name] != nil else { return [] }
        return rows.indices.map { value(name, at: $0) ?? .nan }
    }

    /// Every row's text in column `name`; empty when there is no such column.
    public func texts(_ name: String) -> [String] {
        guard index[name] != nil else { return [] }
        return rows.indices.map { text(name, at: $0) ?? "" }
    }

    /// The `frame` column: each row's frame number.
    public var frames: [Int] { column("frame").map { $0.isFinite ? Int($0) : -1 } }

    // MARK: - Slicing

    /// The rows in `range` (clamped to the trace).
    public subscript(rows range: Range<Int>) -> FrameTrace {
        let r = max(0, min(range.lowerBound, count))..<max(0, min(range.upperBound, count))
        return FrameTrace(columns: columns, rows: Array(rows[r]),
                          frameCosts: frameCosts.count == count ? Array(frameCosts[r]) : [], period: period)
    }

    /// The rows `isIncluded` accepts (given each row's index).
    public func filter(_ isIncluded: (Int) -> Bool) -> FrameTrace {
        let kept = rows.indices.filter(isIncluded)
        return FrameTrace(columns: columns, rows: kept.map { rows[$0] },
                          frameCosts: frameCosts.count == count ? kept.map { frameCosts[$0] } : [], period: period)
    }

    /// The rows of frames whose main scroll view was in `phase` (the `phase` column).
    public func during(_ phase: ScrollingPhase) -> FrameTrace {
        filter { text("phase", at: $0) == phase.rawValue }
    }

    /// The row ranges, in order, where the `phase` column is `phase` without a break: each fling's
    /// deceleration, each drag.
    public func runs(of phase: ScrollingPhase) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for i in 0...count {
            let inPhase = i < count && text("phase", at: i) == phase.rawValue
            if inPhase, start == nil { start = i }
            if !inPhase, let s = start { runs.append(s..<i); start = nil }
        }
        return runs
    }

    // MARK: - Coming to rest

    /// The columns whose change means something still moves: the scroll and zoom position, a carousel's,
    /// a swiped row's, a sheet's.
    public static let motionColumns = ["offsetX", "offsetY", "zoomScale", "innerOffsetX", "swipeOffset", "sheetPosition"]

    /// The first row from which the trace is at rest to its end: the phase idle, the velocities zero and
    /// ``motionColumns`` unchanged from row to row. Nil when the last row still moves (or the trace is empty).
    public var restingRow: Int? {
        guard !rows.isEmpty else { return nil }
        func still(_ i: Int) -> Bool {
            (text("phase", at: i) ?? "idle") == "idle"
                && (value("velocityX", at: i) ?? 0) == 0 && (value("velocityY", at: i) ?? 0) == 0
                && (value("innerVelocityX", at: i) ?? 0) == 0
        }
        func same(_ i: Int, _ j: Int) -> Bool {
            Self.motionColumns.allSatisfy { text($0, at: i) == text($0, at: j) }
        }
        guard still(count - 1) else { return nil }
        var first = count - 1
        while first > 0, still(first - 1), same(first - 1, first) { first -= 1 }
        return first
    }

    // MARK: - Writing

    /// The trace as CSV: the header, then one line per row, text cells quoted as ``TraceFormat`` quotes them.
    public var csv: String {
        let quotedColumns = Set(["focusText", "composing"])
        var out = columns.joined(separator: ",") + "\n"
        for row in rows {
            out += row.enumerated().map { i, cell in
                let name = i < columns.count ? columns[i] : ""
                let special = cell.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
                return quotedColumns.contains(name) || special ? TraceFormat.quoted(cell) : cell
            }.joined(separator: ",")
            out += "\n"
        }
        return out
    }

    /// Writes ``csv`` to `path` (making its folder).
    /// - Throws: the file system's error when it cannot be written.
    public func write(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
