// ImageLibrary: resolves image names, decodes them off the main thread, keeps them in a byte-bounded cache.
import CSDL2
import CSDL2_image
import Foundation
import ScrollKit

/// Images for `SDLCanvas`: resolves `ImageRef` names against search directories, decodes them with
/// SDL2_image (`IMG_Load`: PNG, JPEG, …) **off the main thread**, scaled once to the size they are drawn at,
/// and keeps them in a cache bounded by bytes.
///
/// - **Decoding.** The first `drawImage` of an image at a pixel size asks the library's worker thread to
///   decode it (``ImageDecoding/background``, the default). The worker loads the file, converts it to
///   ARGB8888 and scales it to exactly the drawn size (down: halving steps, then a linear stretch; up: one
///   linear stretch), so drawing is a plain blit. (Left to the software renderer, a scaled, blended copy
///   costs a resample and two temporary surfaces in every frame.) Newer requests are served first.
///   Decoded surfaces come back through a lock-protected queue that ``beginFrame()`` drains on the main
///   actor once per frame (`SDLCanvas.beginFrame()` calls it), and the worker pushes an SDL user event so
///   that a sleeping `WindowHost` wakes and draws the frame that shows them.
/// - **No frame waits on a decode.** Until an image is ready the canvas draws ``placeholderColor`` as a
///   soft rounded fill in its rectangle (or, when another size of the same image is already decoded, that
///   one scaled: no flash on resize).
/// - **Cache.** Decoded surfaces are kept least recently drawn first out, within ``byteBudget`` bytes (4 per
///   pixel; default 64 MiB). Images drawn in the current or the previous frame are never evicted, so the
///   images on screen may exceed the budget (the excess goes once they are no longer drawn). Each canvas keeps one texture per cached surface and drops it when the surface
///   is evicted.
/// - **Prefetching.** ``prefetch(_:size:pixelScale:)`` starts a decode at the size an image will be drawn,
///   for rows about to appear (see `ListDataSourcePrefetching`).
/// - **Failure.** A missing or undecodable image is reported once, through ``onFailure`` (and kept in
///   ``failures``), is not retried (until ``retry(_:)``), and draws the fallback: the placeholder fill
///   crossed by two lines in ``failureMarkColor``.
/// - **Headless runs** stay deterministic: `HeadlessHost` calls ``waitForPendingDecodes(timeout:)`` before
///   each frame, so an image requested in frame N is shown from frame N + 1, every run. Tests that want the
///   image in the first frame use ``ImageDecoding/synchronous``.
///
/// ## Bad input
/// A name that resolves to nothing, or to a file SDL2_image cannot decode, is a failure (above), never a
/// trap. NaN, infinite, zero or negative draw sizes draw nothing; sizes above 8192 pixels decode at the
/// file's natural size. A negative ``byteBudget`` counts as 0 (only the images of the last two frames are kept).
@MainActor
public final class ImageLibrary {
    /// The library canvases use unless given another. Its search list starts empty: add the app's
    /// asset directories with `addSearchDirectory(_:)`.
    public static let shared = ImageLibrary()

    /// Directories searched in order for a name that is not an absolute path.
    public private(set) var searchDirectories: [String]

    /// Extensions tried, in order, when a name has none.
    nonisolated public static let extensions = ["png", "jpg", "jpeg", "bmp", "gif", "webp"]

    /// Where images are decoded (see ``ImageDecoding``).
    public var decoding: ImageDecoding

    /// Most bytes of decoded images kept (4 per pixel); least recently drawn ones are freed beyond it.
    /// Default 64 MiB.
    public var byteBudget: Int = 64 << 20 { didSet { trim() } }
    /// Bytes of decoded images kept now.
    public private(set) var cachedBytes = 0
    /// The number of decoded images kept now (one per image and drawn pixel size).
    public var cachedImageCount: Int { entries.count }
    /// How many decodes have been started, ever (cache hits start none).
    public private(set) var decodesStarted = 0
    /// How many decoded images were freed to keep within ``byteBudget``, ever.
    public private(set) var evictionCount = 0
    /// How many cached surfaces were freed for any reason (canvases then drop their textures).
    private(set) var removalCount = 0

    /// Called once per image name that cannot be shown (missing file, corrupt data), on the main actor.
    public var onFailure: (@MainActor (ImageFailure) -> Void)?
    /// The images that could not be shown, by name.
    public private(set) var failures: [String: ImageFailure] = [:]

    /// The fill drawn in an image's rectangle until it is decoded (rounded: 15% of the shorter side, at
    /// most 12 pt), or `nil` for nothing. Also the ground of the failure fallback. Default: a soft grey.
    public var placeholderColor: RGBAColor? = RGBAColor(hex: 0x8E8E93, alpha: 48)
    /// The colour of the cross drawn over the placeholder fill for an image that failed, or `nil` for no cross.
    public var failureMarkColor: RGBAColor? = RGBAColor(hex: 0x8E8E93, alpha: 200)

    /// Pixels per point that ``prefetch(_:size:pixelScale:)`` assumes when not told: the scale of the last
    /// canvas that began a frame with this library.
    public var pixelScale: Double = 1

    /// Decode sizes above this many pixels on a side decode at the file's natural size.
    nonisolated public static let maxDecodeDimension: Int32 = 8192

    private var entries: [ImageKey: ImageEntry] = [:]
    /// The most recently decoded size of each image (a stand-in while another size decodes).
    private var latest: [String: ImageKey] = [:]
    /// Requests handed to the worker and not yet back.
    private var pending: Set<ImageKey> = []
    private var frame: UInt64 = 0
    private var nextID = 0
    private let worker = ImageDecodeWorker()
    private var arrived: [DecodeResult] = []

    /// A library searching `searchDirectories` in order, decoding as `decoding` says.
    public init(searchDirectories: [String] = [], decoding: ImageDecoding = .background) {
        self.searchDirectories = searchDirectories
        self.decoding = decoding
        arrived.reserveCapacity(64)
    }

    isolated deinit {
        worker.stop()
        for entry in entries.values { SDL_FreeSurface(entry.surface) }
        for result in worker.takeAll() { if case .decoded(let box) = result.outcome { SDL_FreeSurface(box.surface) } }
    }

    /// Appends a directory to the search list (ignored when already there).
    public func addSearchDirectory(_ path: String) {
        if !searchDirectories.contains(path) { searchDirectories.append(path) }
    }

    /// The file an image name refers to: an absolute path as is, otherwise the first match in the
    /// search directories, trying `extensions` when the name has none. Nil when nothing exists.
    public func resolve(_ name: String) -> String? {
        Self.resolve(name, in: searchDirectories)
    }

    nonisolated static func resolve(_ name: String, in searchDirectories: [String]) -> String? {
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

    // MARK: - Synchronous access

    /// The decoded image `name` at its natural size as an ARGB8888 surface, loaded now (on the calling
    /// thread) on first use and kept in the cache.
    ///
    /// The library owns the surface: do not free it, and use it at once (a later frame may evict it).
    /// Does not report to ``onFailure``. Complexity: O(1) after the first load.
    /// - Throws: `SDLError` naming the image when it is not found, or the file when it cannot be decoded.
    package func surface(named name: String) throws -> UnsafeMutablePointer<SDL_Surface> {
        let key = ImageKey(name: name, width: 0, height: 0)
        if let entry = entries[key] { entry.lastUse = frame; return entry.surface }
        switch Self.decode(key, in: searchDirectories) {
        case .decoded(let box):
            return insert(box.surface, for: key).surface
        case .dropped:
            throw SDLError("cannot load image '\(name)'", path: name, sdlMessage: "")
        case .failed(let failure):
            if failure.path == nil {
                let places = searchDirectories.isEmpty ? "no search directories" : searchDirectories.joined(separator: ", ")
                throw SDLError("image '\(name)' not found (searched: \(places))", path: name, sdlMessage: "")
            }
            throw SDLError("cannot load image '\(failure.path ?? name)'", path: failure.path ?? name,
                           sdlMessage: failure.message)
        }
    }

    /// Forgets every decoded size of `name` (and a recorded failure), so the next use decodes it again.
    public func evict(_ name: String) {
        for key in Array(entries.keys) where key.name == name { remove(key) }
        failures[name] = nil
    }

    /// Forgets a failure of `name`, so the next draw tries to decode it again (and reports again if it fails).
    public func retry(_ name: String) { failures[name] = nil }

    // MARK: - Frames, decoding, prefetching

    /// Starts a frame: hands the decodes that arrived since the last frame to the cache (reporting
    /// failures) and advances the cache's clock. `SDLCanvas.beginFrame()` calls it; an app drawing without
    /// one calls it once per frame. O(arrivals); allocates nothing when nothing arrived.
    public func beginFrame() {
        frame &+= 1
        processArrivals()
        // Images the last frame drew are likely drawn again: only older ones go here.
        if cachedBytes > max(0, byteBudget) { trim(keepingUsesSince: frame &- 1) }
    }

    /// Whether decoded images wait to be shown (``beginFrame()`` takes them). Hosts draw a frame when true.
    public var hasArrivals: Bool { worker.hasResults }

    /// The number of decodes requested and not yet taken in by ``beginFrame()``.
    public var pendingDecodeCount: Int { pending.count }

    /// Blocks the calling (main) thread until every requested decode has finished or `timeout` seconds
    /// passed, then takes the results in. For tests and headless runs; never called while drawing.
    /// - Returns: whether nothing is pending any more.
    @discardableResult
    public func waitForPendingDecodes(timeout: Double = 10) -> Bool {
        guard !pending.isEmpty else { return true }
        let deadline = Date(timeIntervalSinceNow: timeout.isFinite ? max(0, timeout) : 10)
        worker.waitUntilIdle(before: deadline)
        processArrivals()
        return pending.isEmpty
    }

    /// Starts decoding `image` for drawing at `size` points (× `pixelScale`, default the library's
    /// ``pixelScale``) if it is neither cached nor pending nor failed, so the row that shows it later draws it
    /// at once. Cheap when there is nothing to do. Bad sizes (NaN, ≤ 0) do nothing.
    public func prefetch(_ image: ImageRef, size: Size, pixelScale: Double? = nil) {
        let scale = pixelScale ?? self.pixelScale
        guard let key = Self.key(for: image, size: size, pixelScale: scale) else { return }
        if entries[key] != nil || pending.contains(key) || failures[image.name] != nil { return }
        request(key)
    }

    /// The cache key for drawing `image` at `size` points × `pixelScale` (its natural size for
    /// `ImageRef.Sizing.natural`), or nil for an empty or bad size.
    nonisolated static func key(for image: ImageRef, size: Size, pixelScale: Double) -> ImageKey? {
        guard let key = key(for: image.name, size: size, pixelScale: pixelScale) else { return nil }
        return image.sizing == .natural ? ImageKey(name: image.name, width: 0, height: 0) : key
    }

    /// The cache key for drawing `name` at `size` points × `pixelScale`, or nil for an empty or bad size.
    nonisolated static func key(for name: String, size: Size, pixelScale: Double) -> ImageKey? {
        let s = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let w = size.width * s, h = size.height * s
        guard w.isFinite, h.isFinite, w >= 0.5, h >= 0.5 else { return nil }
        let max = Double(maxDecodeDimension)
        if w > max || h > max { return ImageKey(name: name, width: 0, height: 0) }
        return ImageKey(name: name, width: Int32(w.rounded()), height: Int32(h.rounded()))
    }

    /// What to draw for `key` now; starts its decode when needed (or decodes it at once in
    /// ``ImageDecoding/synchronous`` mode). Marks what it returns as drawn in this frame.
    func lookup(_ key: ImageKey) -> ImageLookup {
        if let entry = entries[key] {
            entry.lastUse = frame
            return .ready(entry)
        }
        if failures[key.name] != nil { return .failed }
        if !pending.contains(key) {
            if decoding == .synchronous {
                decodesStarted += 1
                accept(DecodeResult(key: key, outcome: Self.decode(key, in: searchDirectories)))
                return lookup(key)
            }
            request(key)
        }
        if let other = latest[key.name], let entry = entries[other] {
            entry.lastUse = frame
            return .pending(standIn: entry)
        }
        return .pending(standIn: nil)
    }

    /// Whether the surface `id` of `key` is still cached (canvases drop textures of evicted surfaces).
    func isCached(_ key: ImageKey, id: Int) -> Bool { entries[key]?.id == id }

    private func request(_ key: ImageKey) {
        pending.insert(key)
        decodesStarted += 1
        worker.enqueue(ImageDecodeWorker.Job(key: key, searchDirectories: searchDirectories))
    }

    private func processArrivals() {
        guard worker.hasResults else { return }
        worker.take(into: &arrived)
        for result in arrived { accept(result) }
        arrived.removeAll(keepingCapacity: true)
    }

    private func accept(_ result: DecodeResult) {
        pending.remove(result.key)
        switch result.outcome {
        case .decoded(let box):
            insert(box.surface, for: result.key)
        case .dropped:
            break
        case .failed(let failure):
            guard failures[failure.name] == nil else { return }
            failures[failure.name] = failure
            onFailure?(failure)
        }
    }

    @discardableResult
    private func insert(_ surface: UnsafeMutablePointer<SDL_Surface>, for key: ImageKey) -> ImageEntry {
        remove(key)
        nextID += 1
        let entry = ImageEntry(id: nextID, key: key, surface: surface, lastUse: frame)
        entries[key] = entry
        latest[key.name] = key
        cachedBytes += entry.bytes
        trim()
        return entry
    }

    private func remove(_ key: ImageKey) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        cachedBytes -= entry.bytes
        removalCount += 1
        if latest[key.name] == key { latest[key.name] = nil }
        SDL_FreeSurface(entry.surface)
    }

    /// Frees least recently drawn surfaces until within the budget, never one drawn since frame `kept`
    /// (default: the current frame). O(cached × evicted).
    private func trim(keepingUsesSince kept: UInt64? = nil) {
        let budget = max(0, byteBudget), kept = kept ?? frame
        while cachedBytes > budget {
            var oldest: (key: ImageKey, use: UInt64)?
            for (key, entry) in entries where entry.lastUse < kept && entry.lastUse < (oldest?.use ?? .max) {
                oldest = (key, entry.lastUse)
            }
            guard let victim = oldest else { return }
            remove(victim.key)
            evictionCount += 1
        }
    }

    // MARK: - Decoding (any thread)

    /// Loads, converts and scales the image of `key`. Runs on the worker thread or, in synchronous mode, the main one.
    nonisolated static func decode(_ key: ImageKey, in directories: [String]) -> DecodeResult.Outcome {
        guard let path = resolve(key.name, in: directories) else {
            let places = directories.isEmpty ? "no search directories" : directories.joined(separator: ", ")
            return .failed(ImageFailure(name: key.name, path: nil, message: "not found (searched: \(places))"))
        }
        guard let loaded = IMG_Load(path) else {
            return .failed(ImageFailure(name: key.name, path: path, message: "cannot decode '\(path)': \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_FreeSurface(loaded) }
        guard var argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return .failed(ImageFailure(name: key.name, path: path, message: "cannot convert '\(path)': \(String(cString: SDL_GetError()))"))
        }
        let w = key.width, h = key.height
        if w > 0, h > 0, argb.pointee.w != w || argb.pointee.h != h {
            // Halve while at least twice the target (a box-like filter: no aliasing), then one linear stretch.
            while argb.pointee.w >= 2 * w && argb.pointee.h >= 2 * h,
                  let half = stretch(argb, width: argb.pointee.w / 2, height: argb.pointee.h / 2) {
                SDL_FreeSurface(argb)
                argb = half
            }
            if argb.pointee.w != w || argb.pointee.h != h, let final = stretch(argb, width: w, height: h) {
                SDL_FreeSurface(argb)
                argb = final
            }
        }
        return .decoded(SurfaceBox(surface: argb))
    }

    nonisolated private static func stretch(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int32,
                                            height: Int32) -> UnsafeMutablePointer<SDL_Surface>? {
        guard width > 0, height > 0,
              let target = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        if SDL_SoftStretchLinear(source, nil, target, nil) != 0 {
            SDL_FreeSurface(target)
            return nil
        }
        return target
    }
}
