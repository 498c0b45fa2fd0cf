/// Why a text could not be read as a `TimingCurve`. Its description is one line that says what was
/// expected (for an unknown name: every valid name).
public struct TimingCurveError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The text that was given.
    public var input: String
    /// One line: what is wrong and what was expected.
    public var description: String

    public init(input: String, description: String) {
        self.input = input
        self.description = description
    }
}

extension TimingCurve {
    /// Reads a curve from its name or a parameterised form.
    ///
    /// Accepted (case-insensitive, surrounding spaces ignored):
    /// - every name in `allNamed` (`linear`, `easeOutBounce`, `ease`, `default`, …);
    /// - aliases: the names of UIKit-era `ScrollTimingFunction` code (`quadIn`, `cubicOut`, … `circleInOut`, and the
    ///   same pattern for every family, e.g. `bounceOut`, `circIn`), CSS `ease-in`, `ease-out`, `ease-in-out`;
    /// - `cubic-bezier(x1, y1, x2, y2)` (or `cubicBezier(…)`): four finite numbers, x1 and x2 in `0...1`;
    /// - `spring(dampingRatio, response)`: two positive finite numbers.
    ///
    /// ```swift
    /// let bounce = try TimingCurve(parsing: "easeOutBounce")
    /// let css = try TimingCurve(parsing: "cubic-bezier(0.25, 0.1, 0.25, 1)")
    /// ```
    ///
    /// - Throws: `TimingCurveError` for an unknown name (its description lists the valid names) or a
    ///   malformed parameterised curve (it says which part is wrong and what was expected).
    public init(parsing text: String) throws(TimingCurveError) {
        let trimmed = text.trimmingSpaces
        let key = trimmed.lowercased()
        if let curve = Self.namesByKey[key] {
            self = curve
            return
        }
        if let open = trimmed.firstIndex(of: "(") {
            let head = trimmed[..<open].trimmingSpaces.lowercased()
            switch head {
            case "cubic-bezier", "cubicbezier":
                let n = try Self.arguments(of: trimmed, count: 4, form: Self.bezierForm)
                for (label, x) in [("x1", n[0]), ("x2", n[2])] where !(0...1).contains(x) {
                    throw TimingCurveError(
                        input: text,
                        description: "\(label) = \(formatNumber(x)) in \"\(trimmed)\" is outside 0...1; expected \(Self.bezierForm)")
                }
                self = .cubicBezier(n[0], n[1], n[2], n[3])
                return
            case "spring":
                let n = try Self.arguments(of: trimmed, count: 2, form: Self.springForm)
                for (label, x) in [("dampingRatio", n[0]), ("response", n[1])] where !(x > 0) {
                    throw TimingCurveError(
                        input: text,
                        description: "\(label) = \(formatNumber(x)) in \"\(trimmed)\" must be greater than 0; expected \(Self.springForm)")
                }
                self = .spring(dampingRatio: n[0], response: n[1])
                return
            default:
                break
            }
        }
        throw TimingCurveError(
            input: text,
            description: "unknown timing curve \"\(trimmed)\"; expected one of: "
                + Self.allNamed.map(\.name).joined(separator: ", ")
                + ", \(Self.bezierForm) or \(Self.springForm)"
                + " (aliases: quadIn … circleInOut, ease-in, ease-out, ease-in-out)")
    }

    static let bezierForm = "cubic-bezier(x1, y1, x2, y2) with four numbers, x1 and x2 in 0...1"
    static let springForm = "spring(dampingRatio, response) with two positive numbers"

    /// Lower-cased name or alias → curve.
    static let namesByKey: [String: TimingCurve] = {
        var table: [String: TimingCurve] = [:]
        for curve in allNamed { table[curve.name.lowercased()] = curve }
        // ScrollTimingFunction's names (quadIn … circleInOut), for every family.
        for family in PennerFamily.allCases {
            for mode in EaseMode.allCases {
                let curve = TimingCurve(.penner(family, mode))
                table[(family.rawValue + mode.rawValue).lowercased()] = curve
                if family == .circ { table["circle" + mode.rawValue.lowercased()] = curve }
            }
        }
        table["ease-in"] = .easeIn
        table["ease-out"] = .easeOut
        table["ease-in-out"] = .easeInOut
        return table
    }()

    /// The `count` comma-separated finite numbers between the parentheses of `text`.
    private static func arguments(of text: String, count: Int, form: String) throws(TimingCurveError) -> [Double] {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            throw TimingCurveError(input: text, description: "malformed \"\(text)\": missing \")\"; expected \(form)")
        }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard parts.count == count else {
            throw TimingCurveError(
                input: text,
                description: "malformed \"\(text)\": \(parts.count) value\(parts.count == 1 ? "" : "s") instead of \(count); expected \(form)")
        }
        var numbers: [Double] = []
        for part in parts {
            guard let value = Double(part), value.isFinite else {
                throw TimingCurveError(
                    input: text,
                    description: "malformed \"\(text)\": \"\(part)\" is not a finite number; expected \(form)")
            }
            numbers.append(value)
        }
        return numbers
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let first = s.first, first.isWhitespace { s.removeFirst() }
        while let last = s.last, last.isWhitespace { s.removeLast() }
        return String(s)
    }
}
