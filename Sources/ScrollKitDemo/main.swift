// `scrollkit-demo`: the gallery of ScrollKit scenes, in a window or headless. The scenes and runs live in the
// ScrollKitGallery library, the command line (swift-argument-parser) beside this file; this is the entry point.
import ScrollKitGallery
import ScrollKitSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

AccessibilityBridge.applicationName = "scrollkit-demo"   // the accessible application's name (AT-SPI)
var status = DemoCLI.main(arguments: Array(CommandLine.arguments.dropFirst()))
// What went to standard output (`--stats`, `text`, `--help`, a trace to `-`) is checked to its last byte: a full
// disk or a closed pipe behind it is an error line and exit 2, not a silent loss.
if let reason = DemoCLI.standardOutputError() {
    CLIError.printLine("error: cannot write to standard output: \(reason)")
    if status == 0 { status = CLIError.exitStatus }
}
exit(status)
