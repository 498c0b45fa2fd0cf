// SDLCanvas.strokeOnCPU: anti-aliased strokes rasterised on the CPU into a reused streaming texture.

import CSDL2
import Motion
import ScrollKit

// Anti-aliased strokes rasterised on the CPU.
//
// Coverage of a pixel = clamp(w/2 + ½ − d, 0, 1), d = distance from the pixel centre to the nearest
// segment (round joins); at the two ends a butt cap fades over half a pixel. Lines thinner than a
// pixel keep a one-pixel footprint with coverage scaled by their width. The coverage goes into a
// reused byte buffer, then into a reused streaming texture (white, alpha = coverage) that is tinted
// and blitted once. Work is proportional to the pixels the stroke touches, not to its bounding box.
extension SDLCanvas {
    /// Strokes `points[0..<n]` (pixels, no repeats, n ≥ 2) `width` pixels wide.
    func strokeOnCPU(count n: Int, color: RGBAColor, width: Double) {
        let half = width / 2
        let thin = half < 0.5
        let reach = thin ? 1.0 : half + 0.5           // coverage is zero at or beyond this distance

        // Bounding box of the stroke, limited to what can be seen (output ∩ clip).
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in 0..<n {
            let p = points[i]
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        var visible = SDL_Rect(x: 0, y: 0, w: 0, h: 0)
        SDL_GetRendererOutputSize(renderer, &visible.w, &visible.h)
        if let clip = clipStack.last { visible = intersect(visible, clip) }
        let bx0 = max(Int32(max((minX - reach).rounded(.down), -Self.coordinateLimit)), visible.x)
        let by0 = max(Int32(max((minY - reach).rounded(.down), -Self.coordinateLimit)), visible.y)
        let bx1 = min(Int32(min((maxX + reach).rounded(.up), Self.coordinateLimit)), visible.x + visible.w)
        let by1 = min(Int32(min((maxY + reach).rounded(.up), Self.coordinateLimit)), visible.y + visible.h)
        guard bx1 > bx0, by1 > by0 else { return }
        let w = Int(bx1 - bx0), h = Int(by1 - by0)
        if strokeCoverage.count < w * h {
            strokeCoverage.append(contentsOf: repeatElement(0, count: w * h - strokeCoverage.count))
        }
        strokeCoverage.withUnsafeMutableBufferPointer { coverage in
            for i in 0..<(w * h) { coverage[i] = 0 }
            let ox = Double(bx0), oy = Double(by0)
            for s in 0..<(n - 1) {
                let a = points[s], b = points[s + 1]
                let d = b - a
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                let ux = d.x / length, uy = d.y / length
                let firstSegment = s == 0, lastSegment = s == n - 2
                // Rows this segment can touch.
                let row0 = max(Int((min(a.y, b.y) - reach - oy).rounded(.down)), 0)
                let row1 = min(Int((max(a.y, b.y) + reach - oy).rounded(.up)), h - 1)
                guard row0 <= row1 else { continue }
                let segX0 = min(a.x, b.x) - reach - ox, segX1 = max(a.x, b.x) + reach - ox
                for row in row0...row1 {
                    let cy = oy + Double(row) + 0.5
                    // Columns where the perpendicular distance can be under `reach`: |n·(p − a)| < reach,
                    // with n = (−uy, ux).
                    var lo = segX0, hi = segX1
                    if abs(uy) > Precision.slack {
                        let base = ux * (cy - a.y)              // n·(p − a) = −uy (x − a.x) + ux (y − a.y)
                        let e0 = a.x + (base - reach) / uy - ox, e1 = a.x + (base + reach) / uy - ox
                        lo = max(lo, min(e0, e1)); hi = min(hi, max(e0, e1))
                    }
                    let col0 = max(Int((lo - 0.5).rounded(.down)), 0)
                    let col1 = min(Int((hi - 0.5).rounded(.up)), w - 1)
                    guard col0 <= col1 else { continue }
                    let rowBase = row * w
                    for col in col0...col1 {
                        let px = ox + Double(col) + 0.5 - a.x, py = cy - a.y
                        let along = px * ux + py * uy
                        let perpendicular = abs(-px * uy + py * ux)
                        var distance = perpendicular
                        var capFactor = 1.0
                        if along < 0 {
                            if firstSegment { capFactor = min(max(0.5 + along, 0), 1) }
                            else { distance = (px * px + py * py).squareRoot() }
                        } else if along > length {
                            let qx = px - d.x, qy = py - d.y
                            if lastSegment { capFactor = min(max(0.5 - (along - length), 0), 1) }
                            else { distance = (qx * qx + qy * qy).squareRoot() }
                        }
                        guard distance < reach, capFactor > 0 else { continue }
                        let value = thin ? width * (1 - distance) : min(reach - distance, 1)
                        let byte = UInt8(min(max(value * capFactor * 255, 0), 255).rounded())
                        if byte > coverage[rowBase + col] { coverage[rowBase + col] = byte }
                    }
                }
            }
        }

        // Software target: blend the coverage straight in (no texture upload, no tinted blit).
        if directSurface != nil {
            _ = strokeCoverage.withUnsafeBufferPointer { coverage in
                compositeCoverage(UnsafeBufferPointer(rebasing: coverage[0..<(w * h)]), width: Int32(w), height: Int32(h),
                                  x: bx0, y: by0, visibleWidth: Int32(w), color: color)
            }
            return
        }
        guard let texture = strokeScratchTexture(width: Int32(w), height: Int32(h)) else { return }
        // Coverage → white texels with that alpha.
        var lockRect = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, &lockRect, &pixels, &pitch) == 0, let pixels else {
            lastError = SDLError("cannot lock the stroke texture")
            return
        }
        strokeCoverage.withUnsafeBufferPointer { coverage in
            for row in 0..<h {
                let out = (pixels + row * Int(pitch)).assumingMemoryBound(to: UInt32.self)
                let base = row * w
                for col in 0..<w { out[col] = UInt32(coverage[base + col]) << 24 | 0x00FF_FFFF }
            }
        }
        SDL_UnlockTexture(texture)
        SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(texture, color.a)
        var dst = SDL_Rect(x: bx0, y: by0, w: Int32(w), h: Int32(h))
        SDL_RenderCopy(renderer, texture, &lockRect, &dst)
    }

    /// The reused streaming texture, at least `width × height`; grows in steps of 128 pixels.
    private func strokeScratchTexture(width: Int32, height: Int32) -> OpaquePointer? {
        if let strokeTexture, strokeTextureSize.width >= width, strokeTextureSize.height >= height {
            return strokeTexture
        }
        let newWidth = max(strokeTextureSize.width, (width + 127) / 128 * 128)
        let newHeight = max(strokeTextureSize.height, (height + 127) / 128 * 128)
        if let strokeTexture { SDL_DestroyTexture(strokeTexture) }
        strokeTexture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                          Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), newWidth, newHeight)
        guard let strokeTexture else {
            strokeTextureSize = (0, 0)
            lastError = SDLError("cannot create a \(newWidth)x\(newHeight) stroke texture")
            return nil
        }
        SDL_SetTextureBlendMode(strokeTexture, SDL_BLENDMODE_BLEND)
        strokeTextureSize = (newWidth, newHeight)
        return strokeTexture
    }

    private func intersect(_ a: SDL_Rect, _ b: SDL_Rect) -> SDL_Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.w, b.x + b.w), y1 = min(a.y + a.h, b.y + b.h)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }
}
