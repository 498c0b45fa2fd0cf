// RGBAImage (pixels in memory) and PNGWriter (PNG output and input through SDL2_image).

import CSDL2
import CSDL2_image
import Foundation

/// An image in memory: `width × height` pixels, 4 bytes each in R, G, B, A order, rows top to bottom,
/// no padding (`rgba.count == width * height * 4`).
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    /// An image of the given size filled with one colour (a zero size gives an empty image).
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 255)) {
        self.width = max(0, width)
        self.height = max(0, height)
        var bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = fill.r; bytes[i + 1] = fill.g; bytes[i + 2] = fill.b; bytes[i + 3] = fill.a
        }
        self.rgba = bytes
    }

    /// An image over existing bytes. `rgba.count` must be `width * height * 4`.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "RGBAImage: byte count does not match the size")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The pixel at (x, y) as (r, g, b, a). Coordinates must be inside the image.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}

/// PNG output and input through SDL2_image. Every PNG is written whole or not at all: a short write
/// (a full disk) throws, and the half-written file is removed.
public enum PNGWriter {
    /// Writes what `renderer` has drawn (its current target, full output size) to a PNG file.
    ///
    /// Read back with `SDL_RenderReadPixels` as RGB (screenshots are opaque), encoded by SDL2_image.
    /// Call it before `SDL_RenderPresent` on hardware renderers, whose back buffer is undefined after it.
    /// - Throws: `SDLError` naming `path` when its directory is missing, it is a directory, or the file
    ///   cannot be written; `SDLError` when the pixels cannot be read.
    package static func write(renderer: OpaquePointer, to path: String) throws {
        try checkWritable(path)
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else {
            throw SDLError("cannot get the renderer's output size for '\(path)'", path: path)
        }
        guard w > 0, h > 0 else {
            throw SDLError("cannot write '\(path)': the renderer's output is \(w)x\(h)", path: path, sdlMessage: "")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24.rawValue) else {
            throw SDLError("cannot create a \(w)x\(h) surface for '\(path)'", path: path)
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB24.rawValue,
                                   surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("cannot read the renderer's pixels for '\(path)'", path: path)
        }
        try save(surface, to: path)
    }

    /// Writes an RGBA image to a PNG file (with its alpha channel).
    /// - Throws: `SDLError` naming `path` when it cannot be written, or when the image is empty.
    public static func write(_ image: RGBAImage, to path: String) throws {
        try checkWritable(path)
        guard image.width > 0, image.height > 0 else {
            throw SDLError("cannot write '\(path)': the image is \(image.width)x\(image.height)", path: path, sdlMessage: "")
        }
        var bytes = image.rgba
        try bytes.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                buffer.baseAddress, Int32(image.width), Int32(image.height), 32,
                Int32(image.width * 4), SDL_PIXELFORMAT_RGBA32.rawValue)
            else { throw SDLError("cannot wrap the image for '\(path)'", path: path) }
            defer { SDL_FreeSurface(surface) }
            try save(surface, to: path)
        }
    }

    /// Reads an image file (PNG or anything `IMG_Load` decodes) as RGBA bytes.
    /// - Throws: `SDLError` naming `path` when it is missing or cannot be decoded.
    public static func read(path: String) throws -> RGBAImage {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SDLError("image file not found: '\(path)'", path: path, sdlMessage: "")
        }
        guard let loaded = IMG_Load(path) else {
            throw SDLError("cannot load image '\(path)'", path: path)
        }
        defer { SDL_FreeSurface(loaded) }
        return try image(from: loaded, context: path)
    }

    /// Copies any surface into an `RGBAImage` (converting its format).
    /// - Throws: `SDLError` when SDL cannot convert the surface.
    package static func image(from surface: UnsafeMutablePointer<SDL_Surface>, context: String = "surface") throws -> RGBAImage {
        guard let rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw SDLError("cannot convert '\(context)' to RGBA", path: context)
        }
        defer { SDL_FreeSurface(rgba) }
        let w = Int(rgba.pointee.w), h = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        if SDL_LockSurface(rgba) != 0 { throw SDLError("cannot lock '\(context)'", path: context) }
        defer { SDL_UnlockSurface(rgba) }
        let src = rgba.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                (dst.baseAddress! + y * w * 4).update(from: src + y * pitch, count: w * 4)
            }
        }
        return RGBAImage(width: w, height: h, rgba: bytes)
    }

    /// Reads what `renderer` has drawn as RGBA bytes (`SDL_RenderReadPixels`).
    /// - Throws: `SDLError` when the output size or pixels cannot be read.
    package static func readPixels(renderer: OpaquePointer) throws -> RGBAImage {
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &w, &h) == 0 else {
            throw SDLError("cannot get the renderer's output size")
        }
        var image = RGBAImage(width: Int(w), height: Int(h))
        guard w > 0, h > 0 else { return image }
        let status = image.rgba.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buffer.baseAddress, w * 4)
        }
        guard status == 0 else { throw SDLError("cannot read the renderer's pixels") }
        return image
    }

    /// Throws unless `path` names a file that could be created: its directory exists and the path is
    /// not itself a directory.
    public static func checkWritable(_ path: String) throws {
        let fm = FileManager.default
        guard !path.isEmpty else { throw SDLError("cannot write PNG: the path is empty", path: path, sdlMessage: "") }
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SDLError("cannot write PNG '\(path)': it is a directory", path: path, sdlMessage: "")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let dir = directory.isEmpty ? "." : directory
        guard fm.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SDLError("cannot write PNG '\(path)': directory '\(dir)' does not exist", path: path, sdlMessage: "")
        }
    }

    /// Encodes in memory, then writes the file checked to its last byte (a full disk is an error, and leaves
    /// no truncated file).
    private static func save(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        let bytes = try PNGEncoding.encode(surface, path: path)
        do { try CheckedFile.write(bytes, to: path) } catch {
            throw SDLError("cannot write PNG '\(path)': \(error.reason)", path: path, sdlMessage: "")
        }
    }
}

extension PNGWriter {
    /// Writes what `renderer` has drawn (its current target, full output size) to a PNG file: a screenshot
    /// of an ``SDLBridge``'s frame (`PNGWriter.write(renderer: bridge.renderer, to: path)`).
    /// Call it before presenting on hardware renderers, whose back buffer is undefined after it.
    /// - Throws: `SDLError` naming `path` when its directory is missing, it is a directory, or the file
    ///   cannot be written; `SDLError` when the pixels cannot be read.
    public static func write(renderer: SDLRendererHandle, to path: String) throws {
        try write(renderer: renderer.pointer, to: path)
    }

    /// Reads what `renderer` has drawn as RGBA bytes.
    /// - Throws: `SDLError` when the output size or pixels cannot be read.
    public static func readPixels(renderer: SDLRendererHandle) throws -> RGBAImage {
        try readPixels(renderer: renderer.pointer)
    }

    /// Copies a surface (any pixel format) into an `RGBAImage`.
    /// - Throws: `SDLError` when SDL cannot convert the surface.
    public static func image(from surface: SDLSurfaceHandle) throws -> RGBAImage {
        try image(from: surface.pointer)
    }
}
