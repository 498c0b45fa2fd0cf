import ScrollKit

/// The demo's options after validation: everything a run needs, checked before SDL starts.
struct RunConfiguration: Sendable, Equatable {
    /// The default window / surface size in points.
    static let defaultSize = Size(width: 800, height: 600)
    /// Frames a headless run renders when `--frames` is not given.
    static let defaultHeadlessFrames = 120
    /// Accepted `--hz` values.
    static let hzRange: ClosedRange<Double> = 1...1000
    /// Largest `--size` dimension, points.
    static let maxDimension = 16_384

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
    /// Options that only some scenes use (`--items`, `--snap`, `--snap-ratio`, `--sprites`, `--seed`).
    var sceneOptions = SceneOptions()
    /// The gallery shell's options (`--hud`, `--help-overlay`).
    var gallery = GalleryOptions()
    /// `--soak SECONDS` (and `--soak-draw-every`): nil for a normal run.
    var soak: SoakOptions? = nil
}

/// Scene options from the command line, validated; each scene reads the ones it uses.
struct SceneOptions: Sendable, Equatable {
    /// The snapping rules `--snap` accepts.
    enum Snap: String, Sendable, CaseIterable { case none, items, paging, centered }

    /// Accepted `--items` values.
    static let itemsRange = 0...10_000_000
    /// Accepted `--sprites` values.
    static let spritesRange = 1...100_000

    /// `--items`: the list scene's item count.
    var items = 1000
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

    /// Validates raw option strings. Pure.
    init(items: String?, snap: String? = nil, snapRatio: String? = nil,
         sprites: String? = nil, seed: String? = nil) throws(CLIError) {
        if let items {
            guard let value = Int(items), Self.itemsRange.contains(value) else {
                throw CLIError("--items must be a whole number from 0 to 10000000 (got \"\(items)\")")
            }
            self.items = value
        }
        if let snap {
            guard let value = Snap(rawValue: snap) else {
                throw CLIError("--snap must be one of \(Snap.allCases.map(\.rawValue).joined(separator: ", ")) (got \"\(snap)\")")
            }
            self.snap = value
        }
        if let snapRatio {
            guard let value = Double(snapRatio), value.isFinite, value >= 0, value <= 1 else {
                throw CLIError("--snap-ratio must be a number from 0 to 1 (got \"\(snapRatio)\")")
            }
            self.snapRatio = value
        }
        if let sprites {
            guard let value = Int(sprites), Self.spritesRange.contains(value) else {
                throw CLIError("--sprites must be a whole number from 1 to 100000 (got \"\(sprites)\")")
            }
            self.sprites = value
        }
        if let seed {
            guard let value = UInt64(seed) else {
                throw CLIError("--seed must be a whole number from 0 to \(UInt64.max) (got \"\(seed)\")")
            }
            self.seed = value
        }
    }
}

extension RunConfiguration {
    /// Validates raw option strings. Pure: no file-system access.
    /// - Throws: a `CLIError` naming the first bad option.
    init(scene: String, headless: Bool, hz: String?, frames: String?, size: String,
         script: String?, trace: String?, screenshot: String?, stats: Bool,
         validScenes: [String]) throws(CLIError) {
        guard validScenes.contains(scene) else {
            throw CLIError("unknown scene \"\(scene)\" (valid: \(validScenes.joined(separator: ", ")))")
        }
        sceneName = scene
        self.headless = headless
        if let hz {
            guard let value = Double(hz), Self.hzRange.contains(value) else {
                throw CLIError("--hz must be a number from 1 to 1000 (got \"\(hz)\")")
            }
            self.hz = value
        } else {
            self.hz = nil
        }
        if let frames {
            guard let value = Int(frames), value >= 1 else {
                throw CLIError("--frames must be a whole number of at least 1 (got \"\(frames)\")")
            }
            self.frames = value
        } else {
            self.frames = headless ? Self.defaultHeadlessFrames : nil
        }
        guard let parsed = Self.parseSize(size) else {
            throw CLIError("--size must be WIDTHxHEIGHT in points, whole numbers from 1 to \(Self.maxDimension), e.g. 800x600 (got \"\(size)\")")
        }
        self.size = parsed
        for (option, path) in [("--script", script), ("--trace", trace), ("--screenshot", screenshot)] {
            if let path, path.isEmpty { throw CLIError("\(option) needs a file path (got an empty string)") }
        }
        scriptPath = script
        tracePath = trace
        screenshotPath = screenshot
        self.stats = stats
    }

    /// Parses "WxH" (also "WXH"): two whole numbers from 1 to `maxDimension`, digits only.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "X", omittingEmptySubsequences: false) }
        guard parts.count == 2 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 5, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(part), value >= 1, value <= maxDimension else { return nil }
            values.append(value)
        }
        return Size(width: Double(values[0]), height: Double(values[1]))
    }
}
