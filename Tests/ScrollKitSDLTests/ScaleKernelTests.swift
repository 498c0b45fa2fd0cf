import CScrollKitPixels
import Testing

/// The bilinear kernel that draws natural-size images scaled (`sk_scale_bilinear_opaque`, the photo's tiles),
/// against a reference computed in floating point from the documented mapping.
@Suite struct ScaleKernelTests {
    /// A deterministic opaque test image: every channel varies, with sharp steps.
    static func image(_ w: Int, _ h: Int) -> [UInt32] {
        (0..<(w * h)).map { i in
            let x = UInt32(i % w), y = UInt32(i / w)
            let r = (x * 37 + y * 11) & 0xFF, g = (x * x + 3 * y) & 0xFF, b = ((x ^ y) * 29) & 0xFF
            return 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// The documented mapping, in Double: source point ((x + 0.5 − dx)·sw/dw − 0.5), clamped to the edges.
    static func reference(_ src: [UInt32], _ sw: Int, _ sh: Int, dx: Int, dy: Int, dw: Int, dh: Int, x: Int, y: Int) -> [Double] {
        func coord(_ p: Int, _ d: Int, _ dl: Int, _ sl: Int) -> (Int, Double) {
            let u = (Double(p - d) + 0.5) * Double(sl) / Double(dl) - 0.5
            if u <= 0 { return (0, 0) }
            let i = Int(u.rounded(.down))
            return i >= sl - 1 ? (sl - 1, 0) : (i, u - Double(i))
        }
        let (i, f) = coord(x, dx, dw, sw), (j, g) = coord(y, dy, dh, sh)
        func px(_ a: Int, _ b: Int) -> UInt32 { src[min(b, sh - 1) * sw + min(a, sw - 1)] }
        return [16, 8, 0].map { shift in
            func c(_ p: UInt32) -> Double { Double((p >> UInt32(shift)) & 0xFF) }
            let top = c(px(i, j)) * (1 - f) + c(px(i + 1, j)) * f
            let bottom = c(px(i, j + 1)) * (1 - f) + c(px(i + 1, j + 1)) * f
            return top * (1 - g) + bottom * g
        }
    }

    @Test("scaled down, up and at its own size, clipped: within 2 per channel of the reference (8-bit weights); 1:1 copies exactly",
          arguments: [(64, 48, 37, 29), (64, 48, 256, 192), (64, 48, 64, 48), (17, 5, 100, 3)])
    func matchesTheReference(sw: Int, sh: Int, dw: Int, dh: Int) {
        let src = Self.image(sw, sh)
        let W = 300, H = 220
        var dst = [UInt32](repeating: 0x1234_5678, count: W * H)
        let dx = -7, dy = 11, clip = (x0: 0, y0: 20, x1: 250, y1: 200)
        sk_scale_bilinear_opaque(&dst, Int32(W), Int32(clip.x0), Int32(clip.y0), Int32(clip.x1), Int32(clip.y1),
                                 src, Int32(sw), Int32(sw), Int32(sh), Int32(dx), Int32(dy), Int32(dw), Int32(dh))
        var worst = 0.0
        for y in 0..<H {
            for x in 0..<W {
                let inside = x >= max(clip.x0, dx) && x < min(clip.x1, dx + dw) && y >= max(clip.y0, dy) && y < min(clip.y1, dy + dh)
                let p = dst[y * W + x]
                guard inside else {
                    #expect(p == 0x1234_5678, "pixel (\(x), \(y)) outside the clip or the rectangle was written")
                    continue
                }
                #expect(p >> 24 == 0xFF)
                let r = Self.reference(src, sw, sh, dx: dx, dy: dy, dw: dw, dh: dh, x: x, y: y)
                for (k, shift) in [16, 8, 0].enumerated() {
                    worst = max(worst, abs(Double((p >> UInt32(shift)) & 0xFF) - r[k]))
                }
                if sw == dw && sh == dh { #expect(p == src[(y - dy) * sw + (x - dx)]) }
            }
        }
        #expect(worst <= 2, "largest difference \(worst)")
    }

    @Test("bad sizes and null pointers draw nothing")
    func badInput() {
        var dst = [UInt32](repeating: 7, count: 16)
        let src = Self.image(4, 4)
        sk_scale_bilinear_opaque(&dst, 4, 0, 0, 4, 4, src, 4, 0, 4, 0, 0, 4, 4)
        sk_scale_bilinear_opaque(&dst, 4, 0, 0, 4, 4, src, 4, 4, 4, 0, 0, -1, 4)
        sk_scale_bilinear_opaque(&dst, 4, 0, 0, 4, 4, nil, 4, 4, 4, 0, 0, 4, 4)
        #expect(dst.allSatisfy { $0 == 7 })
    }
}
