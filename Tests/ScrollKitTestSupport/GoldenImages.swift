// Golden-image checks for the test targets, on ScrollKitSDL's `GoldenImage.check` (the comparison, the
// side files and the update mode live there, for users' CI too); this adds only what needs Testing:
// a mismatch becomes a recorded issue at the caller's line.
//
// Goldens live in a `Golden/` folder beside the test files. On a mismatch `<name>.actual.png` and
// `<name>.diff.png` are written beside the golden (git-ignored). `SCROLLKIT_UPDATE_GOLDENS=1` writes
// the golden instead of comparing.
import Foundation
import ScrollKitSDL
import Testing

public enum GoldenImages {
    /// The `Golden` folder beside the source file `file` (pass `#filePath`).
    public static func directory(besides file: String) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden").path
    }

    /// Whether `SCROLLKIT_UPDATE_GOLDENS=1` asks to (re)write goldens instead of comparing.
    public static var updating: Bool { GoldenImage.updateRequested }

    /// Checks `actual` against `<directory>/<name>.png`: at most `maxDifferingFraction` of the pixels may
    /// differ by more than `channelTolerance`. Anything else is recorded as an issue naming the side files.
    /// - Returns: the difference, or nil when the golden was (re)written, missing or unreadable.
    @discardableResult
    public static func expectMatch(
        _ actual: RGBAImage, named name: String, in directory: String,
        channelTolerance: Int = 8, maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageDifference? {
        let golden = (directory as NSString).appendingPathComponent(name + ".png")
        do {
            let result = try GoldenImage.check(actual, against: golden, channelTolerance: channelTolerance,
                                               maxDifferingFraction: maxDifferingFraction)
            if let problem = result.problem { Issue.record("\(name) \(problem)", sourceLocation: sourceLocation) }
            return result.difference
        } catch {
            Issue.record("golden check of \(name) failed: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}
