/// A JSON value as read by `JSONParser`.
///
/// Object members keep their order and duplicates (the script validator reports duplicates by name).
/// Numbers keep their source text, so error messages can quote exactly what the file said.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number and its source text. The value may be non-finite: an overflowing literal such as
    /// `1e400` becomes infinity, and the non-JSON tokens `NaN`, `Infinity` and `-Infinity` are
    /// accepted here only so that the validator can name the field that holds them (it rejects them).
    case number(Double, text: String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// A short name of the value's kind for error messages ("a string", "an array", …).
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
struct JSONMember: Sendable, Equatable {
    var key: String
    var value: JSONValue
}
