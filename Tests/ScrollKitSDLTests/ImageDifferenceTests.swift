import Testing
import Foundation
import ScrollKitSDL
import ScrollKitTesting

@Suite struct ImageDifferenceTests {
    @Test("difference counts pixels beyond the tolerance and the largest channel delta")
    func countsPixelsBeyondTolerance() {
        let expected = RGBAImage(width: 4, height: 3, fill: (100, 100, 100, 255))
        var actual = expected
        actual.rgba[0] = 110            // pixel (0, 0): +10 red, beyond 8
        actual.rgba[4 * 5 + 2] = 95     // pixel (1, 1): −5 blue, within 8
        let diff = actual.difference(from: expected, tolerance: 8)
        #expect(!diff.sizeMismatch)
        #expect(diff.differingPixels == 1)
        #expect(diff.maxChannelDelta == 10)
        #expect(diff.totalPixels == 12)
        #expect(actual.difference(from: expected, tolerance: 4).differingPixels == 2)
        #expect(expected.difference(from: expected).differingPixels == 0)

        let picture = actual.differenceImage(from: expected, tolerance: 8)
        #expect(picture[0, 0].r == 138 && picture[0, 0].g == 0)      // red, 128 + 10
        #expect(picture[1, 1].r == 255 && picture[1, 1].g == 160)    // orange: within tolerance, not identical
        #expect(picture[2, 2].r == picture[2, 2].g)                  // grey: identical
    }

    @Test("images of different sizes differ everywhere")
    func sizeMismatch() {
        let diff = RGBAImage(width: 2, height: 2).difference(from: RGBAImage(width: 3, height: 2))
        #expect(diff.sizeMismatch)
        #expect(diff.differingPixels == 6 && diff.totalPixels == 6)
        #expect(RGBAImage(width: 0, height: 0).difference(from: RGBAImage(width: 0, height: 0)).differingFraction == 0)
    }
}

@Suite struct GoldenImageTests {
    @Test("GoldenImage.check: missing, matching, mismatching with side files, and update mode")
    func checkLifecycle() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollkit-goldencheck-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let golden = directory + "/g.png"
        let grey = RGBAImage(width: 6, height: 6, fill: (90, 90, 90, 255))
        let red = RGBAImage(width: 6, height: 6, fill: (200, 0, 0, 255))

        let missing = try GoldenImage.check(grey, against: golden, update: false)
        #expect(missing == .missing(golden: golden, actualPath: directory + "/g.actual.png"))
        #expect(missing.problem?.contains("missing") == true)

        #expect(try GoldenImage.check(grey, against: golden, update: true) == .written(golden: golden))
        let match = try GoldenImage.check(grey, against: golden, update: false)
        #expect(match.problem == nil && match.difference?.differingPixels == 0)
        #expect(!FileManager.default.fileExists(atPath: directory + "/g.actual.png"))

        let mismatch = try GoldenImage.check(red, against: golden, update: false)
        #expect(mismatch.difference?.differingPixels == 36)
        #expect(mismatch.problem?.contains("g.diff.png") == true)
        #expect(try PNGWriter.read(path: directory + "/g.actual.png") == red)
        #expect(FileManager.default.fileExists(atPath: directory + "/g.diff.png"))
    }
}
