// The ranges every numeric option of the command line accepts (OptionRange, OptionRanges) and `--size`'s
// WindowSize: written once, for the command line (scrollkit-demo), the scenes and the script parser.
import ScrollKit
import ScrollKitSDL

/// A number type a command-line option can take: the command line converts it, `OptionRange` bounds it.
package protocol OptionNumber: Comparable, Sendable {
    /// How the value prints in help and error text: whole numbers without a fraction.
    var optionText: String { get }
}

extension Int: OptionNumber {
    package var optionText: String { String(self) }
}

extension UInt64: OptionNumber {
    package var optionText: String { String(self) }
}

extension Double: OptionNumber {
    package var optionText: String { TraceFormat.number(self) }
}

/// The values a numeric option accepts, written once: `validate()` checks against it, and the help
/// text and the error messages print it.
package struct OptionRange<Bound: OptionNumber>: Sendable {
    package let bounds: ClosedRange<Bound>
    /// What the value is, e.g. "whole number", "number", "number of seconds".
    package let noun: String
    /// True when the upper bound is only the type's limit: the range reads "at least <lower>".
    package let openEnded: Bool

    package init(_ bounds: ClosedRange<Bound>, noun: String, openEnded: Bool = false) {
        self.bounds = bounds
        self.noun = noun
        self.openEnded = openEnded
    }

    /// "1 to 1000", or "at least 1" when open-ended: for the help text.
    package var span: String {
        openEnded ? "at least \(bounds.lowerBound.optionText)"
                  : "\(bounds.lowerBound.optionText) to \(bounds.upperBound.optionText)"
    }

    /// "a whole number from 0 to 10000000", "a whole number of at least 1".
    package var rule: String {
        openEnded ? "a \(noun) of at least \(bounds.lowerBound.optionText)"
                  : "a \(noun) from \(bounds.lowerBound.optionText) to \(bounds.upperBound.optionText)"
    }

    /// Whether `value` is accepted (NaN never is).
    package func contains(_ value: Bound) -> Bool { bounds.contains(value) }

    /// Throws `<option> must be <rule> (got "<value>")` when `value` is given and out of range.
    package func check(_ value: Bound?, option: String) throws(CLIError) {
        if let value, !contains(value) {
            throw CLIError("\(option) must be \(rule) (got \"\(value.optionText)\")")
        }
    }
}

/// Every range the command line checks, each written once.
package enum OptionRanges {
    /// `--hz`.
    package static let hz = OptionRange<Double>(1...1000, noun: "number")
    /// `--scale`: pixels per point.
    package static let scale = OptionRange<Double>(0.5...4, noun: "number")
    /// `--text-scale`: the Larger text factor (`TextScale.range`).
    package static let textScale = OptionRange<Double>(1...2, noun: "number")
    /// `--frames`.
    package static let frames = OptionRange<Int>(1...Int.max, noun: "whole number", openEnded: true)
    /// Each dimension of `--size` (and of a script's `resize`), points.
    package static let windowDimension = OptionRange<Int>(1...16_384, noun: "whole number")
    /// `--items`.
    package static let items = OptionRange<Int>(0...10_000_000, noun: "whole number")
    /// `--snap-ratio`.
    package static let snapRatio = OptionRange<Double>(0...1, noun: "number")
    /// `--sprites`.
    package static let sprites = OptionRange<Int>(1...100_000, noun: "whole number")
    /// `--seed`: every UInt64 (the type is the range; written here for the help and error text).
    package static let seed = OptionRange<UInt64>(0...UInt64.max, noun: "whole number")
    /// `--soak`, simulated seconds.
    package static let soakSeconds = OptionRange<Double>(0.1...1_000_000, noun: "number of seconds")
    /// `--soak-draw-every`.
    package static let soakDrawEvery = OptionRange<Int>(1...100_000, noun: "whole number")
    /// `curves --samples`.
    package static let samples = OptionRange<Int>(2...100_000, noun: "whole number")
}

/// `--size WxH`: two whole numbers joined by "x" (or "X"), digits only. The bounds are checked in
/// `validate()` against `OptionRanges.windowDimension`.
package struct WindowSize: Sendable, Equatable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Reads `WxH`; nil for anything else.
    package init?(argument: String) {
        let parts = argument.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 2 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else { return nil }
            values.append(value)
        }
        self.init(width: values[0], height: values[1])
    }

    package var description: String { "\(width)x\(height)" }

    /// The size in points.
    package var points: Size { Size(width: Double(width), height: Double(height)) }

    /// "WIDTHxHEIGHT in points, whole numbers from 1 to 16384, e.g. 800x600".
    package static var rule: String {
        let range = OptionRanges.windowDimension
        return "WIDTHxHEIGHT in points, \(range.noun)s from \(range.span), e.g. 800x600"
    }

    /// Whether both dimensions are in `OptionRanges.windowDimension`.
    package var isInRange: Bool {
        OptionRanges.windowDimension.contains(width) && OptionRanges.windowDimension.contains(height)
    }
}
