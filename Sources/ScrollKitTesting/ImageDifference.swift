// ImageDifference: how two RGBA images differ, and the picture of it that a failed golden check writes.

import ScrollKitSDL

/// How two RGBA images differ: what golden-image tests check (`RGBAImage.difference(from:tolerance:)`).
///
/// ```swift
/// let golden = try PNGWriter.read(path: "Golden/list.png")
/// let diff = try PNGWriter.readPixels(renderer: host.renderer).difference(from: golden)
/// #expect(!diff.sizeMismatch && diff.differingFraction <= 0.005)
/// ```
public struct ImageDifference: Sendable, Equatable, CustomStringConvertible {
    /// Largest difference of any channel (R, G, B or A) of any pixel, 0...255.
    public var maxChannelDelta: Int
    /// Pixels with some channel differing by more than the tolerance.
    public var differingPixels: Int
    /// Pixels compared (of the larger image when the sizes differ).
    public var totalPixels: Int
    /// True when the sizes differ (then every pixel counts as differing).
    public var sizeMismatch: Bool

    /// `differingPixels / totalPixels`, 0 for empty images.
    public var differingFraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    public var description: String {
        if sizeMismatch { return "sizes differ" }
        let percent = (differingFraction * 100_000).rounded() / 1000
        return "\(differingPixels) of \(totalPixels) pixels differ (\(percent)%), max channel delta \(maxChannelDelta)"
    }
}

extension RGBAImage {
    /// Compares this image with `expected` pixel by pixel: a pixel differs when any channel differs by more
    /// than `tolerance` (0...255). Complexity: O(pixels), no allocation.
    public func difference(from expected: RGBAImage, tolerance: Int = 8) -> ImageDifference {
        guard expected.width == width, expected.height == height, expected.rgba.count == rgba.count else {
            let total = max(expected.width * expected.height, width * height)
            return ImageDifference(maxChannelDelta: 255, differingPixels: total, totalPixels: total, sizeMismatch: true)
        }
        var maxDelta = 0, differing = 0
        expected.rgba.withUnsafeBufferPointer { e in
            rgba.withUnsafeBufferPointer { a in
                var i = 0
                while i + 3 < e.count {
                    var pixelMax = 0
                    for c in 0..<4 { pixelMax = Swift.max(pixelMax, abs(Int(e[i + c]) - Int(a[i + c]))) }
                    if pixelMax > tolerance { differing += 1 }
                    maxDelta = Swift.max(maxDelta, pixelMax)
                    i += 4
                }
            }
        }
        return ImageDifference(maxChannelDelta: maxDelta, differingPixels: differing,
                               totalPixels: width * height, sizeMismatch: false)
    }

    /// A picture of the difference, the size of this image: `expected` faded to light grey where the
    /// pixels are identical, orange where they differ within `tolerance`, red (brighter for larger
    /// differences) beyond it, and red wherever one image has no pixel.
    public func differenceImage(from expected: RGBAImage, tolerance: Int = 8) -> RGBAImage {
        var out = RGBAImage(width: width, height: height, fill: (255, 0, 0, 255))
        for y in 0..<Swift.min(expected.height, height) {
            for x in 0..<Swift.min(expected.width, width) {
                let e = expected[x, y], a = self[x, y]
                let delta = Swift.max(Swift.max(abs(Int(e.r) - Int(a.r)), abs(Int(e.g) - Int(a.g))),
                                      Swift.max(abs(Int(e.b) - Int(a.b)), abs(Int(e.a) - Int(a.a))))
                let i = (y * width + x) * 4
                if delta > tolerance {
                    out.rgba[i] = UInt8(Swift.min(255, 128 + delta)); out.rgba[i + 1] = 0; out.rgba[i + 2] = 0
                } else if delta > 0 {
                    out.rgba[i] = 255; out.rgba[i + 1] = 160; out.rgba[i + 2] = 0
                } else {
                    let luminance = (Int(e.r) + Int(e.g) + Int(e.b)) / 3
                    let grey = UInt8(200 + luminance * 55 / 255)
                    out.rgba[i] = grey; out.rgba[i + 1] = grey; out.rgba[i + 2] = grey
                }
                out.rgba[i + 3] = 255
            }
        }
        return out
    }
}
