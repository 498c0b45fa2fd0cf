import CSDL2
import Foundation
import ScrollKit
import ScrollKitSDL

/// ScrollKitSDL's `OffscreenCanvas` as the tests use it: `width × height` points, drawn through SDL's
/// own renderer unless `direct` (the canvas's software fast path). Headless.
@MainActor
public final class OffscreenRenderer {
    public let target: OffscreenCanvas
    public var surface: UnsafeMutablePointer<SDL_Surface> { target.surface }
    public var renderer: OpaquePointer { target.renderer }
    public var canvas: SDLCanvas { target.canvas }

    /// Sets `SDL_VIDEODRIVER=dummy` and starts SDL's video subsystem once (never quit: other suites share it).
    public static func startSDL() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
            throw SDLError("SDL_InitSubSystem(VIDEO) failed")
        }
    }

    public init(width: Int, height: Int, scale: Double = 1, fonts: FontLibrary = .shared,
                images: ImageLibrary = .shared, direct: Bool = false) throws {
        try Self.startSDL()
        target = try OffscreenCanvas(size: Size(width: Double(width), height: Double(height)), pixelScale: scale,
                                     compositesDirectly: direct, fonts: fonts, images: images)
    }

    /// What has been drawn so far, as RGBA bytes.
    public func image() throws -> RGBAImage { try target.image() }
}
