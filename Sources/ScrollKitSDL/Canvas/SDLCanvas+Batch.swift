// SDLCanvas's batches of discs (fillCircles): C kernel commands drawn in two bands on two threads on a software
// target, or quads from a disc atlas texture through SDL.

import CSDL2
import CScrollKitPixels
import Foundation
import ScrollKit

// Batches of discs (`DrawingCanvas.fillCircles`) on the software target. The discs become commands for the
// C kernel (CScrollKitPixels, sk_pixels.c), and a large batch is drawn in two horizontal bands at once: the canvas's
// thread draws the top band while a worker thread draws the bottom one. Each band takes the discs
// in order, so every pixel sees them in order and the result is the same, byte for byte, as one
// thread drawing the batch (or `fillCircle` called for each disc).
extension SDLCanvas {
    /// Batches smaller than this many pixels in total are drawn on the calling thread alone: waking the
    /// worker costs more than it saves.
    static let parallelDiscBatchPixels = 65_536

    /// Discs up to this many pixels wide come from the disc atlas when a batch is drawn through SDL.
    static let discAtlasMaxDiameter: Int32 = 64

    /// Fills every circle in order (later ones on top), with exactly the pixels `fillCircle` gives each.
    ///
    /// On a software target (see `attachSoftwareTarget`) the discs are blended straight into it as one
    /// batch; with `rasterThreads` ≥ 2 and a large batch, in two bands on two threads. Otherwise
    /// (a GPU renderer) discs up to 64 pixels wide are one `SDL_RenderGeometry` call on an atlas of
    /// discs. Circles a batch cannot take (too large, under a pixel wide) are drawn one by one in their
    /// place.
    /// Complexity: O(n + covered pixels); no allocation once the batch buffer has grown to n.
    /// Circles with a NaN or non-positive radius or centre, or a transparent colour, draw nothing.
    public func fillCircles(_ circles: [CircleFill]) {
        if damage.isRecording { return damage.fillCircles(circles) }
        guard !clipIsEmpty else { return }
        guard let surface = directSurface else {
            fillCirclesFromAtlas(circles)
            return
        }
        // The loop below reads only locals (no property access per circle): the batch buffer is
        // borrowed from `discBatch` and handed back at the end.
        var batch: [sk_disc_cmd] = [], masks: [DiscMask?] = []
        swap(&batch, &discBatch)
        swap(&masks, &discMasks)
        defer { swap(&masks, &discMasks) }
        batch.removeAll(keepingCapacity: true)
        let s = pixelScale, dx = tx, dy = ty
        var left: Int32 = 0, top: Int32 = 0, right = surface.pointee.w, bottom = surface.pointee.h
        if let clip = clipStack.last {
            left = max(left, clip.x); top = max(top, clip.y)
            right = min(right, clip.x + clip.w); bottom = min(bottom, clip.y + clip.h)
        }
        // A pointer walk rather than `for circle in circles`: a debug build (no specialization) runs a
        // `for` over an array as generic calls per element, each with a heap-allocated accessor frame.
        circles.withUnsafeBufferPointer { all in
            guard var next = all.baseAddress else { return }
            let end = next + all.count
            while next < end {
                let circle = next.pointee
                next += 1
                let color = circle.color
                let d: Int32, x: Int32, y: Int32
                switch Self.placeDisc(circle, scale: s, dx: dx, dy: dy, maxDiameter: Self.maxCachedCircleDiameter) {
                case .nothing:
                    continue
                case .alone:
                    // Drawn on its own, in its place.
                    swap(&batch, &discBatch)
                    flushDiscBatch()
                    fillCircle(center: circle.center, radius: circle.radius, color: color)
                    swap(&batch, &discBatch)
                    continue
                case let .disc(diameter, discX, discY):
                    (d, x, y) = (diameter, discX, discY)
                }
                let x0 = max(x, left), y0 = max(y, top), x1 = min(x + d, right), y1 = min(y + d, bottom)
                guard x1 > x0, y1 > y0 else { continue }
                let mask = masks[Int(d)] ?? newDiscMask(diameter: d, into: &masks)
                batch.append(sk_disc_cmd(coverage: mask.coverage, rows: mask.rows, stride: mask.stride, size: d, x: x, y: y,
                                         r0: y0 - y, r1: y1 - y, c0: x0 - x, c1: x1 - x, limit: right - x,
                                         r: color.r, g: color.g, b: color.b, a: color.a))
            }
        }
        swap(&batch, &discBatch)
        flushDiscBatch()
    }

    /// Where a batch circle lands, with exactly `fillCircle`'s arithmetic (so a batch draws the same
    /// pixels): nothing (transparent, NaN or non-positive radius, non-finite or far-off centre), alone
    /// (under a pixel wide, which `fillCircle` fades by area, or wider than `maxDiameter` pixels: the
    /// caller draws it with `fillCircle` in its place), or a disc of d pixels whose square's top-left
    /// corner is the pixel (x, y).
    @inline(__always)
    static func placeDisc(_ circle: CircleFill, scale s: Double, dx: Double, dy: Double,
                          maxDiameter: Int32) -> BatchPlacement {
        let radius = circle.radius, center = circle.center
        guard circle.color.a > 0, radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite else { return .nothing }
        let diameter = 2 * radius * s
        let cx = (center.x + dx) * s, cy = (center.y + dy) * s
        guard cx.magnitude < coordinateLimit, cy.magnitude < coordinateLimit else { return .nothing }
        guard diameter >= 1, diameter < Double(maxDiameter) + 1 else { return .alone }
        let size = diameter.rounded(), d = Int32(size)
        guard d <= maxDiameter else { return .alone }
        return .disc(d: d, x: Int32(pixelRound(cx - size / 2)), y: Int32(pixelRound(cy - size / 2)))
    }

    /// The cached mask of a `d`-pixel disc (d ≤ `maxCachedCircleDiameter`) as raw pointers, so a
    /// batch does no reference counting per disc; stored in `masks` (the canvas's `discMasks`).
    /// It lives as long as the canvas's disc cache, which is never emptied.
    private func newDiscMask(diameter d: Int32, into masks: inout [DiscMask?]) -> DiscMask {
        let spans = discSpans(diameter: d)
        let mask = DiscMask(coverage: spans.coverage, rows: spans.rows, stride: spans.stride)
        masks[Int(d)] = mask
        return mask
    }

    /// A batch through SDL (no software target; typically a GPU renderer): discs up to
    /// `discAtlasMaxDiameter` pixels are quads of one atlas texture holding every such disc at its
    /// exact size, so the whole batch is one `SDL_RenderGeometry` call instead of one copy per disc
    /// (each a draw call on OpenGL). The quads sit on whole pixels and sample the atlas 1:1 (nearest),
    /// so each disc looks as `fillCircle` draws it. Larger or sub-pixel circles are drawn one by one in
    /// their place.
    func fillCirclesFromAtlas(_ circles: [CircleFill]) {
        guard let atlas = discAtlasTexture() else {
            for c in circles { fillCircle(center: c.center, radius: c.radius, color: c.color) }
            return
        }
        atlasVertices.removeAll(keepingCapacity: true)
        atlasIndices.removeAll(keepingCapacity: true)
        let s = pixelScale, dx = tx, dy = ty
        let scaleU = 1 / Float(Self.discAtlasSize.width), scaleV = 1 / Float(Self.discAtlasSize.height)
        for circle in circles {
            let color = circle.color
            let d: Int32, x: Float, y: Float
            switch Self.placeDisc(circle, scale: s, dx: dx, dy: dy, maxDiameter: Self.discAtlasMaxDiameter) {
            case .nothing:
                continue
            case .alone:
                flushAtlasQuads(atlas)
                fillCircle(center: circle.center, radius: circle.radius, color: color)
                continue
            case let .disc(diameter, discX, discY):
                (d, x, y) = (diameter, Float(discX), Float(discY))
            }
            let size = Float(d)
            let source = discAtlasRects[Int(d)]
            let u0 = Float(source.x) * scaleU, v0 = Float(source.y) * scaleV
            let u1 = Float(source.x + d) * scaleU, v1 = Float(source.y + d) * scaleV
            let tint = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
            let first = Int32(atlasVertices.count)
            atlasVertices.append(SDL_Vertex(position: SDL_FPoint(x: x, y: y), color: tint, tex_coord: SDL_FPoint(x: u0, y: v0)))
            atlasVertices.append(SDL_Vertex(position: SDL_FPoint(x: x + size, y: y), color: tint, tex_coord: SDL_FPoint(x: u1, y: v0)))
            atlasVertices.append(SDL_Vertex(position: SDL_FPoint(x: x + size, y: y + size), color: tint, tex_coord: SDL_FPoint(x: u1, y: v1)))
            atlasVertices.append(SDL_Vertex(position: SDL_FPoint(x: x, y: y + size), color: tint, tex_coord: SDL_FPoint(x: u0, y: v1)))
            atlasIndices.append(first); atlasIndices.append(first + 1); atlasIndices.append(first + 2)
            atlasIndices.append(first); atlasIndices.append(first + 2); atlasIndices.append(first + 3)
        }
        flushAtlasQuads(atlas)
    }

    /// Draws and empties the pending atlas quads.
    private func flushAtlasQuads(_ atlas: OpaquePointer) {
        defer {
            atlasVertices.removeAll(keepingCapacity: true)
            atlasIndices.removeAll(keepingCapacity: true)
        }
        guard !atlasIndices.isEmpty else { return }
        let status = atlasVertices.withUnsafeBufferPointer { v in
            atlasIndices.withUnsafeBufferPointer { i in
                SDL_RenderGeometry(renderer, atlas, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
            }
        }
        if status != 0 { lastError = SDLError("SDL_RenderGeometry failed: \(String(cString: SDL_GetError()))") }
    }

    /// Size of the disc atlas texture, pixels.
    static let discAtlasSize = (width: Int32(512), height: Int32(512))

    /// The atlas of every disc from 1 to `discAtlasMaxDiameter` pixels (white, coverage in alpha, one
    /// pixel of clear padding around each), made on first use; `discAtlasRects[d]` is disc d's place.
    func discAtlasTexture() -> OpaquePointer? {
        if let discAtlas { return discAtlas }
        let width = Int(Self.discAtlasSize.width), height = Int(Self.discAtlasSize.height)
        var rects = [SDL_Rect](repeating: SDL_Rect(), count: Int(Self.discAtlasMaxDiameter) + 1)
        var pixels = [UInt32](repeating: 0x00FF_FFFF, count: width * height)
        var x = 1, y = 1, rowHeight = 0
        for d in 1...Int(Self.discAtlasMaxDiameter) {
            if x + d + 1 > width { x = 1; y += rowHeight + 1; rowHeight = 0 }
            guard y + d + 1 <= height else { lastError = SDLError("the disc atlas is too small"); return nil }
            let coverage = Self.discCoverage(diameter: Int32(d))
            for row in 0..<d {
                for column in 0..<d { pixels[(y + row) * width + x + column] = UInt32(coverage[row * d + column]) << 24 | 0x00FF_FFFF }
            }
            rects[d] = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(d), h: Int32(d))
            x += d + 1
            rowHeight = max(rowHeight, d)
        }
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width), Int32(height)) else {
            lastError = SDLError("cannot create the disc atlas texture")
            return nil
        }
        pixels.withUnsafeBytes { bytes in _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(width * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        discAtlas = texture
        discAtlasRects = rects
        return texture
    }

    /// Draws and empties the pending disc batch.
    func flushDiscBatch() {
        defer { discBatch.removeAll(keepingCapacity: true) }
        guard !discBatch.isEmpty, let surface = directSurface,
              let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return }
        SDL_RenderFlush(renderer)
        let pitch = surface.pointee.pitch / 4, height = surface.pointee.h
        discBatch.withUnsafeBufferPointer { batch in
            guard let commands = batch.baseAddress else { return }
            let count = Int32(batch.count)
            // Pointer walks here and in balancedSplit, as in fillCircles (debug builds).
            var top = height, bottom: Int32 = 0, area = 0
            var command = commands
            let end = commands + batch.count
            while command < end {
                let c = command.pointee
                command += 1
                top = min(top, c.y + c.r0)
                bottom = max(bottom, c.y + c.r1)
                area += Int(c.r1 - c.r0) * Int(c.c1 - c.c0)
            }
            let split = area >= Self.parallelDiscBatchPixels && rasterThreads >= 2 && bottom - top >= 16
                ? balancedSplit(commands, count: batch.count, top: top, bottom: bottom) : bottom
            guard bottom > top else { return }
            let bins = discBins.sort(commands, count: count, top: top, bottom: bottom)
            if split > top, split < bottom, let worker = bandWorkerStarted() {
                worker.start(pixels: pixels, pitch: pitch, bins: bins, top: split, bottom: bottom)
                bins.blend(pixels, pitch: pitch, rows: top..<split)
                worker.wait()
            } else {
                bins.blend(pixels, pitch: pitch, rows: top..<bottom)
            }
        }
    }

    /// The row that splits the batch's covered pixels about in half: each disc's visible area is
    /// counted at its middle row, then the running sum is walked to half the total. O(n + rows).
    private func balancedSplit(_ commands: UnsafePointer<sk_disc_cmd>, count: Int, top: Int32, bottom: Int32) -> Int32 {
        let rows = Int(bottom - top)
        if bandHistogram.count < rows + 1 { bandHistogram = Array(repeating: 0, count: rows + 1) }
        for i in 0...rows { bandHistogram[i] = 0 }
        var total = 0
        var command = commands
        let end = commands + count
        while command < end {
            let c = command.pointee
            command += 1
            let weight = Int(c.r1 - c.r0) * Int(c.c1 - c.c0)
            let middle = Int(c.y + (c.r0 + c.r1) / 2 - top)
            bandHistogram[min(max(middle, 0), rows)] += weight
            total += weight
        }
        var sum = 0
        for i in 0...rows {
            sum += bandHistogram[i]
            if 2 * sum >= total { return top + Int32(max(i, 1)) }
        }
        return top + Int32(rows / 2)
    }

    /// The band worker, started on first use (nil when `rasterThreads` < 2).
    private func bandWorkerStarted() -> BandWorker? {
        guard rasterThreads >= 2 else { return nil }
        if let bandWorker { return bandWorker }
        // The kernel's one-time CPU check runs here, before a second thread can make it too.
        _ = sk_blend_uses_avx2()
        let worker = BandWorker()
        bandWorker = worker
        return worker
    }
}

/// What a batch does with one circle (see `SDLCanvas.placeDisc`).
enum BatchPlacement {
    case nothing
    case alone
    case disc(d: Int32, x: Int32, y: Int32)
}

/// A batch's discs sorted into bins of `binHeight` target rows (`sk_disc_bins_count` / `_fill`), so that
/// the kernel blends every disc crossing a bin while the bin's rows are in the cache, instead of
/// reloading each disc's rows from memory (10,000 discs overdraw an 800x600 target ~17 times). Each bin
/// keeps the batch's order, so the pixels are the same. The storage is kept from batch to batch.
struct DiscBins {
    /// Rows per bin: 32 rows of an 800-pixel target are 100 KB, which stay in L2 with the disc masks
    /// (measured against 8, 16, 64 and no bins: 16 and 8 spend more on disc set-up than they save,
    /// 64 is level with 32, no bins is 10-15 % slower).
    static let binHeight: Int32 = 32
    private var ends: [Int32] = []
    private var binned: [sk_disc_cmd] = []

    /// The bins of `count` commands whose visible rows lie in [top, bottom), as raw pointers valid until
    /// the next call.
    mutating func sort(_ commands: UnsafePointer<sk_disc_cmd>, count: Int32, top: Int32, bottom: Int32) -> Sorted {
        let height = Self.binHeight
        let bins = (bottom - top + height - 1) / height
        if ends.count < Int(bins) { ends = Array(repeating: 0, count: Int(bins)) }
        let total = ends.withUnsafeMutableBufferPointer { ends in
            sk_disc_bins_count(commands, count, top, height, bins, ends.baseAddress)
        }
        if binned.count < Int(total) {
            binned = Array(repeating: sk_disc_cmd(), count: Int(total) + Int(total) / 4)
        }
        return ends.withUnsafeMutableBufferPointer { ends in
            binned.withUnsafeMutableBufferPointer { binned in
                sk_disc_bins_fill(commands, count, top, height, bins, ends.baseAddress, binned.baseAddress)
                return Sorted(ends: ends.baseAddress!, binned: binned.baseAddress!, top: top, binHeight: height, bins: bins)
            }
        }
    }

    /// Sorted bins: pointers into `DiscBins`'s storage.
    struct Sorted {
        let ends: UnsafePointer<Int32>
        let binned: UnsafePointer<sk_disc_cmd>
        let top: Int32, binHeight: Int32, bins: Int32

        /// Blends the batch's target rows `rows`, bin after bin (see `sk_blend_disc_bins`).
        func blend(_ pixels: UnsafeMutablePointer<UInt32>, pitch: Int32, rows: Range<Int32>) {
            sk_blend_disc_bins(pixels, pitch, binned, ends, top, binHeight, bins, rows.lowerBound, rows.upperBound)
        }
    }
}

/// Raw pointers into a cached `DiscSpans` (owned by `SDLCanvas.discSpanCache`).
struct DiscMask {
    var coverage: UnsafeMutablePointer<UInt8>
    var rows: UnsafeMutablePointer<sk_span>
    var stride: Int32
}

/// A thread that draws one band of a disc batch while the canvas's thread draws the other.
///
/// The job is handed over in plain stored properties: written by the canvas's thread before `go` is
/// signalled and read by the worker after its wait returns (the semaphore orders them); the canvas's
/// thread waits on `done` before it touches the pixels or the commands again. No allocation per job.
final class BandWorker: @unchecked Sendable {
    private let go = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var pixels: UnsafeMutablePointer<UInt32>?
    private var pitch: Int32 = 0
    private var bins: DiscBins.Sorted?
    private var top: Int32 = 0
    private var bottom: Int32 = 0
    private var stopping = false

    init() {
        let thread = Thread { [self] in loop() }
        thread.name = "ScrollKit raster"
        thread.start()
    }

    private func loop() {
        while true {
            go.wait()
            if stopping { return }
            if let pixels, let bins { bins.blend(pixels, pitch: pitch, rows: top..<bottom) }
            done.signal()
        }
    }

    /// Starts drawing rows [top, bottom) of the batch; call `wait()` before using the pixels again.
    func start(pixels: UnsafeMutablePointer<UInt32>, pitch: Int32, bins: DiscBins.Sorted, top: Int32, bottom: Int32) {
        self.pixels = pixels
        self.pitch = pitch
        self.bins = bins
        self.top = top
        self.bottom = bottom
        go.signal()
    }

    /// Waits for the band started last.
    func wait() { done.wait() }

    /// Ends the thread (after the job in progress, if any). The worker cannot be started again.
    func stop() {
        stopping = true
        go.signal()
    }
}
