// How the command line converts option texts (swift-argument-parser): the typed options' conversions, the
// scene names `--scene` accepts, and the `--snap` rules.
import ArgumentParser
import ScrollKitGallery

/// The conversion every typed option shares.
enum OptionParsing {
    /// `T(argument: text)`, or an error whose text is "must be <rule>" (ArgumentParser appends it to
    /// its "The value '…' is invalid for '--option <V>'").
    static func convert<T: ExpressibleByArgument>(_ text: String, rule: String) throws -> T {
        guard let value = T(argument: text) else { throw CLIError("must be \(rule)") }
        return value
    }
}

extension OptionRange where Bound: ExpressibleByArgument {
    /// Converts an option's text as ArgumentParser does (`Bound(argument:)`); text that is not a
    /// `Bound` at all throws "must be <rule>", which ArgumentParser prints after its own
    /// "The value '…' is invalid for '--option <N>'". The range is checked later, in `validate()`.
    @Sendable func convert(_ text: String) throws -> Bound {
        try OptionParsing.convert(text, rule: rule)
    }
}

extension WindowSize: ExpressibleByArgument {
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
extension DirectionOption: ExpressibleByArgument {}
extension ColorSchemeOption: ExpressibleByArgument {}
