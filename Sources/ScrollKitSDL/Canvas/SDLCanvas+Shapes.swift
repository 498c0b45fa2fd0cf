// SDLCanvas's shapes: anti-aliased discs, rounded rects, lines, polylines and convex polygons, the disc
// textures, and a disc's coverage.

import CSDL2
import Foundation
import Motion
import ScrollKit

// Circles, rounded rectangles and lines, anti-aliased without SDL_gfx:
// - discs are one white coverage texture per pixel diameter, tinted per draw (three SDL calls, no
//   allocation): every diameter up to `maxCachedCircleDiameter` px is kept, larger ones (up to
//   `maxDiscTextureDiameter`) in a small LRU;
// - rounded-rect corners are the four quadrants of such a disc, the rest plain rect fills;
// - diagonal lines and polylines are rasterised on the CPU with exact coverage into a reused
//   streaming texture (SDL's software renderer snaps triangle vertices to whole pixels, so
//   feathered SDL_RenderGeometry strips look stepped there) — see SDLCanvas+Stroke.swift;
// - only discs beyond `maxDiscTextureDiameter` fall back to a feathered triangle fan.
extension SDLCanvas {
    // MARK: - DrawingCanvas: circles and rounded rects

    /// Fills a disc with an anti-aliased edge, placed on whole pixels. Complexity: O(1) (one tinted blit
    /// of a cached texture); the first disc of a new pixel diameter builds its texture in O(d²).
    /// A NaN, infinite or non-positive radius draws nothing.
    public func fillCircle(center: Point, radius: Double, color: RGBAColor) {
        if damage.isRecording { return damage.fillCircle(center: center, radius: radius, color: color) }
        guard !clipIsEmpty, color.a > 0, radius > 0, radius.isFinite,
              center.x.isFinite, center.y.isFinite else { return }
        let s = pixelScale
        let diameter = 2 * radius * s
        let cx = (center.x + tx) * s, cy = (center.y + ty) * s
        guard abs(cx) < Self.coordinateLimit, abs(cy) < Self.coordinateLimit else { return }
        if diameter <= Double(Self.maxDiscTextureDiameter) {
            let d = max(1, Int32(diameter.rounded()))
            if directSurface != nil, diameter >= 1 {
                compositeDisc(diameter: d, x: Int32(Self.pixelRound(cx - Double(d) / 2)), y: Int32(Self.pixelRound(cy - Double(d) / 2)), color: color)
                return
            }
            guard let texture = discTexture(diameter: d) else { return }
            var dst = SDL_Rect(x: Int32(Self.pixelRound(cx - Double(d) / 2)), y: Int32(Self.pixelRound(cy - Double(d) / 2)), w: d, h: d)
            // A disc under one pixel wide: fade it by its area rather than drawing a full pixel.
            let alpha = diameter < 1 ? UInt8((Double(color.a) * diameter * diameter).rounded()) : color.a
            SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
            SDL_SetTextureAlphaMod(texture, alpha)
            SDL_RenderCopy(renderer, texture, nil, &dst)
        } else {
            let r = diameter / 2
            let segments = min(max(Int(2 * Double.pi * r / 3), 32), 4096)
            points.removeAll(keepingCapacity: true)
            for i in 0..<segments {
                let angle = 2 * Double.pi * Double(i) / Double(segments)
                points.append(SIMD2(cx + r * cos(angle), cy + r * sin(angle)))
            }
            fillConvexPolygonFromPoints(color: color)
        }
    }

    /// Fills `rect` with anti-aliased corners of `radius` points. The radius is clamped to half the
    /// shorter side (a capsule); zero, negative or NaN gives a plain rect. Complexity: O(1): at most
    /// three fills and four blits of a cached disc's quadrants.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBAColor) {
        if damage.isRecording { return damage.fillRoundedRect(rect, radius: radius, color: color) }
        guard !clipIsEmpty, color.a > 0, let pr = pixelRect(rect) else { return }
        let wanted = radius.isFinite && radius > 0 ? (radius * pixelScale).rounded() : 0
        let r = Int32(min(wanted, Double(min(pr.w, pr.h) / 2)))
        setColor(color)
        if directSurface != nil, r > 0, 2 * r <= Self.maxDiscTextureDiameter {
            // Software target: the three fills through SDL (fast), the corners blended directly.
            fillRoundedRectBands(pr, r, color: color)
            let d = 2 * r
            compositeDisc(diameter: d, x: pr.x, y: pr.y, color: color, limit: SDL_Rect(x: pr.x, y: pr.y, w: r, h: r))
            compositeDisc(diameter: d, x: pr.x + pr.w - d, y: pr.y, color: color,
                          limit: SDL_Rect(x: pr.x + pr.w - r, y: pr.y, w: r, h: r))
            compositeDisc(diameter: d, x: pr.x, y: pr.y + pr.h - d, color: color,
                          limit: SDL_Rect(x: pr.x, y: pr.y + pr.h - r, w: r, h: r))
            compositeDisc(diameter: d, x: pr.x + pr.w - d, y: pr.y + pr.h - d, color: color,
                          limit: SDL_Rect(x: pr.x + pr.w - r, y: pr.y + pr.h - r, w: r, h: r))
            return
        }
        guard r > 0, let disc = discTexture(diameter: 2 * r) else {
            var whole = pr
            SDL_RenderFillRect(renderer, &whole)
            return
        }
        fillRoundedRectBands(pr, r, color: color)
        SDL_SetTextureColorMod(disc, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(disc, color.a)
        var src = SDL_Rect(x: 0, y: 0, w: r, h: r)
        var dst = SDL_Rect(x: pr.x, y: pr.y, w: r, h: r)
        SDL_RenderCopy(renderer, disc, &src, &dst)                              // top left
        src.x = r; dst.x = pr.x + pr.w - r
        SDL_RenderCopy(renderer, disc, &src, &dst)                              // top right
        src.y = r; dst.y = pr.y + pr.h - r
        SDL_RenderCopy(renderer, disc, &src, &dst)                              // bottom right
        src.x = 0; dst.x = pr.x
        SDL_RenderCopy(renderer, disc, &src, &dst)                              // bottom left
    }

    /// The straight part of a rounded rect (pixels, corner radius r): the middle column and the side bands.
    private func fillRoundedRectBands(_ pr: SDL_Rect, _ r: Int32, color: RGBAColor) {
        // No closures (a closure in this main-actor class checks its executor on every call).
        fillBand(SDL_Rect(x: pr.x + r, y: pr.y, w: pr.w - 2 * r, h: pr.h), color: color)          // middle column
        fillBand(SDL_Rect(x: pr.x, y: pr.y + r, w: r, h: pr.h - 2 * r), color: color)             // left band
        fillBand(SDL_Rect(x: pr.x + pr.w - r, y: pr.y + r, w: r, h: pr.h - 2 * r), color: color)   // right band
    }

    /// One band of ``fillRoundedRectBands(_:_:color:)`` (nothing when empty).
    private func fillBand(_ rect: SDL_Rect, color: RGBAColor) {
        guard rect.w > 0 && rect.h > 0 else { return }
        // On a software target both in C: an opaque band with ordinary stores (SDL_FillRect's
        // cache-bypassing ones made the blends drawn over it read it back from memory).
        if directSurface != nil, color.a < 255 ? compositeFill(rect, color: color) : storeFill(rect, color: color) { return }
        var band = rect
        _ = SDL_RenderFillRect(renderer, &band)
    }

    // MARK: - DrawingCanvas: lines

    /// Draws a straight line `width` points wide with butt ends. Horizontal and vertical lines are
    /// pixel-snapped rects (sharp, at least one pixel); others are anti-aliased.
    /// Non-finite points or a non-positive width draw nothing.
    public func drawLine(from: Point, to: Point, color: RGBAColor, width: Double) {
        if damage.isRecording { return damage.drawLine(from: from, to: to, color: color, width: width) }
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite,
              from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else { return }
        points.removeAll(keepingCapacity: true)
        let s = pixelScale
        points.append(SIMD2(PixelGrid.snap((from.x + tx) * s), PixelGrid.snap((from.y + ty) * s)))
        points.append(SIMD2(PixelGrid.snap((to.x + tx) * s), PixelGrid.snap((to.y + ty) * s)))
        strokePixelPoints(color: color, width: width * s)
    }

    /// Draws connected segments through `points`, `width` points wide, anti-aliased, with round joins
    /// and butt ends. Fewer than two distinct points, any NaN or a non-positive width draws nothing.
    /// Complexity: O(points + covered pixels); no allocation once the scratch buffers have grown.
    public func drawPolyline(_ points: [Point], color: RGBAColor, width: Double) {
        if damage.isRecording { return damage.drawPolyline(points, color: color, width: width) }
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite, points.count >= 2 else { return }
        strokePolyline(points[...], color: color, width: width)
    }

    func strokePolyline(_ points: ArraySlice<Point>, color: RGBAColor, width: Double) {
        self.points.removeAll(keepingCapacity: true)
        let s = pixelScale
        for p in points {
            guard p.x.isFinite, p.y.isFinite else { return }
            self.points.append(SIMD2(PixelGrid.snap((p.x + tx) * s), PixelGrid.snap((p.y + ty) * s)))
        }
        strokePixelPoints(color: color, width: width * s)
    }

    // MARK: - Internals

    /// Strokes `self.points` (pixels).
    func strokePixelPoints(color: RGBAColor, width: Double) {
        // Drop repeated points (zero-length segments have no direction).
        var n = 0
        for i in points.indices {
            let p = points[i]
            guard abs(p.x) < Self.coordinateLimit, abs(p.y) < Self.coordinateLimit else { return }
            if n == 0 || simdLength(p - points[n - 1]) > 1e-6 { points[n] = p; n += 1 }
        }
        guard n >= 2 else { return }
        if n == 2, let rect = snappedAxisRect(points[0], points[1], width: width) {
            var r = rect
            setColor(color)
            SDL_RenderFillRect(renderer, &r)
            return
        }
        strokeOnCPU(count: n, color: color, width: width)
    }

    /// A horizontal or vertical segment as a pixel-aligned rect, or nil for any other direction.
    private func snappedAxisRect(_ a: SIMD2<Double>, _ b: SIMD2<Double>, width: Double) -> SDL_Rect? {
        let thickness = Int32(max(1, min(width.rounded(), 1_048_576)))
        if abs(a.y - b.y) < Precision.slack {
            let x0 = Self.pixelRound(min(a.x, b.x)), x1 = Self.pixelRound(max(a.x, b.x))
            guard x1 > x0 else { return nil }
            let y = Self.pixelRound(a.y - Double(thickness) / 2)
            return SDL_Rect(x: Int32(x0), y: Int32(y), w: Int32(x1 - x0), h: thickness)
        }
        if abs(a.x - b.x) < Precision.slack {
            let y0 = Self.pixelRound(min(a.y, b.y)), y1 = Self.pixelRound(max(a.y, b.y))
            guard y1 > y0 else { return nil }
            let x = Self.pixelRound(a.x - Double(thickness) / 2)
            return SDL_Rect(x: Int32(x), y: Int32(y0), w: thickness, h: Int32(y1 - y0))
        }
        return nil
    }

    /// Fills the convex polygon in `self.points` (pixels, either winding) with a one-pixel feather.
    private func fillConvexPolygonFromPoints(color: RGBAColor) {
        let n = points.count
        guard n >= 3 else { return }
        var centroid = SIMD2<Double>(0, 0)
        for p in points { centroid += p }
        centroid /= Double(n)
        var area = 0.0
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % n]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > Precision.slack else { return }
        let outward: Double = area > 0 ? 1 : -1     // y grows downward: positive area = clockwise on screen
        let core = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        let edge = SDL_Color(r: color.r, g: color.g, b: color.b, a: 0)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        vertices.append(vertex(centroid, core))
        func edgeNormal(_ i: Int) -> SIMD2<Double> {   // outward unit normal of edge i → i+1
            let d = points[(i + 1) % n] - points[i]
            let length = simdLength(d)
            return length > 1e-12 ? SIMD2(d.y, -d.x) / length * outward : SIMD2(0, 0)
        }
        for i in 0..<n {
            let a = edgeNormal((i + n - 1) % n), b = edgeNormal(i)
            let cosine = 1 + (a.x * b.x + a.y * b.y)
            let m = cosine > 0.5 ? (a + b) / cosine : b
            let p = points[i]
            vertices.append(vertex(p - m * 0.5, core))
            vertices.append(vertex(p + m * 0.5, edge))
        }
        for i in 0..<n {
            let inner = Int32(1 + 2 * i), innerNext = Int32(1 + 2 * ((i + 1) % n))
            indices.append(0); indices.append(inner); indices.append(innerNext)
            appendQuad(inner, inner + 1, innerNext + 1, innerNext)
        }
        flushGeometry()
    }

    @inline(__always)
    private func vertex(_ p: SIMD2<Double>, _ color: SDL_Color) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    @inline(__always)
    private func appendQuad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) {
        indices.append(a); indices.append(b); indices.append(c)
        indices.append(a); indices.append(c); indices.append(d)
    }

    private func flushGeometry() {
        guard !vertices.isEmpty, !indices.isEmpty else { return }
        setBlend(SDL_BLENDMODE_BLEND)
        let status = vertices.withUnsafeBufferPointer { v in
            indices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(renderer, nil, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        if status != 0 { lastError = SDLError("SDL_RenderGeometry failed") }
    }

    /// The white anti-aliased disc of `diameter` pixels (1...maxDiscTextureDiameter), created on first
    /// use: coverage = clamp(r − distance + ½, 0, 1) at each pixel centre, in the alpha channel.
    /// Diameters up to `maxCachedCircleDiameter` stay cached; larger ones share a small LRU.
    func discTexture(diameter d: Int32) -> OpaquePointer? {
        guard d >= 1, d <= Self.maxDiscTextureDiameter else { return nil }
        if d <= Self.maxCachedCircleDiameter, let texture = circleTextures[Int(d)] { return texture }
        if d > Self.maxCachedCircleDiameter, let i = largeDiscs.firstIndex(where: { $0.diameter == d }) {
            let hit = largeDiscs.remove(at: i)
            largeDiscs.append(hit)                  // most recently used last
            return hit.texture
        }
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), d, d) else {
            lastError = SDLError("cannot create a \(d)x\(d) disc texture")
            return nil
        }
        let size = Int(d)
        let pixels = Self.discCoverage(diameter: d).map { UInt32($0) << 24 | 0x00FF_FFFF }
        pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(size * 4))
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        circleTexturesCreated += 1
        if d <= Self.maxCachedCircleDiameter {
            circleTextures[Int(d)] = texture
        } else {
            if largeDiscs.count >= Self.largeDiscCacheCount {
                SDL_DestroyTexture(largeDiscs.removeFirst().texture)
            }
            largeDiscs.append((d, texture))
        }
        return texture
    }
}

extension SDLCanvas {
    /// Coverage (0...255) of a disc of `diameter` pixels centred in a `diameter²` square, row by row:
    /// clamp(r − distance + ½, 0, 1) at each pixel centre.
    nonisolated static func discCoverage(diameter d: Int32) -> [UInt8] {
        let size = Int(max(d, 0))
        let r = Double(d) / 2
        var coverage = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size {
            let dy = Double(y) + 0.5 - r
            for x in 0..<size {
                let dx = Double(x) + 0.5 - r
                let c = min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                coverage[y * size + x] = UInt8((c * 255).rounded())
            }
        }
        return coverage
    }
}

@inline(__always)
private func simdLength(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
