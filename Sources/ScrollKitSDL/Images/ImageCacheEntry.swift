// ImageLibrary's cache entries: ImageKey (an image at one pixel size), ImageEntry (its decoded surface)
// and ImageLookup (what a draw finds in the cache).
import CSDL2

/// One decoded image at one pixel size (or its natural size), kept by ``ImageLibrary``.
struct ImageKey: Hashable, Sendable {
    var name: String
    /// The pixel size it was decoded for; 0 × 0 is the file's natural size.
    var width: Int32
    var height: Int32
}

/// A decoded surface in the library's cache.
final class ImageEntry {
    let id: Int
    let key: ImageKey
    let surface: UnsafeMutablePointer<SDL_Surface>
    let bytes: Int
    var lastUse: UInt64
    /// Whether every pixel has alpha 255 (a JPEG, an opaque PNG): found once, on first use.
    lazy var isOpaque: Bool = {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch) / 4
        guard let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return false }
        for y in 0..<h {
            let row = pixels + y * pitch
            for x in 0..<w where row[x] >> 24 != 0xFF { return false }
        }
        return true
    }()
    init(id: Int, key: ImageKey, surface: UnsafeMutablePointer<SDL_Surface>, lastUse: UInt64) {
        self.id = id
        self.key = key
        self.surface = surface
        self.bytes = Int(surface.pointee.pitch) * Int(surface.pointee.h)
        self.lastUse = lastUse
    }
}

/// What a canvas finds for an image it is about to draw.
enum ImageLookup {
    /// Decoded at the size asked: a plain blit.
    case ready(ImageEntry)
    /// Being decoded; `standIn` is another size of the same image already decoded (drawn scaled
    /// meanwhile), or nil (the placeholder is drawn).
    case pending(standIn: ImageEntry?)
    /// The image cannot be shown: the fallback is drawn.
    case failed
}
