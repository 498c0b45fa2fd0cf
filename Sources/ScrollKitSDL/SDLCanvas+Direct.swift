import CSDL2
import ScrollKit

// A fast path for software rendering. SDL's software blitter tints and blends a texture at roughly
// 10–15 ns per pixel (its generic modulate+blend loop); drawing many discs (the sprites scene)
// is dominated by it. When the canvas knows the surface the software renderer draws into, discs
// are composited straight into it: flush SDL's queue, then a two-channels-at-a-time integer blend
// (about 1 ns per pixel). Same pixels as the SDL path within ±1 per channel.
extension SDLCanvas {
    /// Tells the canvas which surface its (software) renderer draws into, so discs can be composited
    /// directly into it; nil turns the fast path off.
    ///
    /// Only for a renderer made with `SDL_CreateSoftwareRenderer(surface)` (or a software window
    /// renderer and its window surface). Surfaces that are not 32-bit ARGB/XRGB are ignored.
    /// - Returns: whether the fast path is on.
    @discardableResult
    public func attachSoftwareTarget(_ surface: UnsafeMutablePointer<SDL_Surface>?) -> Bool {
        guard let surface, let format = surface.pointee.format,
              format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue
                || format.pointee.format == SDL_PIXELFORMAT_XRGB8888.rawValue,
              sk_SDL_MUSTLOCK(surface) == 0
        else {
            directSurface = nil
            return false
        }
        directSurface = surface
        return true
    }

    /// Whether discs are composited directly into the software target (see `attachSoftwareTarget`).
    public var isCompositingDirectly: Bool { directSurface != nil }

    /// Blends the cached coverage of a `d`-pixel disc, tinted with `color`, at (x, y) into the surface,
    /// inside the current clip. Each row is an anti-aliased edge, a fully covered run blended with one
    /// constant (a plain fill when opaque), and the other edge. Complexity: O(d²), about d·π per-pixel
    /// edge blends.
    func compositeDisc(diameter d: Int32, x: Int32, y: Int32, color: Color) {
        guard let surface = directSurface else { return }
        if discSpanCache[Int(d)] == nil { discSpanCache[Int(d)] = DiscSpans(diameter: d) }
        // Visible part: surface ∩ clip ∩ disc square.
        var x0 = max(x, 0), y0 = max(y, 0)
        var x1 = min(x + d, surface.pointee.w), y1 = min(y + d, surface.pointee.h)
        if let clip = clipStack.last {
            x0 = max(x0, clip.x); y0 = max(y0, clip.y)
            x1 = min(x1, clip.x + clip.w); y1 = min(y1, clip.y + clip.h)
        }
        guard x1 > x0, y1 > y0 else { return }
        SDL_RenderFlush(renderer)

        let alpha = UInt32(color.a)
        let srcRB = UInt32(color.r) << 16 | UInt32(color.b)
        let srcAG = UInt32(255) << 16 | UInt32(color.g)
        let solid = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let fullA = alpha &+ (alpha >> 7)
        let fullIA = 256 &- fullA
        let fullRB = srcRB &* fullA, fullAG = srcAG &* fullA
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let size = Int(d), left = Int(x), visibleLeft = Int(x0) - left, visibleRight = Int(x1) - left
        let spans = discSpanCache[Int(d)]!
        spans.coverage.withUnsafeBufferPointer { coverage in
            spans.rows.withUnsafeBufferPointer { rows in
                for row in Int(y0)..<Int(y1) {
                    let r = row - Int(y)
                    let span = rows[r]
                    let line = pixels + row * pitch + left      // indexed by disc column
                    let coverageRow = r * size
                    @inline(__always) func blendEdge(_ from: Int, _ to: Int) {
                        var column = from
                        while column < to {
                            let c = UInt32(coverage[coverageRow + column])
                            var a = (c &* alpha &+ 127) / 255
                            a &+= a >> 7
                            let ia = 256 &- a
                            let dst = line[column]
                            let rb = ((srcRB &* a &+ (dst & 0x00FF_00FF) &* ia) >> 8) & 0x00FF_00FF
                            let ag = ((srcAG &* a &+ ((dst >> 8) & 0x00FF_00FF) &* ia) >> 8) & 0x00FF_00FF
                            line[column] = rb | ag << 8
                            column &+= 1
                        }
                    }
                    let edgeStart = max(Int(span.edgeStart), visibleLeft)
                    let fullStart = min(max(Int(span.fullStart), visibleLeft), visibleRight)
                    let fullEnd = max(min(Int(span.fullEnd), visibleRight), fullStart)
                    let edgeEnd = min(Int(span.edgeEnd), visibleRight)
                    blendEdge(edgeStart, min(fullStart, edgeEnd))
                    if fullEnd > fullStart {
                        if alpha == 255 {
                            (line + fullStart).update(repeating: solid, count: fullEnd - fullStart)
                        } else {
                            var column = fullStart
                            while column < fullEnd {
                                let dst = line[column]
                                let rb = ((fullRB &+ (dst & 0x00FF_00FF) &* fullIA) >> 8) & 0x00FF_00FF
                                let ag = ((fullAG &+ ((dst >> 8) & 0x00FF_00FF) &* fullIA) >> 8) & 0x00FF_00FF
                                line[column] = rb | ag << 8
                                column &+= 1
                            }
                        }
                    }
                    blendEdge(max(fullEnd, edgeStart), edgeEnd)
                }
            }
        }
    }
}

/// A disc's coverage and, per row, where it is non-zero and where it is full (columns, end exclusive).
struct DiscSpans {
    struct Row { var edgeStart: Int32; var fullStart: Int32; var fullEnd: Int32; var edgeEnd: Int32 }
    let coverage: [UInt8]
    let rows: [Row]

    init(diameter d: Int32) {
        let size = Int(d)
        coverage = SDLCanvas.discCoverage(diameter: d)
        var rows: [Row] = []
        rows.reserveCapacity(size)
        for y in 0..<size {
            let line = coverage[(y * size)..<(y * size + size)]
            let first = line.firstIndex { $0 > 0 }.map { $0 - y * size } ?? size
            let last = line.lastIndex { $0 > 0 }.map { $0 - y * size + 1 } ?? first
            let fullFirst = line.firstIndex { $0 == 255 }.map { $0 - y * size } ?? first
            let fullLast = line.lastIndex { $0 == 255 }.map { $0 - y * size + 1 } ?? fullFirst
            rows.append(Row(edgeStart: Int32(first), fullStart: Int32(max(fullFirst, first)),
                            fullEnd: Int32(max(fullLast, max(fullFirst, first))), edgeEnd: Int32(last)))
        }
        self.rows = rows
    }
}
