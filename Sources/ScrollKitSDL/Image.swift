import CSDL2
import CSDL2_image
import Foundation
import ScrollKit

/// Images for `SDLCanvas`: resolves `ImageRef` names against search directories, decodes them
/// with SDL2_image (`IMG_Load`: PNG, JPEG, …) and keeps the decoded surfaces.
///
/// Textures belong to a renderer, so each `SDLCanvas` keeps its own texture cache built from these
/// surfaces. A missing or corrupt file is a thrown `SDLError` naming the file.
@MainActor
public final class ImageLibrary {
    /// The library canvases use unless given another. Its search list starts empty: add the app's
    /// asset directories with `addSearchDirectory(_:)`.
    public static let shared = ImageLibrary()

    /// Directories searched in order for a name that is not an absolute path.
    public private(set) var searchDirectories: [String]

    /// Extensions tried, in order, when a name has none.
    public static let extensions = ["png", "jpg", "jpeg", "bmp", "gif", "webp"]

    private var surfaces: [String: UnsafeMutablePointer<SDL_Surface>] = [:]

    /// A library searching `searchDirectories` in order.
    public init(searchDirectories: [String] = []) {
        self.searchDirectories = searchDirectories
    }

    isolated deinit {
        for surface in surfaces.values { SDL_FreeSurface(surface) }
    }

    /// Appends a directory to the search list (ignored when already there).
    public func addSearchDirectory(_ path: String) {
        if !searchDirectories.contains(path) { searchDirectories.append(path) }
    }

    /// The file an image name refers to: an absolute path as is, otherwise the first match in the
    /// search directories, trying `extensions` when the name has none. Nil when nothing exists.
    public func resolve(_ name: String) -> String? {
        let fm = FileManager.default
        func isFile(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        if name.hasPrefix("/") { return isFile(name) ? name : nil }
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        for directory in searchDirectories {
            let base = (directory as NSString).appendingPathComponent(name)
            if isFile(base) { return base }
            if !hasExtension {
                for ext in Self.extensions where isFile(base + "." + ext) { return base + "." + ext }
            }
        }
        return nil
    }

    /// The decoded image `name` as an ARGB8888 surface, loaded on first use and kept.
    ///
    /// The library owns the surface: do not free it. Complexity: O(1) after the first load.
    /// - Throws: `SDLError` naming the image when it is not found, or the file when it cannot be decoded.
    public func surface(named name: String) throws -> UnsafeMutablePointer<SDL_Surface> {
        if let surface = surfaces[name] { return surface }
        guard let path = resolve(name) else {
            let places = searchDirectories.isEmpty ? "no search directories" : searchDirectories.joined(separator: ", ")
            throw SDLError("image '\(name)' not found (searched: \(places))", path: name, sdlMessage: "")
        }
        guard let loaded = IMG_Load(path) else {
            throw SDLError("cannot load image '\(path)'", path: path)
        }
        defer { SDL_FreeSurface(loaded) }
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("cannot convert image '\(path)'", path: path)
        }
        surfaces[name] = argb
        return argb
    }

    /// Forgets a decoded image so the next use reloads it from disk.
    public func evict(_ name: String) {
        if let surface = surfaces.removeValue(forKey: name) { SDL_FreeSurface(surface) }
    }
}
