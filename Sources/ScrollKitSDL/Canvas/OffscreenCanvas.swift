// OffscreenCanvas: an SDLCanvas drawing into memory (an ARGB surface and SDL's software renderer), read back as
// an RGBAImage or a PNG.

import CSDL2
import ScrollKit

/// A canvas that draws into memory: a 32-bit ARGB surface, SDL's software renderer on it and an
/// `SDLCanvas`. It needs no video driver and no display, so it can live beside a window host.
///
/// For tests of what views draw (draw, then compare ``image()`` with a golden through
/// ScrollKitTesting's `GoldenImage.check`) and for rendering views
/// into images:
///
/// ```swift
/// let target = try OffscreenCanvas(size: Size(width: 320, height: 480), pixelScale: 2)
/// list.draw(in: target.canvas)
/// try target.writePNG(to: "list@2x.png")
/// ```
///
/// Sizes are in points; the surface is `size × pixelScale` pixels, at least 1×1 and at most
/// 16384×16384 (NaN or negative sizes count as 0; a NaN or non-positive scale as 1).
@MainActor
public final class OffscreenCanvas {
    /// The canvas to draw with (points; the pixel scale given at creation).
    public let canvas: SDLCanvas
    /// The software renderer drawing into ``surface``.
    package let renderer: OpaquePointer
    /// The pixels (ARGB8888).
    package let surface: UnsafeMutablePointer<SDL_Surface>

    /// - Parameters:
    ///   - size: the drawable area in points.
    ///   - pixelScale: pixels per point (2 for a high-DPI rendering).
    ///   - compositesDirectly: let the canvas blend discs, fills and text straight into the surface
    ///     (its software fast path, as headless hosts do; the same pixels as SDL's within ±1 per
    ///     channel). False draws everything through SDL's renderer.
    /// - Throws: ``SDLError`` when SDL cannot make the surface or the renderer, or the fonts cannot be opened.
    public init(size: Size, pixelScale: Double = 1, compositesDirectly: Bool = true,
                fonts: FontLibrary = .shared, images: ImageLibrary = .shared) throws {
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        func pixels(_ points: Double) -> Int32 {
            let p = (points.isFinite ? max(points, 0) : 0) * scale
            return Int32(min(max(p.rounded(), 1), 16_384))
        }
        let w = pixels(size.width), h = pixels(size.height)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("cannot create a \(w)x\(h) offscreen surface")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("cannot create a software renderer for the offscreen surface")
        }
        do {
            canvas = try SDLCanvas(renderer: renderer, logicalSize: size, pixelScale: scale, fonts: fonts, images: images)
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
            throw error
        }
        self.surface = surface
        self.renderer = renderer
        if compositesDirectly { canvas.attachSoftwareTarget(surface) }
    }

    isolated deinit {
        canvas.releaseResources()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// What has been drawn so far, as RGBA bytes (SDL's queued drawing is flushed first).
    public func image() throws -> RGBAImage {
        try PNGWriter.readPixels(renderer: renderer)
    }

    /// Writes what has been drawn so far as a PNG file.
    /// - Throws: ``SDLError`` naming the path when it cannot be written.
    public func writePNG(to path: String) throws {
        try PNGWriter.write(renderer: renderer, to: path)
    }
}
