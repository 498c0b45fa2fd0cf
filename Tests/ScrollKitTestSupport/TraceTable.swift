// TraceTable: a trace CSV read back as RFC 4180 says (quoted fields may hold commas, doubled quotes and line
// breaks), with its columns by name. The one trace reader of the test targets.
import Foundation
import ScrollKitSDL

/// A CSV file with a header row, parsed per RFC 4180, its cells addressed by row and column name.
public struct TraceTable: Sendable {
    /// The header row's column names.
    public let header: [String]
    /// The data rows (the header excluded), each as its fields.
    public let rows: [[String]]
    private let columnIndex: [String: Int]

    /// Parses the file at `path`.
    public init(path: String) throws {
        try self.init(text: String(contentsOfFile: path, encoding: .utf8))
    }

    /// Parses CSV text: the first record is the header.
    public init(text: String) {
        let records = TraceFormat.records(text)
        header = records.first ?? []
        rows = Array(records.dropFirst())
        var index: [String: Int] = [:]
        for (i, name) in header.enumerated() where index[name] == nil { index[name] = i }
        columnIndex = index
    }

    /// The column named `name`'s position, nil when there is none.
    public func column(_ name: String) -> Int? { columnIndex[name] }

    /// The text in row `row`, column `name` (nil: no such column or a short row).
    public func text(_ row: Int, _ name: String) -> String? {
        guard let c = columnIndex[name], rows.indices.contains(row), rows[row].indices.contains(c) else { return nil }
        return rows[row][c]
    }

    /// The number in row `row`, column `name` ("nan", "inf" and "-inf" included; nil when it is not one).
    public func number(_ row: Int, _ name: String) -> Double? { text(row, name).flatMap(Double.init) }

    /// Every numeric cell of row `row` by column name (text cells left out).
    public func numbers(_ row: Int) -> [String: Double] {
        var out: [String: Double] = [:]
        for (name, value) in zip(header, rows[row]) { if let x = Double(value) { out[name] = x } }
        return out
    }

    /// Every row's numeric cells by column name.
    public var numericRows: [[String: Double]] { rows.indices.map(numbers) }
}
