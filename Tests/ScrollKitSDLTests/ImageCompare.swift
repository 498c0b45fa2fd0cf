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
    static var updatingGoldens: Bool { GoldenImage.updateRequested }

    /// Checks `actual` against the golden `<directory>/<name>.png` with ScrollKitSDL's `GoldenImage.check`
    /// and records an issue naming the side files on a mismatch or a missing golden.
    /// - Returns: the difference, or nil when the golden was (re)written, missing or unreadable.
    @discardableResult
    static func expectMatchesGolden(
        _ actual: RGBAImage, named name: String, directory: String = goldenDirectory,
        channelTolerance: Int = 8, maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageDifference? {
        recordGoldenCheck(actual, golden: (directory as NSString).appendingPathComponent(name + ".png"), name: name,
                          channelTolerance: channelTolerance, maxDifferingFraction: maxDifferingFraction,
                          sourceLocation: sourceLocation)
    }
}

/// Runs `GoldenImage.check` and turns anything but a match into a recorded issue.
func recordGoldenCheck(_ actual: RGBAImage, golden: String, name: String, channelTolerance: Int,
                       maxDifferingFraction: Double, sourceLocation: SourceLocation) -> ImageDifference? {
    do {
        let result = try GoldenImage.check(actual, against: golden, channelTolerance: channelTolerance,
                                           maxDifferingFraction: maxDifferingFraction)
        if let problem = result.problem { Issue.record("\(name) \(problem)", sourceLocation: sourceLocation) }
        return result.difference
    } catch {
        Issue.record("golden check of \(name) failed: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// ScrollKitSDL's `OffscreenCanvas` as the canvas tests use it: `width × height` points, SDL's own
/// drawing unless `direct` (the canvas's software fast path). Headless.
@MainActor
final class OffscreenRenderer {
    let target: OffscreenCanvas
    var surface: UnsafeMutablePointer<SDL_Surface> { target.surface }
    var renderer: OpaquePointer { target.renderer }
    var canvas: SDLCanvas { target.canvas }

    /// Sets `SDL_VIDEODRIVER=dummy` and starts SDL's video subsystem once (never quit: other suites share it).
    static func startSDL() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            throw SDLError("SDL_InitSubSystem(VIDEO) failed")
        }
    }

    init(width: Int, height: Int, scale: Double = 1, fonts: FontLibrary = .shared, images: ImageLibrary = .shared,
         direct: Bool = false) throws {
        try Self.startSDL()
        target = try OffscreenCanvas(size: Size(width: Double(width), height: Double(height)), pixelScale: scale,
                                     compositesDirectly: direct, fonts: fonts, images: images)
    }

    /// What has been drawn so far, as RGBA bytes.
    func image() throws -> RGBAImage { try target.image() }
}

