import ArgumentParser
import ScrollKit

/// A number type a command-line option can take: ArgumentParser converts it, `OptionRange` bounds it.
protocol OptionNumber: ExpressibleByArgument, Comparable, Sendable {
    /// How the value prints in help and error text: whole numbers without a fraction.
    var optionText: String { get }
}

extension Int: OptionNumber {
    var optionText: String { String(self) }
}

extension UInt64: OptionNumber {
    var optionText: String { String(self) }
}

extension Double: OptionNumber {
    var optionText: String { TraceFormat.number(self) }
}

/// The values a numeric option accepts, written once: `validate()` checks against it, and the help
/// text and the error messages print it.
struct OptionRange<Bound: OptionNumber>: Sendable {
    let bounds: ClosedRange<Bound>
    /// What the value is, e.g. "whole number", "number", "number of seconds".
    let noun: String
    /// True when the upper bound is only the type's limit: the range reads "at least <lower>".
    let openEnded: Bool

    init(_ bounds: ClosedRange<Bound>, noun: String, openEnded: Bool = false) {
        self.bounds = bounds
        self.noun = noun
        self.openEnded = openEnded
    }

    /// "1 to 1000", or "at least 1" when open-ended: for the help text.
    var span: String {
        openEnded ? "at least \(bounds.lowerBound.optionText)"
                  : "\(bounds.lowerBound.optionText) to \(bounds.upperBound.optionText)"
    }

    /// "a whole number from 0 to 10000000", "a whole number of at least 1".
    var rule: String {
        openEnded ? "a \(noun) of at least \(bounds.lowerBound.optionText)"
                  : "a \(noun) from \(bounds.lowerBound.optionText) to \(bounds.upperBound.optionText)"
    }

    /// Whether `value` is accepted (NaN never is).
    func contains(_ value: Bound) -> Bool { bounds.contains(value) }

    /// Throws `<option> must be <rule> (got "<value>")` when `value` is given and out of range.
    func check(_ value: Bound?, option: String) throws(CLIError) {
        if let value, !contains(value) {
            throw CLIError("\(option) must be \(rule) (got \"\(value.optionText)\")")
        }
    }

    /// Converts an option's text as ArgumentParser does (`Bound(argument:)`); text that is not a
    /// `Bound` at all throws "must be <rule>", which ArgumentParser prints after its own
    /// "The value '…' is invalid for '--option <N>'". The range is checked later, in `validate()`.
    @Sendable func convert(_ text: String) throws -> Bound {
        try OptionParsing.convert(text, rule: rule)
    }
}

/// The conversion every typed option shares.
enum OptionParsing {
    /// `T(argument: text)`, or an error whose text is "must be <rule>" (ArgumentParser appends it to
    /// its "The value '…' is invalid for '--option <V>'").
    static func convert<T: ExpressibleByArgument>(_ text: String, rule: String) throws -> T {
        guard let value = T(argument: text) else { throw CLIError("must be \(rule)") }
        return value
    }
}

/// Every range the command line checks, each written once.
enum OptionRanges {
    /// `--hz`.
    static let hz = OptionRange<Double>(1...1000, noun: "number")
    /// `--frames`.
    static let frames = OptionRange<Int>(1...Int.max, noun: "whole number", openEnded: true)
    /// Each dimension of `--size` (and of a script's `resize`), points.
    static let windowDimension = OptionRange<Int>(1...16_384, noun: "whole number")
    /// `--items`.
    static let items = OptionRange<Int>(0...10_000_000, noun: "whole number")
    /// `--snap-ratio`.
    static let snapRatio = OptionRange<Double>(0...1, noun: "number")
    /// `--sprites`.
    static let sprites = OptionRange<Int>(1...100_000, noun: "whole number")
    /// `--seed`: every UInt64 (the type is the range; written here for the help and error text).
    static let seed = OptionRange<UInt64>(0...UInt64.max, noun: "whole number")
    /// `--soak`, simulated seconds.
    static let soakSeconds = OptionRange<Double>(0.1...1_000_000, noun: "number of seconds")
    /// `--soak-draw-every`.
    static let soakDrawEvery = OptionRange<Int>(1...100_000, noun: "whole number")
    /// `curves --samples`.
    static let samples = OptionRange<Int>(2...100_000, noun: "whole number")
}

/// `--size WxH`: two whole numbers joined by "x" (or "X"), digits only. The bounds are checked in
/// `validate()` against `OptionRanges.windowDimension`.
struct WindowSize: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 2 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return nil }
            values.append(value)
        }
        self.init(width: values[0], height: values[1])
    }

    var description: String { "\(width)x\(height)" }

    /// The size in points.
    var points: Size { Size(width: Double(width), height: Double(height)) }

    /// "WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600".
    static var rule: String {
        let range = OptionRanges.windowDimension
        return "WIDTHxHEIGHT in points, \(range.noun)s from \(range.span), e.g. 800x600"
    }

    /// Whether both dimensions are in `OptionRanges.windowDimension`.
    var isInRange: Bool {
        OptionRanges.windowDimension.contains(width) && OptionRanges.windowDimension.contains(height)
    }

    /// Converts `--size`'s text; text that is not WxH throws "must be <rule>".
    @Sendable static func convert(_ text: String) throws -> WindowSize {
        try OptionParsing.convert(text, rule: rule)
    }
}

/// `--scene NAME`: one of `SceneCatalog.names`; an unknown name is one line naming them all.
struct SceneName: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    let name: String

    private init(name: String) { self.name = name }

    init?(argument: String) {
        guard SceneCatalog.names.contains(argument) else { return nil }
        name = argument
    }

    /// The scene shown when `--scene` is not given.
    static let `default` = SceneName(name: SceneCatalog.defaultName)

    static var allValueStrings: [String] { SceneCatalog.names }

    /// The names as a sentence: "list, paging, …, curves or home".
    static var namesSentence: String {
        let names = SceneCatalog.names
        guard names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    @Sendable static func convert(_ text: String) throws -> SceneName {
        guard let name = SceneName(argument: text) else { throw CLIError("must be one of \(namesSentence)") }
        return name
    }

    var description: String { name }
}

/// `--snap RULE`: ArgumentParser reads the raw values and lists them when the rule is unknown.
extension SceneOptions.Snap: ExpressibleByArgument {}
