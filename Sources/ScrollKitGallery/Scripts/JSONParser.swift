/// A syntax error with its position: line and column both count from 1; the column counts
/// Unicode scalars (not bytes) from the start of the line.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String
    var description: String { "line \(line), column \(column): \(message)" }
}

/// A small JSON parser for script files: RFC 8259's grammar, with these differences.
///
/// - Accepted beyond the RFC: the tokens `NaN`, `Infinity` and `-Infinity` as numbers (so that the
///   script validator can name the field that holds them, and reject it), and a UTF-8 byte-order mark
///   at the start (skipped, as the RFC lets a parser do).
/// - Rejected although the RFC's grammar allows them: `\u` escapes of an unpaired surrogate, and
///   nesting deeper than `maxDepth` levels.
/// - The input must be well-formed UTF-8, as the RFC requires: overlong forms, encoded surrogates and
///   code points beyond U+10FFFF are errors.
/// - Duplicate object keys are kept, in order (the validator reports them). A number beyond Double's
///   range becomes ±infinity (or ±0); its source text is kept.
///
/// Never traps, whatever the input: invalid UTF-8, truncation, deep nesting, huge numbers and stray
/// bytes all become a `JSONSyntaxError` with a position. Time and memory are O(n) in the input size.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"events": []}"#.utf8))
/// ```
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// The top-level object's member whose array elements go to `sink` instead of the tree.
    private var streamKey: String?
    private var sink: ((Int, JSONValue) -> Void)?
    private var streamed = false

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON value that must fill the whole input (surrounding whitespace allowed).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses like ``parse(_:)``, but when the top level is an object whose first member named `key`
    /// holds an array, that array's elements are handed to `element` (with their index) as each is
    /// read, and the tree keeps an empty array there. The whole input is still checked: a syntax error
    /// anywhere throws, even after some elements went to `element`. Memory: the largest element, not
    /// the whole array (a script of 10^6 events never exists as one tree).
    static func parse(_ bytes: [UInt8], streamingArrayAt key: String,
                      element: @escaping (Int, JSONValue) -> Void) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.streamKey = key
        parser.sink = element
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if let bad = Self.firstInvalidUTF8(bytes) {
            throw error("not valid UTF-8", at: bad)
        }
        skipWhitespace()
        if index >= bytes.count {
            throw error(bytes.isEmpty ? "the file is empty" : "no JSON value (only whitespace)")
        }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file (truncated JSON?)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if matches("-Infinity") { index += 9; return .number(-.infinity, text: "-Infinity") }
            return try parseNumber()
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "N") where matches("NaN"): index += 3; return .number(.nan, text: "NaN")
        case UInt8(ascii: "I") where matches("Infinity"): index += 8; return .number(.infinity, text: "Infinity")
        default:
            throw error("unexpected \(describeWord()) where a value was expected")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file: expected a field name (truncated JSON?)") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a field name in double quotes, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file: expected ':' (truncated JSON?)") }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the field name \"\(excerpt(key))\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value: JSONValue
            if depth == 1, !streamed, let streamKey, key == streamKey, peek() == UInt8(ascii: "[") {
                streamed = true
                value = try parseArray(streaming: true)
            } else {
                value = try parseValue()
            }
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file: expected ',' or '}' (truncated JSON?)") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; depth -= 1; return .object(members)
            default: throw error("expected ',' or '}' after a field, found \(describeCurrent())")
            }
        }
    }

    /// An array; `streaming`: its elements go to `sink` and the value returned is an empty array.
    private mutating func parseArray(streaming: Bool = false) throws(JSONSyntaxError) -> JSONValue {
        try enter()
        index += 1  // [
        var elements: [JSONValue] = []
        var count = 0
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(elements) }
        while true {
            skipWhitespace()
            let value = try parseValue()
            if streaming, let sink { sink(count, value) } else { elements.append(value) }
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file: expected ',' or ']' (truncated JSON?)") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; depth -= 1; return .array(elements)
            default: throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unexpected end of file inside a string (truncated JSON?)", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unexpected end of file inside a string (truncated JSON?)", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 2
                    throw error("invalid escape '\\\(printable(escape))' in a string")
                }
            case 0x00..<0x20:
                throw error("control character U+\(hex4(UInt16(byte))) inside a string (escape it, e.g. \\n)")
            default:
                out.append(byte)
                index += 1
            }
        }
    }

    /// Reads the four hex digits after `\u` (and a following `\uDCxx` for a surrogate pair).
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = index - 2
        let first = try hexQuad()
        if (0xD800...0xDBFF).contains(first) {
            guard matches("\\u") else { throw error("unpaired surrogate \\u\(hex4(first)) in a string", at: escapeStart) }
            index += 2
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("unpaired surrogate \\u\(hex4(first)) in a string", at: escapeStart)
            }
            let value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape", at: escapeStart) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(UInt32(first)) else {
            throw error("unpaired surrogate \\u\(hex4(first)) in a string", at: escapeStart)
        }
        return scalar
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of file in a \\u escape (truncated JSON?)") }
            let b = bytes[index]
            let digit: UInt16
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else {
            throw error("expected a digit after '-', found \(describeCurrent())")
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw error("leading zeros are not allowed in numbers", at: start) }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let d = peek(), isDigit(d) else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let d = peek(), isDigit(d) else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // Double(_:) rounds correctly; an exponent out of range gives ±infinity or ±0 (never nil for this grammar).
        let value = Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity)
        return .number(value, text: text)
    }

    // MARK: - Helpers

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let b = peek(), isDigit(b) { index += 1 }
    }

    private mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private func matches(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count else { return false }
        return bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
        if matches(literal) { index += literal.utf8.count; return }
        // Say "end of file" when the input stops in the middle of the literal.
        let remaining = bytes[index...]
        if remaining.count < literal.utf8.count, Array(literal.utf8).starts(with: remaining) {
            index = bytes.count
            throw error("unexpected end of file (truncated JSON?)")
        }
        throw error("unexpected \(describeWord()) where a value was expected")
    }

    /// A description of the byte at `index` for messages.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        return "'\(printable(bytes[index]))'"
    }

    /// The word (letters and digits) starting at `index`, quoted, for messages about bad literals.
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, end - index < 20,
              (bytes[end] >= 0x41 && bytes[end] <= 0x5A) || (bytes[end] >= 0x61 && bytes[end] <= 0x7A) || isDigit(bytes[end]) {
            end += 1
        }
        if end == index { return describeCurrent() }
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    private func printable(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\x" + String(byte, radix: 16, uppercase: true)
    }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func error(_ message: String) -> JSONSyntaxError { error(message, at: index) }

    private func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        let (line, column) = Self.position(of: min(max(offset, 0), bytes.count), in: bytes)
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    /// Line and column (both from 1) of a byte offset; the column counts UTF-8 lead bytes.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var i = 0
        while i < offset && i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil when it all is.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return i
            }
            guard n - i >= length else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}
