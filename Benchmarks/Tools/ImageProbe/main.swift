import Foundation
import Glibc
import MallocInterposerSwift
import ProbeSupport
import ScrollKit
import ScrollKitSDL

// Frames while images decode off the main thread, single-threaded on the main side:
//
//   image-probe [IMAGES [SIDE]]      default: 50 images of 512 x 512 pixels, drawn as 64-point thumbnails
//
// An 800x600 offscreen canvas (SDL's software renderer) draws a grid of IMAGES thumbnails every frame,
// paced at 60 Hz. Frame 1 requests every decode; the library's worker decodes them (PNG, then scaled
// down once to 64 x 64) while the frames go on drawing placeholders and, as they arrive, the images.
// Prints for the frames while decoding and for 300 steady frames after: the cost of a frame's work
// (p50, p99, max; CLOCK_MONOTONIC, the 60 Hz sleep excluded) and mallocs per frame. With the interposer
// preloaded (LD_PRELOAD=.../libMallocInterposerSwift.so) mallocs are counted process-wide: while decoding
// they include the worker's own (SDL2_image) allocations; the steady frames are the draw path alone.

func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }

@MainActor
func main() throws -> Int32 {
    let args = CommandLine.arguments.dropFirst().compactMap { Int($0) }
    let count = max(1, args.first ?? 50), side = max(16, args.dropFirst().first ?? 512)
    let counting = interposerActive()

    // IMAGES distinct PNGs: soft gradients with a pattern (so they compress like photos, not like flat fills).
    let directory = NSTemporaryDirectory() + "scrollkit-image-probe-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for k in 0..<count {
        var image = RGBAImage(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let i = (y * side + x) * 4
                image.rgba[i] = UInt8(truncatingIfNeeded: x * 255 / side + k * 5)
                image.rgba[i + 1] = UInt8(truncatingIfNeeded: y * 255 / side)
                image.rgba[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + k * 11)
                image.rgba[i + 3] = 255
            }
        }
        try PNGWriter.write(image, to: directory + "/img-\(k).png")
    }

    let images = ImageLibrary(searchDirectories: [directory])
    let target = try OffscreenCanvas(size: Size(width: 800, height: 600), pixelScale: 1, images: images)
    let canvas = target.canvas
    let refs = (0..<count).map { ImageRef("img-\($0)") }
    let columns = 10
    func frame() {
        canvas.beginFrame()
        canvas.clear(RGBAColor(hex: 0xF2F2F7))
        for (k, ref) in refs.enumerated() {
            let rect = Rect(x: 8 + Double(k % columns) * 78, y: 8 + Double(k / columns) * 78, width: 64, height: 64)
            canvas.drawImage(ref, in: rect, opacity: 1)
        }
    }

    struct Span { var times: [Double] = []; var mallocs = 0; var maxMallocs = 0; var allocating = 0 }
    func measure(_ span: inout Span) {
        let m0 = counting ? MallocInterposerSwift.getStatistics().mallocCount : 0
        let t0 = now()
        frame()
        let t1 = now()
        let m = counting ? MallocInterposerSwift.getStatistics().mallocCount - m0 : 0
        span.times.append(t1 - t0)
        span.mallocs += m
        span.maxMallocs = max(span.maxMallocs, m)
        if m > 0 { span.allocating += 1 }
        let next = t0 + 1000.0 / 60
        let rest = next - now()
        if rest > 0 { usleep(UInt32(rest * 1000)) }
    }
    func report(_ name: String, _ span: Span) {
        let sorted = span.times.sorted()
        var line = "\(name): \(span.times.count) frames, p50 \(ms(percentile(sorted, 0.5))), "
            + "p99 \(ms(percentile(sorted, 0.99))), max \(ms(sorted.last ?? .nan))"
        if counting { line += ", mallocs \(span.mallocs) (max \(span.maxMallocs) in a frame, \(span.allocating) frames)" }
        print(line)
    }

    var decoding = Span(), steady = Span()
    let start = now()
    repeat { measure(&decoding) } while images.pendingDecodeCount > 0 || images.hasArrivals
    let decodeWall = now() - start
    for _ in 0..<30 { frame() }   // textures made, caches warm
    for _ in 0..<300 { measure(&steady) }
    if !counting { print("(mallocs not counted: preload libMallocInterposerSwift.so to count them)") }
    report("images \(count)x\(side)px decoding (all in \(ms(decodeWall)))", decoding)
    report("images \(count) steady (draw path)", steady)
    if let error = canvas.lastError { print("last drawing error: \(error)") }
    return !counting || steady.mallocs == 0 ? 0 : 1
}

exit(try MainActor.assumeIsolated { try main() })
