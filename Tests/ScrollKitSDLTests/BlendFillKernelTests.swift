// The translucent fill kernel (sk_blend_fill_rect) against the blend written out per channel: every
// path (eight pixels at a time on AVX2, four on SSE2, one by one) must give the same bytes.
import CScrollKitPixels
import SplitMix
import Testing

@Suite("Translucent fill kernel")
struct BlendFillKernelTests {
    /// The reference: each channel d · (255 − α) / 255 (integer division) plus the colour premultiplied
    /// by α (c · α / 255), alpha as a colour channel of 255.
    private static func reference(_ d: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ alpha: UInt32) -> UInt32 {
        let inv = 255 - alpha
        func channel(_ shift: UInt32, _ c: UInt32) -> UInt32 { ((d >> shift) & 0xFF) * inv / 255 + c * alpha / 255 }
        return channel(24, 255) << 24 | channel(16, r) << 16 | channel(8, g) << 8 | channel(0, b)
    }

    @Test("every width from 1 to 41 and offset 0 to 8, random pixels and colours: exactly the reference, nothing outside",
          arguments: [UInt8(1), 26, 128, 200, 254])
    func matchesTheReference(alpha: UInt8) {
        var rng = SplitMix64(seed: UInt64(alpha))
        func next() -> UInt32 { UInt32(truncatingIfNeeded: rng.next() >> 16) }
        let pitch = 64, rows = 3
        for width in 1...41 {
            for x0 in 0...8 {
                var pixels = (0..<(pitch * rows)).map { _ in next() }
                let before = pixels
                let color = next()
                let r = UInt8(color & 0xFF), g = UInt8((color >> 8) & 0xFF), b = UInt8((color >> 16) & 0xFF)
                pixels.withUnsafeMutableBufferPointer { p in
                    sk_blend_fill_rect(p.baseAddress, Int32(pitch), Int32(x0), 1, Int32(x0 + width), 3, r, g, b, alpha)
                }
                for y in 0..<rows {
                    for x in 0..<pitch {
                        let i = y * pitch + x
                        let inside = y >= 1 && x >= x0 && x < x0 + width
                        let expected = inside ? Self.reference(before[i], UInt32(r), UInt32(g), UInt32(b), UInt32(alpha)) : before[i]
                        if pixels[i] != expected {
                            Issue.record("width \(width) at \(x0), pixel (\(x), \(y)): \(pixels[i]) instead of \(expected)")
                            return
                        }
                    }
                }
            }
        }
    }
}
