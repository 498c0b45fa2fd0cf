// SDLCanvas's direct compositing into a software target: discs and coverage masks blended into the surface,
// and DiscSpans, a disc's cached coverage rows.

import CSDL2
import CScrollKitPixels
import ScrollKit

// A fast path for software rendering. SDL's software blitter tints and blends a texture at roughly
// 10–15 ns per pixel (its generic modulate+blend loop); drawing many discs (the sprites scene)
// is dominated by it. When the canvas knows the surface the software renderer draws into, discs
// are composited straight into it: flush SDL's queue, then the integer kernels of CScrollKitPixels (sk_pixels.c; per
// row: anti-aliased edges from the cached mask, the covered run with one constant; eight pixels at
// a time with AVX2, four with SSE2), about 0.4 ns per pixel. Same pixels as the SDL path within ±1
// per channel, and the same pixels on every CPU.
extension SDLCanvas {
    /// Tells the canvas which surface its (software) renderer draws into, so discs can be composited
    /// directly into it; nil turns the fast path off.
    ///
    /// Only for a renderer made with `SDL_CreateSoftwareRenderer(surface)` (or a software window
    /// renderer and its window surface). Surfaces that are not 32-bit ARGB/XRGB are ignored.
    /// - Returns: whether the fast path is on.
    @discardableResult
    package func attachSoftwareTarget(_ surface: UnsafeMutablePointer<SDL_Surface>?) -> Bool {
        guard let surface, let format = surface.pointee.format,
              format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue
                || format.pointee.format == SDL_PIXELFORMAT_XRGB8888.rawValue,
              sk_SDL_MUSTLOCK(surface) == 0
        else {
            directSurface = nil
            damage.setNeedsFullRedraw()
            return false
        }
        if surface != directSurface { damage.setNeedsFullRedraw() }
        directSurface = surface
        return true
    }

    /// Whether discs are composited directly into the software target (see `attachSoftwareTarget`).
    public var isCompositingDirectly: Bool { directSurface != nil }

    /// Blends the cached coverage of a `d`-pixel disc, tinted with `color`, at (x, y) into the surface,
    /// inside the current clip. Each row is an anti-aliased edge, a fully covered run blended with one
    /// constant (a plain fill when opaque), and the other edge. Complexity: O(d²), about d·π per-pixel
    /// edge blends.
    /// `limit` (pixels) restricts the blend further: a rounded rect's corner is the quadrant of a disc.
    func compositeDisc(diameter d: Int32, x: Int32, y: Int32, color: RGBAColor, limit: SDL_Rect? = nil) {
        guard let surface = directSurface, var command = discCommand(diameter: d, x: x, y: y, color: color, limit: limit)
        else { return }
        SDL_RenderFlush(renderer)
        sk_blend_disc_batch(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), surface.pointee.pitch / 4,
                            &command, 1, 0, surface.pointee.h)
    }

    /// The batch command for a `d`-pixel disc at (x, y) in `color` on the software target: its visible
    /// rows and columns (surface ∩ clip ∩ `limit`), or nil when nothing of it shows (or there is no
    /// software target). The command points into the disc's cached spans, which stay alive while the
    /// canvas does for diameters up to `maxCachedCircleDiameter` (larger ones only until four other
    /// large diameters are drawn).
    func discCommand(diameter d: Int32, x: Int32, y: Int32, color: RGBAColor, limit: SDL_Rect? = nil) -> sk_disc_cmd? {
        guard let surface = directSurface, d >= 1, d <= Self.maxDiscTextureDiameter, color.a > 0 else { return nil }
        // Visible part: surface ∩ clip ∩ limit ∩ disc square.
        var x0 = max(x, 0), y0 = max(y, 0)
        var x1 = min(x + d, surface.pointee.w), y1 = min(y + d, surface.pointee.h)
        // Blending may run past the disc's right edge (over zero coverage, which leaves pixels as they
        // are) up to the surface's or the clip's right edge, never into what `limit` excludes.
        var right = surface.pointee.w
        if let clip = clipStack.last {
            x0 = max(x0, clip.x); y0 = max(y0, clip.y)
            x1 = min(x1, clip.x + clip.w); y1 = min(y1, clip.y + clip.h)
            right = min(right, clip.x + clip.w)
        }
        if let limit {
            x0 = max(x0, limit.x); y0 = max(y0, limit.y)
            x1 = min(x1, limit.x + limit.w); y1 = min(y1, limit.y + limit.h)
            right = min(right, limit.x + limit.w)
        }
        guard x1 > x0, y1 > y0 else { return nil }
        let spans = discSpans(diameter: d)
        return sk_disc_cmd(coverage: spans.coverage, rows: spans.rows, stride: spans.stride, size: d, x: x, y: y,
                           r0: y0 - y, r1: y1 - y, c0: x0 - x, c1: x1 - x, limit: right - x,
                           r: color.r, g: color.g, b: color.b, a: color.a)
    }
}

extension SDLCanvas {
    /// The spans of a `d`-pixel disc: kept for every diameter up to `maxCachedCircleDiameter`, the
    /// last few larger ones in a small list (most recent first).
    func discSpans(diameter d: Int32) -> DiscSpans {
        if d <= Self.maxCachedCircleDiameter {
            if let spans = discSpanCache[Int(d)] { return spans }
            let spans = DiscSpans(diameter: d)
            discSpanCache[Int(d)] = spans
            return spans
        }
        if let i = largeDiscSpans.firstIndex(where: { $0.diameter == d }) {
            let entry = largeDiscSpans.remove(at: i)
            largeDiscSpans.insert(entry, at: 0)
            return entry.spans
        }
        let spans = DiscSpans(diameter: d)
        largeDiscSpans.insert((d, spans), at: 0)
        if largeDiscSpans.count > Self.largeDiscCacheCount { largeDiscSpans.removeLast() }
        return spans
    }
}


/// A disc's coverage and, per row, where it is non-zero and where it is full (columns, end exclusive).
/// A class holding raw buffers, so drawing a disc retains one object and reads no array headers.
final class DiscSpans {
    let diameter: Int32
    /// Bytes from one coverage row to the next: the diameter plus eight zero bytes, so the kernels
    /// can read whole eight-pixel chunks past a row's last covered pixel.
    let stride: Int32
    /// `diameter` rows of `stride` coverage bytes.
    let coverage: UnsafeMutablePointer<UInt8>
    /// One span per row.
    let rows: UnsafeMutablePointer<sk_span>

    init(diameter d: Int32) {
        diameter = d
        let size = Int(d), stride = size + 8
        self.stride = Int32(stride)
        let mask = SDLCanvas.discCoverage(diameter: d)
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(size * stride, 1))
        coverage.initialize(repeating: 0, count: max(size * stride, 1))
        let rows = UnsafeMutablePointer<sk_span>.allocate(capacity: max(size, 1))
        for y in 0..<size {
            for x in 0..<size { coverage[y * stride + x] = mask[y * size + x] }
            let line = mask[(y * size)..<(y * size + size)]
            let first = line.firstIndex { $0 > 0 }.map { $0 - y * size } ?? size
            let last = line.lastIndex { $0 > 0 }.map { $0 - y * size + 1 } ?? first
            let fullFirst = line.firstIndex { $0 == 255 }.map { $0 - y * size } ?? first
            let fullLast = line.lastIndex { $0 == 255 }.map { $0 - y * size + 1 } ?? fullFirst
            (rows + y).initialize(to: sk_span(edgeStart: Int32(first), fullStart: Int32(max(fullFirst, first)),
                                              fullEnd: Int32(max(fullLast, max(fullFirst, first))), edgeEnd: Int32(last)))
        }
        self.coverage = coverage
        self.rows = rows
    }

    deinit {
        coverage.deallocate()
        rows.deallocate()
    }
}

extension SDLCanvas {
    /// Blends an 8-bit coverage mask (`width` × `height`, rows `width` bytes apart), tinted with
    /// `color`, with its top-left corner at pixel (x, y), into the software target, inside the current
    /// clip and the first `visibleWidth` columns of the mask. Zero coverage is skipped; full coverage
    /// of an opaque colour is a plain store. The same blend as discs (±1 per channel from SDL's tinted
    /// blit). Complexity: O(width × height), no allocation.
    /// - Returns: false when there is no software target (nothing drawn: use the SDL path).
    func compositeCoverage(_ coverage: UnsafeBufferPointer<UInt8>, width: Int32, height: Int32,
                           x: Int32, y: Int32, visibleWidth: Int32, color: RGBAColor) -> Bool {
        guard let surface = directSurface else { return false }
        var x0 = max(x, 0), y0 = max(y, 0)
        var x1 = min(x + min(width, visibleWidth), surface.pointee.w), y1 = min(y + height, surface.pointee.h)
        if let clip = clipStack.last {
            x0 = max(x0, clip.x); y0 = max(y0, clip.y)
            x1 = min(x1, clip.x + clip.w); y1 = min(y1, clip.y + clip.h)
        }
        guard x1 > x0, y1 > y0, coverage.count >= Int(width) * Int(height) else { return true }
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let w = Int(width)
        let c0 = Int(x0 - x), c1 = Int(x1 - x)
        guard let base = coverage.baseAddress else { return true }
        let count = Int32(c1 - c0)
        for row in Int(y0)..<Int(y1) {
            // Clear bytes skipped eight at a time, full ones stored, the rest blended four at a time (sk_pixels.c).
            sk_blend_mask_row(pixels + row * pitch + Int(x) + c0, base + (row - Int(y)) * w + c0, count,
                              color.r, color.g, color.b, color.a)
        }
        return true
    }
}

extension SDLCanvas {
    /// `rect` cut to the surface and the current clip, as pixel bounds `x0 ..< x1`, `y0 ..< y1`; nil when empty.
    func clippedPixels(_ rect: SDL_Rect, in surface: UnsafeMutablePointer<SDL_Surface>) -> (Int32, Int32, Int32, Int32)? {
        var x0 = max(rect.x, 0), y0 = max(rect.y, 0)
        var x1 = min(rect.x + rect.w, surface.pointee.w), y1 = min(rect.y + rect.h, surface.pointee.h)
        if let clip = clipStack.last {
            x0 = max(x0, clip.x); y0 = max(y0, clip.y)
            x1 = min(x1, clip.x + clip.w); y1 = min(y1, clip.y + clip.h)
        }
        return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }

    /// Blends `color` (alpha below 255) over the pixel rect `rect` of the software target, inside the
    /// current clip. - Returns: false when there is no software target (use SDL's blended fill).
    func compositeFill(_ rect: SDL_Rect, color: RGBAColor) -> Bool {
        guard let surface = directSurface else { return false }
        guard let (x0, y0, x1, y1) = clippedPixels(rect, in: surface) else { return true }
        SDL_RenderFlush(renderer)
        // In C (CScrollKitPixels): the same arithmetic as SDL's blended fill, and fast in debug builds too.
        sk_blend_fill_rect(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), surface.pointee.pitch / 4,
                           x0, y0, x1, y1, color.r, color.g, color.b, color.a)
        return true
    }
}

extension SDLCanvas {
    /// Stores `color` (mapped to the target's format, alpha included: no blending) in the pixel rect
    /// `rect` of the software target, inside the current clip: what SDL's unblended fill and clear
    /// write, with ordinary stores instead of SDL_FillRect's cache-bypassing ones (whose pixels the
    /// list's text and shapes then read back from memory). - Returns: false when there is no
    /// software target (use SDL's fill).
    func storeFill(_ rect: SDL_Rect, color: RGBAColor) -> Bool {
        guard let surface = directSurface else { return false }
        guard let (x0, y0, x1, y1) = clippedPixels(rect, in: surface) else { return true }
        SDL_RenderFlush(renderer)
        let pixel = SDL_MapRGBA(surface.pointee.format, color.r, color.g, color.b, color.a)
        sk_fill_rect_opaque(surface.pointee.pixels.assumingMemoryBound(to: UInt32.self), surface.pointee.pitch / 4,
                            x0, y0, x1, y1, pixel)
        return true
    }
}
