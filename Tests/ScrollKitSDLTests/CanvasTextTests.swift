import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    @Suite("Text")
    @MainActor
    struct Text {
        let style = TextStyle(size: 16, weight: .regular, color: .black)
        let row = Rect(x: 0, y: 0, width: 300, height: 40)

        /// Whole-string path: drawing the same string again, even in another colour, creates no texture;
        /// another size or weight does.
        @Test func textTextureIsCachedAndTinted() throws {
            let target = try OffscreenRenderer(width: 300, height: 80)
            let canvas = target.canvas
            canvas.glyphCachingEnabled = false      // the whole-string path (glyphs: CanvasGlyphTests)
            canvas.drawText("Cached once", in: row, style: style, alignment: .leading)
            #expect(canvas.textTexturesCreated == 1)
            canvas.drawText("Cached once", in: row.offsetBy(dx: 0, dy: 40), style: style, alignment: .center)
            var red = style
            red.color = RGBAColor(r: 255, g: 0, b: 0)
            canvas.drawText("Cached once", in: row, style: red, alignment: .trailing)
            #expect(canvas.textTexturesCreated == 1)
            #expect(canvas.textCacheCount == 1)
            var bold = style
            bold.weight = .bold
            canvas.drawText("Cached once", in: row, style: bold, alignment: .leading)
            var big = style
            big.size = 24
            canvas.drawText("Cached once", in: row, style: big, alignment: .leading)
            #expect(canvas.textTexturesCreated == 3)
            #expect(canvas.isTextCached("Cached once", style: bold))
            #expect(!canvas.isTextCached("Never drawn", style: style))
        }

        /// The tint gives the asked colour: the darkest-covered pixel of red text is pure red.
        @Test func tintedTextHasTheStyleColour() throws {
            let target = try OffscreenRenderer(width: 120, height: 40)
            target.canvas.clear(.white)
            target.canvas.drawText("HIT", in: Rect(x: 0, y: 0, width: 120, height: 40),
                                   style: TextStyle(size: 30, weight: .bold, color: RGBAColor(r: 255, g: 0, b: 0)), alignment: .center)
            let image = try target.image()
            var reddest = (r: UInt8(0), g: UInt8(255), b: UInt8(255), a: UInt8(0))
            for y in 0..<image.height { for x in 0..<image.width where image[x, y].g < reddest.g { reddest = image[x, y] } }
            #expect(reddest.r == 255 && reddest.g == 0 && reddest.b == 0)
        }

        /// Beyond the LRU capacity the least recently used texture goes; a touched one stays.
        @Test func textCacheEvictsLeastRecentlyUsed() throws {
            let target = try OffscreenRenderer(width: 300, height: 40)
            let canvas = target.canvas
            canvas.glyphCachingEnabled = false      // the whole-string path
            canvas.textCacheCapacity = 3
            for word in ["alpha", "beta", "gamma"] { canvas.drawText(word, in: row, style: style, alignment: .leading) }
            canvas.drawText("alpha", in: row, style: style, alignment: .leading)     // touch: now most recent
            canvas.drawText("delta", in: row, style: style, alignment: .leading)     // evicts beta
            #expect(canvas.textCacheCount == 3)
            #expect(canvas.isTextCached("alpha", style: style))
            #expect(!canvas.isTextCached("beta", style: style))
            #expect(canvas.isTextCached("gamma", style: style))
            #expect(canvas.isTextCached("delta", style: style))
            let created = canvas.textTexturesCreated
            canvas.drawText("beta", in: row, style: style, alignment: .leading)
            #expect(canvas.textTexturesCreated == created + 1)

            // A byte budget below one texture keeps only the latest.
            canvas.textCacheByteBudget = 1
            #expect(canvas.textCacheCount == 1)
            #expect(canvas.isTextCached("beta", style: style))
            #expect(canvas.textCacheBytes > 0)
        }

        /// measureText grows with the text, with the size and with the weight.
        @Test(arguments: [TextStyle.Weight.regular, .bold])
        func measureGrowsWithText(weight: TextStyle.Weight) throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            let s = TextStyle(size: 16, weight: weight)
            var previous = canvas.measureText("", style: s)
            #expect(previous.width == 0 && previous.height > 10)
            for text in ["W", "Wi", "Wid", "Wide", "Wider text", "Wider text still, and longer"] {
                let size = canvas.measureText(text, style: s)
                #expect(size.width > previous.width, "\(text)")
                #expect(size.height == previous.height)
                previous = size
            }
            let bigger = canvas.measureText("Wide", style: TextStyle(size: 32, weight: weight))
            let normal = canvas.measureText("Wide", style: s)
            #expect(bigger.width > 1.8 * normal.width && bigger.height > 1.8 * normal.height)
        }

        @Test func boldIsWiderAndBadSizesMeasureZero() throws {
            let target = try OffscreenRenderer(width: 100, height: 100)
            let canvas = target.canvas
            let regular = canvas.measureText("Hello, world", style: TextStyle(size: 16))
            let bold = canvas.measureText("Hello, world", style: TextStyle(size: 16, weight: .bold))
            #expect(bold.width > regular.width)
            for size in [Double.nan, 0, -3, 0.2, -Double.infinity] {
                #expect(canvas.measureText("Hello", style: TextStyle(size: size)) == .zero)
                canvas.drawText("Hello", in: Rect(x: 0, y: 0, width: 100, height: 100),
                                style: TextStyle(size: size), alignment: .leading)
            }
            #expect(canvas.textTexturesCreated == 0)
        }

        /// At 2× text is rasterised at twice the pixel size: the measure in points stays about the same,
        /// the inked pixel height doubles.
        @Test func highDPIRendersAtPixelSize() throws {
            let one = try OffscreenRenderer(width: 200, height: 60, scale: 1)
            let two = try OffscreenRenderer(width: 200, height: 60, scale: 2)
            let s = TextStyle(size: 20, weight: .bold)
            let m1 = one.canvas.measureText("Crisp", style: s), m2 = two.canvas.measureText("Crisp", style: s)
            #expect(abs(m1.width - m2.width) <= 2 && abs(m1.height - m2.height) <= 1)
            func inkRows(_ target: OffscreenRenderer) throws -> Int {
                target.canvas.clear(.white)
                target.canvas.drawText("Crisp", in: Rect(x: 0, y: 0, width: 200, height: 60), style: s, alignment: .leading)
                let image = try target.image()
                var rows = 0
                for y in 0..<image.height where (0..<image.width).contains(where: { image[$0, y].r < 128 }) { rows += 1 }
                return rows
            }
            let rows1 = try inkRows(one), rows2 = try inkRows(two)
            #expect(rows1 > 10)
            #expect(abs(rows2 - 2 * rows1) <= 2, "1x: \(rows1) rows, 2x: \(rows2) rows")
        }

        /// Alignment places the text at the leading edge, the centre or the trailing edge of the rect;
        /// text wider than the rect is cut at its right edge.
        @Test(arguments: [TextAlign.leading, .center, .trailing, .left, .right])
        func alignmentAndCutting(alignment: TextAlign) throws {
            let target = try OffscreenRenderer(width: 300, height: 40)
            let canvas = target.canvas
            canvas.clear(.white)
            let s = TextStyle(size: 16, weight: .bold)
            let width = canvas.measureText("Align", style: s).width
            canvas.drawText("Align", in: Rect(x: 50, y: 0, width: 200, height: 40), style: s, alignment: alignment)
            let image = try target.image()
            let inked = (0..<300).filter { x in (0..<40).contains { image[x, $0].r < 128 } }
            let first = try #require(inked.first), last = try #require(inked.last)
            let expectedStart: Double = switch alignment {
            case .leading, .left: 50
            case .center: 50 + (200 - width) / 2
            case .trailing, .right: 250 - width
            }
            #expect(abs(Double(first) - expectedStart) <= 3, "ink starts at \(first), expected about \(expectedStart)")
            #expect(Double(last) <= expectedStart + width)

            canvas.clear(.white)
            canvas.drawText("A rather long line of text", in: Rect(x: 10, y: 0, width: 60, height: 40), style: s, alignment: alignment)
            let cut = try target.image()
            let cutInk = (0..<300).filter { x in (0..<40).contains { cut[x, $0].r < 200 } }
            #expect(try #require(cutInk.last) < 70)
            #expect(try #require(cutInk.first) >= 10)
        }

        /// With Noto Color Emoji registered, an emoji-only string is drawn in colour at the asked size.
        @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")))
        func colourEmoji() throws {
            let fonts = FontLibrary()
            try fonts.registerEmojiFont(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
            let target = try OffscreenRenderer(width: 120, height: 60, fonts: fonts)
            let canvas = target.canvas
            canvas.clear(.white)
            #expect(FontLibrary.isEmojiOnly("😀"))
            #expect(FontLibrary.isEmojiOnly("👍🏽"))
            #expect(FontLibrary.isEmojiOnly("❤️"))
            #expect(!FontLibrary.isEmojiOnly("1"))
            #expect(!FontLibrary.isEmojiOnly("Hi 😀"))
            let size = canvas.measureText("😀", style: TextStyle(size: 32))
            #expect(size.width > 28 && size.width < 48)
            canvas.drawText("😀", in: Rect(x: 0, y: 0, width: 60, height: 60), style: TextStyle(size: 32), alignment: .center)
            canvas.drawText("🍕", in: Rect(x: 60, y: 0, width: 60, height: 60), style: TextStyle(size: 32), alignment: .center)
            #expect(canvas.lastError == nil)
            let image = try target.image()
            var yellow = 0
            for y in 0..<60 { for x in 0..<60 { let p = image[x, y]; if p.r > 200 && p.g > 150 && p.b < 90 { yellow += 1 } } }
            #expect(yellow > 200, "only \(yellow) yellow pixels: the emoji was not drawn in colour")
            if ProcessInfo.processInfo.environment["SCROLLKIT_KEEP_EMOJI_PNG"] == "1" {
                try PNGWriter.write(image, to: NSTemporaryDirectory() + "emoji.png")
            }
        }
    }
}
