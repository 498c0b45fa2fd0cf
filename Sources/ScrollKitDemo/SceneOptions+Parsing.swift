// SceneOptions from option texts, through the command line itself (a test convenience).
import ScrollKitGallery

extension SceneOptions {
    /// The options the command line gives for these option texts, e.g. `SceneOptions(items: "40")`:
    /// converted and validated by the command line itself, `DemoCLI.parse` (a test convenience).
    /// - Throws: the `CLIError` whose line the command would print.
    init(items: String?, snap: String? = nil, snapRatio: String? = nil,
         sprites: String? = nil, seed: String? = nil) throws(CLIError) {
        var arguments: [String] = []
        for (option, value) in [("--items", items), ("--snap", snap), ("--snap-ratio", snapRatio),
                                ("--sprites", sprites), ("--seed", seed)] {
            if let value { arguments += [option, value] }
        }
        switch DemoCLI.parse(arguments) {
        case .run(let configuration):
            self = configuration.sceneOptions
        case .exit(_, _, let line):
            throw CLIError(String(line.dropFirst("error: ".count)))
        case .curves, .text:
            throw CLIError("not scene options: \(arguments)")
        }
    }
}
