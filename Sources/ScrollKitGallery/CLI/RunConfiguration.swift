// RunConfiguration, the demo's validated options, and SceneOptions, the scene options from the command line.

import ScrollKit

/// The demo's options after validation: everything a run needs, checked before SDL starts.
package struct RunConfiguration: Sendable, Equatable {
    /// The default window / surface size in points (`--size`).
    package static let defaultWindowSize = WindowSize(width: 800, height: 600)
    /// Frames a headless run renders when `--frames` is not given.
    package static let defaultHeadlessFrames = 120

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
    /// `--scale`: pixels per point (headless surface; a window on X11), nil = 1 headless, the desktop's in a window.
    package var scale: Double? = nil
    /// `--text-scale`: the Larger text factor (1...2), nil = the host's (the user's in a window, 1 headless).
    package var textScale: Double? = nil
    /// `--record DIR`: every frame as `DIR/frame-NNNNN.png` (headless only).
    package var recordDirectory: String? = nil
    /// `--record-input`: where the run's input is written as a script (`InputRecording`).
    package var recordInputPath: String? = nil
    /// Options that only some scenes use (`--items`, `--snap`, `--snap-ratio`, `--sprites`, `--seed`).
    package var sceneOptions = SceneOptions()
    /// The gallery shell's options (`--hud`, `--help-overlay`).
    package var gallery = GalleryOptions()
    /// `--direction`: the gallery's layout direction; nil = the host's default (the locale's in a window,
    /// left to right headless).
    package var layoutDirection: ReadingDirection? = nil
    /// `--reduce-motion` / `--no-reduce-motion`: nil = the host's default (the user's setting in a window, off
    /// headless).
    package var reduceMotion: Bool? = nil
    /// `--color-scheme light|dark|high-contrast`: nil = the host's default (SCROLLKIT_COLOR_SCHEME, else in a
    /// window GNOME's color-scheme; light).
    package var colorScheme: Theme.ColorScheme? = nil
    /// No `--size`: on a bare console (KMS) the frame is the output's preferred mode (``HostOptions/fillsScreen``).
    package var fillsScreen = true
    /// `--soak SECONDS` (and `--soak-draw-every`): nil for a normal run.
    package var soak: SoakOptions? = nil

    package init(sceneName: String, headless: Bool, hz: Double?, frames: Int?, size: Size, scriptPath: String?,
                 tracePath: String?, screenshotPath: String?, stats: Bool, recordDirectory: String? = nil,
                 sceneOptions: SceneOptions = SceneOptions(), gallery: GalleryOptions = GalleryOptions(),
                 soak: SoakOptions? = nil) {
        self.sceneName = sceneName
        self.headless = headless
        self.hz = hz
        self.frames = frames
        self.size = size
        self.scriptPath = scriptPath
        self.tracePath = tracePath
        self.screenshotPath = screenshotPath
        self.stats = stats
        self.recordDirectory = recordDirectory
        self.sceneOptions = sceneOptions
        self.gallery = gallery
        self.soak = soak
    }
}

/// Scene options from the command line, validated; each scene reads the ones it uses.
/// (Their ranges are `OptionRanges.items`, `.snapRatio`, `.sprites` and `.seed`.)
/// The values `--direction` takes.
/// The schemes `--color-scheme` names.
package enum ColorSchemeOption: String, Sendable, CaseIterable {
    case light, dark
    case highContrast = "high-contrast"
    /// The scheme it names.
    package var scheme: Theme.ColorScheme { Theme.ColorScheme(rawValue: rawValue) ?? .light }
}

package enum DirectionOption: String, Sendable, CaseIterable {
    case ltr, rtl
    /// The layout direction it names.
    package var direction: ReadingDirection { self == .rtl ? .rightToLeft : .leftToRight }
}

package struct SceneOptions: Sendable, Equatable {
    /// The snapping rules `--snap` accepts.
    package enum Snap: String, Sendable, CaseIterable { case none, items, paging, centered }

    /// `--items`: the list scene's item count (the home scene's shelf count when given).
    package var items = 1000
    /// Whether `--items` was given (the home scene then uses it instead of its 20 shelves).
    package var itemsGiven = false
    /// `--snap`: nil = the scene's own default.
    package var snap: Snap? = nil
    /// `--snap-ratio`: nil = the rule's default (0.3 for items, 0.1 for paging).
    package var snapRatio: Double? = nil
    /// `--sprites`: the sprites scene's view count.
    package var sprites = 60
    /// `--seed`: the seed of every random choice a scene makes.
    package var seed: UInt64 = 1
    /// `--query`: the contacts scene's search query at start (nil: empty).
    package var query: String? = nil

    /// Every option at its default.
    package init() {}
}
