// Golden-image checks for this package's test targets: ScrollKitTesting's `GoldenImage.expectMatch` (the
// comparison, the side files and the update mode live there, for users' tests too) under the name the tests
// have always used.
//
// Goldens live in a `Golden/` folder beside the test files. On a mismatch `<name>.actual.png` and
// `<name>.diff.png` are written beside the golden (git-ignored). `SCROLLKIT_UPDATE_GOLDENS=1` writes
// the golden instead of comparing.
import ScrollKitSDL
import ScrollKitTesting
import Testing

public enum GoldenImages {
    /// The `Golden` folder beside the source file `file` (pass `#filePath`).
    public static func directory(besides file: String) -> String { GoldenImage.directory(besides: file) }

    /// Whether `SCROLLKIT_UPDATE_GOLDENS=1` asks to (re)write goldens instead of comparing.
    public static var updating: Bool { GoldenImage.updateRequested }

    /// Checks `actual` against `<directory>/<name>.png` (see `GoldenImage.expectMatch`).
    @discardableResult
    public static func expectMatch(
        _ actual: RGBAImage, named name: String, in directory: String,
        channelTolerance: Int = 8, maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageDifference? {
        GoldenImage.expectMatch(actual, named: name, in: directory, channelTolerance: channelTolerance,
                                maxDifferingFraction: maxDifferingFraction, sourceLocation: sourceLocation)
    }
}
