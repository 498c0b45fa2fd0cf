// `scrollkit-demo text`: the subcommand's options (swift-argument-parser); TextDump in the gallery lays out and prints.
import ArgumentParser
import ScrollKit
import ScrollKitGallery

/// `scrollkit-demo text [--width PT] [--font-size PT] [--direction auto|ltr|rtl] [--json] TEXT`: a label laid out
/// as ScrollKit lays it out (shaped with HarfBuzz, fallback fonts, bidi reordering, line breaks), for people
/// debugging their own text. Bad input prints one line `error: …` and exits with status 2.
struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Lay a text out with ScrollKit's fonts and print its lines, or its glyphs as JSON.",
        discussion: """
        Without --json, one line per laid-out line: its range in Unicode scalars, its width in points, \
        its paragraph direction and its text. With --json: {"direction":"ltr|rtl","lines":[{"range":[start,end],\
        "width":W,"runs":[{"font":"FILE NAME","direction":"ltr|rtl","range":[s,e],"glyphs":[{"id":G,"cluster":C,\
        "x":X,"advance":A}]}]}]} with runs in visual order, x the pen position from the line's left edge in points, \
        ranges and clusters in Unicode scalars of TEXT.
        """,
        helpNames: [.short, .long]
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("The line width in points, above 0 (default 320).", valueName: "PT"))
    var width: Double = TextDumpConfiguration.defaultWidth

    @Option(name: .customLong("font-size"), parsing: .unconditional,
            help: ArgumentHelp("The font size in points, above 0 (default 17).", valueName: "PT"))
    var fontSize: Double = TextDumpConfiguration.defaultFontSize

    @Option(help: ArgumentHelp("The paragraph direction: auto (from the first strong character), ltr or rtl.",
                               valueName: "auto|ltr|rtl"))
    var direction: String = "auto"

    @Flag(help: "Print the glyphs as JSON.")
    var json = false

    @Argument(help: "The text to lay out.")
    var text: String

    func validate() throws {
        if text.isEmpty { throw CLIError("the text is empty") }
        guard width.isFinite, width > 0 else { throw CLIError("--width must be a number above 0 (got \(width))") }
        guard fontSize.isFinite, fontSize > 0, fontSize <= 1000 else {
            throw CLIError("--font-size must be a number above 0 and at most 1000 (got \(fontSize))")
        }
        guard ["auto", "ltr", "rtl"].contains(direction) else {
            throw CLIError("--direction must be auto, ltr or rtl (got \"\(direction)\")")
        }
    }

    var textConfiguration: TextDumpConfiguration {
        TextDumpConfiguration(text: text, width: width, fontSize: fontSize,
                              direction: direction == "ltr" ? .leftToRight : direction == "rtl" ? .rightToLeft : nil,
                              json: json)
    }
}
