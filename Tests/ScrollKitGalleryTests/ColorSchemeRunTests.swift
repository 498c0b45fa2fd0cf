// `--color-scheme` through the built demo: dark screenshots of the list, inbox and contacts scenes are dark
// from top to bottom, SCROLLKIT_COLOR_SCHEME gives the same pixels, and a bad scheme is one line and exit 2.

import Foundation
import ScrollKitSDL
import Testing

@Suite(.serialized) struct ColorSchemeRunTests {
    static func screenshot(scene: String, arguments: [String], environment: [String: String?] = [:]) throws -> RGBAImage {
        let dir = try DemoProcess.temporaryDirectory("scheme")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("s.png")
        let result = try DemoProcess.run(["--headless", "--scene", scene, "--frames", "20", "--screenshot", png.path] + arguments,
                                         environment: environment)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try PNGWriter.read(path: png.path)
    }

    @Test("dark is dark from top to bottom, and the environment variable gives the same pixels", arguments: ["list", "inbox", "contacts"])
    func darkFromTopToBottom(_ scene: String) throws {
        let flag = try Self.screenshot(scene: scene, arguments: ["--color-scheme", "dark"],
                                       environment: ["SCROLLKIT_COLOR_SCHEME": nil])
        let env = try Self.screenshot(scene: scene, arguments: [], environment: ["SCROLLKIT_COLOR_SCHEME": "dark"])
        #expect(flag == env)
        let light = try Self.screenshot(scene: scene, arguments: [], environment: ["SCROLLKIT_COLOR_SCHEME": nil])
        let image = flag, lightImage = light
        // Every band of 20 rows, below the gallery's own (always dark) tab bar, is mostly dark: its median
        // luminance is under 0.25, where the light theme's bands are over 0.6.
        var y = 44
        while y + 20 <= image.height {
            let dark = image.medianLuminance(rows: y..<(y + 20)), bright = lightImage.medianLuminance(rows: y..<(y + 20))
            #expect(dark < 0.25, "\(scene): rows \(y)..<\(y + 20) have median luminance \(dark)")
            #expect(bright > 0.6, "\(scene) (light): rows \(y)..<\(y + 20) have median luminance \(bright)")
            y += 20
        }
    }

    @Test("a scheme that is not light, dark or high-contrast is one error line and exit 2")
    func badScheme() throws {
        let result = try DemoProcess.run(["--headless", "--frames", "1", "--color-scheme", "sepia"])
        #expect(result.status == 2 && result.exited)
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("error:"), "\(result.stderr)")
    }
}

extension RGBAImage {
    /// The median WCAG relative luminance of the pixels in `rows`.
    func medianLuminance(rows: Range<Int>) -> Double {
        func channel(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        var values: [Double] = []
        for y in rows where y < height {
            for x in stride(from: 0, to: width, by: 2) {
                let p = self[x, y]
                values.append(0.2126 * channel(p.r) + 0.7152 * channel(p.g) + 0.0722 * channel(p.b))
            }
        }
        values.sort()
        return values.isEmpty ? 0 : values[values.count / 2]
    }
}
