// ImageFailure (an image that cannot be shown, as ImageLibrary reports it) and ImageDecoding (where
// the library decodes).

/// An image that could not be shown: reported once per image name through ``ImageLibrary/onFailure``.
public struct ImageFailure: Sendable, Hashable, CustomStringConvertible {
    /// The name drawn (`ImageRef.name`).
    public var name: String
    /// The file the name resolved to, or `nil` when no file was found.
    public var path: String?
    /// What went wrong, in words ("not found (searched: …)", SDL2_image's error for a corrupt file).
    public var message: String

    public init(name: String, path: String?, message: String) {
        self.name = name; self.path = path; self.message = message
    }

    public var description: String { "image '\(name)': \(message)" }
}

/// Where ``ImageLibrary`` decodes the images that canvases draw.
public enum ImageDecoding: Sendable, Hashable {
    /// On the library's worker thread (the default): `drawImage` never waits; an image not yet
    /// decoded draws the placeholder and shows in a later frame.
    case background
    /// At once, inside `drawImage` (the frame waits): for tests and golden renders that want the
    /// image in the very first frame. Headless hosts need not use it: see ``HeadlessHost/settlesImageDecodes``.
    case synchronous
}
