// Golden-image expectations for Swift Testing: a mismatch becomes a recorded issue at the caller's line, naming
// the actual and difference PNGs written beside the golden.

import Foundation
import ScrollKitSDL
import Testing

extension GoldenImage {
    /// The `Golden` folder beside the source file `file` (pass `#filePath`): where a test's goldens live.
    public static func directory(besides file: String) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden").path
    }

    /// Checks `actual` against `<directory>/<name>.png`: at most `maxDifferingFraction` of the pixels may
    /// differ by more than `channelTolerance` (0...255) in some channel. Anything else is recorded as an issue
    /// naming the `.actual.png` and `.diff.png` written beside the golden. `SCROLLKIT_UPDATE_GOLDENS=1` writes
    /// the golden instead.
    /// - Returns: the difference, or nil when the golden was (re)written, missing or unreadable.
    @discardableResult
    public static func expectMatch(
        _ actual: RGBAImage, named name: String, in directory: String,
        channelTolerance: Int = 8, maxDifferingFraction: Double = 0.005,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageDifference? {
        let golden = (directory as NSString).appendingPathComponent(name + ".png")
        do {
            let result = try check(actual, against: golden, channelTolerance: channelTolerance,
                                   maxDifferingFraction: maxDifferingFraction)
            if let problem = result.problem { Issue.record("\(name) \(problem)", sourceLocation: sourceLocation) }
            return result.difference
        } catch {
            Issue.record("golden check of \(name) failed: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

extension TestApp {
    /// Expects the last frame to match the golden `<directory>/<name>.png` (see
    /// ``GoldenImage/expectMatch(_:named:in:channelTolerance:maxDifferingFraction:sourceLocation:)``);
    /// `directory` defaults to the `Golden` folder beside the calling test file.
    @discardableResult
    public func expectScreenshot(
        matches name: String, in directory: String? = nil, channelTolerance: Int = 8,
        maxDifferingFraction: Double = 0.005, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ImageDifference? {
        let frame: RGBAImage
        do { frame = try screenshot() } catch {
            Issue.record("cannot read the frame for \(name): \(error)", sourceLocation: sourceLocation)
            return nil
        }
        return GoldenImage.expectMatch(frame, named: name, in: directory ?? GoldenImage.directory(besides: filePath),
                                       channelTolerance: channelTolerance, maxDifferingFraction: maxDifferingFraction,
                                       sourceLocation: sourceLocation)
    }
}
