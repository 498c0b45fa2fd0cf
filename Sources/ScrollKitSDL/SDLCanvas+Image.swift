import CSDL2
import ScrollKit

/// A texture made from an `ImageLibrary` surface.
struct ImageTexture {
    var texture: OpaquePointer
    var width: Int32
    var height: Int32
}

extension SDLCanvas {
    // MARK: - DrawingCanvas: images

    /// Draws `image` scaled into `rect` (edges on whole pixels, linear filtering) at `opacity` (0...1,
    /// clamped; NaN draws nothing).
    ///
    /// The texture is made on first use and kept. A missing or undecodable image draws nothing, is
    /// recorded in `lastError` and is not looked up again (call `loadImage(_:)` to see the error or retry).
    public func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double) {
        guard !clipIsEmpty, opacity > 0, var dst = pixelRect(rect) else { return }
        let texture: ImageTexture
        if let cached = imageTextures[image.name] {
            texture = cached
        } else {
            guard !failedImages.contains(image.name) else { return }
            do { texture = try makeImageTexture(image.name) } catch {
                failedImages.insert(image.name)
                lastError = error as? SDLError
                return
            }
        }
        SDL_SetTextureAlphaMod(texture.texture, UInt8((min(opacity, 1) * 255).rounded()))
        SDL_RenderCopy(renderer, texture.texture, nil, &dst)
    }

    /// Loads `image` now (a texture for this canvas), so errors surface before drawing.
    /// - Returns: the image's size in pixels.
    /// - Throws: `SDLError` naming the image or its file when it is missing or cannot be decoded.
    @discardableResult
    public func loadImage(_ image: ImageRef) throws -> Size {
        failedImages.remove(image.name)
        let texture = try imageTextures[image.name] ?? makeImageTexture(image.name)
        return Size(width: Double(texture.width), height: Double(texture.height))
    }

    private func makeImageTexture(_ name: String) throws -> ImageTexture {
        let surface = try images.surface(named: name)
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
            throw SDLError("cannot create a texture for image '\(name)'", path: name)
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        let entry = ImageTexture(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
        imageTextures[name] = entry
        return entry
    }
}
