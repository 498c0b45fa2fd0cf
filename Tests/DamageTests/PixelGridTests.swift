import ScrollKitDamage
import SplitMix
import Testing

/// What moving scrolled pixels rests on: a position rounds to the same pixel, moved by whole pixels, as it did
/// before the move — also at fractional scales, where a whole-pixel translation is no exact number of points.
@Suite struct PixelGridTests {
    @Test("rounding commutes with whole-pixel scroll origins at fractional scales, up to 10 million rows of content",
          arguments: [1.0, 1.25, 1.5, 1.75, 2.0, 3.0])
    func roundingCommutesWithScrolledOrigins(scale: Double) {
        var random = SplitMix64(seed: 28)
        for _ in 0..<20_000 {
            // A scroll origin anywhere in a very long list, rounded to device pixels as the damage canvas does.
            let origin = -random.uniform(0...1.5e9)
            let pixels = PixelGrid.round(origin * scale)
            let translation = pixels / scale
            // A content coordinate in quarter points (cell frames, half-point lines), anywhere on screen.
            let c = Double(Int(random.uniform(0...4_000))) / 4
            #expect(PixelGrid.round((c + translation) * scale) == PixelGrid.round(c * scale) + pixels,
                    "c \(c), origin \(origin), scale \(scale)")
        }
    }

    @Test("halves round up, left of and above the origin too")
    func halvesUp() {
        #expect(PixelGrid.round(2.5) == 3 && PixelGrid.round(-2.5) == -2 && PixelGrid.round(-0.5) == 0)
        #expect(PixelGrid.round(2.49) == 2 && PixelGrid.round(-2.51) == -3)
    }
}
