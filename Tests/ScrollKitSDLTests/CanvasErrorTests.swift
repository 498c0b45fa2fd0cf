import CSDL2
import Foundation
import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTestSupport
import Testing

extension CanvasTests {
    @Suite("Files and errors")
    @MainActor
    struct Files {
        func scratchDirectory(_ name: String) throws -> String {
            let directory = NSTemporaryDirectory() + "scrollkit-canvas-\(name)-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return directory
        }

        /// The bundled fonts are found in the ScrollKitAssets resource bundle (`BundledAssets`) and open.
        @Test func bundledFontsOpen() throws {
            let fonts = FontLibrary()
            try fonts.validate()
            #expect(fonts.path(forFace: FontLibrary.boldFace)?.hasSuffix("ScrollKit_ScrollKitAssets.resources/Fonts/DejaVuSans-Bold.ttf") == true)
            _ = try fonts.font(for: .regular, pixelSize: 14)
            _ = try fonts.font(for: .regular, pixelSize: 14)
            _ = try fonts.font(for: .bold, pixelSize: 14)
            #expect(fonts.openFontCount == 4)           // 16 px regular and bold from validate(), then 14 px of each
        }

        @Test func missingFontIsAnErrorNamingTheFile() throws {
            let fonts = FontLibrary()
            let path = "/nonexistent/scrollkit/NoSuchFont.ttf"
            let error = #expect(throws: SDLError.self) { try fonts.register(fontFile: path, as: "mono") }
            #expect(error?.path == path)
            #expect(error?.description.contains(path) == true)
            #expect(throws: SDLError.self) { try fonts.registerEmojiFont(path: path) }
            #expect(throws: SDLError.self) { try fonts.font(face: "unregistered", pixelSize: 12) }
        }

        @Test func corruptFontIsAnErrorNamingTheFile() throws {
            let path = try scratchDirectory("fonts") + "/Broken.ttf"
            try Data("this is not a TrueType font".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: SDLError.self) { try FontLibrary().register(fontFile: path, as: "broken") }
            #expect(error?.description.contains(path) == true)
        }

        /// Another font file can be registered for a weight; text then uses it.
        @Test func registeringAFontReplacesTheFace() throws {
            let mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
            guard FileManager.default.fileExists(atPath: mono) else { return }
            let fonts = FontLibrary()
            let style = TextStyle(size: 16)
            let target = try OffscreenRenderer(width: 100, height: 40, fonts: fonts)
            let proportional = target.canvas.measureText("iiii", style: style).width
            try fonts.register(fontFile: mono, as: FontLibrary.regularFace)
            let other = try OffscreenRenderer(width: 100, height: 40, fonts: fonts)
            #expect(other.canvas.measureText("iiii", style: style).width > proportional)
        }

        @Test func missingImageIsAnErrorNamingIt() throws {
            let directory = try scratchDirectory("images")
            let images = ImageLibrary(searchDirectories: [directory], decoding: .synchronous)
            let error = #expect(throws: SDLError.self) { try images.surface(named: "no-such-image") }
            #expect(error?.description.contains("no-such-image") == true)

            let target = try OffscreenRenderer(width: 20, height: 20, images: images)
            target.canvas.clear(.white)
            target.canvas.drawImage(ImageRef("no-such-image"), in: Rect(x: 0, y: 0, width: 20, height: 20), opacity: 1)
            #expect(target.canvas.lastError?.description.contains("no-such-image") == true)
            let drawn = try target.image()
            #expect(drawn[10, 10] != (255, 255, 255, 255))   // the fallback: a crossed placeholder
            #expect(drawn[0, 0] == (255, 255, 255, 255))     // its rounded corner
            #expect(throws: SDLError.self) { try target.canvas.loadImage(ImageRef("no-such-image")) }
        }

        @Test func corruptImageIsAnErrorNamingTheFile() throws {
            let directory = try scratchDirectory("images")
            let path = directory + "/broken.png"
            try Data("not a PNG".utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: SDLError.self) { try ImageLibrary(searchDirectories: [directory]).surface(named: "broken") }
            #expect(error?.path == path)
            #expect(error?.description.contains(path) == true)
        }

        /// An image found by name (extension tried) draws scaled with its opacity.
        @Test func imageDrawsScaledWithOpacity() throws {
            let images = ImageLibrary(searchDirectories: ["/nonexistent", try makeTestImageDirectory()], decoding: .synchronous)
            #expect(images.resolve("gradient")?.hasSuffix("/gradient.png") == true)
            let target = try OffscreenRenderer(width: 64, height: 64, images: images)
            #expect(try target.canvas.loadImage(ImageRef("gradient")) == Size(width: 16, height: 16))
            target.canvas.clear(.black)
            target.canvas.drawImage(ImageRef("gradient"), in: Rect(x: 0, y: 0, width: 64, height: 64), opacity: 1)
            target.canvas.drawImage(ImageRef("gradient"), in: Rect(x: 0, y: 0, width: 16, height: 16), opacity: 1)
            var image = try target.image()
            #expect(image[63, 63].g > 200 && image[63, 63].r > 200)    // bottom right of the gradient, scaled
            #expect(image[0, 0] == (0, 0, 0, 255))                    // a transparent texel at 1:1 shows black
            #expect(image[1, 0] == (17, 120, 247, 255))               // an opaque one is exact
            target.canvas.clear(.black)
            target.canvas.drawImage(ImageRef("gradient"), in: Rect(x: 0, y: 0, width: 64, height: 64), opacity: 0.5)
            image = try target.image()
            #expect(abs(Int(image[63, 63].g) - 0xF8 / 2) <= 4)
        }

        @Test func pngRoundTrip() throws {
            let target = try OffscreenRenderer(width: 40, height: 30)
            target.canvas.clear(RGBAColor(hex: 0x123456))
            target.canvas.fillCircle(center: Point(x: 20, y: 15), radius: 10, color: RGBAColor(hex: 0xFFCC00, alpha: 200))
            let path = try scratchDirectory("png") + "/roundtrip.png"
            try PNGWriter.write(renderer: target.renderer, to: path)
            let read = try PNGWriter.read(path: path)
            #expect(read == (try target.image()))
            #expect(read.width == 40 && read.height == 30 && read[0, 0] == (0x12, 0x34, 0x56, 255))
        }

        @Test(arguments: ["/nonexistent-scrollkit-dir/shot.png", NSTemporaryDirectory()])
        func unwritablePNGPathIsAnErrorNamingIt(path: String) throws {
            let target = try OffscreenRenderer(width: 10, height: 10)
            let error = #expect(throws: SDLError.self) { try PNGWriter.write(renderer: target.renderer, to: path) }
            #expect(error?.path == path)
            #expect(error?.description.contains(path) == true)
            #expect(throws: SDLError.self) { try PNGWriter.write(RGBAImage(width: 2, height: 2), to: path) }
            #expect(throws: SDLError.self) { try PNGWriter.read(path: "/nonexistent-scrollkit-dir/none.png") }
        }
    }
}
