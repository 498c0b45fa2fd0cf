// SDLCanvas's images: textures made from the ImageLibrary's surfaces, and drawing them.

import CSDL2
import CScrollKitPixels
import ScrollKit

/// A texture made from one cached `ImageLibrary` surface.
struct ImageTexture {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
    /// The library entry it was made from (dropped when that entry is evicted).
    var entryID: Int
}

extension SDLCanvas {
    // MARK: - DrawingCanvas: images

    /// Draws `image` scaled into `rect` (edges on whole pixels, linear filtering) at `opacity` (0...1,
    /// clamped; NaN draws nothing). **Never waits for a decode.**
    ///
    /// The image is decoded by ``images`` (off the main thread by default) at `rect`'s size × ``pixelScale``,
    /// so once ready it is a plain blit of a texture made once and kept while the library caches the image.
    /// - Not decoded yet: draws the library's placeholder (a soft rounded fill in
    ///   `ImageLibrary.placeholderColor`; or another size of the same image already decoded, scaled) and
    ///   the decode is started; a later frame shows the image.
    /// - Failed (missing file, corrupt data): draws the fallback, the placeholder fill crossed by two lines in
    ///   `ImageLibrary.failureMarkColor`. The failure is reported once through `ImageLibrary.onFailure` and
    ///   put once in ``lastError`` (an `SDLError` naming the image); it is not retried every frame.
    public func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double) {
        if damage.isRecording { return damage.drawImage(image, in: rect, opacity: opacity) }
        guard !clipIsEmpty, opacity > 0, let dst = pixelRect(rect),
              let key = ImageLibrary.key(for: image, size: rect.size, pixelScale: pixelScale) else { return }
        let alpha = min(opacity, 1)
        let lookup = images.lookup(key)
        switch lookup {
        case .ready(let entry):
            blit(entry, into: dst, alpha: alpha)
        case .pending(let standIn):
            if let standIn {
                blit(standIn, into: dst, alpha: alpha)
            } else {
                drawImagePlaceholder(in: rect, opacity: alpha, crossed: false)
            }
        case .failed:
            if !reportedImageFailures.contains(image.name), let failure = images.failures[image.name] {
                reportedImageFailures.insert(image.name)
                lastError = SDLError(failure.description, path: failure.path ?? failure.name, sdlMessage: "")
            }
            drawImagePlaceholder(in: rect, opacity: alpha, crossed: true)
        }
    }

    /// Starts decoding `image` for drawing at `size` points when it is not decoded, and returns whether it is
    /// ready (drawn as itself, not a placeholder or stand-in). See `DrawingCanvas.prepareImage(_:size:)`.
    public func prepareImage(_ image: ImageRef, size: Size) -> Bool {
        guard let key = ImageLibrary.key(for: image, size: size, pixelScale: pixelScale) else { return false }
        if case .ready = images.lookup(key) { return true }
        return false
    }

    /// Loads `image` now, at its natural size and on this thread, so errors surface before drawing.
    /// - Returns: the image's size in pixels.
    /// - Throws: `SDLError` naming the image or its file when it is missing or cannot be decoded.
    @discardableResult
    public func loadImage(_ image: ImageRef) throws -> Size {
        images.retry(image.name)
        let surface = try images.surface(named: image.name)
        return Size(width: Double(surface.pointee.w), height: Double(surface.pointee.h))
    }

    /// Starts decoding `image` for drawing at `size` points on this canvas (its pixel scale): see
    /// `ImageLibrary.prefetch(_:size:pixelScale:)`.
    public func prefetchImage(_ image: ImageRef, size: Size) {
        images.prefetch(image, size: size, pixelScale: pixelScale)
    }

    /// Whether `entry` drawn at `alpha` goes through the bilinear kernel straight into the software target:
    /// a natural-size (`ImageRef.Sizing.natural`), opaque image, fully opaque, on a software target.
    static func drawsExactly(_ entry: ImageEntry, alpha: Double, on surface: UnsafeMutablePointer<SDL_Surface>?) -> Bool {
        entry.key.width == 0 && entry.key.height == 0 && alpha >= 1 && surface != nil && entry.isOpaque
    }

    private func blit(_ entry: ImageEntry, into rect: SDL_Rect, alpha: Double) {
        var dst = rect
        let key = entry.key
        if Self.drawsExactly(entry, alpha: alpha, on: directSurface), let surface = directSurface {
            // A natural-size image scaled as drawn (ImageRef.Sizing.natural), opaque, on the software target:
            // one bilinear pass straight into the target, no texture (SDL's scaled copy makes two temporary
            // surfaces a draw, and a software texture is a second copy of the image).
            guard let (x0, y0, x1, y1) = clippedPixels(dst, in: surface) else { return }
            SDL_RenderFlush(renderer)
            sk_scale_bilinear_opaque(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), surface.pointee.pitch / 4,
                                     x0, y0, x1, y1,
                                     entry.surface.pointee.pixels.assumingMemoryBound(to: UInt32.self),
                                     entry.surface.pointee.pitch / 4, entry.surface.pointee.w, entry.surface.pointee.h,
                                     dst.x, dst.y, dst.w, dst.h)
            return
        }
        let texture: OpaquePointer
        if let cached = imageTextures[key], cached.entryID == entry.id {
            texture = cached.texture
        } else {
            if let stale = imageTextures.removeValue(forKey: key) { SDL_DestroyTexture(stale.texture) }
            guard let made = SDL_CreateTextureFromSurface(renderer, entry.surface) else {
                lastError = SDLError("cannot create a texture for image '\(key.name)'", path: key.name)
                return
            }
            SDL_SetTextureBlendMode(made, SDL_BLENDMODE_BLEND)
            SDL_SetTextureScaleMode(made, SDL_ScaleModeLinear)
            imageTextures[key] = ImageTexture(texture: made, width: entry.surface.pointee.w,
                                              height: entry.surface.pointee.h, entryID: entry.id)
            texture = made
        }
        SDL_SetTextureAlphaMod(texture, UInt8((alpha * 255).rounded()))
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// The placeholder (a rounded fill) and, for a failed image, the cross over it.
    private func drawImagePlaceholder(in rect: Rect, opacity: Double, crossed: Bool) {
        func faded(_ color: RGBAColor) -> RGBAColor {
            var c = color
            c.a = UInt8((Double(color.a) * opacity).rounded())
            return c
        }
        if let fill = images.placeholderColor {
            let radius = min(12, min(rect.width, rect.height) * 0.15)
            fillRoundedRect(rect, radius: radius, color: faded(fill))
        }
        if crossed, let mark = images.failureMarkColor {
            let inset = min(rect.width, rect.height) * 0.3
            let side = min(rect.width, rect.height) - 2 * inset
            guard side > 1 else { return }
            let x0 = rect.midX - side / 2, y0 = rect.midY - side / 2
            let width = max(1, min(2, side / 12))
            drawLine(from: Point(x: x0, y: y0), to: Point(x: x0 + side, y: y0 + side), color: faded(mark), width: width)
            drawLine(from: Point(x: x0 + side, y: y0), to: Point(x: x0, y: y0 + side), color: faded(mark), width: width)
        }
    }

    /// Drops textures whose library surface was evicted (called by ``beginFrame()``; O(1) unless surfaces were freed).
    func sweepImageTextures() {
        guard images.removalCount != imageRemovalsSeen else { return }
        imageRemovalsSeen = images.removalCount
        for (key, texture) in imageTextures where !images.isCached(key, id: texture.entryID) {
            SDL_DestroyTexture(texture.texture)
            imageTextures[key] = nil
        }
    }
}
