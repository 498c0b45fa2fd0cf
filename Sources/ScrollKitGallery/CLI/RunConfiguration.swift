import ScrollKit

/// The demo's options after validation: everything a run needs, checked before SDL starts.
struct RunConfiguration: Sendable, Equatable {
    /// The default window / surface size in points (`--size`).
    static let defaultWindowSize = WindowSize(width: 800, height: 600)
    /// Frames a headless run renders when `--frames` is not given.
    static let defaultHeadlessFrames = 120

    var sceneName: String
    var headless: Bool
    /// nil = the display's refresh rate (window) or 60 Hz (headless, decided by the host).
    var hz: Double?
    /// nil = until quit (window mode only; headless always has a count).
    var frames: Int?
    var size: Size
    var scriptPath: String?
    var tracePath: String?
    var screenshotPath: String?
    var stats: Bool
    /// `--record DIR`: every frame as `DIR/frame-NNNNN.png` (headless only).
    var recordDirectory: String? = nil
    /// Options that only some scenes use (`--items`, `--snap`, `--snap-ratio`, `--sprites`, `--seed`).
    var sceneOptions = SceneOptions()
    /// The gallery shell's options (`--hud`, `--help-overlay`).
    var gallery = GalleryOptions()
    /// `--soak SECONDS` (and `--soak-draw-every`): nil for a normal run.
    var soak: SoakOptions? = nil
}

/// Scene options from the command line, validated; each scene reads the ones it uses.
/// (Their ranges are `OptionRanges.items`, `.snapRatio`, `.sprites` and `.seed`.)
struct SceneOptions: Sendable, Equatable {
    /// The snapping rules `--snap` accepts.
    enum Snap: String, Sendable, CaseIterable { case none, items, paging, centered }

    /// `--items`: the list scene's item count (the home scene's shelf count when given).
    var items = 1000
    /// Whether `--items` was given (the home scene then uses it instead of its 20 shelves).
    var itemsGiven = false
    /// `--snap`: nil = the scene's own default.
    var snap: Snap? = nil
    /// `--snap-ratio`: nil = the rule's default (0.3 for items, 0.1 for paging).
    var snapRatio: Double? = nil
    /// `--sprites`: the sprites scene's view count.
    var sprites = 60
    /// `--seed`: the seed of every random choice a scene makes.
    var seed: UInt64 = 1

    /// Every option at its default.
    init() {}

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
        case .curves:
            throw CLIError("not scene options: \(arguments)")
        }
    }
}
