// GoldenImage: checking a headless frame against a golden PNG (GoldenCheck says what it found).

import Foundation
import ScrollKitSDL

/// What checking a frame against a golden PNG found (`GoldenImage.check`).
public enum GoldenCheck: Sendable, Equatable {
    /// Update mode: the golden was (re)written from the actual image.
    case written(golden: String)
    /// No golden yet: the actual image was written to `actualPath`.
    case missing(golden: String, actualPath: String)
    /// Within tolerance (stale `.actual.png` / `.diff.png` side files were removed).
    case matches(ImageDifference)
    /// Beyond tolerance: the actual image and a picture of the difference were written beside the golden.
    case mismatch(ImageDifference, actualPath: String, diffPath: String)

    /// The difference found, if the images were compared.
    public var difference: ImageDifference? {
        switch self {
        case .matches(let difference), .mismatch(let difference, _, _): return difference
        case .written, .missing: return nil
        }
    }

    /// A one-paragraph failure message for a test (nil when it matched or the golden was written).
    public var problem: String? {
        switch self {
        case .written, .matches: return nil
        case .missing(let golden, let actualPath):
            return "golden \(golden) is missing; the actual image is at \(actualPath). Run with SCROLLKIT_UPDATE_GOLDENS=1 to create it."
        case .mismatch(let difference, let actualPath, let diffPath):
            return "does not match its golden: \(difference). Wrote \(actualPath) and \(diffPath). If the change is intended: SCROLLKIT_UPDATE_GOLDENS=1."
        }
    }
}

/// Golden-image checks for headless tests of UIs built on ScrollKit.
///
/// ```swift
/// let frame = try PNGWriter.readPixels(renderer: host.renderer)
/// if case .mismatch(let difference, let actual, let diff) = try GoldenImage.check(frame, against: "Golden/list.png") {
///     Issue.record("list: \(difference); see \(actual) and \(diff)")
/// }
/// ```
public enum GoldenImage {
    /// Whether the environment asks to rewrite goldens (`SCROLLKIT_UPDATE_GOLDENS=1`).
    public static var updateRequested: Bool {
        ProcessInfo.processInfo.environment["SCROLLKIT_UPDATE_GOLDENS"] == "1"
    }

    /// Compares `actual` with the PNG at `golden`: it matches when at most `maxDifferingFraction` of the pixels
    /// differ by more than `channelTolerance` in some channel. On a mismatch it writes `<name>.actual.png` and
    /// `<name>.diff.png` beside the golden; with `update` it writes the golden instead of comparing.
    /// - Throws: an `SDLError` naming the file when the golden cannot be read or a file cannot be written.
    public static func check(_ actual: RGBAImage, against golden: String, channelTolerance: Int = 8,
                             maxDifferingFraction: Double = 0.005, update: Bool = updateRequested) throws -> GoldenCheck {
        let base = (golden as NSString).deletingPathExtension
        let actualPath = base + ".actual.png", diffPath = base + ".diff.png"
        let files = FileManager.default
        if update {
            try files.createDirectory(atPath: (golden as NSString).deletingLastPathComponent,
                                      withIntermediateDirectories: true)
            try PNGWriter.write(actual, to: golden)
            try? files.removeItem(atPath: actualPath)
            try? files.removeItem(atPath: diffPath)
            return .written(golden: golden)
        }
        guard files.fileExists(atPath: golden) else {
            try PNGWriter.write(actual, to: actualPath)
            return .missing(golden: golden, actualPath: actualPath)
        }
        let expected = try PNGWriter.read(path: golden)
        let difference = actual.difference(from: expected, tolerance: channelTolerance)
        guard difference.sizeMismatch || difference.differingFraction > maxDifferingFraction else {
            try? files.removeItem(atPath: actualPath)
            try? files.removeItem(atPath: diffPath)
            return .matches(difference)
        }
        try PNGWriter.write(actual, to: actualPath)
        try PNGWriter.write(actual.differenceImage(from: expected, tolerance: channelTolerance), to: diffPath)
        return .mismatch(difference, actualPath: actualPath, diffPath: diffPath)
    }
}
