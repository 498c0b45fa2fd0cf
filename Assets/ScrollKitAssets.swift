import Foundation

/// The files ScrollKit ships in the package's top-level `Assets/` folder (fonts, with their licences
/// beside them), found where SwiftPM copied them.
///
/// SwiftPM copies `Assets/Fonts` into this target's resource bundle (`ScrollKit_ScrollKitAssets.resources`
/// beside the executable on Linux, `ScrollKit_ScrollKitAssets.bundle` on macOS). ``path(_:)`` looks
/// there, then in the source tree (a development checkout). Unlike `Bundle.module` it never traps:
/// when nothing is found it returns the first candidate, and opening that file reports it missing.
public enum BundledAssets {
    /// The DejaVu Sans faces the canvases draw text with (licence: `Fonts/LICENSE-DejaVu.txt`).
    public static let regularFont = "Fonts/DejaVuSans.ttf"
    public static let boldFont = "Fonts/DejaVuSans-Bold.ttf"
    /// The 79 emoji faces U+1F601…U+1F64F of Noto RGBAColor Emoji, used by the gallery's picker
    /// (SIL Open Font License 1.1: `Fonts/LICENSE-NotoColorEmoji.txt`).
    public static let emojiFacesFont = "Fonts/NotoColorEmoji-Faces.ttf"
    /// The folder of twelve 384 × 384 landscape PNGs, `scene-00.png` … `scene-11.png` (CC0, made by
    /// `scripts/make-image-assets.py`): add `path(imagesFolder)` to an `ImageLibrary`'s search directories.
    public static let imagesFolder = "Images"
    /// The folder of the `photo` scene's tile pyramid: "Dragonfly" by Bolly, 4224 × 3168 at level 0, each
    /// next level half the size (rounded up) down to 264 × 198, cut into 256 × 256 baseline JPEG tiles
    /// `L<level>/<row>-<col>.jpg` (edge tiles smaller), described by `pyramid.json` (sizes, rows, columns,
    /// attribution). CC BY-SA 4.0: `Photo/LICENSE.txt`; made by `scripts/make-photo-tiles.py`.
    public static let photoFolder = "Photo"
    /// The contacts scene's people: 2,820 fictional people with names in ten scripts (`given,family,phone`,
    /// UTF-8), made by `scripts/make-contacts.py` from name lists written for ScrollKit (CC0: `Contacts/README.md`).
    public static let contactsFile = "Contacts/people.csv"

    /// The path of `Assets/<relative>` (for example `"Fonts/DejaVuSans.ttf"`), found or not.
    public static func path(_ relative: String) -> String {
        let candidates = directories.map { $0.appendingPathComponent(relative).path }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    /// Where the assets may be, most likely first.
    private static let directories: [URL] = {
        var roots: [URL] = [Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { roots.append(resources) }
        if let executable = Bundle.main.executableURL { roots.append(executable.deletingLastPathComponent()) }
        roots.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        var result: [URL] = []
        for root in roots {
            result.append(root.appendingPathComponent("ScrollKit_ScrollKitAssets.resources"))
            result.append(root.appendingPathComponent("ScrollKit_ScrollKitAssets.bundle/Contents/Resources"))
            result.append(root.appendingPathComponent("ScrollKit_ScrollKitAssets.bundle"))
        }
        // The source tree: this file sits in Assets/.
        result.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return result
    }()
}
