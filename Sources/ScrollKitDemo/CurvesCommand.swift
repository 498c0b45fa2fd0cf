// `scrollkit-demo curves`: the subcommand's options (swift-argument-parser); CurvesRun in the gallery runs it.
import ArgumentParser
import ScrollKitGallery

/// `scrollkit-demo curves`: every named timing curve as CSV, and optionally a PNG gallery of them.
///
/// ```
/// scrollkit-demo curves --samples 11 > curves.csv
/// scrollkit-demo curves --screenshot curves.png
/// ```
///
/// Bad input prints one line `error: …` and exits with status 2, like the main command.
struct CurvesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curves",
        abstract: "Print every named timing curve as CSV (curve,t,value), or render a gallery of them.",
        discussion: """
        One row per curve and sample, for every curve of TimingCurve.allNamed (names that scripts accept \
        and the list and curves scenes offer), at N evenly spaced progress values t = i / (N - 1) from 0 to 1. \
        Values print in the shortest form that reads back to the same Double. With --screenshot, a \
        labelled plot of every curve is also rendered headless (no window) and written as PNG.
        """,
        helpNames: [.short, .long]
    )

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Samples per curve, \(OptionRanges.samples.span) (default \(CurvesConfiguration.defaultSamples)).", valueName: "N"),
            transform: OptionRanges.samples.convert)
    var samples: Int = CurvesConfiguration.defaultSamples

    @Option(help: ArgumentHelp("Also write a PNG gallery of every curve.", valueName: "FILE.png"))
    var screenshot: String?

    /// Checks the ranges and paths. Pure: no file-system access.
    func validate() throws {
        try OptionRanges.samples.check(samples, option: "--samples")
        if let screenshot, screenshot.isEmpty {
            throw CLIError("--screenshot needs a file path (got an empty string)")
        }
        try PNGPath.check(screenshot, option: "--screenshot")
    }

    /// The run these options ask for (after `validate()`).
    var curvesConfiguration: CurvesConfiguration {
        CurvesConfiguration(samples: samples, screenshotPath: screenshot)
    }
}
