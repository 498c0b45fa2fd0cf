import CSDL2
import CScrollKitPixels
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTesting
import ScrollKitTestSupport
import SplitMix
import Testing

extension CanvasTests {
    /// Disc batches (`fillCircles`) on the software target, and the disc kernel behind them.
    @Suite("Disc batches")
    @MainActor
    struct DiscBatches {
        /// Circles of every kind a batch meets: ordinary ones, opaque and faint, cut by the edges,
        /// under a pixel, larger than the cached masks, and some that draw nothing (NaN, zero, clear).
        static func circles(count: Int, width: Double, height: Double, seed: UInt64) -> [CircleFill] {
            var g = SplitMix64(seed: seed)
            var circles: [CircleFill] = []
            for i in 0..<count {
                let alpha: UInt8 = i % 7 == 0 ? 255 : max(1, g.byte())
                var circle = CircleFill(center: Point(x: g.unit() * (width + 60) - 30, y: g.unit() * (height + 60) - 30),
                                        radius: 2 + g.unit() * 24,
                                        color: RGBAColor(r: g.byte(), g: g.byte(), b: g.byte(), a: alpha))
                switch i % 97 {
                case 11: circle.radius = 0.3
                case 23: circle.radius = 150
                case 37: circle.radius = .nan
                case 41: circle.color.a = 0
                case 53: circle.center.x = .infinity
                case 67: circle.radius = 0
                default: break
                }
                circles.append(circle)
            }
            return circles
        }

        /// Draws the same scene with `fillCircle` one by one and as one batch (one or two threads), at
        /// 1x and 2x, translated and clipped: the pixels are identical, byte for byte.
        @Test(arguments: [(1.0, 1), (1.0, 2), (2.0, 2)])
        func batchDrawsTheSamePixelsAsOneByOne(scale: Double, threads: Int) throws {
            let circles = Self.circles(count: 1500, width: 320, height: 240, seed: 0x5EED)
            func render(batch: Bool) throws -> RGBAImage {
                let target = try OffscreenRenderer(width: 320, height: 240, scale: scale, direct: true)
                let canvas = target.canvas
                canvas.rasterThreads = threads
                canvas.clear(RGBAColor(hex: 0x101828))
                canvas.fill(Rect(x: 40, y: 30, width: 200, height: 120), color: RGBAColor(r: 200, g: 220, b: 255, a: 90))
                canvas.pushTranslation(dx: 7.25, dy: -3.5)
                canvas.pushClip(Rect(x: 10, y: 12, width: 290, height: 200))
                if batch {
                    canvas.fillCircles(Array(circles[..<700]))
                    canvas.fill(Rect(x: 0, y: 100, width: 320, height: 8), color: RGBAColor(r: 255, g: 255, b: 255, a: 120))
                    canvas.fillCircles(Array(circles[700...]))
                } else {
                    for (i, c) in circles.enumerated() {
                        if i == 700 {
                            canvas.fill(Rect(x: 0, y: 100, width: 320, height: 8), color: RGBAColor(r: 255, g: 255, b: 255, a: 120))
                        }
                        canvas.fillCircle(center: c.center, radius: c.radius, color: c.color)
                    }
                }
                canvas.popClip()
                canvas.popTranslation()
                #expect(canvas.lastError == nil)
                return try target.image()
            }
            let oneByOne = try render(batch: false)
            let batched = try render(batch: true)
            let difference = batched.difference(from: oneByOne, tolerance: 0)
            #expect(difference.differingPixels == 0, "\(difference)")
            // The scene is not trivially empty: most of the clip is covered by discs.
            let covered = stride(from: 20, to: 290, by: 10).filter { oneByOne[Int(Double($0) * scale), Int(60 * scale)] != oneByOne[0, 0] }
            #expect(covered.count > 20)
        }

        /// A batch that is large enough is split into two bands on two threads, and the band border
        /// leaves no seam: the pixels equal those of the one-thread batch.
        @Test func twoThreadsEqualOneThread() throws {
            let circles = Self.circles(count: 4000, width: 400, height: 300, seed: 42)
            func render(threads: Int) throws -> RGBAImage {
                let target = try OffscreenRenderer(width: 400, height: 300, direct: true)
                target.canvas.rasterThreads = threads
                target.canvas.clear(.black)
                target.canvas.fillCircles(circles)
                #expect(target.canvas.rasterThreads == threads)
                return try target.image()
            }
            let one = try render(threads: 1)
            let two = try render(threads: 2)
            #expect(one == two)
        }

        /// Without a software target (SDL's own drawing, as on a GPU) a batch is quads of the disc atlas
        /// in one geometry call: the same discs as `fillCircle` draws one by one (within 2 per channel,
        /// SDL's geometry and copy paths round differently), larger circles drawn in their place.
        @Test(arguments: [1.0, 2.0])
        func batchThroughSDLMatchesOneByOne(scale: Double) throws {
            let circles = Self.circles(count: 400, width: 160, height: 120, seed: 7)
            func render(batch: Bool) throws -> (RGBAImage, SDLCanvas) {
                let target = try OffscreenRenderer(width: 160, height: 120, scale: scale)
                let canvas = target.canvas
                canvas.clear(RGBAColor(hex: 0x223344))
                canvas.pushTranslation(dx: 3, dy: 2)
                canvas.pushClip(Rect(x: 5, y: 5, width: 140, height: 100))
                if batch {
                    canvas.fillCircles(circles)
                } else {
                    for c in circles { canvas.fillCircle(center: c.center, radius: c.radius, color: c.color) }
                }
                canvas.popClip()
                canvas.popTranslation()
                #expect(!canvas.isCompositingDirectly)
                #expect(canvas.lastError == nil)
                return (try target.image(), canvas)
            }
            let (oneByOne, single) = try render(batch: false)
            let (batched, atlas) = try render(batch: true)
            let difference = batched.difference(from: oneByOne, tolerance: 2)
            #expect(difference.differingPixels == 0, "\(difference)")
            // One texture per diameter one by one; in the batch only the circles above 64 px (and
            // those under a pixel, faded by area on a 1 px texture) need one.
            let large = Set(circles.compactMap { c -> Int? in
                let diameter = 2 * c.radius * scale
                guard c.color.a > 0, diameter.isFinite, diameter > 0, c.center.x.isFinite else { return nil }
                return diameter < 1 ? 1 : diameter.rounded() > 64 ? Int(diameter.rounded()) : nil
            })
            #expect(single.circleTexturesCreated > large.count + 20)
            #expect(atlas.circleTexturesCreated <= large.count)
        }

        /// The disc kernels' rounding multiply: (c · K + 2^14) >> 15 (vpmulhrsw) is SDL's
        /// (c · alpha + 127) / 255 for every coverage and alpha, so the fast kernels blend exactly.
        @Test func alphaRoundingFactorIsExact() {
            for alpha in 0...255 {
                let k = Int(sk_disc_alpha_factor(UInt8(alpha)))
                #expect(k >= 0 && k <= 32767)
                let wrong = (0...255).filter { c in (c * k + 16384) >> 15 != (c * alpha + 127) / 255 }
                #expect(wrong.isEmpty, "alpha \(alpha), factor \(k): coverage \(wrong.prefix(5))")
            }
        }

        /// Whole discs (every column visible, room past the row ends: the kernel's fast path) in every
        /// alpha over random pixels: the same pixels as the portable kernel, and nothing changed outside
        /// the disc's square.
        @Test(arguments: [25, 32, 33, 40, 47, 52])
        func wholeDiscKernelMatchesPortableInEveryAlpha(diameter: Int) {
            let spans = DiscSpans(diameter: Int32(diameter))
            var g = SplitMix64(seed: UInt64(diameter) * 104_729 + 3)
            let width = diameter + 16, height = diameter + 2, x = 1, y = 1
            for alpha in 1...255 {
                let background = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: g.next()) }
                var fast = background, reference = background
                let (r, gg, b) = (g.byte(), g.byte(), g.byte())
                fast.withUnsafeMutableBufferPointer { p in
                    sk_blend_disc(p.baseAddress! + y * width + x, Int32(width), spans.coverage, spans.stride, spans.rows,
                                  Int32(diameter), 0, Int32(diameter), 0, Int32(diameter), Int32(diameter + 7),
                                  r, gg, b, UInt8(alpha))
                }
                reference.withUnsafeMutableBufferPointer { p in
                    sk_blend_disc_portable(p.baseAddress! + y * width + x, Int32(width), spans.coverage, spans.stride,
                                           spans.rows, 0, Int32(diameter), 0, Int32(diameter), r, gg, b, UInt8(alpha))
                }
                if fast != reference {
                    let i = fast.indices.first { fast[$0] != reference[$0] }!
                    Issue.record("""
                        diameter \(diameter), alpha \(alpha): pixel (\(i % width - x), \(i / width - y)) is \
                        \(String(fast[i], radix: 16)), portable kernel \(String(reference[i], radix: 16))
                        """)
                    return
                }
                let outside = (0..<(width * height)).filter { i in
                    let column = i % width - x, row = i / width - y
                    return (column < 0 || column >= diameter || row < 0 || row >= diameter) && fast[i] != background[i]
                }
                #expect(outside.isEmpty, "diameter \(diameter), alpha \(alpha): changed outside the disc")
            }
        }

        /// The disc kernel the batch runs (AVX2 when the CPU has it) writes exactly what the portable
        /// one does, for every diameter, colour, partial rows and columns, and a right-hand limit just
        /// past the disc; and nothing outside the visible part.
        @Test(arguments: [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100])
        func kernelMatchesPortableKernel(diameter: Int) {
            let spans = DiscSpans(diameter: Int32(diameter))
            var g = SplitMix64(seed: UInt64(diameter) * 7919 + 1)
            let width = diameter + 24, height = diameter + 2
            for trial in 0..<24 {
                let background = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: g.next()) }
                var fast = background, reference = background
                let alphas: [UInt8?] = [255, 1, nil, 254]
                let alpha = alphas[trial % 4] ?? max(1, g.byte())
                let (r, gg, b) = (g.byte(), g.byte(), g.byte())
                let r0 = trial % 3 == 0 ? Int(g.next() % UInt64(diameter)) : 0
                let c0 = trial % 5 == 0 ? Int(g.next() % UInt64(diameter)) : 0
                let c1 = trial % 2 == 0 ? diameter : c0 + 1 + Int(g.next() % UInt64(diameter - c0))
                let limit = c1 + Int(g.next() % 24)   // the kernel may overhang the disc up to here
                let x = 1, y = 1
                fast.withUnsafeMutableBufferPointer { p in
                    sk_blend_disc(p.baseAddress! + y * width + x, Int32(width), spans.coverage, spans.stride, spans.rows,
                                  Int32(diameter), Int32(r0), Int32(diameter), Int32(c0), Int32(c1), Int32(min(limit, width - x)),
                                  r, gg, b, alpha)
                }
                reference.withUnsafeMutableBufferPointer { p in
                    sk_blend_disc_portable(p.baseAddress! + y * width + x, Int32(width), spans.coverage, spans.stride,
                                           spans.rows, Int32(r0), Int32(diameter), Int32(c0), Int32(c1), r, gg, b, alpha)
                }
                if let i = fast.indices.first(where: { fast[$0] != reference[$0] }) {
                    Issue.record("""
                        diameter \(diameter), trial \(trial) (rows \(r0)..<\(diameter), columns \(c0)..<\(c1), limit \(limit), \
                        alpha \(alpha), avx2 \(sk_blend_uses_avx2())): pixel (\(i % width - x), \(i / width - y)) is \
                        \(String(fast[i], radix: 16)), portable kernel \(String(reference[i], radix: 16))
                        """)
                    return
                }
                // Outside the visible columns and rows nothing changed.
                for row in 0..<height {
                    for column in 0..<width {
                        let mc = column - x, mr = row - y
                        if mc >= c0, mc < c1, mr >= r0, mr < diameter { continue }
                        if fast[row * width + column] != background[row * width + column] {
                            Issue.record("""
                                diameter \(diameter), trial \(trial): pixel (\(column - x), \(row - y)) changed outside \
                                rows \(r0)..<\(diameter), columns \(c0)..<\(c1)
                                """)
                            return
                        }
                    }
                }
            }
        }
    }
}

extension SplitMix64 {
    /// Eight random bits (of the next output's upper half), for colours.
    fileprivate mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 32) }
}
