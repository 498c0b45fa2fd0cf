// Shared test helpers for golden-image tests (canvas, hosts, demo scenes):
// - `ImageCompare`: compare two RGBA images, make a diff image, check against a committed golden PNG;
// - `OffscreenRenderer`: a software renderer on an offscreen surface with an `SDLCanvas`, headless.
//
// Goldens live in Tests/ScrollKitSDLTests/Golden/<name>.png. On a mismatch `<name>.actual.png` and
// `<name>.diff.png` are written beside the golden (git-ignored). `SCROLLKIT_UPDATE_GOLDENS=1` writes
// the golden instead of comparing.
import CSDL2
import Foundation
import ScrollKit
import ScrollKitSDL
import Testing

enum ImageCompare {
    /// Compares `actual` with `expected` (ScrollKitSDL's `RGBAImage.difference(from:tolerance:)`).
    static func compare(_ expected: RGBAImage, _ actual: RGBAImage, tolerance: Int = 8) -> ImageDifference {
        actual.difference(from: expected, tolerance: tolerance)
    }

    /// A picture of the differences (ScrollKitSDL's `RGBAImage.differenceImage(from:tolerance:)`).
    static func diffImage(_ expected: RGBAImage, _ actual: RGBAImage, tolerance: Int = 8) -> RGBAImage {
        actual.differenceImage(from: expected, tolerance: tolerance)
    }

    /// Tests/ScrollKitSDLTests/Golden, found from this source file's path.
    static var goldenDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden").path
    }

    /// Whether `SCROLLKIT_UPDATE_GOLDENS=1` asks to (re)write goldens instead of comparing.
    static var updatingGoldens: Bool {
        ProcessInfo.processInfo.environment["SCROLLKIT_UPDATE_GOLDENS"] == "1"
    }

    /// Checks `actual` against the golden `<directory>/<name>.png`: it matches when at most
    /// `maxDifferingFraction` of the pixels differ by more than `channelTolerance` in some channel.
    ///
    /// On a mismatch (or a missing golden) it records an issue naming `<name>.actual.png` and
    /// `<name>.diff.png`, written beside the golden. With `SCROLLKIT_UPDATE_GOLDENS=1` it writes the golden.
    /// - Returns: the difference, or nil when the golden was (re)written or could not be read.
    @discardableResult
    static func expectMatchesGolden(
        _ actual: RGBAImage, named name: String, directory: String = goldenDirectory,
        channelTolerance: Int = 8, maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageDifference? {
        let golden = (directory as NSString).appendingPathComponent(name + ".png")
        let actualPath = (directory as NSString).appendingPathComponent(name + ".actual.png")
        let diffPath = (directory as NSString).appendingPathComponent(name + ".diff.png")
        if updatingGoldens {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try PNGWriter.write(actual, to: golden)
                try? FileManager.default.removeItem(atPath: actualPath)
                try? FileManager.default.removeItem(atPath: diffPath)
                print("wrote golden \(golden)")
            } catch {
                Issue.record("cannot write golden: \(error)", sourceLocation: sourceLocation)
            }
            return nil
        }
        guard FileManager.default.fileExists(atPath: golden) else {
            try? PNGWriter.write(actual, to: actualPath)
            Issue.record("golden \(golden) is missing; the actual image is at \(actualPath). Run with SCROLLKIT_UPDATE_GOLDENS=1 to create it.",
                         sourceLocation: sourceLocation)
            return nil
        }
        let expected: RGBAImage
        do { expected = try PNGWriter.read(path: golden) } catch {
            Issue.record("cannot read golden: \(error)", sourceLocation: sourceLocation)
            return nil
        }
        let difference = compare(expected, actual, tolerance: channelTolerance)
        if difference.sizeMismatch || difference.differingFraction > maxDifferingFraction {
            try? PNGWriter.write(actual, to: actualPath)
            try? PNGWriter.write(diffImage(expected, actual, tolerance: channelTolerance), to: diffPath)
            Issue.record("""
                \(name) does not match its golden: \(difference) (allowed: \(String(format: "%.2f", maxDifferingFraction * 100))% \
                over \(channelTolerance)); golden \(expected.width)x\(expected.height), actual \(actual.width)x\(actual.height). \
                Wrote \(actualPath) and \(diffPath). If the change is intended: SCROLLKIT_UPDATE_GOLDENS=1.
                """, sourceLocation: sourceLocation)
        } else {
            try? FileManager.default.removeItem(atPath: actualPath)
            try? FileManager.default.removeItem(atPath: diffPath)
        }
        return difference
    }
}

/// A software renderer on an offscreen ARGB8888 surface, with an `SDLCanvas` on it. Headless.
@MainActor
final class OffscreenRenderer {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let canvas: SDLCanvas

    /// Sets `SDL_VIDEODRIVER=dummy` and starts SDL's video subsystem once (never quit: other suites share it).
    static func startSDL() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            throw SDLError("SDL_InitSubSystem(VIDEO) failed")
        }
    }

    /// A `points × scale` pixel target with a canvas of `width × height` points. `direct` turns on the
    /// canvas's direct compositing into the surface (`SDLCanvas.attachSoftwareTarget`).
    init(width: Int, height: Int, scale: Double = 1, fonts: FontLibrary = .shared, images: ImageLibrary = .shared,
         direct: Bool = false) throws {
        try Self.startSDL()
        let pw = Int32((Double(width) * scale).rounded()), ph = Int32((Double(height) * scale).rounded())
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, pw, ph, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot create a \(pw)x\(ph) surface")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("cannot create a software renderer")
        }
        self.surface = surface
        self.renderer = renderer
        do {
            canvas = try SDLCanvas(renderer: renderer, logicalSize: Size(width: Double(width), height: Double(height)),
                                   pixelScale: scale, fonts: fonts, images: images)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
            throw error
        }
        if direct { canvas.attachSoftwareTarget(surface) }
    }

    isolated deinit {
        canvas.releaseResources()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// What has been drawn so far, as RGBA bytes.
    func image() throws -> RGBAImage {
        try PNGWriter.readPixels(renderer: renderer)
    }
}
